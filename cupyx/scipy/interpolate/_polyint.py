"""Polynomial interpolators through given points: KroghInterpolator
(Newton form, with repeated nodes for derivative data) and
BarycentricInterpolator.

The coefficients are small (one per node): Krogh's divided differences
and the barycentric weights are computed on the host from the nodes
(O(n**2) for n nodes; the constructor reads the nodes and values back,
one synchronisation).  Evaluation at any number of points runs on the
device: a Horner recursion in the Newton form (derivatives by the same
recursion differentiated), and for the barycentric form one
(points x nodes) matrix product.
"""

import math

import numpy

import cupy


def _result_dtype(*arrays):
    if any(a is not None and a.dtype.kind == 'c' for a in arrays):
        return numpy.complex128
    return numpy.float64


class _Interpolator1D:
    """Shapes and axes shared by the interpolators: values are stored as
    (n, R) with the interpolation axis first, results get the point shape
    inserted where the axis was."""

    def _prepare_values(self, yi, axis):
        yi = cupy.asarray(yi)
        if yi.ndim == 0:
            raise ValueError('y must be at least 1-dimensional')
        axis = axis % yi.ndim
        self._y_axis = axis
        self._y_extra_shape = yi.shape[:axis] + yi.shape[axis + 1:]
        yi = cupy.moveaxis(yi, axis, 0)
        return yi.reshape(yi.shape[0], -1)

    def _finish(self, y, x_shape):
        y = cupy.ascontiguousarray(y).reshape(x_shape + self._y_extra_shape)
        if self._y_axis != 0 and x_shape != ():
            nx, ny = len(x_shape), len(self._y_extra_shape)
            s = (list(range(nx, nx + self._y_axis)) + list(range(nx)) +
                 list(range(nx + self._y_axis, nx + ny)))
            y = y.transpose(s)
        return y

    @staticmethod
    def _points(x):
        """Shape and flat points; floating points keep their precision
        (the node differences are computed in it, as SciPy does)."""
        x = cupy.asarray(x)
        if x.dtype.kind not in 'fc':
            x = x.astype(numpy.float64)
        return x.shape, x.ravel()


def _divided_differences(xi, yi):
    """Newton coefficients of the Hermite interpolant, one node at a time
    (Krogh, "Efficient algorithms for polynomial interpolation and
    numerical differentiation", Math. Comp. 24, 1970): a node repeated s
    times after its first occurrence carries the s-th derivative, and the
    running column v of divided differences ending at the new node is
    updated against the earlier coefficients (host, n**2 steps)."""
    n = xi.size
    coef = numpy.zeros_like(yi)
    coef[0] = yi[0]
    v = numpy.zeros_like(yi)
    for k in range(1, n):
        s = 0                      # how many equal nodes precede node k
        while s < k and xi[k - s - 1] == xi[k]:
            s += 1
        v[0] = yi[k] / math.factorial(s)
        for i in range(k - s):
            if xi[i] == xi[k]:
                raise ValueError("Elements of `xi` can't be equal.")
            step = numpy.float64(xi[i] - xi[k])
            if s == 0:
                v[i + 1] = (coef[i] - v[i]) / step
            else:
                v[i + 1] = (v[i + 1] - v[i]) / step
        coef[k] = v[k - s]
    return coef


class KroghInterpolator(_Interpolator1D):
    """Polynomial through the points (xi, yi), derivatives where a node is
    repeated (``scipy.interpolate.KroghInterpolator``)."""

    def __init__(self, xi, yi, axis=0):
        y = self._prepare_values(yi, axis)
        xi = cupy.asarray(xi)
        if xi.ndim != 1 or xi.size != y.shape[0]:
            raise ValueError('x and y arrays must be equal in length along '
                             'interpolation axis.')
        self.dtype = _result_dtype(y)
        self.n = xi.size
        self.r = y.shape[1]
        # the nodes keep their dtype: SciPy takes node differences in it
        hx = cupy.asnumpy(xi)
        hy = cupy.asnumpy(y).astype(self.dtype)
        self.xi = cupy.asarray(hx)
        self.c = cupy.asarray(_divided_differences(hx, hy))

    def _horner(self, x, der):
        """[p, p', ..., p^(der-1)] at x, each (npts, R)."""
        c, xi, n = self.c, self.xi, self.n
        q = [cupy.broadcast_to(c[n - 1], (x.size, self.r)).astype(
            self.dtype)]
        q += [cupy.zeros((x.size, self.r), self.dtype)
              for _ in range(der - 1)]
        xc = x[:, None]
        for i in range(n - 2, -1, -1):
            d = xc - xi[i]
            for j in range(der - 1, 0, -1):
                q[j] = q[j] * d + j * q[j - 1]
            q[0] = q[0] * d + c[i]
        return q

    def __call__(self, x):
        x_shape, xv = self._points(x)
        # values: the Newton basis products summed forwards (SciPy's
        # order, whose products stay in the points' precision)
        p = cupy.zeros((xv.size, self.r), self.dtype) + self.c[0]
        pi = None
        for k in range(1, self.n):
            w = xv - self.xi[k - 1]
            pi = w if pi is None else w * pi
            p += pi[:, None] * self.c[k]
        return self._finish(p, x_shape)

    def derivatives(self, x, der=None):
        """Values and derivatives 0 .. der-1 (default: all n) at x, stacked
        along a new first axis."""
        x_shape, xv = self._points(x)
        der = self.n if der is None else int(der)
        q = self._horner(xv, min(der, self.n))
        q += [cupy.zeros_like(q[0]) for _ in range(der - len(q))]
        out = cupy.stack(q) if q else cupy.zeros((0, xv.size, self.r))
        return cupy.stack([self._finish(v, x_shape) for v in out]) \
            if der else out.reshape((0,) + x_shape + self._y_extra_shape)

    def derivative(self, x, der=1):
        """The der-th derivative at x."""
        x_shape, xv = self._points(x)
        if der >= self.n:
            y = cupy.zeros((xv.size, self.r), self.dtype)
        else:
            y = self._horner(xv, der + 1)[der]
        return self._finish(y, x_shape)


