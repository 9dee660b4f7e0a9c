"""The regularized incomplete beta function and the distributions built on
it: betainc (btdtr), bdtr, bdtrc, fdtr, fdtrc, nbdtr, nbdtrc.

Cephes' incbet.c (S. L. Moshier; xsf's incbet): the power series where
b x <= 1 and x <= 0.95, else the continued fraction incbcf or incbd on the
side of the mean where it converges, with a and b swapped (and 1 - I taken)
above the mean.  The series and the continued fractions run until
convergence within Cephes' bounds (``_rounds``); SciPy's betainc is
Boost's ibeta since 1.11, so the two agree to the accuracy of either, not
bit for bit (the bound is in the tests).
"""

import math

import numpy
import scipy.special as _sc

from cupyx.scipy.special import _xp
from cupyx.scipy.special import _rounds
from cupyx.scipy.special._beta import beta, betaln
from cupyx.scipy.special._exp_log import expm1
from cupyx.scipy.special._gamma import gammaln
from cupyx.scipy.special._igam import _lgstar, _log1pmx
from cupyx.scipy.special._ufuncs import define

_MACHEP = 1.11022302462515654042E-16
_BIG = 4.503599627370496e15             # incbet.c's big = 2**52
_BIGINV = 2.22044604925031308085e-16
_MAXGAM = 171.624376956302725
_MAXLOG = 7.09782712893383996843E2
_MINLOG = -7.451332191019412076235E2
_LS2PI = 0.91893853320467274178         # log(sqrt(2 pi))
# incbcf/incbd's bound: Cephes stops at 300, short of convergence where
# b << 1 and x is near 1 (5e-6 relative off there; 2e-12 with 3000)
_CF_ITER = 3000
_SERIES_ITER = 3000                     # pseries: ratio <= 0.95 per term


def _lgam_ratio(s, big, xp):
    """log Gamma(s + big) - log Gamma(big) for big >= 20 without the
    cancellation of the difference: Stirling's formula for both, the
    terms in log1p(s / big) and log Gamma* (``_igam``)."""
    return (big - 0.5) * xp.log1p(s / big) + s * xp.log(s + big) - s + \
        (_lgstar(s + big, xp) - _lgstar(big, xp))


def _lbeta(a, b, xp):
    """log|B(a, b)|: betaln, and where the larger argument is 20 or more
    log Gamma(s) - (log Gamma(s + l) - log Gamma(l)) with the difference
    from ``_lgam_ratio`` (betaln subtracts log-gammas of size l log l)."""
    lo = xp.minimum(a, b)
    hi = xp.maximum(a, b)
    big = hi >= 20.0
    hb = xp.where(big, hi, 20.0)
    r = gammaln(lo, xp) - _lgam_ratio(lo, hb, xp)
    return xp.where(big, r, betaln(a, b, xp))


def _pseries(a, b, x, xp):
    """I_x(a, b) by its power series (pseries; b x <= 1, x <= 0.95)."""
    ai = 1.0 / a
    u = (1.0 - b) * x
    v = u / (a + 1.0)

    def step(st):
        a, b, x, n, t, v, s = st
        t = t * ((n - b) * x / n)
        v = t / (a + n)
        return a, b, x, n + 1.0, t, v, s + v

    def done(st):
        return ~(xp.absolute(st[5]) > _MACHEP / st[0])
    z = a * 0.0
    st = _rounds.converge(xp, step, (a, b, x, z + 2.0, u, v, z), done,
                          _SERIES_ITER)
    s = st[6] + v + ai
    la = a * xp.log(x)
    direct = (a + b < _MAXGAM) & (xp.absolute(la) < _MAXLOG)
    d = s * xp.power(x, a) / beta(xp.where(direct, a, 1.0),
                                  xp.where(direct, b, 1.0), xp)
    t = -_lbeta(a, b, xp) + la + xp.log(s)
    e = xp.where(t < _MINLOG, 0.0, xp.exp(t))
    return xp.where(direct, d, e)


