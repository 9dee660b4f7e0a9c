import numpy
import pytest

import cupy
from cupy import testing
from tests.routine_helpers import device_only


class TestAtLeast:

    @pytest.mark.parametrize('func', ['atleast_1d', 'atleast_2d',
                                      'atleast_3d'])
    @testing.numpy_cupy_array_equal()
    def test_atleast(self, xp, func):
        f = getattr(xp, func)
        args = [xp.asarray(1.0), testing.shaped_arange((2,), xp),
                testing.shaped_arange((2, 3), xp),
                testing.shaped_arange((2, 3, 4), xp),
                testing.shaped_arange((1, 2, 3, 4), xp)]
        return f(*args) + (f(args[0]), f(args[1]))

    @pytest.mark.parametrize('func', ['atleast_1d', 'atleast_2d',
                                      'atleast_3d'])
    def test_no_args(self, func):
        assert getattr(cupy, func)() == getattr(numpy, func)()

    def test_single_returns_array(self):
        assert isinstance(cupy.atleast_2d(cupy.ones(3)), cupy.ndarray)


class TestBroadcast:

    @testing.for_all_dtypes()
    @pytest.mark.parametrize('shape,to', [
        ((3,), (2, 3)), ((1,), (4,)), ((), (2, 2)), ((2, 1), (2, 3)),
        ((1, 3), (0, 3)), ((3,), 3)])
    @testing.numpy_cupy_array_equal(strides_check=True)
    def test_broadcast_to(self, xp, dtype, shape, to):
        return xp.broadcast_to(testing.shaped_arange(shape, xp, dtype), to)

    @pytest.mark.parametrize('shape,to', [
        ((3,), (4,)), ((2, 3), (3,)), ((2,), ()), ((3,), (-1, 3))])
    def test_broadcast_to_errors(self, shape, to):
        for xp in (numpy, cupy):
            with pytest.raises(ValueError):
                xp.broadcast_to(xp.ones(shape), to)

    @testing.numpy_cupy_array_equal(strides_check=True)
    def test_broadcast_arrays(self, xp):
        a = testing.shaped_arange((2, 1, 3), xp)
        b = testing.shaped_arange((4, 1), xp, numpy.int8)
        c = xp.asarray(3)
        out = xp.broadcast_arrays(a, b, c)
        assert isinstance(out, tuple)
        return out

    def test_broadcast_arrays_error(self):
        for xp in (numpy, cupy):
            with pytest.raises(ValueError):
                xp.broadcast_arrays(xp.ones(2), xp.ones(3))

    def test_broadcast_shapes(self):
        assert cupy.broadcast_shapes((2, 1), (3,), ()) == (2, 3)
        with pytest.raises(ValueError):
            cupy.broadcast_shapes((2,), (3,))

    def test_broadcast_class(self):
        a = cupy.ones((2, 1))
        b = cupy.ones((3,))
        b_ = numpy.broadcast(numpy.ones((2, 1)), numpy.ones((3,)))
        bc = cupy.broadcast(a, b)
        assert bc.shape == b_.shape
        assert bc.size == b_.size
        assert bc.nd == b_.nd and bc.ndim == b_.ndim
        assert bc.numiter == b_.numiter
        assert [v.shape for v in bc.values] == [(2, 3), (2, 3)]
        with pytest.raises(ValueError):
            cupy.broadcast(cupy.ones(2), cupy.ones(3))

    def test_device_only(self):
        a = cupy.ones(3)
        with device_only():
            cupy.broadcast_to(a, (4, 3))
            cupy.broadcast_arrays(a, cupy.ones((2, 1)))


class TestExpandSqueeze:

    @pytest.mark.parametrize('axis', [0, 1, 2, -1, -3, (0, 1), (0, -1),
                                      (3, 0, 2)])
    @testing.numpy_cupy_array_equal()
    def test_expand_dims(self, xp, axis):
        a = testing.shaped_arange((2, 3), xp)
        return [xp.expand_dims(a, axis), xp.expand_dims(a.T, axis),
                xp.expand_dims(a[:, ::-1], axis)]

    @pytest.mark.parametrize('axis,error', [
        (3, numpy.exceptions.AxisError), (-4, numpy.exceptions.AxisError),
        ((0, 0), ValueError), ((0, 4), numpy.exceptions.AxisError)])
    def test_expand_dims_errors(self, axis, error):
        for xp in (numpy, cupy):
            with pytest.raises(error):
                xp.expand_dims(xp.ones((2, 3)), axis)

    def test_expand_dims_view(self):
        a = cupy.zeros(3)
        cupy.expand_dims(a, 0)[0, 1] = 1
        testing.assert_array_equal(a, [0, 1, 0])

    @pytest.mark.parametrize('axis', [None, 0, -1, (0, 2), (2, 0, 4)])
    @testing.numpy_cupy_array_equal()
    def test_squeeze(self, xp, axis):
        return xp.squeeze(testing.shaped_arange((1, 2, 1, 3, 1), xp), axis)

    @pytest.mark.parametrize('axis,error', [
        (1, ValueError), (5, numpy.exceptions.AxisError)])
    def test_squeeze_errors(self, axis, error):
        for xp in (numpy, cupy):
            with pytest.raises(error):
                xp.squeeze(xp.ones((1, 2, 1, 3, 1)), axis)

    @testing.numpy_cupy_array_equal()
    def test_squeeze_0d(self, xp):
        return xp.squeeze(xp.asarray(3)), xp.squeeze(xp.ones((1, 1)))
