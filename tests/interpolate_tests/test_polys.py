"""cupyx.scipy.interpolate against SciPy: BPoly (evaluation, calculus,
extend, basis conversions, from_derivatives), NdPPoly, KroghInterpolator,
BarycentricInterpolator, NdBSpline / make_ndbspl and
RegularGridInterpolator's spline methods."""

import warnings

import numpy
import pytest

import cupy
import cupyx.scipy.interpolate as ci
from cupyx.scipy.interpolate import _ndbspline
from tests.signal_tests.helpers import close

si = pytest.importorskip('scipy.interpolate')

pytestmark = pytest.mark.filterwarnings(
    'ignore::cupy._core._fallback.PerformanceWarning')

_rs = numpy.random.RandomState(1)
X = numpy.sort(_rs.uniform(0, 10, 8))
C = _rs.uniform(-1, 1, (4, 7, 2))
XN = numpy.linspace(-1, 11, 23)


def test_bpoly_eval_calculus():
    b = ci.BPoly(cupy.asarray(C), cupy.asarray(X))
    h = si.BPoly(C, X)
    xn = cupy.asarray(XN)
    close(b(xn), h(XN))
    close(b(xn, nu=2), h(XN, nu=2))
    close(b.derivative()(xn), h.derivative()(XN))
    close(b.antiderivative(2)(xn), h.antiderivative(2)(XN))
    close(b.integrate(0.5, 9.0), h.integrate(0.5, 9.0))
    close(b.integrate(9.0, -3.0, extrapolate=True),
          h.integrate(9.0, -3.0, extrapolate=True))
    bp = ci.BPoly(cupy.asarray(C), cupy.asarray(X), extrapolate='periodic')
    hp = si.BPoly(C, X, extrapolate='periodic')
    close(bp(xn), hp(XN))
    close(bp.integrate(-4.0, 23.0), hp.integrate(-4.0, 23.0))
    b2 = ci.BPoly(cupy.asarray(C[:2, :3]), cupy.asarray(X[:4]))
    h2 = si.BPoly(C[:2, :3], X[:4])
    b2.extend(cupy.asarray(C[:, 3:]), cupy.asarray(X[4:]))
    h2.extend(C[:, 3:], X[4:])
    close(b2.c, h2.c)
    close(b2(xn), h2(XN))


def test_bpoly_conversions_and_errors():
    p = ci.PPoly(cupy.asarray(C), cupy.asarray(X))
    hp = si.PPoly(C, X)
    b = ci.BPoly.from_power_basis(p)
    hb = si.BPoly.from_power_basis(hp)
    close(b.c, hb.c)
    close(ci.PPoly.from_bernstein_basis(b).c,
          si.PPoly.from_bernstein_basis(hb).c)
    with pytest.raises(TypeError):
        ci.BPoly.from_power_basis(b)
    with pytest.raises(TypeError):
        ci.PPoly.from_bernstein_basis(p)
    with pytest.raises(ValueError):
        ci.BPoly(cupy.asarray([1., 2.]), cupy.asarray([0., 1.]))


@pytest.mark.parametrize('orders', [None, 2, 3, [3, 3, 1], [2, 1, 3]])
def test_bpoly_from_derivatives(orders):
    xi = [0., 1., 3., 4.]
    yi = [[1., 2., 0.5], [0., -1.], [2., 0., 1.], [1., 3.]]
    b = ci.BPoly.from_derivatives(cupy.asarray(xi), yi, orders=orders)
    h = si.BPoly.from_derivatives(xi, yi, orders=orders)
    close(b.c, h.c)
    close(b(cupy.asarray(XN)), h(XN))
    with pytest.raises(ValueError):
        ci.BPoly.from_derivatives(cupy.asarray([0., 0., 1.]),
                                  [[0.], [0.], [0.]])
    with pytest.raises(ValueError):
        ci.BPoly.from_derivatives(cupy.asarray(xi), yi, orders=0)


def test_ndppoly():
    rs = numpy.random.RandomState(2)
    c = rs.uniform(-1, 1, (3, 4, 5, 6))
    x = numpy.linspace(0, 1, 6)
    y = numpy.linspace(0, 2, 7) ** 2
    pts = rs.uniform(-0.1, 1.1, (30, 2)) * [1, 4]
    h = si.NdPPoly(c, (x, y))
    d = ci.NdPPoly(cupy.asarray(c), (cupy.asarray(x), cupy.asarray(y)))
    close(d(cupy.asarray(pts)), h(pts))
    close(d(cupy.asarray(pts), nu=(1, 2)), h(pts, nu=(1, 2)))
    close(d.derivative((1, 0)).c, h.derivative((1, 0)).c)
    close(d.antiderivative((0, 2)).c, h.antiderivative((0, 2)).c)
    close(d.integrate_1d(0.2, 0.7, axis=1)(cupy.asarray(pts[:, 0])),
          h.integrate_1d(0.2, 0.7, axis=1)(pts[:, 0]))
    close(d.integrate([(0, 0.5), (1.0, 0.3)]),
          h.integrate([(0, 0.5), (1.0, 0.3)]))
    d = ci.NdPPoly(cupy.asarray(c), (cupy.asarray(x), cupy.asarray(y)),
                   extrapolate=False)
    h = si.NdPPoly(c, (x, y), extrapolate=False)
    close(d(cupy.asarray(pts)), h(pts))


