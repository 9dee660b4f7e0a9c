"""cupyx.scipy.ndimage Fourier filters against scipy.ndimage."""

import numpy
import pytest

from cupy import testing

pytest.importorskip('scipy.ndimage')


@pytest.mark.parametrize('name,param', [
    ('fourier_gaussian', 1.5), ('fourier_uniform', (3., 2.)),
    ('fourier_shift', (1.2, -0.5)), ('fourier_ellipsoid', 2.5)])
@pytest.mark.parametrize('dtype', [numpy.complex64, numpy.complex128,
                                   numpy.float32, numpy.float64])
@pytest.mark.parametrize('real_axis', [False, True])
@testing.numpy_cupy_allclose(rtol=1e-5, atol=1e-5, scipy_name='scp')
def test_fourier(xp, scp, name, param, dtype, real_axis):
    a = numpy.random.RandomState(0).uniform(size=(8, 7))
    if real_axis:
        a = numpy.fft.rfft(a, axis=0)
        kwargs = {'n': 8, 'axis': 0}
    else:
        a = numpy.fft.fft2(a)
        kwargs = {}
    if dtype in (numpy.float32, numpy.float64):
        if name == 'fourier_shift':
            pytest.skip('fourier_shift output is complex')
        a = a.real
    return getattr(scp.ndimage, name)(xp.asarray(a.astype(dtype)), param,
                                      **kwargs)


@testing.numpy_cupy_allclose(rtol=1e-6, atol=1e-8, scipy_name='scp')
def test_fourier_ellipsoid_3d(xp, scp):
    a = numpy.fft.fftn(numpy.random.RandomState(1).uniform(size=(4, 5, 6)))
    return scp.ndimage.fourier_ellipsoid(xp.asarray(a), (2., 3., 1.5))
