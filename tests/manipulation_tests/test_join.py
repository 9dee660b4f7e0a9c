import warnings

import numpy
import pytest

import cupy
from cupy import testing
from tests.routine_helpers import device_only, layouts


class TestConcatenate:

    @testing.for_all_dtypes()
    @pytest.mark.parametrize('axis', [0, 1, 2, -1, None])
    @testing.numpy_cupy_array_equal()
    def test_layouts(self, xp, dtype, axis):
        arrays = layouts(xp, (2, 3, 4), dtype)
        return xp.concatenate(arrays, axis=axis)

    @testing.numpy_cupy_array_equal()
    def test_different_lengths(self, xp):
        a = testing.shaped_arange((2, 3), xp)
        b = testing.shaped_arange((2, 1), xp)
        c = testing.shaped_arange((2, 0), xp)
        return xp.concatenate([a, b, c, a], axis=1)

    @testing.for_all_dtypes_combination(names=('d1', 'd2'))
    @testing.numpy_cupy_array_equal()
    def test_mixed_dtypes(self, xp, d1, d2):
        return xp.concatenate([testing.shaped_arange((2, 2), xp, d1),
                               testing.shaped_arange((1, 2), xp, d2)])

    @pytest.mark.parametrize('dtype,casting', [
        (numpy.float32, 'same_kind'), (numpy.int8, 'unsafe'),
        (numpy.complex64, 'same_kind'), (numpy.float16, 'same_kind')])
    @testing.numpy_cupy_array_equal()
    def test_dtype_argument(self, xp, dtype, casting):
        a = testing.shaped_arange((2, 2), xp, numpy.float64)
        b = testing.shaped_arange((2, 2), xp, numpy.int32)
        return xp.concatenate([a, b], dtype=dtype, casting=casting)

    @testing.numpy_cupy_array_equal()
    def test_out(self, xp):
        a = testing.shaped_arange((2, 2), xp, numpy.int64)
        out = xp.zeros((4, 2), numpy.float32)
        r = xp.concatenate([a, a], out=out)
        assert r is out
        return out

    @testing.numpy_cupy_array_equal()
    def test_axis_none_scalars(self, xp):
        return xp.concatenate([xp.asarray(1), testing.shaped_arange(
            (2, 2), xp)], axis=None)

    @testing.numpy_cupy_array_equal()
    def test_lists(self, xp):
        return xp.concatenate(([1, 2], [3.5]))

    @testing.numpy_cupy_array_equal()
    def test_fortran_result(self, xp):
        a = testing.shaped_arange((2, 3), xp, order='F')
        r = xp.concatenate([a, a], axis=1)
        assert r.flags.f_contiguous
        return r

    @pytest.mark.parametrize('args,kw,error', [
        (([],), {}, ValueError),
        (([numpy.ones(()), numpy.ones(())],), {}, ValueError),
        (([numpy.ones((2, 2)), numpy.ones(2)],), {}, ValueError),
        (([numpy.ones((2, 2)), numpy.ones((3, 3))],), {}, ValueError),
        (([numpy.ones((2, 2))] * 2,), {'axis': 2},
         numpy.exceptions.AxisError),
        (([numpy.ones((2, 2))] * 2,), {'axis': 1.0}, TypeError),
        (([numpy.ones((2, 2))] * 2,), {'dtype': numpy.int8}, TypeError),
        (([numpy.ones((2, 2))] * 2,), {'casting': 'bad'}, ValueError),
        (([numpy.ones(2)] * 2,), {'out': numpy.ones(3)}, ValueError),
        (([numpy.ones(2)] * 2,), {'out': numpy.ones(4), 'dtype': float},
         TypeError),
        ((numpy.ones(2) for _ in range(2)), {}, TypeError),
    ])
    def test_errors(self, args, kw, error):
        def conv(x, xp):
            if isinstance(x, numpy.ndarray):
                return xp.asarray(x)
            if isinstance(x, list):
                return [conv(y, xp) for y in x]
            return x
        for xp in (numpy, cupy):
            a = [conv(x, xp) for x in args] if isinstance(args, tuple) \
                else args
            k = {key: conv(v, xp) for key, v in kw.items()}
            with pytest.raises(error):
                xp.concatenate(*a, **k)

    def test_device_only(self):
        a = cupy.ones((2, 3))
        b = cupy.zeros((2, 3), numpy.int8)
        with device_only():
            cupy.concatenate([a, b.T.T, a[:, ::-1]], axis=1)
            cupy.concatenate([a, b], axis=None)


