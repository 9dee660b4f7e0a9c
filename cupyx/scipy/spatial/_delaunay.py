"""Delaunay triangulation (``scipy.spatial.Delaunay``).

Building the triangulation has no whole-array formulation that fits
here: the simplices, their neighbours and facet equations come from
SciPy's Qhull on the host, a counted host fallback (DESIGN.md, "The
operation contract", step 3; ``python -m cupy info`` lists it).
Everything after that runs on the device: the barycentric transforms
(batched Gauss-Jordan elimination with partial pivoting and SciPy's
condition limit), point location (``_locate``), plane distances, lifting,
the vertex-to-simplex map, the hull facets and the vertex neighbours
(sorts and gathers).
"""

import numpy

import cupy
from cupy._core import _fallback
from cupyx.scipy.spatial import _locate

# SciPy's qhull.pyx marks a simplex degenerate (NaN transform) when the
# reciprocal condition number of its edge matrix is below 1000 * eps
_RCOND_LIMIT = 1000 * numpy.finfo(numpy.float64).eps


# attributes copied as they are from SciPy's object
_SCALARS = ('furthest_site', 'paraboloid_scale', 'paraboloid_shift', 'ndim',
            'npoints', 'nsimplex')


_fallback.declare('spatial.Delaunay', 'qhull',
                  'the triangulation is built by Qhull (SciPy) on the host; '
                  'point location and interpolation run on the device')


def _qhull():
    try:
        from scipy import spatial
    except ImportError as e:  # pragma: no cover - SciPy is a test extra
        raise ImportError('cupyx.scipy.spatial.Delaunay builds the '
                          'triangulation with SciPy (Qhull) on the host; '
                          'install scipy') from e
    return spatial