def _cf(a, b, x, xc, lower, xp):
    """incbcf (lower: the fraction in x) or incbd (in x / (1 - x))."""
    z = x if lower else x / xc

    def step(st):
        a, b, z, n, pkm2, qkm2, pkm1, qkm1, ans, t = st
        if lower:
            k1, k2, k5, k6 = a + n, a + b + n, 1.0 + n, b - 1.0 - n
        else:
            k1, k2, k5, k6 = a + n, b - 1.0 - n, 1.0 + n, a + b + n
        k3 = a + 2.0 * n
        k4 = k3 + 1.0
        k8 = k3 + 2.0
        xk = -(z * k1 * k2) / (k3 * k4)
        pk = pkm1 + pkm2 * xk
        qk = qkm1 + qkm2 * xk
        pkm2, pkm1, qkm2, qkm1 = pkm1, pk, qkm1, qk
        xk = (z * k5 * k6) / (k4 * k8)
        pk = pkm1 + pkm2 * xk
        qk = qkm1 + qkm2 * xk
        pkm2, pkm1, qkm2, qkm1 = pkm1, pk, qkm1, qk
        r = xp.where(qk != 0, pk / xp.where(qk != 0, qk, 1.0), ans)
        nz = r != 0
        t = xp.where(nz, xp.absolute((ans - r) / xp.where(nz, r, 1.0)), 1.0)
        ans = xp.where(nz, r, ans)
        s = xp.where(xp.absolute(qk) + xp.absolute(pk) > _BIG, _BIGINV, 1.0)
        s = xp.where((xp.absolute(qk) < _BIGINV) | (xp.absolute(pk) < _BIGINV),
                     _BIG, s)
        return (a, b, z, n + 1.0, pkm2 * s, qkm2 * s, pkm1 * s, qkm1 * s,
                ans, t)

    def done(st):
        return ~(st[9] >= 3.0 * _MACHEP)
    zero = a * 0.0
    one = zero + 1.0
    st = _rounds.converge(xp, step, (a, b, z, zero, zero, one, one, one,
                                     one, one), done, _CF_ITER)
    return st[8]


def _incbet_cf(a, b, x, xc, xp):
    """I_x(a, b) through a continued fraction (a, b already swapped)."""
    y = x * (a + b - 2.0) - (a - 1.0)
    lower = y < 0
    w = x * 0.0
    _rounds.on_subset(xp, lower,
                      lambda a, b, x, xc: _cf(a, b, x, xc, True, xp),
                      (a, b, x, xc), (w,))
    _rounds.on_subset(xp, ~lower,
                      lambda a, b, x, xc: _cf(a, b, x, xc, False, xp) / xc,
                      (a, b, x, xc), (w,))
    ly = a * xp.log(x)
    lt = b * xp.log(xc)
    direct = (a + b < _MAXGAM) & (xp.absolute(ly) < _MAXLOG) & \
        (xp.absolute(lt) < _MAXLOG)
    bd = beta(xp.where(direct, a, 1.0), xp.where(direct, b, 1.0), xp)
    d = xp.power(xc, b) * xp.power(x, a) / a * w * (1.0 / bd)
    e = ly + lt - _lbeta(a, b, xp) + xp.log(w / a)
    e = xp.where(e < _MINLOG, 0.0, xp.exp(e))
    r = xp.where(direct, d, e)
    large = xp.maximum(a, b) >= 20.0
    pre = _prefix_large(xp.where(large, a, 20.0), xp.where(large, b, 20.0),
                        x, xc, xp)
    return xp.where(large, pre * w / a, r)


def _lgstar_any(a, xp):
    """log Gamma*(a) for a > 0: Stirling's series from 20 on, below it
    log Gamma(a) minus Stirling's leading terms (all of size <= 20 log 20
    there: 1e-14 absolute)."""
    big = a >= 20.0
    ab = xp.where(big, a, 20.0)
    s = xp.where(big, 1.0, a)
    small = gammaln(s, xp) - ((s - 0.5) * xp.log(s) - s + _LS2PI)
    return xp.where(big, _lgstar(ab, xp), small)


