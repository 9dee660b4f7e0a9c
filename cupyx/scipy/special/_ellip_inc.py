"""Incomplete elliptic integrals and Jacobi's elliptic functions:
ellipkinc, ellipeinc, ellipj.

ellipkinc/ellipeinc reduce the amplitude to [0, pi/2] and add multiples
of the complete integrals, as Cephes' ellik.c/ellie.c do, then use
Carlson's symmetric integrals (B. C. Carlson, "Numerical computation of
real or complex elliptic integrals", 1994, arXiv:math/9409227: the
duplication theorem, run until its error bound holds, and the fifth-order
Taylor tail), as SciPy does for m < 0, for every m <= 1:
F = s R_F(c^2, 1 - m s^2, 1) (DLMF 19.25.5); E for m < 0 by DLMF 19.25.9
(both terms positive) and for 0 < m <= 1 by DLMF 19.25.10 (all three
terms positive, so no cancellation as m -> 1).  Where |m phi^2| is huge
(m << 0) Cephes' asymptotic forms in m replace the duplication (it would
need log4|m| rounds).  The complete integrals are Cephes' ellpk/ellpe
polynomials.

ellipj is Cephes' ellpj.c: the arithmetic-geometric mean (at most 8
steps, each element stopping where Cephes' loop stops) and the backward
recurrence of the amplitude (DLMF 22.20(ii)), the small-m and m near 1
expansions (SciPy 1.17's ellipj, the reference, is NaN for m < 0).
"""

import math

import numpy
import scipy.special as _sc

from cupyx.scipy.special import _xp
from cupyx.scipy.special import _rounds, _trig
from cupyx.scipy.special._ellip import ellipkm1
from cupyx.scipy.special._poly import polevl
from cupyx.scipy.special._ufuncs import define

_PIO2 = math.pi / 2
_MACHEP = 1.11022302462515654042E-16
# Cephes' ellpe.c: E(m) = P(p) - log(p) p Q(p), p = 1 - m in (0, 1]
_EP = (1.53552577301013293365E-4, 2.50888492163602060990E-3,
       8.68786816565889628429E-3, 1.07350949056076193403E-2,
       7.77395492516787092951E-3, 7.58395289413514708519E-3,
       1.15688436810574127319E-2, 2.18317996015557253103E-2,
       5.68051945617860553470E-2, 4.43147180560990850618E-1,
       1.00000000000000000299E0)
_EQ = (3.27954898576485872656E-5, 1.00962792679356715133E-3,
       6.50609489976927491433E-3, 1.68862163993311317300E-2,
       2.61769742454493659583E-2, 3.34833904888224918614E-2,
       4.27180926518931511717E-2, 5.85936634471101055642E-2,
       9.37499997197644278445E-2, 2.49999999999888314361E-1)
# Carlson's bound on the duplication rounds (ellik.c/ellie.c: n <= 100)
_MAX_DUPLICATIONS = 100


def _ellpe(m, xp):
    """The complete integral E(m) for m <= 1 (Cephes' ellpe)."""
    p = 1.0 - m
    big = p > 1.0
    ps = xp.where(big, 1.0 / xp.where(big, p, 1.0), p)
    ps = xp.where(ps > 0.0, ps, 1.0)
    e = polevl(ps, _EP) - xp.log(ps) * (ps * polevl(ps, _EQ))
    e = xp.where(big, e * xp.sqrt(xp.where(big, p, 1.0)), e)
    return xp.where(p == 0.0, 1.0, e)


def _carlson(x, y, z, xp):
    """(R_F(x, y, z), R_D(x, y, z)) of 1-d arrays (x, y, z >= 0, at most
    one zero): duplication until Carlson's bound 400 max|A0 - x| / 4^n
    falls below |A| (the constant of Cephes' ellik.c), then the series."""
    a0f = (x + y + z) / 3.0
    a0d = (x + y + 3.0 * z) / 5.0
    q = 400.0 * xp.maximum(xp.absolute(a0f - x), xp.maximum(
        xp.absolute(a0f - y), xp.absolute(a0f - z)))

    def step(st):
        x1, y1, z1, af, ad, q, sd, p4 = st
        sx, sy, sz = xp.sqrt(x1), xp.sqrt(y1), xp.sqrt(z1)
        lam = sx * sy + sx * sz + sy * sz
        sd = sd + p4 / (sz * (z1 + lam))
        x1 = (x1 + lam) * 0.25
        y1 = (y1 + lam) * 0.25
        z1 = (z1 + lam) * 0.25
        return (x1, y1, z1, (x1 + y1 + z1) / 3.0, (ad + lam) * 0.25,
                q * 0.25, sd, p4 * 0.25)

    def done(st):
        return ~((st[5] > xp.absolute(st[3])) | (st[5] > xp.absolute(st[4])))
    zero = x * 0.0
    st = _rounds.converge(xp, step, (x, y, z, a0f, a0d, q, zero, zero + 1.0),
                          done, _MAX_DUPLICATIONS)
    af, ad, sd, p4 = st[3], st[4], st[6], st[7]
    # extra rounds past the bound are exact identities (X_n = (A0 - x)
    # / (4^n A_n) for every n), so a batch may overrun
    xf = (a0f - x) / af * p4
    yf = (a0f - y) / af * p4
    zf = -(xf + yf)
    e2 = xf * yf - zf * zf
    e3 = xf * yf * zf
    rf = (1.0 - e2 / 10.0 + e3 / 14.0 + e2 * e2 / 24.0
          - 3.0 * e2 * e3 / 44.0) / xp.sqrt(af)
    xd = (a0d - x) / ad * p4
    yd = (a0d - y) / ad * p4
    zd = -(xd + yd) / 3.0
    e2 = xd * yd - 6.0 * zd * zd
    e3 = (3.0 * xd * yd - 8.0 * zd * zd) * zd
    e4 = 3.0 * (xd * yd - zd * zd) * zd * zd
    e5 = xd * yd * zd * zd * zd
    rd = (1.0 - 3.0 * e2 / 14.0 + e3 / 6.0 + 9.0 * e2 * e2 / 88.0
          - 3.0 * e4 / 22.0 - 9.0 * e2 * e3 / 52.0 + 3.0 * e5 / 26.0) \
        * p4 / (ad * xp.sqrt(ad)) + 3.0 * sd
    return rf, rd


