"""The regularized incomplete gamma functions and the distributions built
on them: gammainc, gammaincc, gdtr, gdtrc, chdtr, chdtrc, pdtr, pdtrc.

Cephes' igam.c as SciPy's xsf library has it (igam, igamc): the power
series of P for x below a, the continued fraction of Q above, the series of
Q for small x, and Temme's uniform asymptotic expansion (igam_asy) where a
is large and x near it.  Each runs on the elements that take it; the series
and the continued fraction run until convergence with Cephes' bound of
2000 terms (``_rounds``).  The prefactor x^a e^-x / Gamma(a) is formed as
SciPy's igam_fac for a < 20 and by Stirling's formula above (exact in the
exponent where SciPy's Lanczos form is).
"""

import math

import numpy
import scipy.special as _sc

from cupyx.scipy.special import _xp
from cupyx.scipy.special import _rounds
from cupyx.scipy.special._erf import erfc
from cupyx.scipy.special._exp_log import expm1
from cupyx.scipy.special._gamma import gammaln
from cupyx.scipy.special._igam_data import D as _D
from cupyx.scipy.special._ufuncs import define

_MACHEP = 1.11022302462515654042E-16    # Cephes' MACHEP, 2**-53
_MAXITER = 2000                         # igam.c's MAXITER
_BIG = 4.503599627370496e15             # igam.c: 2**52, and its inverse
_BIGINV = 2.22044604925031308085e-16
_EULER = 0.5772156649015328606065120
_LS2PI = 0.91893853320467274178         # log(sqrt(2 pi))
# log Gamma*(a) = sum B_2k / (2k (2k - 1) a^(2k-1)) (Stirling), k = 1..7:
# below 1e-17 relative for a >= 20
_STIRLING = (1.0 / 12, -1.0 / 360, 1.0 / 1260, -1.0 / 1680, 1.0 / 1188,
             -691.0 / 360360, 1.0 / 156)


def _zeta_int(n):
    """zeta(n) for an integer n >= 2 (host, double): Euler-Maclaurin with
    10 terms and the tail's Bernoulli corrections."""
    s = sum(k ** -float(n) for k in range(1, 10))
    m = 10.0
    s += m ** (1 - n) / (n - 1) + 0.5 * m ** -n
    bern = (1.0 / 6, -1.0 / 30, 1.0 / 42, -1.0 / 30, 5.0 / 66)
    fact, p = 1.0, float(n)
    term = m ** (-n - 1)
    for j, b in enumerate(bern):
        k = 2 * j + 2
        fact *= (k - 1) * k if j else 2.0
        s += b / fact * p * term
        p *= (n + k - 1) * (n + k)
        term /= m * m
    return s


# lgamma(1 + x) = -euler x + sum_{n>=2} (-1)^n zeta(n) x^n / n (xsf's
# lgam1p_taylor; 42 terms for |x| <= 1/2), highest degree first
_LGAM1P = tuple((-1.0) ** n * _zeta_int(n) / n
                for n in range(42, 1, -1)) + (-_EULER, 0.0)


def _polevl(x, coefs):
    y = x * 0.0 + coefs[0]
    for c in coefs[1:]:
        y = y * x + c
    return y


def lgam1p(x, xp=_xp):
    """log Gamma(1 + x), accurate near x = 0 and x = 1 (xsf's lgam1p)."""
    near0 = xp.absolute(x) <= 0.5
    near1 = xp.absolute(x - 1.0) < 0.5
    t = xp.where(near0, x, xp.where(near1, x - 1.0, 0.0))
    s = _polevl(t, _LGAM1P)
    r = gammaln(xp.where(near0 | near1, 2.0, x + 1.0), xp)
    r = xp.where(near1, xp.log(xp.where(near1, x, 1.0)) + s, r)
    return xp.where(near0, s, r)


def _log1pmx(x, a, xp):
    """log(1 + s) - s for s = (x - a) / a, without cancellation: for
    |s| < 1/2 through t = s / (2 + s), log(1 + s) = 2 atanh(t),
    s - 2t = s t; beyond as log(x / a) - s (not log1p(s): 1 + s would
    round away the small x / a)."""
    s = (x - a) / a
    small = xp.absolute(s) < 0.5
    ss = xp.where(small, s, 0.0)
    t = ss / (2.0 + ss)
    t2 = t * t
    # 2 atanh(t) - 2t = 2 t^3 (1/3 + t^2/5 + ...); |t| <= 1/3: 17 terms
    p = t2 * 0.0 + 1.0 / 35
    for k in range(16, 0, -1):
        p = p * t2 + 1.0 / (2 * k + 1)
    inner = t * (2.0 * t2 * p - ss)
    big = xp.log(xp.where(small, 1.0, x / a)) - s
    return xp.where(small, inner, big)


