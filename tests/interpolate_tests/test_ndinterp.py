"""Scattered-data interpolation (LinearNDInterpolator,
NearestNDInterpolator, CloughTocher2DInterpolator, griddata,
estimate_gradients_2d_global) against SciPy: 2-D and 3-D, float32 and
complex values, vector values, points outside the hull with fill_value,
rescale, a Delaunay object as input, bad arguments.  Evaluation runs
with host fallbacks forbidden (only Delaunay's Qhull build is one)."""

import os

import numpy
import pytest
import scipy.interpolate as si
import scipy.spatial as ss
from scipy.interpolate import _interpnd as hi

import cupy
import cupyx.scipy.interpolate as ci
import cupyx.scipy.spatial as cs
from cupyx.scipy.interpolate import _interpnd as di

RNG = numpy.random.default_rng(3)
X2 = RNG.random((50, 2))
X2[10] = X2[20]                  # a duplicate point
Q2 = RNG.random((300, 2)) * 1.3 - 0.15    # some outside the hull
X3 = RNG.random((40, 3))
Q3 = RNG.random((120, 3)) * 1.2 - 0.1


@pytest.fixture(autouse=True)
def _silent_build(monkeypatch):
    monkeypatch.setenv('CUPY_HOST_FALLBACK', 'silent')


def _f(x):
    return numpy.sin(3 * x[..., 0]) * numpy.cos(2 * x[..., 1])


def _check(got, want, rtol=1e-12, atol=1e-13):
    got = cupy.asnumpy(got)
    assert got.shape == want.shape and got.dtype == want.dtype
    numpy.testing.assert_allclose(got, want, rtol=rtol, atol=atol,
                                  equal_nan=True)


def _evaluate_on_device(ip, *args, **kw):
    os.environ['CUPY_HOST_FALLBACK'] = 'error'
    try:
        return ip(*args, **kw)
    finally:
        os.environ['CUPY_HOST_FALLBACK'] = 'silent'


@pytest.mark.parametrize('x,q', [(X2, Q2), (X3, Q3)])
@pytest.mark.parametrize('kind', ['real', 'complex', 'vector', 'float32'])
def test_linear(x, q, kind):
    y = _f(x)
    if kind == 'complex':
        y = y - 2j * x[:, 1]
    elif kind == 'vector':
        y = numpy.stack([y, x[:, 0], 2 * y], axis=1).reshape(-1, 3, 1)
    elif kind == 'float32':
        x, y, q = x.astype(numpy.float32), y.astype(numpy.float32), \
            q.astype(numpy.float32)
    want = si.LinearNDInterpolator(x, y, fill_value=-7.0)(q)
    ip = ci.LinearNDInterpolator(cupy.asarray(x), cupy.asarray(y),
                                 fill_value=-7.0)
    _check(_evaluate_on_device(ip, cupy.asarray(q)), want)


def test_linear_coordinate_arrays_rescale_and_tri_input():
    y = _f(X2)
    want = si.LinearNDInterpolator((X2[:, 0] * 100, X2[:, 1]), y,
                                   rescale=True)(Q2[:, 0] * 100, Q2[:, 1])
    ip = ci.LinearNDInterpolator(
        (cupy.asarray(X2[:, 0] * 100), cupy.asarray(X2[:, 1])),
        cupy.asarray(y), rescale=True)
    _check(_evaluate_on_device(ip, cupy.asarray(Q2[:, 0] * 100),
                               cupy.asarray(Q2[:, 1])), want)
    tri = cs.Delaunay(cupy.asarray(X2))
    want = si.LinearNDInterpolator(ss.Delaunay(X2), y)(Q2)
    _check(ci.LinearNDInterpolator(tri, cupy.asarray(y))(cupy.asarray(Q2)),
           want)
    with pytest.raises(ValueError, match='Rescaling is not supported'):
        ci.LinearNDInterpolator(tri, cupy.asarray(y), rescale=True)


@pytest.mark.parametrize('rescale', [False, True])
@pytest.mark.parametrize('complex_values', [False, True])
def test_clough_tocher(rescale, complex_values):
    x = X2 * numpy.array([1.0, 30.0])
    q = Q2 * numpy.array([1.0, 30.0])
    y = _f(X2) + (1j * X2[:, 0] ** 2 if complex_values else 0)
    # a tight tol on both sides: SciPy's Gauss-Seidel stops near the
    # same minimiser the device's conjugate gradients reach
    want = si.CloughTocher2DInterpolator(x, y, tol=1e-13, maxiter=20000,
                                         rescale=rescale, fill_value=3.0)(q)
    ip = ci.CloughTocher2DInterpolator(cupy.asarray(x), cupy.asarray(y),
                                       tol=1e-13, rescale=rescale,
                                       fill_value=3.0)
    _check(_evaluate_on_device(ip, cupy.asarray(q)), want, rtol=1e-9,
           atol=1e-10)


