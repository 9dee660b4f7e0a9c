"""pad: constant, edge, reflect, symmetric, wrap, empty, maximum, mean,
median, minimum and linear_ramp modes (median on the device sort).

The result is filled axis by axis, as NumPy does: the pad regions of axis
i span the already padded axes before it and the original extent of the
axes after it, so corners take the values of the last axis.  Reflections
and wraps are copies of (possibly reversed) slices of the original
extent, the pattern repeating with NumPy's periods (2(n-1), 2n, n).
"""

import numpy

from cupy._core import core
from cupy._creation.from_data import asarray

_KWARGS = {
    'constant': {'constant_values'},
    'edge': set(),
    'linear_ramp': {'end_values'},
    'maximum': {'stat_length'},
    'mean': {'stat_length'},
    'median': {'stat_length'},
    'minimum': {'stat_length'},
    'reflect': {'reflect_type'},
    'symmetric': {'reflect_type'},
    'wrap': set(),
    'empty': set(),
}


def _as_pairs(x, ndim, as_index=False):
    """(before, after) for each of ndim axes, from a scalar, a pair or an
    (ndim, 2) array-like (NumPy's broadcasting of pad arguments)."""
    x = numpy.asarray(x)
    if as_index and x.size and x.min() < 0:
        raise ValueError("index can't contain negative values")
    if x.ndim < 3:
        if x.size == 1:
            v = x.ravel()[0]
            return [(v, v)] * ndim
        if x.size == 2 and x.shape != (2, 1):
            v = x.ravel()
            return [(v[0], v[1])] * ndim
    try:
        b = numpy.broadcast_to(x, (ndim, 2))
    except ValueError:
        raise ValueError(
            'operands could not be broadcast together with remapped shapes '
            '[original->remapped]: {}  and requested shape {}'.format(
                x.shape, (ndim, 2))) from None
    # NumPy hands these out as Python scalars (weak in linear_ramp's
    # linspace), the one- and two-value forms above as NumPy scalars
    return [tuple(p) for p in b.tolist()]


def _dict_pad_width(pad_width, ndim):
    """NumPy 2.4's ``{axis: width or (before, after)}`` form: the axes not
    named are not padded; a negative axis counts from the end."""
    pairs = [(0, 0)] * ndim
    for axis, width in pad_width.items():
        if isinstance(width, int):
            width = (width, width)
        elif not (isinstance(width, tuple) and len(width) == 2):
            raise TypeError(
                '`pad_width` values must be an integer or a (before, after) '
                'tuple, not {!r}'.format(width))
        pairs[axis] = width
    return pairs


def _source(p, n, mode):
    """The position in [0, n) whose value pads position p (outside it)."""
    if mode == 'wrap':
        return p % n
    if mode == 'symmetric':
        q = p % (2 * n)
        return q if q < n else 2 * n - 1 - q
    q = p % (2 * (n - 1))       # reflect
    return q if q < n else 2 * (n - 1) - q


def _runs(positions, n, mode):
    """[(first dst, first src, length, step)] covering `positions`, each a
    run of consecutive destinations from a forward or backward slice."""
    runs = []
    for p in positions:
        s = _source(p, n, mode)
        if runs:
            d0, s0, ln, st = runs[-1]
            if p == d0 + ln:
                if ln == 1 and abs(s - s0) == 1:
                    runs[-1] = (d0, s0, 2, s - s0)
                    continue
                if ln > 1 and s == s0 + ln * st:
                    runs[-1] = (d0, s0, ln + 1, st)
                    continue
        runs.append((p, s, 1, 1))
    return runs


