"""Shape queries and changes: shape, ndim, size, reshape, ravel."""

import numpy

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
    if order not in ('C', 'F', 'A', 'K', None):
        raise ValueError("order must be one of 'C', 'F', 'A' (got {!r})"
                         .format(order))
    if order is None:
        order = 'C'
    if order == 'K':
        raise ValueError("order 'K' is not permitted for reshaping")
    if order == 'A':
        order = 'F' if (a.flags.f_contiguous and
                        not a.flags.c_contiguous) else 'C'
    if copy:
        shp = _shape.infer_shape(shape, a.size)
        out = core._empty(shp, a.dtype, order)
        core._copy_to(_shape.reshape(out, a.shape, order), a)
        return out
    if copy is False and _shape.reshape_strides(a, shape, order) is None:
        raise ValueError('Unable to avoid creating a copy while reshaping.')
    return _shape.reshape(a, shape, order)


def _memory_order_axes(a):
    """NumPy's 'K' order of a's axes: by decreasing |stride| (negative
    strides kept as they are), an axis with a zero stride not moved past
    another (an insertion sort that stops at such ties)."""
    strides = [abs(s) for s in a.strides]
    perm = list(range(a.ndim))
    for i in range(1, a.ndim):
        ax = perm[i]
        pos = i
        for k in range(i - 1, -1, -1):
            s0, s1 = strides[ax], strides[perm[k]]
            if s0 and s1:
                if s0 > s1:
                    pos = k
                else:
                    break
        perm.insert(pos, perm.pop(i))
    return perm


def ravel(a, order='C'):
    """``a`` flattened: a view when its elements are already in ``order``,
    else a copy."""
    from cupy._creation.from_data import asarray
    a = asarray(a)
    if order == 'K':
        if a.flags.c_contiguous:
            order = 'C'
        elif a.flags.f_contiguous:
            order = 'F'
        else:
            a = a.transpose(_memory_order_axes(a))
            order = 'C'
    elif order == 'A':
        order = 'F' if (a.flags.f_contiguous and
                        not a.flags.c_contiguous) else 'C'
    elif order is None:
        order = 'C'
    elif order not in ('C', 'F'):
        raise ValueError("order must be one of 'C', 'F', 'A', or 'K' (got "
                         "{!r})".format(order))
    return _shape.reshape(a, (a.size,), order)
