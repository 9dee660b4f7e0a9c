"""Bessel functions of integer order: j0 j1 y0 y1 yn i0 i0e i1 i1e k0
k0e k1 k1e.

Cephes' algorithms (j0.c, j1.c, yn.c, i0.c, i1.c, k0.c, k1.c; SciPy uses
them through xsf): Chebyshev series and rational approximations on
intervals, each evaluated on the whole array and selected; the
coefficients are in _bessel_data.py.  For x > 5 the phase is x - pi/4
(x - 3 pi/4): SciPy up to 1.17 rounds it and takes its cosine and sine;
newer xsf takes cos(x) and sin(x) from 10 on and combines them (the
exact phase, which differs where x - pi/4 rounds, by up to the amplitude
itself at 1e16).  The large-x form of each function here is the
installed SciPy's, found once (_exact_phase: SciPy's versions changed
them one function at a time), so the functions agree with the SciPy they
are compared with; yn's recurrence starts from these y0 and y1.
"""

import math

import numpy
import scipy.special as _sc

from cupyx.scipy.special import _rounds, _trig
from cupyx.scipy.special import _xp
from cupyx.scipy.special import _bessel_data as D
from cupyx.scipy.special import _i0_data as D0
from cupyx.scipy.special._poly import polevl, p1evl, chbevl
from cupyx.scipy.special._ufuncs import define

_MAXLOG = 7.09782712893383996843E2
_SQRT2OPI = math.sqrt(2.0 / math.pi)
_SQRT1OPI = math.sqrt(1.0 / math.pi)
_THPIO4 = 3.0 * math.pi / 4.0
_2_PI = 2.0 / math.pi
_EXACT_FROM = 10.0
# per function: whether the installed SciPy takes the exact phase
_EXACT = {}


def _exact_phase(name):
    """Whether the installed SciPy's ``name`` (j0, y0, j1, y1) uses the
    exact phase at large x: the form whose value at 1e17 (where x - pi/4
    rounds by 8) is SciPy's, found once."""
    e = _EXACT.get(name)
    if e is None:
        fn = globals()[name]
        x = numpy.array([1e17])
        want = getattr(_sc, name)(x)
        rounded = fn(x, numpy, exact=False)
        exact = fn(x, numpy, exact=True)
        e = bool(numpy.abs(exact - want) < numpy.abs(rounded - want))
        _EXACT[name] = e
    return e


def _hankel(xl, p, wq, shift, exact, xp):
    """sqrt(2 / (pi x)) (p cos(x - shift) - wq sin(x - shift)) and
    sqrt(2 / (pi x)) (p sin(x - shift) + wq cos(x - shift)), shift pi/4
    or 3 pi/4: with the rounded phase, or with ``exact`` for x >= 10 the
    exact one from cos(x) and sin(x) (cos(x - pi/4) = (cos x + sin x) /
    sqrt 2, cos(x - 3 pi/4) = (sin x - cos x) / sqrt 2)."""
    xn = xl - shift
    root = xp.sqrt(xl)
    # Cephes' order of roundings
    # sin/cos rounded as the C library's that SciPy calls (_trig.py)
    sn, cs = _trig.sincos(xn, xp)
    first = (p * cs - wq * sn) * _SQRT2OPI / root
    second = (p * sn + wq * cs) * _SQRT2OPI / root
    if not exact:
        return first, second
    # newer xsf's combinations and order of roundings: j0 (p + wq) cos x
    # + (p - wq) sin x, y0 (wq - p) cos x + (p + wq) sin x, both over
    # sqrt(pi x); j1 (sqrt(1/2) (wq - p) cos x + sqrt(1/2) (p + wq) sin x)
    # sqrt(2 / (pi x)); y1 ((wq - p) sin x - (p + wq) cos x) / sqrt(pi x)
    sn, c = _trig.sincos(xl, xp)
    plus, minus = p + wq, wq - p
    if shift == _THPIO4:
        j = (math.sqrt(0.5) * minus * c + math.sqrt(0.5) * plus * sn) * \
            _SQRT2OPI / root
        y = (minus * sn - plus * c) * _SQRT1OPI / root
    else:
        j = (plus * c + (p - wq) * sn) * _SQRT1OPI / root
        y = (minus * c + plus * sn) * _SQRT1OPI / root
    big = xl >= _EXACT_FROM
    return xp.where(big, j, first), xp.where(big, y, second)


