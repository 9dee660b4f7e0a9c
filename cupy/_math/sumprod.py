"""Sums, products and their cumulative and NaN-ignoring forms, with
NumPy's arguments (cupy/_core/_reduction.py does the work)."""

from cupy._core import _reduction
from cupy._core._reduction import NoValue


def sum(a, axis=None, dtype=None, out=None, keepdims=False,
        initial=NoValue, where=True):
    """Sum of the elements over the given axes (``numpy.sum``).

    The result dtype is NumPy's (int64 for bool and small signed
    integers, uint64 for small unsigned ones); a 0-d array when every axis
    is reduced."""
    return _reduction.reduce('sum', a, axis, dtype, out, keepdims, initial,
                             where)


def prod(a, axis=None, dtype=None, out=None, keepdims=False,
         initial=NoValue, where=True):
    """Product of the elements over the given axes (``numpy.prod``)."""
    return _reduction.reduce('prod', a, axis, dtype, out, keepdims, initial,
                             where)


def nansum(a, axis=None, dtype=None, out=None, keepdims=False,
           initial=NoValue, where=True):
    """Sum treating NaNs as zero (``numpy.nansum``)."""
    return _reduction.reduce('nansum', a, axis, dtype, out, keepdims,
                             initial, where)


def nanprod(a, axis=None, dtype=None, out=None, keepdims=False,
            initial=NoValue, where=True):
    """Product treating NaNs as one (``numpy.nanprod``)."""
    return _reduction.reduce('nanprod', a, axis, dtype, out, keepdims,
                             initial, where)


def cumsum(a, axis=None, dtype=None, out=None):
    """Cumulative sum along an axis (``numpy.cumsum``); ``axis=None``
    works on the flattened array."""
    return _reduction.scan('cumsum', a, axis, dtype, out)


def cumprod(a, axis=None, dtype=None, out=None):
    """Cumulative product along an axis (``numpy.cumprod``)."""
    return _reduction.scan('cumprod', a, axis, dtype, out)


def nancumsum(a, axis=None, dtype=None, out=None):
    """Cumulative sum treating NaNs as zero (``numpy.nancumsum``)."""
    return _reduction.scan('nancumsum', a, axis, dtype, out)


def nancumprod(a, axis=None, dtype=None, out=None):
    """Cumulative product treating NaNs as one (``numpy.nancumprod``)."""
    return _reduction.scan('nancumprod', a, axis, dtype, out)


def cumulative_sum(x, /, *, axis=None, dtype=None, out=None,
                   include_initial=False):
    """``numpy.cumulative_sum`` (array API): cumsum, optionally with the
    initial zero."""
    return _cumulative('cumsum', x, axis, dtype, out, include_initial)


def cumulative_prod(x, /, *, axis=None, dtype=None, out=None,
                    include_initial=False):
    """``numpy.cumulative_prod`` (array API): cumprod, optionally with the
    initial one."""
    return _cumulative('cumprod', x, axis, dtype, out, include_initial)


def _cumulative(name, x, axis, dtype, out, include_initial):
    x = _reduction.as_array(x)
    if axis is None:
        if x.ndim > 1:
            raise ValueError('axis must be specified for multi-dimensional '
                             'arrays')
        axis = 0
    if x.ndim == 0:
        x = x.reshape((1,))      # NumPy 2.4 treats a 0-d input as 1-d
    res = _reduction.scan(name, x, axis, dtype, None if include_initial
                          else out)
    if not include_initial:
        return res
    from cupy._core import core
    from cupy._core import _shape
    ax = _shape.normalize_axis(axis, x.ndim)
    shape = list(res.shape)
    shape[ax] += 1
    full = core._empty(tuple(shape), res.dtype)
    first = [slice(None)] * x.ndim
    first[ax] = slice(0, 1)
    rest = [slice(None)] * x.ndim
    rest[ax] = slice(1, None)
    core._fill(full[tuple(first)], 0 if name == 'cumsum' else 1)
    core._copy_to(full[tuple(rest)], res)
    return _reduction.finish(full, out)
