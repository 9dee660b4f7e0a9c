"""The complete elliptic integral of the first kind: ellipk, ellipkm1
(Cephes' ellpk.c, as SciPy: K(m) = ellpk(1 - m), a polynomial pair
P(p) - log(p) Q(p) in p = 1 - m)."""

import numpy
import scipy.special as _sc

from cupyx.scipy.special import _xp
from cupyx.scipy.special._poly import polevl
from cupyx.scipy.special._ufuncs import define

_P = (1.37982864606273237150E-4, 2.28025724005875567385E-3,
      7.97404013220415179367E-3, 9.85821379021226008714E-3,
      6.87489687449949877925E-3, 6.18901033637687613229E-3,
      8.79078273952743772254E-3, 1.49380448916805252718E-2,
      3.08851465246711995998E-2, 9.65735902811690126535E-2,
      1.38629436111989062502E0)
_Q = (2.94078955048598507511E-5, 9.14184723865917226571E-4,
      5.94058303753167793257E-3, 1.54850516649762399335E-2,
      2.39089602715924892727E-2, 3.01204715227604046988E-2,
      3.73774314173823228969E-2, 4.88280347570998239232E-2,
      7.03124996963957469739E-2, 1.24999999999870820058E-1,
      4.99999999999999999821E-1)
_C1 = 1.3862943611198906188E0          # log(4)
_MACHEP = 1.11022302462515654042E-16


def ellipkm1(p, xp=_xp):
    # p > 1: ellpk(1/p) / sqrt(p) (one level of Cephes' recursion)
    big = p > 1.0
    x = xp.where(big, 1.0 / xp.where(big, p, 1.0), p)
    xs = xp.where(x > _MACHEP, x, 0.5)
    v = polevl(xs, _P) - xp.log(xs) * polevl(xs, _Q)
    tiny = _C1 - 0.5 * xp.log(xp.where(x > 0, x, 1.0))
    v = xp.where(x > _MACHEP, v, tiny)
    v = xp.where(x == 0.0, numpy.inf, v)
    v = xp.where(big, v / xp.sqrt(xp.where(big, p, 1.0)), v)
    v = xp.where(p == numpy.inf, 0.0, v)
    v = xp.where(p < 0.0, numpy.nan, v)
    return xp.where(xp.isnan(p), p, v)


def ellipk(m, xp=_xp):
    return ellipkm1(1.0 - m, xp)


ellipkm1_ = define(_sc.ellipkm1, ellipkm1)
ellipk_ = define(_sc.ellipk, ellipk)