def _lgstar(a, xp):
    """log Gamma*(a) = log Gamma(a) - ((a - 1/2) log a - a + log sqrt(2 pi))
    for a >= 20 (Stirling's series)."""
    w = 1.0 / (a * a)
    return _polevl(w, _STIRLING[::-1]) / a


def igam_fac(a, x, xp=_xp):
    """x^a e^-x / Gamma(a)."""
    small = a < 20.0
    direct = xp.exp(a * xp.log(x) - x - gammaln(xp.where(small, a, 1.0), xp))
    ab = xp.where(small, 20.0, a)
    st = xp.sqrt(ab / (2.0 * math.pi)) * xp.exp(ab * _log1pmx(x, ab, xp) -
                                                _lgstar(ab, xp))
    return xp.where(small, direct, st)


def _series_p(a, x, xp):
    """P(a, x) by its power series (igam_series)."""
    def step(st):
        a, x, r, c, ans = st
        r = r + 1.0
        c = c * (x / r)
        return a, x, r, c, ans + c

    def done(st):
        return ~(st[3] > _MACHEP * st[4])
    one = a * 0.0 + 1.0
    st = _rounds.converge(xp, step, (a, x, a, one, one), done, _MAXITER)
    return st[4] * igam_fac(a, x, xp) / a


def _series_q(a, x, xp):
    """Q(a, x) for small x (igamc_series)."""
    def step(st):
        a, x, n, fac, s, term = st
        n = n + 1.0
        fac = fac * (-x / n)
        term = fac / (a + n)
        return a, x, n, fac, s + term, term

    def done(st):
        return ~(xp.absolute(st[5]) > _MACHEP * xp.absolute(st[4]))
    zero = a * 0.0
    st = _rounds.converge(xp, step, (a, x, zero, zero + 1.0, zero, zero),
                          done, _MAXITER)
    logx = xp.log(x)
    term = -expm1(a * logx - lgam1p(a, xp), xp)
    return term - xp.exp(a * logx - gammaln(a, xp)) * st[4]


def _cf_q(a, x, xp):
    """Q(a, x) by its continued fraction (igamc_continued_fraction)."""
    def step(st):
        a, x, y, z, c, pkm2, qkm2, pkm1, qkm1, ans, t = st
        c = c + 1.0
        y = y + 1.0
        z = z + 2.0
        yc = y * c
        pk = pkm1 * z - pkm2 * yc
        qk = qkm1 * z - qkm2 * yc
        nz = qk != 0
        r = pk / xp.where(nz, qk, 1.0)
        t = xp.where(nz, xp.absolute((ans - r) / r), 1.0)
        ans = xp.where(nz, r, ans)
        # rescale when the numerators grow (igam.c's big/biginv)
        sc = xp.where(xp.absolute(pk) > _BIG, _BIGINV, 1.0)
        return (a, x, y, z, c, pkm1 * sc, qkm1 * sc, pk * sc, qk * sc,
                ans, t)

    def done(st):
        return ~(st[10] > _MACHEP)
    y = 1.0 - a
    z = x + y + 1.0
    zero = a * 0.0
    pkm1 = x + 1.0
    qkm1 = z * x
    st = _rounds.converge(
        xp, step, (a, x, y, z, zero, zero + 1.0, x, pkm1, qkm1,
                   pkm1 / qkm1, zero + 1.0), done, _MAXITER)
    return st[9] * igam_fac(a, x, xp)


def _asy(a, x, upper, xp):
    """Temme's expansion (igam_asy): Q if upper, else P."""
    eta = xp.sqrt(-2.0 * _log1pmx(x, a, xp))
    eta = xp.where(x < a, -eta, eta)
    sgn = 1.0 if upper else -1.0
    res = 0.5 * erfc(sgn * eta * xp.sqrt(a / 2.0), xp)
    total = eta * 0.0
    afac = total + 1.0
    for row in _D:
        total = total + _polevl(eta, row[::-1]) * afac
        afac = afac / a
    return res + sgn * xp.exp(-0.5 * a * eta * eta) * total / xp.sqrt(
        2.0 * math.pi * a)


