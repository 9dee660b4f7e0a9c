"""Indexing routines of the array core: take, choose, compress and put.

Index arrays: host positions are checked, wrapped or clipped on the host
like NumPy; device positions stay on the device (wrapped, as CuPy does,
since checking them would synchronise; clipped on the device for
mode='clip').  ``ndarray`` methods call these; ``cupy/_indexing``
re-exports them.
"""

import operator

import numpy

from cupy._core import _routines_creation
from cupy._core import _routines_manipulation
from cupy._core import _routines_math
from cupy._core import _routines_sorting
from cupy._core import _shape
from cupy._core import core
from cupy._core._operands import as_array
from cupy._core._operands import deliver


_MODES = ('raise', 'wrap', 'clip')


_INTP = numpy.dtype(numpy.intp)


def check_mode(mode):
    if mode not in _MODES:
        raise ValueError("clipmode must be one of 'clip', 'raise', or 'wrap' "
                         '(got {!r})'.format(mode))


def host_positions(indices):
    """``indices`` (a host int, sequence or NumPy array) as intp."""
    if isinstance(indices, numpy.ndarray):
        if not numpy.can_cast(indices.dtype, _INTP, 'same_kind'):
            raise TypeError(
                'Cannot cast array data from {!r} to {!r} according to the '
                "rule 'same_kind'".format(indices.dtype, _INTP))
        return indices.astype(_INTP, copy=False)
    h = numpy.asarray(indices)
    if h.dtype.kind == 'c':
        raise TypeError('int() argument must be a string, a bytes-like '
                        "object or a real number, not 'complex'")
    if h.dtype.kind not in 'iub' and not (h.dtype.kind == 'f' or
                                          h.size == 0):
        raise TypeError('indices must be integers')
    return h.astype(_INTP)


def normalize_host(idx, n, mode, axis, empty_msg):
    """Host positions mapped into [0, n) by ``mode``."""
    if idx.size and n == 0:
        raise IndexError(empty_msg)
    if mode == 'raise':
        bad = idx[(idx < -n) | (idx >= n)]
        if bad.size:
            raise IndexError('index {} is out of bounds for axis {} with '
                             'size {}'.format(bad.flat[0], axis, n))
        return numpy.where(idx < 0, idx + n, idx)
    if mode == 'wrap':
        return idx % n if n else idx
    return numpy.clip(idx, 0, max(n - 1, 0))


def device_positions(indices, mode, what, n=None):
    """A device index array usable by the core's indexing (which wraps it
    into range); for mode='clip' clipped into [0, n) on the device."""
    if indices.dtype.kind == 'b':
        indices = indices.astype(numpy.int64)
    elif indices.dtype.kind not in 'iu':
        raise TypeError(
            'Cannot cast array data from {!r} to {!r} according to the rule '
            "'same_kind'".format(indices.dtype, _INTP))
    if mode == 'clip' and n:
        # NumPy casts to intp first: huge uint64 values turn negative
        indices = _routines_math.clip(
            indices.astype(numpy.int64, copy=False), 0, n - 1)
    return indices


def positions(indices, n, mode, axis, what, empty_msg):
    """(index array for the core's indexing, is_scalar)."""
    check_mode(mode)
    if isinstance(indices, core.ndarray):
        if indices.size and n == 0:
            raise IndexError(empty_msg)
        return device_positions(indices, mode, what, n), indices.ndim == 0
    idx = host_positions(indices)
    return normalize_host(idx, n, mode, axis, empty_msg), idx.ndim == 0


def _array_and_axis(a, axis):
    """``a`` as a device array and ``axis`` normalised; ``axis=None``
    means the flattened array (axis 0)."""
    a = as_array(a)
    if axis is None:
        return a.ravel(), 0
    if isinstance(axis, (bool, numpy.bool_)):
        raise TypeError('an integer is required for the axis')
    if a.ndim == 0 and operator.index(axis) in (0, -1):
        # NumPy takes a 0-d array as 1-d along axis 0 or -1
        return a.ravel(), 0
    return a, _shape.normalize_axis(axis, a.ndim)


def take(a, indices, axis=None, out=None, mode='wrap'):
    """Elements of ``a`` at ``indices`` along ``axis`` (flattened when
    None).

    ``mode``: 'raise' (NumPy's default), 'wrap' (CuPy's default) or
    'clip'.  Indices on the host are checked or mapped exactly as NumPy
    does; indices on the device are clipped on the device for 'clip' and
    wrapped, as CuPy does, for 'raise' too (checking them would
    synchronise).
    """
    a, axis = _array_and_axis(a, axis)
    idx, scalar = positions(
        indices, a.shape[axis], mode, axis, 'cupy.take',
        'cannot do a non-empty take from an empty axes.')
    key = (slice(None),) * axis
    if scalar and not isinstance(idx, core.ndarray):
        result = a[key + (int(idx),)].copy()
    else:
        result = a[key + (idx,)]
        if not result.flags.c_contiguous:
            # numpy.take's result is a new C-contiguous array; indexing
            # may lay it out otherwise
            result = result.copy('C')
    return deliver(result, out, 'ndarray.take')


