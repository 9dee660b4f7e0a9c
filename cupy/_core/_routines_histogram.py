"""Histograms of the array core: bincount, histogram_bin_edges, histogram
and histogramdd (histogram2d is histogramdd of two), on the sort engine.

Counting is a sort and two searches: the bin of each value is a search in
the edges (side='right', the last edge closed, as NumPy's), values outside
go to a discarded bin, and the count of bin b is the number of sorted bin
numbers equal to b (a search of 0..nbins-1 on both sides); weights are
summed as differences of their cumulative sum in the sorted order.
Nothing synchronises except where NumPy's result needs values read back:
bincount's length (the maximum), an automatic range (the minimum and
maximum, to build the edges as NumPy does) and the monotonicity check of
edges given as a device array.  String bin rules ('auto', 'fd', ...)
compute the edges on the host (a counted fallback: they need NumPy's
estimators of the data); the counting stays on the device.
"""

import builtins
import operator

import numpy

from cupy._core import _fallback
from cupy._core import _routines_creation
from cupy._core import _routines_manipulation
from cupy._core import _routines_sorting
from cupy._core import _routines_ufuncs as ufuncs
from cupy._core import _sort_keys
from cupy._core import core
from cupy._core._operands import as_array
from cupy._core._routines_math import where as _where

_INT64 = numpy.dtype(numpy.int64)
_F64 = numpy.dtype(numpy.float64)


def _upload(h):
    return _routines_creation.array(numpy.ascontiguousarray(h))


def bin_counts(idx, nbins, weights=None):
    """Counts (or weight sums) of the int64 bin numbers ``idx`` (1-d, in
    [0, nbins] where nbins itself is discarded): no synchronisation."""
    dtype = _INT64 if weights is None else weights.dtype
    out = core._empty((nbins,), dtype)
    if nbins == 0:
        return out
    if idx.shape[0] == 0:
        core._fill(out, 0)
        return out
    s, perm = _sort_keys.sort_last(idx, weights is not None, True)
    marks = _routines_creation.index_range(nbins)
    left = _routines_sorting.searchsorted(s, marks, 'left')
    right = _routines_sorting.searchsorted(s, marks, 'right')
    if weights is None:
        core._copy_to(out, ufuncs.subtract(right, left))
        return out
    ws = weights.take(perm)
    cs = core._empty((idx.shape[0] + 1,), dtype)
    core._fill(cs[:1], 0)
    core._copy_to(cs[1:], ws.cumsum(dtype=dtype))
    core._copy_to(out, ufuncs.subtract(cs.take(right), cs.take(left)))
    return out


def bincount(x, weights=None, minlength=0):
    """``numpy.bincount``: reads the minimum and maximum of ``x`` back (the
    result's length and NumPy's check for negative values)."""
    x = as_array(x)
    if x.ndim != 1:
        raise ValueError('object too deep for desired array'
                         if x.ndim > 1 else
                         'object of too small depth for desired array')
    if x.dtype.kind not in 'biu':
        raise TypeError("Cannot cast array data from {!r} to dtype('int64') "
                        "according to the rule 'safe'".format(x.dtype))
    minlength = operator.index(minlength)
    if minlength < 0:
        raise ValueError("'minlength' must not be negative")
    w = None
    if weights is not None:
        w = as_array(weights)
        if w.shape != x.shape:
            raise ValueError('The weights and list don\'t have the same '
                             'length.')
        w = w.astype(_F64)
    n = minlength
    if x.size:
        lo_hi = _routines_manipulation.stack(
            [x.min().astype(_INT64), x.max().astype(_INT64)]).get()
        if lo_hi[0] < 0:
            raise ValueError("'list' argument must have no negative elements")
        n = max(n, int(lo_hi[1]) + 1)
    return bin_counts(x.astype(_INT64), n, w)


# ------------------------------------------------------------ bin edges

def _outer_edges(a, rng):
    if rng is not None:
        first, last = rng
        if first > last:
            raise ValueError('max must be larger than min in range parameter.')
        if not (numpy.isfinite(first) and numpy.isfinite(last)):
            raise ValueError('supplied range of [{}, {}] is not finite'.format(
                first, last))
    elif a.size == 0:
        first, last = 0, 1
    else:
        h = _routines_manipulation.stack([a.min(), a.max()]).get()
        first, last = h[0], h[1]
        if not (numpy.isfinite(first) and numpy.isfinite(last)):
            raise ValueError(
                'autodetected range of [{}, {}] is not finite'.format(
                    first, last))
    if first == last:
        first = first - 0.5
        last = last + 0.5
    return first, last


def _ndim(x):
    # numpy.ndim would convert a device array (or a list of them) to NumPy
    if isinstance(x, core.ndarray):
        return x.ndim
    if isinstance(x, (list, tuple)):
        return 1 + min((_ndim(v) for v in x), default=0)
    return numpy.ndim(x)


