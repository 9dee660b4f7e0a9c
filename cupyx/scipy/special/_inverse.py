"""Inverses of the incomplete gamma and beta functions and the quantiles
built on them: gammaincinv, gammainccinv, betaincinv (btdtri), chdtri,
pdtri, bdtri, fdtri, nbdtri.

An initial guess in closed form (the normal-quantile approximation of
Abramowitz and Stegun 26.2.22 through Wilson-Hilferty's cube for the
gamma, A&S 26.5.22 for the beta, and the small-argument power laws), then
Newton's steps on the logarithm of the smaller tail (log P in log x,
log Q in x, log I in log x at the end x is nearer to: each nearly linear
there, so that a guess far off still converges), all elements at once,
until a step is below 1e-11 relative (the error after it ~1e-22) or 40
steps (one read per step).  SciPy uses DiDonato-Morris' initial guess (igami)
and Boost's ibeta_inv; the results agree to the bound in the tests.
"""


import functools

import numpy
import scipy.special as _sc

from cupyx.scipy.special import _xp
from cupyx.scipy.special import _rounds
from cupyx.scipy.special._erf import ndtri
from cupyx.scipy.special._exp_log import expm1
from cupyx.scipy.special._gamma import gammaln
from cupyx.scipy.special._igam import _igam
from cupyx.scipy.special._incbet import incbet, _lbeta
from cupyx.scipy.special._ufuncs import define

_EPS = 2.220446049250313e-16
_STEPS = 40
_TOL = 1e-11


def _newton(xp, t, g, params, log_space):
    """t updated by Newton's steps t -= g / g' (g(t, *params) -> (g, g'))
    until a step is below _TOL (relative to t's x: absolute in t where t
    is log x) or _STEPS steps.  Each step runs on the elements
    still stepping (``_rounds.converge``, one read per step).  Where t is
    x itself, a step to x <= 0 halves x instead."""
    def step(st):
        t, _, *ps = st
        v, d = g(t, *ps)
        s = v / d
        s = xp.where(xp.isfinite(s), s, 0.0)
        nt = t - s
        if not log_space:
            nt = xp.where(nt <= 0, 0.5 * t, nt)
        return (nt, s, *ps)

    def done(st):
        # Newton's error after a step s is ~ s^2: a step below 1e-11 has
        # left the root to rounding, and the functions' own rounding
        # (1e-13 and more) keeps smaller steps from ever settling
        t, s = st[0], st[1]
        scale = 1.0 if log_space else xp.absolute(t)
        return ~(xp.absolute(s) > _TOL * scale)
    st = _rounds.converge(xp, step, (t, t * 0.0 + 1.0) + tuple(params),
                          done, _STEPS, every=1)
    return st[0]


def _gamma_guess(a, p, q, xp):
    """x with P(a, x) ~ p (Q = q)."""
    # a > 1: Wilson-Hilferty: x = a (1 - 1/(9a) + z / (3 sqrt(a)))^3 with
    # z the normal quantile of p
    z = ndtri(xp.where(p < q, p, 1.0 - q), xp)
    z = xp.where(p < q, z, -ndtri(xp.where(p < q, 0.5, q), xp))
    wh = a * (1.0 - 1.0 / (9.0 * a) + z / (3.0 * xp.sqrt(a))) ** 3
    # a <= 1: P ~ x^a / Gamma(a + 1) up to t = 1 - a (0.253 + 0.12 a),
    # Q ~ e^-x (1 - t) beyond (Numerical Recipes' invgammp guess)
    t = 1.0 - a * (0.253 + a * 0.12)
    small = xp.exp((xp.log(p / t)) / a)
    large = 1.0 - xp.log(q / (1.0 - t))
    x = xp.where(a > 1.0, wh, xp.where(p < t, small, large))
    x = xp.where((a > 1.0) & ((x <= 0) | ~xp.isfinite(x)),
                 xp.exp((xp.log(p) + gammaln(a + 1.0, xp)) / a), x)
    # x == 0 from the power law: the root underflows (SciPy's 0); other
    # failures: a
    return xp.where((x < 0) | ~xp.isfinite(x), a, x)


