import numpy
import pytest

import cupy
from cupy import testing
from tests.routine_helpers import device_only, layouts


class TestTake:

    @testing.for_all_dtypes()
    @pytest.mark.parametrize('indices', [2, [0, 2], [[1, 0], [2, 2]],
                                         [-1, -3], []])
    @pytest.mark.parametrize('axis', [None, 0, 1, -1])
    @testing.numpy_cupy_array_equal()
    def test_host_indices(self, xp, dtype, indices, axis):
        return [xp.take(a, indices, axis) for a in layouts(xp, (3, 4),
                                                            dtype)]

    @testing.for_all_dtypes()
    @pytest.mark.parametrize('axis', [None, 0, 1])
    @testing.numpy_cupy_array_equal()
    def test_device_indices(self, xp, dtype, axis):
        idx = xp.asarray([[2, 0], [1, -1]])
        return [xp.take(a, idx, axis) for a in layouts(xp, (3, 4), dtype)]

    @pytest.mark.parametrize('mode', ['wrap', 'clip'])
    @testing.numpy_cupy_array_equal()
    def test_modes_host(self, xp, mode):
        a = testing.shaped_arange((3, 4), xp)
        return (xp.take(a, [-5, 7, 1], 1, mode=mode),
                xp.take(a, 9, None, mode=mode))

    @testing.numpy_cupy_array_equal()
    def test_wrap_device(self, xp):
        a = testing.shaped_arange((3, 4), xp)
        return xp.take(a, xp.asarray([-5, 7, 1]), 1, mode='wrap')

    def test_default_wraps_device_indices(self):
        # CuPy's default (and 'raise' on the device) wraps
        a = testing.shaped_arange((4,), cupy)
        testing.assert_array_equal(cupy.take(a, cupy.asarray([5, -6])),
                                   [2, 3])

    def test_raise_host(self):
        for xp in (numpy, cupy):
            with pytest.raises(IndexError):
                xp.take(xp.ones(3), [3], mode='raise')
            with pytest.raises(IndexError):
                xp.take(xp.ones(0), [0], mode='raise')

    @testing.for_int_dtypes(no_bool=True)
    @pytest.mark.parametrize('axis', [None, 0, 1])
    @testing.numpy_cupy_array_equal()
    def test_clip_device(self, xp, dtype, axis):
        if numpy.dtype(dtype).kind == 'u':
            idx = xp.asarray([[200, 0], [1, 3]], dtype)
        else:
            idx = xp.asarray([[-5, 7], [1, -1]], dtype)
        return [xp.take(a, idx, axis, mode='clip')
                for a in layouts(xp, (3, 4), numpy.float32)]

    @testing.numpy_cupy_array_equal()
    def test_clip_device_0d_empty(self, xp):
        a = testing.shaped_arange((3, 4), xp)
        return (xp.take(a, xp.asarray(9), 1, mode='clip'),
                xp.take(a, xp.zeros((0,), numpy.int64), 0, mode='clip'),
                xp.take(a, xp.asarray([2 ** 63 + 5], numpy.uint64), None,
                        mode='clip'))

    def test_clip_device_only(self):
        a = testing.shaped_arange((3, 4), cupy)
        idx = cupy.asarray([-5, 7, 1])
        with device_only():
            cupy.take(a, idx, 1, mode='clip')

    @pytest.mark.parametrize('indices', [numpy.array([1.0]),
                                         numpy.array([1j])])
    def test_bad_indices(self, indices):
        for xp in (numpy, cupy):
            with pytest.raises(TypeError):
                xp.take(xp.ones(3), indices, mode='raise')
        with pytest.raises(TypeError):
            cupy.take(cupy.ones(3), cupy.asarray(indices))

    def test_bad_mode(self):
        for xp in (numpy, cupy):
            with pytest.raises(ValueError):
                xp.take(xp.ones(3), [1], mode='x')

    @testing.numpy_cupy_array_equal()
    def test_out(self, xp):
        out = xp.zeros(2, numpy.float32)
        xp.take(testing.shaped_arange((4,), xp, numpy.float32), [1, 3],
                out=out)
        return out

    def test_out_shape(self):
        for xp in (numpy, cupy):
            with pytest.raises(ValueError):
                xp.take(xp.ones(3), [1], out=xp.ones(2))

    @testing.numpy_cupy_array_equal()
    def test_0d_and_method(self, xp):
        a = xp.asarray(5.0)
        b = testing.shaped_arange((3, 4), xp)
        return xp.take(a, 0), xp.take(a, [0, 0]), b.take([2, 0], axis=1)

    def test_scalar_index_is_copy(self):
        a = cupy.zeros((2, 2))
        b = cupy.take(a, 0, axis=0)
        b[0] = 1
        assert float(a[0, 0]) == 0

    def test_device_only(self):
        a = cupy.ones((3, 4))
        idx = cupy.asarray([0, 2])
        with device_only():
            cupy.take(a, idx, axis=1)
            cupy.take(a, 1, axis=0)


