"""cupyx.scipy.ndimage filters against scipy.ndimage: every boundary mode,
dtypes, odd/even sizes, origin, axes, 1-D to 3-D, non-contiguous and empty
inputs, and SciPy's exceptions for bad arguments."""

import numpy
import pytest

import cupy
from cupy import testing

pytest.importorskip('scipy.ndimage')

MODES = ['reflect', 'constant', 'nearest', 'mirror', 'wrap',
         'grid-constant', 'grid-mirror', 'grid-wrap']
DTYPES = [numpy.uint8, numpy.uint16, numpy.int32, numpy.float32,
          numpy.float64]
SHAPES = [(13,), (7, 8), (4, 5, 6)]


def _image(xp, shape, dtype, seed=0):
    a = numpy.random.RandomState(seed).uniform(0, 50, shape).astype(dtype)
    return xp.asarray(a)


@pytest.mark.parametrize('mode', MODES)
@pytest.mark.parametrize('shape', SHAPES)
class TestModes:

    @testing.numpy_cupy_allclose(rtol=1e-5, atol=1e-5, scipy_name='scp')
    def test_correlate(self, xp, scp, mode, shape):
        w = numpy.random.RandomState(1).uniform(-1, 1, (3,) * len(shape))
        return scp.ndimage.correlate(_image(xp, shape, numpy.float64), w,
                                     mode=mode, cval=2.5)

    @testing.numpy_cupy_allclose(rtol=1e-5, atol=1e-5, scipy_name='scp')
    def test_convolve1d_even_origin(self, xp, scp, mode, shape):
        return scp.ndimage.convolve1d(_image(xp, shape, numpy.float64),
                                      [1., -2., 3., 0.5], axis=0, mode=mode,
                                      origin=-1)

    @testing.numpy_cupy_allclose(rtol=1e-5, atol=1e-5, scipy_name='scp')
    def test_gaussian(self, xp, scp, mode, shape):
        return scp.ndimage.gaussian_filter(_image(xp, shape, numpy.float64),
                                           [1.2, 0.7, 2.][:len(shape)],
                                           order=1, mode=mode)

    @testing.numpy_cupy_array_equal(scipy_name='scp')
    def test_median_even(self, xp, scp, mode, shape):
        return scp.ndimage.median_filter(_image(xp, shape, numpy.int32),
                                         size=4, mode=mode, origin=1)

    @testing.numpy_cupy_array_equal(scipy_name='scp')
    def test_maximum(self, xp, scp, mode, shape):
        return scp.ndimage.maximum_filter(_image(xp, shape, numpy.uint8),
                                          size=3, mode=mode, cval=7)


@pytest.mark.parametrize('dtype', DTYPES)
class TestDtypes:

    @pytest.mark.parametrize('name,args,kwargs', [
        ('correlate1d', ([1, 3, -1],), {'origin': 1}),
        ('convolve', (numpy.arange(6.).reshape(2, 3),), {}),
        ('uniform_filter', (), {'size': [3, 2]}),
        ('uniform_filter1d', (4,), {'axis': 0}),
        ('gaussian_filter', (1.5,), {'truncate': 2.0}),
        ('gaussian_filter1d', (1.0,), {'order': 2, 'radius': 3}),
        ('sobel', (), {'axis': 0}),
        ('prewitt', (), {}),
        ('laplace', (), {}),
        ('gaussian_laplace', (1.0,), {}),
        ('gaussian_gradient_magnitude', (1.0,), {}),
        ('minimum_filter1d', (3,), {}),
        ('minimum_filter', (), {'footprint': [[1, 0, 1], [0, 1, 0]]}),
        ('rank_filter', (-2,), {'size': (3, 3)}),
        ('percentile_filter', (30,), {'size': 3}),
        ('median_filter', (), {'size': 5}),
    ])
    @testing.numpy_cupy_allclose(rtol=1e-4, atol=1e-4, scipy_name='scp')
    def test_filter(self, xp, scp, dtype, name, args, kwargs):
        a = _image(xp, (9, 10), dtype)
        return getattr(scp.ndimage, name)(a, *args, **kwargs)


