"""The gamma family: gamma, gammaln, loggamma (real), gammasgn, rgamma,
digamma/psi.

Cephes' algorithms (S. L. Moshier: gamma.c, psi.c, rgamma.c, as SciPy's
xsf library has them) on whole arrays.  Their data-dependent loops (the
recurrences that move x into the interval of a rational approximation)
run as a fixed number of masked rounds, as many as the loop can take on
the interval where it is used; negative arguments take the reflection
formula with an exact sin(pi x).  gammaln is the exception below x = 13
(where gamma.c recurs into [2, 3), up to ten whole-array steps): a table
of polynomials on intervals of 1/16 octave (_gammaln_data.py), except
for -34 < x < 0, where gamma.c's own upward recurrence runs (next to the
poles the reflection loses digits that it keeps).
"""

import math

import numpy
import scipy.special as _sc

from cupyx.scipy.special import _rounds
from cupyx.scipy.special import _xp
from cupyx.scipy.special import _gammaln_data as LG
from cupyx.scipy.special._poly import polevl, p1evl, chbevl
from cupyx.scipy.special._ufuncs import define

# gamma.c: Gamma on [2, 3) as P/Q, Stirling's series beyond 33
_GP = (1.60119522476751861407E-4, 1.19135147006586384913E-3,
       1.04213797561761569935E-2, 4.76367800457137231464E-2,
       2.07448227648435975150E-1, 4.94214826801497100753E-1,
       9.99999999999999996796E-1)
_GQ = (-2.31581873324120129819E-5, 5.39605580493303397842E-4,
       -4.45641913851797240494E-3, 1.18139785222060435552E-2,
       3.58236398605498653373E-2, -2.34591795718243348568E-1,
       7.14304917030273074085E-2, 1.00000000000000000320E0)
_STIR = (7.87311395793093628397E-4, -2.29549961613378126380E-4,
         -2.68132617805781232825E-3, 3.47222221605458667310E-3,
         8.33333333333482257126E-2)
_MAXSTIR = 143.01608
_MAXGAM = 171.624376956302725
_SQRT2PI = 2.50662827463100050242E0
# gamma.c: log Gamma, Stirling's expansion A and B/C on [2, 3)
_LA = (8.11614167470508450300E-4, -5.95061904284301438324E-4,
       7.93650340457716943945E-4, -2.77777777730099687205E-3,
       8.33333333333331927722E-2)
_LB = (-1.37825152569120859100E3, -3.88016315134637840924E4,
       -3.31612992738871184744E5, -1.16237097492762307383E6,
       -1.72173700820839662146E6, -8.53555664245765465627E5)
_LC = (-3.51815701436523470549E2, -1.70642106651881159223E4,
       -2.20528590553854454839E5, -1.13933444367982507207E6,
       -2.53252307177582951285E6, -2.01889141433532773231E6)
_LS2PI = 0.91893853320467274178     # log(sqrt(2 pi))
_LOGPI = 1.14472988584940017414     # log(pi)


def _sinpi(x, xp):
    """sin(pi x) with the argument reduced exactly (xsf's sinpi)."""
    s = xp.where(xp.signbit(x), -1.0, 1.0)
    r = xp.fmod(xp.absolute(x), 2.0)
    a = xp.where(r < 0.5, r, xp.where(r > 1.5, r - 2.0, r - 1.0))
    v = xp.sin(math.pi * a)
    return xp.where((r >= 0.5) & (r <= 1.5), -s * v, s * v)


def _stirf(x, xp):
    """Gamma(x) for x >= 33 by Stirling's formula (gamma.c's stirf)."""
    w = 1.0 / x
    w = 1.0 + w * polevl(w, _STIR)
    y = xp.exp(xp.minimum(x, _MAXGAM))
    big = x > _MAXSTIR
    v = xp.power(x, 0.5 * x - 0.25)
    yb = v * (v / y)
    ys = xp.power(x, x - 0.5) / y
    y = xp.where(big, yb, ys)
    return xp.where(x >= _MAXGAM, numpy.inf, _SQRT2PI * y * w)


def _gamma_pos(x, xp, rounds):
    """Gamma(x) for 0 < x < 33 (gamma.c): recurrences into [2, 3), then
    P/Q; `rounds` downward steps are enough for x below rounds + 3."""
    z = x * 0.0 + 1.0
    u = x
    for _ in range(rounds):
        m = u >= 3.0
        u = xp.where(m, u - 1.0, u)
        z = xp.where(m, z * u, z)
    tiny = u < 1e-9
    for _ in range(2):
        m = (u < 2.0) & ~tiny
        z = xp.where(m, z / u, z)
        u = xp.where(m, u + 1.0, u)
    t = u - 2.0
    r = z * polevl(t, _GP) / polevl(t, _GQ)
    r = xp.where(u == 2.0, z, r)
    # x < 1e-9: 1 / ((1 + euler x) x)
    small = z / ((1.0 + 0.5772156649015329 * u) * u)
    return xp.where(tiny, small, r)


