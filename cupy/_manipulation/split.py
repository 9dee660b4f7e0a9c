"""Splitting arrays into views: split, array_split, hsplit, vsplit,
dsplit, unstack."""

import operator

from cupy._core import _shape
from cupy._core import core
from cupy._creation.from_data import asarray


def _along(a, axis, start, stop):
    return a[(slice(None),) * axis + (slice(start, stop),)]


def _split_axis(axis, ndim):
    # NumPy reads ary.shape[axis]: an axis out of range is an IndexError
    axis = operator.index(axis)
    if not -ndim <= axis < ndim:
        raise IndexError('split: axis {} is out of range for an array of {} '
                         'dimensions'.format(axis, ndim))
    return axis % ndim


def array_split(ary, indices_or_sections, axis=0):
    """Views of ``ary`` split along ``axis``: into N nearly equal parts
    (the first ``len % N`` one longer), or at the given indices."""
    ary = asarray(ary)
    axis = _split_axis(axis, ary.ndim)
    total = ary.shape[axis]
    if isinstance(indices_or_sections, core.ndarray):
        indices_or_sections = indices_or_sections.tolist()
    try:
        points = [0] + list(indices_or_sections) + [total]
    except TypeError:
        sections = int(indices_or_sections)
        if sections <= 0:
            raise ValueError('number sections must be larger than 0.'
                             ) from None
        each, extra = divmod(total, sections)
        sizes = [each + 1] * extra + [each] * (sections - extra)
        points = [0]
        for s in sizes:
            points.append(points[-1] + s)
    return [_along(ary, axis, points[i], points[i + 1])
            for i in range(len(points) - 1)]


def split(ary, indices_or_sections, axis=0):
    """Like ``array_split``, but N sections must divide the axis
    exactly."""
    ary = asarray(ary)
    try:
        len(indices_or_sections)
    except TypeError:
        sections = indices_or_sections
        n = ary.shape[_split_axis(axis, ary.ndim)]
        if n % sections:
            raise ValueError('array split does not result in an equal '
                             'division') from None
    return array_split(ary, indices_or_sections, axis)


def hsplit(ary, indices_or_sections):
    """``split`` along axis 1 (axis 0 for 1-d arrays)."""
    ary = asarray(ary)
    if ary.ndim == 0:
        raise ValueError('hsplit only works on arrays of 1 or more '
                         'dimensions')
    return split(ary, indices_or_sections, 1 if ary.ndim > 1 else 0)


def vsplit(ary, indices_or_sections):
    """``split`` along axis 0 (arrays of 2 or more dimensions)."""
    ary = asarray(ary)
    if ary.ndim < 2:
        raise ValueError('vsplit only works on arrays of 2 or more '
                         'dimensions')
    return split(ary, indices_or_sections, 0)


def dsplit(ary, indices_or_sections):
    """``split`` along axis 2 (arrays of 3 or more dimensions)."""
    ary = asarray(ary)
    if ary.ndim < 3:
        raise ValueError('dsplit only works on arrays of 3 or more '
                         'dimensions')
    return split(ary, indices_or_sections, 2)


def unstack(x, /, *, axis=0):
    """The views ``x[..., i, ...]`` along ``axis``, as a tuple."""
    x = asarray(x)
    if x.ndim == 0:
        raise ValueError('Input array must be at least 1-d.')
    axis = _shape.normalize_axis(axis, x.ndim)
    lead = (slice(None),) * axis
    return tuple(x[lead + (i,)] for i in range(x.shape[axis]))