def _gamma_solve(a, p, q, upper, xp):
    """x with P(a, x) = p (upper False) or Q(a, x) = q (upper True), by
    Newton's method on log P in log x (P ~ x^a / Gamma(a+1): nearly
    linear there) or on log Q in x (log Q ~ -x)."""
    x = _gamma_guess(a, p, q, xp)
    lga = gammaln(a, xp)
    if upper:
        # q tiny: x ~ L + (a - 1) log x - log Gamma(a), L = -log q (the
        # leading term of Q), two fixed-point steps (valid where x >> a;
        # Wilson-Hilferty's cube elsewhere)
        L = -xp.log(q)
        xa = xp.maximum(L, 1.0)
        for _ in range(2):
            xa = xp.maximum(L + (a - 1.0) * xp.log(xa) - lga, 1.0)
        x = xp.where((q < 1e-2) & (xa > a), xa, x)
        step = functools.partial(_log_q_step, xp)
        return _newton(xp, x, step, (a, xp.log(q), lga, q), False)
    x0 = x
    step = functools.partial(_log_p_step, xp)
    t = _newton(xp, xp.log(xp.where(x0 > 0, x0, 1.0)), step,
                (a, xp.log(p), lga, gammaln(a + 1.0, xp), p), True)
    return xp.where(x0 == 0, 0.0, xp.exp(t))


def _residual(xp, pos, f, f0, lf, lf0):
    """log f - log f0: near the root (f within f0/2) as log1p((f - f0)/f0),
    which resolves f to its last bit where log f (~ -10) would only
    resolve it to ulp(log f) relative (CuPy's gammainccinv round trip at
    a = 1e-5 wants 1e-14 of x; the condition number is ~10 there)."""
    r = (f - f0) / xp.where(pos, f0, 1.0)
    near = pos & (xp.absolute(r) < 0.5)
    return xp.where(near, xp.log1p(xp.where(near, r, 0.0)), lf - lf0)


def _log_q_step(xp, x, a, lq0, lga, q0):
    Q = _igam(a, x, True, xp)
    dens = xp.exp((a - 1.0) * xp.log(x) - x - lga)
    # Q underflowed: its leading term
    pos = Q > 0
    Qs = xp.where(pos, Q, 1.0)
    lq = xp.where(pos, xp.log(Qs), (a - 1.0) * xp.log(x) - x - lga)
    d = xp.where(pos, -dens / Qs, (a - 1.0) / x - 1.0)
    return _residual(xp, pos, Q, q0, lq, lq0), d


def _log_p_step(xp, t, a, lp0, lga, lga1, p0):
    x = xp.exp(t)
    P = _igam(a, x, False, xp)
    # x dens / P = x^a e^-x / (Gamma(a) P); P underflowed: its leading
    # term x^a e^-x / Gamma(a + 1)
    pos = P > 0
    Ps = xp.where(pos, P, 1.0)
    lp = xp.where(pos, xp.log(Ps), a * t - x - lga1)
    d = xp.where(pos, xp.exp(a * t - x - lga) / Ps, a - x)
    return _residual(xp, pos, P, p0, lp, lp0), d


def _gaminv(a, p, q, xp):
    (a, p, q), shape = _rounds.flat(xp, a, p, q)
    out = _rounds.full(xp, a.size, numpy.nan)
    ok = (a > 0) & xp.isfinite(a) & (p >= 0) & (q >= 0)
    reg = ok & (p > 0) & (q > 0)
    # the smaller tail is the one solved (its probability is exact)
    for upper in (False, True):
        side = reg & ((q < p) if upper else (q >= p))
        _rounds.on_subset(
            xp, side, lambda a, p, q: _gamma_solve(a, p, q, upper, xp),
            (a, p, q), (out,))
    # p = 0 and 1 give 0 and inf for a = 0 and a = inf too (SciPy)
    edge = (a >= 0) & ~xp.isnan(a)
    out[...] = xp.where(edge & (p == 0), 0.0,
                        xp.where(edge & (q == 0), numpy.inf, out))
    return out.reshape(shape)


def gammaincinv(a, p, xp=_xp):
    r = _gaminv(a, p, 1.0 - p, xp)
    return xp.where((p < 0) | (p > 1), numpy.nan, r)


def gammainccinv(a, q, xp=_xp):
    r = _gaminv(a, 1.0 - q, q, xp)
    return xp.where((q < 0) | (q > 1), numpy.nan, r)


def chdtri(v, y, xp=_xp):
    # the chi-square quantile of the upper tail: Q(v/2, x/2) = y
    return 2.0 * gammainccinv(0.5 * v, y, xp)


