"""Finding elements: nonzero, flatnonzero, argwhere, where.

These run the provider's 'nonzero' operation, which returns the number of
nonzero elements to the host (the result's size depends on the data, so
this is the one place that synchronises).
"""

import numpy

from cupy._core import core
from cupy._creation.from_data import asarray

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
    a = asarray(a)
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
    a = asarray(a)
    return nonzero(a.ravel())[0]


def argwhere(a):
    """The coordinates of the nonzero elements, shape (count, a.ndim)."""
    a = asarray(a)
    if a.ndim == 0:
        return _argwhere_rows(a.reshape(1))[:, :0]
    return _argwhere_rows(a)


def where(condition, x=None, y=None):
    """``where(condition)``: ``nonzero(condition)``; ``where(condition, x,
    y)``: ``x`` where ``condition`` else ``y``, elementwise, broadcast
    together, of dtype ``numpy.result_type(x, y)`` (cupy/_math/misc.py).
    """
    if (x is None) != (y is None):
        raise ValueError('either both or neither of x and y should be given')
    if x is None:
        return nonzero(condition)
    from cupy._math import misc
    return misc.where(condition, x, y)


def _nan_last_less(x, y):
    """x < y in NumPy's sort order, where NaN sorts after everything."""
    import cupy
    lt = cupy.less(x, y)
    kinds = [numpy.asarray(t).dtype.kind if not isinstance(t, core.ndarray)
             else t.dtype.kind for t in (x, y)]
    if 'f' in kinds or 'c' in kinds:
        lt = cupy.logical_or(
            lt, cupy.logical_and(cupy.isnan(y), cupy.logical_not(cupy.isnan(x))))
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
        sorter = asarray(sorter)
        if sorter.dtype.kind not in 'iu':
            raise TypeError('sorter must only contain integers')
        if sorter.shape != a.shape:
            raise ValueError('sorter.size must equal a.size')
        a = a.take(sorter)
    import cupy
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
        before = cupy.logical_not(_nan_last_less(vv, a))
    return before.sum(axis=-1, dtype=_INT64)
