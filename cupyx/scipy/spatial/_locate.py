"""Point location in a Delaunay triangulation, on the device.

All points walk at once (a visibility walk, as SciPy's directed search
but vectorised): each step computes every active point's barycentric
coordinates c = T (x - r) in its current simplex (a gather and a
broadcast product, float64 without a matrix product); a point whose
coordinates all lie in [-eps, 1 + eps] has found its simplex (SciPy's
test), otherwise it moves to the neighbour across the facet of its most
negative coordinate, and leaves the triangulation (-1) where there is no
neighbour (the hull is convex).  Walks start from a coarse grid over the
bounding box that maps each cell to a simplex whose centroid lies in it,
so they are a few steps long.  Points still walking after a bounded
number of steps (degenerate simplices, NaN transforms) are located by
brute force: tested against blocks of simplices, taking the lowest
numbered one that contains them (SciPy's brute-force answer).  A point on
a facet shared by two simplices may get either (SciPy's walk too).
"""

import numpy

import cupy
from cupyx.scipy.spatial import _grid

# elements of the (points, simplices, ndim, ndim) products of a block
_BLOCK_ELEMENTS = 2 ** 22
# walk steps between the checks that read the number of walking points
# back, and the steps after which the rest goes to brute force
_CHECK_EVERY = 4
_MAX_STEPS = 64
# start-grid cells per simplex (about two centroids per cell) and the
# cap on the table size
_CELLS_PER_SIMPLEX = 0.5
_MAX_CELLS = 2 ** 18


def barycentric(transform, isimplex, x):
    """Barycentric coordinates (q, ndim + 1) of points x in the simplices
    isimplex (must be valid indices)."""
    nd = x.shape[1]
    t = transform[isimplex]
    c = cupy.sum(t[:, :nd, :] * (x - t[:, nd, :])[:, None, :], axis=-1)
    return cupy.concatenate([c, 1 - cupy.sum(c, axis=1, keepdims=True)],
                            axis=1)


def locate(tri, x, eps):
    """(isimplex int32 (-1 outside), barycentric coordinates (q, ndim + 1),
    NaN outside) of the points x (q, ndim) in ``tri``."""
    q, nd = x.shape
    tr = tri.transform
    s = tr.shape[0]
    if q == 0 or s == 0:
        return (cupy.full(q, -1, dtype=numpy.int32),
                cupy.full((q, nd + 1), numpy.nan))
    found = _walk(tri, x, eps)
    lost = cupy.nonzero(found == -2)[0]
    if lost.size:
        found[lost] = _brute_force(tr, x[lost], eps)
    ok = found >= 0
    c = barycentric(tr, cupy.where(ok, found, 0), x)
    c[~ok] = numpy.nan
    return found, c


def _inside(c, eps):
    return cupy.all((c >= -eps) & (c <= 1 + eps), axis=-1)


def _start_table(tri):
    """(lo, cell size, cells per dim, table): each grid cell's simplex,
    cached on the triangulation."""
    cached = getattr(tri, '_walk_start', None)
    if cached is not None:
        return cached
    nd = tri.ndim
    s = tri.nsimplex
    cells = max(1, min(_MAX_CELLS, int(s * _CELLS_PER_SIMPLEX)))
    per_dim = max(1, int(cells ** (1.0 / nd)))
    lo = tri.min_bound
    size = (tri.max_bound - lo) / per_dim
    size = cupy.where(size > 0, size, 1.0)
    cent = cupy.mean(tri.points[tri.simplices], axis=1)
    cell = _grid.cell_index(cent, lo, size, per_dim)[0]
    order = cupy.argsort(cell, kind='stable')
    sc = cell[order]
    first = cupy.ones(s, dtype=bool)
    first[1:] = sc[1:] != sc[:-1]
    owned_cells = sc[first]
    owners = order[first].astype(numpy.int32)
    # every cell: the owner of the nearest owned cell in row-major order
    allc = cupy.arange(per_dim ** nd)
    pos = cupy.minimum(cupy.searchsorted(owned_cells, allc),
                       owned_cells.size - 1)
    table = owners[pos]
    tri._walk_start = (lo, size, per_dim, table)
    return tri._walk_start


def _walk(tri, x, eps):
    """Simplex per point: >= 0 found, -1 outside, -2 still walking."""
    lo, size, per_dim, table = _start_table(tri)
    cur = table[_grid.cell_index(x, lo, size, per_dim)[0]]
    result = cupy.full(x.shape[0], -2, dtype=numpy.int32)
    active = cupy.arange(x.shape[0])
    tr, nbr = tri.transform, tri.neighbors
    xa = x
    for step in range(_MAX_STEPS):
        # points that stopped since the last compaction carry cur = -1
        live = cur >= 0
        here = cupy.where(live, cur, 0)
        c = barycentric(tr, here, xa)
        done = _inside(c, eps) & live
        k = cupy.argmin(c, axis=1)
        nxt = nbr[here, k]
        # NaN coordinates (degenerate simplex): stop, brute force later
        stuck = cupy.isnan(c).any(axis=1) & live
        out = live & ~done & ~stuck & (nxt == -1)
        result[active] = cupy.where(
            done, cur, cupy.where(out, -1, result[active])).astype(
                numpy.int32)
        cur = cupy.where(live & ~(done | out | stuck), nxt, -1)
        if (step + 1) % _CHECK_EVERY == 0:
            keep = cupy.nonzero(cur >= 0)[0]
            if keep.size == 0:
                break
            active, cur = active[keep], cur[keep]
            xa = x[active]
    return result


def _brute_force(tr, x, eps):
    q, nd = x.shape
    s = tr.shape[0]
    found = cupy.full(q, -1, dtype=numpy.int32)
    per_point = max(1, _BLOCK_ELEMENTS // (nd * (nd + 1)))
    cols = min(s, per_point)
    rows = max(1, per_point // cols)
    for p0 in range(0, q, rows):
        xb = x[p0:p0 + rows]
        best = cupy.full(xb.shape[0], s, dtype=numpy.int64)
        for s0 in range(0, s, cols):
            tb = tr[s0:s0 + cols]
            d = xb[:, None, :] - tb[None, :, nd, :]
            c = cupy.sum(tb[None, :, :nd, :] * d[:, :, None, :], axis=-1)
            last = 1 - cupy.sum(c, axis=-1, keepdims=True)
            inside = _inside(cupy.concatenate([c, last], axis=-1), eps)
            hit = cupy.where(inside.any(axis=1),
                             cupy.argmax(inside, axis=1) + s0, s)
            best = cupy.minimum(best, hit)
        found[p0:p0 + rows] = cupy.where(best < s, best, -1)
    return found
