"""KDTree (``scipy.spatial.KDTree``/``cKDTree``), distance_matrix and
minkowski_distance: every query runs on the device as blocked distance
computations (``_neighbors``); distance_matrix through cdist."""

import numpy

import cupy
from cupyx.scipy.spatial import distance
from cupyx.scipy.spatial import _grid
from cupyx.scipy.spatial import _neighbors


def minkowski_distance_p(x, y, p=2.0):
    """sum(|x - y|**p) along the last axis (no root; max for p=inf)."""
    x = cupy.asarray(x)
    y = cupy.asarray(y)
    d = cupy.abs(x - y)
    if p == numpy.inf:
        return cupy.max(d, axis=-1)
    if p == 1:
        return cupy.sum(d, axis=-1)
    return cupy.sum(d ** p, axis=-1)


def minkowski_distance(x, y, p=2.0):
    """The p-norm distance along the last axis of x - y."""
    r = minkowski_distance_p(x, y, p)
    if p in (1, numpy.inf):
        return r
    return r ** (1.0 / p)


def distance_matrix(x, y, p=2.0, threshold=1000000):
    """The matrix of p-norm distances between the rows of x and y
    (threshold is accepted for SciPy's signature: the device computation
    is blocked whatever the size)."""
    x = cupy.asarray(x)
    y = cupy.asarray(y)
    if x.ndim != 2 or y.ndim != 2:
        raise ValueError('x and y must be 2-dimensional')
    if x.shape[1] != y.shape[1]:
        raise ValueError('x contains {}-dimensional vectors but y contains '
                         '{}-dimensional vectors'.format(x.shape[1],
                                                         y.shape[1]))
    if p == 1:
        return distance.cdist(x, y, 'cityblock')
    if p == numpy.inf:
        return distance.cdist(x, y, 'chebyshev')
    return distance.cdist(x, y, 'minkowski', p=p)


