"""cupyx.scipy.ndimage interpolation against scipy.ndimage: orders 0-5,
every mode, 1-D to 3-D, dtypes, grid_mode, output arrays and errors."""

import numpy
import pytest

import cupy
from cupy import testing

pytest.importorskip('scipy.ndimage')

MODES = ['constant', 'nearest', 'mirror', 'wrap', 'grid-constant',
         'grid-wrap', 'reflect', 'grid-mirror']


def _image(xp, shape, dtype=numpy.float64, seed=0):
    a = numpy.random.RandomState(seed).uniform(0, 50, shape).astype(dtype)
    return xp.asarray(a)


def _tol(mode, order):
    # SciPy's prefilter starts its 'reflect' recursion from an
    # approximation (errors up to ~1e-5 relative at order 5, measured
    # against exact reconstruction); ours is exact
    if mode in ('reflect', 'grid-mirror', 'nearest') and order >= 3:
        return 2e-3
    return 1e-6


@pytest.mark.parametrize('order', range(6))
@pytest.mark.parametrize('mode', MODES)
class TestOrdersModes:

    def test_map_coordinates(self, order, mode):
        import scipy.ndimage
        from cupyx.scipy import ndimage
        a = _image(numpy, (6, 7))
        coords = numpy.random.RandomState(3).uniform(-4, 10, (2, 5, 4))
        ref = scipy.ndimage.map_coordinates(a, coords, order=order,
                                            mode=mode, cval=-2.)
        got = ndimage.map_coordinates(cupy.asarray(a), cupy.asarray(coords),
                                      order=order, mode=mode, cval=-2.)
        testing.assert_allclose(got, ref, rtol=_tol(mode, order),
                                atol=_tol(mode, order) * 50)

    def test_no_prefilter_far_outside(self, order, mode):
        # without the prefilter (no 12-sample padding) coordinates far
        # outside reach the boundary rules themselves
        import scipy.ndimage
        from cupyx.scipy import ndimage
        a = _image(numpy, (6, 7))
        coords = numpy.random.RandomState(4).uniform(-30, 40, (2, 6, 5))
        ref = scipy.ndimage.map_coordinates(a, coords, order=order,
                                            mode=mode, cval=-2.,
                                            prefilter=False)
        got = ndimage.map_coordinates(cupy.asarray(a), cupy.asarray(coords),
                                      order=order, mode=mode, cval=-2.,
                                      prefilter=False)
        testing.assert_allclose(got, ref, rtol=1e-12, atol=1e-12)

    def test_shift_zoom_1d_3d(self, order, mode):
        import scipy.ndimage
        from cupyx.scipy import ndimage
        for shape in [(11,), (4, 5, 6)]:
            a = _image(numpy, shape)
            d = cupy.asarray(a)
            tol = _tol(mode, order)
            testing.assert_allclose(
                ndimage.shift(d, 1.7, order=order, mode=mode, cval=3.),
                scipy.ndimage.shift(a, 1.7, order=order, mode=mode, cval=3.),
                rtol=tol, atol=tol * 50)
            testing.assert_allclose(
                ndimage.zoom(d, 1.6, order=order, mode=mode),
                scipy.ndimage.zoom(a, 1.6, order=order, mode=mode),
                rtol=tol, atol=tol * 50)


