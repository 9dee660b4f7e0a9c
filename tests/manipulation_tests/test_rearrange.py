import numpy
import pytest

import cupy
from cupy import testing
from tests.routine_helpers import device_only, layouts


class TestFlip:

    @testing.for_all_dtypes()
    @pytest.mark.parametrize('axis', [None, 0, 1, -1, (0, 2), ()])
    @testing.numpy_cupy_array_equal()
    def test_flip(self, xp, dtype, axis):
        return [xp.flip(a, axis) for a in layouts(xp, (2, 3, 4), dtype)]

    @testing.numpy_cupy_array_equal()
    def test_flip_lr_ud(self, xp):
        a = testing.shaped_arange((2, 3, 4), xp)
        return xp.fliplr(a), xp.flipud(a), xp.flipud(a[0, 0])

    @testing.numpy_cupy_array_equal()
    def test_flip_0d_and_empty(self, xp):
        return xp.flip(xp.asarray(3)), xp.flip(xp.ones((0, 3)), 1)

    @pytest.mark.parametrize('func,shape,error', [
        ('fliplr', (3,), ValueError), ('flipud', (), ValueError)])
    def test_errors(self, func, shape, error):
        for xp in (numpy, cupy):
            with pytest.raises(error):
                getattr(xp, func)(xp.ones(shape))
        for xp in (numpy, cupy):
            with pytest.raises(numpy.exceptions.AxisError):
                xp.flip(xp.ones((2, 2)), 2)

    def test_flip_is_view(self):
        a = cupy.zeros(3)
        cupy.flip(a)[0] = 1
        testing.assert_array_equal(a, [0, 0, 1])


class TestRoll:

    @testing.for_all_dtypes()
    @pytest.mark.parametrize('shift,axis', [
        (1, None), (-7, None), (25, None), (0, 0), (1, 0), (-2, 1),
        (5, -1), ((1, 2), (0, 2)), ((1, 1), (1, 1)), (3, (0, 1)),
        ((1, -1), 1), (0, None)])
    @testing.numpy_cupy_array_equal()
    def test_roll(self, xp, dtype, shift, axis):
        return [xp.roll(a, shift, axis) for a in layouts(xp, (2, 3, 4),
                                                          dtype)]

    @testing.numpy_cupy_array_equal()
    def test_roll_0d_and_empty(self, xp):
        return (xp.roll(xp.asarray(3), 2), xp.roll(xp.ones((0, 3)), 1, 1),
                xp.roll(xp.ones((0, 3)), 1))

    def test_roll_errors(self):
        for xp in (numpy, cupy):
            with pytest.raises(numpy.exceptions.AxisError):
                xp.roll(xp.ones((2, 3)), 1, 2)
            with pytest.raises(ValueError):
                xp.roll(xp.ones((2, 3)), [[1]], 0)
            with pytest.raises(ValueError):
                xp.roll(xp.ones((2, 3)), (1, 2, 3), (0, 1))

    def test_device_only(self):
        a = cupy.ones((3, 4))
        with device_only():
            cupy.roll(a, 1)
            cupy.roll(a, (1, 2), (0, 1))


class TestRot90:

    @testing.for_all_dtypes()
    @pytest.mark.parametrize('k', [0, 1, 2, 3, 4, -1, 7])
    @pytest.mark.parametrize('axes', [(0, 1), (1, 0), (0, -1), (2, 1)])
    @testing.numpy_cupy_array_equal()
    def test_rot90(self, xp, dtype, k, axes):
        return [xp.rot90(a, k, axes) for a in layouts(xp, (2, 3, 4),
                                                       dtype)]

    @pytest.mark.parametrize('axes', [(0,), (0, 0), (0, 3), (0, -3),
                                      (-4, 1)])
    def test_rot90_errors(self, axes):
        for xp in (numpy, cupy):
            with pytest.raises(ValueError):
                xp.rot90(xp.ones((2, 3, 4)), 1, axes)
