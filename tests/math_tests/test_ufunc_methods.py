"""ufunc.reduce, accumulate, reduceat, outer and at, compared with NumPy,
on the backend's provider and on a device-like reference table."""

import numpy
import pytest

import cupy
from cupy import testing

_TOL = {numpy.float16: 1e-2, numpy.float32: 1e-5, numpy.complex64: 1e-5,
        'default': 1e-12}


pytestmark = pytest.mark.usefixtures('provider_routes')


def _a(xp, shape, dtype):
    a = testing.shaped_arange(shape, xp, dtype)
    if numpy.dtype(dtype).kind in 'iu':
        a = a % 5 + 1
    elif numpy.dtype(dtype).kind in 'fc':
        a = a / 7 + 0.5
    return a


_REORDERABLE = ['add', 'multiply', 'maximum', 'minimum', 'fmax', 'fmin',
                'logical_and', 'logical_or', 'logical_xor', 'bitwise_and',
                'bitwise_or', 'bitwise_xor', 'gcd', 'lcm', 'hypot',
                'logaddexp']
# (NumPy 2.4's float power.reduce and arctan2.reduce are wrong for
# contiguous input: numpy.power.reduce([2., 3., 2.]) is 4.0; see
# test_in_order_against_sequential)
_IN_ORDER = ['subtract', 'divide', 'floor_divide', 'remainder',
             'left_shift']