def test_clough_tocher_reproduces_quadratics_at_nodes_and_linear_exactly():
    y = 1 + 2 * X2[:, 0] - 3 * X2[:, 1]
    ip = ci.CloughTocher2DInterpolator(cupy.asarray(X2), cupy.asarray(y))
    got = cupy.asnumpy(ip(cupy.asarray(Q2)))
    lin = 1 + 2 * Q2[:, 0] - 3 * Q2[:, 1]
    inside = ~numpy.isnan(got)
    assert inside.sum() > 100
    numpy.testing.assert_allclose(got[inside], lin[inside], atol=1e-10)


def test_clough_tocher_wrong_ndim_and_default_tol():
    with pytest.raises(ValueError):
        ci.CloughTocher2DInterpolator(cupy.asarray(X3), cupy.asarray(X3[:, 0]))
    y = _f(X2)
    want = si.CloughTocher2DInterpolator(X2, y)(Q2)
    got = ci.CloughTocher2DInterpolator(cupy.asarray(X2),
                                        cupy.asarray(y))(cupy.asarray(Q2))
    _check(got, want, rtol=1e-4, atol=1e-5)


def test_estimate_gradients():
    y = numpy.stack([_f(X2), X2[:, 0] ** 2], axis=1)
    want = hi.estimate_gradients_2d_global(ss.Delaunay(X2), y, tol=1e-13,
                                           maxiter=20000)
    tri = cs.Delaunay(cupy.asarray(X2))
    got = _evaluate_on_device(di.estimate_gradients_2d_global, tri,
                              cupy.asarray(y), tol=1e-13)
    _check(got, want, rtol=1e-9, atol=1e-10)
    with pytest.raises(ValueError, match='wrong number of items'):
        di.estimate_gradients_2d_global(tri, cupy.zeros(3))
    with pytest.warns(di.GradientEstimationWarning):
        di.estimate_gradients_2d_global(tri, cupy.asarray(y), maxiter=2)


@pytest.mark.parametrize('x,q', [(X2, Q2), (X3, Q3)])
def test_nearest(x, q):
    y = numpy.arange(x.shape[0])
    want = si.NearestNDInterpolator(x, y)(q)
    ip = ci.NearestNDInterpolator(cupy.asarray(x), cupy.asarray(y))
    got = _evaluate_on_device(ip, cupy.asarray(q))
    # no two query points are equidistant from two data points, except
    # the duplicate pair, which holds distinct values: compare there by
    # position
    _check(cupy.asarray(x)[got.astype(numpy.intp)], x[want.astype(int)])
    want = si.NearestNDInterpolator(x, y)(q, distance_upper_bound=0.05)
    got = ip(cupy.asarray(q), distance_upper_bound=0.05)
    assert numpy.array_equal(numpy.isnan(cupy.asnumpy(got)),
                             numpy.isnan(want))
    with pytest.raises(TypeError):
        ip(cupy.asarray(q), query_options='not a dictionary')


@pytest.mark.parametrize('method', ['nearest', 'linear', 'cubic'])
def test_griddata(method):
    y = _f(X2[:30])
    want = si.griddata(X2[:30], y, Q2, method=method, fill_value=0.5)
    got = ci.griddata(cupy.asarray(X2[:30]), cupy.asarray(y),
                      cupy.asarray(Q2), method=method, fill_value=0.5)
    _check(got, want, rtol=1e-4, atol=1e-5)
    x1 = X2[21:, 0]
    want = si.griddata(x1, _f(X2[21:]), Q2[:, 0], method=method)
    got = ci.griddata(cupy.asarray(x1), cupy.asarray(_f(X2[21:])),
                      cupy.asarray(Q2[:, 0]), method=method)
    _check(got, want)


def test_griddata_bad_method():
    with pytest.raises(ValueError, match='Unknown interpolation method'):
        ci.griddata(cupy.asarray(X3), cupy.asarray(X3[:, 0]),
                    cupy.asarray(Q3), method='cubic')
    with pytest.raises(ValueError, match='different number of values'):
        ci.LinearNDInterpolator(cupy.asarray(X2), cupy.zeros(3))
    with pytest.raises(ValueError, match='number of dimensions in xi'):
        ci.LinearNDInterpolator(cupy.asarray(X2), cupy.asarray(_f(X2)))(
            cupy.zeros((4, 3)))
