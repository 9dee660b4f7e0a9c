"""The device computations behind KDTree: blocked Minkowski distances
between query points and the data, the k smallest of each row, radius
masks and pair counts.

No tree is walked: each block of query points is compared with every
data point in whole-array operations (differences, a power, a sum or a
max over the coordinates), then the k nearest come from one argmin
(k = 1) or one stable sort of the block's rows.  The work is O(queries x
points x dims), done as a few large device operations per block instead
of a data-dependent traversal (which has no whole-array formulation).
Distances are compared in "p-th power" space as SciPy's cKDTree does
(sum |dx|^p, the root taken at the end), so thresholds such as
``distance_upper_bound`` are applied to the same numbers.
"""

import numpy

import cupy

# elements of the (rows, points, dims) difference temporaries of a block
# (float64: 32 MiB); bounds memory whatever the input size
_BLOCK_ELEMENTS = 2 ** 22


# count_neighbors compares each distance with every radius up to this
# many radii; more go through one searchsorted (a sort) and a bincount
_DIRECT_RADII = 16


def block_rows(n, m):
    """Query rows per block so that rows * n * m stays under the bound."""
    return max(1, _BLOCK_ELEMENTS // max(1, n * m))


def to_pth(r, p):
    """A distance in the space the blocks compare in (r**p for finite
    p other than 1)."""
    if p == 1 or numpy.isinf(p):
        return r
    return r ** p


def from_pth(d, p):
    """Distances from their p-th powers (inf stays inf)."""
    if p == 1 or numpy.isinf(p):
        return d
    if p == 2:
        return cupy.sqrt(d)
    return d ** (1.0 / p)


def pth_distances(xq, data, p, box=None):
    """(rows, n) array of sum(|xq_i - data_j|**p) (max for p = inf).

    ``box``: per-dimension period (inf where not periodic) or None; the
    points must already be wrapped into [0, period) (``wrap``); each
    periodic difference is folded to the nearer image, as SciPy's
    toroidal KDTree."""
    return reduce_pth(xq[:, None, :] - data[None, :, :], p, box)


def wrap(x, box):
    """Points moved into [0, period) along periodic dimensions."""
    if box is None:
        return x
    finite = cupy.isfinite(box)
    period = cupy.where(finite, box, 1.0)
    return cupy.where(finite, x - cupy.floor(x / period) * period, x)


def pth_distances_pairs(a, b, p, box=None):
    """The same for matching rows of a and b: shape (rows,)."""
    return reduce_pth(a - b, p, box)


def reduce_pth(diff, p, box):
    d = cupy.abs(diff)
    if box is not None:
        # both points lie in [0, L): fold to the nearer image (inf - d
        # keeps non-periodic dimensions unchanged)
        d = cupy.minimum(d, box - d)
    if numpy.isinf(p):
        return cupy.max(d, axis=-1)
    if p == 1:
        return cupy.sum(d, axis=-1)
    if p == 2:
        return cupy.sum(d * d, axis=-1)
    return cupy.sum(d ** p, axis=-1)


def _blocks(xq, n, m):
    rows = block_rows(n, m)
    for start in range(0, xq.shape[0], rows):
        yield start, xq[start:start + rows]


def knn(xq, data, kmax, p, bound_p, box=None):
    """The kmax nearest data points of each query row: (distances in p-th
    power space, indices), both (q, kmax), ascending, ties by index;
    neighbours at or beyond ``bound_p`` (and missing ones when kmax >
    n) are inf with index n (SciPy's)."""
    q = xq.shape[0]
    n, m = data.shape
    dist = cupy.full((q, kmax), numpy.inf, dtype=numpy.float64)
    idx = cupy.full((q, kmax), n, dtype=numpy.intp)
    take = min(kmax, n)
    if q == 0 or take == 0:
        return dist, idx
    for start, xb in _blocks(xq, n, m):
        d = pth_distances(xb, data, p, box)
        if take == 1:
            i = cupy.argmin(d, axis=1)[:, None]
        else:
            i = cupy.argsort(d, axis=1, kind='stable')[:, :take]
        dd = cupy.take_along_axis(d, i, axis=1)
        stop = start + xb.shape[0]
        dist[start:stop, :take] = dd
        idx[start:stop, :take] = i
    far = ~(dist < bound_p)
    dist[far] = numpy.inf
    idx[far] = n
    return dist, idx


def within(xq, data, r_p, p, box=None, upper_only=False,
           counts_only=False):
    """Rows and columns (query i, data j) of every pair with distance <=
    r (r_p: r in p-th power space, a scalar or one value per query row),
    row-major so each row's columns ascend; with ``upper_only`` only
    j > i (the pairs of one set with itself).  Also the per-row counts
    (alone, with no pair lists, for ``counts_only``)."""
    n, m = data.shape
    rows, cols, counts = [], [], []
    r_p = cupy.asarray(r_p, dtype=numpy.float64)
    for start, xb in _blocks(xq, n, m):
        d = pth_distances(xb, data, p, box)
        rb = r_p if r_p.ndim == 0 else r_p[start:start + xb.shape[0], None]
        mask = d <= rb
        if upper_only:
            i = cupy.arange(start, start + xb.shape[0])[:, None]
            mask &= cupy.arange(n)[None, :] > i
        counts.append(cupy.sum(mask, axis=1))
        if counts_only:
            continue
        bi, bj = cupy.nonzero(mask)
        rows.append(bi + start)
        cols.append(bj)
    if counts_only:
        return None, None, (cupy.concatenate(counts) if counts else
                            cupy.zeros(0, dtype=numpy.intp))
    if not rows:
        empty = cupy.zeros(0, dtype=numpy.intp)
        return empty, empty, empty
    return (cupy.concatenate(rows), cupy.concatenate(cols),
            cupy.concatenate(counts))


def count_pairs(x1, x2, r_p_sorted, p, w1=None, w2=None, box=None):
    """For ascending thresholds t_0 <= t_1 <= ...: the (weighted) number
    of pairs with d_p <= t_k, for each k (cumulative): a masked sum per
    threshold for a few thresholds; for many, each pair's bin is the
    first threshold at or above its distance (one searchsorted), the bins
    summed with bincount and accumulated."""
    nb = r_p_sorted.shape[0]
    n, m = x2.shape
    weighted = w1 is not None or w2 is not None
    direct = nb <= _DIRECT_RADII
    total = cupy.zeros(nb if direct else nb + 1, dtype=numpy.float64)
    for start, xb in _blocks(x1, n, m):
        d = pth_distances(xb, x2, p, box)
        w = None
        if weighted:
            wa = (cupy.ones(xb.shape[0]) if w1 is None
                  else w1[start:start + xb.shape[0]])
            wb = cupy.ones(n) if w2 is None else w2
            w = wa[:, None] * wb[None, :]
        if direct:
            for k in range(nb):
                hit = d <= r_p_sorted[k]
                total[k] += cupy.sum(hit if w is None else hit * w)
            continue
        b = cupy.searchsorted(r_p_sorted, d.ravel(), side='left')
        total += cupy.bincount(b, weights=None if w is None else w.ravel(),
                               minlength=nb + 1)[:nb + 1]
    return total if direct else cupy.cumsum(total[:nb])
