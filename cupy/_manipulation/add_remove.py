"""Adding and removing elements: resize, append, delete, insert,
trim_zeros.

Positions given on the host (ints, slices, lists) are turned into device
copies of contiguous runs or into a gather/scatter index made on the
host from those positions; the array's data never leaves the device.
"""

import numpy

from cupy._core import _shape
from cupy._core import core
from cupy._core._routines_manipulation import resize  # NOQA
from cupy._creation.from_data import array
from cupy._creation.from_data import asarray
from cupy._manipulation import join
from cupy._manipulation import transpose

_MAX_RUNS = 8      # beyond this many runs one gather beats many copies


def append(arr, values, axis=None):
    """``arr`` with ``values`` appended along ``axis`` (flattened when
    ``axis`` is None)."""
    arr = asarray(arr)
    if axis is None:
        if arr.ndim != 1:
            arr = arr.ravel()
        values = asarray(values).ravel()
        axis = arr.ndim - 1
    return join.concatenate((arr, values), axis=axis)


def _runs(keep):
    """[start, stop) runs of True in a 1-d host bool array."""
    if not keep.size:
        return []
    edges = numpy.flatnonzero(numpy.diff(numpy.concatenate(
        ([False], keep, [False])).astype(numpy.int8)))
    return list(zip(edges[::2].tolist(), edges[1::2].tolist()))


def _select(arr, axis, keep):
    """arr restricted to the positions where host mask `keep` is True
    along `axis`, as a new array."""
    lead = (slice(None),) * axis
    runs = _runs(keep)
    if len(runs) > _MAX_RUNS:
        return arr[lead + (numpy.flatnonzero(keep),)]
    shape = list(arr.shape)
    shape[axis] = int(keep.sum())
    out = core._empty(tuple(shape), arr.dtype)
    pos = 0
    for start, stop in runs:
        core._copy_to(out[lead + (slice(pos, pos + stop - start),)],
                      arr[lead + (slice(start, stop),)])
        pos += stop - start
    return out


def _host_obj(obj):
    if isinstance(obj, core.ndarray):
        return obj.get()    # positions decide the result's size
    return obj


def delete(arr, obj, axis=None):
    """``arr`` without the sub-arrays at ``obj`` (an int, slice, list of
    ints or bool mask) along ``axis`` (flattened when None)."""
    arr = asarray(arr)
    if axis is None:
        if arr.ndim != 1:
            arr = arr.ravel()
        axis = 0
    else:
        axis = _shape.normalize_axis(axis, arr.ndim)
    n = arr.shape[axis]
    obj = _host_obj(obj)
    keep = numpy.ones(n, dtype=bool)
    if isinstance(obj, slice):
        keep[obj] = False
        return _select(arr, axis, keep)
    idx = numpy.asarray(obj)
    if idx.dtype == bool:
        if idx.ndim != 1 or idx.size != n:
            raise ValueError(
                'boolean array argument obj to delete must be one '
                'dimensional and match the axis length of {}'.format(n))
        return _select(arr, axis, ~idx)
    if idx.size == 0 and idx.dtype.kind not in 'iu':
        idx = idx.astype(numpy.intp)
    if idx.dtype.kind not in 'iu':
        raise IndexError('arrays used as indices must be of integer (or '
                         'boolean) type')
    flat = idx.ravel()
    bad = flat[(flat < -n) | (flat >= n)]
    if bad.size:
        raise IndexError('index {} is out of bounds for axis {} with size {}'
                         .format(bad[0], axis, n))
    keep[flat] = False
    return _select(arr, axis, keep)


