"""The Clough-Tocher C1 cubic on triangles, on the device: the vertex
gradients that minimise the curvature along the edges (one linear
system for all vertices, solved by preconditioned conjugate gradients)
and the piecewise cubic of each triangle's three-way split evaluated at
all points at once.

References: Clough and Tocher (1965); G. Farin, "A modified
Clough-Tocher interpolant", CAGD 2 (1985) (the Bezier control points);
G. M. Nielson, "A method for interpolating scattered data based upon a
minimum norm network", Math. Comp. 40 (1983) (the edge-curvature
functional whose minimiser SciPy approximates by Gauss-Seidel sweeps).
The cross-boundary direction is SciPy's affine-invariant choice, from
the triangle's centroid to its neighbour's.
"""

import warnings

import numpy

import cupy
from cupyx.scipy.spatial import _locate

# conjugate gradient iterations between convergence checks (each check
# reads one flag back to the host)
_CHECK_EVERY = 8
# the relative residual the iteration stops at, per unit of ``tol``, and
# the floor below which float64 rounding of the sums dominates
_RESIDUAL_PER_TOL = 1e-3
_RESIDUAL_FLOOR = 1e-14


class GradientEstimationWarning(Warning):
    """The gradient estimation did not converge within ``maxiter``."""


def _edge_tables(tri):
    """Padded (npoints, maxdeg) neighbour table (index npoints for
    padding) and the edge matrices e e^T / |e|^3 (zero for padding)."""
    indptr, indices = tri.vertex_neighbor_vertices
    n = tri.npoints
    deg = indptr[1:] - indptr[:-1]
    maxdeg = int(deg.max()) if n else 0
    slot = cupy.arange(maxdeg)[None, :]
    valid = slot < deg[:, None]
    pos = cupy.where(valid, indptr[:-1, None] + slot, 0)
    nb = cupy.where(valid, indices[pos] if indices.size else 0, n)
    pts = cupy.concatenate([tri.points, cupy.zeros((1, 2))])
    e = pts[nb] - tri.points[:, None, :]
    length = cupy.sqrt(cupy.sum(e * e, axis=-1))
    inv_l3 = cupy.where(valid, 1.0 / cupy.where(valid, length, 1.0) ** 3,
                        0.0)
    m = e[..., :, None] * e[..., None, :] * inv_l3[..., None, None]
    return nb, e, inv_l3, m


def _apply(diag, m, nb, g):
    """A g for the stationarity system: 4 sum_j M_ij g_i + 2 sum_j M_ij
    g_j, g of shape (npoints, ncols, 2)."""
    gp = cupy.concatenate([g, cupy.zeros((1,) + g.shape[1:])])[nb]
    off = cupy.sum(m[:, :, None, :, :] * gp[:, :, :, None, :], axis=(1, 4))
    return cupy.sum(diag[:, None] * g[:, :, None, :], axis=-1) + 2 * off


