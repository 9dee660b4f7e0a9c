"""Index arrays: indices, ix_, diag_indices, diag_indices_from,
mask_indices, tril_indices, triu_indices and their _from forms."""

import numpy

from cupy._core import _dtype
from cupy._core import core
from cupy._creation.from_data import asarray


def indices(dimensions, dtype=int, sparse=False):
    """The grid of indices of an array of shape ``dimensions``: one array
    of shape ``(len(dimensions),) + dimensions`` (or, ``sparse``, one
    broadcastable array per axis)."""
    from cupy._creation.ranges import arange
    dimensions = tuple(dimensions)
    n = len(dimensions)
    dt = _dtype.get_dtype(dtype)
    out = [] if sparse else core._empty((n,) + dimensions, dt)
    for i, dim in enumerate(dimensions):
        idx = arange(dim, dtype=dt).reshape(
            (1,) * i + (dim,) + (1,) * (n - i - 1))
        if sparse:
            out.append(idx)
        elif out.size:
            core._copy_to(out[i], idx)
    return tuple(out) if sparse else out


def ix_(*args):
    """Open-mesh index arrays from 1-d sequences (boolean ones through
    their nonzero positions)."""
    from cupy._sorting import search
    out = []
    nd = len(args)
    for k, new in enumerate(args):
        new = new if isinstance(new, core.ndarray) else asarray(new)
        if new.ndim != 1:
            raise ValueError('Cross index must be 1 dimensional')
        if new.size == 0 and new.dtype.kind not in 'iu':
            new = new.astype(numpy.intp)
        if new.dtype == numpy.bool_:
            new = search.nonzero(new)[0]
        elif new.dtype.kind not in 'iu':
            raise ValueError('Cross index must be 1 dimensional')
        out.append(new.reshape((1,) * k + (new.size,) + (1,) * (nd - k - 1)))
    return tuple(out)


def diag_indices(n, ndim=2):
    """The indices of the main diagonal of an n x ... x n array: the same
    ``arange(n)`` ``ndim`` times."""
    from cupy._creation.ranges import arange
    idx = arange(n)
    return (idx,) * ndim


def diag_indices_from(arr):
    """``diag_indices`` for ``arr``, whose dimensions must be equal."""
    if not isinstance(arr, core.ndarray):
        arr = asarray(arr)
    if arr.ndim < 2:
        raise ValueError('input array must be at least 2-d')
    if len(set(arr.shape)) != 1:
        raise ValueError('All dimensions of input must be of equal length')
    return diag_indices(arr.shape[0], arr.ndim)


def mask_indices(n, mask_func, k=0):
    """The indices where ``mask_func(ones((n, n)), k)`` is nonzero (for
    example ``mask_func=cupy.triu``)."""
    from cupy._creation.basic import ones
    from cupy._sorting import search
    return search.nonzero(mask_func(ones((n, n), int), k))


def tril_indices(n, k=0, m=None):
    """The indices of the lower triangle of an n x m array."""
    from cupy._creation.matrix import tri
    from cupy._sorting import search
    return search.nonzero(tri(n, m, k=k, dtype=bool))


def triu_indices(n, k=0, m=None):
    """The indices of the upper triangle of an n x m array."""
    from cupy._creation.basic import ones
    from cupy._creation.matrix import triu
    from cupy._sorting import search
    return search.nonzero(triu(ones((n, n if m is None else m), bool), k))


def tril_indices_from(arr, k=0):
    """``tril_indices`` for the 2-d ``arr``."""
    if arr.ndim != 2:
        raise ValueError('input array must be 2-d')
    return tril_indices(arr.shape[-2], k=k, m=arr.shape[-1])


def triu_indices_from(arr, k=0):
    """``triu_indices`` for the 2-d ``arr``."""
    if arr.ndim != 2:
        raise ValueError('input array must be 2-d')
    return triu_indices(arr.shape[-2], k=k, m=arr.shape[-1])