@pytest.mark.parametrize('dtype', [numpy.float32, numpy.float64,
                                   numpy.int64])
def test_krogh(dtype):
    xs = numpy.array([-1, -0.5, 0, 0, 0.5, 1, 1]).astype(dtype) \
        if dtype != numpy.int64 else numpy.array([-2, -1, 0, 0, 1, 2, 2])
    ys = numpy.stack([numpy.cos(numpy.arange(7.)),
                      numpy.arange(7.) ** 2], axis=1).astype(dtype)
    xt = numpy.linspace(-2, 2, 9).astype(dtype)
    h = si.KroghInterpolator(xs, ys)
    d = ci.KroghInterpolator(cupy.asarray(xs), cupy.asarray(ys))
    close(d(cupy.asarray(xt)), h(xt), rtol=1e-8)
    close(d.derivatives(cupy.asarray(xt)), h.derivatives(xt), rtol=1e-8)
    close(d.derivative(cupy.asarray(xt), 3), h.derivative(xt, 3), rtol=1e-8)
    close(d.derivatives(cupy.asarray(xt), 9), h.derivatives(xt, 9),
          rtol=1e-8)
    close(ci.krogh_interpolate(cupy.asarray(xs), cupy.asarray(ys.T),
                               cupy.asarray(xt), der=[0, 2], axis=1),
          si.krogh_interpolate(xs, ys.T, xt, der=[0, 2], axis=1),
          rtol=1e-8)
    close(d(cupy.asarray(0.3)), h(0.3), rtol=1e-8)


def test_barycentric():
    xs = numpy.cos(numpy.arange(12) * numpy.pi / 11)
    ys = numpy.stack([xs ** 5 - xs, numpy.exp(xs)], axis=1)
    xt = numpy.linspace(-1.2, 1.2, 31)
    xt[3] = xs[4]                          # an exact node
    h = si.BarycentricInterpolator(xs, ys)
    d = ci.BarycentricInterpolator(cupy.asarray(xs), cupy.asarray(ys))
    close(d.wi, h.wi)
    close(d(cupy.asarray(xt)), h(xt))
    d = ci.BarycentricInterpolator(cupy.asarray(xs[:5]))
    d.set_yi(cupy.asarray(ys[:5]))
    d.add_xi(cupy.asarray(xs[5:]), cupy.asarray(ys[5:]))
    close(d(cupy.asarray(xt)), h(xt))
    close(ci.barycentric_interpolate(cupy.asarray(xs), cupy.asarray(ys[:, 0]),
                                     cupy.asarray(xt)),
          si.barycentric_interpolate(xs, ys[:, 0], xt))
    with pytest.raises(ValueError):
        ci.BarycentricInterpolator(cupy.asarray([0., 1., 1.]))


def test_ndbspline_and_make():
    rs = numpy.random.RandomState(3)
    x = numpy.cumsum(rs.uniform(0.5, 1, 7))
    y = numpy.cumsum(rs.uniform(0.5, 1, 8))
    v = rs.uniform(-1, 1, (7, 8, 2))
    pts = numpy.stack([rs.uniform(x[0], x[-1], 20),
                       rs.uniform(y[0], y[-1], 20)], axis=1)
    for k in [(3, 3), (1, 3), (5, 1)]:
        d = _ndbspline.make_ndbspl((cupy.asarray(x), cupy.asarray(y)),
                                   cupy.asarray(v), k=k)
        hnd = si.NdBSpline(tuple(cupy.asnumpy(t) for t in d.t),
                           cupy.asnumpy(d.c), k)
        close(d(cupy.asarray(pts)), hnd(pts))
        close(d(cupy.asarray(pts), nu=(1, 1)), hnd(pts, nu=(1, 1)))
        # interpolates the data at the grid nodes
        g = numpy.stack(numpy.meshgrid(x, y, indexing='ij'), axis=-1)
        close(d(cupy.asarray(g)), v, rtol=1e-9, atol=1e-10)
    hnd = si.NdBSpline(tuple(cupy.asnumpy(t) for t in d.t),
                       cupy.asnumpy(d.c), (5, 1), extrapolate=False)
    dnd = ci.NdBSpline(d.t, d.c, (5, 1), extrapolate=False)
    out = pts * 1.5
    close(dnd(cupy.asarray(out)), hnd(out))
    with pytest.raises(ValueError):
        ci.NdBSpline(d.t, d.c[:3], (5, 1))


