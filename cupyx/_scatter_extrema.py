"""cupyx.scatter_max / scatter_min: ``a[slices] = max(a[slices], value)``
where repeated indices take the largest (smallest) of all their values,
as ``numpy.maximum.at`` / ``numpy.minimum.at``.

No operator of the device takes a max/min scatter (aclnnScatter reduces
with add or multiply only, ops.md), so this is a composition on the
device: the (position, value) pairs are sorted by value, then stably by
position, so each position's extreme value ends its run (start, for the
minimum); one value per position is then combined with the target by
``maximum``/``minimum`` through a gather and an ordinary scatter, whose
positions are now unique.  NaN wins, as in NumPy."""

import numpy

import cupy
from cupy._core import core


def _pairs(a, slices, value):
    positions = cupy.arange(a.size, dtype=numpy.int64).reshape(a.shape)
    positions = positions[slices]
    value = cupy.asarray(value)
    if value.dtype != a.dtype:
        value = value.astype(a.dtype)   # CuPy casts values to a's dtype
    value = cupy.broadcast_to(value, positions.shape).reshape(-1)
    return positions.reshape(-1), value


def _scatter_extreme(name, a, slices, value, take_last, combine):
    if not isinstance(a, core.ndarray):
        raise TypeError('{}: `a` must be a cupy.ndarray'.format(name))
    if a.dtype.kind == 'c':
        raise TypeError('{} does not support complex arrays (no order)'
                        .format(name))
    positions, value = _pairs(a, slices, value)
    if positions.size == 0:
        return
    by_value = cupy.argsort(value, kind='stable')
    pos = positions[by_value]
    by_pos = cupy.argsort(pos, kind='stable')
    order = by_value[by_pos]
    pos = positions[order]
    val = value[order]
    if take_last:
        ends = cupy.concatenate([pos[1:] != pos[:-1],
                                 cupy.ones(1, numpy.bool_)])
    else:
        ends = cupy.concatenate([cupy.ones(1, numpy.bool_),
                                 pos[1:] != pos[:-1]])
    keep = cupy.flatnonzero(ends)
    upos = pos[keep]
    uval = val[keep]
    if a.dtype.kind == 'f' and not take_last:
        # NaN sorts last: a position with any NaN value must give NaN
        nan_pos = positions[cupy.isnan(value)]
        has_nan = cupy.zeros(a.size, numpy.bool_)
        has_nan[nan_pos] = True
        uval = cupy.where(has_nan[upos], numpy.nan, uval)
    target = a if a.flags.c_contiguous else a.copy()
    flat = target.reshape(-1)
    flat[upos] = combine(flat[upos], uval)
    if target is not a:
        a[...] = target


def scatter_max(a, slices, value):
    """Set ``a[slices]`` to the maximum of itself and ``value``, with
    repeated indices taking the largest of all their values."""
    _scatter_extreme('scatter_max', a, slices, value, True, cupy.maximum)


def scatter_min(a, slices, value):
    """Set ``a[slices]`` to the minimum of itself and ``value``, with
    repeated indices taking the smallest of all their values."""
    _scatter_extreme('scatter_min', a, slices, value, False, cupy.minimum)
