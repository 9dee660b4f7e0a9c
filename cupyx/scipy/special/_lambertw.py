"""The Lambert W function, lambertw(z, k, tol), on the device.

SciPy's algorithm (xsf's lambertw, after mpmath; Corless et al., "On the
Lambert W function", Adv. Comput. Math. 5 (1996), 4.20 and 4.22): a
starting point from the series at the branch point -1/e (also for
branch -1 on the real axis, where xsf starts from log(-z)), a Pade
approximant near 0 (branch 0), log(-z) (branch -1 on (-1/e, 0)) or the
two-term asymptotic series log z + 2 pi i k - log(...), then Halley's
iteration (in the form for Re w >= 0 or < 0, chosen at the start) until
the step is below tol relative, at most 100 rounds (xsf's bound).  The
arithmetic is written on (real, imaginary) float64 pairs, so only real
device loops are needed.
"""

import math

import numpy

import cupy
from cupyx.scipy.special import _rounds

_EXPN1 = 0.36787944117144232159553      # exp(-1)
_OMEGA = 0.56714329040978387299997      # W(1)
# xsf's Pade approximant of W near 0 (highest degree first)
_PADE_NUM = (12.85106382978723404255, 12.34042553191489361902, 1.0)
_PADE_DEN = (32.53191489361702127660, 14.34042553191489361702, 1.0)
_MAX_ROUNDS = 100


def _mul(a, b):
    return a[0] * b[0] - a[1] * b[1], a[0] * b[1] + a[1] * b[0]


def _div(a, b):
    # scaled by the larger part of b, so |b|^2 cannot overflow
    s = cupy.maximum(cupy.absolute(b[0]), cupy.absolute(b[1]))
    s = cupy.where(s > 0, s, 1.0)
    br, bi = b[0] / s, b[1] / s
    d = (br * br + bi * bi) * s
    return (a[0] * br + a[1] * bi) / d, (a[1] * br - a[0] * bi) / d


def _abs(a):
    s = cupy.maximum(cupy.absolute(a[0]), cupy.absolute(a[1]))
    ss = cupy.where((s > 0) & cupy.isfinite(s), s, 1.0)
    r = ss * cupy.sqrt((a[0] / ss) ** 2 + (a[1] / ss) ** 2)
    return cupy.where((s > 0) & cupy.isfinite(s), r, s)


def _exp(a):
    e = cupy.exp(a[0])
    return e * cupy.cos(a[1]), e * cupy.sin(a[1])


def _log(a):
    return cupy.log(_abs(a)), cupy.arctan2(a[1], a[0])


def _sqrt(a):
    r = _abs(a)
    t = cupy.sqrt((r + cupy.absolute(a[0])) * 0.5)
    ts = cupy.where(t > 0, t, 1.0)
    q = cupy.absolute(a[1]) / (2.0 * ts)
    pos = a[0] >= 0
    re = cupy.where(pos, t, q)
    im = cupy.where(pos, a[1] / (2.0 * ts), cupy.copysign(t, a[1]))
    return cupy.where(t > 0, re, 0.0), cupy.where(t > 0, im, 0.0)


def _poly(coefs, z):
    """sum coefs[i] z^(n - i) of a complex pair z."""
    r = (z[0] * 0.0 + coefs[0], z[0] * 0.0)
    for c in coefs[1:]:
        r = _mul(r, z)
        r = (r[0] + c, r[1])
    return r


def _start(z, k):
    x, y = z
    # near the branch point: -1 + p - p^2 / 3, p = sqrt(2 (e z + 1))
    p = _sqrt((2.0 * (math.e * x + 1.0), 2.0 * math.e * y))
    p2 = _mul(p, p)
    branch = (-1.0 + p[0] - p2[0] / 3.0, p[1] - p2[1] / 3.0)
    pade = _mul(z, _div(_poly(_PADE_NUM, z), _poly(_PADE_DEN, z)))
    lz = _log(z)
    lw = (lz[0], lz[1] + 2.0 * math.pi * k)
    llw = _log(lw)
    asy = (lw[0] - llw[0], lw[1] - llw[1])
    near = _abs((x + _EXPN1, y)) < 0.3
    # xsf's empirical boundary of the Pade approximant's region
    ay = cupy.absolute(y)
    in_pade = (-1.0 < x) & (x < 1.5) & (ay < 1.0) & (-2.5 * ay - 0.2 < x)
    k0 = k == 0
    use_branch = k0 & near
    use_pade = k0 & ~near & in_pade
    use_log = (k == -1) & (_abs(z) <= _EXPN1) & (y == 0.0) & (x < 0.0)
    lneg = cupy.log(cupy.where(use_log, -x, 1.0))
    # branch -1 on the real axis next to -1/e: the branch-point series
    # with -p (log(-z) is a poor start there, Halley stalls at -1)
    lneg = cupy.where(near, -1.0 - p[0] - p2[0] / 3.0, lneg)
    wr = cupy.where(use_branch, branch[0],
                    cupy.where(use_pade, pade[0],
                               cupy.where(use_log, lneg, asy[0])))
    wi = cupy.where(use_branch, branch[1],
                    cupy.where(use_pade, pade[1],
                               cupy.where(use_log, 0.0, asy[1])))
    return wr, wi


