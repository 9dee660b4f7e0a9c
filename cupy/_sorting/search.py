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