class TestStack:

    @testing.for_all_dtypes()
    @pytest.mark.parametrize('axis', [0, 1, 2, -1, -3])
    @testing.numpy_cupy_array_equal()
    def test_stack(self, xp, dtype, axis):
        return xp.stack(layouts(xp, (2, 3), dtype), axis=axis)

    @testing.numpy_cupy_array_equal()
    def test_stack_scalars_and_dtype(self, xp):
        return (xp.stack([xp.asarray(1), xp.asarray(2)]),
                xp.stack([xp.ones(2), xp.zeros(2)], dtype=numpy.int32,
                         casting='unsafe'))

    @testing.numpy_cupy_array_equal()
    def test_stack_out(self, xp):
        out = xp.zeros((2, 2), numpy.float32)
        xp.stack([xp.ones(2), xp.zeros(2)], axis=1, out=out)
        return out

    @pytest.mark.parametrize('arrays,kw,error', [
        ([], {}, ValueError), ([(2,), (3,)], {}, ValueError),
        ([(2,), (2,)], {'axis': 2}, numpy.exceptions.AxisError)])
    def test_stack_errors(self, arrays, kw, error):
        for xp in (numpy, cupy):
            with pytest.raises(error):
                xp.stack([xp.ones(s) for s in arrays], **kw)

    @pytest.mark.parametrize('func', ['hstack', 'vstack', 'dstack',
                                      'column_stack'])
    @pytest.mark.parametrize('shapes', [
        [(), ()], [(3,), (3,)], [(2, 3), (2, 3)], [(2, 3, 4), (2, 3, 4)],
        [(3,), (3,), (3,)]])
    @testing.numpy_cupy_array_equal()
    def test_stackers(self, xp, func, shapes):
        makers = (testing.shaped_arange, testing.shaped_reverse_arange)
        arrays = [makers[i % 2](s, xp) for i, s in enumerate(shapes)]
        return getattr(xp, func)(arrays)

    @testing.numpy_cupy_array_equal()
    def test_hstack_vstack_dtype(self, xp):
        a = testing.shaped_arange((2, 2), xp)
        return (xp.hstack([a, a], dtype=numpy.int8, casting='unsafe'),
                xp.vstack((a, a), dtype=numpy.float64))

    @testing.numpy_cupy_array_equal()
    def test_column_stack_mixed(self, xp):
        return xp.column_stack([testing.shaped_arange((3,), xp),
                                testing.shaped_arange((3, 2), xp)])

    @pytest.mark.skipif(not hasattr(numpy, 'row_stack'),
                        reason='NumPy 2.5 removed row_stack')
    def test_row_stack(self):
        with warnings.catch_warnings():
            warnings.simplefilter('ignore', DeprecationWarning)
            expected = numpy.row_stack([numpy.ones(2), numpy.zeros(2)])
        with pytest.warns(DeprecationWarning):
            r = cupy.row_stack([cupy.ones(2), cupy.zeros(2)])
        testing.assert_array_equal(r, expected)

    @pytest.mark.parametrize('func', ['hstack', 'vstack', 'dstack',
                                      'column_stack', 'stack'])
    def test_generator_rejected(self, func):
        for xp in (numpy, cupy):
            with pytest.raises(TypeError):
                getattr(xp, func)(xp.ones(2) for _ in range(2))

    def test_device_only(self):
        a = cupy.ones(3)
        with device_only():
            cupy.stack([a, a])
            cupy.hstack([a, a])
            cupy.vstack([a, a])
            cupy.dstack([a, a])
            cupy.column_stack([a, a])
