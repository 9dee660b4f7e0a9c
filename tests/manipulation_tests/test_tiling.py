import numpy
import pytest

import cupy
from cupy import testing
from tests.routine_helpers import device_only, layouts


class TestRepeat:

    @testing.for_all_dtypes()
    @pytest.mark.parametrize('repeats', [0, 1, 3, [2], numpy.int8(2)])
    @pytest.mark.parametrize('axis', [None, 0, 1, -1])
    @testing.numpy_cupy_array_equal()
    def test_int(self, xp, dtype, repeats, axis):
        return [xp.repeat(a, repeats, axis)
                for a in layouts(xp, (2, 3), dtype)]

    @pytest.mark.parametrize('repeats,axis', [
        ([1, 0, 3], 1), ([2, 2, 2], 1), ([0, 2], 0),
        ([1, 2, 3, 0, 1, 2], None), ((3, 1), 0), ([1.0, 2.0], 0),
        (1.5, None)])
    @testing.numpy_cupy_array_equal()
    def test_list(self, xp, repeats, axis):
        return [xp.repeat(a, repeats, axis)
                for a in layouts(xp, (2, 3), numpy.int16)]

    @testing.numpy_cupy_array_equal()
    def test_0d_and_empty(self, xp):
        return (xp.repeat(xp.asarray(3), 3), xp.repeat(xp.asarray(3), 2, 0),
                xp.repeat(xp.ones((0, 2)), 3, 0), xp.repeat(xp.ones(2), 0))

    def test_device_repeats(self):
        a = cupy.arange(3)
        testing.assert_array_equal(cupy.repeat(a, cupy.asarray([1, 0, 2])),
                                   [0, 2, 2])

    @pytest.mark.parametrize('repeats,axis,error', [
        ([1, 2, 3], 0, ValueError), (-1, None, ValueError),
        ([1, -1], 0, ValueError), ([[1, 2]], 0, ValueError),
        (2, 2, numpy.exceptions.AxisError)])
    def test_errors(self, repeats, axis, error):
        for xp in (numpy, cupy):
            with pytest.raises(error):
                xp.repeat(xp.ones((2, 3)), repeats, axis)

    def test_method(self):
        testing.assert_array_equal(cupy.arange(3).repeat(2),
                                   numpy.arange(3).repeat(2))

    def test_device_only(self):
        a = cupy.ones((3, 4))
        with device_only():
            cupy.repeat(a, 3)
            cupy.repeat(a, 2, axis=1)
            cupy.repeat(a, [2, 2, 2], axis=0)


class TestTile:

    @testing.for_all_dtypes()
    @pytest.mark.parametrize('reps', [1, 2, (2, 1), (1, 2), (2, 3, 1),
                                      (0, 2), (), (1, 1, 1), 0])
    @testing.numpy_cupy_array_equal()
    def test_tile(self, xp, dtype, reps):
        return [xp.tile(a, reps) for a in layouts(xp, (2, 3), dtype)]

    @testing.numpy_cupy_array_equal()
    def test_tile_0d_and_list(self, xp):
        return (xp.tile(xp.asarray(5), (2, 2)), xp.tile([1, 2], 2))

    def test_tile_copies(self):
        a = cupy.zeros(3)
        b = cupy.tile(a, 1)
        b[0] = 1
        assert float(a[0]) == 0

    def test_tile_negative(self):
        for xp in (numpy, cupy):
            with pytest.raises(ValueError):
                xp.tile(xp.ones(2), -1)

    def test_device_only(self):
        a = cupy.ones((3, 4))
        with device_only():
            cupy.tile(a, (2, 1, 3))