def gamma(x, xp=_xp):
    q = xp.absolute(x)
    xs = xp.where(q < 33.0, q, 2.5)
    g_small = _gamma_pos(xs, xp, 31)
    g_big = _stirf(xp.where(q >= 33.0, q, 33.0), xp)
    gq = xp.where(q < 33.0, g_small, g_big)
    # x < 0: Gamma(x) = -pi / (x sin(pi x) Gamma(-x)) (the reflection)
    neg = -math.pi / (x * _sinpi(x, xp) * gq)
    neg = xp.where(x == xp.floor(x), numpy.nan, neg)
    # |x| < 1e-9: Cephes' small-argument form covers both signs
    tinyx = q < 1e-9
    r = xp.where(x > 0, gq, neg)
    r = xp.where(tinyx & (x != 0), 1.0 / ((1.0 + 0.5772156649015329 * x)
                                         * x), r)
    r = xp.where(x == 0, xp.copysign(numpy.inf, x), r)
    r = xp.where(x == numpy.inf, numpy.inf, r)
    return xp.where(x == -numpy.inf, numpy.nan, r)


# the table of _gammaln_data.py as one array: row 0 the centres, rows 1
# on the coefficients from the highest degree (one upload per call: a
# table kept on the device would outlive the arrays it serves)
_LG_TABLE = numpy.concatenate([numpy.array([LG.CENTRES]),
                               numpy.array(LG.COEFS).T])
_LG_LAST = len(LG.CENTRES) - 1


def _lgam_table(x, xp):
    """log|Gamma(x)| for 0.489 <= x <= 13.2 from _gammaln_data.py's
    table: the interval's centre and coefficients gathered per element,
    one polynomial in the exact offset (anything else gives a finite
    value or NaN, for the caller to replace)."""
    table = xp.asarray(_LG_TABLE)
    k = xp.floor(xp.log2(x) * float(LG.PER_OCTAVE) + (0.5 - LG.K0))
    # clipped, so that every gather stays in the table (NaN, x out of
    # range where this runs on every element: ``_rounds.two_ways``); the
    # floor is explicit: ops.md does not say how aclnnCast rounds a float
    # to an integer
    k = xp.clip(k.astype(numpy.int64), 0, _LG_LAST)
    t = x - _rounds.take(table[0], k)
    y = _rounds.take(table[1], k)
    for j in range(2, table.shape[0]):
        y = y * t + _rounds.take(table[j], k)
    return y


def _lgam_small(x, xp):
    """log|Gamma(x)| for x < 13.2 of 1-d x: the table on its range,
    below it (x < 1/2, including x <= 0: ``_lgam_below_half``) on those
    elements only."""
    r = _lgam_table(x, xp)
    _rounds.on_subset(xp, x < 0.5, lambda v: _lgam_below_half(v, xp),
                      (x,), (r,))
    return r


def _lgam_below_half(x, xp):
    """log|Gamma(x)| for x < 1/2: log Gamma(x + 1) + log(1 / x) for
    0 < x < 1/2 (the result is above 0.57: the roundings of x + 1 and
    1 / x cost 0.2 ulp; 1 / x as gamma.c: inf where it overflows, x <
    5.6e-309), x <= 0 on those elements (``_lgam_nonpos``)."""
    r = _lgam_table(x + 1.0, xp) + xp.log(1.0 / x)
    _rounds.on_subset(xp, x <= 0, lambda v: _lgam_nonpos(v, xp), (x,),
                      (r,))
    return r


def _lgam_big(xb, xp):
    """log Gamma(x) for x >= 13 (x >= 6 for float32's accuracy):
    Stirling's series as gamma.c forms it (its roundings: SciPy's values,
    which betaln's cancellations at large arguments magnify), with its
    terms for 13 <= x < 1000 everywhere: its fewer terms from 1000 on and
    none beyond 1e8 change nothing (the terms left out are below 1e-24 of
    the result).  gamma.c's inf beyond MAXLGM = 2.556348e305 comes from
    the overflow of (x - 1/2) log x here (within 1e-6 of it), and inf
    gives inf."""
    q = (xb - 0.5) * xp.log(xb) - xb + _LS2PI
    q = q + polevl(1.0 / (xb * xb), _LA) / xb
    return xp.where(xb == numpy.inf, xb, q)


