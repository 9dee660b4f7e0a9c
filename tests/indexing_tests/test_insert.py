import numpy
import pytest

import cupy
from cupy import testing
from tests.routine_helpers import device_only, layouts


class TestPut:

    @testing.for_all_dtypes()
    @pytest.mark.parametrize('ind,v', [
        ([0, 5, 11], [7, 8, 9]), ([1, 2, 3], 5), ([0, 3, 6, 9], [1, 2]),
        (4, [3, 4]), ([-1, -12], [1, 2]), ([], [1]), ([2], [])])
    @testing.numpy_cupy_array_equal()
    def test_put(self, xp, dtype, ind, v):
        out = []
        for a in layouts(xp, (3, 4), dtype, writable=True):
            xp.put(a, ind, xp.asarray(numpy.asarray(v).astype(dtype)),
                   mode='raise')
            out.append(a)
        return out

    @pytest.mark.parametrize('mode', ['wrap', 'clip'])
    @testing.numpy_cupy_array_equal()
    def test_modes(self, xp, mode):
        a = testing.shaped_arange((3, 4), xp)
        xp.put(a, [-20, 15, 2], [7, 8, 9], mode=mode)
        return a

    @testing.numpy_cupy_array_equal()
    def test_clip_device_indices(self, xp):
        a = testing.shaped_arange((3, 4), xp)
        idx = xp.asarray([-20, 15, 2])
        v = xp.asarray([7, 8, 9])
        with device_only():
            xp.put(a, idx, v, mode='clip')
        return a

    @testing.numpy_cupy_array_equal()
    def test_device_indices(self, xp):
        a = testing.shaped_arange((3, 4), xp)[:, ::-1]
        xp.put(a, xp.asarray([[0, 5], [11, 2]]), xp.asarray([7.0, 8.0]),
               mode='wrap')
        return a

    @testing.numpy_cupy_array_equal()
    def test_host_values_cast(self, xp):
        a = testing.shaped_arange((4,), xp, numpy.int32)
        xp.put(a, [0, 1], [1.7, -2.5])
        return a

    def test_errors(self):
        for xp in (numpy, cupy):
            with pytest.raises(IndexError):
                xp.put(xp.ones(3), [3], 1, mode='raise')
            with pytest.raises(IndexError):
                xp.put(xp.ones(0), [0], 1, mode='raise')
            with pytest.raises(ValueError):
                xp.put(xp.ones(3), [0], 1, mode='x')
        with pytest.raises(TypeError):
            cupy.put(numpy.ones(3), [0], 1)

    def test_device_only(self):
        a = cupy.ones((3, 4))
        idx = cupy.asarray([0, 5])
        v = cupy.zeros(2)
        with device_only():
            cupy.put(a, idx, v)
            cupy.put(a.T, idx, v)