class TestTransforms:

    @pytest.mark.parametrize('order', [0, 1, 3])
    @testing.numpy_cupy_allclose(rtol=1e-6, atol=1e-5, scipy_name='scp')
    def test_rotate_3d(self, xp, scp, order):
        return scp.ndimage.rotate(_image(xp, (5, 6, 4)), 33, axes=(0, 2),
                                  order=order)

    @testing.numpy_cupy_allclose(rtol=1e-6, atol=1e-5, scipy_name='scp')
    def test_rotate_no_reshape(self, xp, scp):
        return scp.ndimage.rotate(_image(xp, (7, 8)), -90, reshape=False)

    @testing.numpy_cupy_allclose(rtol=1e-6, atol=1e-5, scipy_name='scp')
    def test_affine_matrix(self, xp, scp):
        m = numpy.array([[1.1, 0.2], [-0.3, 0.9]])
        return scp.ndimage.affine_transform(_image(xp, (7, 8)), m,
                                            offset=(0.5, -1.),
                                            output_shape=(9, 5))

    @testing.numpy_cupy_allclose(rtol=1e-6, atol=1e-5, scipy_name='scp')
    def test_affine_homogeneous(self, xp, scp):
        m = numpy.array([[1., 0., 1.5], [0., 0.8, -1.], [0., 0., 1.]])
        return scp.ndimage.affine_transform(_image(xp, (7, 8)), m, order=2,
                                            mode='nearest')

    @testing.numpy_cupy_allclose(rtol=1e-6, atol=1e-5, scipy_name='scp')
    def test_affine_diagonal(self, xp, scp):
        return scp.ndimage.affine_transform(_image(xp, (7, 8)), [0.7, 1.3],
                                            offset=1.0, order=3)

    @pytest.mark.parametrize('mode', ['grid-constant', 'grid-wrap',
                                      'mirror'])
    @testing.numpy_cupy_allclose(rtol=1e-6, atol=1e-5, scipy_name='scp')
    def test_zoom_grid_mode(self, xp, scp, mode):
        return scp.ndimage.zoom(_image(xp, (6, 7)), (0.5, 2.3), mode=mode,
                                grid_mode=True)

    @pytest.mark.parametrize('dtype', [numpy.uint8, numpy.uint16,
                                       numpy.int32, numpy.float32])
    @testing.numpy_cupy_allclose(atol=1.01, scipy_name='scp')
    def test_dtypes(self, xp, scp, dtype):
        # integer outputs round half away from zero: ties may land on
        # either side after different summation orders
        return scp.ndimage.zoom(_image(xp, (6, 7), dtype), 1.5, order=1)

    @pytest.mark.parametrize('order', [2, 3, 4, 5])
    @testing.numpy_cupy_allclose(rtol=1e-6, atol=1e-6, scipy_name='scp')
    def test_spline_filter(self, xp, scp, order):
        return scp.ndimage.spline_filter(_image(xp, (6, 9)), order,
                                         mode='mirror')

    @testing.numpy_cupy_allclose(rtol=1e-6, atol=1e-6, scipy_name='scp')
    def test_spline_filter1d_wrap(self, xp, scp):
        return scp.ndimage.spline_filter1d(_image(xp, (6, 9)), 3, axis=0,
                                           mode='grid-wrap')

    @testing.numpy_cupy_allclose(rtol=1e-6, atol=1e-5, scipy_name='scp')
    def test_complex_shift(self, xp, scp):
        a = _image(xp, (6, 7)) * (1 - 1j)
        return scp.ndimage.shift(a, (0.5, -1.2), cval=1 + 1j)

    @testing.numpy_cupy_array_equal(scipy_name='scp')
    def test_noncontiguous_order0(self, xp, scp):
        a = _image(xp, (10, 12))[::2, ::-1]
        return scp.ndimage.shift(a, (1, -2), order=0)

    @pytest.mark.parametrize('call,exc', [
        (lambda m, xp, a: m.zoom(a, 2, order=6), RuntimeError),
        (lambda m, xp, a: m.shift(a, [1, 2, 3]), RuntimeError),
        (lambda m, xp, a: m.map_coordinates(a, xp.zeros((3, 4))),
         RuntimeError),
        (lambda m, xp, a: m.affine_transform(a, xp.ones((3, 3))),
         ValueError),
        (lambda m, xp, a: m.rotate(a, 10, axes=(0, 3)), ValueError),
        (lambda m, xp, a: m.shift(a, 1, mode='bogus'), RuntimeError),
        (lambda m, xp, a: m.spline_filter(a, order=1), RuntimeError),
    ])
    def test_bad_arguments(self, call, exc):
        import scipy.ndimage
        from cupyx.scipy import ndimage
        h = numpy.ones((4, 5))
        with pytest.raises(exc):
            call(scipy.ndimage, numpy, h)
        with pytest.raises(exc):
            call(ndimage, cupy, cupy.asarray(h))


def test_texture_memory_and_invalid_cval():
    # CuPy's texture_memory=True: its argument checks, the result of order
    # 0/1 (computed without textures here)
    import scipy.ndimage
    from cupyx.scipy import ndimage
    a = _image(numpy, (9, 8), numpy.float32)
    m = numpy.array([[0.9, 0.2, 0.5], [-0.1, 1.1, -0.3], [0, 0, 1]])
    got = ndimage.affine_transform(cupy.asarray(a), cupy.asarray(m),
                                   order=1, mode='nearest',
                                   texture_memory=True)
    ref = scipy.ndimage.affine_transform(a, m, order=1, mode='nearest')
    testing.assert_allclose(got, ref, rtol=1e-5, atol=1e-4)
    d = cupy.asarray(a)
    for bad in [dict(input=d[0]), dict(input=d.astype(numpy.float64)),
                dict(matrix=cupy.eye(2)), dict(mode='wrap'),
                dict(output='wrong'), dict(output=numpy.float64)]:
        kw = dict(input=d, matrix=cupy.eye(3), texture_memory=True)
        kw.update(bad)
        with pytest.raises(ValueError):
            ndimage.affine_transform(**kw)
    # a non-finite cval cannot be cast to an integer output (CuPy)
    with pytest.raises(NotImplementedError):
        ndimage.shift(cupy.ones(8, numpy.int32), 1, cval=numpy.nan)
    with pytest.raises(NotImplementedError):
        ndimage.zoom(cupy.ones(8), 1, output=numpy.int16, cval=numpy.inf)
    ndimage.shift(cupy.ones(8, numpy.int32), 1, mode='nearest',
                  cval=numpy.nan)
