"""Error functions and the normal distribution: erf, erfc, erfcx, erfinv,
erfcinv, ndtr, ndtri, log_ndtr.

The algorithms are Cephes' (S. L. Moshier, ndtr.c and ndtri.c, as SciPy
uses them through its xsf library), evaluated on whole arrays: every
branch is computed and the right one selected, so the results are the
double-precision results of the same rational approximations.  The
coefficients are the published ones of those routines (Moshier 1989;
cited by name below), except erf's on [1, 6]: there erf needs erfc only to
erf's own absolute accuracy, and a rational function of lower degree
fitted for that (_erf_data.py) replaces ndtr.c's P/Q (within 2 ulp of
SciPy's erf, 1 of the exact value).
"""

import math

import numpy
import scipy.special as _sc

from cupyx.scipy.special import _rounds
from cupyx.scipy.special import _xp
from cupyx.scipy.special._erf_data import ERF_P, ERF_Q
from cupyx.scipy.special._poly import polevl, p1evl
from cupyx.scipy.special._ufuncs import define

# ndtr.c: erfc = exp(-x^2) P(x)/Q(x) on [1, 8), R(x)/S(x) on [8, inf);
# erf = x T(x^2)/U(x^2) on [0, 1].
_P = (2.46196981473530512524E-10, 5.64189564831068821977E-1,
      7.46321056442269912687E0, 4.86371970985681366614E1,
      1.96520832956077098242E2, 5.26445194995477358631E2,
      9.34528527171957607540E2, 1.02755188689515710272E3,
      5.57535335369399327526E2)
_Q = (1.32281951154744992508E1, 8.67072140885989742329E1,
      3.54937778887819891062E2, 9.75708501743205489753E2,
      1.82390916687909736289E3, 2.24633760818710981792E3,
      1.65666309194161350182E3, 5.57535340817727675546E2)
_R = (5.64189583547755073984E-1, 1.27536670759978104416E0,
      5.01905042251180477414E0, 6.16021097993053585195E0,
      7.40974269950448939160E0, 2.97886665372100240670E0)
_S = (2.26052863220117276590E0, 9.39603524938001434673E0,
      1.20489539808096656605E1, 1.70814450747565897222E1,
      9.60896809063285878198E0, 3.36907645100081516050E0)
_T = (9.60497373987051638749E0, 9.00260197203842689217E1,
      2.23200534594684319226E3, 7.00332514112805075473E3,
      5.55923013010394962768E4)
_U = (3.35617141647503099647E1, 5.21357949780152679795E2,
      4.59432382970980127987E3, 2.26290000613890934246E4,
      4.92673942608635921086E4)
# Cephes' MAXLOG: log(DBL_MAX); exp(-x^2) is taken as underflowed beyond
_MAXLOG = 7.09782712893383996843E2
_SQRT1_2 = math.sqrt(0.5)
_SQRTPI = math.sqrt(math.pi)


def _erfc_scaled(x, xp):
    """exp(x^2) erfc(x) for x >= 1 (Cephes' rational factor of erfc)."""
    small = x < 8.0
    # the polynomials overflow far out: the asymptotic 1/(x sqrt(pi))
    # (the rational functions' own limit, R0/1) takes over there
    huge = x > 1e50
    xs = xp.where(huge, 1.0, x)
    p = xp.where(small, polevl(xs, _P), polevl(xs, _R))
    q = xp.where(small, p1evl(xs, _Q), p1evl(xs, _S))
    return p, q, huge


def _erfc_pos(x, xp):
    """erfc(x) for x >= 1 as Cephes computes it: (exp(-x^2) p) / q."""
    p, q, huge = _erfc_scaled(x, xp)
    z = xp.exp(-(x * x))
    y = (z * p) / q
    return xp.where(x * x > _MAXLOG, 0.0, y)


def _erf_small(x, xp):
    z = x * x
    return x * polevl(z, _T) / p1evl(z, _U)


# erfc(x) < 2**-55 beyond: 1 - erfc(x) rounds to 1 (erfc(6) = 2.2e-17)
_ERF_ONE = 6.0


def _erf_mid(x, u, xp):
    """erf(x) for 1 < |x| (u = x^2): sign(x) (1 - erfc(|x|)) as ndtr.c
    forms it, erfc(|x|) = exp(-x^2) P(|x|) / Q(|x|) from a rational
    function fitted to erf's accuracy (_erf_data.py: degree 5/6 where
    ndtr.c's P/Q, exact to erfc's own accuracy, is 8/8); |x| clamped to
    6, where 1 - erfc gives 1 exactly (and the polynomials stay finite
    at any x)."""
    ax = xp.absolute(x)
    ax = xp.where(ax > _ERF_ONE, _ERF_ONE, ax)
    e = (xp.exp(-u) * polevl(ax, ERF_P)) / p1evl(ax, ERF_Q)
    s = xp.sign(x)
    return s - s * e


