"""Boundary handling: where a sample outside the array comes from, for
each of SciPy's modes, and padding built from it on the device.

The index maps are computed on the host for one axis at a time (a few
integers per border: coordinates, not data); the samples are gathered on
the device with `take` and joined to the array with `concatenate`.
"""

import numpy

import cupy


def filter_mode(mode):
    """SciPy's filters treat the grid-* modes as their plain twins
    (scipy.ndimage._ni_support._extend_mode_to_code, is_filter=True)."""
    return {'grid-mirror': 'reflect', 'grid-constant': 'constant',
            'grid-wrap': 'wrap'}.get(mode, mode)


def map_index(idx, n, mode):
    """Map integer positions `idx` (NumPy array, any values) into [0, n)
    for `mode`; -1 marks a constant (cval) sample."""
    idx = numpy.asarray(idx, dtype=numpy.int64)
    mode = filter_mode(mode)
    if mode == 'constant':
        return numpy.where((idx < 0) | (idx >= n), -1, idx)
    if n == 1:
        return numpy.zeros_like(idx)
    if mode == 'nearest':
        return numpy.clip(idx, 0, n - 1)
    if mode == 'wrap':
        return idx % n
    if mode == 'reflect':
        # d c b a | a b c d | d c b a: period 2n
        r = idx % (2 * n)
        return numpy.where(r >= n, 2 * n - 1 - r, r)
    if mode == 'mirror':
        # d c b | a b c d | c b a: period 2n - 2
        r = idx % (2 * n - 2)
        return numpy.where(r >= n, 2 * n - 2 - r, r)
    raise RuntimeError('boundary mode not supported')


def _border(x, axis, idx, mode, cval):
    n = x.shape[axis]
    src = map_index(idx, n, mode)
    shape = list(x.shape)
    shape[axis] = len(idx)
    if n == 0 or (src < 0).all():
        return cupy.full(shape, cval, dtype=x.dtype)
    if (src < 0).any():
        # constant mode only: every outside sample is cval
        return cupy.full(shape, cval, dtype=x.dtype)
    return cupy.take(x, cupy.asarray(src), axis=axis)


def pad_axis(x, axis, before, after, mode, cval=0.0):
    """`x` extended by `before` and `after` samples along `axis`."""
    if before == 0 and after == 0:
        return x
    n = x.shape[axis]
    parts = []
    if before > 0:
        parts.append(_border(x, axis, numpy.arange(-before, 0), mode, cval))
    parts.append(x)
    if after > 0:
        parts.append(_border(x, axis, numpy.arange(n, n + after), mode,
                             cval))
    return cupy.concatenate(parts, axis=axis)


def pad(x, pads, modes, cval=0.0):
    """`x` extended on every axis by `pads[axis] = (before, after)`;
    `modes` is one mode per axis."""
    for axis, ((before, after), mode) in enumerate(zip(pads, modes)):
        x = pad_axis(x, axis, before, after, mode, cval)
    return x
