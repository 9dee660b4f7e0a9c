"""Shape queries and changes: shape, ndim, size, reshape, ravel."""

import numpy

from cupy._core import _shape
from cupy._core import core
from cupy._core._routines_manipulation import reshape  # NOQA


def shape(a):
    """The shape of ``a`` (any array-like)."""
    if isinstance(a, core.ndarray):
        return a.shape
    return numpy.shape(a)


def ndim(a):
    """The number of dimensions of ``a`` (any array-like)."""
    if isinstance(a, core.ndarray):
        return a.ndim
    return numpy.ndim(a)


def size(a, axis=None):
    """The number of elements of ``a``, or its length along ``axis``."""
    if isinstance(a, core.ndarray):
        if axis is None:
            return a.size
        return a.shape[_shape.normalize_axis(axis, a.ndim)]
    return numpy.size(a, axis)


def ravel(a, order='C'):
    """``a`` flattened: a view when its elements are contiguous in
    ``order``, else a copy (NumPy's rule)."""
    from cupy._creation.from_data import asarray
    return _shape.ravel(asarray(a), order)
