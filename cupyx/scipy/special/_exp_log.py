"""Careful exponentials, logarithms and trigonometry in degrees: expm1,
log1p, exp2, exp10, exprel, cbrt, cosm1, sinc, round, radian, sindg,
cosdg, tandg, cotdg, and the Box-Cox transforms.

expm1 and cbrt have no float64 operator on the A2 (ops.md section 2), so
both are composed here (and serve ``cupy.expm1``/``cupy.cbrt`` of float64
too); the formulas are xsf's (SciPy) unless a comment says otherwise.
"""

import math

import numpy
import scipy.special as _sc

from cupyx.scipy.special import _trig, _xp
from cupyx.scipy.special._poly import polevl
from cupyx.scipy.special._ufuncs import define

_MAXLOG = 7.09782712893383996843E2


# unity.c: e^x - 1 = 2x P(x^2) / (Q(x^2) - x P(x^2)) on [-0.5, 0.5]
_EP = (1.2617719307481059087798E-4, 3.0299440770744196129956E-2,
       9.9999999999999999991025E-1)
_EQ = (3.0019850513866445504159E-6, 2.5244834034968410419224E-3,
       2.2726554820815502876593E-1, 2.0000000000000000000897E0)


def expm1(x, xp=_xp):
    # Cephes' expm1 (SciPy's): the rational form inside [-0.5, 0.5],
    # exp(x) - 1 outside (at most ~1 ulp lost there, e^x/(e^x - 1) < 2.6)
    inner = xp.absolute(x) <= 0.5
    xs = xp.where(inner, x, 0.0)
    xx = xs * xs
    r = xs * polevl(xx, _EP)
    r = r / (polevl(xx, _EQ) - r)
    return xp.where(inner, r + r, xp.exp(x) - 1.0)


def log1p(x, xp=_xp):
    return xp.log1p(x)


def exp2(x, xp=_xp):
    return xp.power(2.0, x)


def exp10(x, xp=_xp):
    return xp.power(10.0, x)


def exprel(x, xp=_xp):
    xs = xp.where(x == 0.0, 1.0, x)
    r = expm1(xs, xp) / xs
    r = xp.where(xp.absolute(x) < 2.220446049250313e-16, 1.0, r)
    return xp.where(x > 717.0, numpy.inf, r)


def cbrt(x, xp=_xp):
    # |x|**(1/3) from pow, then one Newton step y - (y^3 - a) / (3 y^2),
    # which takes pow's error (1/3 is not a double) back to the last bit
    # (tiny |x| scaled by 2**900 first, so that y**3 stays normal)
    ax = xp.absolute(x)
    tiny = ax < 1e-200
    a = xp.where(tiny, ax * 2.0 ** 900, ax)
    y = xp.power(a, 1.0 / 3.0)
    ys = xp.where((y == 0) | xp.isinf(y), 1.0, y)
    y2 = ys * ys
    yn = ys - (ys * y2 - a) / (3.0 * y2)
    r = xp.where((y == 0) | xp.isinf(y) | xp.isnan(y), y, yn)
    r = xp.where(tiny, r * 2.0 ** -300, r)
    return xp.where(x < 0, -r, r)


# unity.c's coscof: cos(x) - 1 = -x^2/2 + x^4 P(x^2) on [-pi/4, pi/4]
_COSCOF = (4.7377507964246204691685E-14, -1.1470284843425359765671E-11,
           2.0876754287081521758361E-9, -2.7557319214999787979814E-7,
           2.4801587301570552304991E-5, -1.3888888888888872993737E-3,
           4.1666666666666666609054E-2)


# 2 pi in three parts (26, 26 and 53 bits): k * _TWO_PI_1 and k *
# _TWO_PI_2 are exact for |k| < 2**27 (Cody and Waite's reduction)
_TWO_PI_1 = float.fromhex('0x1.921fb50000000p+2')
_TWO_PI_2 = float.fromhex('0x1.110b460000000p-24')
_TWO_PI_3 = 2.4492935982947064e-16
_NEAR = 0.1                 # |x - 2 pi k| where cos is rounded from 1
# 1/4! - t/6! + t^2/8! - t^3/10! + t^4/12!, highest first
_COS_TAYLOR = tuple((-1) ** k / math.factorial(2 * k + 4)
                    for k in range(4, -1, -1))
_REDUCED_MAX = 2.0 ** 20    # |x| the reduction above covers exactly
_SPLIT = 134217729.0        # 2**27 + 1: Dekker's split of a double


