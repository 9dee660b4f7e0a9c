"""Sums, products and their cumulative and NaN-ignoring forms, with
NumPy's arguments (cupy/_core/_routines_math.py and reduction/ do the
work)."""

from cupy._core.reduction import _reduce as _reduction
from cupy._core._operands import as_array
from cupy._core._operands import finish
from cupy._core._routines_math import cumprod  # NOQA
from cupy._core._routines_math import cumsum  # NOQA
from cupy._core._routines_math import nancumprod  # NOQA
from cupy._core._routines_math import nancumsum  # NOQA
from cupy._core._routines_math import nanprod  # NOQA
from cupy._core._routines_math import nansum  # NOQA
from cupy._core._routines_math import prod  # NOQA
from cupy._core._routines_math import sum  # NOQA


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
    x = as_array(x)
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
    return finish(full, out)