class TestReduce:

    @pytest.mark.parametrize('name', _REORDERABLE + _IN_ORDER)
    @pytest.mark.parametrize('axis', [0, 1, None, (0, 2), -1])
    @testing.for_all_dtypes()
    @testing.numpy_cupy_allclose(rtol=_TOL, atol=1e-6,
                                 accept_error=(TypeError, ValueError))
    def test_axes(self, xp, name, axis, dtype):
        a = _a(xp, (3, 4, 5), dtype)
        with numpy.errstate(all='ignore'):
            return getattr(xp, name).reduce(a, axis=axis)

    @pytest.mark.parametrize('name', ['add', 'maximum', 'bitwise_or',
                                      'subtract', 'logical_and'])
    @testing.for_all_dtypes()
    @testing.numpy_cupy_allclose(rtol=_TOL, accept_error=(TypeError,
                                                          ValueError))
    def test_keepdims_initial(self, xp, name, dtype):
        a = _a(xp, (3, 4), dtype)
        f = getattr(xp, name).reduce
        return (f(a, axis=1, keepdims=True), f(a, axis=0, initial=2),
                f(a, axis=None, keepdims=True, initial=1))

    @pytest.mark.parametrize('name', ['add', 'multiply', 'maximum',
                                      'minimum', 'bitwise_xor', 'hypot'])
    @testing.numpy_cupy_allclose(rtol=1e-6)
    def test_where(self, xp, name):
        a = _a(xp, (3, 4), numpy.float64 if name == 'hypot' else
               numpy.int32)
        mask = xp.asarray(numpy.array([True, False, True, True]))
        return getattr(xp, name).reduce(a, axis=1, where=mask, initial=3)

    @pytest.mark.parametrize('name', ['power', 'arctan2', 'subtract'])
    @testing.for_float_dtypes()
    def test_in_order_against_sequential(self, name, dtype):
        a = _a(numpy, (3, 4), dtype)
        f = getattr(numpy, name)
        expected = a[:, 0]
        for k in range(1, 4):
            expected = f(expected, a[:, k])
        r = getattr(cupy, name).reduce(cupy.asarray(a), axis=1)
        testing.assert_allclose(r, expected, rtol=_TOL[numpy.dtype(
            dtype).type] if numpy.dtype(dtype).type in _TOL else 1e-12)

    @pytest.mark.parametrize('name', ['subtract', 'divide'])
    @testing.numpy_cupy_allclose()
    def test_in_order_where(self, xp, name):
        a = _a(xp, (3, 4), numpy.float64)
        mask = xp.asarray(numpy.array([True, False, True, True]))
        return getattr(xp, name).reduce(a, axis=1, where=mask, initial=3)

    @pytest.mark.parametrize('name', ['add', 'maximum', 'bitwise_and',
                                      'subtract', 'logical_or'])
    @pytest.mark.parametrize('shape,axis', [((0,), 0), ((2, 0), 1),
                                            ((2, 0), 0), ((0, 3), None)])
    @testing.numpy_cupy_allclose(accept_error=ValueError)
    def test_empty(self, xp, name, shape, axis):
        return getattr(xp, name).reduce(xp.zeros(shape, numpy.int16),
                                        axis=axis)

    @testing.numpy_cupy_allclose()
    def test_dtype_and_out(self, xp):
        a = _a(xp, (3, 4), numpy.int8) * 40
        out = xp.zeros(4, numpy.float32)
        xp.add.reduce(a, axis=0, out=out)
        return (out, xp.add.reduce(a, axis=1, dtype=numpy.int8),
                xp.add.reduce(a, axis=1, out=xp.zeros(3, numpy.int16)),
                xp.subtract.reduce(a, axis=1, dtype=numpy.float32))

    @pytest.mark.parametrize('args,kwargs', [
        ((), {'axis': (0, 1)}),            # subtract is not reorderable
        ((), {'axis': 3}),
        ((), {'axis': (0, 0)}),
    ])
    def test_errors(self, args, kwargs):
        for xp in (numpy, cupy):
            with pytest.raises((ValueError, numpy.exceptions.AxisError)) as e:
                xp.subtract.reduce(xp.ones((2, 3)), *args, **kwargs)
            if xp is numpy:
                expected = (type(e.value), str(e.value))
        assert (type(e.value), str(e.value)) == expected

    def test_not_binary(self):
        for xp in (numpy, cupy):
            with pytest.raises(ValueError):
                xp.sin.reduce(xp.ones(3))
            with pytest.raises(ValueError):
                xp.divmod.reduce(xp.ones(3))

    def test_where_needs_identity(self):
        for xp in (numpy, cupy):
            with pytest.raises(ValueError):
                xp.maximum.reduce(xp.ones((2, 3)), axis=1,
                                  where=xp.asarray([True, False, True]))

    @testing.numpy_cupy_allclose(rtol=1e-6)
    def test_large(self, xp):
        a = _a(xp, (3, 1000), numpy.float64)
        return (xp.add.reduce(a, axis=1), xp.bitwise_xor.reduce(
            (a * 7).astype(numpy.int64), axis=1), xp.hypot.reduce(a, axis=1))

    # NumPy lays the result out like the input; here it is C-contiguous
    @testing.numpy_cupy_allclose(contiguous_check=False)
    def test_noncontiguous(self, xp):
        a = _a(xp, (4, 6, 5), numpy.float32)[::2, ::-1].transpose(2, 0, 1)
        return xp.maximum.reduce(a, axis=(0, 2)), xp.subtract.reduce(a, 2)

    @testing.numpy_cupy_allclose()
    def test_nan(self, xp):
        a = xp.asarray(numpy.array([[1.0, numpy.nan, 3.0],
                                    [numpy.nan, numpy.nan, 0.5]]))
        return (xp.maximum.reduce(a, axis=1), xp.fmax.reduce(a, axis=1),
                xp.minimum.reduce(a, axis=0), xp.fmin.reduce(a, axis=0))