def _lgam_pos(x, xp, below=13):
    """log|Gamma(x)| of 1-d x: the table below `below` (and x <= 0
    below it), Stirling's series from there on (NaN stays NaN), the
    branch most elements take on all of them, the other on its own
    elements (``_rounds.two_ways``)."""
    return _rounds.two_ways(xp, x < below, lambda v: _lgam_small(v, xp),
                            lambda v: _lgam_big(v, xp), (x,))


def _lgam_rational(z, t, xp):
    """log|z| + log Gamma(2 + t), 0 <= t < 1 (gamma.c's B/C on [2, 3))."""
    p = t * polevl(t, _LB) / p1evl(t, _LC)
    lz = xp.log(xp.absolute(z))
    return xp.where(t == 0.0, lz, lz + p)


def _lgam_upward(x, xp):
    """log|Gamma(x)| for -34 < x < 0 as gamma.c's lgam computes it: z /= u
    for u = x, x + 1, ... while u < 2, then log|z| + log Gamma(u) on
    [2, 3).  The same divisions in the same order (by 1 where an element
    has stopped: exact), so SciPy's results: next to a pole the
    reflection (log pi - log|x sin(pi x)| - log Gamma(-x)) cancels two
    terms of size log Gamma(-x), 8 ulp at -8.000064 where this is exact
    to SciPy's rounding.  As many rounds as the most negative element
    needs (one read of the minimum)."""
    z = x * 0.0 + 1.0
    p = x * 0.0
    lo = float(xp.amin(x))
    # elements below -34 (the reflection's, when this runs on all of
    # them) stop at 37 rounds, -inf and huge ones included
    lo = lo if lo >= -34.0 else -34.0
    for i in range(int(math.ceil(2.0 - lo)) + 1):
        u = x + float(i)
        m = u < 2.0
        z = z / xp.where(m, u, 1.0)
        p = xp.where(m, float(i + 1), p)
    return _lgam_rational(z, x + (p - 2.0), xp)


def _lgam_reflect(x, xp):
    """log|Gamma(x)| for x <= -34 (gamma.c): log(pi / (q sin(pi z))) -
    log Gamma(q), q = -x, z its distance to the nearest integer."""
    q = -x
    z = q - xp.floor(q)
    z = xp.where(z > 0.5, 1.0 - z, z)
    return _LOGPI - xp.log(q * xp.sin(math.pi * z)) - _lgam_big(q, xp)


def _lgam_nonpos(x, xp):
    """log|Gamma(x)| for x <= 0: inf at the poles, -inf at -inf (as
    SciPy)."""
    r = _rounds.two_ways(xp, x > -34.0, lambda v: _lgam_upward(v, xp),
                         lambda v: _lgam_reflect(v, xp), (x,))
    r = xp.where(x == xp.floor(x), numpy.inf, r)
    return xp.where(x == -numpy.inf, x, r)


# the float32 loop (computed in float64 and rounded once, as SciPy's):
# Stirling's series from x = 6 on: with all of gamma.c's terms its error
# against SciPy's float64 log Gamma is below 2.5e-12 from 6 on
# (cancellation in (x - 1/2) log x - x stays ~1e-15), 1e-5 of a float32
# ulp of 1; so also where log Gamma of x < -6 is near 0 (next to a pole)
# the float32 result is within 2.5e-12 absolutely
_STIRLING_F32 = 6


def gammaln(x, xp=_xp):
    (x,), shape = _rounds.flat(xp, x)
    below = 13
    if x.dtype == numpy.float32:
        x, below = x.astype(numpy.float64), _STIRLING_F32
    return _lgam_pos(x, xp, below=below).reshape(shape)


def loggamma(x, xp=_xp):
    # the real loop of loggamma: log Gamma(x) for x >= 0, NaN below
    r = gammaln(x, xp)
    return xp.where(x < 0, numpy.nan, r)


def gammasgn(x, xp=_xp):
    fx = xp.floor(x)
    odd = xp.fmod(fx, 2.0) != 0
    r = xp.where(odd, -1.0, 1.0)
    r = xp.where(x - fx == 0.0, numpy.nan, r)
    r = xp.where(x == 0, xp.copysign(1.0, x), r)
    r = xp.where(x > 0, 1.0, r)
    r = xp.where(x == -numpy.inf, numpy.nan, r)
    return xp.where(xp.isnan(x), x, r)


# rgamma.c: 1/Gamma on [0, 1] as a Chebyshev series
_RG = (3.13173458231230000000E-17, -6.70718606477908000000E-16,
       2.20039078172259550000E-15, 2.47691630348254132600E-13,
       -6.60074100411295197440E-12, 5.13850186324226978840E-11,
       1.08965386454418662084E-9, -3.33964630686836942556E-8,
       2.68975996440595483619E-7, 2.96001177518801696639E-6,
       -8.04814124978471142852E-5, 4.16609138709688864714E-4,
       5.06579864028608725080E-3, -6.41925436109158228810E-2,
       -4.98558728684003594785E-3, 1.27546015610523951063E-1)


