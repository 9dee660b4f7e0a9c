import numpy
import pytest

import cupy
from cupy import testing
from tests.routine_helpers import device_only, layouts


def _sparse(xp, shape, dtype):
    """An array with zeros and nonzeros in a fixed pattern."""
    h = numpy.arange(int(numpy.prod(shape))).reshape(shape) % 3 == 1
    return xp.asarray(h.astype(dtype))


class TestNonzero:

    @testing.for_all_dtypes()
    @pytest.mark.parametrize('shape', [(7,), (2, 3), (2, 3, 4), (0,),
                                       (2, 0, 3), (1, 1, 1, 1, 5)])
    @testing.numpy_cupy_array_equal()
    def test_nonzero(self, xp, dtype, shape):
        return xp.nonzero(_sparse(xp, shape, dtype))

    @testing.for_all_dtypes()
    @testing.numpy_cupy_array_equal()
    def test_layouts(self, xp, dtype):
        return [x for a in layouts(xp, (3, 4), dtype) for x in xp.nonzero(a)]

    @testing.numpy_cupy_array_equal()
    def test_special_values(self, xp):
        h = numpy.array([0.0, -0.0, 1e-300, numpy.inf, -1, 0j.real])
        c = numpy.array([0j, 1j, 1 + 0j, -0j])
        return xp.nonzero(xp.asarray(h)) + xp.nonzero(xp.asarray(c))

    @testing.numpy_cupy_array_equal()
    def test_all_and_none(self, xp):
        return xp.nonzero(xp.ones((2, 3))) + xp.nonzero(xp.zeros((2, 3)))

    def test_0d(self):
        for xp in (numpy, cupy):
            with pytest.raises(ValueError):
                xp.nonzero(xp.asarray(1))

    def test_method_and_dtype(self):
        r = cupy.arange(4).nonzero()
        assert isinstance(r, tuple) and r[0].dtype == numpy.int64

    def test_transfers(self):
        a = _sparse(cupy, (30, 40), numpy.float32)
        with device_only(d2h_allowed=8):
            cupy.nonzero(a)

    @testing.for_all_dtypes()
    @testing.numpy_cupy_array_equal()
    def test_flatnonzero(self, xp, dtype):
        return [xp.flatnonzero(a) for a in layouts(xp, (3, 4), dtype)] + [
            xp.flatnonzero(xp.asarray(3, dtype=dtype))]

    @testing.for_all_dtypes()
    @pytest.mark.parametrize('shape', [(), (7,), (2, 3), (2, 3, 4), (0, 2)])
    @testing.numpy_cupy_array_equal()
    def test_argwhere(self, xp, dtype, shape):
        return xp.argwhere(_sparse(xp, shape, dtype)), xp.argwhere(
            xp.ones(shape, dtype))

    @testing.numpy_cupy_array_equal()
    def test_where_one_arg(self, xp):
        return xp.where(_sparse(xp, (3, 4), numpy.int32))

    def test_where_errors(self):
        for xp in (numpy, cupy):
            with pytest.raises(ValueError):
                xp.where(xp.ones(2), xp.ones(2))
        got = cupy.where(cupy.asarray([True, False]), cupy.ones(2),
                         cupy.zeros(2))
        assert got.get().tolist() == [1.0, 0.0]
