"""Piecewise polynomials on the device: PPoly, CubicHermiteSpline,
CubicSpline, PchipInterpolator, pchip_interpolate, Akima1DInterpolator.

Evaluation finds each point's interval with ``cupy.searchsorted`` and
runs Horner's rule on the gathered coefficients (one pass per
polynomial order).  Spline slopes are elementwise formulas, or for
CubicSpline a tridiagonal solve by cyclic reduction (``_tridiag``).
Input checks that need values (finite, increasing) read one flag back.
"""

import math

import numpy

import cupy
from cupyx.scipy.interpolate._tridiag import solve_tridiagonal


def _float_dtype(*arrays):
    if any(a.dtype.kind == 'c' for a in arrays):
        return numpy.complex128
    return numpy.float64


def find_interval(breaks, xv, extrapolate):
    """Interval index of each point (m intervals), -1 where it is out of
    range and extrapolation is off or the point is NaN."""
    m = breaks.size - 1
    ascending = bool(breaks[-1] >= breaks[0])
    if ascending:
        i = cupy.searchsorted(breaks, xv, side='right') - 1
        inside = (xv >= breaks[0]) & (xv <= breaks[-1])
    else:
        i = cupy.searchsorted(-breaks, -xv, side='right') - 1
        inside = (xv <= breaks[0]) & (xv >= breaks[-1])
    i = cupy.clip(i, 0, m - 1)
    bad = cupy.isnan(xv)
    if not extrapolate:
        bad |= ~inside
    return cupy.where(bad, -1, i)


def evaluate(c, breaks, xv, nu, extrapolate):
    """Values (len(xv), *c.shape[2:]) of the piecewise polynomial."""
    k = c.shape[0]
    idx = find_interval(breaks, xv, extrapolate)
    safe = cupy.maximum(idx, 0)
    cg = cupy.take(c, safe, axis=1)                 # (k, npts, ...)
    s = (xv - cupy.take(breaks, safe)).reshape(
        (xv.size,) + (1,) * (c.ndim - 2))
    out = cupy.zeros(cg.shape[1:], dtype=c.dtype)
    for j in range(k):
        power = k - 1 - j
        if power < nu:
            break
        fac = math.factorial(power) // math.factorial(power - nu)
        out = out * s + cg[j] * fac
    bad = (idx < 0).reshape(s.shape)
    return cupy.where(bad, numpy.nan, out)


