"""Histograms: histogram, histogram2d, histogramdd, histogram_bin_edges and
bincount (the array core's routines, cupy/_core/_routines_histogram.py:
sorts and searches on the device)."""

from cupy._core import _routines_histogram as _hist
from cupy._core._routines_histogram import bincount  # NOQA
from cupy._core._routines_histogram import histogram  # NOQA
from cupy._core._routines_histogram import histogram_bin_edges  # NOQA


def histogramdd(sample, bins=10, range=None, density=None, weights=None):
    """The multidimensional histogram of ``sample`` ((N, D) array or D
    arrays): (counts, list of edges)."""
    return _hist.histogramdd(sample, bins, range, density, weights)


def histogram2d(x, y, bins=10, range=None, density=None, weights=None):
    """The 2-d histogram of (x, y): (counts, x edges, y edges)."""
    try:
        n = len(bins)
    except TypeError:
        n = 1
    if n != 1 and n != 2:
        bins = [bins, bins]
    hist, edges = _hist.histogramdd([x, y], bins, range, density, weights)
    return hist, edges[0], edges[1]
