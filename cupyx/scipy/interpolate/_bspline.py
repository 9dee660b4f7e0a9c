"""B-splines: BSpline (de Boor's recursion on the device, all points at
once) and make_interp_spline.

make_interp_spline's collocation system is banded with the spline's
degree; for k <= 1 the coefficients are the data themselves (device);
for k >= 2 it is solved on the device by block cyclic reduction
(``_bspline_collocation``), except with given knots t or periodic
conditions: those run on the host through SciPy, a counted host
fallback.
"""

import numpy

import cupy
from cupy._core import _fallback

_fallback.declare('interpolate.make_interp_spline', 'k>=2, given t',
                  'given knots or periodic conditions: SciPy on the host; '
                  'the other cases solve on the device')
_fallback.declare('interpolate.make_smoothing_spline', 'fit',
                  'banded penalised solve and GCV search on the host; the '
                  'spline evaluates on the device')


class BSpline:
    """Univariate spline in the B-spline basis
    (``scipy.interpolate.BSpline``)."""

    def __init__(self, t, c, k, extrapolate=True, axis=0):
        self.k = int(k)
        if self.k != k:
            raise ValueError('Spline order must be integer.')
        self.c = cupy.asarray(c)
        t = cupy.asarray(t)
        if t.dtype.kind == 'c':
            # what SciPy's float conversion of the knots raises
            raise TypeError("float() argument must be a string or a real "
                            "number, not 'complex'")
        self.t = cupy.ascontiguousarray(t, dtype=numpy.float64)
        if extrapolate == 'periodic':
            self.extrapolate = extrapolate
        else:
            self.extrapolate = bool(extrapolate)
        n = self.t.shape[0] - self.k - 1
        if self.c.ndim < 1:
            raise ValueError('Coefficients must be at least 1-dimensional.')
        axis = axis % self.c.ndim
        self.axis = axis
        if axis != 0:
            self.c = cupy.moveaxis(self.c, axis, 0)
        if self.k < 0:
            raise ValueError('Spline order cannot be negative.')
        if self.t.ndim != 1:
            raise ValueError('Knot vector must be one-dimensional.')
        if n < self.k + 1:
            raise ValueError('Need at least %d knots for degree %d' %
                             (2 * self.k + 2, self.k))
        if bool((cupy.diff(self.t) < 0).any()):
            raise ValueError('Knots must be in a non-decreasing order.')
        if self.c.ndim < 1:
            raise ValueError('Coefficients must be at least 1-dimensional.')
        if self.c.shape[0] < n:
            raise ValueError('Knots, coefficients and degree are '
                             'inconsistent.')
        dt = numpy.complex128 if self.c.dtype.kind == 'c' else numpy.float64
        self.c = cupy.ascontiguousarray(self.c, dtype=dt)

    @classmethod
    def construct_fast(cls, t, c, k, extrapolate=True, axis=0):
        self = object.__new__(cls)
        self.t, self.c, self.k = t, c, k
        self.extrapolate = extrapolate
        self.axis = axis
        return self

    @property
    def tck(self):
        return self.t, self.c, self.k

    def _deriv_coeffs(self, t, c, k):
        dt = t[k + 1:k + 1 + c.shape[0] - 1] - t[1:c.shape[0]]
        dt = dt.reshape((-1,) + (1,) * (c.ndim - 1))
        safe = cupy.where(dt == 0, 1.0, dt)
        dc = cupy.where(dt == 0, 0.0, k * (c[1:] - c[:-1]) / safe)
        return t[1:-1], dc, k - 1

    def derivative(self, nu=1):
        """The nu-th derivative as a BSpline."""
        t, c, k = self.t, self.c[:self.t.size - self.k - 1], self.k
        if nu > k:
            raise ValueError('order of derivative must be <= k')
        for _ in range(nu):
            t, c, k = self._deriv_coeffs(t, c, k)
        return BSpline.construct_fast(t, c, k, self.extrapolate, self.axis)

    def _host(self):
        import scipy.interpolate as si
        return si.BSpline(cupy.asnumpy(self.t), cupy.asnumpy(self.c),
                          self.k, extrapolate=self.extrapolate)

    def antiderivative(self, nu=1):
        """The nu-th antiderivative (on the device: cumulative sums of
        the coefficients times the knot spans)."""
        t, c, k = self.t, self.c, self.k
        if self.extrapolate == 'periodic':
            h = self._host().antiderivative(nu)
            return BSpline.construct_fast(cupy.asarray(h.t),
                                          cupy.asarray(h.c), h.k, False,
                                          self.axis)
        for _ in range(nu):
            t, c, k = _antiderivative(t, c[:t.shape[0] - k - 1], k)
        return BSpline.construct_fast(t, c, k, self.extrapolate, self.axis)

    def integrate(self, a, b, extrapolate=None):
        """Definite integral over [a, b] (on the device from the
        antiderivative; periodic extrapolation through SciPy)."""
        if extrapolate is None:
            extrapolate = self.extrapolate
        if extrapolate == 'periodic':
            return cupy.asarray(self._host().integrate(a, b, extrapolate))
        sign = 1.0
        a, b = float(a), float(b)
        if b < a:
            a, b, sign = b, a, -1.0
        n = self.t.shape[0] - self.k - 1
        ta, ca, ka = _antiderivative(self.t, self.c[:n], self.k)
        ab = cupy.asarray([a, b], dtype=numpy.float64)
        if not extrapolate:
            ab = cupy.clip(ab, self.t[self.k], self.t[n])
        vals = _deboor(ta, ca, ka, ta.shape[0] - ka - 1, ab, True)
        return (vals[1] - vals[0]) * sign

    def __call__(self, x, nu=0, extrapolate=None):
        if extrapolate is None:
            extrapolate = self.extrapolate
        x = cupy.asarray(x)
        x_shape, x_ndim = x.shape, x.ndim
        xv = cupy.ascontiguousarray(x.ravel(), dtype=numpy.float64)
        t, c, k = self.t, self.c, self.k
        n = t.size - k - 1
        c = c[:n]
        if nu > 0:
            if nu > k:
                out = cupy.zeros((xv.size,) + c.shape[1:], dtype=c.dtype)
                return self._shape_out(out, x_shape, x_ndim)
            for _ in range(nu):
                t, c, k = self._deriv_coeffs(t, c, k)
            n = t.size - k - 1
        if extrapolate == 'periodic':
            lo, hi = self.t[self.k], self.t[self.t.size - self.k - 1]
            xv = lo + (xv - lo) % (hi - lo)
            extrapolate = False
        out = _deboor(t, c, k, n, xv, extrapolate)
        return self._shape_out(out, x_shape, x_ndim)

    def _shape_out(self, out, x_shape, x_ndim):
        out = out.reshape(x_shape + self.c.shape[1:])
        if self.axis != 0:
            ax = list(range(out.ndim))
            ax = (ax[x_ndim:x_ndim + self.axis] + ax[:x_ndim] +
                  ax[x_ndim + self.axis:])
            out = out.transpose(ax)
        return out

    @classmethod
    def basis_element(cls, t, extrapolate=True):
        """The B-spline basis element of the knots t."""
        t = cupy.asarray(t, dtype=numpy.float64)
        k = t.size - 2
        # k extra knots one unit beyond each end, and one coefficient per
        # knot (SciPy's layout; the spline uses the first n of them)
        tt = cupy.concatenate([cupy.full(k, t[0] - 1), t,
                               cupy.full(k, t[-1] + 1)])
        c = cupy.zeros(tt.size)
        c[k] = 1.
        return cls.construct_fast(tt, c, k, extrapolate)