class _PPolyBase:
    def __init__(self, c, x, extrapolate=None, axis=0):
        self.c = cupy.asarray(c)
        self.x = cupy.ascontiguousarray(cupy.asarray(x), dtype=numpy.float64)
        if extrapolate is None:
            extrapolate = True
        elif extrapolate != 'periodic':
            extrapolate = bool(extrapolate)
        self.extrapolate = extrapolate
        if self.c.ndim < 2:
            raise ValueError('Coefficients array must be at least '
                             '2-dimensional.')
        if not (0 <= axis < self.c.ndim - 1):
            raise ValueError('axis=%s must be between 0 and %s' %
                             (axis, self.c.ndim - 1))
        self.axis = axis
        if axis != 0:
            self.c = cupy.moveaxis(self.c, axis + 1, 0)
            self.c = cupy.moveaxis(self.c, axis + 1, 0)
        if self.x.ndim != 1:
            raise ValueError('x must be 1-dimensional')
        if self.x.size < 2:
            raise ValueError('at least 2 breakpoints are needed')
        if self.c.ndim < 2:
            raise ValueError('c must have at least 2 dimensions')
        if self.c.shape[0] == 0:
            raise ValueError('polynomial must be at least of order 0')
        if self.c.shape[1] != self.x.size - 1:
            raise ValueError('number of coefficients != len(x)-1')
        dx = cupy.diff(self.x)
        if not (bool((dx >= 0).all()) or bool((dx <= 0).all())):
            raise ValueError('`x` must be strictly increasing or '
                             'decreasing.')
        dtype = _float_dtype(self.c)
        self.c = cupy.ascontiguousarray(self.c, dtype=dtype)

    @classmethod
    def construct_fast(cls, c, x, extrapolate=None, axis=0):
        self = object.__new__(cls)
        self.c = c
        self.x = x
        self.axis = axis
        if extrapolate is None:
            extrapolate = True
        self.extrapolate = extrapolate
        return self

    def __call__(self, x, nu=0, extrapolate=None):
        if extrapolate is None:
            extrapolate = self.extrapolate
        x = cupy.asarray(x)
        x_shape, x_ndim = x.shape, x.ndim
        xv = cupy.ascontiguousarray(x.ravel(), dtype=numpy.float64)
        if extrapolate == 'periodic':
            x0 = self.x[0]
            xv = x0 + (xv - x0) % (self.x[-1] - x0)
            extrapolate = False
        if nu < 0:
            raise ValueError('derivative order must be nonnegative')
        out = self._evaluate(self.c, self.x, xv, nu, extrapolate)
        out = out.reshape(x_shape + self.c.shape[2:])
        if self.axis != 0:
            ax = list(range(out.ndim))
            ax = (ax[x_ndim:x_ndim + self.axis] + ax[:x_ndim] +
                  ax[x_ndim + self.axis:])
            out = out.transpose(ax)
        return out


    def _evaluate(self, c, x, xv, nu, extrapolate):
        return evaluate(c, x, xv, nu, extrapolate)

    def extend(self, c, x):
        """Add intervals (breakpoints x, one per new interval, and their
        coefficients c) on the right or on the left of the current ones;
        the lower-order side is padded with leading zero coefficients."""
        c = cupy.asarray(c)
        x = cupy.asarray(x, dtype=numpy.float64)
        if c.ndim < 2:
            raise ValueError('invalid dimensions for c')
        if x.ndim != 1:
            raise ValueError('invalid dimensions for x')
        if x.shape[0] != c.shape[1]:
            raise ValueError('Shapes of x {} and c {} are incompatible'
                             .format(x.shape, c.shape))
        if c.shape[2:] != self.c.shape[2:] or c.ndim != self.c.ndim:
            raise ValueError('Shapes of c {} and self.c {} are incompatible'
                             .format(c.shape, self.c.shape))
        if c.size == 0:
            return
        dx = cupy.diff(x)
        if not (bool((dx >= 0).all()) or bool((dx <= 0).all())):
            raise ValueError('`x` is not sorted.')
        ends = cupy.asnumpy(cupy.stack([self.x[0], self.x[-1], x[0],
                                        x[-1]]))
        s0, s1, x0, x1 = (float(v) for v in ends)
        ascending = s1 >= s0
        if ascending != (x1 >= x0):
            raise ValueError('`x` is in the different order than `self.x`.')
        if (x0 >= s1) if ascending else (x0 <= s1):
            append = True
        elif (x1 <= s0) if ascending else (x1 >= s0):
            append = False
        else:
            raise ValueError('`x` is neither on the left or on the right '
                             'from `self.x`.')
        k = max(c.shape[0], self.c.shape[0])
        c2 = cupy.zeros((k, self.c.shape[1] + c.shape[1]) + self.c.shape[2:],
                        dtype=_float_dtype(self.c, c))
        first, second = (self.c, c) if append else (c, self.c)
        c2[k - first.shape[0]:, :first.shape[1]] = first
        c2[k - second.shape[0]:, first.shape[1]:] = second
        self.c = c2
        self.x = cupy.concatenate([self.x, x] if append else [x, self.x])