def _igam(a, x, upper, xp):
    """P(a, x) (upper False) or Q(a, x) (upper True), SciPy's edges."""
    (a, x), shape = _rounds.flat(xp, a, x)
    n = a.size
    out = _rounds.full(xp, n, numpy.nan)
    nan = xp.isnan(a) | xp.isnan(x) | (a < 0) | (x < 0)
    # a == 0: P = 1 (x > 0); x == 0: P = 0; a = inf: P = 0 (x finite);
    # x = inf: P = 1
    lo, hi = (1.0, 0.0) if upper else (0.0, 1.0)
    edge_lo = ~nan & (((x == 0) & (a > 0)) | (xp.isinf(a) & ~xp.isinf(x)))
    edge_hi = ~nan & (((a == 0) & (x > 0)) | (xp.isinf(x) & ~xp.isinf(a)))
    out[...] = xp.where(edge_lo, lo, xp.where(edge_hi, hi, out))
    reg = ~nan & (a > 0) & (x > 0) & xp.isfinite(a) & xp.isfinite(x)
    d = xp.absolute(x - a) / xp.where(a > 0, a, 1.0)
    asy = reg & (((a > 20) & (a < 200) & (d < 0.3)) |
                 ((a > 200) & (d < 4.5 / xp.sqrt(xp.where(a > 0, a, 1.0)))))
    rest = reg & ~asy
    if upper:
        cf = rest & (x > 1.1) & (x >= a)
        ser_p = rest & (((x > 1.1) & (x < a)) |
                        ((x <= 0.5) & (-0.4 / xp.log(x) < a)) |
                        ((x > 0.5) & (x <= 1.1) & (x * 1.1 < a)))
    else:
        ser_p = rest & ~((x > 1) & (x > a))
        cf = rest & ~ser_p & (x > 1.1)
    ser_q = rest & ~ser_p & ~cf
    _rounds.on_subset(xp, asy, lambda a, x: _asy(a, x, upper, xp),
                      (a, x), (out,))
    flip = (lambda v: 1.0 - v)
    same = (lambda v: v)
    fp, fq = (flip, same) if upper else (same, flip)
    _rounds.on_subset(xp, ser_p, lambda a, x: fp(_series_p(a, x, xp)),
                      (a, x), (out,))
    _rounds.on_subset(xp, cf, lambda a, x: fq(_cf_q(a, x, xp)),
                      (a, x), (out,))
    _rounds.on_subset(xp, ser_q, lambda a, x: fq(_series_q(a, x, xp)),
                      (a, x), (out,))
    return out.reshape(shape)


def gammainc(a, x, xp=_xp):
    return _igam(a, x, False, xp)


def gammaincc(a, x, xp=_xp):
    return _igam(a, x, True, xp)


def gdtr(a, b, x, xp=_xp):
    # the gamma distribution (rate a, shape b): P(b, a x), x >= 0
    r = _igam(b, a * x, False, xp)
    return xp.where(x < 0, numpy.nan, r)


def gdtrc(a, b, x, xp=_xp):
    r = _igam(b, a * x, True, xp)
    return xp.where(x < 0, numpy.nan, r)


def chdtr(v, x, xp=_xp):
    return _igam(v / 2.0, x / 2.0, False, xp)


def chdtrc(v, x, xp=_xp):
    return _igam(v / 2.0, x / 2.0, True, xp)


def _pdtr(k, m, upper, xp):
    # Poisson: pdtr(k, m) = Q(floor(k) + 1, m); k < 0 or m < 0: NaN
    kf = xp.floor(k)
    r = _igam(kf + 1.0, m, upper, xp)
    r = xp.where(xp.isinf(k) & (k > 0) & xp.isfinite(m),
                 1.0 if upper else 0.0, r)
    # m = 0: the mass is at 0, whatever k (NaN included)
    r = xp.where(m == 0, 1.0 if upper else 0.0, r)
    return xp.where((k < 0) | (m < 0), numpy.nan, r)


def pdtr(k, m, xp=_xp):
    return _pdtr(k, m, True, xp)


def pdtrc(k, m, xp=_xp):
    return _pdtr(k, m, False, xp)


gammainc_ = define(_sc.gammainc, gammainc)
gammaincc_ = define(_sc.gammaincc, gammaincc)
gdtr_ = define(_sc.gdtr, gdtr)
gdtrc_ = define(_sc.gdtrc, gdtrc)
chdtr_ = define(_sc.chdtr, chdtr)
chdtrc_ = define(_sc.chdtrc, chdtrc)
pdtr_ = define(_sc.pdtr, pdtr)
pdtrc_ = define(_sc.pdtrc, pdtrc)