def _deboor(t, c, k, n, xv, extrapolate):
    """de Boor's recursion for every point: (npts, *c.shape[1:])."""
    lo, hi = t[k], t[n]
    l_ = cupy.searchsorted(t, xv, side='right') - 1
    l_ = cupy.clip(l_, k, n - 1)
    extra = (1,) * (c.ndim - 1)
    d = [cupy.take(c, l_ - k + j, axis=0) for j in range(k + 1)]
    xcol = xv.reshape((-1,) + extra)
    for r in range(1, k + 1):
        for j in range(k, r - 1, -1):
            left = cupy.take(t, l_ - k + j).reshape((-1,) + extra)
            right = cupy.take(t, l_ + 1 + j - r).reshape((-1,) + extra)
            denom = right - left
            alpha = (xcol - left) / cupy.where(denom == 0, 1.0, denom)
            d[j] = (1 - alpha) * d[j - 1] + alpha * d[j]
    out = d[k]
    bad = cupy.isnan(xv)
    if not extrapolate:
        bad |= (xv < lo) | (xv > hi)
    return cupy.where(bad.reshape((-1,) + extra), numpy.nan, out)


def _antiderivative(t, c, k):
    """(t, c, k + 1) of the antiderivative that is 0 at t[0]: c (the
    first n - k - 1 coefficients) summed with the knot spans, padded with
    its last value to the length of the knots (SciPy's splantider
    layout)."""
    nk1 = t.shape[0] - k - 1
    dt = (t[k + 1:k + 1 + nk1] - t[:nk1]).reshape(
        (-1,) + (1,) * (c.ndim - 1))
    cs = cupy.cumsum(c[:nk1] * dt, axis=0) / (k + 1)
    zero = cupy.zeros((1,) + c.shape[1:], dtype=cs.dtype)
    tail = cupy.broadcast_to(cs[-1:], (k + 2,) + c.shape[1:])
    return (cupy.concatenate([t[:1], t, t[-1:]]),
            cupy.concatenate([zero, cs, tail]), k + 1)