class PPoly(_PPolyBase):
    """Piecewise polynomial in the power basis (``scipy.interpolate.PPoly``):
    c[m, i] * (x - x[i]) ** (k - m) on [x[i], x[i+1]]."""

    def derivative(self, nu=1):
        """The nu-th derivative as a PPoly."""
        if nu < 0:
            return self.antiderivative(-nu)
        if nu == 0:
            c2 = self.c.copy()
        elif nu >= self.c.shape[0]:
            c2 = cupy.zeros((1,) + self.c.shape[1:], dtype=self.c.dtype)
        else:
            k = self.c.shape[0]
            fac = numpy.array([math.factorial(k - 1 - j) //
                               math.factorial(k - 1 - j - nu)
                               for j in range(k - nu)], dtype=float)
            c2 = self.c[:-nu] * cupy.asarray(fac).reshape(
                (-1,) + (1,) * (self.c.ndim - 1))
        return self.construct_fast(c2, self.x, self.extrapolate, self.axis)

    def _antiderivative1(self):
        k = self.c.shape[0]
        fac = cupy.asarray(numpy.arange(k, 0, -1, dtype=float)).reshape(
            (-1,) + (1,) * (self.c.ndim - 1))
        c2 = cupy.zeros((k + 1,) + self.c.shape[1:], dtype=self.c.dtype)
        c2[:-1] = self.c / fac
        # the constant of interval i is the integral up to x[i]: a
        # cumulative sum of whole-interval integrals (continuity)
        dx = cupy.diff(self.x).reshape((-1,) + (1,) * (self.c.ndim - 2))
        whole = cupy.zeros(c2.shape[1:], dtype=c2.dtype)
        for j in range(k + 1):
            whole = whole * dx + c2[j]
        c2[-1, 1:] = cupy.cumsum(whole, axis=0)[:-1]
        return c2

    def antiderivative(self, nu=1):
        """The nu-th antiderivative as a PPoly (zero at x[0])."""
        if nu <= 0:
            return self.derivative(-nu)
        p = self
        for _ in range(nu):
            p = self.construct_fast(p._antiderivative1(), self.x,
                                    self.extrapolate, self.axis)
        ext = self.extrapolate
        if ext == 'periodic':
            ext = False
        p.extrapolate = ext
        return p

    def integrate(self, a, b, extrapolate=None):
        """Definite integral from a to b."""
        if extrapolate is None:
            extrapolate = self.extrapolate
        sign = 1
        if b < a:
            a, b = b, a
            sign = -1
        anti = self.antiderivative()
        if extrapolate == 'periodic':
            x0, x1 = float(self.x[0]), float(self.x[-1])
            period = x1 - x0
            n_per, left = divmod(b - a, period)
            pts = cupy.asarray([x0, x1], dtype=float)
            vals = evaluate(anti.c, anti.x, pts, 0, True)
            total = (vals[1] - vals[0]) * n_per
            a = x0 + (a - x0) % period
            b = a + left
            if b <= x1:
                v = evaluate(anti.c, anti.x, cupy.asarray([a, b]), 0, True)
                total = total + v[1] - v[0]
            else:
                v = evaluate(anti.c, anti.x,
                             cupy.asarray([a, x1, x0, x0 + b - x1]), 0, True)
                total = total + v[1] - v[0] + v[3] - v[2]
            return sign * total
        v = evaluate(anti.c, anti.x, cupy.asarray([a, b], dtype=float), 0,
                     bool(extrapolate))
        return sign * (v[1] - v[0])

    def _host(self):
        import scipy.interpolate as si
        return si.PPoly(cupy.asnumpy(self.c), cupy.asnumpy(self.x),
                        extrapolate=self.extrapolate)

    def solve(self, y=0., discontinuity=True, extrapolate=None):
        """Real x with pp(x) == y (host: a companion-matrix root search per
        interval, as SciPy's)."""
        return cupy.asarray(self._host().solve(y, discontinuity,
                                               extrapolate))

    def roots(self, discontinuity=True, extrapolate=None):
        """Real roots (host, see ``solve``)."""
        return self.solve(0, discontinuity, extrapolate)

    @classmethod
    def from_bernstein_basis(cls, bp, extrapolate=None):
        """The power-basis PPoly equal to the BPoly bp."""
        from cupyx.scipy.interpolate._bpoly import from_bernstein_basis
        return from_bernstein_basis(cls, bp, extrapolate)

    @classmethod
    def from_spline(cls, tck, extrapolate=None):
        """PPoly of a B-spline (``PPoly.from_spline``)."""
        from cupyx.scipy.interpolate._bspline import BSpline
        if isinstance(tck, BSpline):
            t, c, k = tck.t, tck.c, tck.k
            if extrapolate is None:
                extrapolate = tck.extrapolate
        else:
            t, c, k = tck
        t = cupy.asarray(t)
        c = cupy.asarray(c)
        cvals = cupy.empty((k + 1, len(t) - 1) + c.shape[1:], dtype=c.dtype)
        spl = BSpline(t, c, k)
        for m in range(k, -1, -1):
            y = spl(t[:-1], nu=m)
            cvals[k - m] = y / math.factorial(m)
        return cls.construct_fast(cvals, t, extrapolate)