def _square_dd(r, xp):
    # r * r as hi + lo exactly (Dekker's product, no fused multiply-add)
    t = _SPLIT * r
    rh = t - (t - r)
    rl = r - rh
    hi = r * r
    lo = ((rh * rh - hi) + 2.0 * rh * rl) + rl * rl
    return hi, lo


def _cos_near_2pi_k(x, xp):
    # cos(x) rounded once from 1 + (cos(r) - 1), r = x - 2 pi k, |r| <=
    # _NEAR: the cosine near its maxima, correctly rounded also where the
    # device's cos (CUDA's: within 2 ulp) is not, which cos(x) - 1
    # magnifies by up to 1/|cos(x) - 1|
    k = xp.rint(x / (2.0 * math.pi))
    y = (x - k * _TWO_PI_1) - k * _TWO_PI_2      # exact
    p3 = k * _TWO_PI_3
    r = y - p3
    near = (xp.absolute(r) <= _NEAR) & (xp.absolute(x) <= _REDUCED_MAX)
    # r + rl = y - p3 exactly (Fast2Sum, |y| >= |p3|): rounding r alone
    # would move cos(r) by up to 1e-18, enough to round it the other way
    rl = xp.where(near, (y - r) - p3, 0.0)
    r = xp.where(near, r, 0.0)
    hi, lo = _square_dd(r, xp)
    lo = lo + 2.0 * r * rl
    h = -0.5 * hi
    s = 1.0 + h
    e = h - (s - 1.0)             # 1 + h = s + e exactly (|h| < 1)
    # cos(r) - 1 + r^2/2 by its Taylor series (|r| <= 0.1: the next term
    # r^14 / 14! is below 1e-25)
    q = polevl(hi, _COS_TAYLOR)
    c = s + (e + (-0.5 * lo + hi * hi * q))
    return near, c


def cosm1(x, xp=_xp):
    inner = xp.absolute(x) <= math.pi / 4
    xs = xp.where(inner, x, 0.0)
    xx = xs * xs
    small = -0.5 * xx + xx * xx * polevl(xx, _COSCOF)
    near, c = _cos_near_2pi_k(xp.where(inner, 0.0, x), xp)
    # elsewhere cos(x) - 1 shows cos's last bit at up to 2^k times its
    # size: the correctly rounded cos (_trig.py), as glibc's
    c = xp.where(near, c, _trig.sincos(x, xp)[1])
    return xp.where(inner, small, c - 1.0)


def sinc(x, xp=_xp):
    # NumPy's sinc: sin(pi x) / (pi x), 1 at 0
    from cupyx.scipy.special._gamma import _sinpi
    y = math.pi * xp.where(x == 0, 1.0e-20, x)
    return _sinpi(xp.where(x == 0, 1.0e-20, x), xp) / y


def round_(x, xp=_xp):
    return xp.rint(x)


_PI180 = 1.74532925199432957692E-2        # pi/180 (sindg.c)
_P64800 = 4.848136811095359935899141023579479759563533023727e-6
_LOSSTH = 1.0e14                          # sindg.c/tandg.c: no accuracy


def radian(d, m, s, xp=_xp):
    return ((d * 60.0 + m) * 60.0 + s) * _P64800


def _octants(ax, xp):
    """(quadrant 0..3, reduced angle in radians in [-pi/4, pi/4]) of an
    angle |x| in degrees; the reduction modulo 360 and by 90 is exact."""
    r = xp.fmod(ax, 360.0)
    n = xp.rint(r / 90.0)
    z = (r - 90.0 * n) * _PI180
    q = xp.fmod(n, 4.0)
    return q, z


def sindg(x, xp=_xp):
    ax = xp.absolute(x)
    q, z = _octants(ax, xp)
    s, c = xp.sin(z), xp.cos(z)
    v = xp.where(q == 0, s, xp.where(q == 1, c, xp.where(q == 2, -s, -c)))
    v = xp.where(x < 0, -v, v)
    return xp.where(ax > _LOSSTH, 0.0, v)


def cosdg(x, xp=_xp):
    ax = xp.absolute(x)
    q, z = _octants(ax, xp)
    s, c = xp.sin(z), xp.cos(z)
    v = xp.where(q == 0, c, xp.where(q == 1, -s, xp.where(q == 2, -c, s)))
    return xp.where(ax > _LOSSTH, 0.0, v)


