"""The discrete distributions, composed on the device from the core's
uniform and normal draws.

- poisson: inversion by sequential search for lam < 10 (rounds of one
  step each, a check every few rounds), and for lam >= 10 the transformed
  rejection PTRS of Hoermann (1993), "The transformed rejection method for
  generating Poisson random variables", Insurance: Mathematics and
  Economics 12; exact, rejection in bounded rounds (_rejection.py).
- binomial: inversion for n * min(p, 1 - p) < 10, else BTRS of Hoermann
  (1993), "The generation of binomial random variates", J. Statist.
  Comput. Simul. 46; exact.
- geometric by inversion; negative_binomial as poisson(gamma); logseries
  by Kemp's (1981) second algorithm and zipf by rejection (as NumPy
  describes them), both in bounded rounds; hypergeometric by drawing the
  sample one item at a time (rounds = the sample size, or its complement);
  multinomial by sequential conditional binomials.
The log-factorials of the exact acceptance tests are a table below 10 and
Stirling's series above (error below 1e-10 there).
"""

import math

import numpy

import cupy
from cupy._core import _fallback
from cupy._core import _routines_random as _rr
from cupy.random import _continuous as _cont
from cupy.random._params import as_param, check, full, out_shape
from cupy.random._rejection import rejection

_F8 = numpy.float64
_I8 = numpy.int64
_LOG_SQRT_2PI = 0.5 * math.log(2 * math.pi)
_LOGFACT_TABLE = [math.lgamma(k + 1.0) for k in range(10)]
_INVERSION_MAX = 10.0       # mean below which inversion is used (PTRS/BTRS
#                             need mean >= 10, Hoermann 1993)
_INVERSION_ROUNDS = 256     # P(poisson(10) > 256) < 1e-200
_HYPERGEOMETRIC_ROUNDS = 10000


def _log_factorial(k):
    """log(k!) of a float64 array k >= 0."""
    x = cupy.maximum(k, 10.0) + 1.0
    inv = 1.0 / x
    inv2 = inv * inv
    stirling = ((x - 0.5) * cupy.log(x) - x + _LOG_SQRT_2PI +
                inv * (1.0 / 12 - inv2 * (1.0 / 360 - inv2 / 1260)))
    idx = cupy.clip(k, 0, 9).astype(_I8)
    table = cupy.take(cupy.asarray(_LOGFACT_TABLE), idx)
    return cupy.where(k < 10, table, stirling)


def _inversion_rounds(u, p0, step, limit=None):
    """Sequential search: the k with cdf(k - 1) < u <= cdf(k), where
    pmf(0) = p0 and pmf(k) = pmf(k - 1) * step(k).  float64 arrays."""
    k = cupy.zeros(u.shape, _F8)
    p = p0
    s = p0.copy()
    pending = u > s
    for r in range(1, _INVERSION_ROUNDS + 1):
        if r % 8 == 1 and not bool(pending.any()):
            break
        k += pending
        p = p * step(cupy.maximum(k, 1.0))
        s = s + p
        pending &= u > s
        if limit is not None:
            pending &= k < limit
    return k


# --------------------------------------------------------------- poisson --

def _ptrs(stream, lam, shape):
    slam = cupy.sqrt(lam)
    loglam = cupy.log(lam)
    b = 0.931 + 2.53 * slam
    a = -0.059 + 0.02483 * b
    log_invalpha = cupy.log(1.1239 + 1.1328 / (b - 3.4))
    vr = 0.9277 - 3.6224 / (b - 2)

    def propose():
        u = _rr.uniform(stream, shape, _F8) - 0.5
        v = 1.0 - _rr.uniform(stream, shape, _F8)        # (0, 1]
        us = cupy.maximum(0.5 - cupy.abs(u), 1e-300)
        k = cupy.floor((2 * a / us + b) * u + lam + 0.43)
        fast = (us >= 0.07) & (v <= vr)
        quick_no = (k < 0) | ((us < 0.013) & (v > us))
        ks = cupy.maximum(k, 0.0)
        slow = (cupy.log(v) + log_invalpha - cupy.log(a / (us * us) + b) <=
                -lam + ks * loglam - _log_factorial(ks))
        return ks, fast | (~quick_no & slow)
    return rejection(propose)


def _poisson(stream, lam, shape):
    """float64 Poisson counts of an array lam >= 0 of `shape`."""
    if lam.size == 0:
        return cupy.zeros(shape, _F8)
    small = lam < _INVERSION_MAX
    out = None
    if bool(small.any()):
        ls = cupy.where(small, lam, 0.0)
        u = _rr.uniform(stream, shape, _F8)
        out = _inversion_rounds(u, cupy.exp(-ls), lambda k: ls / k)
    if not bool(small.all()):
        big = _ptrs(stream, cupy.where(small, _INVERSION_MAX, lam), shape)
        out = big if out is None else cupy.where(small, out, big)
    return out


def poisson(stream, lam, size):
    lam = as_param(lam)
    check('lam < 0', lambda x: x < 0, lam)
    check('lam value too large', lambda x: x > 9.223372006484771e18, lam)
    shape = out_shape(size, lam)
    return _poisson(stream, full(lam, shape, _F8), shape).astype(_I8)