def _reduce(phi, xp):
    """(npio2, |lphi|, sign): phi = npio2 pi/2 + sign |lphi|, npio2 even
    (Cephes' reduction)."""
    n = xp.floor(phi / _PIO2)
    n = xp.where(xp.fmod(xp.absolute(n), 2.0) == 1.0, n + 1.0, n)
    lphi = phi - n * _PIO2
    sign = xp.where(lphi < 0.0, -1.0, 1.0)
    return n, xp.absolute(lphi), sign


def _incomplete(phi, m, second, xp):
    (phi, m), shape = _rounds.flat(xp, phi, m)
    n, lphi, sign = _reduce(xp.where(xp.isfinite(phi), phi, 0.0), xp)
    ms = xp.where((m <= 1.0) & xp.isfinite(m), m, 0.0)
    s = xp.sin(lphi)
    c = xp.cos(lphi)
    s2 = s * s
    y = 1.0 - ms * s2
    one = s * 0.0 + 1.0
    rf, rd = _carlson(c * c, y, one, xp)
    f = s * rf
    # Cephes' forms for m < 0 where -m phi^2 is huge (asymptotic in m)
    # or tiny (a series in phi)
    mpp = ms * lphi * lphi
    sm = xp.sqrt(xp.absolute(ms))
    sp = xp.where(s > 0.0, s, 1.0)
    lg = xp.log(4.0 * sp * sm / (1.0 + c))
    msafe = xp.where(ms < 0.0, ms, -1.0)
    if not second:
        big = (-mpp > 4e7) & (ms < 0.0)
        asym = (lg - (1.0 + c / sp / sp - lg) / 4.0 / msafe) / xp.where(
            sm > 0.0, sm, 1.0)
        ser = lphi + (-mpp * lphi * lphi / 30.0 + 3.0 * mpp * mpp / 40.0
                      + mpp / 6.0) * lphi
        v = f
        comp = ellipkm1(1.0 - ms, xp)
    else:
        big = (-mpp > 1e6) & (ms < 0.0)
        s_half = xp.sin(0.5 * lphi)
        asym = (2.0 * s_half * s_half - (0.5 + lg) / 2.0 / msafe
                + (0.75 + c / sp / sp - lg) / 16.0 / msafe / msafe) * sm
        ser = lphi + (mpp * lphi * lphi / 30.0 - mpp * mpp / 40.0
                      - mpp / 6.0) * lphi
        # DLMF 19.25.10 for 0 <= m <= 1: R_D with the special argument
        # 1 - m s^2; DLMF 19.25.9 for m < 0
        _, rd2 = _carlson(c * c, one, y, xp)
        s3 = s * s2
        pos = ((1.0 - ms) * f + ms * (1.0 - ms) / 3.0 * s3 * rd2
               + ms * s * c / xp.sqrt(xp.where(y > 0.0, y, 1.0)))
        neg = f - ms / 3.0 * s3 * rd
        v = xp.where(ms < 0.0, neg, pos)
        v = xp.where(ms == 1.0, s, v)
        comp = _ellpe(ms, xp)
    small = (-mpp < 1e-6) & (lphi < -ms)
    v = xp.where(big, asym, xp.where(small, ser, v))
    v = xp.where(ms == 0.0, lphi, v)
    r = sign * v + xp.where(n == 0.0, 0.0, n * comp)
    if not second:
        # m = 1: K = inf, F = asinh(tan phi) below pi/2 (Cephes)
        at = xp.absolute(xp.tan(phi))
        ts = xp.where(at < 1e150, at, 0.0)
        # asinh |t| = log1p(t + t^2 / (1 + sqrt(1 + t^2))), log(2 t) far out
        ash = xp.where(at < 1e150,
                       xp.log1p(ts + ts * ts / (1.0 + xp.sqrt(ts * ts + 1.0))),
                       xp.log(2.0 * at))
        ash = xp.where(phi < 0, -ash, ash)
        r = xp.where(m == 1.0, xp.where(xp.absolute(phi) >= _PIO2,
                                        numpy.inf, ash), r)
        r = xp.where(xp.isinf(m) & xp.isfinite(phi), 0.0, r)
        r = xp.where(xp.isinf(phi) & xp.isfinite(m), phi, r)
        r = xp.where(xp.isinf(phi) & xp.isinf(m), numpy.nan, r)
    else:
        r = xp.where(xp.isinf(m), -m, r)
        r = xp.where(xp.isinf(phi), phi, r)
    r = xp.where(m == 0.0, phi, r)
    r = xp.where(xp.isnan(phi) | xp.isnan(m) | (m > 1.0), numpy.nan, r)
    return r.reshape(shape)


