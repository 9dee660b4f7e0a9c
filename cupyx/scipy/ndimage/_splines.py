"""B-spline pieces for interpolation: the prefilter (samples to spline
coefficients) and the interpolation weights.

The prefilter is the inverse of the B-spline's sampled kernel, a cascade
of first-order recursions per pole z of that kernel (one causal, one
anticausal: y[k] = x[k] + z y[k-1]; Unser, "Splines: a perfect fit for
signal and image processing", IEEE SPM 1999).  SciPy runs the recursions
per line; here each runs as its impulse response truncated where |z|^m
falls below 1e-18 (under double rounding), summed by doubling: after L
rounds of ``s[k] += z^m s[k - m]`` (m = 1, 2, 4, ...) s holds
sum_{j < 2^L} z^j x[k - j], so a pole costs 2L whole-array steps (L = 5
for |z| = 0.27) instead of one per tap.  The line is first extended by
the spline's boundary condition, far enough for every stage.
"""

import functools
import math

import numpy

from cupyx.scipy.ndimage import _boundary


# Centred B-spline of order n sampled at the integers (the kernel whose
# inverse is the prefilter); Unser 1999, table 1.
_SAMPLES = {
    2: (1 / 8, 3 / 4, 1 / 8),
    3: (1 / 6, 2 / 3, 1 / 6),
    4: (1 / 384, 19 / 96, 115 / 192, 19 / 96, 1 / 384),
    5: (1 / 120, 13 / 60, 11 / 20, 13 / 60, 1 / 120),
}

# A recursion's impulse response is cut where |z|^m is below this: the
# dropped tail is under double precision's rounding of the result.
_TAIL = 1e-18


@functools.lru_cache(maxsize=8)
def prefilter_stages(order):
    """((pole, doubling rounds) per pole, the cascade's gain) of the
    prefilter of `order` (2..5).  The poles are the roots inside the unit
    circle of the sampled B-spline's polynomial; each causal/anticausal
    pair has DC gain 1 / (1 - z)^2, the inverse kernel 1 / sum(samples)."""
    samples = _SAMPLES[order]
    poles = sorted(float(z.real) for z in numpy.roots(samples)
                   if abs(z) < 1)
    stages = []
    gain = 1.0 / sum(samples)
    for z in poles:
        rounds = 0
        while abs(z) ** (2 ** rounds) > _TAIL:
            rounds += 1
        stages.append((z, rounds))
        gain *= (1 - z) ** 2
    return tuple(stages), gain


def prefilter_mode(mode):
    """The boundary condition SciPy's spline prefilter uses for `mode`
    (scipy/ndimage/src/ni_splines.c, apply_filter)."""
    if mode == 'grid-wrap':
        return 'wrap'
    if mode in ('nearest', 'reflect', 'grid-mirror'):
        return 'reflect'
    return 'mirror'


def _axis_range(ndim, axis, start, stop):
    sl = [slice(None)] * ndim
    sl[axis] = slice(start, stop)
    return tuple(sl)


def spline_filter_work(x, order, axis, mode):
    """Spline coefficients of the float64 device array `x` along `axis`."""
    if x.shape[axis] <= 1:
        return x
    stages, gain = prefilter_stages(order)
    # each stage consumes 2^rounds - 1 samples of the extension on its side
    ext = sum(2 ** rounds - 1 for _, rounds in stages)
    s = _boundary.pad_axis(x, axis, ext, ext, prefilter_mode(mode))
    nd = x.ndim
    for z, rounds in stages:
        for causal in (True, False):
            m, zm = 1, z
            for _ in range(rounds):
                n = s.shape[axis]
                head = s[_axis_range(nd, axis, 0, n - m)]
                tail = s[_axis_range(nd, axis, m, n)]
                # causal: s[k] += z^m s[k - m]; anticausal: s[k] += z^m s[k + m]
                s = tail + zm * head if causal else head + zm * tail
                m, zm = 2 * m, zm * zm
    return s * gain


def _bspline(u, n):
    """Centred B-spline of order n at u (truncated-power form)."""
    total = 0.0
    for k in range(n + 2):
        total += ((-1) ** k * math.comb(n + 1, k) *
                  max(u + (n + 1) / 2 - k, 0.0) ** n)
    return total / math.factorial(n)


@functools.lru_cache(maxsize=8)
def weight_polynomials(order):
    """Row j holds the polynomial (highest power first) in t giving the
    weight of coefficient start + j, where for odd orders
    start = floor(x) - order // 2 and t = x - floor(x), and for even
    orders start = floor(x + 0.5) - order // 2 and t = x - floor(x + 0.5).
    Each weight is one polynomial piece of the B-spline over t's range."""
    lo = 0.0 if order & 1 else -0.5
    t = lo + (numpy.arange(order + 1) + 0.5) / (order + 1)
    rows = []
    for j in range(order + 1):
        values = [_bspline(ti + order // 2 - j, order) for ti in t]
        rows.append(numpy.polyfit(t, values, order) if order else
                    numpy.array([1.0]))
    return numpy.array(rows)


def start_and_fraction(x, order, xp):
    """First coefficient index and the fraction t of coordinates `x`."""
    base = xp.floor(x) if order & 1 else xp.floor(x + 0.5)
    return base.astype(numpy.int64) - order // 2, x - base


def weights(t, order):
    """The order + 1 interpolation weights at fractions `t` (any array
    module: Horner's rule on elementwise operations)."""
    polys = weight_polynomials(order)
    out = []
    for row in polys:
        w = t * 0.0 + float(row[0])
        for c in row[1:]:
            w = w * t + float(c)
        out.append(w)
    return out