def estimate_gradients(tri, y, maxiter=400, tol=1e-6):
    """Gradients (npoints, ncols, 2) for the real values y (npoints,
    ncols): the minimiser of the summed squared second derivatives of the
    cubic edge curves (Nielson), by block-Jacobi preconditioned conjugate
    gradients on all columns at once.  Stops when every column's residual
    is below tol * 1e-3 of its right-hand side (at least 1e-14: rounding;
    SciPy stops its sweeps on a relative change of tol, which leaves it
    further from the minimiser), or after maxiter iterations with a
    warning."""
    nb, e, inv_l3, m = _edge_tables(tri)
    n = tri.npoints
    f = cupy.concatenate([y, cupy.zeros((1, y.shape[1]))])
    # b_i = sum_j 6 (f_j - f_i) e_ij / |e_ij|^3
    df = f[nb] - y[:, None, :]
    b = 6 * cupy.sum(df[..., None] * (e * inv_l3[..., None])[:, :, None, :],
                     axis=1)
    diag = 4 * cupy.sum(m, axis=1)
    det = diag[:, 0, 0] * diag[:, 1, 1] - diag[:, 0, 1] * diag[:, 1, 0]
    # points in no simplex (duplicates, coplanar) have no edges: their
    # rows are zero, their gradient stays 0 in the iteration and is NaN
    # in the result (SciPy's 0/0)
    isolated = det == 0
    det = cupy.where(isolated, numpy.inf, det)
    pinv = cupy.stack([cupy.stack([diag[:, 1, 1], -diag[:, 0, 1]], -1),
                       cupy.stack([-diag[:, 1, 0], diag[:, 0, 0]], -1)],
                      1) / det[:, None, None]

    def precond(r):
        return cupy.sum(pinv[:, None] * r[:, :, None, :], axis=-1)

    g = cupy.zeros_like(b)
    r = b.copy()
    z = precond(r)
    p = z.copy()
    rz = cupy.sum(r * z, axis=(0, 2))
    scale = cupy.max(cupy.abs(b), axis=(0, 2))
    limit = max(float(tol) * _RESIDUAL_PER_TOL, _RESIDUAL_FLOOR)
    converged = n == 0
    for it in range(int(maxiter)):
        ap = _apply(diag, m, nb, p)
        pap = cupy.sum(p * ap, axis=(0, 2))
        alpha = cupy.where(pap > 0, rz / cupy.where(pap > 0, pap, 1), 0)
        g += alpha[None, :, None] * p
        r -= alpha[None, :, None] * ap
        if (it + 1) % _CHECK_EVERY == 0 or it + 1 == maxiter:
            res = cupy.max(cupy.abs(r), axis=(0, 2))
            if bool(cupy.all(res <= limit * scale)):
                converged = True
                break
        z = precond(r)
        rz_new = cupy.sum(r * z, axis=(0, 2))
        beta = cupy.where(rz > 0, rz_new / cupy.where(rz > 0, rz, 1), 0)
        p = z + beta[None, :, None] * p
        rz = rz_new
    if not converged:
        warnings.warn('Gradient estimation did not converge, the results '
                      'may be inaccurate', GradientEstimationWarning,
                      stacklevel=3)
    g[isolated] = numpy.nan
    return g


def cross_directions(tri):
    """Per simplex and edge k (opposite vertex k): SciPy's g_k, the
    direction from the centroid to the neighbour's centroid written as
    (V4 - V_a) + g_k (V_b - V_a) (a, b the edge's vertices), -1/2 where
    there is no neighbour."""
    nbr = tri.neighbors
    cent = cupy.mean(tri.points[tri.simplices], axis=1)       # (s, 2)
    other = cent[cupy.where(nbr >= 0, nbr, 0)]                 # (s, 3, 2)
    t = tri.transform                                          # (s, 3, 2)
    c = cupy.sum(t[:, None, :2, :] * (other - t[:, None, 2, :])
                 [:, :, None, :], axis=-1)
    c = cupy.concatenate([c, 1 - cupy.sum(c, axis=-1, keepdims=True)], -1)
    k = cupy.arange(3)
    ca = c[:, k, (k + 1) % 3]
    cb = c[:, k, (k + 2) % 3]
    g = (2 * cb + ca - 1) / (2 - 3 * cb - 3 * ca)
    return cupy.where(nbr >= 0, g, -0.5)


def evaluate(tri, values, grad, gdir, xi):
    """The Clough-Tocher interpolant at xi (q, 2) and the mask of points
    inside the triangulation: values (npoints, ncols), grad (npoints,
    ncols, 2), gdir from cross_directions."""
    eps = 100 * numpy.finfo(numpy.float64).eps
    isimplex, bary = _locate.locate(tri, xi, eps)
    ok = isimplex >= 0
    s = cupy.where(ok, isimplex, 0)
    verts = tri.simplices[s]                                   # (q, 3)
    p = tri.points[verts]                                      # (q, 3, 2)
    f = values[verts]                                          # (q, 3, c)
    df = grad[verts]                                           # (q, 3, c, 2)
    return _cubic(p, f, df, gdir[s], bary), ok


