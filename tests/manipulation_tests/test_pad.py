import numpy
import pytest

import cupy
from cupy import testing
from tests.routine_helpers import device_only, layouts


class TestPad:

    @testing.for_all_dtypes()
    @pytest.mark.parametrize('mode', ['constant', 'edge', 'reflect',
                                      'symmetric', 'wrap'])
    @pytest.mark.parametrize('pad_width', [1, (2, 3), ((1, 2), (0, 3)),
                                           ((7, 8), (9, 2)), 0, ((0, 1),)])
    @testing.numpy_cupy_array_equal()
    def test_modes(self, xp, dtype, mode, pad_width):
        return [xp.pad(a, pad_width, mode)
                for a in layouts(xp, (3, 4), dtype)]

    @pytest.mark.parametrize('mode', ['constant', 'edge', 'reflect',
                                      'symmetric', 'wrap'])
    @pytest.mark.parametrize('shape', [(1,), (2,), (1, 3), (2, 1, 3)])
    @testing.numpy_cupy_array_equal()
    def test_small_axes(self, xp, mode, shape):
        return xp.pad(testing.shaped_arange(shape, xp), 5, mode)

    @pytest.mark.parametrize('values', [
        7, (7, 8), ((7, 8), (9, 10)), [[1], [2]], 2.7, -1])
    @pytest.mark.parametrize('dtype', [numpy.uint8, numpy.float32,
                                       numpy.complex64, numpy.bool_])
    @testing.numpy_cupy_array_equal()
    def test_constant_values(self, xp, values, dtype):
        a = testing.shaped_arange((2, 2), xp, dtype)
        with numpy.errstate(all='ignore'):
            return xp.pad(a, ((1, 2), (2, 1)), constant_values=values)

    @testing.numpy_cupy_array_equal()
    def test_0d_and_empty(self, xp):
        return (xp.pad(xp.asarray(3), 1),
                xp.pad(xp.ones((0, 2)), 1),
                xp.pad(xp.ones((0, 2)), ((0, 0), (1, 1)), mode='edge'))

    @testing.numpy_cupy_array_equal()
    def test_empty_mode_shape(self, xp):
        return xp.pad(testing.shaped_arange((2, 3), xp), 2,
                      mode='empty').shape

    @pytest.mark.parametrize('args,kw,error', [
        ((-1,), {}, ValueError), ((1.5,), {}, TypeError),
        ((1,), {'mode': 'foo'}, ValueError),
        ((1,), {'mode': 'edge', 'constant_values': 3}, ValueError),
        ((((1, 2), (1, 2), (1, 1)),), {}, ValueError),
        ((1,), {'constant_values': (1, 2, 3)}, ValueError)])
    def test_errors(self, args, kw, error):
        for xp in (numpy, cupy):
            with pytest.raises(error):
                xp.pad(xp.ones((2, 2)), *args, **kw)

    def test_extend_empty_axis(self):
        for xp in (numpy, cupy):
            with pytest.raises(ValueError):
                xp.pad(xp.ones((0, 2)), 1, mode='reflect')

    @pytest.mark.parametrize('mode,kw', [
        ('mean', {}), ('maximum', {}), ('linear_ramp', {}),
        ('reflect', {'reflect_type': 'odd'})])
    def test_not_implemented(self, mode, kw):
        with pytest.raises(NotImplementedError):
            cupy.pad(cupy.ones(3), 1, mode, **kw)

    def test_device_only(self):
        a = cupy.ones((3, 4))
        with device_only():
            for mode in ('constant', 'edge', 'reflect', 'symmetric', 'wrap'):
                cupy.pad(a, ((2, 5), (6, 1)), mode)
