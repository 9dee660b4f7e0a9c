"""Point location in a Delaunay triangulation, on the device.

Every query point is tested against blocks of simplices at once: its
barycentric coordinates c = T (x - r) in each simplex of the block (a
broadcast product and sum, float64 without a matrix product), inside
when every coordinate, the last one 1 - sum(c) included, lies in
[-eps, 1 + eps] (SciPy's test; NaN transforms of degenerate simplices
are never inside).  A point takes the lowest numbered simplex that
contains it (SciPy's brute-force answer).
"""

import numpy

import cupy

# elements of the (points, simplices, ndim, ndim) products of a block
_BLOCK_ELEMENTS = 2 ** 22


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
    found = cupy.full(q, -1, dtype=numpy.int32)
    if q == 0 or s == 0:
        return found, cupy.full((q, nd + 1), numpy.nan)
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
            last = 1 - cupy.sum(c, axis=-1)
            inside = cupy.all((c >= -eps) & (c <= 1 + eps), axis=-1) & \
                (last >= -eps) & (last <= 1 + eps)
            hit = cupy.where(inside.any(axis=1),
                             cupy.argmax(inside, axis=1) + s0, s)
            best = cupy.minimum(best, hit)
        found[p0:p0 + rows] = cupy.where(best < s, best, -1)
    ok = found >= 0
    c = barycentric(tr, cupy.where(ok, found, 0), x)
    c[~ok] = numpy.nan
    return found, c
