"""Pairwise distances (``scipy.spatial.distance``): cdist, pdist,
squareform and the metrics' functions of two vectors.

The results are float64 whatever the input (SciPy's).  Euclidean-type
distances (euclidean, sqeuclidean, cosine, correlation) come from matrix
products: |x|^2 + |y|^2 - 2 x.y, with the columns centred first (the
distances do not change, the norms shrink, so less cancels) and every pair
whose result is small against |x|^2 + |y|^2 (where the cancellation could
have lost digits) computed again directly from the input rows as
sum((x - y)^2); identical rows give exactly 0, as SciPy.  The products
are float64 matmuls where the device has them, else (the A2: ops.md
section 7 lists float32 matmul only) float32 matmuls of exact slices of
the rows (the Ozaki scheme, _distance_products.py), accurate to a few
ulp of |x| |y| as a float64 product.  Rows with inf or NaN, and the other
metrics, take whole-array reductions over blocks of row pairs (exact
differences).  Blocks of rows keep the temporaries under _BLOCK_BYTES
whatever the input size.
"""

import numpy

import cupy
from cupy._core import _dispatch
from cupyx.scipy import special
from cupyx.scipy.spatial import _distance_products

# temporaries per block (bytes): the (rows, cols, features) differences
# of the elementwise metrics, the product block of the Euclidean ones
_BLOCK_BYTES = 64 * 2 ** 20
# |x|^2 + |y|^2 - 2 x.y is within a few ulp of scale = |x|^2 + |y|^2,
# so d^2 within (scale / d^2) times that: pairs with d^2 below this share
# of the scale are recomputed directly, the others are within ~64 ulp of
# d by this bound (4-14 measured against SciPy: benchmarks/RESULTS.md)
_RECOMPUTE = 2.0 ** -4

_METRICS = ('braycurtis', 'canberra', 'chebyshev', 'cityblock',
            'correlation', 'cosine', 'euclidean', 'hamming', 'hellinger',
            'jensenshannon', 'kl_divergence', 'minkowski', 'russellrao',
            'sqeuclidean')
_ALIASES = {'cityblock': ('manhattan', 'cblock', 'l1', 'taxicab'),
            'euclidean': ('euclid', 'eu', 'e', 'l2'),
            'sqeuclidean': ('sqe', 'sqeuclid'),
            'chebyshev': ('chebychev', 'cheby', 'cheb', 'ch'),
            'minkowski': ('mi', 'm', 'pnorm'),
            'cosine': ('cos',), 'correlation': ('co',),
            'hamming': ('matching', 'hamm', 'ha', 'h'),
            'canberra': ('can',), 'jensenshannon': ('js',)}
_NAME = {a: k for k, v in _ALIASES.items() for a in v}


def _metric_name(metric):
    if callable(metric):
        raise NotImplementedError(
            'a callable metric is not supported on the device; pass one of '
            + ', '.join(_METRICS))
    m = str(metric).lower()
    m = _NAME.get(m, m)
    if m not in _METRICS:
        raise ValueError('Unknown Distance Metric: {}'.format(metric))
    return m


_F64 = numpy.dtype(numpy.float64)


_F32 = numpy.dtype(numpy.float32)


def _product_route(*arrays):
    """How x.y is computed: 'float64' (the device's matmul), 'ozaki'
    (float32 matmuls of exact slices), or None (blocked differences:
    no matmul, or a non-finite input, whose inf - inf SciPy's
    differences give)."""
    if _dispatch.device_has('matmul', _F64):
        route = 'float64'
    elif _dispatch.device_has('matmul', _F32):
        route = 'ozaki'
    else:
        return None
    if not all(bool(cupy.isfinite(x).all()) for x in arrays):
        return None
    return route


def _dot_against(b, route):
    """f(a, factor) = factor * a @ b.T in float64 (factor a power of
    two)."""
    if route == 'float64':
        return lambda a, factor=1.0: (a @ b.T) * factor
    return _distance_products.Products(b).dot