class TestAccumulate:

    @pytest.mark.parametrize('name', ['add', 'multiply', 'maximum',
                                      'minimum', 'bitwise_or', 'logical_and',
                                      'subtract', 'divide', 'fmax'])
    @pytest.mark.parametrize('axis', [0, 1, -1])
    @testing.for_all_dtypes()
    @testing.numpy_cupy_allclose(rtol=_TOL, atol=1e-6,
                                 accept_error=(TypeError, ValueError))
    def test_accumulate(self, xp, name, axis, dtype):
        a = _a(xp, (3, 5), dtype)
        with numpy.errstate(all='ignore'):
            return getattr(xp, name).accumulate(a, axis=axis)

    @testing.numpy_cupy_allclose()
    def test_dtype_and_out(self, xp):
        a = _a(xp, (9,), numpy.int8) * 30
        out = xp.zeros(9, numpy.float32)
        xp.add.accumulate(a, out=out)
        return (out, xp.add.accumulate(a, dtype=numpy.int8),
                xp.maximum.accumulate(a, dtype=numpy.float64))

    @testing.numpy_cupy_allclose()
    def test_long(self, xp):
        a = _a(xp, (2, 37), numpy.int64)
        return xp.maximum.accumulate(a * 7 % 11, axis=1), \
            xp.bitwise_xor.accumulate(a, axis=1)

    def test_errors(self):
        for xp in (numpy, cupy):
            with pytest.raises(ValueError):
                xp.add.accumulate(xp.ones((2, 3)), axis=None)
            with pytest.raises(ValueError):
                xp.sin.accumulate(xp.ones(3))


class TestOuterAtReduceat:

    @testing.for_all_dtypes_combination(names=('dtype_a', 'dtype_b'))
    @testing.numpy_cupy_allclose(rtol=_TOL, accept_error=TypeError)
    def test_outer(self, xp, dtype_a, dtype_b):
        return (xp.add.outer(_a(xp, (2, 3), dtype_a), _a(xp, (4,), dtype_b)),
                xp.maximum.outer(_a(xp, (3,), dtype_a), 2))

    @testing.numpy_cupy_allclose()
    def test_outer_out(self, xp):
        out = xp.zeros((3, 4))
        xp.multiply.outer(_a(xp, (3,), 'f'), _a(xp, (4,), 'f'), out=out)
        return out

    def test_outer_unary(self):
        for xp in (numpy, cupy):
            with pytest.raises(ValueError):
                xp.sin.outer(xp.ones(2), xp.ones(2))

    @pytest.mark.parametrize('indices', [[0, 2], slice(1, 4), 3,
                                         [0, 0, 2, 0], [[1, 1], [2, 3]]])
    @testing.numpy_cupy_allclose()
    def test_at(self, xp, indices):
        a = xp.arange(6, dtype=numpy.float64)
        xp.add.at(a, indices, 10)
        b = xp.arange(6, dtype=numpy.int32)
        xp.negative.at(b, indices)
        c = xp.arange(6, dtype=numpy.float32)
        xp.maximum.at(c, indices, xp.asarray(numpy.float32(4)))
        return a, b, c

    def test_at_device_indices_repeated(self, fallback):
        a = cupy.zeros(3)
        cupy.add.at(a, cupy.asarray([0, 0, 1]), 1)
        testing.assert_array_equal(a, [2, 1, 0])

    @pytest.mark.parametrize('dtype', ['i1', 'u4', 'i8', 'f4', 'f8', 'F'])
    @pytest.mark.parametrize('indices', [[0, 0, 3, 3, 3], ([1, 1, 0], 1),
                                         'device'])
    def test_add_at_repeated_on_device(self, fallback, dtype, indices):
        # the contract's put_add_nd (numpy.add.at), no host copy
        want = numpy.arange(10, dtype=dtype).reshape(5, 2)
        if indices == 'device':
            indices, dev = [4, 1, 4], cupy.asarray([4, 1, 4])
        else:
            dev = indices
        if isinstance(indices, tuple):      # one element per index
            b = numpy.arange(1, 4, dtype=dtype)
        else:                               # one row per index
            n = len(indices)
            b = numpy.arange(1, 2 * n + 1, dtype=dtype).reshape(n, 2)
        a = cupy.asarray(want)
        numpy.add.at(want, indices, b)
        cupy.add.at(a, dev, cupy.asarray(b))
        testing.assert_array_equal(a, want)
        assert not fallback.fallback_counts()

    @testing.numpy_cupy_allclose()
    def test_reduceat(self, xp):
        a = _a(xp, (8,), numpy.float64)
        return xp.add.reduceat(a, [0, 4, 1, 5])