def _halley(z, w, tol):
    """Halley's iteration from w (1-d pairs) until |w_new - w| <= tol
    |w_new|; the form is chosen by Re w at the start."""
    xp = cupy
    posre = (w[0] >= 0).astype(numpy.float64)

    def step(st):
        x, y, wr, wi, pos, tol, dr = st
        wz = (wr, wi)
        p = pos > 0
        # Re w >= 0: f = w - z e^-w; else f = w e^w - z
        e = _exp((xp.where(p, -wr, wr), xp.where(p, -wi, wi)))
        zew = _mul((x, y), e)
        wew = _mul(wz, e)
        f = (xp.where(p, wr - zew[0], wew[0] - x),
             xp.where(p, wi - zew[1], wew[1] - y))
        d0 = (xp.where(p, wr + 1.0, wew[0] + e[0]),
              xp.where(p, wi, wew[1] + e[1]))
        corr = _div(_mul((wr + 2.0, wi), f), (2.0 * wr + 2.0, 2.0 * wi))
        dn = _div(f, (d0[0] - corr[0], d0[1] - corr[1]))
        nr, ni = wr - dn[0], wi - dn[1]
        # the relative step (0 where it is met: the element is done)
        dr = _abs((nr - wr, ni - wi)) - tol * _abs((nr, ni))
        return x, y, nr, ni, pos, tol, dr

    def done(st):
        return ~(st[6] > 0)
    one = w[0] * 0.0 + 1.0
    st = (z[0], z[1], w[0], w[1], posre, tol * one, one)
    st = _rounds.converge(xp, step, st, done, _MAX_ROUNDS)
    fail = st[6] > 0
    return (xp.where(fail, numpy.nan, st[2]),
            xp.where(fail, numpy.nan, st[3]))


def lambertw_device(z, k, tol):
    """lambertw of a device array z (real or complex), integer k and
    tol (a float or an array: broadcast together); complex128 result."""
    z = cupy.asarray(z)
    if z.dtype.kind == 'c':
        x = z.real.astype(numpy.float64)
        y = z.imag.astype(numpy.float64)
    else:
        x = z.astype(numpy.float64)
        y = cupy.zeros_like(x)
    k = cupy.asarray(k)
    tol = cupy.asarray(tol, dtype=numpy.float64)
    (x, y, kf, tol), shape = _rounds.flat(
        cupy, x, y, k.astype(numpy.float64), tol)
    # the elements without special values go through the iteration
    special = (cupy.isnan(x) | cupy.isnan(y) | cupy.isinf(x)
               | ((x == 0) & (y == 0)) | ((x == 1) & (y == 0) & (kf == 0)))
    wr = x * 0.0
    wi = x * 0.0

    def solve(x, y, kf, tol):
        w = _start((x, y), kf)
        return _halley((x, y), w, tol)
    _rounds.on_subset(cupy, ~special, solve, (x, y, kf, tol), (wr, wi))
    two_pi_k = 2.0 * math.pi * kf
    # NaN: z itself; +inf: z + 2 pi i k; -inf: -z + (2 pi k + pi) i
    sr = cupy.where(x == -numpy.inf, -x, x)
    si = cupy.where(x == numpy.inf, y + two_pi_k,
                    cupy.where(x == -numpy.inf, -y + two_pi_k + math.pi, y))
    # 0: 0 on branch 0, -inf on the others; W(1) = omega on branch 0
    zero = (x == 0) & (y == 0)
    sr = cupy.where(zero, cupy.where(kf == 0, x, -numpy.inf), sr)
    si = cupy.where(zero, cupy.where(kf == 0, y, 0.0), si)
    one = (x == 1) & (y == 0) & (kf == 0)
    sr = cupy.where(one, _OMEGA, sr)
    si = cupy.where(one, 0.0, si)
    nan = cupy.isnan(x) | cupy.isnan(y)
    sr = cupy.where(nan, x, sr)
    si = cupy.where(nan, y, si)
    out = cupy.empty(x.shape, numpy.complex128)
    out.real[...] = cupy.where(special, sr, wr)
    out.imag[...] = cupy.where(special, si, wi)
    return out.reshape(shape)