def _scale_exp(z, v, xp):
    # exp(z) v: inf where exp(z) overflows, as SciPy 1.17's i0/i1 (newer
    # xsf splits exp(z) in halves there)
    return xp.exp(z) * v


def _nan(f):
    """f with NaN arguments giving NaN (the selections above replace
    them by in-range stand-ins)."""
    def g(*args, xp=_xp):
        r = f(*args, xp=xp)
        bad = xp.isnan(args[0])
        for a in args[1:]:
            bad = bad | xp.isnan(a)
        return xp.where(bad, numpy.nan, r)
    g.__name__ = f.__name__
    g.__doc__ = f.__doc__
    return g


def _i_piece(x, xp, a, b, small, large):
    """small(z, chbevl(a) on [0, 8]) where z = |x| <= 8, large(z,
    chbevl(b) / sqrt(z)) beyond (and for NaN), the branch most elements
    take on all of them, the other on its own elements
    (``_rounds.two_ways``); the sign of x is the caller's."""
    (x,), shape = _rounds.flat(xp, x)
    z = xp.absolute(x)
    out = _rounds.two_ways(
        xp, z <= 8.0, lambda z: small(z, chbevl(z / 2.0 - 2.0, a)),
        lambda z: large(z, chbevl(32.0 / z - 2.0, b) / xp.sqrt(z)), (z,))
    return x, out, shape


# x^2 of |x| <= 8 to 26 significant bits by rounding at 2^-23 (adding
# and subtracting 2^29): its square is exact
_SPLIT_26 = 2.0 ** 29


def _i0_small(z, xp, exact):
    """I0(z) for 0 <= z <= 8: 1 + a P(a), a = z^2 (_i0_data.py).  a is
    rounded, and I0 grows by a factor (z/2) I1/I0 (3.7 at 8) of a's
    relative error: `exact` (float64) adds the first-order term of the
    rounding error d = z^2 - a, I0 d (d log I0 / da), d exact from z's
    26-bit head h and tail l (z^2 = h^2 + (z + h) l), and d log I0 / da =
    I1 / (2 z I0), from 1/4 at 0 to 0.058 at 8, taken as 1 / (4 + 1.75
    z) (within 25%: the term is at most 2 ulp, so 0.15 ulp is left)."""
    a = z * z
    s = 1.0 + a * polevl(a, D0.SMALL if exact else D0.SMALL_F32)
    if not exact:
        return s
    h = (z + _SPLIT_26) - _SPLIT_26
    d = (h * h - a) + (z + h) * (z - h)
    return s + s * (d / (1.75 * z + 4.0))


def _i0_large(z, xp, exact):
    """I0(z) exp(-z) for z > 8 (and NaN): G(8 / z) / sqrt(z)."""
    g = polevl(D0.SPLIT / z, D0.LARGE if exact else D0.LARGE_F32)
    return g / xp.sqrt(z)


def _i0_two_ways(x, xp, small, large):
    """i0/i0e: small(z, exact) where z = |x| <= 8, large(z, exact)
    beyond (and for NaN), the branch most elements take on all of them,
    the other on its own elements (``_rounds.two_ways``).  A float32 x
    (the float32 loops) computes in float64 with the float32 forms."""
    (x,), shape = _rounds.flat(xp, x)
    exact = x.dtype != numpy.float32
    z = xp.absolute(x.astype(numpy.float64, copy=False))
    out = _rounds.two_ways(xp, z <= D0.SPLIT, lambda v: small(v, exact),
                           lambda v: large(v, exact), (z,))
    return out.reshape(shape)


