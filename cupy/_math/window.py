"""Window functions (NumPy's formulas), computed on the device.

The cosine windows are sums of cos(k*pi*n/(M-1)) over the symmetric
sample grid n = 1-M, 3-M, ..., M-1; NumPy's definitions (its docstrings
cite Blackman & Tukey, "The Measurement of Power Spectra", 1958).
"""

import math

import numpy

import cupy


def _small(M):
    """The result for M < 2 (empty or [1.]), else None."""
    if M < 1:
        return cupy.array([], dtype=numpy.float64)
    if M == 1:
        return cupy.ones(1, dtype=numpy.result_type(M, 0.0))
    return None


def _grid(M):
    """pi * n / (M - 1) for n = 1-M, 3-M, ..., M-1."""
    n = cupy.arange(1 - M, M, 2, dtype=numpy.float64)
    return n * (math.pi / (M - 1))


def _cosine_window(M, coefs):
    small = _small(M)
    if small is not None:
        return small
    t = _grid(M)
    out = cupy.full(t.shape, coefs[0], dtype=numpy.float64)
    for k, c in enumerate(coefs[1:], start=1):
        out += c * cupy.cos(k * t)
    return out


def bartlett(M):
    """The triangular (Bartlett) window of M points."""
    small = _small(M)
    if small is not None:
        return small
    n = cupy.arange(1 - M, M, 2, dtype=numpy.float64) / (M - 1)
    return cupy.where(n <= 0, 1 + n, 1 - n)


def blackman(M):
    """The Blackman window of M points."""
    return _cosine_window(M, (0.42, 0.5, 0.08))


def hamming(M):
    """The Hamming window of M points."""
    return _cosine_window(M, (0.54, 0.46))


def hanning(M):
    """The Hann window of M points."""
    return _cosine_window(M, (0.5, 0.5))


def kaiser(M, beta):
    """The Kaiser window of M points: I0(beta*sqrt(1-(2n/(M-1)-1)**2)) /
    I0(beta).  (``cupy.i0`` of float64 runs on the host: see TODO.md.)"""
    small = _small(M)
    if small is not None:
        return small
    alpha = (M - 1) / 2.0
    r = (cupy.arange(0, M, dtype=numpy.float64) - alpha) / alpha
    beta = float(beta)
    return cupy.i0(beta * cupy.sqrt(1 - r * r)) / float(numpy.i0(beta))
