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
- from |x| = 2^20 on, Payne and Hanek's reduction: x = M 2^E (M an
  integer below 2^53), x 2/pi mod 4 from the products of the two halves
  of M with the 24-bit chunks of 2/pi that can reach below 4 (each exact
  in a double, each reduced mod 4 exactly), summed in double-double;
  r = (x 2/pi - k) pi/2 in double-double;
- sin r = r S(r^2), cos r = C(r^2) by their Taylor series, the terms
  from r^8 on in double (below 2^-18 of the result), the four leading
  ones in double-double Horner steps; the result rounded once.
Non-finite x: the device's sin/cos (NaN).  Checked against long double
values on the host (tests/cupyx_tests/scipy_tests/special_tests/
test_trig.py); the device runs the same IEEE operations one at a time."""

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


def _hi_lo(c):
    """An exact number c (a Fraction, or a Decimal in a context of enough
    digits) as doubles hi + lo, hi its nearest double."""
    hi = float(c)
    return hi, float(c - type(c)(hi))


def _coefficients(first):
    """The Taylor coefficients (-1)^k / (2k + first)! of S (first = 1)
    or C (first = 0) as (hi, lo) pairs."""
    return [_hi_lo(Fraction((-1) ** k, math.factorial(2 * k + first)))
            for k in range(_TERMS)]


_SIN = _coefficients(1)
_COS = _coefficients(0)

# 2/pi = sum_j _CHUNKS[j] 2^(-24 (j + 1)), 56 chunks (1344 bits: x up to
# 2^1024 uses chunks up to 48)
_TWO_OVER_PI_HEX = (
    'a2f9836e4e441529fc2757d1f534ddc0db6295993c439041fe5163abdebbc561b7246e'
    '3a424dd2e006492eea09d1921cfe1deb1cb129a73ee88235f52ebb4484e99c7026b45f'
    '7e413991d639835339f49c845f8bbdf9283b1ff897ffde05980fef2f118b5a0a6d1f6d'
    '367ecf27cb09b74f463f669e5fea2d7527bac7ebe5f17b3d0739f78a5292ea6bfb5fb1'
    '1f8d5d0856033046fc7b6babf0cfbc209af4361da9e391615ee61b08')
_CHUNKS = [float(int(_TWO_OVER_PI_HEX[i:i + 6], 16))
           for i in range(0, len(_TWO_OVER_PI_HEX), 6)]
_PH_CHUNKS = 9              # chunks per element: terms to ~2^-125
_PIO2_DD = (float.fromhex('0x1.921fb54442d18p+0'),
            float.fromhex('0x1.1a62633145c07p-54'))


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


def _two_prod(a, b):
    """a b = p + e exactly (Dekker's product)."""
    p = a * b
    a1, a2 = _split(a)
    b1, b2 = _split(b)
    return p, ((a1 * b1 - p) + a1 * b2 + a2 * b1) + a2 * b2


def _dd_mul(ah, al, bh, bl):
    p, e = _two_prod(ah, bh)
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


def _mod4(t, xp):
    """t mod 4, exact (t - 4 floor(t / 4) is representable)."""
    return t - 4.0 * xp.floor(0.25 * t)


def _cody_waite(x, xp):
    """(k, rh, rl): x = k pi/2 + rh + rl for |x| < 2^20."""
    k = xp.rint(x * _TWO_OVER_PI)
    y = x - k * _PIO2[0]                  # exact (Sterbenz)
    rh, rl = _two_sum(y, -(k * _PIO2[1]))
    rl = (rl - k * _PIO2[2]) - k * _PIO2[3]
    rh, rl = _fast_two_sum(rh, rl)
    return k, rh, rl


def _payne_hanek(x, xp):
    """(k, rh, rl): |x| = k pi/2 + rh + rl for finite |x| >= 2^20."""
    import numpy
    ax = xp.absolute(x)
    # the binary exponent: log2's floor, corrected by a power of two
    # (exact: power(2, e) is exactly representable); no frexp/ldexp
    # (the A2 has no float64 loop of them)
    e = xp.floor(xp.log2(ax))
    e = xp.where(ax < xp.power(2.0, e), e - 1.0, e)
    e = xp.where(ax >= 2.0 * xp.power(2.0, e), e + 1.0, e)
    mm = ax * xp.power(2.0, 52.0 - e)     # the integer M, 2^52 <= M < 2^53
    ex = e - 52.0                         # x = M 2^ex
    mh = xp.floor(mm * 2.0 ** -24)        # M = mh 2^24 + ml, both exact
    ml = mm - mh * 2.0 ** 24
    # chunks below j0 give multiples of 4 (ex - 24 j - 24 >= 2)
    j0 = xp.maximum(xp.floor((ex - 26.0) / 24.0) + 1.0, 0.0)
    table = xp.asarray(numpy.array(_CHUNKS))
    hi, lo = mh * 0.0, mh * 0.0
    for i in range(_PH_CHUNKS):
        c = xp.take(table, (j0 + i).astype(numpy.int64))
        scale = xp.power(2.0, ex - 24.0 * (j0 + i))
        for t in (mh * c * scale, ml * c * (scale * 2.0 ** -24)):
            hi, err = _two_sum(hi, _mod4(t, xp))
            lo = lo + err
            hi = _mod4(hi, xp)
    n = xp.rint(hi)
    fh, fl = _two_sum(hi - n, lo)         # hi - n exact: |.| <= 1/2
    rh, rl = _dd_mul(fh, fl, *_PIO2_DD)
    return n, rh, rl


def _sincos_dd(k, rh, rl, xp):
    """(sin hi, sin lo, cos hi, cos lo) of k pi/2 + rh + rl."""
    th, tl = _dd_mul(rh, rl, rh, rl)
    sh, sl = _series(th, tl, _SIN)
    sh, sl = _dd_mul(sh, sl, rh, rl)
    ch, cl = _series(th, tl, _COS)
    q = k - 4.0 * xp.floor(0.25 * k)      # 0..3

    def pick(a, b, c, d):
        return xp.where(q == 0, a, xp.where(q == 1, b, xp.where(q == 2, c,
                                                                d)))
    return (pick(sh, ch, -sh, -ch), pick(sl, cl, -sl, -cl),
            pick(ch, -sh, -ch, sh), pick(cl, -sl, -cl, sl))


def _sincos_reduced(k, rh, rl, xp):
    """(sin, cos) of k pi/2 + rh + rl, each rounded once."""
    sh, sl, ch, cl = _sincos_dd(k, rh, rl, xp)
    return sh + sl, ch + cl


def arcsin(t, xp=_xp):
    """arcsin of a float64 array, correctly rounded in practice for |t| <
    0.9 (the C library's, which Cephes' ellipj calls: its AGM carries
    arcsin's last bit to tens of ulp): the device's arcsin y0 (CUDA's:
    within 2 ulp) and one Newton step y0 - (sin y0 - t) / cos y0 with
    sin y0 in double-double (the step's own error is of the order of
    y0's error squared); the device's elsewhere."""
    y0 = xp.arcsin(t)
    inner = xp.absolute(t) < 0.9          # False for NaN
    ys = xp.where(inner, y0, 0.0)
    sh, sl, ch, _ = _sincos_dd(*_cody_waite(ys, xp), xp)
    d = (sh - xp.where(inner, t, 0.0)) + sl   # sh - t exact (Sterbenz)
    return xp.where(inner, ys - d / ch, y0)


def sincos(x, xp=_xp):
    """(sin x, cos x) of a float64 array."""
    ok = xp.absolute(x) < _LIMIT          # False for NaN and infinities
    xs = xp.where(ok, x, 0.0)
    sin, cos = _sincos_reduced(*_cody_waite(xs, xp), xp)
    # sin(-0.0) is -0.0
    sin = xp.where(x == 0, x, sin)
    sin = xp.where(ok, sin, xp.sin(x))
    cos = xp.where(ok, cos, xp.cos(x))
    big = xp.isfinite(x) & ~ok
    if bool(xp.any(big)):                 # one read, where x may be big
        shape = sin.shape
        sin = xp.ascontiguousarray(sin).reshape(-1)
        cos = xp.ascontiguousarray(cos).reshape(-1)
        idx = xp.flatnonzero(big)
        xb = xp.ascontiguousarray(x).reshape(-1)[idx]
        sb, cb = _sincos_reduced(*_payne_hanek(xb, xp), xp)
        sin[idx] = xp.where(xb < 0, -sb, sb)
        cos[idx] = cb
        sin, cos = sin.reshape(shape), cos.reshape(shape)
    return sin, cos