def ellipkinc(phi, m, xp=_xp):
    return _incomplete(phi, m, False, xp)


def ellipeinc(phi, m, xp=_xp):
    return _incomplete(phi, m, True, xp)


# ellpj.c: at most 8 steps of the arithmetic-geometric mean
_AGM_STEPS = 8


def _ellpj_unit(u, m, xp):
    """Cephes' ellpj for 0 <= m <= 1 (m < 0 mapped by the caller)."""
    # m < 1e-9: first order in m
    # sin/cos rounded as the C library's Cephes calls (_trig.py): the AGM
    # carries their last bit
    t, b = _trig.sincos(u, xp)
    ai = 0.25 * m * (u - t * b)
    small = (t - ai * b, b + ai * t, 1.0 - 0.5 * m * t * t, u - ai)
    # m >= 1 - 1e-10: first order in 1 - m (tanh as sinh / cosh: the A2
    # has no float64 tanh)
    ue = xp.where(xp.absolute(u) < 710.0, u, 0.0)
    ep = xp.exp(ue)
    ch = xp.cosh(ue)
    sh = xp.sinh(ue)
    th = sh / ch
    ai = 0.25 * (1.0 - m)
    sech = 1.0 / ch
    twon = ch * sh
    ph1 = 2.0 * xp.arctan(ep) - _PIO2 + ai * (twon - ue) / ch
    ai2 = ai * th * sech
    near1 = (th + ai * (twon - ue) / (ch * ch), sech - ai2 * (twon - ue),
             sech + ai2 * (twon + ue), ph1)
    # the AGM scale (DLMF 22.20(ii)); steps stops at Cephes' exit
    a = [s * 0.0 + 1.0 for s in (u,)]
    bb = xp.sqrt(1.0 - m)
    c = [xp.sqrt(m)]
    steps = u * 0.0
    going = xp.absolute(c[0] / a[0]) > _MACHEP
    for i in range(1, _AGM_STEPS + 1):
        ai_ = a[-1]
        c.append((ai_ - bb) / 2.0)
        a.append((ai_ + bb) / 2.0)
        bb = xp.sqrt(ai_ * bb)
        steps = xp.where(going, float(i), steps)
        going = going & (xp.absolute(c[i] / a[i]) > _MACHEP)
    an = a[0]
    for i in range(1, _AGM_STEPS + 1):
        an = xp.where(steps == i, a[i] * float(2 ** i), an)
    phi = an * u
    prev = phi
    for i in range(_AGM_STEPS, 0, -1):
        tt = c[i] * _trig.sincos(phi, xp)[0] / a[i]
        new = (_trig.arcsin(tt, xp) + phi) / 2.0
        on = steps >= i
        prev = xp.where(on, phi, prev)
        phi = xp.where(on, new, phi)
    sn, cn = _trig.sincos(phi, xp)
    dnfac = _trig.sincos(phi - prev, xp)[1]
    dn = xp.where(xp.absolute(dnfac) < 0.1,
                  xp.sqrt(1.0 - m * sn * sn), cn / dnfac)
    agm = (sn, cn, dn, phi)
    lo = m < 1e-9
    hi = m >= 0.9999999999
    return tuple(xp.where(lo, s_, xp.where(hi, h_, g_))
                 for s_, h_, g_ in zip(small, near1, agm))


def ellipj(u, m, xp=_xp):
    # SciPy 1.17 (the reference) gives NaN for m < 0 and m > 1
    mm = xp.where((m >= 0.0) & (m <= 1.0), m, 0.5)
    res = _ellpj_unit(u, mm, xp)
    # SciPy: NaN for infinite u, and where cosh(u) overflows near m = 1
    bad = (m > 1.0) | (m < 0.0) | xp.isnan(m) | ~xp.isfinite(u)
    bad = bad | ((m >= 0.9999999999) & (xp.absolute(u) >= 710.0))
    return tuple(xp.where(bad, numpy.nan, v) for v in res)


ellipkinc_ = define(_sc.ellipkinc, ellipkinc)
ellipeinc_ = define(_sc.ellipeinc, ellipeinc)
ellipj_ = define(_sc.ellipj, ellipj)