def insert(arr, obj, values, axis=None):
    """``arr`` with ``values`` inserted before the positions ``obj`` (an
    int, slice or list of ints) along ``axis`` (flattened when None)."""
    arr = asarray(arr)
    if axis is None:
        if arr.ndim != 1:
            arr = arr.ravel()
        axis = 0
    else:
        axis = _shape.normalize_axis(axis, arr.ndim)
    nd = arr.ndim
    n = arr.shape[axis]
    lead = (slice(None),) * axis
    obj = _host_obj(obj)
    if isinstance(obj, slice):
        indices = numpy.arange(*obj.indices(n))
    else:
        indices = numpy.asarray(obj)
        if indices.dtype == bool:
            raise TypeError('cupy.insert does not take a boolean obj (NumPy '
                            'casts it to integers); pass integer positions')
        if indices.size == 0 and indices.dtype.kind not in 'iu':
            indices = indices.astype(numpy.intp)
        if indices.dtype.kind not in 'iu':
            raise TypeError('slice indices must be integers or None or have '
                            'an __index__ method')
        if indices.ndim > 1:
            raise ValueError('index array argument obj to insert must be one '
                             'dimensional or scalar')
    if indices.size == 1:
        index = int(indices.reshape(()))
        if not -n <= index <= n:
            raise IndexError('index {} is out of bounds for axis {} with '
                             'size {}'.format(index, axis, n))
        if index < 0:
            index += n
        vals = array(values, copy=None, ndmin=nd, dtype=arr.dtype)
        if indices.ndim == 0:
            vals = transpose.moveaxis(vals, 0, axis)
        numnew = vals.shape[axis]
        shape = arr.shape[:axis] + (n + numnew,) + arr.shape[axis + 1:]
        out = core._empty(shape, arr.dtype)
        core._copy_to(out[lead + (slice(None, index),)],
                      arr[lead + (slice(None, index),)])
        core._copy_to(out[lead + (slice(index, index + numnew),)], vals)
        core._copy_to(out[lead + (slice(index + numnew, None),)],
                      arr[lead + (slice(index, None),)])
        return out
    if indices.size == 0:
        return arr.copy()
    indices = indices.astype(numpy.intp)
    bad = indices[(indices < -n) | (indices > n)]
    if bad.size:
        raise IndexError('index {} is out of bounds for axis {} with size {}'
                         .format(bad[0], axis, n))
    indices = numpy.where(indices < 0, indices + n, indices)
    numnew = indices.size
    order = numpy.argsort(indices, kind='stable')
    indices[order] += numpy.arange(numnew)
    shape = arr.shape[:axis] + (n + numnew,) + arr.shape[axis + 1:]
    old = numpy.ones(n + numnew, dtype=bool)
    old[indices] = False
    out = core._empty(shape, arr.dtype)
    out[lead + (indices,)] = asarray(values, dtype=arr.dtype) if not \
        isinstance(values, core.ndarray) else values
    old_pos = numpy.flatnonzero(old)
    runs = _runs(old)
    if len(runs) > _MAX_RUNS:
        out[lead + (old_pos,)] = arr
    else:
        pos = 0
        for start, stop in runs:
            core._copy_to(out[lead + (slice(start, stop),)],
                          arr[lead + (slice(pos, pos + stop - start),)])
            pos += stop - start
    return out


def trim_zeros(filt, trim='fb', axis=None):
    """``filt`` without its leading ('f') and/or trailing ('b') zeros
    along ``axis`` (every axis by default): the bounding box of the
    nonzero elements.  Synchronises: the result's shape depends on the
    data."""
    from cupy._sorting import search
    filt = asarray(filt)
    if not isinstance(trim, str) or trim.lower() not in ('f', 'b', 'fb',
                                                         'bf'):
        raise ValueError('unexpected character(s) in `trim`: {!r}'.format(
            trim))
    trim = trim.lower()
    if filt.ndim == 0:
        return filt
    axes = range(filt.ndim) if axis is None else _shape.normalize_axes(
        axis, filt.ndim)
    key = [slice(None)] * filt.ndim
    for ax in axes:
        first = search.nonzero(transpose.moveaxis(filt, ax, 0))[0]
        if first.size == 0:
            key[ax] = slice(0, 0)
            continue
        # nonzero lists the first coordinate in ascending order
        ends = first[::max(first.size - 1, 1)].get()
        key[ax] = slice(int(ends[0]) if 'f' in trim else 0,
                        int(ends[-1]) + 1 if 'b' in trim else None)
    return filt[tuple(key)]
