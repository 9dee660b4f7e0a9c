"""Wavelets CuPy keeps (SciPy removed them in 1.15): qmf, ricker, morlet,
morlet2 and cwt, from their textbook definitions, on the device."""

import math

import numpy

import cupy
from cupyx.scipy.signal._convolve import convolve


def qmf(hk):
    """Quadrature mirror filter of a low-pass filter: hk reversed with
    alternating signs."""
    hk = cupy.asarray(hk)
    signs = cupy.asarray((-1.0) ** numpy.arange(len(hk)))
    return hk[::-1] * signs


def ricker(points, a):
    """Ricker ("Mexican hat") wavelet of ``points`` samples and width a:
    2 / (sqrt(3 a) pi^(1/4)) (1 - (t/a)^2) exp(-t^2 / (2 a^2))."""
    amp = 2 / (math.sqrt(3 * a) * math.pi ** 0.25)
    t = cupy.arange(0, points) - (points - 1.0) / 2
    tsq = t * t
    return amp * (1 - tsq / (a * a)) * cupy.exp(-tsq / (2 * a * a))


def morlet(M, w=5.0, s=1.0, complete=True):
    """Complex Morlet wavelet of M samples over [-2 pi s, 2 pi s]; the
    complete form subtracts the correction term exp(-w^2 / 2)."""
    x = cupy.linspace(-s * 2 * math.pi, s * 2 * math.pi, M)
    out = cupy.exp(1j * w * x)
    if complete:
        out -= math.exp(-0.5 * w * w)
    return out * cupy.exp(-0.5 * x * x) * math.pi ** -0.25


def morlet2(M, s, w=5):
    """Complex Morlet wavelet of M samples and width s, normalised to unit
    energy: sqrt(1/s) pi^(-1/4) exp(i w t/s) exp(-(t/s)^2 / 2)."""
    x = (cupy.arange(0, M) - (M - 1.0) / 2) / s
    wavelet = cupy.exp(1j * w * x) * cupy.exp(-0.5 * x * x) * math.pi ** -0.25
    return math.sqrt(1 / s) * wavelet


def cwt(data, wavelet, widths, dtype=None, **kwargs):
    """Continuous wavelet transform: data convolved ('same') with the
    conjugated, reversed wavelet(min(10 width, len(data)), width) for each
    width; one row per width."""
    data = cupy.asarray(data)
    widths = numpy.asarray(cupy.asnumpy(widths) if isinstance(
        widths, cupy.ndarray) else widths)
    if dtype is None:
        probe = wavelet(1, widths[0], **kwargs)
        dtype = (numpy.complex128 if cupy.asarray(probe).dtype.kind == 'c'
                 else numpy.float64)
    out = cupy.empty((len(widths), len(data)), dtype=dtype)
    for ind, width in enumerate(widths):
        n = int(numpy.min([10 * width, len(data)]))
        kern = cupy.conj(cupy.asarray(wavelet(n, width, **kwargs))[::-1])
        out[ind] = convolve(data, kern, mode='same')
    return out