def _rows(n, per_row_bytes):
    return max(1, min(n, _BLOCK_BYTES // max(1, per_row_bytes)))


def _sq_direct(a, b):
    d = a - b
    return cupy.sum(d * d, axis=-1)


def _sqeuclidean(xa, xb, same):
    """Squared Euclidean distances: through products (corrected), else
    blocked exact differences."""
    route = _product_route(xa) if same else _product_route(xa, xb)
    if route is None:
        out = _pairwise(xa, xb, _sq_direct)
        if same:
            idx = cupy.arange(xa.shape[0])
            out[idx, idx] = 0
        return out
    mean = (xa.sum(axis=0) + (0 if same else xb.sum(axis=0))) / (
        xa.shape[0] + (0 if same else xb.shape[0]))
    a = xa - mean
    b = a if same else xb - mean
    na = cupy.sum(a * a, axis=1)
    nb = na if same else cupy.sum(b * b, axis=1)
    dot = _dot_against(b, route)
    out = cupy.empty((a.shape[0], b.shape[0]), a.dtype)
    # the product, the scale and the result per row of a block
    step = _rows(a.shape[0], 3 * b.shape[0] * a.itemsize)
    for i in range(0, a.shape[0], step):
        o = out[i:i + step]
        scale = na[i:i + step, None] + nb[None, :]
        cupy.subtract(scale, dot(a[i:i + step], 2.0), out=o)
        cupy.maximum(o, 0, out=o)
        # the pairs that may have cancelled: differences of the input rows
        scale *= _RECOMPUTE
        ii, jj = cupy.nonzero(o <= scale)
        if ii.size:
            o[ii, jj] = _sq_direct(xa[i + ii], xb[jj])
    if same:
        idx = cupy.arange(a.shape[0])
        out[idx, idx] = 0
    return out


def _cosine(xa, xb, same, center):
    if center:
        xa = xa - xa.mean(axis=1, keepdims=True)
        xb = xa if same else xb - xb.mean(axis=1, keepdims=True)
    na = cupy.sqrt(cupy.sum(xa * xa, axis=1))
    nb = na if same else cupy.sqrt(cupy.sum(xb * xb, axis=1))
    route = _product_route(xa) if same else _product_route(xa, xb)
    if route is None:
        dot = _pairwise(xa, xb, lambda u, v: cupy.sum(u * v, axis=-1))
    else:
        dot = _dot_against(xb, route)(xa)
    out = 1.0 - dot / (na[:, None] * nb[None, :])
    # SciPy clips to [0, 2]
    out = cupy.clip(out, 0.0, 2.0)
    if same:
        idx = cupy.arange(xa.shape[0])
        out[idx, idx] = 0
    return out


def _pairwise(xa, xb, fn):
    """fn(a[:, None, :], b[None, :, :]) reduced over the last axis, in
    blocks of rows of xa."""
    out = cupy.empty((xa.shape[0], xb.shape[0]), xa.dtype)
    step = _rows(xa.shape[0], xb.shape[0] * xa.shape[1] * xa.itemsize * 3)
    for i in range(0, xa.shape[0], step):
        out[i:i + step] = fn(xa[i:i + step, None, :], xb[None, :, :])
    return out


def _minkowski_fn(p):
    if p == 1:
        return lambda u, v: cupy.sum(cupy.abs(u - v), axis=-1)
    if p == numpy.inf:
        return lambda u, v: cupy.max(cupy.abs(u - v), axis=-1)
    return lambda u, v: cupy.sum(cupy.abs(u - v) ** p, axis=-1) ** (1.0 / p)


def _canberra(u, v):
    num = cupy.abs(u - v)
    den = cupy.abs(u) + cupy.abs(v)
    return cupy.sum(cupy.where(den == 0, 0.0, num / cupy.where(
        den == 0, 1.0, den)), axis=-1)


def _braycurtis(u, v):
    return cupy.sum(cupy.abs(u - v), axis=-1) / cupy.sum(
        cupy.abs(u + v), axis=-1)


def _hamming(u, v):
    return cupy.mean(u != v, axis=-1)


def _hellinger(u, v):
    d = cupy.sqrt(u) - cupy.sqrt(v)
    return cupy.sqrt(cupy.sum(d * d, axis=-1)) / numpy.sqrt(2.0)


def _jensenshannon(u, v):
    p = u / cupy.sum(u, axis=-1, keepdims=True)
    q = v / cupy.sum(v, axis=-1, keepdims=True)
    m = (p + q) / 2.0
    js = cupy.sum(special.rel_entr(p, m), axis=-1) + cupy.sum(
        special.rel_entr(q, m), axis=-1)
    return cupy.sqrt(js / 2.0)


def _kl_divergence(u, v):
    return cupy.sum(special.rel_entr(u, v), axis=-1)


def _russellrao(u, v):
    n = u.shape[-1]
    ntt = cupy.sum((u != 0) & (v != 0), axis=-1)
    return (n - ntt) / n


_ELEMENTWISE = {'canberra': _canberra, 'braycurtis': _braycurtis,
                'hamming': _hamming, 'hellinger': _hellinger,
                'jensenshannon': _jensenshannon,
                'kl_divergence': _kl_divergence, 'russellrao': _russellrao}


def _as_2d(x, name):
    x = cupy.asarray(x)
    if x.ndim != 2:
        raise ValueError('{} must be a 2-dimensional array.'.format(name))
    return x


def _distances(xa, xb, metric, same, p=2.0):
    m = _metric_name(metric)
    dt = _F64
    xa = cupy.ascontiguousarray(xa, dtype=dt)
    xb = xa if same else cupy.ascontiguousarray(xb, dtype=dt)
    if xa.shape[0] == 0 or xb.shape[0] == 0:
        return cupy.empty((xa.shape[0], xb.shape[0]), dt)
    if m == 'sqeuclidean':
        return _sqeuclidean(xa, xb, same)
    if m == 'euclidean' or (m == 'minkowski' and p == 2):
        return cupy.sqrt(_sqeuclidean(xa, xb, same))
    if m in ('cosine', 'correlation'):
        return _cosine(xa, xb, same, m == 'correlation')
    if m == 'cityblock':
        return _pairwise(xa, xb, _minkowski_fn(1))
    if m == 'chebyshev':
        return _pairwise(xa, xb, _minkowski_fn(numpy.inf))
    if m == 'minkowski':
        if p <= 0:
            raise ValueError('p must be greater than 0')
        return _pairwise(xa, xb, _minkowski_fn(p))
    return _pairwise(xa, xb, _ELEMENTWISE[m])


def cdist(XA, XB, metric='euclidean', *, out=None, **kwargs):
    """Distances between each pair of rows of XA and XB
    (``scipy.spatial.distance.cdist``)."""
    XA = _as_2d(XA, 'XA')
    XB = _as_2d(XB, 'XB')
    if XA.shape[1] != XB.shape[1]:
        raise ValueError('XA and XB must have the same number of columns '
                         '(i.e. feature dimension.)')
    p = kwargs.pop('p', 2.0)
    if kwargs:
        raise TypeError('unexpected keyword arguments: {}'.format(
            ', '.join(kwargs)))
    res = _distances(XA, XB, metric, XA is XB, p)
    if out is not None:
        if out.shape != res.shape:
            raise ValueError('Output array has incorrect shape.')
        out[...] = res
        return out
    return res


def pdist(X, metric='euclidean', *, out=None, **kwargs):
    """Condensed distances between the rows of X
    (``scipy.spatial.distance.pdist``)."""
    X = _as_2d(X, 'X')
    p = kwargs.pop('p', 2.0)
    if kwargs:
        raise TypeError('unexpected keyword arguments: {}'.format(
            ', '.join(kwargs)))
    full = _distances(X, X, metric, True, p)
    n = X.shape[0]
    i, j = numpy.triu_indices(n, 1)
    res = full[cupy.asarray(i), cupy.asarray(j)]
    if out is not None:
        if out.shape != res.shape:
            raise ValueError('Output array has incorrect shape.')
        out[...] = res
        return out
    return res


def squareform(X, force='no', checks=True):
    """Condensed distances to the square matrix and back
    (``scipy.spatial.distance.squareform``)."""
    X = cupy.asarray(X)
    if force.lower() == 'tomatrix' and X.ndim != 1:
        raise ValueError("Forcing 'tomatrix' but input X is not a "
                         'distance vector.')
    if force.lower() == 'tovector' and X.ndim != 2:
        raise ValueError("Forcing 'tovector' but input X is not a "
                         'distance matrix.')
    if X.ndim == 1 and force.lower() != 'tovector':
        s = X.shape[0]
        if s == 0:
            return cupy.zeros((1, 1), X.dtype)
        d = int(numpy.ceil(numpy.sqrt(s * 2)))
        if d * (d - 1) != s * 2:
            raise ValueError('Incompatible vector size. It must be a binomial '
                             'coefficient n choose 2 for some integer n >= 2.')
        M = cupy.zeros((d, d), X.dtype)
        i, j = numpy.triu_indices(d, 1)
        i, j = cupy.asarray(i), cupy.asarray(j)
        M[i, j] = X
        M[j, i] = X
        return M
    if X.ndim == 2:
        if X.shape[0] != X.shape[1]:
            raise ValueError('The matrix argument must be square.')
        if checks:
            if bool(cupy.any(cupy.diagonal(X) != 0)):
                raise ValueError('The matrix argument must be a valid '
                                 'distance matrix: diagonal must be zero.')
            if not bool(cupy.all(X == X.T)):
                raise ValueError('The matrix argument must be a valid '
                                 'distance matrix: it must be symmetric.')
        d = X.shape[0]
        if d <= 1:
            return cupy.zeros((0,), X.dtype)
        i, j = numpy.triu_indices(d, 1)
        return X[cupy.asarray(i), cupy.asarray(j)]
    raise ValueError('The first argument must be one or two dimensional '
                     'array. A %d-dimensional array is not permitted'
                     % X.ndim)


def _two(u, v, metric, **kw):
    u = cupy.asarray(u)
    v = cupy.asarray(v)
    if u.ndim != 1 or v.ndim != 1:
        raise ValueError('Input vector should be 1-D.')
    return cdist(u[None, :], v[None, :], metric, **kw)[0, 0]


def _vector_metric(name):
    def f(u, v):
        return _two(u, v, name)
    f.__name__ = f.__qualname__ = name
    f.__doc__ = 'The {} distance between 1-D arrays u and v.'.format(name)
    return f


euclidean = _vector_metric('euclidean')
sqeuclidean = _vector_metric('sqeuclidean')
cityblock = _vector_metric('cityblock')
chebyshev = _vector_metric('chebyshev')
cosine = _vector_metric('cosine')
correlation = _vector_metric('correlation')
canberra = _vector_metric('canberra')
braycurtis = _vector_metric('braycurtis')
hamming = _vector_metric('hamming')
hellinger = _vector_metric('hellinger')
kl_divergence = _vector_metric('kl_divergence')
russellrao = _vector_metric('russellrao')


def minkowski(u, v, p=2):
    """The p-norm distance between 1-D arrays u and v."""
    return _two(u, v, 'minkowski', p=p)


def jensenshannon(p, q, base=None):
    """The Jensen-Shannon distance between probability vectors p, q."""
    r = _two(p, q, 'jensenshannon')
    if base is not None:
        r = r / numpy.sqrt(numpy.log(base))
    return r