class TestPutmaskPlace:

    @testing.for_all_dtypes()
    @pytest.mark.parametrize('values', [[7, 8, 9], 5, [1, 2, 3, 4, 5, 6, 7,
                                                        8, 9, 10, 11, 12, 13],
                                        []])
    @testing.numpy_cupy_array_equal()
    def test_putmask(self, xp, dtype, values):
        mask = xp.asarray(numpy.arange(12).reshape(3, 4) % 3 == 0)
        out = []
        for a in layouts(xp, (3, 4), dtype, writable=True):
            xp.putmask(a, mask, xp.asarray(
                numpy.asarray(values).astype(dtype)))
            out.append(a)
        return out

    @testing.numpy_cupy_array_equal()
    def test_putmask_nonbool_mask(self, xp):
        a = testing.shaped_arange((4,), xp)
        xp.putmask(a, xp.asarray([1, 0, 2, 0]), xp.asarray([9.0], 'f'))
        return a

    @pytest.mark.parametrize('func', ['putmask', 'place'])
    @pytest.mark.parametrize('dtype,values', [
        (numpy.float32, numpy.array([1.5])), (numpy.float32, 1.5),
        (numpy.int64, [1.5]), (numpy.uint8, 300),
        (numpy.uint8, numpy.array([-1])), (numpy.int8, numpy.int16([1]))])
    def test_casting(self, func, dtype, values):
        results = []
        for xp in (numpy, cupy):
            a = xp.zeros(3, dtype)
            v = xp.asarray(values) if isinstance(values, numpy.ndarray) \
                else values
            try:
                getattr(xp, func)(a, xp.asarray([True, False, True]), v)
                results.append(cupy.asnumpy(a))
            except Exception as e:
                results.append(type(e))
        if isinstance(results[0], type):
            assert results[1] is results[0]
        else:
            testing.assert_array_equal(results[1], results[0])

    def test_putmask_errors(self):
        for xp in (numpy, cupy):
            with pytest.raises(ValueError):
                xp.putmask(xp.ones(3), xp.asarray([True]), 1)

    @testing.for_all_dtypes()
    @pytest.mark.parametrize('vals', [[7, 8], 5, [1, 2, 3, 4, 5, 6]])
    @testing.numpy_cupy_array_equal()
    def test_place(self, xp, dtype, vals):
        mask = xp.asarray(numpy.arange(12).reshape(3, 4) % 3 == 1)
        out = []
        for a in layouts(xp, (3, 4), dtype, writable=True):
            xp.place(a, mask, xp.asarray(numpy.asarray(vals).astype(dtype)))
            out.append(a)
        return out

    @testing.numpy_cupy_array_equal()
    def test_place_no_true(self, xp):
        a = xp.ones(3)
        xp.place(a, xp.zeros(3, bool), xp.asarray([]))
        return a

    def test_place_errors(self):
        for xp in (numpy, cupy):
            with pytest.raises(ValueError):
                xp.place(xp.ones(3), xp.ones(2, bool), xp.asarray([1.0]))
            with pytest.raises(ValueError):
                xp.place(xp.ones(3), xp.ones(3, bool), xp.asarray([]))


class TestPutAlongAxis:

    @testing.for_all_dtypes()
    @pytest.mark.parametrize('axis', [0, 1, None])
    @testing.numpy_cupy_array_equal()
    def test_put_along_axis(self, xp, dtype, axis):
        a = testing.shaped_arange((3, 4), xp, dtype)
        if axis == 0:
            idx = xp.asarray([[2, 0, 1, 1]])
        elif axis == 1:
            idx = xp.asarray([[3], [0], [1]])
        else:
            idx = xp.asarray([11, 0, 5])
        xp.put_along_axis(a, idx, xp.zeros((), dtype), axis)
        return a

    @testing.numpy_cupy_array_equal(accept_error=ValueError)
    def test_non_contiguous(self, xp):
        a = testing.shaped_arange((3, 4), xp).T
        xp.put_along_axis(a, xp.asarray([0, 5]), xp.asarray([7.0, 8.0]),
                          None)
        return a


class TestFillDiagonal:

    @testing.for_all_dtypes()
    @pytest.mark.parametrize('shape', [(3, 3), (3, 5), (5, 3), (8, 2),
                                       (3, 3, 3), (0, 2), (1, 1)])
    @pytest.mark.parametrize('wrap', [False, True])
    @pytest.mark.parametrize('val', [7, [1, 2], [1, 2, 3, 4, 5, 6, 7]])
    @testing.numpy_cupy_array_equal()
    def test_fill_diagonal(self, xp, dtype, shape, wrap, val):
        out = []
        for a in layouts(xp, shape, dtype, writable=True):
            xp.fill_diagonal(a, xp.asarray(numpy.asarray(val).astype(dtype))
                             if numpy.ndim(val) else val, wrap)
            out.append(a)
        return out

    def test_errors(self):
        for xp in (numpy, cupy):
            with pytest.raises(ValueError):
                xp.fill_diagonal(xp.ones(3), 1)
            with pytest.raises(ValueError):
                xp.fill_diagonal(xp.ones((2, 2, 3)), 1)

    def test_device_only(self):
        a = cupy.ones((5, 3))
        with device_only():
            cupy.fill_diagonal(a, 2, wrap=True)