def rgamma(x, xp=_xp):
    ax = xp.absolute(x)
    w = xp.where(ax <= 4.0, x, 0.5)
    z = w * 0.0 + 1.0
    for _ in range(4):
        m = w > 1.0
        w = xp.where(m, w - 1.0, w)
        z = xp.where(m, z * w, z)
    for _ in range(4):
        m = w < 0.0
        z = xp.where(m, z / w, z)
        w = xp.where(m, w + 1.0, w)
    y = w * (1.0 + chbevl(4.0 * w - 2.0, _RG)) / z
    y = xp.where(w == 1.0, 1.0 / z, y)
    y = xp.where(w == 0.0, 0.0, y)
    r = xp.where(ax > 4.0, 1.0 / gamma(xp.where(ax > 4.0, x, 5.0), xp), y)
    r = xp.where((x < 0) & (x == xp.floor(x)), 0.0, r)
    r = xp.where(x == 0, x, r)
    return xp.where(xp.isnan(x), x, r)


# psi.c (Boost's rational approximation on [1, 2] with the root split in
# three parts, and the asymptotic series A)
_PSA = (8.33333333333333333333E-2, -2.10927960927960927961E-2,
        7.57575757575757575758E-3, -4.16666666666666666667E-3,
        3.96825396825396825397E-3, -8.33333333333333333333E-3,
        8.33333333333333333333E-2)
_PSY = 0.99558162689208984
_ROOT1 = 1569415565.0 / 1073741824.0
_ROOT2 = (381566830.0 / 1073741824.0) / 1073741824.0
_ROOT3 = 0.9016312093258695918615325266959189453125e-19
_PSP = (-0.0020713321167745952, -0.045251321448739056, -0.28919126444774784,
        -0.65031853770896507, -0.32555031186804491, 0.25479851061131551)
_PSQ = (-0.55789841321675513e-6, 0.0021284987017821144, 0.054151797245674225,
        0.43593529692665969, 1.4606242909763515, 2.0767117023730469, 1.0)
_EULER = 0.5772156649015328606065120


def digamma(x, xp=_xp):
    neg = x < 0.0
    fr = x - xp.where(neg, xp.ceil(x), 0.0)   # modf's fraction (x < 0)
    fr = xp.where(neg, fr, 0.5)
    y = xp.where(neg, -math.pi / xp.tan(math.pi * fr), 0.0)
    x = xp.where(neg, 1.0 - x, x)
    below = x < 1.0
    y = xp.where(below, y - 1.0 / x, y)
    x = xp.where(below, x + 1.0, x)
    for _ in range(8):
        m = (x > 2.0) & (x < 10.0)
        x = xp.where(m, x - 1.0, x)
        y = xp.where(m, y + 1.0 / x, y)
    # [1, 2]
    t = xp.where(x <= 2.0, x, 1.5)
    g = t - _ROOT1
    g = g - _ROOT2
    g = g - _ROOT3
    r = polevl(t - 1.0, _PSP) / polevl(t - 1.0, _PSQ)
    one = g * _PSY + g * r
    # asymptotic
    xa = xp.where(x <= 2.0, 10.0, x)
    z = 1.0 / (xa * xa)
    ya = xp.where(xa < 1.0e17, z * polevl(z, _PSA), 0.0)
    asy = xp.log(xa) - (0.5 / xa) - ya
    res = y + xp.where(x <= 2.0, one, asy)
    res = xp.where(neg & (fr == 0.0), numpy.nan, res)
    res = xp.where(x == 0 * x, res, res)
    res = xp.where(x == numpy.inf, numpy.inf, res)
    return res


def _digamma_edges(x, xp=_xp):
    r = digamma(x, xp)
    r = xp.where(x == 0, xp.copysign(numpy.inf, -x), r)
    r = xp.where(x == -numpy.inf, numpy.nan, r)
    return xp.where(xp.isnan(x), x, r)


gamma_ = define(_sc.gamma, gamma)
# same_float: the float32 loop gets float32 arrays (gammaln takes
# Stirling's series from 6 on for it, and computes in float64)
gammaln_ = define(_sc.gammaln, gammaln, same_float=True)
loggamma_ = define(_sc.loggamma, loggamma)
gammasgn_ = define(_sc.gammasgn, gammasgn)
rgamma_ = define(_sc.rgamma, rgamma)
digamma_ = define(_sc.digamma, _digamma_edges)
psi_ = digamma_
