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

    @testing.for_all_dtypes(no_complex=True, no_bool=True)
    @pytest.mark.parametrize('kw', [{}, {'stat_length': 2},
                                    {'stat_length': ((1, 3), (2, 1))}])
    @testing.numpy_cupy_allclose(rtol=1e-3)
    def test_median(self, xp, dtype, kw):
        a = testing.shaped_random((4, 5), xp, dtype, seed=1)
        return xp.pad(a, ((2, 1), (1, 3)), 'median', **kw)

    @testing.for_all_dtypes()
    @pytest.mark.parametrize('mode,kw', [
        ('maximum', {}), ('minimum', {}), ('mean', {}),
        ('mean', {'stat_length': 2}), ('mean', {'stat_length': 2.6}),
        ('maximum', {'stat_length': ((1, 2),)}),
        ('minimum', {'stat_length': ((3, 1), (1, 9))}),
    ])
    @pytest.mark.parametrize('pw', [2, ((1, 3),), ((0, 7), (2, 0))])
    @testing.numpy_cupy_allclose(rtol=1e-3)
    def test_stat_modes(self, xp, dtype, mode, kw, pw):
        if numpy.dtype(dtype).kind in 'cu' and mode != 'mean' and \
                numpy.dtype(dtype).itemsize == 8:
            # their max/min reductions run on the host on this provider
            return xp.zeros(0)
        return [xp.pad(a, pw, mode, **kw)
                for a in layouts(xp, (3, 4), dtype)]

    @testing.for_all_dtypes()
    @pytest.mark.parametrize('kw', [{}, {'end_values': (5, -3)},
                                    {'end_values': ((1, 2), (3, 4))}])
    @pytest.mark.parametrize('pw', [2, ((1, 3),), ((0, 7), (2, 0))])
    @testing.numpy_cupy_allclose(rtol=1e-3)
    def test_linear_ramp(self, xp, dtype, kw, pw):
        return [xp.pad(a, pw, 'linear_ramp', **kw)
                for a in layouts(xp, (3, 4), dtype)]

    @testing.for_all_dtypes()
    @pytest.mark.parametrize('mode', ['reflect', 'symmetric'])
    @pytest.mark.parametrize('pw', [2, ((1, 3),), ((0, 9), (7, 0)),
                                    ((4, 11), (1, 1))])
    @testing.numpy_cupy_array_equal()
    def test_reflect_odd(self, xp, dtype, mode, pw):
        return [xp.pad(a, pw, mode, reflect_type='odd')
                for a in layouts(xp, (3, 4), dtype)]

    @pytest.mark.parametrize('mode,kw', [
        ('maximum', {}), ('mean', {}), ('linear_ramp', {}),
        ('reflect', {'reflect_type': 'odd'}),
        ('symmetric', {'reflect_type': 'odd'})])
    @testing.numpy_cupy_allclose()
    def test_new_modes_0d_1d_singleton(self, xp, mode, kw):
        return (xp.pad(xp.asarray(3.0), 0, mode, **kw),
                xp.pad(xp.asarray([2.0]), 3, mode, **kw),
                xp.pad(testing.shaped_arange((1, 5), xp), ((2, 3), (4, 6)),
                       mode, **kw))

    def test_stat_errors(self):
        for xp in (numpy, cupy):
            with pytest.raises(ValueError):
                xp.pad(xp.ones(3), 1, 'maximum', stat_length=0)
            with pytest.raises(ValueError):
                xp.pad(xp.ones(3), 1, 'mean', stat_length=-1)
            with pytest.raises(ValueError):
                xp.pad(xp.ones((0, 2)), 1, 'mean')

    @testing.numpy_cupy_array_equal()
    def test_other_reflect_type_is_even(self, xp):
        return xp.pad(testing.shaped_arange((3,), xp), 4, 'reflect',
                      reflect_type='bad')

    def test_device_only(self):
        a = cupy.ones((3, 4))
        with device_only():
            for mode in ('constant', 'edge', 'reflect', 'symmetric', 'wrap',
                         'maximum', 'minimum', 'mean', 'linear_ramp'):
                cupy.pad(a, ((2, 5), (6, 1)), mode)
            cupy.pad(a, ((2, 5), (6, 1)), 'reflect', reflect_type='odd')
            cupy.pad(a, ((2, 5), (6, 1)), 'mean', stat_length=2)