class TestFilterArguments:

    @testing.numpy_cupy_allclose(rtol=1e-5, scipy_name='scp')
    def test_axes(self, xp, scp):
        a = _image(xp, (5, 6, 7), numpy.float64)
        return scp.ndimage.gaussian_filter(a, [1., 2.], axes=(0, 2),
                                           mode=['wrap', 'nearest'])

    @testing.numpy_cupy_allclose(rtol=1e-5, scipy_name='scp')
    def test_correlate_axes(self, xp, scp):
        a = _image(xp, (5, 6, 7), numpy.float64)
        return scp.ndimage.correlate(a, numpy.ones((2, 3)), axes=(1, 2),
                                     origin=(-1, 1))

    @testing.numpy_cupy_allclose(rtol=1e-5, scipy_name='scp')
    def test_noncontiguous(self, xp, scp):
        a = _image(xp, (12, 14), numpy.float32)[::2, ::-3].T
        return scp.ndimage.uniform_filter(a, 3, output=numpy.float64)

    @testing.numpy_cupy_allclose(rtol=1e-5, scipy_name='scp')
    def test_output_array(self, xp, scp):
        a = _image(xp, (6, 7), numpy.float64)
        out = xp.zeros((6, 7), dtype=numpy.float32)
        scp.ndimage.sobel(a, output=out)
        return out

    @testing.numpy_cupy_allclose(rtol=1e-5, scipy_name='scp')
    def test_complex(self, xp, scp):
        a = _image(xp, (6, 7), numpy.float64) * (1 + 2j)
        return scp.ndimage.correlate1d(a, [1j, 2, 1], mode='constant',
                                       cval=1 - 1j)

    @testing.numpy_cupy_array_equal(scipy_name='scp')
    def test_empty(self, xp, scp):
        a = xp.zeros((0, 4), dtype=numpy.float32)
        return scp.ndimage.gaussian_filter(a, 1.0)

    @testing.numpy_cupy_array_equal(scipy_name='scp')
    def test_rank_large_window_sort_path(self, xp, scp):
        a = _image(xp, (12, 11), numpy.float32)
        return scp.ndimage.rank_filter(a, 40, size=(9, 9))

    @testing.numpy_cupy_allclose(rtol=1e-5, scipy_name='scp')
    def test_generic_filter_reduction(self, xp, scp):
        a = _image(xp, (6, 7), numpy.float64)
        if xp is numpy:
            return scp.ndimage.generic_filter(a, numpy.std, size=3)
        return scp.ndimage.generic_filter(a, cupy.std, size=3)

    @testing.numpy_cupy_allclose(rtol=1e-5, scipy_name='scp')
    def test_generic_filter1d_lines(self, xp, scp):
        def f(iline, oline):
            oline[...] = iline[:-2] + 2 * iline[1:-1] + iline[2:]
        return scp.ndimage.generic_filter1d(_image(xp, (5, 6), numpy.int32),
                                            f, 3, axis=0)

    def test_generic_filter_rejects_scalar_function(self):
        from cupyx.scipy import ndimage
        with pytest.raises(TypeError, match='axis'):
            ndimage.generic_filter(cupy.ones((4, 4)), lambda v: v.max(), 3)

    @pytest.mark.parametrize('call,exc', [
        (lambda m, a: m.correlate1d(a, [1, 2, 3], origin=2), ValueError),
        (lambda m, a: m.correlate1d(a, []), RuntimeError),
        (lambda m, a: m.uniform_filter(a, 3, mode='bogus'), RuntimeError),
        (lambda m, a: m.uniform_filter1d(a, 0), RuntimeError),
        (lambda m, a: m.gaussian_filter(a, [1, 2, 3]), RuntimeError),
        (lambda m, a: m.gaussian_filter1d(a, 1, radius=-1), ValueError),
        (lambda m, a: m.median_filter(a), RuntimeError),
        (lambda m, a: m.rank_filter(a, 9, size=3), RuntimeError),
        (lambda m, a: m.percentile_filter(a, 120, size=3), RuntimeError),
        (lambda m, a: m.minimum_filter(a, footprint=[[0, 0]]), ValueError),
        (lambda m, a: m.correlate(a, numpy.ones(3)), RuntimeError),
        (lambda m, a: m.minimum_filter(a.astype(complex), 3), TypeError),
        (lambda m, a: m.sobel(a, axis=2), numpy.exceptions.AxisError),
    ])
    def test_bad_arguments(self, call, exc):
        import scipy.ndimage
        from cupyx.scipy import ndimage
        h = numpy.ones((4, 5))
        with pytest.raises(exc):
            call(scipy.ndimage, h)
        with pytest.raises(exc):
            call(ndimage, cupy.asarray(h))


@pytest.mark.parametrize('func', ['correlate1d', 'convolve1d', 'correlate'])
@testing.numpy_cupy_array_equal(scipy_name='scp')
def test_integer_weights_sum_in_double(xp, scp, func):
    # float32 input, integer weights: SciPy and CuPy sum in double
    # (in float32, 2^24 + 1 + 1 rounds back to 2^24)
    a = xp.array([16777216, 1, 1, 0], dtype=numpy.float32)
    w = xp.array([1, 1, 1], dtype=numpy.uint8)
    return getattr(scp.ndimage, func)(a, w, mode='constant')
