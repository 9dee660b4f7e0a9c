"""cupyx.scipy.interpolate against SciPy: interp1d (every kind, fill
values, axes, bounds errors), CubicSpline boundary conditions, PCHIP,
Akima/makima, PPoly, BSpline, make_interp_spline, RegularGridInterpolator
and interpn."""

import numpy
import pytest

import cupy
import cupyx.scipy.interpolate as ci
from tests.signal_tests.helpers import close

si = pytest.importorskip('scipy.interpolate')

# make_interp_spline with given knots or periodic conditions is a counted
# host fallback
pytestmark = pytest.mark.filterwarnings(
    'ignore::cupy._core._fallback.PerformanceWarning')

_rs = numpy.random.RandomState(0)
X = numpy.sort(_rs.uniform(0, 10, 15))
Y = _rs.standard_normal((15, 3))
XN = numpy.linspace(-1, 11, 41)


def _d(*a):
    return tuple(cupy.asarray(v) for v in a)


@pytest.mark.parametrize('kind', ['linear', 'nearest', 'nearest-up',
                                  'previous', 'next', 'zero', 'slinear',
                                  'quadratic', 'cubic'])
def test_interp1d(kind):
    x, y, xn = _d(X, Y, XN)
    close(ci.interp1d(x, y, kind=kind, axis=0, bounds_error=False)(xn),
          si.interp1d(X, Y, kind=kind, axis=0, bounds_error=False)(XN))
    close(ci.interp1d(x, y.T, kind=kind, fill_value='extrapolate')(xn),
          si.interp1d(X, Y.T, kind=kind, fill_value='extrapolate')(XN))
    close(ci.interp1d(x, y[:, 0], kind=kind, bounds_error=False,
                      fill_value=(-1, 2))(xn.reshape(-1, 1)),
          si.interp1d(X, Y[:, 0], kind=kind, bounds_error=False,
                      fill_value=(-1, 2))(XN.reshape(-1, 1)))
    with pytest.raises(ValueError):
        ci.interp1d(x, y, kind=kind, axis=0)(xn)


def test_interp1d_errors():
    x, y = _d(X, Y)
    with pytest.raises(ValueError):
        ci.interp1d(x, y[:5], axis=0)
    with pytest.raises(NotImplementedError):
        ci.interp1d(x, y, axis=0, kind='bogus')
    with pytest.raises(ValueError):
        ci.interp1d(x, y, axis=0, bounds_error=True,
                    fill_value='extrapolate')
    with pytest.raises(ValueError):
        ci.interp1d(x[:3], y[:3], axis=0, kind='cubic')


@pytest.mark.parametrize('bc', ['not-a-knot', 'natural', 'clamped',
                                'periodic', 'tuple'])
def test_cubic_spline(bc):
    y = Y.copy()
    if bc == 'periodic':
        y[-1] = y[0]
    ref_bc = ((1, numpy.ones(3)), (2, numpy.zeros(3))) if bc == 'tuple' \
        else bc
    dev_bc = ((1, cupy.ones(3)), (2, cupy.zeros(3))) if bc == 'tuple' \
        else bc
    r = si.CubicSpline(X, y, bc_type=ref_bc)
    c = ci.CubicSpline(cupy.asarray(X), cupy.asarray(y), bc_type=dev_bc)
    for nu in (0, 1, 2, 3):
        close(c(cupy.asarray(XN), nu), r(XN, nu), rtol=1e-9, atol=1e-9)
    close(c.integrate(1, 7), r.integrate(1, 7), rtol=1e-9, atol=1e-9)


@pytest.mark.parametrize('n', [2, 3, 4, 300])
def test_cubic_spline_sizes_and_axis(n):
    rs = numpy.random.RandomState(n)
    x = numpy.sort(rs.uniform(0, 10, n))
    y = rs.standard_normal((2, n))
    r = si.CubicSpline(x, y, axis=1)
    c = ci.CubicSpline(cupy.asarray(x), cupy.asarray(y), axis=1)
    close(c(cupy.asarray(XN)), r(XN), rtol=1e-8, atol=1e-8)
    with pytest.raises(ValueError):
        ci.CubicSpline(cupy.asarray(x[::-1]), cupy.asarray(y), axis=1)