@pytest.mark.parametrize('method', ['cubic', 'quintic', 'pchip',
                                    'cubic_legacy'])
def test_rgi_spline_methods(method):
    rs = numpy.random.RandomState(4)
    x = numpy.sort(rs.uniform(0, 3, 7))
    y = numpy.sort(rs.uniform(0, 2, 6))[::-1]
    v = rs.uniform(-1, 1, (7, 6))
    pts = numpy.stack([rs.uniform(-0.5, 3.5, 25),
                       rs.uniform(-0.5, 2.5, 25)], axis=1)
    pts[2, 0] = numpy.nan
    # SciPy solves 'cubic'/'quintic' with an iterative solver (gcrotmk,
    # ~1e-5 accurate); its '_legacy' forms solve the same interpolation
    # problem exactly, one dimension at a time
    ref = method if method in ('pchip', 'cubic_legacy') else \
        method + '_legacy'
    h = si.RegularGridInterpolator((x, y), v, method=ref,
                                   bounds_error=False)
    d = ci.RegularGridInterpolator((cupy.asarray(x), cupy.asarray(y)),
                                   cupy.asarray(v), method=method,
                                   bounds_error=False)
    close(d(cupy.asarray(pts)), h(pts))
    h.fill_value = None
    d.fill_value = None
    close(d(cupy.asarray(pts[3:])), h(pts[3:]))
    inside = numpy.stack([rs.uniform(x[0], x[-1], 9),
                          rs.uniform(y[-1], y[0], 9)], axis=1)
    close(ci.interpn((cupy.asarray(x), cupy.asarray(y)), cupy.asarray(v),
                     cupy.asarray(inside), method=method),
          si.interpn((x, y), v, inside, method=ref))
    with pytest.raises(ValueError):
        ci.RegularGridInterpolator((cupy.asarray(x[:3]), cupy.asarray(y)),
                                   cupy.asarray(v[:3]), method='quintic')


def test_make_lsq_spline():
    rs = numpy.random.RandomState(5)
    x = numpy.sort(rs.uniform(0, 1, 40))
    y = numpy.stack([numpy.sin(6 * x), x ** 2], axis=1) + \
        rs.normal(0, 0.05, (40, 2))
    k = 3
    t = numpy.r_[(x[0],) * (k + 1), numpy.linspace(x[0], x[-1], 7)[1:-1],
                 (x[-1],) * (k + 1)]
    w = rs.uniform(0.5, 2, 40)
    for ww in (None, w):
        h = si.make_lsq_spline(x, y, t, k, w=ww)
        d = ci.make_lsq_spline(cupy.asarray(x), cupy.asarray(y),
                               cupy.asarray(t), k,
                               w=None if ww is None else cupy.asarray(ww))
        close(d.c, h.c, rtol=1e-8, atol=1e-10)
    with pytest.raises(ValueError):
        ci.make_lsq_spline(cupy.asarray(x[::-1]), cupy.asarray(y),
                           cupy.asarray(t), k)


def test_splder_splantider():
    x = numpy.linspace(0, 1, 12)
    ref = si.make_interp_spline(x, numpy.sin(3 * x), k=3)
    spl = ci.BSpline(cupy.asarray(ref.t), cupy.asarray(ref.c), 3)
    xx = numpy.linspace(0, 1, 7)
    for name in ('splder', 'splantider'):
        for n in (1, 2):
            got = getattr(ci, name)(spl, n)(cupy.asarray(xx))
            numpy.testing.assert_allclose(
                cupy.asnumpy(got), getattr(si, name)(ref, n)(xx),
                rtol=1e-12, atol=1e-12)
    t, c, k = ci.splder((spl.t, spl.c, 3))
    assert k == 2 and isinstance(c, cupy.ndarray)
    with pytest.raises(ValueError):
        ci.splder(spl, 4)


@pytest.mark.parametrize('lam', [None, 0.01])
def test_make_smoothing_spline(lam):
    from cupy._core import _fallback
    x = numpy.linspace(0, 3, 40)
    y = numpy.sin(x) + 0.1 * numpy.cos(7 * x)
    w = numpy.linspace(1, 2, 40)
    ref = si.make_smoothing_spline(x, y, w=w, lam=lam)
    key = ('interpolate.make_smoothing_spline', 'fit')
    before = _fallback.fallback_counts().get(key, 0)
    with warnings.catch_warnings():
        # the once-per-process PerformanceWarning of a counted fallback
        warnings.simplefilter('ignore', cupy.PerformanceWarning)
        spl = ci.make_smoothing_spline(cupy.asarray(x), cupy.asarray(y),
                                       w=cupy.asarray(w), lam=lam)
    assert _fallback.fallback_counts().get(key, 0) == before + 1
    xx = numpy.linspace(-0.5, 3.5, 23)
    numpy.testing.assert_allclose(cupy.asnumpy(spl(cupy.asarray(xx))),
                                  ref(xx), rtol=1e-12, atol=1e-12)