# -------------------------------------------------------------- binomial --

def _btrs(stream, n, p, shape):
    q = 1.0 - p
    spq = cupy.sqrt(n * p * q)
    b = 1.15 + 2.53 * spq
    a = -0.0873 + 0.0248 * b + 0.01 * p
    c = n * p + 0.5
    alpha = (2.83 + 5.1 / b) * spq
    vr = 0.92 - 4.2 / b
    m = cupy.floor((n + 1) * p)
    lpq = cupy.log(p / q)
    hm = _log_factorial(m) + _log_factorial(n - m)

    def propose():
        u = _rr.uniform(stream, shape, _F8) - 0.5
        v = 1.0 - _rr.uniform(stream, shape, _F8)
        us = cupy.maximum(0.5 - cupy.abs(u), 1e-300)
        k = cupy.floor((2 * a / us + b) * u + c)
        valid = (k >= 0) & (k <= n)
        ks = cupy.clip(k, 0.0, n)
        fast = (us >= 0.07) & (v <= vr)
        lv = cupy.log(v * alpha / (a / (us * us) + b))
        slow = lv <= (hm - _log_factorial(ks) - _log_factorial(n - ks) +
                      (ks - m) * lpq)
        return ks, valid & (fast | slow)
    return rejection(propose)


def _binomial(stream, n, p, shape):
    """float64 binomial counts of arrays n >= 0, 0 <= p <= 1."""
    if n.size == 0:
        return cupy.zeros(shape, _F8)
    flip = p > 0.5
    pp = cupy.where(flip, 1.0 - p, p)
    small = n * pp < _INVERSION_MAX
    out = None
    if bool(small.any()):
        ps = cupy.where(small, pp, 0.0)
        ns = cupy.where(small, n, 0.0)
        qs = 1.0 - ps
        ratio = ps / cupy.where(qs > 0, qs, 1.0)
        u = _rr.uniform(stream, shape, _F8)
        out = _inversion_rounds(u, cupy.exp(ns * cupy.log1p(-ps)),
                                lambda k: (ns - k + 1.0) / k * ratio,
                                limit=ns)
    if not bool(small.all()):
        pb = cupy.where(small, 0.5, pp)
        nb = cupy.where(small, 2 * _INVERSION_MAX + 2, n)
        big = _btrs(stream, nb, pb, shape)
        out = big if out is None else cupy.where(small, out, big)
    return cupy.where(flip, n - out, out)


def binomial(stream, n, p, size):
    n, p = as_param(n, _I8), as_param(p)
    check('n < 0', lambda x: x < 0, n)
    check('p < 0, p > 1 or p is NaN',
          lambda x: ~((x >= 0) & (x <= 1)), p)
    shape = out_shape(size, n, p)
    return _binomial(stream, full(n, shape, _F8), full(p, shape, _F8),
                     shape).astype(_I8)


def negative_binomial(stream, n, p, size):
    n, p = as_param(n), as_param(p)
    check('n <= 0', lambda x: x <= 0, n)
    check('p < 0, p > 1 or p is NaN',
          lambda x: ~((x >= 0) & (x <= 1)), p)
    check('p == 0', lambda x: x == 0, p)
    shape = out_shape(size, n, p)
    pf = full(p, shape, _F8)
    lam = _cont._standard_gamma(stream, n, shape) * ((1.0 - pf) / pf)
    return _poisson(stream, lam, shape).astype(_I8)


# ----------------------------------------------------- small algorithms --

def geometric(stream, p, size):
    p = as_param(p)
    check('p <= 0, p > 1 or p contains NaNs',
          lambda x: ~((x > 0) & (x <= 1)), p)
    shape = out_shape(size, p)
    u = _rr.uniform(stream, shape, _F8)
    k = cupy.floor(cupy.log1p(-u) / cupy.log1p(-full(p, shape, _F8))) + 1.0
    return k.astype(_I8)


def logseries(stream, p, size):
    p = as_param(p)
    check('p < 0, p >= 1 or p is NaN',
          lambda x: ~((x >= 0) & (x < 1)), p)
    shape = out_shape(size, p)
    pf = full(p, shape, _F8)
    r = cupy.log1p(-pf)

    def propose():
        v = _rr.uniform(stream, shape, _F8)
        u = _rr.uniform(stream, shape, _F8)
        q = 1.0 - cupy.exp(r * u)     # (expm1: no float64 device loop)
        deep = v <= q * q
        res = cupy.floor(1.0 + cupy.log(v) / cupy.log(
            cupy.where(q > 0, q, 0.5)))
        retry = deep & ((res < 1) | (v == 0))
        k = cupy.where(v >= pf, 1.0,
                       cupy.where(deep, res, cupy.where(v >= q, 1.0, 2.0)))
        ok = (v >= pf) | ~retry
        return k, ok
    return rejection(propose).astype(_I8)


