"""Index arrays for the indexing routines: host positions are checked,
wrapped or clipped on the host like NumPy; device positions stay on the
device (wrapped, as CuPy does, since checking them would synchronise;
clipped on the device for mode='clip')."""

import numpy

from cupy._core import core

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
        import cupy
        # NumPy casts to intp first: huge uint64 values turn negative
        indices = cupy.clip(indices.astype(numpy.int64, copy=False), 0,
                            n - 1)
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
