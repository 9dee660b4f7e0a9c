"""The Savitzky-Golay module of CuPy's layout: savgol_coeffs and
savgol_filter live in ``_filters``; ``_polyder`` is the polynomial
derivative CuPy's tests import from here."""

import numpy

import cupy
from cupyx.scipy.signal._filters import savgol_coeffs, savgol_filter  # NOQA


def _polyder(p, m):
    """The m-th derivative of the polynomials whose coefficients (highest
    power first) run along axis 0 of p."""
    p = cupy.asarray(p)
    if m == 0:
        return p
    n = len(p)
    if n <= m:
        return cupy.zeros_like(p[:1, ...])
    powers = numpy.arange(n - 1, m - 1, -1)
    factors = numpy.ones(n - m, dtype=numpy.int64)
    for i in range(m):
        factors *= powers - i
    factors = cupy.asarray(factors.reshape((-1,) + (1,) * (p.ndim - 1)))
    return (p[:-m] * factors).astype(p.dtype, copy=False)
