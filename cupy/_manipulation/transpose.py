"""Axis permutations: transpose, swapaxes, moveaxis, rollaxis (views)."""

import operator

from cupy._core import _shape
from cupy._creation.from_data import asarray
from cupy.exceptions import AxisError


def transpose(a, axes=None):
    """A view of ``a`` with its axes permuted (reversed by default)."""
    a = asarray(a)
    return _shape.transpose(a, axes)


def permute_dims(a, axes=None):
    """``transpose`` under its Array API name."""
    return transpose(a, axes)


def matrix_transpose(x):
    """A view of ``x`` with its last two axes swapped."""
    x = asarray(x)
    if x.ndim < 2:
        raise ValueError('Input array must be at least 2-dimensional, but '
                         'it is {}'.format(x.ndim))
    return _shape.swapaxes(x, -1, -2)


def swapaxes(a, axis1, axis2):
    """A view of ``a`` with two axes interchanged."""
    return _shape.swapaxes(asarray(a), axis1, axis2)


def _axis_tuple(axes, ndim, argname):
    try:
        return _shape.normalize_axes(axes, ndim)
    except AxisError as e:
        raise AxisError('{}: {}'.format(argname, e)) from None


def moveaxis(a, source, destination):
    """A view of ``a`` with axes moved to new positions, the others
    keeping their order."""
    a = asarray(a)
    src = _axis_tuple(source, a.ndim, 'source')
    dst = _axis_tuple(destination, a.ndim, 'destination')
    if len(src) != len(dst):
        raise ValueError('`source` and `destination` arguments must have '
                         'the same number of elements')
    order = [n for n in range(a.ndim) if n not in src]
    for d, s in sorted(zip(dst, src)):
        order.insert(d, s)
    return _shape.transpose(a, tuple(order))


def rollaxis(a, axis, start=0):
    """A view of ``a`` with ``axis`` moved to before position ``start``."""
    a = asarray(a)
    n = a.ndim
    axis = _shape.normalize_axis(axis, n)
    start = operator.index(start)
    if start < 0:
        start += n
    if not 0 <= start < n + 1:
        raise AxisError("'start' arg requires {} <= start < {}, but {} was "
                        'passed in'.format(-n, n + 1, start))
    if axis < start:
        start -= 1
    if axis == start:
        return a[...]
    axes = list(range(n))
    axes.remove(axis)
    axes.insert(start, axis)
    return _shape.transpose(a, tuple(axes))
