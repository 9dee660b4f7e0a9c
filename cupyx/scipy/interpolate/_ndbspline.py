"""Tensor-product B-splines (NdBSpline) and their interpolating
construction (make_ndbspl) on the device.

Evaluation: per dimension one ``searchsorted`` for the knot interval and
the k+1 non-zero B-spline basis values of every point (Cox-de Boor's
triangular recursion, vectorised over the points); then one gather of
each point's (k_1+1) x ... x (k_n+1) coefficient block and a
contraction with the basis values, one dimension at a time.
Derivatives difference the coefficients along their axis first (as
BSpline.derivative does).

make_ndbspl: the collocation matrix of a tensor-product spline on a grid
is the Kronecker product of the one-dimensional ones, so its solve is a
sequence of one-dimensional interpolations, one axis at a time, each
batched over all other axes (``make_interp_spline`` with the axis in
front; see its module for where that solve runs).
"""

import numpy

import cupy
from cupyx.scipy.interpolate._bspline import make_interp_spline


def _basis_values(t, k, xv, l_):
    """The k+1 basis functions B_{l-k} .. B_l of degree k at xv, each an
    array like xv (Cox-de Boor recursion, de Boor 1978, ch. X)."""
    n_ = [cupy.ones_like(xv)]
    left = [None] * (k + 1)
    right = [None] * (k + 1)
    for j in range(1, k + 1):
        left[j] = xv - cupy.take(t, l_ + 1 - j)
        right[j] = cupy.take(t, l_ + j) - xv
        saved = cupy.zeros_like(xv)
        new = []
        for r in range(j):
            den = right[r + 1] + left[j - r]
            temp = n_[r] / cupy.where(den == 0, 1.0, den)
            new.append(saved + right[r + 1] * temp)
            saved = left[j - r] * temp
        new.append(saved)
        n_ = new
    return n_


def _deriv_axis(t, c, k, axis):
    """Coefficients of the derivative along one axis (knots lose their
    ends, degree drops by one)."""
    c = cupy.moveaxis(c, axis, 0)
    dt = t[k + 1:k + c.shape[0]] - t[1:c.shape[0]]
    dt = dt.reshape((-1,) + (1,) * (c.ndim - 1))
    safe = cupy.where(dt == 0, 1.0, dt)
    dc = cupy.where(dt == 0, 0.0, k * (c[1:] - c[:-1]) / safe)
    return t[1:-1], cupy.moveaxis(dc, 0, axis), k - 1


class NdBSpline:
    """Tensor product spline (``scipy.interpolate.NdBSpline``)."""

    def __init__(self, t, c, k, *, extrapolate=None):
        ndim = len(t)
        try:
            len(k)
        except TypeError:
            k = (k,) * ndim
        if len(k) != ndim:
            raise ValueError('len(t) = %d != len(k) = %d.' % (ndim, len(k)))
        self.k = tuple(int(kd) for kd in k)
        self.t = tuple(cupy.ascontiguousarray(cupy.asarray(td),
                                              dtype=numpy.float64)
                       for td in t)
        self.c = cupy.asarray(c)
        if extrapolate is None:
            extrapolate = True
        self.extrapolate = bool(extrapolate)
        for d in range(ndim):
            td, kd = self.t[d], self.k[d]
            n = td.size - kd - 1
            if kd < 0:
                raise ValueError('Spline degree in dimension %d cannot be '
                                 'negative.' % d)
            if td.ndim != 1:
                raise ValueError('Knot vector in dimension %d must be '
                                 'one-dimensional.' % d)
            if n < kd + 1:
                raise ValueError('Need at least %d knots for degree %d in '
                                 'dimension %d.' % (2 * kd + 2, kd, d))
            if bool((cupy.diff(td) < 0).any()):
                raise ValueError('Knots in dimension %d must be in a '
                                 'non-decreasing order.' % d)
            if self.c.ndim <= d or self.c.shape[d] != n:
                raise ValueError('Knots, coefficients and degree in '
                                 'dimension %d are inconsistent.' % d)
        dt = numpy.complex128 if self.c.dtype.kind == 'c' else numpy.float64
        self.c = cupy.ascontiguousarray(self.c, dtype=dt)

    def __call__(self, xi, *, nu=None, extrapolate=None):
        ndim = len(self.t)
        if extrapolate is None:
            extrapolate = self.extrapolate
        if nu is None:
            nu = (0,) * ndim
        nu = tuple(int(v) for v in nu)
        if len(nu) != ndim:
            raise ValueError('invalid number of derivative orders nu = %s '
                             'for ndim = %d' % (nu, ndim))
        if any(v < 0 for v in nu):
            raise ValueError('derivatives must be positive, got nu = %s'
                             % (nu,))
        xi = cupy.asarray(xi, dtype=numpy.float64)
        xi_shape = xi.shape
        if xi_shape[-1] != ndim:
            raise ValueError('Shapes: xi.shape=%s and ndim=%d' %
                             (xi_shape, ndim))
        pts = xi.reshape(-1, ndim)
        npts = pts.shape[0]
        trail = self.c.shape[ndim:]
        ts, c, ks = list(self.t), self.c, list(self.k)
        for d in range(ndim):
            if nu[d] > ks[d]:
                out = cupy.zeros((npts,) + trail, dtype=c.dtype)
                return out.reshape(xi_shape[:-1] + trail)
            for _ in range(nu[d]):
                ts[d], c, ks[d] = _deriv_axis(ts[d], c, ks[d], d)
        bad = cupy.isnan(pts).any(axis=1)
        index, weights = [], []
        for d in range(ndim):
            t, k = ts[d], ks[d]
            n = t.size - k - 1
            xv = pts[:, d]
            if not extrapolate:
                bad |= (xv < self.t[d][self.k[d]]) | \
                    (xv > self.t[d][self.t[d].size - self.k[d] - 1])
            xs = cupy.where(cupy.isnan(xv), t[k], xv)
            l_ = cupy.clip(cupy.searchsorted(t, xs, side='right') - 1,
                           k, n - 1)
            weights.append(cupy.stack(_basis_values(t, k, xs, l_), axis=1))
            shape = [1] * (ndim + 1)
            shape[0], shape[d + 1] = npts, k + 1
            index.append((l_[:, None] - k + cupy.arange(k + 1)).reshape(
                shape))
        block = c[tuple(index)]          # (npts, k_1+1, .., k_n+1, ...)
        for w in weights:
            block = (block * w.reshape(w.shape + (1,) * (block.ndim - 2))
                     ).sum(axis=1)
        block = cupy.where(bad.reshape((-1,) + (1,) * len(trail)),
                           numpy.nan, block)
        return block.reshape(xi_shape[:-1] + trail)

    @classmethod
    def design_matrix(cls, xvals, t, k, extrapolate=True):
        raise NotImplementedError(
            'NdBSpline.design_matrix returns a sparse matrix; '
            'cupyx.scipy.sparse does not exist on this backend')


def make_ndbspl(points, values, k=3, *, solver=None, **solver_args):
    """Interpolating tensor-product spline through values on the grid
    points (not-a-knot in every dimension)."""
    ndim = len(points)
    try:
        len(k)
    except TypeError:
        k = (k,) * ndim
    c = cupy.asarray(values)
    ts = []
    for d in range(ndim):
        x = cupy.asarray(points[d], dtype=numpy.float64)
        spl = make_interp_spline(x, c, k=k[d], axis=d)
        ts.append(spl.t)
        c = cupy.moveaxis(spl.c, 0, d)
    return NdBSpline(tuple(ts), c, k)
