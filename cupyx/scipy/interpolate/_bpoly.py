"""Piecewise polynomials in the Bernstein basis (BPoly) and the
conversions between Bernstein and power bases.

On interval i, with t = (x - x[i]) / (x[i+1] - x[i]) and degree k,
    B(x) = sum_a c[a, i] * comb(k, a) * t**a * (1 - t)**(k - a).
Evaluation gathers the interval's coefficients (``find_interval``) and
sums the k+1 basis terms on the device.  Derivatives, antiderivatives,
degree raising and the basis changes are small linear maps on the
coefficients (device, one pass per coefficient); only
``from_derivatives`` builds its coefficients on the host (a few scalar
recursions per breakpoint from the given derivative lists).
"""

import math

import numpy

import cupy
from cupyx.scipy.interpolate._ppoly import (
    _PPolyBase, PPoly, find_interval, _float_dtype)


def _bshape(v, ndim):
    """v (one value per interval) shaped to broadcast against c[a]."""
    return v.reshape((-1,) + (1,) * (ndim - 2))


def evaluate_bernstein(c, breaks, xv, nu, extrapolate):
    """Values (len(xv), *c.shape[2:]) of the Bernstein-basis polynomial."""
    for _ in range(nu):
        c = _derivative_coeffs(c, breaks)
    k = c.shape[0] - 1
    idx = find_interval(breaks, xv, extrapolate)
    safe = cupy.maximum(idx, 0)
    cg = cupy.take(c, safe, axis=1)                  # (k+1, npts, ...)
    lo = cupy.take(breaks, safe)
    t = (xv - lo) / (cupy.take(breaks, safe + 1) - lo)
    t = t.reshape((xv.size,) + (1,) * (c.ndim - 2))
    u = 1.0 - t
    out = cupy.zeros(cg.shape[1:], dtype=c.dtype)
    for a in range(k + 1):
        out = out + cg[a] * (math.comb(k, a) * t ** a * u ** (k - a))
    bad = (idx < 0).reshape(t.shape)
    return cupy.where(bad, numpy.nan, out)


def _derivative_coeffs(c, x):
    k = c.shape[0] - 1
    if k == 0:
        return cupy.zeros_like(c)
    h = _bshape(cupy.diff(x), c.ndim)
    return k * (c[1:] - c[:-1]) / h


def _raise_degree(c, d):
    """Coefficients of the same polynomial written with degree k + d
    (each step k -> k+1 blends neighbours: c'[a] = a/(k+1) c[a-1] +
    (1 - a/(k+1)) c[a])."""
    c = cupy.asarray(c)
    for _ in range(d):
        k = c.shape[0] - 1
        w = (cupy.arange(k + 2, dtype=numpy.float64) / (k + 1)).reshape(
            (-1,) + (1,) * (c.ndim - 1))
        z = cupy.zeros((1,) + c.shape[1:], dtype=c.dtype)
        c = (w * cupy.concatenate([z, c]) +
             (1 - w) * cupy.concatenate([c, z]))
    return c


def _bernstein_to_power(k):
    """M[s, a]: coefficient of t**s in comb(k, a) t**a (1-t)**(k-a)."""
    m = numpy.zeros((k + 1, k + 1))
    for a in range(k + 1):
        for s in range(a, k + 1):
            m[s, a] = math.comb(k, a) * math.comb(k - a, s - a) * \
                (-1) ** (s - a)
    return m


