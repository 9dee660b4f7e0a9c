"""RBFInterpolator on the device against SciPy: every kernel, epsilon,
smoothing (scalar and per point), degree, neighbors, vector and
complex data, 1-D to 3-D points, SciPy's errors and warnings, and that
it stays on the device."""

import warnings

import numpy
import pytest

import cupy
import cupyx.scipy.interpolate as ci
from tests.signal_tests.helpers import close, mostly_on_device

si = pytest.importorskip('scipy.interpolate')

_rs = numpy.random.RandomState(3)
KERNELS = ['linear', 'thin_plate_spline', 'cubic', 'quintic',
           'multiquadric', 'inverse_multiquadric', 'inverse_quadratic',
           'gaussian']


def _data(ndim, n=30, nx=12):
    y = _rs.uniform(0, 1, (n, ndim))
    d = numpy.cos(3 * y.sum(axis=1)) + y[:, 0]
    return y, d, _rs.uniform(0, 1, (nx, ndim))


def _both(y, d, x, **kw):
    want = si.RBFInterpolator(y, d, **kw)(x)
    got = ci.RBFInterpolator(cupy.asarray(y), cupy.asarray(d), **kw)(
        cupy.asarray(x))
    return got, want


@pytest.mark.parametrize('kernel', KERNELS)
@pytest.mark.parametrize('neighbors', [None, 8])
def test_kernels(kernel, neighbors):
    y, d, x = _data(2)
    got, want = _both(y, d, x, kernel=kernel, epsilon=1.5,
                      neighbors=neighbors)
    close(got, want, rtol=1e-8, atol=1e-8)


@pytest.mark.parametrize('ndim', [1, 3])
@pytest.mark.parametrize('degree', [-1, 0, 2])
def test_degree_smoothing_dims(ndim, degree):
    y, d, x = _data(ndim)
    with warnings.catch_warnings():
        warnings.simplefilter('ignore', UserWarning)
        got, want = _both(y, d, x, degree=degree, smoothing=0.01)
    close(got, want, rtol=1e-8, atol=1e-8)
    sm = _rs.uniform(0, 0.1, y.shape[0])
    want = si.RBFInterpolator(y, d, smoothing=sm, kernel='gaussian',
                              epsilon=2.0)(x)
    got = ci.RBFInterpolator(cupy.asarray(y), cupy.asarray(d),
                             smoothing=cupy.asarray(sm), kernel='gaussian',
                             epsilon=2.0)(cupy.asarray(x))
    close(got, want, rtol=1e-8, atol=1e-8)


def test_vector_and_complex_data():
    y, d, x = _data(2)
    dv = numpy.stack([d, d ** 2, -d], axis=1).reshape(-1, 3, 1)
    got, want = _both(y, dv, x)
    close(got, want, rtol=1e-8, atol=1e-8)
    dc = d + 1j * d ** 2
    got, want = _both(y, dc, x, neighbors=10)
    close(got, want, rtol=1e-8, atol=1e-8)


def test_errors_and_warnings():
    y, d, x = _data(2)
    yd, dd = cupy.asarray(y), cupy.asarray(d)
    for kw in [dict(kernel='bogus'), dict(kernel='gaussian'),
               dict(degree=-2), dict(smoothing=cupy.ones(3))]:
        with pytest.raises(ValueError):
            ci.RBFInterpolator(yd, dd, **kw)
    with pytest.raises(ValueError):
        ci.RBFInterpolator(yd[:, 0], dd)
    with pytest.raises(ValueError):
        ci.RBFInterpolator(yd, dd[:5])
    with pytest.raises(ValueError):       # too few points for degree 3
        ci.RBFInterpolator(yd[:5], dd[:5], degree=3)
    f = ci.RBFInterpolator(yd, dd)
    with pytest.raises(ValueError):
        f(cupy.asarray(x[:, 0]))
    with pytest.raises(ValueError):
        f(cupy.asarray(x[:, :1]))
    with pytest.warns(UserWarning):
        ci.RBFInterpolator(yd, dd, kernel='cubic', degree=0)
    # collinear 2-D points: the monomials are rank deficient
    with pytest.raises(numpy.linalg.LinAlgError, match='rank'):
        ci.RBFInterpolator(cupy.asarray([[2., 0], [1, 0], [0, 0]]),
                           cupy.zeros(3))


def test_stays_on_device():
    y, d, x = _data(2, n=60, nx=200)
    yd, dd, xd = (cupy.asarray(v) for v in (y, d, x))
    with mostly_on_device(y.nbytes + d.nbytes + x.nbytes, fraction=0.1):
        ci.RBFInterpolator(yd, dd)(xd)
        ci.RBFInterpolator(yd, dd, neighbors=12)(xd)
