"""B-spline pieces for interpolation: the prefilter (samples to spline
coefficients) and the interpolation weights.

The prefilter is the inverse of the B-spline's sampled kernel.  SciPy
runs it as a recursive (IIR) filter per line; here it is the same filter
as a symmetric FIR kernel: its impulse response decays like |z|^k (z the
filter's pole of largest modulus: 0.17 for order 2, 0.27 for 3, 0.36 for
4, 0.43 for 5; Unser, "Splines: a perfect fit for signal and image
processing", IEEE SPM 1999), so it is cut where taps fall below 1e-14
(above the FFT's round-off floor, near 1e-17) and applied to the line extended by the spline's boundary condition.  That is
a correlation along one axis, which runs on the device.
"""

import functools
import math

import numpy

from cupyx.scipy.ndimage import _filters


# Centred B-spline of order n sampled at the integers (the kernel whose
# inverse is the prefilter); Unser 1999, table 1.
_SAMPLES = {
    2: (1 / 8, 3 / 4, 1 / 8),
    3: (1 / 6, 2 / 3, 1 / 6),
    4: (1 / 384, 19 / 96, 115 / 192, 19 / 96, 1 / 384),
    5: (1 / 120, 13 / 60, 11 / 20, 13 / 60, 1 / 120),
}

# FFT length for the inverse kernel: its periodisation error is
# |z|^(length / 2), far below double precision for every order.
_INVERSE_LENGTH = 4096
_TAP_CUTOFF = 1e-14


@functools.lru_cache(maxsize=8)
def prefilter_taps(order):
    """Symmetric FIR taps of the B-spline prefilter of `order` (2..5)."""
    samples = _SAMPLES[order]
    half = len(samples) // 2
    kernel = numpy.zeros(_INVERSE_LENGTH)
    for k, v in enumerate(samples):
        kernel[(k - half) % _INVERSE_LENGTH] = v
    h = numpy.fft.ifft(1.0 / numpy.fft.fft(kernel)).real
    causal = h[:_INVERSE_LENGTH // 2]
    last = int(numpy.nonzero(numpy.abs(causal) > _TAP_CUTOFF)[0].max())
    return numpy.concatenate([causal[last:0:-1], causal[:last + 1]])


def prefilter_mode(mode):
    """The boundary condition SciPy's spline prefilter uses for `mode`
    (scipy/ndimage/src/ni_splines.c, apply_filter)."""
    if mode == 'grid-wrap':
        return 'wrap'
    if mode in ('nearest', 'reflect', 'grid-mirror'):
        return 'reflect'
    return 'mirror'


def spline_filter_work(x, order, axis, mode):
    """Spline coefficients of the float64 device array `x` along `axis`."""
    if x.shape[axis] <= 1:
        return x
    return _filters._correlate1d_work(x, prefilter_taps(order), axis,
                                      prefilter_mode(mode), 0.0, 0)


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