def _dd(df, vec):
    """Directional derivatives (q, c) of gradients (q, c, 2) along the
    edge vectors (q, 2)."""
    return cupy.sum(df * vec[:, None, :], axis=-1)


def _cubic(p, f, df, g, b):
    e12 = p[:, 1] - p[:, 0]
    e23 = p[:, 2] - p[:, 1]
    e31 = p[:, 0] - p[:, 2]
    f1, f2, f3 = f[:, 0], f[:, 1], f[:, 2]
    g1, g2, g3 = df[:, 0], df[:, 1], df[:, 2]
    # control points on the edges: one third along each edge from its
    # vertex, on the vertex's tangent plane
    c3000, c0300, c0030 = f1, f2, f3
    c2100 = f1 + _dd(g1, e12) / 3
    c2010 = f1 - _dd(g1, e31) / 3
    c1200 = f2 - _dd(g2, e12) / 3
    c0210 = f2 + _dd(g2, e23) / 3
    c0120 = f3 - _dd(g3, e23) / 3
    c1020 = f3 + _dd(g3, e31) / 3
    # towards the centroid: C1 at the vertices
    c2001 = (c3000 + c2100 + c2010) / 3
    c0201 = (c0300 + c1200 + c0210) / 3
    c0021 = (c0030 + c1020 + c0120) / 3
    # the cross-boundary derivative in direction g is linear on each edge
    g0, g1_, g2_ = g[:, 0:1], g[:, 1:2], g[:, 2:3]
    c0111 = (g0 * (-c0300 + 3 * c0210 - 3 * c0120 + c0030)
             + (-c0300 + 2 * c0210 - c0120 + c0021 + c0201)) / 2
    c1011 = (g1_ * (-c0030 + 3 * c1020 - 3 * c2010 + c3000)
             + (-c0030 + 2 * c1020 - c2010 + c2001 + c0021)) / 2
    c1101 = (g2_ * (-c3000 + 3 * c2100 - 3 * c1200 + c0300)
             + (-c3000 + 2 * c2100 - c1200 + c2001 + c0201)) / 2
    # C1 across the split's inner edges and at the centroid
    c1002 = (c1101 + c1011 + c2001) / 3
    c0102 = (c1101 + c0111 + c0201) / 3
    c0012 = (c1011 + c0111 + c0021) / 3
    c0003 = (c1002 + c0102 + c0012) / 3
    # coordinates in the sub-triangle holding the point: the smallest
    # barycentric coordinate moves to the centroid (it becomes 0, so the
    # other two sub-triangles' terms vanish)
    low = cupy.min(b, axis=1, keepdims=True)
    b1, b2, b3 = [(b[:, i:i + 1] - low) for i in range(3)]
    b4 = 3 * low
    terms = (
        (c3000, b1 ** 3), (c0300, b2 ** 3), (c0030, b3 ** 3),
        (c0003, b4 ** 3),
        (c2100, 3 * b1 ** 2 * b2), (c2010, 3 * b1 ** 2 * b3),
        (c2001, 3 * b1 ** 2 * b4), (c1200, 3 * b1 * b2 ** 2),
        (c0210, 3 * b2 ** 2 * b3), (c0201, 3 * b2 ** 2 * b4),
        (c1020, 3 * b1 * b3 ** 2), (c0120, 3 * b2 * b3 ** 2),
        (c0021, 3 * b3 ** 2 * b4), (c1002, 3 * b1 * b4 ** 2),
        (c0102, 3 * b2 * b4 ** 2), (c0012, 3 * b3 * b4 ** 2),
        (c1101, 6 * b1 * b2 * b4), (c1011, 6 * b1 * b3 * b4),
        (c0111, 6 * b2 * b3 * b4))
    out = None
    for coef, w in terms:
        out = coef * w if out is None else out + coef * w
    return out
