"""Sine/cosine and hyperbolic sine/cosine integrals: sici, shichi.

Cephes' sici.c and shichi.c (Moshier 1989; SciPy uses them through xsf):
sici is a rational function of x^2 up to 4 and the auxiliary functions
f, g (rational in 1/x^2, two intervals) beyond; shichi is the power
series up to 8 (run until its term is below the machine epsilon, at most
Cephes' own bound), two Chebyshev expansions of x e^-x Shi, Chi on
[8, 18] and (18, 88], and the asymptotic 3F0 series to 1000 (infinite
beyond).  The coefficients are the published ones of those routines.
"""

import math

import numpy
import scipy.special as _sc

from cupyx.scipy.special import _xp
from cupyx.scipy.special import _rounds
from cupyx.scipy.special._poly import polevl, p1evl, chbevl
from cupyx.scipy.special._ufuncs import define

_EULER = 0.577215664901532860606512090082402431
_PIO2 = math.pi / 2
_MACHEP = 1.11022302462515654042E-16

# sici.c: Si = x SN(x^2)/SD(x^2), Ci = gamma + log x + x^2 CN/CD on [0, 4]
_SN = (-8.39167827910303881427E-11, 4.62591714427012837309E-8,
       -9.75759303843632795789E-6, 9.76945438170435310816E-4,
       -4.13470316229406538752E-2, 1.00000000000000000302E0)
_SD = (2.03269266195951942049E-12, 1.27997891179943299903E-9,
       4.41827842801218905784E-7, 9.96412122043875552487E-5,
       1.42085239326149893930E-2, 9.99999999999999996984E-1)
_CN = (2.02524002389102268789E-11, -1.35249504915790756375E-8,
       3.59325051419993077021E-6, -4.74007206873407909465E-4,
       2.89159652607555242092E-2, -1.00000000000000000080E0)
_CD = (4.07746040061880559506E-12, 3.06780997581887812692E-9,
       1.23210355685883423679E-6, 3.17442024775032769882E-4,
       5.10028056236446052392E-2, 4.00000000000000000080E0)
# the auxiliary f (FN/FD) and g (GN/GD) on (4, 8) and [8, inf)
_FN4 = (4.23612862892216586994E0, 5.45937717161812843388E0,
        1.62083287701538329132E0, 1.67006611831323023771E-1,
        6.81020132472518137426E-3, 1.08936580650328664411E-4,
        5.48900223421373614008E-7)
_FD4 = (8.16496634205391016773E0, 7.30828822505564552187E0,
        1.86792257950184183883E0, 1.78792052963149907262E-1,
        7.01710668322789753610E-3, 1.10034357153915731354E-4,
        5.48900252756255700982E-7)
_FN8 = (4.55880873470465315206E-1, 7.13715274100146711374E-1,
        1.60300158222319456320E-1, 1.16064229408124407915E-2,
        3.49556442447859055605E-4, 4.86215430826454749482E-6,
        3.20092790091004902806E-8, 9.41779576128512936592E-11,
        9.70507110881952024631E-14)
_FD8 = (9.17463611873684053703E-1, 1.78685545332074536321E-1,
        1.22253594771971293032E-2, 3.58696481881851580297E-4,
        4.92435064317881464393E-6, 3.21956939101046018377E-8,
        9.43720590350276732376E-11, 9.70507110881952025725E-14)
_GN4 = (8.71001698973114191777E-2, 6.11379109952219284151E-1,
        3.97180296392337498885E-1, 7.48527737628469092119E-2,
        5.38868681462177273157E-3, 1.61999794598934024525E-4,
        1.97963874140963632189E-6, 7.82579040744090311069E-9)
_GD4 = (1.64402202413355338886E0, 6.66296701268987968381E-1,
        9.88771761277688796203E-2, 6.22396345441768420760E-3,
        1.73221081474177119497E-4, 2.02659182086343991969E-6,
        7.82579218933534490868E-9)
_GN8 = (6.97359953443276214934E-1, 3.30410979305632063225E-1,
        3.84878767649974295920E-2, 1.71718239052347903558E-3,
        3.48941165502279436777E-5, 3.47131167084116673800E-7,
        1.70404452782044526189E-9, 3.85945925430276600453E-12,
        3.14040098946363334640E-15)
_GD8 = (1.68548898811011640017E0, 4.87852258695304967486E-1,
        4.67913194259625806320E-2, 1.90284426674399523638E-3,
        3.68475504442561108162E-5, 3.57043223443740838771E-7,
        1.72693748966316146736E-9, 3.87830166023954706752E-12,
        3.14040098946363335242E-15)


