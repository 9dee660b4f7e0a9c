"""find_peaks_cwt: peaks as ridge lines of a continuous wavelet transform.

On the device: the CWT (``cwt``: one convolution per width), the local
maxima of every row, and the noise estimates (a percentile of the first
row over a window around each candidate: the windows gathered, sorted
and interpolated as SciPy's ``scoreatpercentile``) with the signal to
noise test.  On the host: the linking of maxima into ridge lines, a
sequential walk from the widest row down in which each maximum joins the
nearest ridge of the previous row (SciPy's rules, including its order of
ties); it reads back only the coordinates of the maxima and is counted
as a host fallback.
"""

import numpy

import cupy
from cupy._core import _fallback
from cupyx.scipy.signal._wavelets import cwt, ricker

_fallback.declare('signal.find_peaks_cwt', 'ridge lines',
                  "SciPy's sequential linking of the CWT maxima; the CWT, "
                  'maxima and SNR test run on the device')


def _host(v):
    return cupy.asnumpy(v) if isinstance(v, cupy.ndarray) else v


def _maxima(matr):
    """Row and column of every strict local maximum along the rows (the
    edges never count: SciPy compares them with themselves)."""
    mid = matr[:, 1:-1]
    flags = (mid > matr[:, :-2]) & (mid > matr[:, 2:])
    rows, cols = cupy.nonzero(flags)
    return cupy.asnumpy(rows), cupy.asnumpy(cols) + 1


def _ridge_lines(nrows, rows, cols, max_distances, gap_thresh):
    """SciPy's linking of the maxima (rows, cols) into ridge lines, from
    the last row with a maximum down to row 0."""
    if len(max_distances) < nrows:
        raise ValueError('Max_distances must have at least as many rows '
                         'as matr')
    if rows.size == 0:
        return []
    by_row = [cols[rows == r] for r in range(nrows)]
    start = int(rows.max())
    lines = [[[start], [c], 0] for c in by_row[start]]
    final = []
    for row in range(start - 1, -1, -1):
        for line in lines:
            line[2] += 1
        prev = numpy.array([line[1][-1] for line in lines])
        for col in by_row[row]:
            target = None
            if len(prev):
                diffs = numpy.abs(col - prev)
                closest = numpy.argmin(diffs)
                if diffs[closest] <= max_distances[row]:
                    target = lines[closest]
            if target is None:
                lines.append([[row], [col], 0])
            else:
                target[0].append(row)
                target[1].append(col)
                target[2] = 0
        for ind in range(len(lines) - 1, -1, -1):
            if lines[ind][2] > gap_thresh:
                final.append(lines.pop(ind))
    out = []
    for line in final + lines:
        order = numpy.argsort(line[0])
        out.append((numpy.asarray(line[0])[order],
                    numpy.asarray(line[1])[order]))
    return out


def _noise_at(row_one, cols, window_size, noise_perc):
    """scoreatpercentile(row_one[window around c], noise_perc) for each
    column c (device): windows gathered, padded with +inf, sorted."""
    n = row_one.size
    half, odd = divmod(window_size, 2)
    c = cupy.asarray(cols, dtype=numpy.int64)
    start = cupy.maximum(c - half, 0)
    stop = cupy.minimum(c + half + odd, n)
    length = stop - start
    width = max(1, window_size)
    idx = start[:, None] + cupy.arange(width)[None, :]
    valid = idx < stop[:, None]
    vals = cupy.where(valid, row_one[cupy.minimum(idx, n - 1)], cupy.inf)
    vals = cupy.sort(vals, axis=1)
    # linear interpolation between the ranks around per / 100 * (len - 1)
    pos = (length - 1) * (noise_perc / 100.0)
    lo = cupy.floor(pos).astype(numpy.int64)
    hi = cupy.minimum(lo + 1, length - 1)
    rows = cupy.arange(len(cols))
    lo_c, hi_c = cupy.maximum(lo, 0), cupy.maximum(hi, 0)
    vlo, vhi = vals[rows, lo_c], vals[rows, hi_c]
    # an empty window (window_size 0) has no percentile: NaN, as SciPy
    return cupy.where(length > 0, vlo + (vhi - vlo) * (pos - lo), cupy.nan)


def find_peaks_cwt(vector, widths, wavelet=None, max_distances=None,
                   gap_thresh=None, min_length=None, min_snr=1,
                   noise_perc=10, window_size=None):
    """Peaks of a 1-D signal as ridge lines of its wavelet transform
    (``scipy.signal.find_peaks_cwt``); returns their indices, sorted, as
    a device array."""
    widths = numpy.atleast_1d(numpy.asarray(_host(widths)))
    if gap_thresh is None:
        gap_thresh = numpy.ceil(widths[0])
    if max_distances is None:
        max_distances = widths / 4.0
    max_distances = numpy.asarray(_host(max_distances))
    if wavelet is None:
        wavelet = ricker
    matr = cwt(cupy.asarray(vector), wavelet, widths)
    rows, cols = _maxima(matr)
    _fallback.enter('signal.find_peaks_cwt', 'ridge lines',
                    'sequential linking of the CWT maxima')
    lines = _ridge_lines(matr.shape[0], rows, cols, max_distances,
                         gap_thresh)
    nrows, num_points = matr.shape
    if min_length is None:
        min_length = numpy.ceil(nrows / 4)
    if window_size is None:
        window_size = numpy.ceil(num_points / 20)
    lines = [ln for ln in lines if len(ln[0]) >= min_length]
    if not lines:
        # SciPy's empty result is numpy.asarray([]): float64
        return cupy.zeros(0, dtype=numpy.float64)
    first_rows = numpy.array([ln[0][0] for ln in lines])
    first_cols = numpy.array([ln[1][0] for ln in lines])
    noise = _noise_at(matr[0], first_cols, int(window_size), noise_perc)
    peak = matr[cupy.asarray(first_rows), cupy.asarray(first_cols)]
    with numpy.errstate(divide='ignore', invalid='ignore'):
        keep = ~(cupy.abs(peak / noise) < min_snr)
    return cupy.sort(cupy.asarray(first_cols)[keep])
