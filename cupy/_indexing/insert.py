"""Writing elements in place: put, putmask, place, put_along_axis,
fill_diagonal.  put is the array core's routine
(cupy/_core/_routines_indexing.py)."""

import numpy

from cupy._core import core
from cupy._core._routines_indexing import _cycled
from cupy._core._routines_indexing import _device_values
from cupy._core._routines_indexing import put  # NOQA
from cupy._creation.from_data import asarray
from cupy._indexing import indexing


def _same_size_mask(mask, a, who):
    m = mask if isinstance(mask, core.ndarray) else asarray(mask)
    if m.size != a.size:
        raise ValueError('{}: mask and data must be the same size'.format(
            who))
    if m.dtype != numpy.bool_:
        m = m.astype(numpy.bool_)
    return m.reshape(a.shape)


def putmask(a, mask, values):
    """``a.flat[i] = values.flat[i % values.size]`` where
    ``mask.flat[i]``.  Synchronises once (to count the True elements)."""
    if not isinstance(a, core.ndarray):
        raise TypeError('a must be a cupy.ndarray, not {}'.format(
            type(a).__name__))
    m = _same_size_mask(mask, a, 'putmask')
    vals = _device_values(values, a.dtype, 'safe')
    if vals.size == 0 or a.size == 0:
        return
    full = _cycled(vals, a.size).reshape(a.shape)
    if a.ndim == 0:
        a, m, full = a[None], m[None], full[None]
    a[m] = full[m]


def place(arr, mask, vals):
    """The True positions of ``mask`` (C order) set to ``vals`` in turn,
    repeated as needed.  Synchronises once."""
    from cupy._sorting import search
    if not isinstance(arr, core.ndarray):
        raise TypeError('arr must be a cupy.ndarray, not {}'.format(
            type(arr).__name__))
    m = _same_size_mask(mask, arr, 'place')
    if arr.ndim == 0:
        arr, m = arr[None], m[None]
    values = _device_values(vals, arr.dtype, 'safe')
    where = search.nonzero(m)
    count = where[0].size
    if count == 0:
        return
    if values.size == 0:
        raise ValueError('Cannot insert from an empty array!')
    arr[where] = _cycled(values, count)


def put_along_axis(arr, indices, values, axis):
    """``arr`` written at ``indices`` along ``axis`` (the inverse of
    ``take_along_axis``); ``axis=None`` writes the flattened array, which
    must then be C-contiguous (NumPy's rule)."""
    if not isinstance(arr, core.ndarray):
        raise TypeError('arr must be a cupy.ndarray, not {}'.format(
            type(arr).__name__))
    if axis is None and not arr.flags.c_contiguous:
        raise ValueError('assignment destination is read-only')
    target, indices, ax = indexing._check_along_axis(arr, indices, axis)
    target[indexing._along_axis_key(target.shape, indices, ax)] = values


def _diagonal_pieces(a, wrap):
    """Views covering NumPy's a.flat[:end:step] of fill_diagonal, in
    order."""
    if a.ndim == 2:
        n, m = a.shape
        s0, s1 = a.strides
        if n == 0 or m == 0:
            return []
        if not wrap or n <= m:
            return [a._view_py((min(n, m),), (s0 + s1,), 0)]
        # tall and wrapping: the diagonal restarts every m + 1 rows
        pieces = []
        row = 0
        while row < n:
            length = min(m, n - row)
            pieces.append(a._view_py((length,), (s0 + s1,), row * s0))
            row += m + 1
        return pieces
    n = a.shape[0]
    if n == 0:
        return []
    return [a._view_py((n,), (sum(a.strides),), 0)]


def fill_diagonal(a, val, wrap=False):
    """The main diagonal of ``a`` (in place) set to ``val`` (repeated as
    needed); ``wrap`` restarts it below tall matrices."""
    if not isinstance(a, core.ndarray):
        raise TypeError('a must be a cupy.ndarray, not {}'.format(
            type(a).__name__))
    if a.ndim < 2:
        raise ValueError('array must be at least 2-d')
    if a.ndim > 2 and len(set(a.shape)) != 1:
        raise ValueError('All dimensions of input must be of equal length')
    pieces = _diagonal_pieces(a, wrap)
    count = sum(p.size for p in pieces)
    if count == 0:
        return
    if not isinstance(val, core.ndarray) and numpy.ndim(val) == 0:
        value = numpy.asarray(val).astype(a.dtype)
        for p in pieces:
            core._fill(p, value)
        return
    values = val if isinstance(val, core.ndarray) else numpy.asarray(val)
    if values.size == 0:
        return
    vals = _cycled(_device_values(values, a.dtype, 'unsafe'), count)
    pos = 0
    for p in pieces:
        core._copy_to(p, vals[pos:pos + p.size])
        pos += p.size
