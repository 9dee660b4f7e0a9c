"""lpmv(m, v, x): the associated Legendre function P_v^m(x) of integer
order m and real degree v (Ferrers' function on [-1, 1], Condon-Shortley
phase), SciPy's algorithm (Zhang and Jin's LPMV/LPMV0 as xsf's specfun
has them), on whole arrays:
- v < 0 by P_v = P_(-v-1) (DLMF 14.9.5); m < 0 by DLMF 14.9.3 where it
  applies (NaN elsewhere, as SciPy);
- a degree above 2 and above m by the upward recurrence in the degree
  (DLMF 14.10.3) from the two lowest degrees of the same fraction;
- the lowest degrees by the hypergeometric series: the terminating one
  in (1 + x)/2 for an integer degree (DLMF 14.3.4, 15.2.4), for another
  degree the series in (1 - x)/2 for x >= -0.35 (DLMF 15.2.1) and the
  logarithmic one about x = -1 below (DLMF 14.3.5, 15.8.10), each until
  its term is below 1e-14 of the sum (at most 100 terms, specfun's
  bounds).
Loops over the order and the degree run to their largest value over the
elements (one read of it), each element taking its own count; the
series run on the elements still converging (``_rounds``). 
"""

import math

import numpy
import scipy.special as _sc

import cupy
from cupyx.scipy.special import _rounds
from cupyx.scipy.special._gamma import digamma, gamma
from cupyx.scipy.special._ufuncs import define

_EULER = 0.5772156649015329
_EPS = 1e-14          # specfun's relative term bound
_MAX_TERMS = 100      # specfun's bound on both series
_BIG = 1e300          # specfun's overflow marker (SciPy makes it +-inf)


def _top(a):
    return int(a.max()) if a.size else 0


def _c0(v, m, x):
    """(1 - x^2)^(m/2) / (2^m m!) v (v + m) prod_j<m (v^2 - j^2), 1 for
    m == 0."""
    rg = v * (v + m)
    r0 = cupy.ones_like(x)
    xq = cupy.sqrt(1.0 - x * x)
    for j in range(1, _top(m) + 1):
        rg = cupy.where(j <= m - 1, rg * (v * v - j * j), rg)
        r0 = cupy.where(j <= m, 0.5 * r0 * xq / j, r0)
    return cupy.where(m == 0, 1.0, r0 * rg)


def _integer_degree(v, m, x, c0):
    """The terminating series for an integer degree v."""
    nv = cupy.floor(v)
    s = cupy.ones_like(x)
    r = cupy.ones_like(x)
    for k in range(1, _top(nv - m) + 1):
        step = 0.5 * r * (-nv + m + k - 1.0) * (nv + m + k) / \
            (k * (k + m)) * (1.0 + x)
        live = k <= nv - m
        r = cupy.where(live, step, r)
        s = cupy.where(live, s + step, s)
    sign = cupy.where(cupy.fmod(nv, 2.0) == 1.0, -1.0, 1.0)
    return sign * c0 * s


def _series_one(v, m, x, c0):
    """The series in (1 - x)/2 (x >= -0.35)."""
    def step(st):
        v, m, x, k, r, s, live = st
        r = 0.5 * r * (-v + m + k - 1.0) * (v + m + k) / \
            (k * (m + k)) * (1.0 - x)
        s = cupy.where(live, s + r, s)
        live = live & ~((k > 12) & (cupy.absolute(r / s) < _EPS))
        return v, m, x, k + 1.0, r, s, live
    one = cupy.ones_like(x)
    st = _rounds.converge(cupy, step, (v, m, x, one, one, one,
                                       cupy.isfinite(one)),
                          lambda st: ~st[6], _MAX_TERMS)
    sign = cupy.where(cupy.fmod(m, 2.0) == 1.0, -1.0, 1.0)
    return sign * c0 * st[5]


def _g(i, v):
    return (i * i + v * v) / (i * (i * i - v * v))