def sici(x, xp=_xp):
    ax = xp.absolute(x)
    neg = x < 0
    # [0, 4]
    xs = xp.where(ax <= 4.0, ax, 1.0)
    z = xs * xs
    s = xs * polevl(z, _SN) / polevl(z, _SD)
    c = z * polevl(z, _CN) / polevl(z, _CD)
    ci_small = _EULER + xp.log(xs) + c
    # (4, inf): the auxiliary functions
    xl = xp.where((ax > 4.0) & xp.isfinite(ax), ax, 5.0)
    zl = 1.0 / (xl * xl)
    lt8 = xl < 8.0
    f = xp.where(lt8, polevl(zl, _FN4) / (xl * p1evl(zl, _FD4)),
                 polevl(zl, _FN8) / (xl * p1evl(zl, _FD8)))
    g = xp.where(lt8, zl * polevl(zl, _GN4) / p1evl(zl, _GD4),
                 zl * polevl(zl, _GN8) / p1evl(zl, _GD8))
    sn = xp.sin(xl)
    cs = xp.cos(xl)
    si = xp.where(ax <= 4.0, s, _PIO2 - f * cs - g * sn)
    ci = xp.where(ax <= 4.0, ci_small, f * sn - g * cs)
    # +-inf: Si = +-pi/2, Ci = 0 (+inf) or NaN (-inf), as SciPy
    si = xp.where(xp.isinf(ax), _PIO2, si)
    ci = xp.where(xp.isinf(ax), xp.where(neg, numpy.nan, 0.0), ci)
    si = xp.where(neg, -si, si)
    si = xp.where(ax == 0.0, 0.0, si)
    ci = xp.where(ax == 0.0, -numpy.inf, ci)
    nan = xp.isnan(x)
    return xp.where(nan, numpy.nan, si), xp.where(nan, numpy.nan, ci)


# shichi.c: x e^-x Shi(x), x e^-x Chin(x) as Chebyshev series on [8, 18]
# (S1, C1) and (18, 88] (S2, C2), in the inverted variables below
_S1 = (1.83889230173399459482E-17, -9.55485532279655569575E-17,
       2.04326105980879882648E-16, 1.09896949074905343022E-15,
       -1.31313534344092599234E-14, 5.93976226264314278932E-14,
       -3.47197010497749154755E-14, -1.40059764613117131000E-12,
       9.49044626224223543299E-12, -1.61596181145435454033E-11,
       -1.77899784436430310321E-10, 1.35455469767246947469E-9,
       -1.03257121792819495123E-9, -3.56699611114982536845E-8,
       1.44818877384267342057E-7, 7.82018215184051295296E-7,
       -5.39919118403805073710E-6, -3.12458202168959833422E-5,
       8.90136741950727517826E-5, 2.02558474743846862168E-3,
       2.96064440855633256972E-2, 1.11847751047257036625E0)
_S2 = (-1.05311574154850938805E-17, 2.62446095596355225821E-17,
       8.82090135625368160657E-17, -3.38459811878103047136E-16,
       -8.30608026366935789136E-16, 3.93397875437050071776E-15,
       1.01765565969729044505E-14, -4.21128170307640802703E-14,
       -1.60818204519802480035E-13, 3.34714954175994481761E-13,
       2.72600352129153073807E-12, 1.66894954752839083608E-12,
       -3.49278141024730899554E-11, -1.58580661666482709598E-10,
       -1.79289437183355633342E-10, 1.76281629144264523277E-9,
       1.69050228879421288846E-8, 1.25391771228487041649E-7,
       1.16229947068677338732E-6, 1.61038260117376323993E-5,
       3.49810375601053973070E-4, 1.28478065259647610779E-2,
       1.03665722588798326712E0)
_C1 = (-8.12435385225864036372E-18, 2.17586413290339214377E-17,
       5.22624394924072204667E-17, -9.48812110591690559363E-16,
       5.35546311647465209166E-15, -1.21009970113732918701E-14,
       -6.00865178553447437951E-14, 7.16339649156028587775E-13,
       -2.93496072607599856104E-12, -1.40359438136491256904E-12,
       8.76302288609054966081E-11, -4.40092476213282340617E-10,
       -1.87992075640569295479E-10, 1.31458150989474594064E-8,
       -4.75513930924765465590E-8, -2.21775018801848880741E-7,
       1.94635531373272490962E-6, 4.33505889257316408893E-6,
       -6.13387001076494349496E-5, -3.13085477492997465138E-4,
       4.97164789823116062801E-4, 2.64347496031374526641E-2,
       1.11446150876699213025E0)
