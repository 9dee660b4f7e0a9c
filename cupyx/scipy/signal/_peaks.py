"""Peak finding on the device: find_peaks, peak_prominences, peak_widths,
argrelextrema/argrelmax/argrelmin.

SciPy walks from each peak outwards sample by sample.  Here every walk is
a search over sparse tables of range maxima/minima (log2(n) levels of n
values), done for all peaks at once by binary lifting: log2(n) gathers
per search, no loop over samples.  Finding the local maxima reads their
count back (the result size depends on the data); the ``distance``
selection is rounds of priority-ordered suppression
(``_select_by_peak_distance``).
"""

import math
import warnings

import numpy

import cupy
from cupy._core import _fallback

_fallback.declare('signal.find_peaks', 'distance',
                  'only where peaks tie in height (NumPy argsort order) or a '
                  'suppression chain outlasts 32 rounds; otherwise on the '
                  'device')


class PeakPropertyWarning(RuntimeWarning):
    """Calculated property of a peak has unexpected value."""


class _Tables:
    """Range-max and range-min sparse tables of a 1-d array."""

    def __init__(self, x):
        self.n = x.size
        self.mx = [x]
        self.mn = [x]
        k = 1
        while 2 * k <= self.n:
            pm, pn = self.mx[-1], self.mn[-1]
            self.mx.append(cupy.maximum(pm[:-k], pm[k:]))
            self.mn.append(cupy.minimum(pn[:-k], pn[k:]))
            k *= 2

    def _levels(self):
        return reversed(list(enumerate(self.mx)))

    def last_left(self, lo, p, v, greater):
        """Largest i in [lo, p] with x[i] > v (greater) or x[i] <= v,
        else lo - 1.  All arguments are device arrays over the peaks."""
        cur = p + 1
        for k in range(len(self.mx) - 1, -1, -1):
            step = 1 << k
            start = cur - step
            ok = start >= lo
            idx = cupy.clip(start, 0, self.n - 1)
            if greater:
                blocked = cupy.take(self.mx[k], cupy.minimum(
                    idx, self.mx[k].size - 1)) > v
            else:
                blocked = cupy.take(self.mn[k], cupy.minimum(
                    idx, self.mn[k].size - 1)) <= v
            cur = cupy.where(ok & ~blocked, start, cur)
        return cur - 1

    def first_right(self, p, hi, v, greater):
        """Smallest i in [p, hi] with x[i] > v (greater) or x[i] <= v,
        else hi + 1."""
        cur = p
        for k in range(len(self.mx) - 1, -1, -1):
            step = 1 << k
            ok = cur + step - 1 <= hi
            tab = self.mx[k] if greater else self.mn[k]
            idx = cupy.clip(cur, 0, tab.size - 1)
            val = cupy.take(tab, idx)
            blocked = (val > v) if greater else (val <= v)
            cur = cupy.where(ok & ~blocked, cur + step, cur)
        return cur

    def range_min(self, a, b):
        """min x[a..b] (a <= b)."""
        length = (b - a + 1).astype(numpy.float64)
        k = cupy.floor(cupy.log2(length)).astype(numpy.int64)
        out = cupy.empty(a.shape, dtype=self.mn[0].dtype)
        for lev in range(len(self.mn)):
            sel = k == lev
            tab = self.mn[lev]
            ia = cupy.clip(a, 0, tab.size - 1)
            ib = cupy.clip(b - (1 << lev) + 1, 0, tab.size - 1)
            val = cupy.minimum(cupy.take(tab, ia), cupy.take(tab, ib))
            out = cupy.where(sel, val, out)
        return out


def _arg_x_as_expected(value):
    value = cupy.asarray(value, order='C')
    if value.ndim != 1:
        raise ValueError('`x` must be a 1-D array')
    if value.dtype.kind not in 'f':
        value = value.astype(numpy.float64)
    return value


def _arg_peaks_as_expected(value):
    value = cupy.asarray(value)
    if value.size == 0:
        value = value.astype(numpy.intp)
    try:
        value = value.astype(numpy.intp, casting='safe')
    except TypeError:
        raise TypeError('cannot safely cast `peaks` to dtype(\'intp\')')
    if value.ndim != 1:
        raise ValueError('`peaks` must be a 1-D array')
    return value


def _arg_wlen_as_expected(value):
    if value is None:
        return -1
    if 1 < value:
        if isinstance(value, float):
            value = math.ceil(value)
        return int(value)
    raise ValueError('`wlen` must be larger than 1, was {}'.format(value))