def fix_continuity(c, x, order):
    """Make the power-basis coefficients c (k, m, ...) continuous up to
    the given derivative order, in place: each interval's low-order
    coefficients are reset to the left neighbour's derivatives at the
    shared breakpoint, left to right."""
    k = c.shape[0]
    for j in range(1, c.shape[1]):
        dx = x[j] - x[j - 1]
        for kp in range(order + 1):
            # kp-th derivative of interval j-1 at its right end
            val = 0
            for i in range(k - kp):
                p = k - 1 - i                   # power of coefficient i
                fac = math.factorial(p) // math.factorial(p - kp)
                val = val + c[i, j - 1] * fac * dx ** (p - kp)
            c[k - 1 - kp, j] = val / math.factorial(kp)
    return c


def _prepare_input(x, y, axis, dydx=None):
    x = cupy.asarray(x)
    y = cupy.asarray(y)
    if x.dtype.kind == 'c':
        raise ValueError('`x` must contain real values.')
    x = x.astype(numpy.float64)
    dtype = numpy.complex128 if y.dtype.kind == 'c' else numpy.float64
    if dydx is not None:
        dydx = cupy.asarray(dydx)
        if y.shape != dydx.shape:
            raise ValueError('The shapes of `y` and `dydx` must be '
                             'identical.')
        if dydx.dtype.kind == 'c':
            dtype = numpy.complex128
        dydx = dydx.astype(dtype, copy=False)
    y = y.astype(dtype, copy=False)
    if y.ndim == 0:
        raise ValueError('`y` must be at least 1-dimensional.')
    axis = axis % y.ndim
    if x.ndim != 1:
        raise ValueError('`x` must be 1-dimensional.')
    if x.shape[0] < 2:
        raise ValueError('`x` must contain at least 2 elements.')
    if x.shape[0] != y.shape[axis]:
        raise ValueError("The length of `y` along `axis`={0} doesn't "
                         'match the length of `x`'.format(axis))
    if not bool(cupy.isfinite(x).all()):
        raise ValueError('`x` must contain only finite values.')
    if not bool(cupy.isfinite(y).all()):
        raise ValueError('`y` must contain only finite values.')
    if dydx is not None and not bool(cupy.isfinite(dydx).all()):
        raise ValueError('`dydx` must contain only finite values.')
    dx = cupy.diff(x)
    if bool((dx <= 0).any()):
        raise ValueError('`x` must be strictly increasing sequence.')
    y = cupy.moveaxis(y, axis, 0)
    if dydx is not None:
        dydx = cupy.moveaxis(dydx, axis, 0)
    return x, dx, y, axis, dydx


def _col(v, ndim):
    return v.reshape((v.shape[0],) + (1,) * (ndim - 1))


class CubicHermiteSpline(PPoly):
    """Piecewise cubic with given values and first derivatives
    (``scipy.interpolate.CubicHermiteSpline``)."""

    def __init__(self, x, y, dydx, axis=0, extrapolate=None):
        if extrapolate is None:
            extrapolate = True
        x, dx, y, axis, dydx = _prepare_input(x, y, axis, dydx)
        self._hermite(x, dx, y, dydx, axis, extrapolate)

    def _hermite(self, x, dx, y, dydx, axis, extrapolate):
        dxr = _col(dx, y.ndim)
        slope = cupy.diff(y, axis=0) / dxr
        t = (dydx[:-1] + dydx[1:] - 2 * slope) / dxr
        c = cupy.empty((4, len(x) - 1) + y.shape[1:], dtype=t.dtype)
        c[0] = t / dxr
        c[1] = (slope - dydx[:-1]) / dxr - t
        c[2] = dydx[:-1]
        c[3] = y[:-1]
        self.c = c
        self.x = x
        self.extrapolate = extrapolate
        self.axis = axis