class Delaunay:
    """Delaunay tessellation in N dimensions (``scipy.spatial.Delaunay``).

    Parameters
    ----------
    points : array_like, shape (npoints, ndim)
        Coordinates of the points to triangulate.
    furthest_site : bool, optional
        Compute a furthest-site Delaunay triangulation.
    incremental : bool, optional
        Allow adding points incrementally (``add_points``).
    qhull_options : str, optional
        Qhull options, as SciPy (default "Qbb Qc Qz Qx Q12" for ndim > 4,
        "Qbb Qc Qz Q12" otherwise).

    Attributes are device arrays with SciPy's dtypes (int32 indices,
    float64 coordinates): points, simplices, neighbors, equations,
    transform, vertex_to_simplex, convex_hull, coplanar,
    vertex_neighbor_vertices, min_bound, max_bound; and paraboloid_scale,
    paraboloid_shift, furthest_site, ndim, npoints, nsimplex.

    Notes
    -----
    The triangulation is computed by Qhull on the host (counted host
    fallback, ``CUPY_HOST_FALLBACK``); the rest runs on the device.
    ``find_simplex`` returns, for a point on a shared facet, the lowest
    numbered simplex that contains it (SciPy's ``bruteforce=True``
    result); SciPy's default walk may return a neighbour there.
    """

    def __init__(self, points, furthest_site=False, incremental=False,
                 qhull_options=None):
        host = cupy.asnumpy(points) if isinstance(points, cupy.ndarray) \
            else numpy.asarray(points)
        _fallback.enter('spatial.Delaunay', 'qhull',
                        'the triangulation is built by Qhull')
        self._host = _qhull().Delaunay(host, furthest_site=furthest_site,
                                       incremental=incremental,
                                       qhull_options=qhull_options)
        self._load()

    def _load(self):
        h = self._host
        self.points = cupy.asarray(h.points)
        self.simplices = cupy.asarray(h.simplices)
        self.neighbors = cupy.asarray(h.neighbors)
        self.equations = cupy.asarray(h.equations)
        self.coplanar = cupy.asarray(h.coplanar)
        self.good = cupy.asarray(h.good) if h.good is not None else None
        for name in _SCALARS:
            setattr(self, name, getattr(h, name))
        self.min_bound = cupy.asarray(h.min_bound)
        self.max_bound = cupy.asarray(h.max_bound)
        self._transform = None
        self._vertex_to_simplex = None
        self._vertex_neighbor_vertices = None

    def add_points(self, points, restart=False):
        """Process a set of additional points (``incremental=True``);
        the triangulation is rebuilt by Qhull on the host."""
        host = cupy.asnumpy(points) if isinstance(points, cupy.ndarray) \
            else numpy.asarray(points)
        _fallback.enter('spatial.Delaunay', 'qhull',
                        'the triangulation is built by Qhull')
        self._host.add_points(host, restart=restart)
        self._load()

    def close(self):
        """Finish incremental processing (SciPy's)."""
        self._host.close()

    @property
    def transform(self):
        """Affine transforms from x to barycentric coordinates:
        (nsimplex, ndim + 1, ndim); c = T[:ndim] (x - T[ndim]); NaN rows
        for degenerate simplices."""
        if self._transform is None:
            self._transform = barycentric_transforms(self.points,
                                                     self.simplices)
        return self._transform

    @property
    def vertex_to_simplex(self):
        """For each vertex, the lowest numbered simplex it belongs to;
        for coplanar points SciPy's value (their nearest vertex)."""
        if self._vertex_to_simplex is None:
            flat = self.simplices.ravel()
            order = cupy.argsort(flat, kind='stable')
            v = flat[order]
            first = cupy.ones(v.shape, dtype=bool)
            first[1:] = v[1:] != v[:-1]
            out = cupy.full(self.npoints, -1, dtype=numpy.int32)
            owner = (order // (self.ndim + 1)).astype(numpy.int32)
            out[v[first]] = owner[first]
            if self.coplanar.size:
                # points Qhull left out (duplicates, coplanar) get the
                # third column of ``coplanar``, their nearest vertex: what
                # SciPy 1.17 stores there
                out[self.coplanar[:, 0]] = self.coplanar[:, 2]
            self._vertex_to_simplex = out
        return self._vertex_to_simplex

    @property
    def convex_hull(self):
        """Vertices of the facets forming the convex hull, (nfacets,
        ndim), in simplex-then-facet order (SciPy's)."""
        s, k = cupy.nonzero(self.neighbors == -1)
        nv = self.ndim + 1
        pos = cupy.arange(nv - 1)[None, :]
        pos = pos + (pos >= k[:, None])
        return self.simplices[s[:, None], pos]

    @property
    def vertex_neighbor_vertices(self):
        """(indptr, indices): the neighbours of vertex k are
        indices[indptr[k]:indptr[k+1]], in order of first appearance
        among the simplices (SciPy's)."""
        if self._vertex_neighbor_vertices is None:
            self._vertex_neighbor_vertices = _vertex_neighbors(
                self.simplices, self.npoints)
        return self._vertex_neighbor_vertices

    def lift_points(self, x):
        """Lift points to the paraboloid used by Qhull."""
        x = cupy.asarray(x, dtype=numpy.float64)
        z = cupy.sum(x * x, axis=-1, keepdims=True) * self.paraboloid_scale \
            + self.paraboloid_shift
        return cupy.concatenate([x, z], axis=-1)

    def plane_distance(self, xi):
        """Signed distance of the lifted points to each simplex's
        hyperplane: (..., nsimplex)."""
        xi = cupy.asarray(xi, dtype=numpy.float64)
        if xi.shape[-1] != self.ndim:
            raise ValueError('xi has different dimensionality than '
                             'triangulation')
        z = self.lift_points(xi.reshape(-1, self.ndim))
        eq = self.equations
        out = cupy.sum(z[:, None, :] * eq[None, :, :-1], axis=-1) \
            + eq[None, :, -1]
        return out.reshape(xi.shape[:-1] + (self.nsimplex,))

    def find_simplex(self, xi, bruteforce=False, tol=None):
        """The index of the simplex containing each point, -1 outside
        the triangulation (int32, shape xi.shape[:-1])."""
        xi = cupy.asarray(xi)
        if xi.shape[-1] != self.ndim:
            raise ValueError('wrong dimensionality in xi')
        eps = 100 * numpy.finfo(numpy.float64).eps if tol is None \
            else float(tol)
        flat = xi.reshape(-1, self.ndim).astype(numpy.float64, copy=False)
        isimplex, _ = _locate.locate(self, flat, eps)
        return isimplex.reshape(xi.shape[:-1])


def tsearch(tri, xi):
    """The simplices of ``tri`` containing the points xi
    (``scipy.spatial.tsearch``)."""
    if not isinstance(tri, Delaunay):
        raise ValueError('tri must be a Delaunay instance')
    return tri.find_simplex(xi)


def barycentric_transforms(points, simplices):
    """(nsimplex, ndim + 1, ndim) transforms: rows :ndim the inverse of
    the edge matrix T[:, j] = v_j - v_ndim, row ndim the vertex v_ndim;
    NaN where T's reciprocal 1-norm condition number is below SciPy's
    limit.  Gauss-Jordan on all simplices at once (ndim steps of
    whole-array operations, float64 without a matrix product)."""
    nd = points.shape[1]
    v = points[simplices]                       # (s, nd + 1, nd)
    last = v[:, nd, :]
    t = cupy.swapaxes(v[:, :nd, :] - last[:, None, :], 1, 2)
    s = t.shape[0]
    aug = cupy.concatenate(
        [t, cupy.broadcast_to(cupy.eye(nd), (s, nd, nd))], axis=2)
    rows = cupy.arange(s)[:, None]
    for k in range(nd):
        col = cupy.abs(aug[:, k:, k])
        piv = cupy.argmax(col, axis=1) + k
        order = cupy.broadcast_to(cupy.arange(nd), (s, nd)).copy()
        order[:, k] = piv
        order[rows[:, 0], piv] = k
        aug = aug[rows, order]
        prow = aug[:, k, :] / aug[:, k, k:k + 1]
        factor = aug[:, :, k:k + 1]
        aug = aug - factor * prow[:, None, :]
        aug[:, k, :] = prow
    inv = aug[:, :, nd:]
    norm = cupy.max(cupy.sum(cupy.abs(t), axis=1), axis=1)
    inv_norm = cupy.max(cupy.sum(cupy.abs(inv), axis=1), axis=1)
    with numpy.errstate(divide='ignore', invalid='ignore'):
        rcond = 1.0 / (norm * inv_norm)
    bad = ~(rcond >= _RCOND_LIMIT)
    out = cupy.concatenate([inv, last[:, None, :]], axis=1)
    out[bad] = numpy.nan
    return out


def _vertex_neighbors(simplices, npoints):
    s, nv = simplices.shape
    a = cupy.broadcast_to(simplices[:, :, None], (s, nv, nv))
    b = cupy.broadcast_to(simplices[:, None, :], (s, nv, nv))
    # the scan position of the neighbour: simplex, then its slot
    key = cupy.broadcast_to(
        (cupy.arange(s)[:, None, None] * nv
         + cupy.arange(nv)[None, None, :]), (s, nv, nv))
    off = ~cupy.eye(nv, dtype=bool)[None]
    off = cupy.broadcast_to(off, (s, nv, nv))
    a, b, key = a[off], b[off], key[off]
    # first appearance of each (vertex, neighbour) pair
    order = cupy.lexsort(cupy.stack([key, b, a]))
    a, b, key = a[order], b[order], key[order]
    first = cupy.ones(a.shape, dtype=bool)
    first[1:] = (a[1:] != a[:-1]) | (b[1:] != b[:-1])
    a, b, key = a[first], b[first], key[first]
    order = cupy.lexsort(cupy.stack([key, a]))
    a, b = a[order], b[order]
    indptr = cupy.searchsorted(a, cupy.arange(npoints + 1), side='left')
    return indptr.astype(numpy.int32), b.astype(numpy.int32)