def _local_maxima_1d(x):
    """Peaks (plateau middles), plateau left and right edges."""
    n = x.size
    empty = cupy.zeros(0, dtype=numpy.intp)
    if n < 3:
        return empty, empty, empty
    change = cupy.flatnonzero(x[1:] != x[:-1]) + 1   # run starts (not 0)
    starts = cupy.concatenate([cupy.zeros(1, numpy.intp),
                               change.astype(numpy.intp)])
    ends = cupy.concatenate([change.astype(numpy.intp) - 1,
                             cupy.full(1, n - 1, numpy.intp)])
    vals = x[starts]
    if starts.size < 3:
        return empty, empty, empty
    mid = slice(1, -1)
    is_peak = (vals[mid] > vals[:-2]) & (vals[mid] > vals[2:])
    left = starts[mid][is_peak]
    right = ends[mid][is_peak]
    return (left + right) // 2, left, right


def _unpack_condition_args(interval, x, peaks):
    try:
        imin, imax = interval
    except (TypeError, ValueError):
        imin, imax = (interval, None)
    if isinstance(imin, (numpy.ndarray, cupy.ndarray)):
        if imin.size != x.size:
            raise ValueError('array size of lower interval border must '
                             'match x')
        imin = cupy.asarray(imin)[peaks]
    if isinstance(imax, (numpy.ndarray, cupy.ndarray)):
        if imax.size != x.size:
            raise ValueError('array size of upper interval border must '
                             'match x')
        imax = cupy.asarray(imax)[peaks]
    return imin, imax


def _select_by_property(prop, pmin, pmax):
    keep = cupy.ones(prop.size, dtype=bool)
    if pmin is not None:
        keep &= (pmin <= prop)
    if pmax is not None:
        keep &= (prop <= pmax)
    return keep


# Rounds of the device selection before the rest of a long suppression
# chain is finished by SciPy's loop on the host (each round is ~3 log2(m)
# launches and one flag read; chains of peaks of rising height closer than
# ``distance`` take about one round per two peaks).
_DISTANCE_ROUNDS = 32


def _window_max(vals, lo, hi):
    """max vals[lo[i]..hi[i]] for every i (lo <= hi), by a sparse table."""
    tabs = [vals]
    k = 1
    while 2 * k <= vals.size:
        tabs.append(cupy.maximum(tabs[-1][:-k], tabs[-1][k:]))
        k *= 2
    length = (hi - lo + 1).astype(numpy.float64)
    lev = cupy.floor(cupy.log2(length)).astype(numpy.int64)
    out = cupy.empty_like(vals)
    for k, tab in enumerate(tabs):
        ia = cupy.minimum(lo, tab.size - 1)
        ib = cupy.clip(hi - (1 << k) + 1, 0, tab.size - 1)
        out = cupy.where(lev == k, cupy.maximum(cupy.take(tab, ia),
                                                cupy.take(tab, ib)), out)
    return out


def _distance_ranks(priority):
    """Position of every peak in SciPy's processing order (ascending
    argsort of the priorities).  Distinct priorities: a stable device
    sort gives it.  Tied ones: SciPy's order is numpy.argsort's, which
    is not stable (x86-simd-sort), so it is taken from NumPy on the host
    (counted)."""
    m = priority.size
    order = cupy.argsort(priority, kind='stable')
    ordered = priority[order]
    if m > 1 and bool((ordered[1:] == ordered[:-1]).any()):
        _fallback.enter('signal.find_peaks', 'distance',
                        'tied priorities: numpy.argsort order')
        order = cupy.asarray(numpy.argsort(cupy.asnumpy(priority)))
    rank = cupy.empty(m, dtype=numpy.int64)
    rank[order] = cupy.arange(m, dtype=numpy.int64)
    return rank


def _select_by_peak_distance(peaks, priority, distance):
    """SciPy's greedy selection (from the highest priority down, a kept
    peak removes the peaks closer than ``distance``) as rounds on the
    device: an undecided peak whose rank is the highest among the
    undecided peaks of its window is kept (every higher-ranked neighbour
    is already removed, so SciPy keeps it too), then every undecided peak
    with a kept peak in its window is removed."""
    m = peaks.size
    if m == 0:
        return cupy.ones(0, dtype=bool)
    dist = math.ceil(distance)
    rank = _distance_ranks(priority)
    peaks = peaks.astype(numpy.int64, copy=False)
    lo = cupy.searchsorted(peaks, peaks - dist, side='right')
    hi = cupy.searchsorted(peaks, peaks + dist, side='left') - 1
    undecided = cupy.ones(m, dtype=bool)
    keep = cupy.zeros(m, dtype=bool)
    for _ in range(_DISTANCE_ROUNDS):
        live = cupy.where(undecided, rank, -1)
        new = undecided & (live == _window_max(live, lo, hi))
        keep |= new
        count = cupy.concatenate([cupy.zeros(1, numpy.int64),
                                  cupy.cumsum(new.astype(numpy.int64))])
        undecided &= (count[hi + 1] - count[lo]) == 0
        if not bool(undecided.any()):
            return keep
    return _finish_on_host(peaks, rank, dist, keep, undecided)