def pdtri(k, y, xp=_xp):
    # the Poisson rate m with Q(k + 1, m) = y
    k = xp.floor(k)
    r = gammainccinv(k + 1.0, y, xp)
    # y = 1 (m = 0) is outside SciPy's (Cephes') domain
    return xp.where((k < 0) | (y >= 1), numpy.nan, r)


def _beta_guess(a, b, p, xp):
    """x with I_x(a, b) ~ p (A&S 26.5.22 for a, b >= 1; the power laws
    of the two ends otherwise)."""
    z = -ndtri(p, xp)
    al = (z * z - 3.0) / 6.0
    h = 2.0 / (1.0 / (2.0 * a - 1.0) + 1.0 / (2.0 * b - 1.0))
    w = z * xp.sqrt(al + h) / h - (1.0 / (2.0 * b - 1.0) -
                                   1.0 / (2.0 * a - 1.0)) * \
        (al + 5.0 / 6.0 - 2.0 / (3.0 * h))
    big = a / (a + b * xp.exp(2.0 * w))
    lna = xp.log(a / (a + b))
    lnb = xp.log(b / (a + b))
    t = xp.exp(a * lna) / a
    u = xp.exp(b * lnb) / b
    s = t + u
    lo = xp.exp(xp.log(a * s * p) / a)
    hi = -expm1(xp.log(b * s * (1.0 - p)) / b, xp)
    small = xp.where(p < t / s, lo, hi)
    x = xp.where((a >= 1.0) & (b >= 1.0), big, small)
    # x == 0 from the power law: the root underflows (SciPy's 0)
    ok = ((x > 0) & (x < 1)) | ((x == 0) & (p < t / s))
    return xp.where(ok, x, a / (a + b))


def _beta_solve(a, b, p, xp):
    """x with I_x(a, b) = p: Newton's method on log I in log x (I ~ x^a
    near 0)."""
    x0 = _beta_guess(a, b, p, xp)
    step = functools.partial(_log_i_step, xp)
    t = _newton(xp, xp.log(xp.where(x0 > 0, x0, 0.5)), step,
                (a, b, xp.log(p), _lbeta(a, b, xp), p), True)
    return xp.where(x0 == 0, 0.0, xp.minimum(xp.exp(t), 1.0))


def _log_i_step(xp, t, a, b, lp0, lb, p0):
    x = xp.exp(t)
    i = incbet(a, b, x, xp)
    # x dens / I = x^a (1-x)^(b-1) / (B I); I underflowed: its leading
    # term x^a / (a B)
    pos = i > 0
    i_s = xp.where(pos, i, 1.0)
    li = xp.where(pos, xp.log(i_s), a * t - xp.log(a) - lb)
    d = xp.where(pos, xp.exp(a * t + (b - 1.0) * xp.log1p(-x) - lb) / i_s,
                 a)
    return _residual(xp, pos, i, p0, li, lp0), d


def _betainv(a, b, p, q, xp):
    """(x, 1 - x) with I_x(a, b) = p, 1 - p = q: x solved, or 1 - x from
    I_{1-x}(b, a) = q where x is near 1."""
    (a, b, p, q), shape = _rounds.flat(xp, a, b, p, q)
    x = _rounds.full(xp, a.size, numpy.nan)
    xc = _rounds.full(xp, a.size, numpy.nan)
    ok = (a > 0) & (b > 0) & xp.isfinite(a) & xp.isfinite(b) & \
        (p >= 0) & (q >= 0)
    reg = ok & (p > 0) & (q > 0)
    # the end the root is nearer to is solved for (x or 1 - x), so that
    # it keeps its digits
    g = _beta_guess(xp.where(reg, a, 1.0), xp.where(reg, b, 1.0),
                    xp.where(reg, p, 0.5), xp)
    # (log I is flat in log x where I ~ 1, and x near 1 has its digits
    # in 1 - x: the complement is solved there, unless x is so small
    # that 1 - (1 - x) loses it, or p so small that q = 1 - p loses it)
    near1 = ((q < p) & (g > 1e-3)) | ((g > 0.5) & (p > 1e-4))
    _rounds.on_subset(
        xp, reg & ~near1,
        lambda a, b, p: (lambda r: (r, 1.0 - r))(_beta_solve(a, b, p, xp)),
        (a, b, p), (x, xc))
    _rounds.on_subset(
        xp, reg & near1,
        lambda a, b, q: (lambda r: (1.0 - r, r))(_beta_solve(b, a, q, xp)),
        (a, b, q), (x, xc))
    x[...] = xp.where(ok & (p == 0), 0.0, xp.where(ok & (q == 0), 1.0, x))
    xc[...] = xp.where(ok & (p == 0), 1.0, xp.where(ok & (q == 0), 0.0,
                                                      xc))
    # an infinite a or b: p = 0 gives 0, p = 1 gives 1 and the rest NaN,
    # as SciPy 1.17's Boost ibeta_inv (the limits 1 or 0 would be the
    # mathematical answer; CuPy's test_beta_inf_and_nan wants SciPy's)
    inp = (p >= 0) & (q >= 0)
    infab = ((a == numpy.inf) | (b == numpy.inf)) & (a > 0) & (b > 0) & inp
    x[...] = xp.where(infab, xp.where(p == 0, 0.0, xp.where(
        q == 0, 1.0, numpy.nan)), x)
    xc[...] = xp.where(infab, 1.0 - x, xc)
    return x.reshape(shape), xc.reshape(shape)