class BPoly(_PPolyBase):
    """Piecewise polynomial in the Bernstein basis
    (``scipy.interpolate.BPoly``)."""

    def _evaluate(self, c, x, xv, nu, extrapolate):
        return evaluate_bernstein(c, x, xv, nu, extrapolate)

    def derivative(self, nu=1):
        """The nu-th derivative as a BPoly."""
        if nu < 0:
            return self.antiderivative(-nu)
        c = self.c
        for _ in range(nu):
            c = _derivative_coeffs(c, self.x)
        if nu and c.shape[0] == 0:
            c = cupy.zeros((1,) + self.c.shape[1:], dtype=self.c.dtype)
        return self.construct_fast(c, self.x, self.extrapolate, self.axis)

    def antiderivative(self, nu=1):
        """The nu-th antiderivative as a BPoly (zero at x[0], continuous)."""
        if nu <= 0:
            return self.derivative(-nu)
        c = self.c
        for _ in range(nu):
            k = c.shape[0]
            h = _bshape(cupy.diff(self.x), c.ndim)
            c2 = cupy.zeros((k + 1,) + c.shape[1:], dtype=c.dtype)
            c2[1:] = cupy.cumsum(c, axis=0) / k * h
            # basis polynomials sum to one: the constant making the
            # antiderivative continuous is added to every coefficient
            c2[:, 1:] += cupy.cumsum(c2[k], axis=0)[:-1]
            c = c2
        ext = self.extrapolate
        if ext == 'periodic':
            ext = False
        return self.construct_fast(c, self.x, ext, self.axis)

    def integrate(self, a, b, extrapolate=None):
        """Definite integral from a to b."""
        if extrapolate is None:
            extrapolate = self.extrapolate
        anti = self.antiderivative()
        if extrapolate != 'periodic':
            anti.extrapolate = extrapolate
            return anti(b) - anti(a)
        sign = 1
        if b < a:
            a, b = b, a
            sign = -1
        xs, xe = float(self.x[0]), float(self.x[-1])
        period = xe - xs
        n_per, left = divmod(b - a, period)
        res = n_per * (anti(xe) - anti(xs))
        a = xs + (a - xs) % period
        b = a + left
        if b <= xe:
            res = res + anti(b) - anti(a)
        else:
            res = res + anti(xe) - anti(a) + anti(xs + b - xe) - anti(xs)
        return sign * res

    def extend(self, c, x):
        """Add intervals on the left or right, raising the degree of the
        lower-degree side so both share one degree."""
        c = cupy.asarray(c)
        k = max(self.c.shape[0], c.shape[0])
        self.c = _raise_degree(self.c, k - self.c.shape[0])
        c = _raise_degree(c, k - c.shape[0])
        return _PPolyBase.extend(self, c, x)

    @staticmethod
    def _raise_degree(c, d):
        return _raise_degree(c, d)

    @classmethod
    def from_power_basis(cls, pp, extrapolate=None):
        """The BPoly equal to the power-basis PPoly pp."""
        if not isinstance(pp, PPoly):
            raise TypeError('.from_power_basis only accepts PPoly instances. '
                            'Got %s instead.' % type(pp))
        k = pp.c.shape[0] - 1
        h = _bshape(cupy.diff(pp.x), pp.c.ndim)
        # t**s = sum_{a>=s} comb(a, s) / comb(k, s) * (Bernstein a of k)
        c = cupy.zeros_like(pp.c)
        for s in range(k + 1):
            ps = pp.c[k - s] * h ** s
            for a in range(s, k + 1):
                c[a] += ps * (math.comb(a, s) / math.comb(k, s))
        if extrapolate is None:
            extrapolate = pp.extrapolate
        return cls.construct_fast(c, pp.x, extrapolate, pp.axis)

    @staticmethod
    def _construct_from_derivatives(xa, xb, ya, yb):
        """Bernstein coefficients of the degree len(ya)+len(yb)-1
        polynomial on [xa, xb] with derivatives ya at xa and yb at xb.

        The j-th derivative at an end is n!/(n-j)!/h**j times the j-th
        forward difference of the first (or last) j+1 coefficients;
        solved for the one new coefficient per derivative."""
        ya = cupy.asnumpy(cupy.asarray(ya))
        yb = cupy.asnumpy(cupy.asarray(yb))
        xa, xb = float(xa), float(xb)
        if ya.shape[1:] != yb.shape[1:]:
            raise ValueError('Shapes of ya {} and yb {} are incompatible'
                             .format(ya.shape, yb.shape))
        dt = numpy.complex128 if 'c' in (ya.dtype.kind, yb.dtype.kind) \
            else numpy.float64
        na, nb = len(ya), len(yb)
        n = na + nb - 1                      # the degree
        h = xb - xa
        c = numpy.zeros((na + nb,) + ya.shape[1:], dtype=dt)
        for j in range(na):
            scale = math.factorial(n - j) / math.factorial(n) * h ** j
            acc = ya[j] * scale
            for i in range(j):
                acc = acc - (-1) ** (j - i) * math.comb(j, i) * c[i]
            c[j] = acc
        for j in range(nb):
            scale = math.factorial(n - j) / math.factorial(n) * h ** j
            acc = yb[j] * scale
            for i in range(1, j + 1):
                acc = acc - (-1) ** (j - i) * math.comb(j, i) * c[n - j + i]
            c[n - j] = acc * (-1) ** j
        return cupy.asarray(c)

    @classmethod
    def from_derivatives(cls, xi, yi, orders=None, extrapolate=None):
        """Piecewise polynomial matching the derivatives yi[i] = [f(xi[i]),
        f'(xi[i]), ...] at each breakpoint
        (``scipy.interpolate.BPoly.from_derivatives``)."""
        hx = cupy.asnumpy(cupy.asarray(xi))
        if isinstance(yi, cupy.ndarray):
            yi = cupy.asnumpy(yi)
        yi = [cupy.asnumpy(y) if isinstance(y, cupy.ndarray) else y
              for y in yi]
        if len(hx) != len(yi):
            raise ValueError('xi and yi need to have the same length')
        if numpy.any(hx[1:] - hx[:-1] <= 0):
            raise ValueError('x coordinates are not in increasing order')
        m = len(hx) - 1
        try:
            k = max(len(yi[i]) + len(yi[i + 1]) for i in range(m))
        except TypeError as e:
            raise ValueError('Using a 1-D array for y? Please '
                             '.reshape(-1, 1).') from e
        if orders is None:
            orders = [None] * m
        else:
            if isinstance(orders, cupy.ndarray):
                orders = int(orders)
            if isinstance(orders, (int, numpy.integer)):
                orders = [int(orders)] * m
            k = max(k, max(orders))
            if any(o <= 0 for o in orders):
                raise ValueError('Orders must be positive.')
        pieces = []
        for i in range(m):
            y1, y2 = yi[i], yi[i + 1]
            n1, n2 = _split_order(orders[i], len(y1), len(y2), hx, i)
            b = cls._construct_from_derivatives(
                hx[i], hx[i + 1], numpy.asarray(y1)[:n1],
                numpy.asarray(y2)[:n2])
            if len(b) < k:
                b = _raise_degree(b, k - len(b))
            pieces.append(b)
        c = cupy.stack(pieces).swapaxes(0, 1)
        return cls(c, cupy.asarray(hx), extrapolate)


