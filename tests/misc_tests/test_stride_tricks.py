import numpy
import pytest

import cupy
from cupy import testing


class TestAsStrided:

    @testing.for_all_dtypes()
    @testing.numpy_cupy_array_equal()
    def test_as_strided(self, xp, dtype):
        a = testing.shaped_arange((20,), xp, dtype)
        s = a.itemsize
        v = xp.lib.stride_tricks.as_strided(a, (5, 4), (3 * s, s))
        return v + xp.lib.stride_tricks.as_strided(a[2:], (5, 4), (s, 0))

    def test_shares_memory(self):
        a = cupy.arange(10)
        v = cupy.lib.stride_tricks.as_strided(a, (2, 2), (16, 8))
        v[1, 1] = 100
        assert int(a[3]) == 100

    def test_defaults_and_errors(self):
        a = cupy.arange(6).reshape(2, 3)
        v = cupy.lib.stride_tricks.as_strided(a)
        assert v.shape == a.shape and v.strides == a.strides
        with pytest.raises(ValueError):
            cupy.lib.stride_tricks.as_strided(a, (2,), (8, 8))
        with pytest.raises(TypeError):
            cupy.lib.stride_tricks.as_strided(numpy.arange(3))


class TestSlidingWindowView:

    @pytest.mark.parametrize('shape,window,axis', [
        ((10,), 3, None), ((10,), (10,), None), ((4, 5), (2, 3), None),
        ((4, 5), 2, 1), ((4, 5), 2, -2), ((4, 5, 6), (2, 2), (0, 2)),
        ((6, 5), (2, 3), (0, 0)), ((3, 4), 0, 1)])
    @testing.for_dtypes('?ifF')
    @testing.numpy_cupy_array_equal(strides_check=True)
    def test_view(self, xp, dtype, shape, window, axis):
        a = testing.shaped_arange(shape, xp, dtype)
        return xp.lib.stride_tricks.sliding_window_view(a, window, axis)

    @pytest.mark.parametrize('window,axis,exc', [
        ((2,), None, ValueError), (5, 0, ValueError), (-1, 0, ValueError),
        ((2, 2), 0, ValueError), (2, 3, numpy.exceptions.AxisError)])
    def test_errors(self, window, axis, exc):
        for xp in (numpy, cupy):
            a = testing.shaped_arange((4, 3), xp)
            with pytest.raises(exc):
                xp.lib.stride_tricks.sliding_window_view(a, window, axis)
