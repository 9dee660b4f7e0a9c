"""The complex logarithm rounded as the C library's clog (glibc's: log of
a correctly rounded hypot, and atan2, each correctly rounded in
practice), for Stirling's series of complex loggamma: its (z - 1/2)
log z multiplies one ulp of log z by |z|, and exp(loggamma) (Gamma in
zeta's reflection) turns that into a relative error: at |z| = 300 one
ulp of log|z| is 1300 ulp of Gamma.  SciPy's value carries glibc's
roundings; a device's complex log within 2-3 ulp of them (CUDA's) took
complex zeta hundreds of ulp from SciPy's.

For |z| in [2^-500, 2^500] (elsewhere, and for zeros and non-finite
parts, the device's complex log):
- |z| = sqrt(x^2 + y^2) with the sum of squares in double-double and
  one Newton step of the square root (correctly rounded in practice);
- log r = e ln 2 + 2 atanh(s), r = m 2^e with m in [sqrt(1/2), sqrt(2)),
  s = (m - 1)/(m + 1) in double-double, atanh by its odd series in
  s^2 <= 0.0295 to s^27 (below 2^-62 of the sum), the leading terms in
  double-double (``_trig``'s Horner steps), ln 2 in two parts;
- arg z: the device's atan2 t0 and one Newton step t0 - (x sin t0 -
  y cos t0) / (x cos t0 + y sin t0) with sin/cos in double-double
  (``_trig``), the numerator's products exact (Dekker), as ``_trig``'s
  arcsin.
Whole-array operations, like ``_trig``, on either backend."""

from decimal import Decimal, localcontext
from fractions import Fraction
import math

import cupy
from cupyx.scipy.special import _trig
from cupyx.scipy.special import _xp
from cupyx.scipy.special._log_exp_complex import make, parts

_LO, _HI = 2.0 ** -500, 2.0 ** 500     # x^2 + y^2 neither under- nor
#                                         overflows in double-double
_SQRT_HALF = 0.70710678118654752440
_ATANH_TERMS = 14                      # s^(2k+1)/(2k+1), k < 14


def _ln2_parts():
    """ln 2 = hi + lo, hi of 40 bits (e hi exact for |e| < 2^13)."""
    with localcontext() as ctx:
        ctx.prec = 60
        ln2 = Decimal(2).ln()
        hi = math.ldexp(math.floor(math.ldexp(float(ln2), 40)), -40)
        return hi, float(ln2 - Decimal(hi))


_LN2_HI, _LN2_LO = _ln2_parts()
_ATANH = [_trig._hi_lo(Fraction(1, 2 * k + 1)) for k in range(_ATANH_TERMS)]


def _hypot(x, y, xp):
    """sqrt(x^2 + y^2), correctly rounded in practice."""
    xh, xl = _trig._two_prod(x, x)
    yh, yl = _trig._two_prod(y, y)
    sh, sl = _trig._dd_add(xh, xl, yh, yl)
    r = xp.sqrt(sh)
    rh, rl = _trig._two_prod(r, r)
    # r + (s - r^2) / (2 r): s - r^2 from exact parts
    d = ((sh - rh) - rl) + sl
    return r + d / (2.0 * r)


def _exponent(r, xp):
    """e with r 2^-e in [sqrt(1/2), sqrt(2)) (r normal, positive)."""
    e = xp.floor(xp.log2(r))
    e = xp.where(r < xp.power(2.0, e), e - 1.0, e)
    e = xp.where(r >= 2.0 * xp.power(2.0, e), e + 1.0, e)
    m = r * xp.power(2.0, -e)                       # [1, 2), exact
    return xp.where(m >= 2.0 * _SQRT_HALF, e + 1.0, e)


def log(r, xp=_xp):
    """log r of positive normal float64 r, correctly rounded in
    practice."""
    e = _exponent(r, xp)
    m = r * xp.power(2.0, -e)                       # exact
    num = m - 1.0                                   # exact (Sterbenz)
    dh, dl = _trig._two_sum(m, 1.0)
    sh = num / dh
    ph, pl = _trig._two_prod(sh, dh)
    sl = ((num - ph) - pl - sh * dl) / dh
    th, tl = _trig._dd_mul(sh, sl, sh, sl)
    ch, cl = _trig._series(th, tl, _ATANH)
    lh, ll = _trig._dd_mul(sh, sl, ch, cl)          # atanh(s)
    eh = e * _LN2_HI                                # exact
    h, lo = _trig._dd_add(eh, e * _LN2_LO, 2.0 * lh, 2.0 * ll)
    return h + lo


def _atan2(y, x, xp):
    """atan2(y, x), correctly rounded in practice (finite, not both
    zero)."""
    t0 = xp.arctan2(y, x)
    sh, sl, ch, cl = _trig._sincos_dd(*_trig._cody_waite(t0, xp), xp)
    ah, al = _trig._two_prod(x, sh)
    bh, bl = _trig._two_prod(y, ch)
    num = ((ah - bh) + (al - bl)) + (x * sl - y * cl)
    return t0 - num / (x * ch + y * sh)


def clog(z):
    """log z of a complex128 device array, as glibc's clog rounds it
    where |z| is in [2^-500, 2^500]; the device's complex log elsewhere."""
    xp = _xp
    x, y = parts(z)
    ax, ay = xp.absolute(x), xp.absolute(y)
    big = xp.maximum(ax, ay)
    ok = (big >= _LO) & (big <= _HI)                # False for NaN, inf
    xs, ys = xp.where(ok, x, 1.0), xp.where(ok, y, 0.0)
    re = log(_hypot(xs, ys, xp), xp)
    im = _atan2(ys, xs, xp)
    return cupy.where(ok, make(re, im), cupy.log(z))