def erf(x, xp=_xp):
    # erf is odd: the small branch x T(x^2)/U(x^2) is (-0 included), the
    # other takes |x| and multiplies by sign(x) (no copysign pass at the
    # end).  The branch most elements take runs on all of them, the other
    # on its own elements (``_rounds.two_ways``)
    (x,), shape = _rounds.flat(xp, x)
    u = x * x
    out = _rounds.two_ways(xp, u <= 1.0,
                           lambda v, w: v * polevl(w, _T) / p1evl(w, _U),
                           lambda v, w: _erf_mid(v, w, xp), (x, u))
    return out.reshape(shape)


def erfc(a, xp=_xp):
    x = xp.absolute(a)
    y = _erfc_pos(xp.maximum(x, 1.0), xp)
    y = xp.where(a < 0, 2.0 - y, y)
    small = 1.0 - _erf_small(xp.where(x < 1.0, a, 0.0), xp)
    return xp.where(x < 1.0, small, y)


def erfcx(x, xp=_xp):
    # x >= 1: the rational factor alone (no exp(-x^2) exp(x^2) round
    # trip); |x| < 1: exp(x^2) erfc(x); x < -1: 2 exp(x^2) - erfcx(-x),
    # as Faddeeva's erfcx (SciPy's) does for negative x
    ax = xp.absolute(x)
    p, q, huge = _erfc_scaled(xp.maximum(ax, 1.0), xp)
    # beyond 50 Faddeeva's (SciPy's) continued fraction of erfcx, beyond
    # 5e7 its limit 1/(x sqrt(pi)) (S. G. Johnson, Faddeeva package)
    a2 = ax * ax
    cf = (a2 * (a2 + 4.5) + 2.0) / (ax * (a2 * (a2 + 5.0) + 3.75)) / _SQRTPI
    big = xp.where(ax > 50.0, cf, p / q)
    big = xp.where(ax > 5e7, (1.0 / _SQRTPI) / ax, big)
    x2 = x * x
    e2 = xp.exp(xp.minimum(x2, 1e3))
    mid = e2 * erfc(xp.where(ax < 1.0, x, 0.0), xp)
    neg = 2.0 * e2 - big
    r = xp.where(ax < 1.0, mid, xp.where(x > 0, big, neg))
    # exp(x^2) overflows below -26.6: inf, as SciPy
    return xp.where(x2 > _MAXLOG, xp.where(x > 0, r, numpy.inf), r)


def ndtr(a, xp=_xp):
    x = a * _SQRT1_2
    z = xp.absolute(x)
    inner = 0.5 + 0.5 * _erf_small(xp.where(z < 1.0, x, 0.0), xp)
    y = 0.5 * _erfc_pos(xp.maximum(z, 1.0), xp)
    y = xp.where(x > 0, 1.0 - y, y)
    return xp.where(z < 1.0, inner, y)


def log_ndtr(a, xp=_xp):
    # xsf's stats.h: log(erfcx(-t) / 2) - t^2 below -1, else
    # log1p(-erfc(t) / 2)
    t = a * _SQRT1_2
    low = xp.log(erfcx(-t, xp) / 2.0) - t * t
    high = xp.log1p(-erfc(xp.where(a < -1.0, 0.0, t), xp) / 2.0)
    return xp.where(a < -1.0, low, high)


# ndtri.c: the inverse normal distribution; P0/Q0 on the centre
# |y - 1/2| < 1/2 - exp(-2), P1/Q1 and P2/Q2 on the tails (x < 8, >= 8)
_P0 = (-5.99633501014107895267E1, 9.80010754185999661536E1,
       -5.66762857469070293439E1, 1.39312609387279679503E1,
       -1.23916583867381258016E0)
_Q0 = (1.95448858338141759834E0, 4.67627912898881538453E0,
       8.63602421390890590575E1, -2.25462687854119370527E2,
       2.00260212380060660359E2, -8.20372256168333339912E1,
       1.59056225126211695515E1, -1.18331621121330003142E0)
_P1 = (4.05544892305962419923E0, 3.15251094599893866154E1,
       5.71628192246421288162E1, 4.40805073893200834700E1,
       1.46849561928858024014E1, 2.18663306850790267539E0,
       -1.40256079171354495875E-1, -3.50424626827848203418E-2,
       -8.57456785154685413611E-4)