def _split_order(order, len1, len2, hx, i):
    """How many derivatives of each end a piece of the given order uses:
    half (rounded down) from the left, the rest from the right, then the
    left count re-capped by what the right end offers (SciPy's rule)."""
    if order is None:
        return len1, len2
    n = order + 1
    n1 = min(n // 2, len1)
    n2 = min(n - n1, len2)
    n1 = min(n - n2, len2)
    if n1 + n2 != n:
        raise ValueError(
            'Point %s has %d derivatives, point %s has %d derivatives, but '
            'order %d requested' % (hx[i], len1, hx[i + 1], len2, order))
    if not (n1 <= len1 and n2 <= len2):
        raise ValueError('`order` input incompatible with length y1 or y2.')
    return n1, n2


def from_bernstein_basis(cls, bp, extrapolate=None):
    """The power-basis PPoly equal to the BPoly bp."""
    if not isinstance(bp, BPoly):
        raise TypeError('.from_bernstein_basis only accepts BPoly instances. '
                        'Got %s instead.' % type(bp))
    k = bp.c.shape[0] - 1
    m = cupy.asarray(_bernstein_to_power(k))
    h = _bshape(cupy.diff(bp.x), bp.c.ndim)
    tc = cupy.tensordot(m, bp.c, axes=(1, 0))        # coefficients of t**s
    c = cupy.empty_like(bp.c)
    for s in range(k + 1):
        c[k - s] = tc[s] / h ** s
    if extrapolate is None:
        extrapolate = bp.extrapolate
    return cls.construct_fast(c, bp.x, extrapolate, bp.axis)