def i0(x, xp=_xp):
    # exp(z) times (G / sqrt(z)), Cephes' order: inf where exp(z)
    # overflows, as SciPy 1.17's i0 (newer xsf splits exp(z) in halves)
    return _i0_two_ways(
        x, xp, lambda z, e: _i0_small(z, xp, e),
        lambda z, e: _scale_exp(z, _i0_large(z, xp, e), xp))


def i0e(x, xp=_xp):
    return _i0_two_ways(
        x, xp, lambda z, e: _i0_small(z, xp, e) * xp.exp(-z),
        lambda z, e: _i0_large(z, xp, e))


def i1(x, xp=_xp):
    x, r, shape = _i_piece(x, xp, D.I1_A, D.I1_B,
                           lambda z, s: s * z * xp.exp(z),
                           lambda z, v: _scale_exp(z, v, xp))
    return xp.where(x < 0.0, -r, r).reshape(shape)


def i1e(x, xp=_xp):
    x, r, shape = _i_piece(x, xp, D.I1_A, D.I1_B, lambda z, s: s * z,
                           lambda z, v: v)
    return xp.where(x < 0.0, -r, r).reshape(shape)


def _k_edges(x, r, xp):
    r = xp.where(x == 0.0, numpy.inf, r)
    return xp.where(x < 0.0, numpy.nan, r)


def _k0_small(xs, xp):
    y = xs * xs - 2.0
    return chbevl(y, D.K0_A) - xp.log(0.5 * xs) * i0(xs, xp)


def _k(x, xp, small_fn, b, scaled):
    """K0/K1 (scaled: times exp(x)): small_fn on (0, 2], the Chebyshev
    series b over 8/x - 2 times exp(-x)/sqrt(x) beyond (k0.c, k1.c)."""
    xs = xp.where((x <= 2.0) & (x > 0), x, 1.0)
    xl = xp.where(x > 2.0, x, 3.0)
    large = chbevl(8.0 / xl - 2.0, b) / xp.sqrt(xl)
    small = small_fn(xs, xp)
    if scaled:
        small = small * xp.exp(xs)
    else:
        large = xp.exp(-xl) * large
    return _k_edges(x, xp.where(x <= 2.0, small, large), xp)


def _k1_small(xs, xp):
    y = xs * xs - 2.0
    return xp.log(0.5 * xs) * i1(xs, xp) + chbevl(y, D.K1_A) / xs


def k0(x, xp=_xp):
    return _k(x, xp, _k0_small, D.K0_B, False)


def k0e(x, xp=_xp):
    return _k(x, xp, _k0_small, D.K0_B, True)


def k1(x, xp=_xp):
    return _k(x, xp, _k1_small, D.K1_B, False)


def k1e(x, xp=_xp):
    return _k(x, xp, _k1_small, D.K1_B, True)


def _pq(xl, pp, pq, qp, qq, xp, square=True):
    """The asymptotic amplitudes P, Q of j0.c/j1.c for x > 5 (their
    argument (5 / x)^2 as w * w, or as 25 / (x x) where j0.c does)."""
    w = 5.0 / xl
    z = w * w if square else 25.0 / (xl * xl)
    p = polevl(z, pp) / polevl(z, pq)
    q = polevl(z, qp) / p1evl(z, qq)
    return w, p, q


def _j0_small(x, xp):
    z = x * x
    p = (z - D.J0_DR1) * (z - D.J0_DR2)
    return p * polevl(z, D.J0_RP) / p1evl(z, D.J0_RQ)


def j0(x, xp=_xp, exact=None):
    if exact is None:
        exact = _exact_phase('j0')
    ax = xp.absolute(x)
    xs = xp.where(ax <= 5.0, ax, 1.0)
    small = _j0_small(xs, xp)
    small = xp.where(xs < 1.0e-5, 1.0 - xs * xs / 4.0, small)
    small = xp.where(xs < 3e-8, 1.0, small)
    xl = xp.where(ax > 5.0, ax, 6.0)
    w, p, q = _pq(xl, D.J0_PP, D.J0_PQ, D.J0_QP, D.J0_QQ, xp, False)
    large = _hankel(xl, p, w * q, math.pi / 4.0, exact, xp)[0]
    return xp.where(ax <= 5.0, small, large)


