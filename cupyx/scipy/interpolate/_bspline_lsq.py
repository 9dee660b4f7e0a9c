"""make_lsq_spline on the device: the (points x coefficients) B-spline
design matrix, filled from each point's k+1 non-zero basis values
(``_ndbspline._basis_values``), weighted by rows, then a least-squares
solve (``cupy.linalg.lstsq``) for all right-hand sides at once."""

import numpy

import cupy
from cupyx.scipy.interpolate._bspline import BSpline
from cupyx.scipy.interpolate._ndbspline import _basis_values


def _design_matrix(x, t, k):
    n = t.size - k - 1
    l_ = cupy.clip(cupy.searchsorted(t, x, side='right') - 1, k, n - 1)
    vals = cupy.stack(_basis_values(t, k, x, l_), axis=1)     # (m, k+1)
    cols = l_[:, None] - k + cupy.arange(k + 1)
    mat = cupy.zeros((x.size, n))
    rows = cupy.broadcast_to(cupy.arange(x.size)[:, None], cols.shape)
    mat[rows, cols] = vals
    return mat


def make_lsq_spline(x, y, t, k=3, w=None, axis=0, check_finite=True, *,
                    method='qr'):
    """Least-squares B-spline with knots t through (x, y)
    (``scipy.interpolate.make_lsq_spline``)."""
    if method not in ('qr', 'norm-eq'):
        raise ValueError('Unknown method %r' % (method,))
    x = cupy.asarray(x, dtype=numpy.float64)
    y = cupy.asarray(y)
    t = cupy.asarray(t, dtype=numpy.float64)
    k = int(k)
    if y.dtype.kind not in 'fc':
        y = y.astype(numpy.float64)
    axis = axis % max(y.ndim, 1)
    y = cupy.moveaxis(y, axis, 0)
    if x.ndim != 1:
        raise ValueError('Expect x to be a 1-D sequence.')
    if x.shape[0] < k + 1:
        raise ValueError('Need more x points.')
    if k < 0:
        raise ValueError('Expect non-negative k.')
    if t.ndim != 1 or bool((cupy.diff(t) < 0).any()):
        raise ValueError('Expect t to be a 1-D sorted array_like.')
    if x.size != y.shape[0]:
        raise ValueError('Shapes of x {} and y {} are incompatible'.format(
            x.shape, y.shape))
    if bool((cupy.diff(x) < 0).any()):
        raise ValueError('Expect x to be a sorted 1-D sequence.')
    n = t.size - k - 1
    if k > 0 and bool(((x < t[k]) | (x > t[n])).any()):
        raise ValueError('Out of bounds w/ x = %s.' % (x,))
    if check_finite and not (bool(cupy.isfinite(x).all()) and
                             bool(cupy.isfinite(y).all())):
        raise ValueError('array must not contain infs or NaNs')
    w = cupy.ones(x.size) if w is None else cupy.asarray(w, numpy.float64)
    if w.ndim != 1 or w.size != x.size:
        raise ValueError('Shapes of w {} and x {} are incompatible'.format(
            w.shape, x.shape))
    a = _design_matrix(x, t, k) * w[:, None]
    rhs = y.reshape(y.shape[0], -1) * w[:, None]
    c = cupy.linalg.lstsq(a, rhs, rcond=None)[0]
    c = c.reshape((n,) + y.shape[1:])
    return BSpline.construct_fast(t, c, k, True, axis)