def krogh_interpolate(xi, yi, x, der=0, axis=0):
    """``scipy.interpolate.krogh_interpolate``."""
    P = KroghInterpolator(xi, yi, axis=axis)
    if der == 0:
        return P(x)
    if numpy.isscalar(der):
        return P.derivative(x, der=der)
    return P.derivatives(x, der=numpy.amax(der) + 1)[der]


class BarycentricInterpolator(_Interpolator1D):
    """Polynomial through (xi, yi) in the barycentric form
    (``scipy.interpolate.BarycentricInterpolator``).  The weights follow
    Berrut & Trefethen (SIAM Review 46, 2004, p. 510): the node distances
    are scaled by 4 / (max(xi) - min(xi)) so the products neither
    overflow nor underflow."""

    def __init__(self, xi, yi=None, axis=0, *, wi=None, rng=None,
                 random_state=None):
        self._axis = axis
        hx = cupy.asnumpy(cupy.asarray(xi)).astype(numpy.float64).ravel()
        self.xi = cupy.asarray(hx)
        self.n = hx.size
        self.yi = None
        self.dtype = numpy.float64
        self._y_axis, self._y_extra_shape = 0, ()
        self.set_yi(yi)
        if wi is not None:
            self.wi = cupy.asarray(wi, dtype=numpy.float64)
            self._inv_capacity = None
        else:
            self._inv_capacity = 4.0 / (hx.max() - hx.min())
            self.wi = cupy.asarray(self._weights(hx, self._inv_capacity))

    @staticmethod
    def _weights(hx, scale):
        dist = scale * (hx[:, None] - hx[None, :])
        numpy.fill_diagonal(dist, 1.0)
        prod = numpy.prod(dist, axis=1)
        if (prod == 0.0).any():
            raise ValueError('Interpolation points xi must be distinct.')
        return 1.0 / prod

    def set_yi(self, yi, axis=None):
        """Replace the values (the nodes and weights are kept)."""
        if yi is None:
            self.yi = None
            return
        y = self._prepare_values(yi, self._axis if axis is None else axis)
        if y.shape[0] != self.n:
            raise ValueError('x and y arrays must be equal in length along '
                             'interpolation axis.')
        self.dtype = _result_dtype(y)
        self.yi = y.astype(self.dtype)
        self.r = y.shape[1]

    def add_xi(self, xi, yi=None):
        """Append nodes (and their values), recomputing the weights."""
        if yi is not None:
            if self.yi is None:
                raise ValueError('No previous yi value to update!')
            y = cupy.asarray(yi)
            y = cupy.moveaxis(y, self._y_axis % y.ndim, 0).reshape(
                y.shape[self._y_axis % y.ndim], -1)
            self.dtype = _result_dtype(self.yi, y)
            self.yi = cupy.concatenate([self.yi.astype(self.dtype),
                                        y.astype(self.dtype)])
        elif self.yi is not None:
            raise ValueError('No update to yi provided!')
        hx = numpy.concatenate([cupy.asnumpy(self.xi), numpy.asarray(
            cupy.asnumpy(cupy.asarray(xi)), dtype=numpy.float64).ravel()])
        self.xi = cupy.asarray(hx)
        self.n = hx.size
        scale = self._inv_capacity
        if scale is None:
            scale = 4.0 / (hx.max() - hx.min())
        self.wi = cupy.asarray(self._weights(hx, scale))

    def __call__(self, x):
        if self.yi is None:
            raise ValueError('No y values are set: call set_yi first')
        x_shape, xv = self._points(x)
        if xv.size == 0:
            return self._finish(cupy.zeros((0, self.r), self.dtype), x_shape)
        diff = xv[:, None] - self.xi[None, :]
        exact = diff == 0
        c = self.wi / cupy.where(exact, 1.0, diff)
        c = cupy.where(exact, 0.0, c)
        p = (c.astype(self.dtype) @ self.yi) / c.sum(axis=1)[:, None]
        hit = exact.any(axis=1)
        j = cupy.argmax(exact, axis=1)
        p = cupy.where(hit[:, None], self.yi[j], p)
        return self._finish(p, x_shape)


def barycentric_interpolate(xi, yi, x, axis=0, *, der=0, rng=None):
    """``scipy.interpolate.barycentric_interpolate`` (der=0 only)."""
    if der != 0:
        raise NotImplementedError(
            'barycentric_interpolate: derivatives (der != 0) are not '
            'implemented; use KroghInterpolator')
    return BarycentricInterpolator(xi, yi, axis=axis)(x)