def pad(array, pad_width, mode='constant', **kwargs):
    """``array`` padded by ``pad_width`` ((before, after) per axis, or one
    pair or number for all) in ``mode``."""
    array = asarray(array)
    nd = array.ndim
    if isinstance(pad_width, dict):
        pad_width = _dict_pad_width(pad_width, nd)
    pw = numpy.asarray(pad_width)
    if pw.dtype.kind not in 'iu':
        raise TypeError('`pad_width` must be of integral type.')
    pairs = [(int(a), int(b)) for a, b in _as_pairs(pw, nd, as_index=True)]
    if callable(mode):
        raise NotImplementedError('cupy.pad with a callable mode is not '
                                  'supported')
    if mode not in _KWARGS:
        raise ValueError("mode '{}' is not supported".format(mode))
    unsupported = set(kwargs) - _KWARGS[mode]
    if unsupported:
        raise ValueError("unsupported keyword arguments for mode '{}': {}"
                         .format(mode, unsupported))
    # NumPy treats any reflect_type other than 'odd' as 'even'
    odd = kwargs.get('reflect_type', 'even') == 'odd'

    shape = tuple(b + n + a for (b, a), n in zip(pairs, array.shape))
    order = 'F' if (array.flags.f_contiguous and
                    not array.flags.c_contiguous) else 'C'
    out = core._empty(shape, array.dtype, order)
    center = tuple(slice(b, b + n) for (b, _), n in zip(pairs, array.shape))
    core._copy_to(out[center], array)
    if mode == 'empty' or out.size == 0:
        if mode not in ('constant', 'empty'):
            _check_not_empty(array, pairs)
        return out
    if mode == 'constant':
        values = _as_pairs(kwargs.get('constant_values', 0), nd)
        for axis, ((before, after), (vb, va)) in enumerate(zip(pairs,
                                                               values)):
            n = array.shape[axis]
            if before:
                core._fill(out[_roi(axis, slice(0, before), center)],
                           numpy.asarray(vb))
            if after:
                core._fill(out[_roi(axis, slice(before + n, None), center)],
                           numpy.asarray(va))
        return out
    _check_not_empty(array, pairs)
    if mode in _STATS:
        _pad_stat(out, array, pairs, center, mode,
                  kwargs.get('stat_length', None))
        return out
    if mode == 'linear_ramp':
        _pad_ramp(out, array, pairs, center, kwargs.get('end_values', 0))
        return out
    for axis, (before, after) in enumerate(pairs):
        if not (before or after):
            continue
        n = array.shape[axis]
        if odd and n > 1:
            _reflect_odd(out[_roi(axis, slice(None), center)], axis, before,
                         after, n, mode == 'symmetric')
            continue
        if mode == 'edge' or n == 1:
            first = out[_roi(axis, slice(before, before + 1), center)]
            last = out[_roi(axis, slice(before + n - 1, before + n),
                            center)]
            if before:
                core._copy_to(out[_roi(axis, slice(0, before), center)],
                              first)
            if after:
                core._copy_to(
                    out[_roi(axis, slice(before + n, None), center)], last)
            continue
        positions = list(range(-before, 0)) + list(range(n, n + after))
        for d0, s0, length, step in _runs(positions, n, mode):
            dst = slice(before + d0, before + d0 + length)
            if step == 1:
                src = slice(before + s0, before + s0 + length)
            else:
                stop = before + s0 - length
                src = slice(before + s0, stop if stop >= 0 else None, -1)
            core._copy_to(out[_roi(axis, dst, center)],
                          out[_roi(axis, src, center)])
    return out


def _roi(axis, sl, center):
    """The region of axis `axis`'s pass: all of the axes before it, `sl`
    on it, the original extent of the axes after it."""
    return (slice(None),) * axis + (sl,) + center[axis + 1:]


def _check_not_empty(array, pairs):
    for axis, (before, after) in enumerate(pairs):
        if array.shape[axis] == 0 and (before or after):
            raise ValueError(
                "can't extend empty axis {} using modes other than "
                "'constant' or 'empty'".format(axis))


def _at(axis, sl):
    return (slice(None),) * axis + (sl,)


# ------------------------------------------------------- statistic modes

_STATS = ('maximum', 'mean', 'median', 'minimum')


def _stat_pairs(stat_length, ndim):
    if stat_length is None:
        return [(None, None)] * ndim
    x = numpy.asarray(stat_length)
    # NumPy rounds the lengths to integers (as_index)
    x = numpy.round(x).astype(numpy.intp)
    return [(int(a), int(b)) for a, b in _as_pairs(x, ndim, as_index=True)]