def y0(x, xp=_xp, exact=None):
    if exact is None:
        exact = _exact_phase('y0')
    xs = xp.where((x <= 5.0) & (x > 0), x, 1.0)
    z = xs * xs
    small = polevl(z, D.J0_YP) / p1evl(z, D.J0_YQ) + \
        _2_PI * xp.log(xs) * j0(xs, xp)
    tiny = D.J0_YP[7] / D.J0_YQ[6] + _2_PI * xp.log(xs)
    small = xp.where(xs < 3e-8, tiny, small)
    xl = xp.where(x > 5.0, x, 6.0)
    w, p, q = _pq(xl, D.J0_PP, D.J0_PQ, D.J0_QP, D.J0_QQ, xp, False)
    large = _hankel(xl, p, w * q, math.pi / 4.0, exact, xp)[1]
    r = xp.where(x <= 5.0, small, large)
    r = xp.where(x == 0.0, -numpy.inf, r)
    return xp.where(x < 0.0, numpy.nan, r)


def _j1_pos(ax, xp, exact=False):
    xs = xp.where(ax <= 5.0, ax, 1.0)
    z = xs * xs
    small = polevl(z, D.J1_RP) / p1evl(z, D.J1_RQ)
    small = small * xs * (z - D.J1_Z1) * (z - D.J1_Z2)
    small = xp.where(xs < D.SQRT_EPS, 0.5 * xs, small)
    xl = xp.where(ax > 5.0, ax, 6.0)
    w, p, q = _pq(xl, D.J1_PP, D.J1_PQ, D.J1_QP, D.J1_QQ, xp)
    large = _hankel(xl, p, w * q, _THPIO4, exact, xp)[0]
    return xp.where(ax <= 5.0, small, large)


def j1(x, xp=_xp, exact=None):
    if exact is None:
        exact = _exact_phase('j1')
    r = _j1_pos(xp.absolute(x), xp, exact)
    return xp.where(x < 0, -r, r)


def y1(x, xp=_xp, exact=None):
    if exact is None:
        exact = _exact_phase('y1')
    xs = xp.where((x <= 5.0) & (x > 0), x, 1.0)
    z = xs * xs
    small = xs * (polevl(z, D.J1_YP) / p1evl(z, D.J1_YQ))
    small = small + _2_PI * (_j1_pos(xs, xp) * xp.log(xs) - 1.0 / xs)
    xl = xp.where(x > 5.0, x, 6.0)
    w, p, q = _pq(xl, D.J1_PP, D.J1_PQ, D.J1_QP, D.J1_QQ, xp)
    large = _hankel(xl, p, w * q, _THPIO4, exact, xp)[1]
    r = xp.where(x <= 5.0, small, large)
    r = xp.where(x == 0.0, -numpy.inf, r)
    return xp.where(x < 0.0, numpy.nan, r)


# _i_piece's large branch gives NaN for NaN: no _nan pass needed.
# same_float: i0's float32 loop gets float32 arrays, so that _i_piece can
# cut its series (it computes in float64 all the same)
i0_ = define(_sc.i0, i0, same_float=True)
i0e_ = define(_sc.i0e, i0e, same_float=True)
i1_ = define(_sc.i1, i1)
i1e_ = define(_sc.i1e, i1e)
k0_ = define(_sc.k0, _nan(k0))
k0e_ = define(_sc.k0e, _nan(k0e))
k1_ = define(_sc.k1, _nan(k1))
k1e_ = define(_sc.k1e, _nan(k1e))
j0_ = define(_sc.j0, _nan(j0))
j1_ = define(_sc.j1, _nan(j1))
y0_ = define(_sc.y0, _nan(y0))
y1_ = define(_sc.y1, _nan(y1))