def _finish_on_host(peaks, rank, dist, keep, undecided):
    """SciPy's loop over the peaks still undecided after the device
    rounds (a long chain of rising peaks), counted as a host fallback."""
    _fallback.enter('signal.find_peaks', 'distance',
                    'greedy selection over a long suppression chain')
    peaks, rank = cupy.asnumpy(peaks), cupy.asnumpy(rank)
    keep, undecided = cupy.asnumpy(keep), cupy.asnumpy(undecided)
    alive = keep | undecided
    for j in numpy.argsort(rank)[::-1]:
        if not alive[j]:
            continue
        lo = numpy.searchsorted(peaks, peaks[j] - dist, side='right')
        hi = numpy.searchsorted(peaks, peaks[j] + dist, side='left')
        alive[lo:j] = False
        alive[j + 1:hi] = False
    return cupy.asarray(alive)


def _prominences(x, peaks, wlen, tables=None):
    if peaks.size and (bool((peaks < 0).any()) or
                       bool((peaks >= x.size).any())):
        bad = cupy.asnumpy(peaks)
        bad = bad[(bad < 0) | (bad >= x.size)][0]
        raise ValueError('peak {} is not a valid index for `x`'.format(bad))
    if peaks.size == 0:
        return (cupy.zeros(0, x.dtype), cupy.zeros(0, numpy.intp),
                cupy.zeros(0, numpy.intp))
    t = tables or _Tables(x)
    n = x.size
    lo = cupy.zeros_like(peaks)
    hi = cupy.full_like(peaks, n - 1)
    if wlen > 1:
        lo = cupy.maximum(peaks - wlen // 2, lo)
        hi = cupy.minimum(peaks + wlen // 2, hi)
    v = x[peaks]
    lstop = t.last_left(lo, peaks - 1, v, True)     # higher sample left
    rstop = t.first_right(peaks + 1, hi, v, True)   # higher sample right
    lmin = t.range_min(lstop + 1, peaks)
    rmin = t.range_min(peaks, rstop - 1)
    # SciPy's bases: the minimum nearest to the peak on each side
    lbase = t.last_left(lstop + 1, peaks, lmin, False)
    rbase = t.first_right(peaks, rstop - 1, rmin, False)
    prom = v - cupy.maximum(lmin, rmin)
    if bool((prom == 0).any()):
        warnings.warn('some peaks have a prominence of 0',
                      PeakPropertyWarning, stacklevel=3)
    return prom, lbase, rbase


def peak_prominences(x, peaks, wlen=None):
    """Prominence of each peak (``scipy.signal.peak_prominences``)."""
    x = _arg_x_as_expected(x)
    peaks = _arg_peaks_as_expected(peaks)
    wlen = _arg_wlen_as_expected(wlen)
    return _prominences(x, peaks, wlen)


def _widths(x, peaks, rel_height, prominences, left_bases, right_bases,
            tables=None):
    if rel_height < 0:
        raise ValueError('`rel_height` must be greater or equal to 0.0')
    if not (peaks.shape[0] == prominences.shape[0] == left_bases.shape[0]
            == right_bases.shape[0]):
        raise ValueError('arrays in `prominence_data` must have the same '
                         'shape as `peaks`')
    if peaks.size == 0:
        z = cupy.zeros(0, numpy.float64)
        return z, z, z, z
    if bool(((left_bases < 0) | (peaks < left_bases) |
             (right_bases < peaks) | (right_bases >= x.size)).any()):
        raise ValueError('prominence data is invalid')
    t = tables or _Tables(x)
    height = x[peaks] - prominences * rel_height
    li = t.last_left(left_bases + 1, peaks, height, False)
    li = cupy.maximum(li, left_bases)
    xi = x[li]
    xn = x[cupy.minimum(li + 1, x.size - 1)]
    left_ip = li + cupy.where(xi < height, (height - xi) / (xn - xi), 0.0)
    ri = t.first_right(peaks, right_bases - 1, height, False)
    ri = cupy.minimum(ri, right_bases)
    xi = x[ri]
    xp = x[cupy.maximum(ri - 1, 0)]
    right_ip = ri - cupy.where(xi < height, (height - xi) / (xp - xi), 0.0)
    widths = right_ip - left_ip
    if bool((widths == 0).any()):
        warnings.warn('some peaks have a width of 0', PeakPropertyWarning,
                      stacklevel=3)
    return widths, height, left_ip, right_ip


def peak_widths(x, peaks, rel_height=0.5, prominence_data=None, wlen=None):
    """Width of each peak at a relative height
    (``scipy.signal.peak_widths``)."""
    x = _arg_x_as_expected(x)
    peaks = _arg_peaks_as_expected(peaks)
    if prominence_data is None:
        wlen = _arg_wlen_as_expected(wlen)
        prominence_data = _prominences(x, peaks, wlen)
    prom, lb, rb = (cupy.asarray(a) for a in prominence_data)
    return _widths(x, peaks, rel_height, prom.astype(numpy.float64),
                   lb.astype(numpy.intp), rb.astype(numpy.intp))


def _filter(props, peaks, keep):
    return peaks[keep], {k: v[keep] for k, v in props.items()}


def find_peaks(x, height=None, threshold=None, distance=None,
               prominence=None, width=None, wlen=None, rel_height=0.5,
               plateau_size=None):
    """Local maxima selected by their properties
    (``scipy.signal.find_peaks``)."""
    x = _arg_x_as_expected(x)
    if distance is not None and distance < 1:
        raise ValueError('`distance` must be greater or equal to 1')
    peaks, left_edges, right_edges = _local_maxima_1d(x)
    props = {}
    if plateau_size is not None:
        sizes = right_edges - left_edges + 1
        pmin, pmax = _unpack_condition_args(plateau_size, x, peaks)
        keep = _select_by_property(sizes, pmin, pmax)
        props.update(plateau_sizes=sizes, left_edges=left_edges,
                     right_edges=right_edges)
        peaks, props = _filter(props, peaks, keep)
    if height is not None:
        heights = x[peaks]
        hmin, hmax = _unpack_condition_args(height, x, peaks)
        keep = _select_by_property(heights, hmin, hmax)
        props['peak_heights'] = heights
        peaks, props = _filter(props, peaks, keep)
    if threshold is not None:
        tmin, tmax = _unpack_condition_args(threshold, x, peaks)
        left = x[peaks] - x[peaks - 1]
        right = x[peaks] - x[peaks + 1]
        keep = cupy.ones(peaks.size, dtype=bool)
        if tmin is not None:
            keep &= tmin <= cupy.minimum(left, right)
        if tmax is not None:
            keep &= cupy.maximum(left, right) <= tmax
        props.update(left_thresholds=left, right_thresholds=right)
        peaks, props = _filter(props, peaks, keep)
    if distance is not None:
        keep = _select_by_peak_distance(peaks, x[peaks], distance)
        peaks, props = _filter(props, peaks, keep)
    tables = None
    if prominence is not None or width is not None:
        wlen = _arg_wlen_as_expected(wlen)
        tables = _Tables(x)
        props.update(zip(['prominences', 'left_bases', 'right_bases'],
                         _prominences(x, peaks, wlen, tables)))
    if prominence is not None:
        pmin, pmax = _unpack_condition_args(prominence, x, peaks)
        keep = _select_by_property(props['prominences'], pmin, pmax)
        peaks, props = _filter(props, peaks, keep)
    if width is not None:
        props.update(zip(['widths', 'width_heights', 'left_ips', 'right_ips'],
                         _widths(x, peaks, rel_height, props['prominences'],
                                 props['left_bases'], props['right_bases'],
                                 tables)))
        wmin, wmax = _unpack_condition_args(width, x, peaks)
        keep = _select_by_property(props['widths'], wmin, wmax)
        peaks, props = _filter(props, peaks, keep)
    return peaks, props


def _boolrelextrema(data, comparator, axis=0, order=1, mode='clip'):
    if (int(order) != order) or (order < 1):
        raise ValueError('Order must be an int >= 1')
    if mode not in ('clip', 'wrap'):
        raise ValueError("mode must be 'clip' or 'wrap'")
    data = cupy.asarray(data)
    datalen = data.shape[axis]
    locs = cupy.arange(0, datalen)
    results = cupy.ones(data.shape, dtype=bool)
    main = cupy.take(data, locs, axis=axis)
    for shift in range(1, int(order) + 1):
        if mode == 'clip':
            ip = cupy.clip(locs + shift, 0, datalen - 1)
            im = cupy.clip(locs - shift, 0, datalen - 1)
        else:
            ip = (locs + shift) % datalen
            im = (locs - shift) % datalen
        results &= comparator(main, cupy.take(data, ip, axis=axis))
        results &= comparator(main, cupy.take(data, im, axis=axis))
    return results


def argrelextrema(data, comparator, axis=0, order=1, mode='clip'):
    """Relative extrema of data (``scipy.signal.argrelextrema``)."""
    results = _boolrelextrema(data, comparator, axis, order, mode)
    return cupy.nonzero(results)


def argrelmax(data, axis=0, order=1, mode='clip'):
    """Relative maxima (``scipy.signal.argrelmax``)."""
    return argrelextrema(data, cupy.greater, axis, order, mode)


def argrelmin(data, axis=0, order=1, mode='clip'):
    """Relative minima (``scipy.signal.argrelmin``)."""
    return argrelextrema(data, cupy.less, axis, order, mode)