def test_pchip_akima_ppoly():
    x, y, xn = _d(X, Y, XN)
    close(ci.PchipInterpolator(x, y)(xn), si.PchipInterpolator(X, Y)(XN))
    close(ci.pchip_interpolate(x, y, xn, der=1),
          si.pchip_interpolate(X, Y, XN, der=1))
    for m in ('akima', 'makima'):
        close(ci.Akima1DInterpolator(x, y, method=m)(xn),
              si.Akima1DInterpolator(X, Y, method=m)(XN))
    with pytest.raises(ValueError):
        ci.PchipInterpolator(x, y + 1j)
    c = _rs.standard_normal((4, 5, 2))
    bp = numpy.arange(6.)
    r = si.PPoly(c, bp)
    d = ci.PPoly(cupy.asarray(c), cupy.asarray(bp))
    t = numpy.linspace(-0.5, 5.5, 23)
    close(d(cupy.asarray(t)), r(t))
    close(d(cupy.asarray(t), extrapolate=False), r(t, extrapolate=False))
    close(d.derivative()(cupy.asarray(t)), r.derivative()(t))
    close(d.antiderivative(2)(cupy.asarray(t)), r.antiderivative(2)(t))
    close(d.integrate(0.5, 4.5), r.integrate(0.5, 4.5))
    rd = si.PPoly(c, bp[::-1])
    dd = ci.PPoly(cupy.asarray(c), cupy.asarray(bp[::-1]))
    close(dd(cupy.asarray(t)), rd(t))


@pytest.mark.parametrize('k', [0, 1, 2, 3, 5])
def test_make_interp_spline_bspline(k):
    x, y, xn = _d(X, Y, XN)
    r = si.make_interp_spline(X, Y, k=k)
    from cupy._core import _fallback
    before = sum(_fallback.fallback_counts().values())
    c = ci.make_interp_spline(x, y, k=k)
    # every degree solves on the device (k >= 2: banded collocation)
    assert sum(_fallback.fallback_counts().values()) == before
    close(c(xn), r(XN))
    close(c(xn, min(k, 1)), r(XN, min(k, 1)))
    t = numpy.r_[0, 0, 0, 0, numpy.sort(_rs.uniform(0, 1, 6)), 1, 1, 1, 1]
    coef = _rs.standard_normal(10)
    b = si.BSpline(t, coef, 3)
    cb = ci.BSpline(cupy.asarray(t), cupy.asarray(coef), 3)
    tt = numpy.linspace(-0.2, 1.2, 30)
    close(cb(cupy.asarray(tt)), b(tt))
    close(cb(cupy.asarray(tt), extrapolate=False), b(tt, extrapolate=False))
    close(cb.derivative(2)(cupy.asarray(tt)), b.derivative(2)(tt))
    with pytest.raises(ValueError):
        ci.BSpline(cupy.asarray(t[:5]), cupy.asarray(coef), 3)


@pytest.mark.parametrize('method', ['linear', 'nearest', 'slinear'])
def test_regular_grid(method):
    g = (numpy.linspace(0, 1, 5),
         numpy.r_[0, numpy.sort(_rs.uniform(0, 2, 5)), 2],
         numpy.linspace(3, 1, 4))
    v = _rs.standard_normal((5, 7, 4, 2))
    pts = _rs.uniform(0, 1, (30, 3)) * [1, 2, 2] + [0, 0, 1]
    dg = tuple(cupy.asarray(p) for p in g)
    close(ci.RegularGridInterpolator(dg, cupy.asarray(v), method)(
        cupy.asarray(pts)), si.RegularGridInterpolator(g, v, method)(pts))
    out = pts * 1.5
    close(ci.RegularGridInterpolator(dg, cupy.asarray(v), method,
                                     bounds_error=False)(cupy.asarray(out)),
          si.RegularGridInterpolator(g, v, method, bounds_error=False)(out))
    close(ci.interpn(dg, cupy.asarray(v), cupy.asarray(pts), method),
          si.interpn(g, v, pts, method))
    with pytest.raises(ValueError):
        ci.RegularGridInterpolator(dg, cupy.asarray(v))(cupy.asarray(out))
    with pytest.raises(ValueError):
        ci.RegularGridInterpolator(dg, cupy.asarray(v))(cupy.ones((2, 2)))
