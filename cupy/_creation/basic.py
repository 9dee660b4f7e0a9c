"""empty, zeros, ones, full and their _like forms."""

import numpy

from cupy._core import _dtype
from cupy._core import core


def _shape_tuple(shape):
    if isinstance(shape, (int, numpy.integer)):
        return (int(shape),)
    try:
        return tuple(d.__index__() for d in shape)
    except AttributeError:
        raise TypeError("'{}' object cannot be interpreted as an integer"
                        .format(type(shape).__name__)) from None


def _order(order):
    if order in ('C', 'c', None):
        return 'C'
    if order in ('F', 'f'):
        return 'F'
    raise ValueError("order must be one of 'C' or 'F' (got {!r})".format(
        order))


def empty(shape, dtype=float, order='C'):
    """An uninitialised array."""
    shape = _shape_tuple(shape)
    if any(d < 0 for d in shape):
        raise ValueError('negative dimensions are not allowed')
    return core._empty(shape, _dtype.get_dtype(dtype), _order(order))


def zeros(shape, dtype=float, order='C'):
    a = empty(shape, dtype, order)
    core._fill(a, 0)
    return a


def ones(shape, dtype=float, order='C'):
    a = empty(shape, dtype, order)
    core._fill(a, 1)
    return a


def full(shape, fill_value, dtype=None, order='C'):
    """An array of ``fill_value`` (its NumPy dtype when dtype is None)."""
    if dtype is None:
        if isinstance(fill_value, core.ndarray):
            dtype = fill_value.dtype
        else:
            dtype = numpy.asarray(fill_value).dtype
    a = empty(shape, dtype, order)
    core._fill(a, fill_value)
    return a


def _like(a, dtype, order, shape):
    dt = a.dtype if dtype is None else dtype
    if shape is None:
        shape = a.shape
    if order in ('K', 'A', None):
        order = 'F' if (getattr(a, 'flags', None) is not None and
                        a.flags.f_contiguous and not a.flags.c_contiguous
                        and len(_shape_tuple(shape)) == a.ndim) else 'C'
    return dt, order, shape


def empty_like(prototype, dtype=None, order='K', subok=None, shape=None):
    dt, order, shape = _like(prototype, dtype, order, shape)
    return empty(shape, dt, order)


def zeros_like(a, dtype=None, order='K', subok=None, shape=None):
    dt, order, shape = _like(a, dtype, order, shape)
    return zeros(shape, dt, order)


def ones_like(a, dtype=None, order='K', subok=None, shape=None):
    dt, order, shape = _like(a, dtype, order, shape)
    return ones(shape, dt, order)


def full_like(a, fill_value, dtype=None, order='K', subok=None, shape=None):
    dt, order, shape = _like(a, dtype, order, shape)
    return full(shape, fill_value, dt, order)