def _prefix_large(a, b, x, xc, xp):
    """x^a (1-x)^b / B(a, b) for max(a, b) >= 20 without the cancellation of
    a log x + b log(1-x) - log B(a, b) (terms of size a log a for a result
    of size 1): with m = a / (a + b), Stirling's formula for B gives
    sqrt(a b / (2 pi (a + b))) Gamma*(a+b) / (Gamma*(a) Gamma*(b))
    exp(a log1pmx(x/m - 1) + b log1pmx((1-x)/(1-m) - 1)): the linear terms
    cancel exactly and both exponents are <= 0 (DiDonato and Morris'
    form, as Boost's ibeta prefix)."""
    n = a + b
    m = a / n
    e = a * _log1pmx(x, m, xp) + b * _log1pmx(xc, b / n, xp)
    e = e + _lgstar(n, xp) - _lgstar_any(a, xp) - _lgstar_any(b, xp)
    return xp.sqrt(a * b / (2.0 * math.pi * n)) * xp.exp(e)


def _flip(t, xp):
    return xp.where(t <= _MACHEP, 1.0 - _MACHEP, 1.0 - t)


def incbet(a, b, x, xp=_xp, xc=None):
    """I_x(a, b); xc: 1 - x where the caller has it exactly (the
    distributions form x and 1 - x each with one rounding)."""
    if xc is None:
        xc = 1.0 - x
    (a, b, x, xc), shape = _rounds.flat(xp, a, b, x, xc)
    out = _rounds.full(xp, a.size, numpy.nan)
    # Boost's edges (SciPy's): a = 0 or b = inf is a step at x = 0,
    # b = 0 or a = inf one at x = 1; both, or both 0 or inf, undefined
    inx = (x >= 0) & (x <= 1)
    ok = (a > 0) & (b > 0) & xp.isfinite(a) & xp.isfinite(b) & inx
    at0 = ((a == 0) & (b > 0)) | (xp.isinf(b) & (a > 0) & xp.isfinite(a))
    at1 = ((b == 0) & (a > 0)) | (xp.isinf(a) & (b > 0) & xp.isfinite(b))
    step0 = xp.where(x > 0, 1.0, 0.0)
    # x = 1 - xc rounds to 1 for xc < 2**-54: xc decides
    step1 = xp.where(xc > 0, 0.0, 1.0)
    r = xp.where(at0 & inx, step0, xp.where(at1 & inx, step1, out))
    out[...] = xp.where(ok & (x == 0), 0.0, xp.where(ok & (xc == 0), 1.0,
                                                      r))
    reg = ok & (x > 0) & (xc > 0)
    ser = reg & (b * x <= 1.0) & (x <= 0.95)
    _rounds.on_subset(xp, ser, lambda a, b, x: _pseries(a, b, x, xp),
                      (a, b, x), (out,))
    rest = reg & ~ser
    # above the mean Cephes swaps; where the swapped series applies it is
    # taken within 1e-6 below the mean too (b << 1, x ~ a / (a + b) ~ 1:
    # the fractions converge slowly there, and 1 - I_{1-x}(b, a) does not
    # cancel much that close to the mean)
    mean = a / (a + b)
    swap = rest & ((x > mean) | ((a * xc <= 1.0) & (xc <= 0.95) &
                                 (x > mean * (1.0 - 1e-6))))
    keep = rest & ~swap
    _rounds.on_subset(
        xp, keep, lambda a, b, x, xc: _incbet_cf(a, b, x, xc, xp),
        (a, b, x, xc), (out,))
    # above the mean: 1 - I_{1-x}(b, a)
    w = xc
    sser = swap & (a * w <= 1.0) & (w <= 0.95)
    _rounds.on_subset(xp, sser,
                      lambda a, b, w: _flip(_pseries(b, a, w, xp), xp),
                      (a, b, w), (out,))
    _rounds.on_subset(
        xp, swap & ~sser,
        lambda a, b, w, x: _flip(_incbet_cf(b, a, w, x, xp), xp),
        (a, b, w, x), (out,))
    return out.reshape(shape)