def _pchip_edge(h0, h1, m0, m1):
    d = ((2 * h0 + h1) * m0 - h0 * m1) / (h0 + h1)
    mask = cupy.sign(d) != cupy.sign(m0)
    mask2 = (cupy.sign(m0) != cupy.sign(m1)) & (cupy.abs(d) > 3. * cupy.abs(m0))
    d = cupy.where(mask, 0.0, d)
    return cupy.where(~mask & mask2, 3. * m0, d)


def _pchip_slopes(x, y):
    hk = _col(cupy.diff(x), y.ndim)
    mk = cupy.diff(y, axis=0) / hk
    if y.shape[0] == 2:
        return cupy.broadcast_to(mk[0], y.shape).copy()
    smk = cupy.sign(mk)
    condition = (smk[1:] != smk[:-1]) | (mk[1:] == 0) | (mk[:-1] == 0)
    w1 = 2 * hk[1:] + hk[:-1]
    w2 = hk[1:] + 2 * hk[:-1]
    safe0 = cupy.where(condition, 1.0, mk[:-1])
    safe1 = cupy.where(condition, 1.0, mk[1:])
    whmean = (w1 / safe0 + w2 / safe1) / (w1 + w2)
    dk = cupy.empty_like(y)
    dk[1:-1] = cupy.where(condition, 0.0, 1.0 / whmean)
    dk[0] = _pchip_edge(hk[0], hk[1], mk[0], mk[1])
    dk[-1] = _pchip_edge(hk[-1], hk[-2], mk[-1], mk[-2])
    return dk


class PchipInterpolator(CubicHermiteSpline):
    """Monotone piecewise cubic (PCHIP) interpolation
    (``scipy.interpolate.PchipInterpolator``)."""

    def __init__(self, x, y, axis=0, extrapolate=None):
        x, dx, y, axis, _ = _prepare_input(x, y, axis)
        if y.dtype.kind == 'c':
            raise ValueError('`PchipInterpolator` only works with real '
                             'values for `y`. If you are trying to use the '
                             'real components of the passed array, use '
                             '`np.real` on the array before passing to '
                             '`PchipInterpolator`.')
        if extrapolate is None:
            extrapolate = True
        dk = _pchip_slopes(x, y)
        self._hermite(x, dx, y, dk, axis, extrapolate)


def pchip_interpolate(xi, yi, x, der=0, axis=0):
    """PCHIP interpolation at x (``scipy.interpolate.pchip_interpolate``)."""
    p = PchipInterpolator(xi, yi, axis=axis)
    if der == 0:
        return p(x)
    if numpy.isscalar(der) or isinstance(der, int):
        return p.derivative(der)(x)
    return [p.derivative(nu)(x) for nu in der]


class Akima1DInterpolator(CubicHermiteSpline):
    """Akima (or modified Akima) interpolation
    (``scipy.interpolate.Akima1DInterpolator``)."""

    def __init__(self, x, y, axis=0, *, method='akima', extrapolate=None):
        if method not in {'akima', 'makima'}:
            raise NotImplementedError('`method`={} is unsupported.'.format(
                method))
        x, dx, y, axis, _ = _prepare_input(x, y, axis)
        if y.dtype.kind == 'c':
            raise ValueError('`Akima1DInterpolator` only works with real '
                             'values for `y`. If you are trying to use the '
                             'real components of the passed array, use '
                             '`np.real` on the array before passing to '
                             '`Akima1DInterpolator`.')
        extrapolate = False if extrapolate is None else extrapolate
        if y.shape[0] == 2:
            mk = cupy.diff(y, axis=0) / _col(dx, y.ndim)
            t = cupy.broadcast_to(mk, y.shape).copy()
        else:
            t = self._akima_slopes(dx, y, method)
        self._hermite(x, dx, y, t, axis, extrapolate)

    @staticmethod
    def _akima_slopes(dx, y, method):
        inner = cupy.diff(y, axis=0) / _col(dx, y.ndim)
        # two extrapolated slopes at each end (Akima 1970)
        m1 = 2. * inner[0] - inner[1]
        m0 = 2. * m1 - inner[0]
        mn2 = 2. * inner[-1] - inner[-2]
        mn1 = 2. * mn2 - inner[-1]
        m = cupy.concatenate([m0[None], m1[None], inner, mn2[None],
                              mn1[None]])
        t = .5 * (m[3:] + m[:-3])
        dm = cupy.abs(cupy.diff(m, axis=0))
        if method == 'makima':
            pm = cupy.abs(m[1:] + m[:-1])
            f1 = dm[2:] + 0.5 * pm[2:]
            f2 = dm[:-2] + 0.5 * pm[:-2]
        else:
            f1 = dm[2:]
            f2 = dm[:-2]
        # SciPy's threshold for "both weights vanish": 1e-9 of the largest
        f12 = f1 + f2
        big = f12 > 1.e-9 * f12.max() if f12.size else f12 > 0
        safe = cupy.where(big, f12, 1.0)
        alt = m[1:-2] + (f2 / safe) * (m[2:-1] - m[1:-2])
        return cupy.where(big, alt, t)