class KDTree:
    """kd-tree for nearest-neighbour lookup (``scipy.spatial.KDTree``).

    Parameters
    ----------
    data : array_like, shape (n, m)
        The n points of dimension m to index (kept as float64, SciPy's).
    leafsize : int, optional
        Accepted for SciPy's signature; validated, otherwise unused.
    compact_nodes, balanced_tree : bool, optional
        Accepted for SciPy's signature; unused.
    copy_data : bool, optional
        Accepted; the data are always converted to a float64 copy.
    boxsize : array_like or scalar, optional
        Apply an m-d toroidal topology: the period of each dimension
        (0 or less: that dimension is not periodic).  The data must lie in
        [0, boxsize) along periodic dimensions.

    Notes
    -----
    No tree is built.  k-nearest queries in up to 4 dimensions on 1024
    points or more search a uniform grid of the data sorted by cell
    (``_grid``) and prove each answer, the rest compare blocks of query
    points with all data points (``_neighbors``); results are exact
    (``eps`` only relaxes what SciPy may return and is accepted).  Tied
    distances come in an unspecified order (index order in the
    brute-force path; SciPy's follows its tree).  ``query_pairs`` and
    ``query_ball_point`` return index-sorted results.
    """

    def __init__(self, data, leafsize=10, compact_nodes=True,
                 copy_data=False, balanced_tree=True, boxsize=None):
        data = cupy.asarray(data)
        if data.dtype.kind == 'c':
            raise TypeError('KDTree does not work with complex data')
        if data.ndim != 2:
            raise ValueError('data must be of shape (n, m), where there are '
                             'n points of dimension m')
        if int(leafsize) < 1:
            raise ValueError('leafsize must be at least 1')
        data = data.astype(numpy.float64, copy=True)
        if data.size and not bool(cupy.isfinite(data).all()):
            raise ValueError('data must be finite, check for nan or inf '
                             'values')
        self.data = data
        self.n, self.m = data.shape
        self.leafsize = int(leafsize)
        self.maxes = (cupy.max(data, axis=0) if self.n else
                      cupy.full(self.m, numpy.nan))
        self.mins = (cupy.min(data, axis=0) if self.n else
                     cupy.full(self.m, numpy.nan))
        self.boxsize = None
        self._box = None
        self._grid = None
        if boxsize is not None:
            self._set_box(boxsize)

    def _set_box(self, boxsize):
        box = cupy.broadcast_to(cupy.asarray(boxsize, numpy.float64),
                                (self.m,)).copy()
        periodic = box > 0
        if bool((self.data >= box)[:, periodic].any()):
            raise ValueError('Some input data are greater than the size of '
                             'the periodic box.')
        if bool((self.data < 0)[:, periodic].any()):
            raise ValueError('Negative input data are outside of the '
                             'periodic box.')
        self.boxsize = box
        self._box = cupy.where(periodic, box, numpy.inf)

    def _points(self, x):
        x = cupy.asarray(x)
        if x.dtype.kind == 'c':
            raise TypeError('KDTree does not work with complex data')
        if x.ndim == 0 or x.shape[-1] != self.m:
            raise ValueError('x must consist of vectors of length {} but has '
                             'shape {}'.format(self.m, x.shape))
        x = x.astype(numpy.float64, copy=False).reshape(-1, self.m)
        return _neighbors.wrap(x, self._box)

    def _other(self, other, method):
        if not isinstance(other, KDTree):
            raise TypeError('other must be a KDTree')
        if other.m != self.m:
            raise ValueError('Trees passed to {} have different '
                             'dimensionality'.format(method))

    def query(self, x, k=1, eps=0.0, p=2.0, distance_upper_bound=numpy.inf,
              workers=1):
        """The k nearest neighbours of each point of x.

        Returns (d, i): distances (float64) and indices into the data
        (intp); shape x.shape[:-1] for an integer k == 1, else
        x.shape[:-1] + (k,) (or (len(k),) for a list of k-th neighbours).
        Missing neighbours (fewer than k within distance_upper_bound, which
        is strict) have distance inf and index n.
        """
        p = _check_p(p)
        shape = cupy.asarray(x).shape[:-1]
        xq = self._points(x)
        if k is None:
            raise ValueError('k must be an integer or a sequence of '
                             'integers')
        if numpy.ndim(k) == 0:
            kk = int(k)
            if kk < 1:
                raise ValueError('k must be at least 1 (got {})'.format(k))
            cols = None
            kmax = kk
        else:
            cols = numpy.asarray(k, dtype=numpy.intp).ravel()
            if cols.size == 0 or cols.min() < 1:
                raise ValueError('k must be a sequence of integers >= 1')
            kmax = int(cols.max())
        bound = float(distance_upper_bound)
        bound_p = _neighbors.to_pth(bound, p)
        grid = self._grid_for(kmax)
        if grid is None:
            d, i = _neighbors.knn(xq, self.data, kmax, p, bound_p, self._box)
        else:
            d, i = _grid.knn(grid, self.data, xq, kmax, p, bound_p, bound)
        d = _neighbors.from_pth(d, p)
        if cols is not None:
            sel = cupy.asarray(cols - 1)
            d = cupy.ascontiguousarray(d[:, sel])
            i = cupy.ascontiguousarray(i[:, sel])
            out = shape + (cols.size,)
        elif kmax == 1:
            out = shape
        else:
            out = shape + (kmax,)
        return d.reshape(out), i.reshape(out)

    def _grid_for(self, kmax):
        if self._grid is None:
            self._grid = _grid.build(self.data, self._box, self.mins,
                                     self.maxes) or False
        if self._grid is False or not _grid.worth_it(self._grid, kmax):
            return None
        return self._grid

    def query_ball_point(self, x, r, p=2.0, eps=0, return_sorted=None,
                         return_length=False, *, workers=1):
        """The indices of the data points within distance r (inclusive)
        of each point of x.

        A single point (1-D x) gives one ascending device array of
        indices; several points give a list of them (nested as
        x.shape[:-1] for more than one leading dimension);
        ``return_length`` gives the counts instead (shape x.shape[:-1]).
        """
        p = _check_p(p)
        shape = cupy.asarray(x).shape[:-1]
        xq = self._points(x)
        r_p = _neighbors.to_pth(
            cupy.broadcast_to(cupy.asarray(r, numpy.float64), shape)
            .reshape(-1), p)
        if r_p.size == 1:
            r_p = r_p.reshape(())
        _, cols, counts = _neighbors.within(xq, self.data, r_p, p,
                                            self._box,
                                            counts_only=return_length)
        if return_length:
            return counts.reshape(shape)
        groups = _split(cols, counts)
        if len(shape) == 0:
            return groups[0]
        return _nest(groups, shape)

    def query_ball_tree(self, other, r, p=2.0, eps=0):
        """For each point of this tree, the ascending indices of the
        points of ``other`` within distance r (a list of device
        arrays)."""
        self._other(other, 'query_ball_tree')
        p = _check_p(p)
        _, cols, counts = _neighbors.within(
            self.data, other.data, _neighbors.to_pth(float(r), p), p,
            other._box)
        return _split(cols, counts)

    def query_pairs(self, r, p=2.0, eps=0, output_type='ndarray'):
        """All pairs (i, j), i < j, of points closer than r (inclusive):
        an (npairs, 2) intp array in lexicographic order, or SciPy's set
        of tuples with ``output_type='set'`` (read back to the host)."""
        if output_type not in ('set', 'ndarray'):
            raise ValueError('Invalid output type')
        p = _check_p(p)
        rows, cols, _ = _neighbors.within(
            self.data, self.data, _neighbors.to_pth(float(r), p), p,
            self._box, upper_only=True)
        pairs = cupy.stack([rows, cols], axis=1).astype(numpy.intp)
        if output_type == 'set':
            return set(map(tuple, cupy.asnumpy(pairs).tolist()))
        return pairs

    def count_neighbors(self, other, r, p=2.0, weights=None,
                        cumulative=True):
        """The (weighted) number of pairs (x1 from self, x2 from other)
        with distance(x1, x2) <= r, for each r (SciPy's semantics,
        ``cumulative=False`` counts per bin r[i-1] < d <= r[i])."""
        self._other(other, 'count_neighbors')
        p = _check_p(p)
        r_host = numpy.asarray(
            cupy.asnumpy(r) if isinstance(r, cupy.ndarray) else r,
            dtype=numpy.float64)
        flat = r_host.ravel()
        if not cumulative and flat.size > 1 and numpy.any(numpy.diff(flat)
                                                          < 0):
            raise ValueError('r must be non-decreasing for non-cumulative '
                             'counting.')
        w1, w2 = self._weights(other, weights)
        order = numpy.argsort(flat, kind='stable')
        thresholds = cupy.asarray(_neighbors.to_pth(flat[order], p))
        sorted_counts = _neighbors.count_pairs(
            self.data, other.data, thresholds, p, w1, w2, self._box)
        counts = cupy.empty_like(sorted_counts)
        counts[cupy.asarray(order)] = sorted_counts
        if not cumulative:
            counts = cupy.concatenate([counts[:1], cupy.diff(counts)])
        if weights is None:
            counts = cupy.rint(counts).astype(numpy.intp)
        return counts.reshape(r_host.shape)

    def _weights(self, other, weights):
        if weights is None:
            return None, None
        if isinstance(weights, tuple):
            w1, w2 = weights
        elif other is self:
            w1 = w2 = weights
        else:
            raise ValueError('Two different trees are used. Specify weights '
                             'for both in a tuple.')
        w1 = None if w1 is None else cupy.asarray(w1, numpy.float64)
        w2 = None if w2 is None else cupy.asarray(w2, numpy.float64)
        if w1 is not None and w1.shape != (self.n,):
            raise ValueError('Number of weights differs from the number of '
                             'data points')
        if w2 is not None and w2.shape != (other.n,):
            raise ValueError('Number of weights differs from the number of '
                             'data points')
        return w1, w2

    def sparse_distance_matrix(self, other, max_distance, p=2.0,
                               output_type='coo_matrix'):
        """Distances between the points of self and other up to
        max_distance (inclusive), zero elsewhere.

        ``output_type='ndarray'``: the dense (n, other.n) matrix on the
        device (CuPy's); ``'dict'``: SciPy's {(i, j): d} on the host.
        The sparse matrix types need cupyx.scipy.sparse, which this
        package does not have: they raise NotImplementedError."""
        self._other(other, 'sparse_distance_matrix')
        if output_type in ('coo_matrix', 'dok_matrix'):
            raise NotImplementedError(
                'sparse_distance_matrix: output_type={!r} needs '
                'cupyx.scipy.sparse, which is not available; use '
                "output_type='ndarray' (dense) or 'dict'".format(output_type))
        if output_type not in ('ndarray', 'dict'):
            raise ValueError("sparse_distance_matrix only supports "
                             "'coo_matrix', 'dok_matrix', 'dict' and "
                             "'ndarray' outputs")
        p = _check_p(p)
        rows, cols, _ = _neighbors.within(
            self.data, other.data,
            _neighbors.to_pth(float(max_distance), p), p, self._box)
        d = _neighbors.from_pth(_neighbors.pth_distances_pairs(
            self.data[rows], other.data[cols], p, self._box), p)
        if output_type == 'dict':
            keys = zip(cupy.asnumpy(rows).tolist(), cupy.asnumpy(cols).tolist())
            return dict(zip(keys, cupy.asnumpy(d).tolist()))
        out = cupy.zeros((self.n, other.n), dtype=numpy.float64)
        out[rows, cols] = d
        return out


cKDTree = KDTree


def _check_p(p):
    p = float(p)
    if not p >= 1:
        raise ValueError('Only p-norms with 1<=p<=infinity permitted')
    return p


def _split(cols, counts):
    """One device array per row from the row-major column list."""
    counts = cupy.asnumpy(counts)
    ends = numpy.cumsum(counts)
    starts = ends - counts
    return [cols[s:e] for s, e in zip(starts.tolist(), ends.tolist())]


def _nest(groups, shape):
    if len(shape) <= 1:
        return groups
    step = len(groups) // shape[0] if shape[0] else 0
    return [_nest(groups[i * step:(i + 1) * step], shape[1:])
            for i in range(shape[0])]
