"""A uniform grid over KDTree's data for k-nearest queries, built and
searched with device sorts and gathers.

The data are sorted by grid cell (one device sort; each cell is then a
range of the sorted order found by searchsorted).  A query looks at the
(2R + 1)^m cells around its own: the candidates are a padded (queries,
cells x largest cell) gather, their distances and the k smallest come
as in the brute-force path.  The answer is exact when the k-th distance
found (or distance_upper_bound, if smaller) is no larger than the
query's distance to the edge of the searched cells, since every point
outside differs by more than that in one coordinate (a lower bound for
every p-norm); the other queries go to the brute-force path.
"""

import numpy

import cupy
from cupyx.scipy.spatial import _neighbors

# data points per cell the grid aims at
_PER_CELL = 4
# the grid is used when its candidates per query are at most this share
# of the data (else brute force is as cheap), and only in few dimensions
# ((2R + 1)^m cells per query)
_MAX_SHARE = 0.25
_MAX_DIMS = 4
_MIN_POINTS = 1024


def cell_index(x, lo, size, per_dim):
    """Row-major cell number of each point (clipped into the grid) and
    its integer cell coordinates."""
    idx = cupy.floor((x - lo) / size).astype(numpy.int64)
    idx = cupy.clip(idx, 0, per_dim - 1)
    flat = idx[:, 0]
    for j in range(1, x.shape[1]):
        flat = flat * per_dim + idx[:, j]
    return flat, idx


class Grid:
    """The data sorted by cell, with each cell's range."""

    def __init__(self, data, mins, maxes):
        n, m = data.shape
        self.per_dim = max(1, int((n / _PER_CELL) ** (1.0 / m)))
        self.lo = mins
        size = (maxes - mins) / self.per_dim
        self.size = cupy.where(size > 0, size, 1.0)
        cell, _ = cell_index(data, self.lo, self.size, self.per_dim)
        self.order = cupy.argsort(cell, kind='stable')
        self.points = data[self.order]
        sc = cell[self.order]
        cells = cupy.arange(self.per_dim ** m)
        self.start = cupy.searchsorted(sc, cells, side='left')
        self.count = cupy.searchsorted(sc, cells, side='right') - self.start
        self.largest = int(self.count.max())
        self.m = m
        self.n = n

    def radius_for(self, k):
        """Cells around the query's own to search for k neighbours."""
        r = 1
        while (2 * r + 1) ** self.m * _PER_CELL < 2 * k and \
                r < self.per_dim:
            r += 1
        return r

    def candidates_per_query(self, r):
        return (2 * r + 1) ** self.m * self.largest

    def search(self, xq, kmax, p, r, bound):
        """(dist_p, idx, exact) for the query rows: the kmax nearest
        among the cells within r of each query's and whether that answer
        is provably the true one."""
        m, g = self.m, self.per_dim
        offs = numpy.stack(numpy.meshgrid(
            *[numpy.arange(-r, r + 1)] * m, indexing='ij'), -1).reshape(-1, m)
        offs = cupy.asarray(offs)
        _, qc = cell_index(xq, self.lo, self.size, g)
        nb = qc[:, None, :] + offs[None, :, :]              # (q, c, m)
        inside = cupy.all((nb >= 0) & (nb < g), axis=-1)
        flat = nb[..., 0]
        for j in range(1, m):
            flat = flat * g + nb[..., j]
        flat = cupy.where(inside, flat, 0)
        start = self.start[flat]
        count = cupy.where(inside, self.count[flat], 0)
        slot = cupy.arange(self.largest)
        cand = start[..., None] + slot                       # (q, c, L)
        valid = slot < count[..., None]
        cand = cupy.where(valid, cand, 0).reshape(xq.shape[0], -1)
        valid = valid.reshape(xq.shape[0], -1)
        diff = xq[:, None, :] - self.points[cand]
        d = _neighbors.reduce_pth(diff, p, None)
        d = cupy.where(valid, d, numpy.inf)
        take = min(kmax, d.shape[1])
        if take == 1:
            i = cupy.argmin(d, axis=1)[:, None]
        else:
            i = cupy.argsort(d, axis=1, kind='stable')[:, :take]
        dd = cupy.take_along_axis(d, i, axis=1)
        ii = self.order[cupy.take_along_axis(cand, i, axis=1)]
        if take < kmax:
            pad = kmax - take
            dd = cupy.concatenate(
                [dd, cupy.full((dd.shape[0], pad), numpy.inf)], axis=1)
            ii = cupy.concatenate(
                [ii, cupy.full((ii.shape[0], pad), self.n, ii.dtype)], 1)
        # distance from the query to the nearest unsearched cell
        low = self.lo + (qc - r) * self.size
        high = self.lo + (qc + r + 1) * self.size
        margin = cupy.minimum(
            cupy.where(qc - r <= 0, numpy.inf, xq - low),
            cupy.where(qc + r >= g - 1, numpy.inf, high - xq))
        margin = cupy.min(margin, axis=1)
        kth = _neighbors.from_pth(dd[:, -1], p)
        exact = cupy.minimum(kth, bound) <= margin
        return dd, ii, exact


def build(data, box, mins, maxes):
    """The grid for this data, or None where it does not pay (few
    points, many dimensions, a periodic box)."""
    n, m = data.shape
    if box is not None or m > _MAX_DIMS or n < _MIN_POINTS:
        return None
    return Grid(data, mins, maxes)


def worth_it(grid, kmax):
    """Whether the candidates of a kmax query are few enough against the
    data (clustered data make the largest cell, hence the padding, big)."""
    r = grid.radius_for(kmax)
    return grid.candidates_per_query(r) <= _MAX_SHARE * grid.n


def knn(grid, data, xq, kmax, p, bound_p, bound):
    """_neighbors.knn through the grid: rows it cannot prove are searched
    again with a wider ring of cells (queries far outside the data need
    it), and brute force takes what is left once a ring would cost more
    than that."""
    q = xq.shape[0]
    n = data.shape[0]
    r0 = grid.radius_for(kmax)
    per_row = grid.candidates_per_query(r0) * grid.m
    rows = max(1, _neighbors._BLOCK_ELEMENTS // per_row)
    dist = cupy.empty((q, kmax), dtype=numpy.float64)
    idx = cupy.empty((q, kmax), dtype=numpy.intp)
    for s0 in range(0, q, rows):
        todo = cupy.arange(s0, min(q, s0 + rows))
        r = r0
        while todo.size:
            if grid.candidates_per_query(r) > _MAX_SHARE * n:
                dd, ii = _neighbors.knn(xq[todo], data, kmax, p, numpy.inf)
                dist[todo] = dd
                idx[todo] = ii
                break
            dd, ii, exact = grid.search(xq[todo], kmax, p, r, bound)
            dist[todo] = dd
            idx[todo] = ii
            todo = todo[cupy.nonzero(~exact)[0]]
            r = 2 * r + 1
    far = ~(dist < bound_p)
    dist[far] = numpy.inf
    idx[far] = n
    return dist, idx
