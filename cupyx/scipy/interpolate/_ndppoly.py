"""Tensor-product piecewise polynomials (NdPPoly) on the device.

c has shape (k_1, ..., k_n, m_1, ..., m_n, ...): power-basis
coefficients in each dimension.  Evaluation finds every point's cell
(``find_interval`` per dimension), gathers the cell's k_1 x ... x k_n
coefficients and contracts one dimension at a time with the vector of
(derivative) powers of that dimension's local coordinate.  Calculus
along one axis reuses PPoly's one-dimensional coefficient maps on the
coefficients with that axis moved to the front.
"""

import math

import numpy

import cupy
from cupyx.scipy.interpolate._ppoly import PPoly, find_interval


def _ndim_coords(x, ndim):
    if isinstance(x, tuple):
        arrs = cupy.broadcast_arrays(*[cupy.asarray(v) for v in x])
        return cupy.stack(arrs, axis=-1)
    x = cupy.asarray(x)
    if x.ndim == 1 and ndim == 1:
        x = x[:, None]
    return x


class NdPPoly:
    """Piecewise tensor product polynomial
    (``scipy.interpolate.NdPPoly``)."""

    def __init__(self, c, x, extrapolate=None):
        self.x = tuple(cupy.ascontiguousarray(cupy.asarray(v),
                                              dtype=numpy.float64)
                       for v in x)
        self.c = cupy.asarray(c)
        if extrapolate is None:
            extrapolate = True
        self.extrapolate = bool(extrapolate)
        ndim = len(self.x)
        if any(v.ndim != 1 for v in self.x):
            raise ValueError('x arrays must all be 1-dimensional')
        if any(v.size < 2 for v in self.x):
            raise ValueError('x arrays must all contain at least 2 points')
        if self.c.ndim < 2 * ndim:
            raise ValueError('c must have at least 2*len(x) dimensions')
        if any(bool((cupy.diff(v) < 0).any()) for v in self.x):
            raise ValueError('x-coordinates are not in increasing order')
        if any(a != b.size - 1 for a, b in zip(self.c.shape[ndim:2 * ndim],
                                               self.x)):
            raise ValueError('x and c do not agree on the number of '
                             'intervals')
        dtype = numpy.complex128 if self.c.dtype.kind == 'c' \
            else numpy.float64
        self.c = cupy.ascontiguousarray(self.c, dtype=dtype)

    @classmethod
    def construct_fast(cls, c, x, extrapolate=None):
        self = object.__new__(cls)
        self.c = c
        self.x = x
        self.extrapolate = True if extrapolate is None else extrapolate
        return self

    def __call__(self, x, nu=None, extrapolate=None):
        if extrapolate is None:
            extrapolate = self.extrapolate
        ndim = len(self.x)
        x = _ndim_coords(x, ndim)
        if x.shape[-1] != ndim:
            raise ValueError('x does not have %d dimensions' % ndim)
        if nu is None:
            nu = (0,) * ndim
        nu = tuple(int(n) for n in nu)
        if len(nu) != ndim:
            raise ValueError('invalid number of derivative orders nu')
        if any(n < 0 for n in nu):
            raise ValueError('derivative orders must be nonnegative')
        x_shape = x.shape[:-1]
        pts = x.reshape(-1, ndim).astype(numpy.float64)
        npts = pts.shape[0]
        trail = self.c.shape[2 * ndim:]
        cm = self.c
        for d in range(ndim):                   # (m_1..m_n, k_1..k_n, ...)
            cm = cupy.moveaxis(cm, ndim + d, d)
        idx, weights, bad = [], [], cupy.zeros(npts, dtype=bool)
        for d in range(ndim):
            xv = pts[:, d]
            i = find_interval(self.x[d], xv, extrapolate)
            bad |= i < 0
            i = cupy.maximum(i, 0)
            s = xv - cupy.take(self.x[d], i)
            idx.append(i)
            weights.append(self._powers(s, self.c.shape[d], nu[d]))
        out = cm[tuple(idx)]                     # (npts, k_1..k_n, ...)
        extra = (1,) * len(trail)
        for w in weights:
            out = (out * w.reshape(w.shape + (1,) * (out.ndim - 2))).sum(
                axis=1)
        out = cupy.where(bad.reshape((-1,) + extra), numpy.nan, out)
        return out.reshape(x_shape + trail)

    @staticmethod
    def _powers(s, k, nu):
        """(npts, k): d^nu/ds^nu of s**(k-1-j) for j = 0 .. k-1."""
        cols = []
        for j in range(k):
            p = k - 1 - j
            if p < nu:
                cols.append(cupy.zeros_like(s))
            else:
                fac = math.factorial(p) // math.factorial(p - nu)
                cols.append(fac * s ** (p - nu))
        return cupy.stack(cols, axis=1)

    def _along(self, axis, fn):
        """Apply fn(PPoly over axis) -> coefficients, with the axis's
        order and interval dimensions moved in front and back again."""
        ndim = len(self.x)
        c = cupy.moveaxis(self.c, (axis, ndim + axis), (0, 1))
        pp = PPoly.construct_fast(c, self.x[axis], self.extrapolate)
        c2 = fn(pp)
        return cupy.ascontiguousarray(
            cupy.moveaxis(c2, (0, 1), (axis, ndim + axis)))

    def derivative(self, nu):
        """Partial derivative of orders nu (one per dimension)."""
        p = self.construct_fast(self.c, self.x, self.extrapolate)
        for axis, n in enumerate(nu):
            if n < 0:
                raise ValueError('Order of derivative cannot be negative')
            if n:
                p.c = p._along(axis, lambda pp, n=n: pp.derivative(n).c)
        return p

    def antiderivative(self, nu):
        """Partial antiderivative of orders nu (each zero at x[axis][0])."""
        p = self.construct_fast(self.c, self.x, self.extrapolate)
        for axis, n in enumerate(nu):
            if n < 0:
                raise ValueError('Order of derivative cannot be negative')
            for _ in range(n):
                p.c = p._along(axis, lambda pp: pp._antiderivative1())
        return p

    def integrate_1d(self, a, b, axis, extrapolate=None):
        """Integral over [a, b] along one axis: an NdPPoly in the other
        dimensions (an array when none is left)."""
        if extrapolate is None:
            extrapolate = self.extrapolate
        ndim = len(self.x)
        axis = int(axis) % ndim
        c = cupy.moveaxis(self.c, (axis, ndim + axis), (0, 1))
        pp = PPoly.construct_fast(c, self.x[axis], extrapolate)
        out = pp.integrate(a, b, extrapolate=extrapolate)
        if ndim == 1:
            return out
        x = self.x[:axis] + self.x[axis + 1:]
        return self.construct_fast(out, x, self.extrapolate)

    def integrate(self, ranges, extrapolate=None):
        """Integral over the box ranges = [(a_1, b_1), ..., (a_n, b_n)]."""
        ndim = len(self.x)
        if len(ranges) != ndim:
            raise ValueError('Range not a sequence of correct length')
        p = self
        for a, b in ranges:
            p = p.integrate_1d(a, b, axis=0, extrapolate=extrapolate)
        return p
