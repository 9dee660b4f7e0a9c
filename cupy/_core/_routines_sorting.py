"""Searching routines of the array core: argmax/argmin (and the
NaN-ignoring forms), nonzero, flatnonzero and searchsorted.

``nonzero`` runs the provider's 'nonzero' operation, which returns the
number of nonzero elements to the host (the result's size depends on the
data, so this is the one place that synchronises).  ``ndarray`` methods
and the core's indexing call these; ``cupy/_sorting`` re-exports them.
"""

import numpy

from cupy._core.reduction import _reduce as _reduction
from cupy._core import _routines_ufuncs as ufuncs
from cupy._core import core
from cupy._core._operands import as_array

_INT64 = numpy.dtype(numpy.int64)


def argmax(a, axis=None, out=None, *, keepdims=False):
    """Indices of the maximum values along an axis (``numpy.argmax``)."""
    return _reduction.reduce('argmax', a, axis, None, out, keepdims)


def argmin(a, axis=None, out=None, *, keepdims=False):
    """Indices of the minimum values along an axis (``numpy.argmin``)."""
    return _reduction.reduce('argmin', a, axis, None, out, keepdims)


def nanargmax(a, axis=None, out=None, *, keepdims=False):
    """argmax ignoring NaNs (``numpy.nanargmax``).  NumPy raises for an
    all-NaN slice; checking that would need the data on the host, so the
    result there is an index of that slice (as in CuPy)."""
    return _reduction.reduce('nanargmax', a, axis, None, out, keepdims)


def nanargmin(a, axis=None, out=None, *, keepdims=False):
    """argmin ignoring NaNs (``numpy.nanargmin``); see nanargmax."""
    return _reduction.reduce('nanargmin', a, axis, None, out, keepdims)


_INT64 = numpy.dtype(numpy.int64)


def _argwhere_rows(a):
    """The (count, ndim) int64 coordinates of a's nonzero elements, in C
    order (a has at least one dimension)."""
    nd = a.ndim
    if a.size == 0:
        return core._empty((0, nd), _INT64)
    buf = core._empty((a.size, nd), _INT64)
    count = core._run('nonzero', (buf._as_view(),), (a._as_view(),))
    if count == a.size:
        return buf
    out = core._empty((count, nd), _INT64)
    if count:
        core._copy_to(out, buf[:count])
    return out


def nonzero(a):
    """The indices of the nonzero elements: a tuple of 1-d int64 arrays,
    one per dimension, in C order."""
    a = as_array(a)
    if a.ndim == 0:
        raise ValueError(
            'Calling nonzero on 0d arrays is not allowed. Use '
            'cupy.atleast_1d(scalar).nonzero() instead.')
    rows = _argwhere_rows(a)
    # one contiguous (ndim, count) array whose rows are the results
    out = core._empty((a.ndim, rows.shape[0]), _INT64)
    if out.size:
        core._copy_to(out, rows.T)
    return tuple(out[i] for i in range(a.ndim))


def flatnonzero(a):
    """The indices of the nonzero elements of ``a`` flattened."""
    a = as_array(a)
    return nonzero(a.ravel())[0]


def _nan_last_less(x, y):
    """x < y in NumPy's sort order, where NaN sorts after everything."""
    lt = ufuncs.less(x, y)
    kinds = [numpy.asarray(t).dtype.kind if not isinstance(t, core.ndarray)
             else t.dtype.kind for t in (x, y)]
    if 'f' in kinds or 'c' in kinds:
        lt = ufuncs.logical_or(
            lt, ufuncs.logical_and(ufuncs.isnan(y),
                                   ufuncs.logical_not(ufuncs.isnan(x))))
    return lt


def searchsorted(a, v, side='left', sorter=None):
    """Indices where ``v`` would be inserted into the sorted 1-d ``a`` to
    keep it sorted (NumPy's order: NaN last).

    Each index is a count of the elements of ``a`` before the insertion
    point (a broadcast comparison and a sum on the device), so it needs no
    sort and no synchronisation; ``a`` must be sorted, as in NumPy.
    """
    if not isinstance(a, core.ndarray):
        raise TypeError('searchsorted: `a` must be a cupy.ndarray')
    if a.ndim != 1:
        raise ValueError('object too deep for desired array')
    if side not in ('left', 'right'):
        raise ValueError(
            "side must be 'left' or 'right' (got {!r})".format(side))
    if sorter is not None:
        sorter = as_array(sorter)
        if sorter.dtype.kind not in 'iu':
            raise TypeError('sorter must only contain integers')
        if sorter.shape != a.shape:
            raise ValueError('sorter.size must equal a.size')
        a = a.take(sorter)
    if isinstance(v, core.ndarray):
        vv = v[..., None]
    elif numpy.ndim(v) == 0:
        vv = v
    else:
        raise TypeError('searchsorted: `v` must be a cupy.ndarray or a '
                        'scalar (got {})'.format(type(v).__name__))
    if side == 'left':
        before = _nan_last_less(a, vv)
    else:
        before = ufuncs.logical_not(_nan_last_less(vv, a))
    return before.sum(axis=-1, dtype=_INT64)