def zipf(stream, a, size):
    a = as_param(a)
    check('a <= 1 or a is NaN', lambda x: ~(x > 1), a)
    shape = out_shape(size, a)
    am1 = full(a, shape, _F8) - 1.0
    b = cupy.power(2.0, am1)
    big = float(numpy.iinfo(_I8).max)

    def propose():
        u = 1.0 - _rr.uniform(stream, shape, _F8)
        v = _rr.uniform(stream, shape, _F8)
        x = cupy.floor(cupy.power(u, -1.0 / am1))
        valid = (x >= 1) & (x <= big)
        xs = cupy.clip(x, 1.0, big)
        t = cupy.power(1.0 + 1.0 / xs, am1)
        ok = valid & (v * xs * (t - 1.0) / (b - 1.0) <= t / b)
        return xs, ok
    return rejection(propose).astype(_I8)


def hypergeometric(stream, ngood, nbad, nsample, size):
    ngood, nbad, nsample = (as_param(x, _I8) for x in (ngood, nbad, nsample))
    check('ngood < 0', lambda x: x < 0, ngood)
    check('nbad < 0', lambda x: x < 0, nbad)
    check('nsample < 0', lambda x: x < 0, nsample)
    shape = out_shape(size, ngood, nbad, nsample)
    g, b, s = (full(x, shape, _F8) for x in (ngood, nbad, nsample))
    total = g + b
    if bool(cupy.any(s > total)):
        raise ValueError('ngood + nbad < nsample')
    # draw the smaller of the sample and its complement, item by item
    comp = s > total / 2
    m = cupy.where(comp, total - s, s)
    rounds = int(m.max()) if m.size else 0
    if rounds > _HYPERGEOMETRIC_ROUNDS:
        _fallback.enter('hypergeometric', 'l', 'sample over {} items'.format(
            _HYPERGEOMETRIC_ROUNDS))
        gen = numpy.random.Generator(numpy.random.PCG64(
            [stream.seed, stream.offset]))
        stream.offset += max(1, int(numpy.prod(shape)))
        return cupy.asarray(gen.hypergeometric(
            cupy.asnumpy(g).astype(_I8), cupy.asnumpy(b).astype(_I8),
            cupy.asnumpy(s).astype(_I8)))
    good_left, left = g.copy(), total.copy()
    got = cupy.zeros(shape, _F8)
    for i in range(rounds):
        active = m > i
        u = _rr.uniform(stream, shape, _F8)
        hit = active & (u * left < good_left)
        got += hit
        good_left -= hit
        left -= active
    return cupy.where(comp, g - got, got).astype(_I8)


def multinomial(stream, n, pvals, size):
    pv = numpy.asarray(cupy.asnumpy(pvals), dtype=_F8)
    if pv.ndim != 1:
        raise ValueError('pvals must be a 1-d sequence')
    if numpy.any(pv < 0) or numpy.any(pv > 1) or numpy.any(numpy.isnan(pv)):
        raise ValueError('pvals < 0, pvals > 1 or pvals contains NaNs')
    if pv[:-1].sum() > 1.0 + 1e-12:
        raise ValueError('sum(pvals[:-1]) > 1.0')
    n = as_param(n, _I8)
    check('n < 0', lambda x: x < 0, n)
    shape = out_shape(size, n)
    k = pv.shape[0]
    out = cupy.zeros(shape + (k,), _I8)
    left = full(n, shape, _F8).copy()
    rest = 1.0
    for i in range(k - 1):
        pi = min(max(pv[i] / rest, 0.0), 1.0) if rest > 0 else 0.0
        x = _binomial(stream, left, cupy.full(shape, pi, _F8), shape)
        out[..., i] = x.astype(_I8)
        left -= x
        rest -= pv[i]
    out[..., k - 1] = left.astype(_I8)
    return out


def multivariate_hypergeometric(stream, colors, nsample, size, method):
    """Counts of each color in a sample without replacement: a
    hypergeometric draw per color from what is left (the 'marginals'
    method; 'count' is accepted and draws the same distribution)."""
    if method not in ('count', 'marginals'):
        raise ValueError('method must be "count" or "marginals".')
    col = numpy.asarray(cupy.asnumpy(colors))
    if col.ndim != 1:
        raise ValueError('colors must be a one-dimensional sequence')
    if col.dtype.kind not in 'iu' and not (col == numpy.floor(col)).all():
        raise TypeError('colors must be a sequence of integers')
    col = col.astype(_I8)
    if (col < 0).any():
        raise ValueError('colors must be a sequence of nonnegative integers')
    total = int(col.sum())
    nsample = int(nsample)
    if nsample < 0:
        raise ValueError('nsample must be nonnegative')
    if nsample > total:
        raise ValueError('nsample > sum(colors)')
    shape = out_shape(size)
    out = cupy.zeros(shape + (col.size,), _I8)
    left = cupy.full(shape, nsample, _I8)
    rest = total
    for i, c in enumerate(col[:-1]):
        rest -= int(c)
        x = hypergeometric(stream, int(c), rest, left, None)
        out[..., i] = x
        left = left - x
    if col.size:
        out[..., col.size - 1] = left
    return out