def choose(a, choices, out=None, mode='raise'):
    """``choices[a[i]][i]`` for each position i, the arrays broadcast
    together.

    Indices on the host are checked or mapped as NumPy does; indices on
    the device are wrapped ('raise' and 'wrap') or clipped ('clip').
    """
    check_mode(mode)
    if isinstance(choices, core.ndarray):
        choices = [choices[i] for i in range(choices.shape[0])]
    choices = [as_array(c) for c in choices]
    n = len(choices)
    if n == 0:
        raise ValueError('0-length sequence.')
    if isinstance(a, core.ndarray):
        if not numpy.can_cast(a.dtype, numpy.intp, 'safe'):
            raise TypeError(
                'Cannot cast array data from {!r} to dtype(\'int64\') '
                "according to the rule 'safe'".format(a.dtype))
        idx = device_positions(a, mode, 'cupy.choose', n)
    else:
        h = numpy.asarray(a)
        if not numpy.can_cast(h.dtype, numpy.intp, 'safe'):
            raise TypeError(
                'Cannot cast array data from {!r} to dtype(\'int64\') '
                "according to the rule 'safe'".format(h.dtype))
        h = h.astype(numpy.intp)
        if mode == 'raise':
            if h.size and (h.min() < 0 or h.max() >= n):
                raise ValueError('invalid entry in choice array')
        idx = normalize_host(h, n, mode if mode != 'raise' else 'wrap', 0,
                             '')
    shape = numpy.broadcast_shapes(idx.shape, *[c.shape for c in choices])
    dt = numpy.result_type(*[c.dtype for c in choices])
    stacked = core._empty((n,) + tuple(shape), dt)
    for i, c in enumerate(choices):
        core._copy_to(stacked[i], c)
    size = 1
    for d in shape:
        size *= d
    if isinstance(idx, core.ndarray):
        flat_idx = core._broadcast_to(idx, tuple(shape)).reshape(-1)
    else:
        flat_idx = numpy.broadcast_to(idx, shape).reshape(-1)
    result = stacked.reshape(n, size)[
        flat_idx, _routines_creation.index_range(size)]
    result = result.reshape(shape)
    return deliver(result, out, 'ndarray.choose')


def _bool_mask(condition, n):
    """A device bool mask of length n from 1-d ``condition`` (nonzero is
    True; shorter is padded with False).  IndexError like NumPy when a
    True lies beyond n."""
    cond = condition if isinstance(condition, core.ndarray) else as_array(
        condition)
    if cond.ndim != 1:
        raise ValueError('condition must be a 1-d array')
    if cond.shape[0] > n:
        beyond = _routines_sorting.flatnonzero(cond[n:])
        if beyond.size:
            raise IndexError(
                'index {} is out of bounds for axis {} with size {}'.format(
                    n + int(beyond[:1].get()[0]), '{axis}', n))
        cond = cond[:n]
    mask = core._empty((n,), numpy.dtype(numpy.bool_))
    if cond.shape[0] < n:
        core._fill(mask[cond.shape[0]:], False)
    if cond.shape[0]:
        core._copy_to(mask[:cond.shape[0]], cond)
    return mask


def compress(condition, a, axis=None, out=None):
    """The slices of ``a`` along ``axis`` where ``condition`` (1-d) is
    nonzero.  Synchronises: the size depends on the data."""
    a, axis = _array_and_axis(a, axis)
    try:
        mask = _bool_mask(condition, a.shape[axis])
    except IndexError as e:
        raise IndexError(str(e).replace('{axis}', str(axis))) from None
    result = a[(slice(None),) * axis + (mask,)]
    return deliver(result, out, 'ndarray.compress')


def _flat_target(a):
    """(a 1-d view of a's elements in C order, a or None): when a is not
    C-contiguous the view is of a C-ordered copy, to be copied back into
    the second element."""
    if a.flags.c_contiguous:
        return a.reshape(-1), None
    tmp = a.copy('C')
    return tmp.reshape(-1), tmp


def _device_values(values, dtype, casting):
    """values as a device array of `dtype`: arrays (device or NumPy) cast
    under `casting` (TypeError like NumPy), Python scalars and sequences
    converted by NumPy (OverflowError for out-of-range integers)."""
    if isinstance(values, (core.ndarray, numpy.ndarray)):
        if not numpy.can_cast(values.dtype, dtype, casting):
            raise TypeError(
                'Cannot cast array data from {!r} to {!r} according to the '
                'rule {!r}'.format(values.dtype, dtype, casting))
        if isinstance(values, core.ndarray):
            return values
        return as_array(values.astype(dtype))
    return as_array(numpy.asarray(values, dtype=dtype))


def _cycled(values, n):
    """Device array `values` flattened and repeated (or cut) to n
    elements."""
    v = values.ravel()
    if v.size == n:
        return v
    return _routines_manipulation.resize(v, (n,))


def put(a, ind, v, mode='wrap'):
    """``a.flat[ind] = v``, ``v`` repeated as needed.

    ``mode`` as in ``take``: CuPy's default is 'wrap'; device indices are
    wrapped for 'raise' too.  With repeated indices one of the values is
    written (NumPy: the last).
    """
    if not isinstance(a, core.ndarray):
        raise TypeError('a must be a cupy.ndarray, not {}'.format(
            type(a).__name__))
    idx, _ = positions(ind, a.size, mode, 0, 'cupy.put',
                       'cannot replace elements of an empty array')
    idx = idx.reshape(-1)
    values = _device_values(v, a.dtype, 'unsafe')
    if idx.size == 0 or values.size == 0:
        return
    flat, tmp = _flat_target(a)
    flat[idx] = _cycled(values, idx.size)
    if tmp is not None:
        core._copy_to(a, tmp)