class TestTakeAlongAxis:

    @testing.for_all_dtypes()
    @pytest.mark.parametrize('axis', [0, 1, -1, None])
    @testing.numpy_cupy_array_equal()
    def test_take_along_axis(self, xp, dtype, axis):
        a = testing.shaped_arange((3, 4), xp, dtype)
        if axis is None:
            idx = xp.asarray([11, 0, 5])
        else:
            h = numpy.array([[2, 0, 1, 1], [0, 0, 2, 1]])
            idx = xp.asarray(h if axis == 0 else h[:, :3].T[:, :2] % 4)
            if axis == 0:
                idx = idx[:, :4]
            else:
                idx = xp.asarray(numpy.array([[3, 0], [1, 1], [2, 3]]))
        return xp.take_along_axis(a, idx, axis=axis)

    @testing.numpy_cupy_array_equal()
    def test_broadcast_and_negative(self, xp):
        a = testing.shaped_arange((2, 3, 4), xp)
        idx = xp.asarray(numpy.array([[[-1], [0], [1]]]))
        return xp.take_along_axis(a, idx, axis=2)

    @pytest.mark.parametrize('idx,axis,error', [
        (numpy.array([[1.0]]), 1, IndexError),
        (numpy.array([1]), 1, ValueError),
        (numpy.array([[1]]), None, ValueError),
        (numpy.array([[1]]), 2, numpy.exceptions.AxisError)])
    def test_errors(self, idx, axis, error):
        for xp in (numpy, cupy):
            with pytest.raises(error):
                xp.take_along_axis(xp.ones((2, 3)), xp.asarray(idx), axis)

    def test_device_only(self):
        a = cupy.ones((3, 4))
        idx = cupy.zeros((3, 2), numpy.int64)
        with device_only():
            cupy.take_along_axis(a, idx, 1)


class TestChoose:

    @testing.for_all_dtypes()
    @testing.numpy_cupy_array_equal()
    def test_choose(self, xp, dtype):
        a = xp.asarray([[0, 1, 2], [2, 1, 0]])
        choices = [testing.shaped_arange((2, 3), xp, dtype),
                   testing.shaped_reverse_arange((2, 3), xp, dtype),
                   xp.zeros((3,), dtype)]
        return xp.choose(a, choices)

    @testing.numpy_cupy_array_equal()
    def test_choose_broadcast_and_mixed(self, xp):
        return xp.choose(xp.asarray([[0], [1]]),
                         [testing.shaped_arange((3,), xp, numpy.int32),
                          testing.shaped_arange((3,), xp, numpy.float32)])

    @pytest.mark.parametrize('mode', ['wrap', 'clip'])
    @testing.numpy_cupy_array_equal()
    def test_modes_host(self, xp, mode):
        return xp.choose([0, 3, -1], [xp.zeros(3), xp.ones(3)], mode=mode)

    @testing.for_int_dtypes(no_bool=True)
    @testing.numpy_cupy_array_equal(accept_error=TypeError)
    def test_clip_device(self, xp, dtype):
        a = xp.asarray([0, 3, 1, 2] if numpy.dtype(dtype).kind == 'u'
                       else [0, 3, -1, 1], dtype)
        choices = [xp.zeros(4), xp.ones(4), testing.shaped_arange((4,), xp)]
        with device_only():
            r = xp.choose(a, choices, mode='clip')
        return r

    def test_choose_array_choices(self):
        c = testing.shaped_arange((2, 3), cupy)
        testing.assert_array_equal(
            cupy.choose(cupy.asarray([1, 0, 1]), c),
            numpy.choose([1, 0, 1], testing.shaped_arange((2, 3), numpy)))

    def test_choose_errors(self):
        for xp in (numpy, cupy):
            with pytest.raises(ValueError):
                xp.choose([0, 2], [xp.zeros(2), xp.ones(2)])
            with pytest.raises(TypeError):
                xp.choose(xp.asarray([0.0]), [xp.zeros(1)])
            with pytest.raises(ValueError):
                xp.choose([0], [xp.zeros(1)], mode='x')