def _tancot(xx, cot, xp):
    # tandg.c's tancot: modulo 180 exactly, then [0, 90]
    sign = xp.where(xx < 0, -1.0, 1.0)
    x = xp.absolute(xx)
    k = xp.floor(x / 180.0)
    x = x - 180.0 * k
    if cot:
        flip = x > 90.0
        x = xp.where(flip, x - 90.0, 90.0 - x)
    else:
        flip = x > 90.0
        x = xp.where(flip, 180.0 - x, x)
    sign = xp.where(flip, -sign, sign)
    v = sign * xp.tan(x * _PI180)
    # SciPy 1.17 gives +0 and +inf at the zeros and poles, whatever the
    # side (newer xsf signs them)
    v = xp.where(x == 0.0, 0.0, v)
    v = xp.where(x == 45.0, sign, v)
    v = xp.where(x == 90.0, numpy.inf, v)
    return xp.where(xp.absolute(xx) > _LOSSTH, 0.0, v)


def tandg(x, xp=_xp):
    return _tancot(x, False, xp)


def cotdg(x, xp=_xp):
    return _tancot(x, True, xp)


def _boxcox_of_log(lx, lmbda, xp):
    """(exp(lmbda lx) - 1) / lmbda, with lx = log(x) or log1p(x)."""
    t = lmbda * lx
    ls = xp.where(lmbda == 0, 1.0, lmbda)
    mid = expm1(xp.minimum(t, _MAXLOG), xp) / ls
    big = xp.copysign(1.0, lmbda) * xp.exp(
        t - xp.log(xp.absolute(ls))) - 1.0 / ls
    return xp.where(t < 709.78, mid, big)


def boxcox(x, lmbda, xp=_xp):
    lx = xp.log(x)
    r = _boxcox_of_log(lx, lmbda, xp)
    return xp.where(xp.absolute(lmbda) < 1e-19, lx, r)


def boxcox1p(x, lmbda, xp=_xp):
    lgx = xp.log1p(x)
    r = _boxcox_of_log(lgx, lmbda, xp)
    keep = (xp.absolute(lmbda) < 1e-19) | (
        (xp.absolute(lgx) < 1e-289) & (xp.absolute(lmbda) < 1e273))
    return xp.where(keep, lgx, r)


def _inv_big(x, lmbda, xp):
    ls = xp.where(lmbda == 0, 1.0, lmbda)
    return (xp.log(xp.copysign(1.0, lmbda) * (x + 1.0 / ls)) +
            xp.log(xp.absolute(ls))) / ls


def inv_boxcox(x, lmbda, xp=_xp):
    ls = xp.where(lmbda == 0, 1.0, lmbda)
    t = lmbda * x
    mid = xp.log1p(t) / ls
    e = xp.where(t < 1.79e308, mid, _inv_big(x, lmbda, xp))
    return xp.where(lmbda == 0, xp.exp(x), xp.exp(e))


def inv_boxcox1p(x, lmbda, xp=_xp):
    ls = xp.where(lmbda == 0, 1.0, lmbda)
    t = lmbda * x
    mid = xp.log1p(t) / ls
    e = xp.where(t < 1.79e308, mid, _inv_big(x, lmbda, xp))
    r = expm1(xp.where(lmbda == 0, x, e), xp)
    return xp.where((lmbda != 0) & (xp.absolute(t) < 1e-154), x, r)


expm1_ = define(_sc.expm1, expm1)
log1p_ = define(_sc.log1p)
exp2_ = define(_sc.exp2)
exp10_ = define(_sc.exp10, exp10)
exprel_ = define(_sc.exprel, exprel)
cbrt_ = define(_sc.cbrt, cbrt)
cosm1_ = define(_sc.cosm1, cosm1)
round_ = define(_sc.round)
radian_ = define(_sc.radian, radian)
sindg_ = define(_sc.sindg, sindg)
cosdg_ = define(_sc.cosdg, cosdg)
tandg_ = define(_sc.tandg, tandg)
cotdg_ = define(_sc.cotdg, cotdg)
boxcox_ = define(_sc.boxcox, boxcox)
boxcox1p_ = define(_sc.boxcox1p, boxcox1p)
inv_boxcox_ = define(_sc.inv_boxcox, inv_boxcox)
inv_boxcox1p_ = define(_sc.inv_boxcox1p, inv_boxcox1p)
