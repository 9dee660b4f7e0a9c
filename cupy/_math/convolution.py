"""1-d convolution (``numpy.convolve``): the longer operand, zero-padded,
is viewed as overlapping windows (stride tricks, no copy beyond the
padding) and multiplied by the reversed shorter one, then summed per
window on the device."""

import numpy

from cupy._core import core
from cupy._math import ufuncs


def convolve(a, v, mode='full'):
    """Discrete linear convolution of two 1-d arrays (``numpy.convolve``),
    modes 'full', 'same' and 'valid'."""
    from cupy._logic.comparison import _as_array
    a = _as_array(a)
    v = _as_array(v)
    if a.size == 0:
        raise ValueError('a cannot be empty')
    if v.size == 0:
        raise ValueError('v cannot be empty')
    if a.ndim > 1 or v.ndim > 1:
        raise ValueError('object too deep for desired array')
    a = a.ravel()
    v = v.ravel()
    dtype = numpy.convolve(numpy.ones(1, a.dtype),
                           numpy.ones(1, v.dtype)).dtype
    if v.size > a.size:
        a, v = v, a
    n, m = a.size, v.size
    if mode == 'full':
        start, length = 0, n + m - 1
    elif mode == 'same':
        start, length = (m - 1) // 2, n
    elif mode == 'valid':
        start, length = m - 1, n - m + 1
    else:
        raise ValueError(
            "mode must be one of 'full', 'same', or 'valid' (got {!r})"
            .format(mode))
    padded = core._empty((n + 2 * (m - 1),), dtype)
    padded.fill(0)
    padded[m - 1:m - 1 + n] = a
    itemsize = dtype.itemsize
    # window k holds padded[start + k : start + k + m]
    windows = padded._view_py((length, m), (itemsize, itemsize),
                              start * itemsize)
    kernel = v[::-1].astype(dtype, copy=False)
    return ufuncs.multiply(windows, kernel).sum(axis=1, dtype=dtype)