def _validate_bc(bc_type, y, expected_deriv_shape, axis):
    if isinstance(bc_type, str):
        if bc_type == 'periodic':
            if not bool(cupy.allclose(y[0], y[-1], rtol=1e-15, atol=1e-15)):
                raise ValueError(
                    "The first and last `y` point along axis {} must be "
                    "identical (within machine precision) when "
                    "bc_type='periodic'.".format(axis))
        bc_type = (bc_type, bc_type)
    else:
        if len(bc_type) != 2:
            raise ValueError('`bc_type` must contain 2 elements to specify '
                             'start and end conditions.')
        if 'periodic' in bc_type:
            raise ValueError("'periodic' `bc_type` is defined for both "
                             'curve ends and cannot be used with other '
                             'boundary conditions.')
    validated = []
    for bc in bc_type:
        if isinstance(bc, str):
            if bc == 'clamped':
                validated.append((1, cupy.zeros(expected_deriv_shape)))
            elif bc == 'natural':
                validated.append((2, cupy.zeros(expected_deriv_shape)))
            elif bc in ['not-a-knot', 'periodic']:
                validated.append(bc)
            else:
                raise ValueError('bc_type={} is not allowed.'.format(bc))
        else:
            try:
                deriv_order, deriv_value = bc
            except Exception:
                raise ValueError('A specified derivative value must be '
                                 'given in the form (order, value).')
            if deriv_order not in [1, 2]:
                raise ValueError('The specified derivative order must '
                                 'be 1 or 2.')
            deriv_value = cupy.asarray(deriv_value)
            if deriv_value.shape != expected_deriv_shape:
                raise ValueError(
                    '`deriv_value` shape {} is not the expected one {}.'
                    .format(deriv_value.shape, expected_deriv_shape))
            if deriv_value.dtype.kind == 'c':
                y = y.astype(complex, copy=False)
            validated.append((deriv_order, deriv_value))
    return validated, y