def _series_log(v, m, x, c0):
    """The logarithmic series about x = -1 (x < -0.35)."""
    vs = cupy.sin(v * math.pi) / math.pi
    # pv0: the finite part of order m
    qr = cupy.sqrt((1.0 - x) / (1.0 + x))
    r2 = cupy.ones_like(x)
    s0 = cupy.ones_like(x)
    r1 = cupy.ones_like(x)
    s1 = cupy.zeros_like(x)
    for j in range(1, _top(m) + 1):
        r2 = cupy.where(j <= m, r2 * qr * j, r2)
        s1 = cupy.where(j <= m, s1 + _g(float(j), v), s1)
        step = 0.5 * r1 * (-v + j - 1) * (v + j) / (j * (j - m)) * (1.0 + x)
        r1 = cupy.where(j <= m - 1, step, r1)
        s0 = cupy.where(j <= m - 1, s0 + step, s0)
    pv0 = cupy.where(m != 0, -vs * r2 / cupy.where(m != 0, m, 1.0) * s0,
                     0.0)
    lx = cupy.log(0.5 * (1.0 + x))
    mtop = _top(m)
    pa = 2.0 * (digamma(v) + _EULER) + math.pi / cupy.tan(math.pi * v) + \
        1.0 / v
    s = pa + s1 - 1.0 / (m - v) + lx

    def step(st):
        v, m, xp1, base, k, r, sj, s2, s, live = st
        r = 0.5 * r * (-v + m + k - 1.0) * (v + m + k) / \
            (k * (k + m)) * xp1
        # sum_j=1..m g(k + j) in specfun's order (a running sum, one
        # term in and one out, loses up to 4x more near x = -1)
        sj = 0.0 * sj
        for j in range(1, mtop + 1):
            sj = sj + cupy.where(j <= m, _g(k + j, v), 0.0)
        s2 = s2 + 1.0 / (k * (k * k - v * v))
        pss = base + sj + 2.0 * v * v * s2 - 1.0 / (m + k - v)
        t = pss * r
        s = cupy.where(live, s + t, s)
        live = live & ~(cupy.absolute(t / s) < _EPS)
        return v, m, xp1, base, k + 1.0, r, sj, s2, s, live
    one = cupy.ones_like(x)
    # pa + log((1 + x)/2): the part of every term's factor that does not
    # change with k
    st = _rounds.converge(
        cupy, step, (v, m, 1.0 + x, pa + lx, one, one, s1, 0.0 * one, s,
                     cupy.isfinite(one)),
        lambda st: ~st[9], _MAX_TERMS)
    return pv0 + st[8] * vs * c0


def _lpmv0(v, m, x):
    """specfun's LPMV0: v >= 0, integer m >= 0, -1 <= x <= 1."""
    out = cupy.full(x.shape, numpy.nan)
    c0 = _c0(v, m, x)
    intv = v == cupy.floor(v)
    _rounds.on_subset(cupy, intv, _integer_degree, (v, m, x, c0), (out,))
    _rounds.on_subset(cupy, ~intv & (x >= -0.35), _series_one,
                      (v, m, x, c0), (out,))
    _rounds.on_subset(cupy, ~intv & (x < -0.35), _series_log,
                      (v, m, x, c0), (out,))
    return out


def lpmv(m, v, x):
    (m, v, x), shape = _rounds.flat(cupy, m, v, x)
    out = _rounds.full(cupy, x.size, numpy.nan)
    ok = (m == cupy.floor(m)) & ~cupy.isnan(v) & ~cupy.isnan(x) & \
        cupy.isfinite(m) & cupy.isfinite(v)
    vint = v == cupy.floor(v)
    # x = -1 with a non-integer degree: the pole.  Its sign is SciPy's
    # choice, not a limit (SciPy 1.17: -inf for m == 0, +inf otherwise;
    # 1.18 for m == 0: +inf at v = 1.5 and -5.3, -inf at 0.7): the
    # installed SciPy's, asked on the host for the (m, v) of such
    # elements (one read, only when there are any)
    pole = ok & (x == -1.0) & ~vint
    if bool(pole.any()):
        with numpy.errstate(all='ignore'):
            inf = _sc.lpmv(m[pole].get(), v[pole].get(), -1.0)
        out[pole] = cupy.asarray(inf)
    vx = cupy.where(v < 0, -v - 1.0, v)
    vxint = vx == cupy.floor(vx)
    neg = m < 0
    # DLMF 14.9.3 does not help for an integer degree below -m
    ok = ok & ~pole & ~(neg & ~((vx + m + 1.0 > 0) | ~vxint))
    mx = cupy.absolute(m)
    nv = cupy.floor(vx)
    v0 = vx - nv
    rec = ok & (nv > 2) & (nv > mx)
    _rounds.on_subset(cupy, ok & ~rec, _lpmv0, (vx, mx, x), (out,))
    _rounds.on_subset(cupy, rec, _upward, (v0, nv, mx, x), (out,))
    # DLMF 14.9.3: P_v^-m = (-1)^m Gamma(v - m + 1)/Gamma(v + m + 1) P_v^m
    fac = gamma(vx - mx + 1.0) / gamma(vx + mx + 1.0) * \
        cupy.where(cupy.fmod(mx, 2.0) == 1.0, -1.0, 1.0)
    out = cupy.where(ok & neg & (cupy.absolute(out) < _BIG), out * fac, out)
    out = cupy.where(out == _BIG, numpy.inf, out)
    out = cupy.where(out == -_BIG, -numpy.inf, out)
    return out.reshape(shape)


def _upward(v0, nv, m, x):
    """DLMF 14.10.3 from degrees v0 + m and v0 + m + 1 up to v0 + nv."""
    n = x.size
    both = _lpmv0(cupy.concatenate([v0 + m, v0 + m + 1.0]),
                  cupy.concatenate([m, m]), cupy.concatenate([x, x]))
    p0 = both[:n]
    p1 = both[n:]
    steps = nv - m - 1.0
    for i in range(_top(steps)):
        j = m + 2.0 + i
        nxt = ((2.0 * (v0 + j) - 1.0) * x * p1 - (v0 + j - 1.0 + m) * p0) \
            / (v0 + j - m)
        live = i < steps
        p0 = cupy.where(live, p1, p0)
        p1 = cupy.where(live, nxt, p1)
    return p1


lpmv_ = define(_sc.lpmv, lpmv)