def _int(k, xp):
    """A double argument SciPy casts to int (truncation)."""
    return xp.where(k < 0, xp.ceil(k), xp.floor(k))


def bdtr(k, n, p, xp=_xp):
    # P(X <= k) of the binomial (n, p): I_{1-p}(n - k, k + 1)
    fk = xp.floor(k)
    n = _int(n, xp)
    dn = n - fk
    r = incbet(xp.where(dn > 0, dn, 1.0), fk + 1.0, 1.0 - p, xp, xc=p)
    r = xp.where(fk == 0, xp.power(1.0 - p, dn), r)
    r = xp.where(fk == n, 1.0, r)
    bad = (p < 0) | (p > 1) | (fk < 0) | (n < fk) | xp.isnan(k) | \
        xp.isnan(p)
    return xp.where(bad, numpy.nan, r)


def bdtrc(k, n, p, xp=_xp):
    fk = xp.floor(k)
    n = _int(n, xp)
    dn = n - fk
    r = incbet(fk + 1.0, xp.where(dn > 0, dn, 1.0), p, xp)
    first = xp.where(p < 0.01, -expm1(dn * xp.log1p(-p), xp),
                     1.0 - xp.power(1.0 - p, dn))
    r = xp.where(fk == 0, first, r)
    r = xp.where(fk < 0, 1.0, xp.where(n < fk, numpy.nan,
                                       xp.where(fk == n, 0.0, r)))
    bad = (p < 0) | (p > 1) | xp.isnan(k) | xp.isnan(p)
    return xp.where(bad, numpy.nan, r)


def _fbad(a, b, x, xp):
    # SciPy's edges: x = inf gives the limit for every a, b > 0, an
    # infinite a or b NaN otherwise
    return (a <= 0) | (b <= 0) | (x < 0) | \
        ((xp.isinf(a) | xp.isinf(b)) & ~xp.isinf(x))


def fdtr(a, b, x, xp=_xp):
    w = a * x
    inf = x == numpy.inf
    r = incbet(0.5 * a, 0.5 * b, xp.where(inf, 1.0, w / (b + w)), xp,
               xc=xp.where(inf, 0.0, b / (b + w)))
    r = xp.where(inf & ~xp.isnan(a + b), 1.0, r)
    return xp.where(_fbad(a, b, x, xp), numpy.nan, r)


def fdtrc(a, b, x, xp=_xp):
    w = a * x
    inf = x == numpy.inf
    r = incbet(0.5 * b, 0.5 * a, xp.where(inf, 0.0, b / (b + w)), xp,
               xc=xp.where(inf, 1.0, w / (b + w)))
    r = xp.where(inf & ~xp.isnan(a + b), 0.0, r)
    return xp.where(_fbad(a, b, x, xp), numpy.nan, r)


def _nbdtr(k, n, p, upper, xp):
    # the negative binomial: I_p(n, k + 1), its complement I_{1-p}(k+1, n)
    k = _int(k, xp)
    n = _int(n, xp)
    if upper:
        r = incbet(k + 1.0, n, 1.0 - p, xp, xc=p)
    else:
        r = incbet(n, k + 1.0, p, xp)
    return xp.where((p < 0) | (p > 1) | (k < 0) | (n <= 0), numpy.nan, r)


def nbdtr(k, n, p, xp=_xp):
    return _nbdtr(k, n, p, False, xp)


def nbdtrc(k, n, p, xp=_xp):
    return _nbdtr(k, n, p, True, xp)


betainc_ = define(_sc.betainc, incbet)
bdtr_ = define(_sc.bdtr, bdtr, ints='l')
bdtrc_ = define(_sc.bdtrc, bdtrc, ints='l')
fdtr_ = define(_sc.fdtr, fdtr)
fdtrc_ = define(_sc.fdtrc, fdtrc)
nbdtr_ = define(_sc.nbdtr, nbdtr, ints='l')
nbdtrc_ = define(_sc.nbdtrc, nbdtrc, ints='l')