def _stat(mode, chunk, axis, dtype):
    import cupy
    if mode == 'maximum':
        v = cupy.amax(chunk, axis=axis, keepdims=True)
    elif mode == 'minimum':
        v = cupy.amin(chunk, axis=axis, keepdims=True)
    else:
        stat = cupy.median if mode == 'median' else cupy.mean
        v = stat(chunk, axis=axis, keepdims=True)
        if dtype.kind in 'iu':
            v = cupy.rint(v)        # NumPy rounds (half to even)
    return v


def _pad_stat(out, array, pairs, center, mode, stat_length):
    """Each side of each axis filled with the statistic of the first or
    last ``stat_length`` values (all by default) of the axis's original
    extent, axis by axis as NumPy does."""
    lengths = _stat_pairs(stat_length, out.ndim)
    for axis, ((before, after), (lb, la)) in enumerate(zip(pairs,
                                                             lengths)):
        if not (before or after):
            continue
        n = array.shape[axis]
        roi = out[_roi(axis, slice(None), center)]
        lb = n if lb is None or lb > n else lb
        la = n if la is None or la > n else la
        if (lb == 0 or la == 0) and mode in ('maximum', 'minimum'):
            raise ValueError('stat_length of 0 yields no value for padding')
        left = _stat(mode, roi[_at(axis, slice(before, before + lb))], axis,
                     out.dtype)
        if lb == la == n:
            right = left
        else:
            right = _stat(mode, roi[_at(axis, slice(before + n - la,
                                                    before + n))],
                          axis, out.dtype)
        if before:
            core._copy_to(roi[_at(axis, slice(0, before))], left)
        if after:
            core._copy_to(roi[_at(axis, slice(before + n, None))], right)


# ------------------------------------------------------------ linear_ramp

def _pad_ramp(out, array, pairs, center, end_values):
    """Each side a linspace from the end value to the edge (the edge
    excluded), in the array's dtype, NumPy's way."""
    from cupy._creation.ranges import linspace
    values = _as_pairs(end_values, out.ndim)
    for axis, ((before, after), (vb, va)) in enumerate(zip(pairs, values)):
        if not (before or after):
            continue
        n = array.shape[axis]
        roi = out[_roi(axis, slice(None), center)]
        if before:
            edge = roi[_at(axis, slice(before, before + 1))]
            ramp = linspace(vb, edge.squeeze(axis), num=before,
                            endpoint=False, dtype=out.dtype, axis=axis)
            core._copy_to(roi[_at(axis, slice(0, before))], ramp)
        if after:
            edge = roi[_at(axis, slice(before + n - 1, before + n))]
            ramp = linspace(va, edge.squeeze(axis), num=after,
                            endpoint=False, dtype=out.dtype, axis=axis)
            core._copy_to(roi[_at(axis, slice(before + n, None))],
                          ramp[_at(axis, slice(None, None, -1))])


# ------------------------------------------------------ reflect_type='odd'

def _reflect_odd(roi, axis, left, right, period, include_edge):
    """NumPy's iterative odd reflection: chunks of at most the original
    period, each ``2 * edge - mirrored values`` of the region filled so
    far, until both pad areas are full."""
    import cupy
    while left > 0 or right > 0:
        old = roi.shape[axis] - right - left
        if include_edge:
            old = old // period * period
            off = 1
        else:
            old = (old - 1) // (period - 1) * (period - 1) + 1
            off = 0
            old -= 1
        if left > 0:
            chunk = min(old, left)
            stop = left - off
            start = stop + chunk
            src = roi[_at(axis, slice(start, stop if stop >= 0 else None,
                                      -1))]
            edge = roi[_at(axis, slice(left, left + 1))]
            vals = cupy.subtract(cupy.multiply(2, edge), src)
            core._copy_to(roi[_at(axis, slice(left - chunk, left))], vals)
            left -= chunk
        if right > 0:
            chunk = min(old, right)
            start = -right + off - 2
            stop = start - chunk
            size = roi.shape[axis]
            src = roi[_at(axis, slice(size + start, size + stop
                                      if size + stop >= 0 else None, -1))]
            e = size - right - 1
            edge = roi[_at(axis, slice(e, e + 1))]
            vals = cupy.subtract(cupy.multiply(2, edge), src)
            pos = size - right
            core._copy_to(roi[_at(axis, slice(pos, pos + chunk))], vals)
            right -= chunk
