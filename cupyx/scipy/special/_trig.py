"""sin and cos of float64 arrays rounded correctly in practice, for the
special functions whose SciPy reference calls the C library's sin/cos
(glibc's: correctly rounded in practice) and amplifies their last bit:
cosm1 (cos(x) - 1), spherical_yn and yn (upward recurrences), the
Bessel phases, ellipj (the AGM's sines).  A device's own float64 sin/cos
may be less exact (CUDA's: within 2 ulp), which those amplify to tens of
ulp; the ufuncs cupy.sin/cupy.cos keep the device's (and its speed).

Written in whole-array operations (no fused multiply-add: Dekker's
product by Veltkamp's split):
- x = k pi/2 + r, k = rint(2x/pi), pi/2 in four parts (33, 33, 33 and 53
  bits: k times each of the first three is exact for |k| < 2^20), r as a
  double-double (Cody and Waite's reduction, carried to 152 bits);
- sin r = r S(r^2), cos r = C(r^2) by their Taylor series, the terms
  from r^8 on in double (below 2^-18 of the result), the four leading
  ones in double-double Horner steps; the result rounded once.
Beyond |x| = 2^20 (and for non-finite x) the device's sin/cos.  Checked
against 200-bit values on the host (tests/cupyx_tests/scipy_tests/
special_tests/test_trig.py)."""

from fractions import Fraction
import math

from cupyx.scipy.special import _xp

# pi/2 = P1 + P2 + P3 + P4 to 2^-152 (P1..P3 of 33 significant bits)
_PIO2 = tuple(float.fromhex(h) for h in (
    '0x1.921fb54400000p+0', '0x1.0b4611a600000p-34',
    '0x1.3198a2e000000p-69', '0x1.b839a252049c1p-104'))
_TWO_OVER_PI = float.fromhex('0x1.45f306dc9c883p-1')
_LIMIT = 2.0 ** 20          # |x| below it: |k| < 2^20, the parts exact
_SPLIT = 134217729.0        # 2^27 + 1: Veltkamp's split of a double
_DD_TERMS = 4               # leading Taylor terms in double-double
_TERMS = 11                 # t^10 / 21! at t = (pi/4)^2: 1.5e-22


def _coefficients(first):
    """The Taylor coefficients (-1)^k / (2k + first)! of S (first = 1)
    or C (first = 0) as (hi, lo) pairs."""
    out = []
    for k in range(_TERMS):
        c = Fraction((-1) ** k, math.factorial(2 * k + first))
        hi = float(c)
        out.append((hi, float(c - Fraction(hi))))
    return out


_SIN = _coefficients(1)
_COS = _coefficients(0)


def _fast_two_sum(a, b):
    s = a + b
    return s, b - (s - a)


def _two_sum(a, b):
    s = a + b
    v = s - a
    return s, (a - (s - v)) + (b - v)


def _split(a):
    t = _SPLIT * a
    hi = t - (t - a)
    return hi, a - hi


def _dd_mul(ah, al, bh, bl):
    p = ah * bh
    a1, a2 = _split(ah)
    b1, b2 = _split(bh)
    e = ((a1 * b1 - p) + a1 * b2 + a2 * b1) + a2 * b2
    return _fast_two_sum(p, e + (ah * bl + al * bh))


def _dd_add(ah, al, bh, bl):
    s, e = _two_sum(ah, bh)
    return _fast_two_sum(s, e + (al + bl))


def _series(th, tl, coef):
    """sum_k coef[k] t^k for t = th + tl, as (hi, lo)."""
    q = coef[-1][0]
    for hi, _ in coef[_DD_TERMS:-1][::-1]:
        q = hi + th * q
    ah, al = q, q * 0.0
    for hi, lo in coef[:_DD_TERMS][::-1]:
        ah, al = _dd_mul(ah, al, th, tl)
        ah, al = _dd_add(ah, al, hi, lo)
    return ah, al


def sincos(x, xp=_xp):
    """(sin x, cos x) of a float64 array."""
    ok = xp.absolute(x) < _LIMIT          # False for NaN and infinities
    xs = xp.where(ok, x, 0.0)
    k = xp.rint(xs * _TWO_OVER_PI)
    y = xs - k * _PIO2[0]                 # exact (Sterbenz)
    rh, rl = _two_sum(y, -(k * _PIO2[1]))
    rl = (rl - k * _PIO2[2]) - k * _PIO2[3]
    rh, rl = _fast_two_sum(rh, rl)
    th, tl = _dd_mul(rh, rl, rh, rl)
    sh, sl = _series(th, tl, _SIN)
    sh, sl = _dd_mul(sh, sl, rh, rl)
    ch, cl = _series(th, tl, _COS)
    s, c = sh + sl, ch + cl
    q = k - 4.0 * xp.floor(0.25 * k)      # 0..3
    sin = xp.where(q == 0, s, xp.where(q == 1, c, xp.where(q == 2, -s, -c)))
    cos = xp.where(q == 0, c, xp.where(q == 1, -s, xp.where(q == 2, -c, s)))
    # sin(-0.0) is -0.0
    sin = xp.where(x == 0, x, sin)
    return xp.where(ok, sin, xp.sin(x)), xp.where(ok, cos, xp.cos(x))