def betaincinv(a, b, p, xp=_xp):
    r = _betainv(a, b, p, 1.0 - p, xp)[0]
    return xp.where((p < 0) | (p > 1), numpy.nan, r)


def bdtri(k, n, y, xp=_xp):
    # the p with bdtr(k, n, p) = y: I_{1-p}(n - k, k + 1) = y
    fk = xp.floor(k)
    n = xp.where(n < 0, xp.ceil(n), xp.floor(n))
    dn = n - fk
    # an infinite n is NaN in SciPy (Cephes' bdtri)
    ok = (fk >= 0) & (fk < n) & (y >= 0) & (y <= 1) & xp.isfinite(n)
    dns = xp.where(ok, dn, 1.0)
    # k = 0: (1 - p)^n = y
    first = xp.where(y > 0.8, -expm1(xp.log1p(y - 1.0) / dns, xp),
                     1.0 - xp.power(y, 1.0 / dns))
    # 1 - p = betaincinv(n - k, k + 1, y): p is its complement
    r = _betainv(dns, fk + 1.0, y, 1.0 - y, xp)[1]
    r = xp.where(fk == 0, first, r)
    return xp.where(ok & ~xp.isnan(k), r, numpy.nan)


def fdtri(a, b, y, xp=_xp):
    # the x with fdtr(a, b, x) = y: w = I^-1(a/2, b/2, y), x = b w/(a (1-w))
    # an infinite a or b is NaN in SciPy (Cephes' fdtri)
    ok = (a > 0) & (b > 0) & (y >= 0) & (y <= 1) & xp.isfinite(a) & \
        xp.isfinite(b)
    w, wc = _betainv(0.5 * a, 0.5 * b, y, 1.0 - y, xp)
    x = b * w / (a * wc)
    return xp.where(ok, xp.where(y == 0, 0.0, x), numpy.nan)


def nbdtri(k, n, y, xp=_xp):
    # the p with nbdtr(k, n, p) = y: I_p(n, k + 1) = y
    k = xp.where(k < 0, xp.ceil(k), xp.floor(k))
    n = xp.where(n < 0, xp.ceil(n), xp.floor(n))
    r = betaincinv(n, k + 1.0, y, xp)
    # an infinite k is NaN in SciPy (Cephes' nbdtri)
    r = xp.where((k < 0) | (n <= 0), numpy.nan, r)
    r = xp.where(k == numpy.inf, numpy.nan, r)
    # Cephes' incbi answers y = 0 and y = 1 before it checks a = n, so
    # SciPy's nbdtri(k, n <= 0, 0) = 0 and (k, n <= 0, 1) = 1
    edge = (k >= 0) & (n <= 0)
    edge = edge & (k != numpy.inf)
    r = xp.where(edge & (y == 0), 0.0, r)
    return xp.where(edge & (y == 1), 1.0, r)


gammaincinv_ = define(_sc.gammaincinv, gammaincinv)
gammainccinv_ = define(_sc.gammainccinv, gammainccinv)
betaincinv_ = define(_sc.betaincinv, betaincinv)
chdtri_ = define(_sc.chdtri, chdtri)
pdtri_ = define(_sc.pdtri, pdtri, ints='l')
bdtri_ = define(_sc.bdtri, bdtri, ints='l')
fdtri_ = define(_sc.fdtri, fdtri)
nbdtri_ = define(_sc.nbdtri, nbdtri, ints='l')