class TestCompressExtract:

    @testing.for_all_dtypes()
    @pytest.mark.parametrize('cond,axis', [
        ([1, 0, 1], 0), ([0, 1, 1, 0], 1), ([True, False], 0),
        ([1, 0, 0, 0, 0, 1], None), ([0, 2.5, 0], 0), ([], 1),
        ([1, 0, 1, 0, 0], 0)])
    @testing.numpy_cupy_array_equal()
    def test_compress(self, xp, dtype, cond, axis):
        return [xp.compress(xp.asarray(cond), a, axis)
                for a in layouts(xp, (3, 4), dtype)]

    @testing.numpy_cupy_array_equal()
    def test_compress_method_and_0d(self, xp):
        a = testing.shaped_arange((3, 4), xp)
        return (a.compress([True, False, True], axis=0),
                xp.compress([True], xp.asarray(3)))

    def test_compress_errors(self):
        for xp in (numpy, cupy):
            with pytest.raises(IndexError):
                xp.compress(xp.asarray([0, 0, 0, 1]), xp.ones(3))
            with pytest.raises(ValueError):
                xp.compress(xp.asarray([[1]]), xp.ones(3))

    @testing.for_all_dtypes()
    @testing.numpy_cupy_array_equal()
    def test_extract(self, xp, dtype):
        cond = xp.asarray([[1, 0, 1, 0], [0, 0, 1, 1], [1, 1, 1, 1]])
        return [xp.extract(cond, a) for a in layouts(xp, (3, 4), dtype)]

    def test_transfers(self):
        a = cupy.ones((3, 4))
        c = cupy.asarray([True, False, True])
        with device_only(d2h_allowed=8):
            cupy.compress(c, a, axis=0)


class TestDiagonal:

    @testing.for_all_dtypes()
    @pytest.mark.parametrize('args', [(), (1,), (-1,), (0, 0, 2),
                                      (1, 2, 0), (5,)])
    @testing.numpy_cupy_array_equal()
    def test_diagonal(self, xp, dtype, args):
        return [xp.diagonal(a, *args) for a in layouts(xp, (3, 4, 5),
                                                        dtype)]


class TestSelect:

    @testing.for_all_dtypes()
    @testing.numpy_cupy_array_equal()
    def test_select(self, xp, dtype):
        a = testing.shaped_arange((3, 4), xp, dtype)
        b = testing.shaped_reverse_arange((3, 4), xp, dtype)
        x = testing.shaped_arange((3, 4), xp, numpy.int64)
        return xp.select([x < 3, x > 8], [a, b])

    @pytest.mark.parametrize('default', [0, 1.5, -7, 2j, numpy.int8(3)])
    @testing.numpy_cupy_array_equal()
    def test_dtypes_and_default(self, xp, default):
        x = testing.shaped_arange((2, 3), xp, numpy.int64)
        c = [x % 2 == 0, x > 3]
        return (xp.select(c, [x.astype(numpy.int8), 5], default),
                xp.select(c, [x.astype(numpy.float32),
                              x.astype(numpy.uint8)], default))

    @testing.numpy_cupy_array_equal()
    def test_broadcast_layouts(self, xp):
        out = []
        for a in layouts(xp, (3, 4), numpy.float32):
            out.append(xp.select([a > 4, xp.asarray([True, False, True,
                                                      False])],
                                 [a, xp.asarray(-1.0)], default=a[0]))
        out.append(xp.select([xp.asarray(True)], [xp.asarray([1, 2])]))
        out.append(xp.select([xp.zeros((0, 2), bool)], [1]))
        return out

    @pytest.mark.parametrize('cond,choice,error', [
        ([], [], ValueError), ([True], [], ValueError),
        ([[1, 0]], [[1, 2]], TypeError),
    ])
    def test_errors(self, cond, choice, error):
        for xp in (numpy, cupy):
            with pytest.raises(error):
                xp.select([xp.asarray(c) for c in cond],
                          [xp.asarray(c) for c in choice])

    def test_device_only(self):
        x = testing.shaped_arange((3, 4), cupy)
        c1, c2 = x < 3, x > 8
        with device_only():
            cupy.select([c1, c2], [x, -x], 7)