_Q1 = (1.57799883256466749731E1, 4.53907635128879210584E1,
       4.13172038254672030440E1, 1.50425385692907503408E1,
       2.50464946208309415979E0, -1.42182922854787788574E-1,
       -3.80806407691578277194E-2, -9.33259480895457427372E-4)
_P2 = (3.23774891776946035970E0, 6.91522889068984211695E0,
       3.93881025292474443415E0, 1.33303460815807542389E0,
       2.01485389549179081538E-1, 1.23716634817820021358E-2,
       3.01581553508235416007E-4, 2.65806974686737550832E-6,
       6.23974539184983293730E-9)
_Q2 = (6.02427039364742014255E0, 3.67983563856160859403E0,
       1.37702099489081330271E0, 2.16236993594496635890E-1,
       1.34204006088543189037E-2, 3.28014464682127739104E-4,
       2.89247864745380683936E-6, 6.79019408009981274425E-9)
_EXPM2 = 0.13533528323661269189     # exp(-2)
_SQRT2PI = math.sqrt(2.0 * math.pi)


def _ndtri_centre(yc, xp):
    """ndtri(1/2 + yc) for |yc| < 1/2 - exp(-2)."""
    y2 = yc * yc
    return (yc + yc * (y2 * polevl(y2, _P0) / p1evl(y2, _Q0))) * _SQRT2PI


def _ndtri_tail(y, xp):
    """-ndtri(y) for 0 < y <= exp(-2) (the lower tail, negated)."""
    x = xp.sqrt(-2.0 * xp.log(y))
    x0 = x - xp.log(x) / x
    z = 1.0 / x
    x1 = xp.where(x < 8.0, z * polevl(z, _P1) / p1evl(z, _Q1),
                  z * polevl(z, _P2) / p1evl(z, _Q2))
    return x0 - x1


def ndtri(y0, xp=_xp):
    upper = y0 > 1.0 - _EXPM2
    y = xp.where(upper, 1.0 - y0, y0)
    centre = y > _EXPM2
    xc = _ndtri_centre(xp.where(centre, y, 0.5) - 0.5, xp)
    xt = _ndtri_tail(xp.where(centre | (y <= 0.0), 0.01, y), xp)
    xt = xp.where(upper, xt, -xt)
    r = xp.where(centre, xc, xt)
    r = xp.where(y0 == 0.0, -numpy.inf, r)
    r = xp.where(y0 == 1.0, numpy.inf, r)
    return xp.where((y0 < 0.0) | (y0 > 1.0), numpy.nan, r)


_2_SQRTPI = 2.0 / math.sqrt(math.pi)
_CENTRE = 1.0 - 2.0 * _EXPM2      # |y| below: ndtri's central branch


def erfinv(y, xp=_xp):
    # erfinv(y) = ndtri((1 + y) / 2) / sqrt(2) (Cephes' erfinv), taken
    # without rounding 1 + y: the centre from y / 2 (exact), the tails from
    # 1 - |y| (exact for |y| >= 1/2, Sterbenz)
    ay = xp.absolute(y)
    centre = ay < _CENTRE
    xc = _ndtri_centre(xp.where(centre, y, 0.0) * 0.5, xp)
    t = xp.where(centre | (ay >= 1.0), 0.01, (1.0 - ay) * 0.5)
    xt = _ndtri_tail(t, xp)
    xt = xp.where(y < 0, -xt, xt)
    r = xp.where(centre, xc, xt) * _SQRT1_2
    r = xp.where(ay < 1e-150, y / _2_SQRTPI, r)
    r = xp.where(ay == 1.0, y * numpy.inf, r)
    return xp.where(ay > 1.0, numpy.nan, r)


def erfcinv(y, xp=_xp):
    return -ndtri(0.5 * y, xp) * _SQRT1_2


# float32 computes in float32 (half the memory traffic; within 3 float32
# ulp of SciPy's float64-then-rounded loop, the test's bound is 4)
erf_ = define(_sc.erf, erf, same_float=True)
erfc_ = define(_sc.erfc, erfc)
erfcx_ = define(_sc.erfcx, erfcx)
erfinv_ = define(_sc.erfinv, erfinv)
erfcinv_ = define(_sc.erfcinv, erfcinv)
ndtr_ = define(_sc.ndtr, ndtr)
ndtri_ = define(_sc.ndtri, ndtri)
log_ndtr_ = define(_sc.log_ndtr, log_ndtr)
