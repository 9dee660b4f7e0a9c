"""Shape queries and changes: shape, ndim, size, reshape, ravel."""

import numpy

from cupy._core import _layout
from cupy._core import _shape
from cupy._core import core


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


def reshape(a, shape=None, order='C', *, newshape=None, copy=None):
    """``a`` with a new shape: a view where NumPy gives one, else a copy
    (``copy=True`` always copies, ``copy=False`` never does)."""
    from cupy._creation.from_data import asarray
    if newshape is not None:
        if shape is not None:
            raise TypeError('You cannot specify \'newshape\' and \'shape\' '
                            'arguments at the same time.')
        shape = newshape
    if shape is None:
        raise TypeError("reshape() missing 1 required positional argument: "
                        "'shape'")
    a = asarray(a)
    if isinstance(copy, str):
        raise ValueError("strings are not allowed for 'copy' keyword. "
                         "Use True/False/None instead.")
    order = _layout.check_order(order, 'C')
    if order == 'K':
        raise ValueError("order 'K' is not permitted for reshaping")
    if order == 'A':
        order = 'F' if _layout.is_fortran(a) else 'C'
    if copy:
        shp = _shape.infer_shape(shape, a.size)
        out = core._empty(shp, a.dtype, order)
        core._copy_to(_shape.reshape(out, a.shape, order), a)
        return out
    if copy is False and _shape.reshape_strides(a, shape, order) is None:
        raise ValueError('Unable to avoid creating a copy while reshaping.')
    return _shape.reshape(a, shape, order)


def ravel(a, order='C'):
    """``a`` flattened: a view when its elements are contiguous in
    ``order``, else a copy (NumPy's rule)."""
    from cupy._creation.from_data import asarray
    return _shape.ravel(asarray(a), order)