class CubicSpline(CubicHermiteSpline):
    """Cubic spline with C2 continuity (``scipy.interpolate.CubicSpline``);
    the slopes solve SciPy's tridiagonal system on the device."""

    def __init__(self, x, y, axis=0, bc_type='not-a-knot', extrapolate=None):
        x, dx, y, axis, _ = _prepare_input(x, y, axis)
        n = len(x)
        bc, y = _validate_bc(bc_type, y, y.shape[1:], axis)
        if extrapolate is None:
            extrapolate = 'periodic' if bc[0] == 'periodic' else True
        if y.size == 0:
            s = cupy.zeros_like(y)
        else:
            s = self._slopes(x, dx, y, bc, n)
        self._hermite(x, dx, y, s, axis, extrapolate)
        self.axis = axis

    @staticmethod
    def _slopes(x, dx, y, bc, n):
        dxr = _col(dx, y.ndim)
        slope = cupy.diff(y, axis=0) / dxr
        if n == 2:
            if bc[0] in ['not-a-knot', 'periodic']:
                bc[0] = (1, slope[0])
            if bc[1] in ['not-a-knot', 'periodic']:
                bc[1] = (1, slope[0])
        if n == 3 and bc[0] == 'not-a-knot' and bc[1] == 'not-a-knot':
            # the parabola through the three points
            a = cupy.asnumpy(dx)
            mat = numpy.array([[1, 1, 0], [a[1], 2 * (a[0] + a[1]), a[0]],
                               [0, 1, 1]], dtype=float)
            inv = cupy.asarray(numpy.linalg.inv(mat))
            b = cupy.stack([2 * slope[0],
                            3 * (dxr[0] * slope[1] + dxr[1] * slope[0]),
                            2 * slope[1]])
            return (inv.reshape((3, 3) + (1,) * (y.ndim - 1)) *
                    b[None]).sum(axis=1)
        if n == 3 and bc[0] == 'periodic':
            t = (slope / dxr).sum(0) / (1. / dxr).sum(0)
            return cupy.broadcast_to(t, (n,) + y.shape[1:]).copy()
        diag = cupy.empty(n)
        upper = cupy.zeros(n)
        lower = cupy.zeros(n)
        diag[1:-1] = 2 * (dx[:-1] + dx[1:])
        upper[1:-1] = dx[:-1]
        lower[1:-1] = dx[1:]
        b = cupy.empty((n,) + y.shape[1:], dtype=y.dtype)
        b[1:-1] = 3 * (dxr[1:] * slope[:-1] + dxr[:-1] * slope[1:])
        if bc[0] == 'periodic':
            return CubicSpline._periodic(dx, dxr, slope, diag, upper, lower,
                                         b, y, n)
        start, end = bc
        if start == 'not-a-knot':
            d = x[2] - x[0]
            diag[0] = dx[1]
            upper[0] = d
            b[0] = ((dxr[0] + 2 * d) * dxr[1] * slope[0] +
                    dxr[0] ** 2 * slope[1]) / d
        elif start[0] == 1:
            diag[0] = 1
            upper[0] = 0
            b[0] = start[1]
        else:
            diag[0] = 2 * dx[0]
            upper[0] = dx[0]
            b[0] = -0.5 * start[1] * dx[0] ** 2 + 3 * (y[1] - y[0])
        if end == 'not-a-knot':
            d = x[-1] - x[-3]
            diag[-1] = dx[-2]
            lower[-1] = d
            b[-1] = ((dxr[-1] ** 2 * slope[-2] +
                      (2 * d + dxr[-1]) * dxr[-2] * slope[-1]) / d)
        elif end[0] == 1:
            diag[-1] = 1
            lower[-1] = 0
            b[-1] = end[1]
        else:
            diag[-1] = 2 * dx[-1]
            lower[-1] = dx[-1]
            b[-1] = 0.5 * end[1] * dx[-1] ** 2 + 3 * (y[-1] - y[-2])
        return solve_tridiagonal(lower, diag, upper, b)

    @staticmethod
    def _periodic(dx, dxr, slope, diag, upper, lower, b, y, n):
        # SciPy's reduction: drop the last (repeated) point, solve the
        # tridiagonal part for two right-hand sides, fix the corner
        diag = diag[:-1].copy()
        upper = upper[:-1].copy()
        lower = lower[:-1].copy()
        b = b[:-1].copy()
        diag[0] = 2 * (dx[-1] + dx[0])
        upper[0] = dx[-1]
        b[0] = 3 * (dxr[0] * slope[-1] + dxr[-1] * slope[0])
        b[-1] = 3 * (dxr[-1] * slope[-2] + dxr[-2] * slope[-1])
        a_m1_0 = dx[-2]
        a_m1_m2 = dx[-1]
        a_m1_m1 = 2 * (dx[-1] + dx[-2])
        a_m2_m1 = dx[-3]
        a_0_m1 = dx[0]
        b1 = b[:-1]
        b2 = cupy.zeros_like(b1)
        b2[0] = -a_0_m1
        b2[-1] = -a_m2_m1
        lo, di, up = lower[:-1], diag[:-1], upper[:-1]
        s1 = solve_tridiagonal(lo, di, up, b1)
        s2 = solve_tridiagonal(lo, di, up, b2)
        s_m1 = ((b[-1] - a_m1_0 * s1[0] - a_m1_m2 * s1[-1]) /
                (a_m1_m1 + a_m1_0 * s2[0] + a_m1_m2 * s2[-1]))
        s = cupy.empty((n,) + y.shape[1:], dtype=y.dtype)
        s[:-2] = s1 + s_m1 * s2
        s[-2] = s_m1
        s[-1] = s[0]
        return s