def bin_edges(a, bins=10, range=None, weights=None):
    """(edges as a host array, edges on the device, uniform bin count or
    None) as NumPy's histogram_bin_edges computes them."""
    if isinstance(bins, str):
        _fallback.enter('histogram_bin_edges', bins,
                        'string rules estimate the data on the host')
        h = numpy.histogram_bin_edges(
            a.get(), bins, range,
            None if weights is None else as_array(weights).get())
        return h, _upload(h), None
    if _ndim(bins) == 0:
        try:
            n = operator.index(bins)
        except TypeError:
            raise TypeError('`bins` must be an integer, a string, or an '
                            'array') from None
        if n < 1:
            raise ValueError('`bins` must be positive, when an integer')
        first, last = _outer_edges(a, range)
        bin_type = numpy.result_type(first, last, a.dtype)
        if bin_type.kind in 'biu':
            bin_type = numpy.result_type(bin_type, float)
        h = numpy.linspace(first, last, n + 1, endpoint=True, dtype=bin_type)
        return h, _upload(h), n
    if isinstance(bins, core.ndarray):
        d = bins
        if d.ndim != 1:
            raise ValueError('`bins` must be 1d, when an array')
        h = d.get()
    else:
        h = numpy.asarray(bins)
        if h.ndim != 1:
            raise ValueError('`bins` must be 1d, when an array')
        d = _upload(h)
    if numpy.any(h[:-1] > h[1:]):
        raise ValueError('`bins` must increase monotonically, when an array')
    return h, d, None


def _bin_numbers(a, edges, nb):
    """Each value's bin in [0, nb), or nb outside the edges (NaN too)."""
    pos = _routines_sorting.searchsorted(edges, a, 'right')
    last = edges[-1:]
    pos = _where(ufuncs.equal(a, last), numpy.int64(nb), pos)
    inside = ufuncs.logical_and(ufuncs.greater(pos, numpy.int64(0)),
                                ufuncs.less_equal(pos, numpy.int64(nb)))
    return _where(inside, ufuncs.subtract(pos, numpy.int64(1)),
                  numpy.int64(nb))


def histogram_bin_edges(a, bins=10, range=None, weights=None):
    return bin_edges(as_array(a).ravel(), bins, range, weights)[1]


def histogram(a, bins=10, range=None, density=None, weights=None):
    """``numpy.histogram``: (counts, edges)."""
    a = as_array(a).ravel()
    if a.dtype.kind == 'c':
        raise TypeError('histogram of complex values is not defined')
    w = None
    if weights is not None:
        w = as_array(weights)
        if w.shape != a.shape and w.size != a.size:
            raise ValueError('weights should have the same shape as a.')
        w = w.ravel()
    h, edges, _ = bin_edges(a, bins, range, weights)
    nb = h.shape[0] - 1
    cmp_dtype = numpy.result_type(a.dtype, edges.dtype)
    av = a if a.dtype == cmp_dtype else a.astype(cmp_dtype)
    ev = edges if edges.dtype == cmp_dtype else edges.astype(cmp_dtype)
    counts = bin_counts(_bin_numbers(av, ev, nb), nb + 1, w)[:nb]
    if density:
        widths = _upload(numpy.diff(h).astype(_F64))
        counts = ufuncs.true_divide(
            ufuncs.true_divide(counts, counts.sum()), widths)
    return counts, edges


def histogramdd(sample, bins=10, range=None, density=None, weights=None):
    """``numpy.histogramdd``: (counts of shape (nx, ny, ...), [edges])."""
    if isinstance(sample, core.ndarray) and sample.ndim == 2:
        cols = [sample[:, i] for i in builtins.range(sample.shape[1])]
    elif isinstance(sample, core.ndarray) and sample.ndim == 1:
        cols = [sample]
    else:
        cols = [as_array(c).ravel() for c in sample]
    d = len(cols)
    if _ndim(bins) == 0 and not isinstance(bins, str):
        bins = [bins] * d
    elif len(bins) != d:
        raise ValueError('The dimension of bins must be equal to the '
                         'dimension of the sample x.')
    if range is None:
        range = [None] * d
    elif len(range) != d:
        raise ValueError('range argument must have one entry per dimension')
    w = None if weights is None else as_array(weights).ravel()
    flat = None
    host_edges, dev_edges, sizes = [], [], []
    for i, col in enumerate(cols):
        b = bins[i]
        if _ndim(b) == 0 and not isinstance(b, core.ndarray):
            if operator.index(b) < 1:
                raise ValueError('`bins[{}]` must be positive, when an '
                                 'integer'.format(i))
            first, last = _outer_edges(col, range[i])
            h = numpy.linspace(first, last, operator.index(b) + 1)
            e = _upload(h)
        else:
            h, e, _ = bin_edges(col, b, range[i])
        nb = h.shape[0] - 1
        dt = numpy.result_type(col.dtype, e.dtype)
        idx = _bin_numbers(col.astype(dt), e.astype(dt), nb)
        flat = idx if flat is None else ufuncs.add(
            ufuncs.multiply(flat, numpy.int64(nb + 1)), idx)
        host_edges.append(h)
        dev_edges.append(e)
        sizes.append(nb)
    full = tuple(n + 1 for n in sizes)
    total = int(numpy.prod(full))
    counts = bin_counts(flat, total, w)
    hist = counts.reshape(full)[tuple(slice(0, n) for n in sizes)]
    # NumPy's histogramdd counts are float64 even without weights
    hist = hist.astype(_F64) if hist.dtype.kind in 'iu' else hist.copy()
    if density:
        hist = ufuncs.true_divide(hist, hist.sum())
        for i, h in enumerate(host_edges):
            shape = [1] * d
            shape[i] = sizes[i]
            hist = ufuncs.true_divide(hist, _upload(
                numpy.diff(h).astype(_F64)).reshape(tuple(shape)))
    return hist, dev_edges