_C2 = (8.06913408255155572081E-18, -2.08074168180148170312E-17,
       -5.98111329658272336816E-17, 2.68533951085945765591E-16,
       4.52313941698904694774E-16, -3.10734917335299464535E-15,
       -4.42823207332531972288E-15, 3.49639695410806959872E-14,
       6.63406731718911586609E-14, -3.71902448093119218395E-13,
       -1.27135418132338309016E-12, 2.74851141935315395333E-12,
       2.33781843985453438400E-11, 2.71436006377612442764E-11,
       -2.56600180000355990529E-10, -1.61021375163803438552E-9,
       -4.72543064876271773512E-9, -3.00095178028681682282E-9,
       7.79387474390914922337E-8, 1.06942765566401507066E-6,
       1.59503164802313196374E-5, 3.49592575153777996871E-4,
       1.28475387530065247392E-2, 1.03665693917934275131E0)
# the power series on (0, 8): its term falls below MACHEP by k ~ 50
_SERIES_ROUNDS = 40
# shichi.c's hyp3f0: at most 50 terms, stopped at 1e-13 relative
_HYP3F0_TERMS = 50


def _shichi_series(x, xp):
    """(Shi, Chi - gamma - log x) for 0 < x < 8, 1-d."""
    z = x * x

    def step(st):
        z, k, a, s, c = st
        a = a * z / k
        c = c + a / k
        k = k + 1.0
        a = a / k
        s = s + a / k
        return z, k + 1.0, a, s, c

    def done(st):
        return ~(xp.absolute(st[2] / st[3]) > _MACHEP)
    one = x * 0.0 + 1.0
    st = _rounds.converge(xp, step, (z, one + 1.0, one, one, one * 0.0),
                          done, _SERIES_ROUNDS)
    return st[3] * x, st[4]


def _hyp3f0(a1, a2, a3, z, xp):
    """3F0(a1, a2, a3; z) for the small z of shichi (x > 88): terms are
    added until one falls below 1e-13 of the sum (shichi.c)."""
    term = z * 0.0 + 1.0
    total = term
    going = term > 0
    for n in range(_HYP3F0_TERMS):
        term = term * (a1 + n) * (a2 + n) * (a3 + n) * z / (n + 1)
        total = xp.where(going, total + term, total)
        going = going & (xp.absolute(term) >= 1e-13 * xp.absolute(total)) \
            & (term != 0)
    return total


def shichi(x, xp=_xp):
    (x,), shape = _rounds.flat(xp, x)
    ax = xp.absolute(x)
    shi = x * 0.0 + numpy.nan
    chi = x * 0.0 + numpy.nan

    def series(ax):
        s, c = _shichi_series(ax, xp)
        return s, _EULER + xp.log(ax) + c
    _rounds.on_subset(xp, (ax > 0) & (ax < 8.0), series, (ax,), (shi, chi))
    xm = xp.where((ax >= 8.0) & (ax <= 88.0), ax, 10.0)
    k = xp.exp(xm) / xm
    lt18 = xm < 18.0
    a = xp.where(lt18, (576.0 / xm - 52.0) / 10.0,
                 (6336.0 / xm - 212.0) / 70.0)
    s_m = k * xp.where(lt18, chbevl(a, _S1), chbevl(a, _S2))
    # the C series is that of Chi - gamma - log x (shichi.c's chin)
    c_m = _EULER + xp.log(xm) + k * xp.where(lt18, chbevl(a, _C1),
                                              chbevl(a, _C2))
    mid = (ax >= 8.0) & (ax <= 88.0)
    shi = xp.where(mid, s_m, shi)
    chi = xp.where(mid, c_m, chi)
    # (88, 1000]: the asymptotic series; cosh/sinh overflow to inf past
    # 710 as in shichi.c
    xa = xp.where((ax > 88.0) & (ax <= 1000.0), ax, 100.0)
    z = 4.0 / (xa * xa)
    a3 = _hyp3f0(0.5, 1.0, 1.0, z, xp)
    b3 = _hyp3f0(1.0, 1.0, 1.5, z, xp)
    ch = xp.cosh(xa)
    sh = xp.sinh(xa)
    far = ax > 88.0
    shi = xp.where(far, ch / xa * a3 + sh / (xa * xa) * b3, shi)
    chi = xp.where(far, sh / xa * a3 + ch / (xa * xa) * b3, chi)
    shi = xp.where(ax > 1000.0, numpy.inf, shi)
    chi = xp.where(ax > 1000.0, numpy.inf, chi)
    shi = xp.where(x < 0, -shi, shi)
    shi = xp.where(ax == 0.0, 0.0, shi)
    chi = xp.where(ax == 0.0, -numpy.inf, chi)
    nan = xp.isnan(x)
    shi = xp.where(nan, numpy.nan, shi)
    chi = xp.where(nan, numpy.nan, chi)
    return shi.reshape(shape), chi.reshape(shape)


sici_ = define(_sc.sici, sici)
shichi_ = define(_sc.shichi, shichi)