def make_interp_spline(x, y, k=3, t=None, bc_type=None, axis=0,
                       check_finite=True):
    """Interpolating B-spline (``scipy.interpolate.make_interp_spline``)."""
    x = cupy.asarray(x)
    y = cupy.asarray(y)
    if k in (0, 1) and t is None and bc_type is None and x.ndim == 1:
        axis = axis % max(y.ndim, 1)
        yy = cupy.moveaxis(y, axis, 0)
        if x.size != yy.shape[0]:
            raise ValueError('Shapes of x {} and y {} are incompatible'.format(
                x.shape, y.shape))
        if bool((cupy.diff(x) <= 0).any()):
            raise ValueError('Expect x to be a 1D strictly increasing '
                             'sequence.')
        xf = x.astype(numpy.float64)
        if k == 0:
            tt = cupy.concatenate([xf, xf[-1:]])
        else:
            tt = cupy.concatenate([xf[:1], xf, xf[-1:]])
        dt = numpy.complex128 if yy.dtype.kind == 'c' else numpy.float64
        return BSpline.construct_fast(tt, yy.astype(dt), k, True, axis)
    if t is None:
        from cupyx.scipy.interpolate import _bspline_collocation
        spl = _bspline_collocation.interp_spline(x, y, k, bc_type, axis,
                                                 check_finite)
        if spl is not None:
            return spl
    _fallback.enter('interpolate.make_interp_spline', 'k=%d' % k,
                    'given knots, periodic or invalid input')
    import scipy.interpolate as si
    h = si.make_interp_spline(
        cupy.asnumpy(x), cupy.asnumpy(y), k=k,
        t=None if t is None else cupy.asnumpy(t),
        bc_type=_host_bc(bc_type), axis=axis, check_finite=check_finite)
    return BSpline.construct_fast(cupy.asarray(h.t), cupy.asarray(h.c), h.k,
                                  h.extrapolate, h.axis)


def _host_bc(bc):
    if isinstance(bc, cupy.ndarray):
        return cupy.asnumpy(bc)
    if isinstance(bc, (list, tuple)):
        return type(bc)(_host_bc(b) for b in bc)
    return bc


def _as_bspline(tck):
    if isinstance(tck, BSpline):
        return tck, True
    t, c, k = tck
    return BSpline.construct_fast(cupy.asarray(t), cupy.asarray(c), k), False


def splder(tck, n=1):
    """The n-th derivative of a spline given as a BSpline or a (t, c, k)
    tuple (``scipy.interpolate.splder``), in the same form."""
    spl, is_spline = _as_bspline(tck)
    if n < 0:
        return splantider(tck, -n)
    if n > spl.k:
        raise ValueError('Order of derivative (n = {!r}) must be <= '
                         'order of spline (k = {!r})'.format(n, spl.k))
    out = spl.derivative(n)
    if is_spline:
        return out
    t, c, k = out.tck
    # a tuple keeps FITPACK's layout: c padded with zeros to len(t)
    pad = t.shape[0] - c.shape[0]
    if pad > 0:
        c = cupy.concatenate([c, cupy.zeros((pad,) + c.shape[1:], c.dtype)])
    return t, c, k


def splantider(tck, n=1):
    """The n-th antiderivative of a spline given as a BSpline or a
    (t, c, k) tuple (``scipy.interpolate.splantider``), in the same form."""
    spl, is_spline = _as_bspline(tck)
    if n < 0:
        return splder(tck, -n)
    out = spl.antiderivative(n)
    return out if is_spline else out.tck


def make_smoothing_spline(x, y, w=None, lam=None, *, axis=0):
    """Penalised (smoothing) cubic spline through (x, y)
    (``scipy.interpolate.make_smoothing_spline``): a counted host fallback,
    as make_interp_spline with k >= 2: the fit is a banded solve and, for
    lam=None, SciPy's generalized cross-validation search over lam; the
    resulting BSpline evaluates on the device."""
    _fallback.enter('interpolate.make_smoothing_spline', 'fit',
                    'banded penalised solve and GCV search')
    import scipy.interpolate as si
    h = si.make_smoothing_spline(
        cupy.asnumpy(x), cupy.asnumpy(y),
        w=None if w is None else cupy.asnumpy(w),
        lam=None if lam is None else float(lam), axis=axis)
    return BSpline.construct_fast(cupy.asarray(h.t), cupy.asarray(h.c), h.k,
                                  h.extrapolate, h.axis)
