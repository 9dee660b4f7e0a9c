"""apply_along_axis (one device call of the function per 1-d slice, as
CuPy) and apply_over_axes."""

import numpy

import cupy
from cupy._core import core


def apply_along_axis(func1d, axis, arr, *args, **kwargs):
    """``func1d`` applied to the 1-d slices of `arr` along `axis`; the
    result's axes replace `axis` (NumPy's layout)."""
    arr = arr if isinstance(arr, core.ndarray) else cupy.asarray(arr)
    axis = numpy.lib.array_utils.normalize_axis_index(axis, arr.ndim)
    moved = cupy.moveaxis(arr, axis, -1)
    outer = moved.shape[:-1]
    indices = numpy.ndindex(outer)
    try:
        first = next(indices)
    except StopIteration:
        raise ValueError('Cannot apply_along_axis when any iteration '
                         'dimensions are 0') from None
    res = cupy.asarray(func1d(moved[first], *args, **kwargs))
    out = cupy.empty(outer + res.shape, res.dtype)
    out[first] = res
    for ind in indices:
        out[ind] = cupy.asarray(func1d(moved[ind], *args, **kwargs))
    # the result's own axes go where `axis` was
    src = list(range(len(outer), out.ndim))
    return cupy.moveaxis(out, src, list(range(axis, axis + res.ndim)))


def apply_over_axes(func, a, axes):
    """``func(a, axis)`` for each axis in turn, keeping the dimensions."""
    val = a if isinstance(a, core.ndarray) else cupy.asarray(a)
    n = val.ndim
    for axis in numpy.atleast_1d(axes).tolist():
        # NumPy lets a 0-d array through; CuPy (and this) raise AxisError
        axis = numpy.lib.array_utils.normalize_axis_index(axis, n)
        res = func(val, axis)
        if res.ndim != val.ndim:
            res = cupy.expand_dims(res, axis)
            if res.ndim != val.ndim:
                raise ValueError('function is not returning an array of '
                                 'the correct shape')
        val = res
    return val
