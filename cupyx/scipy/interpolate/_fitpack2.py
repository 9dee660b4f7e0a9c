"""UnivariateSpline, InterpolatedUnivariateSpline and LSQUnivariateSpline
(``scipy.interpolate``'s FITPACK classes) on the device: the fit is
``_fitpack_curfit.curfit`` (FITPACK's knots), evaluation and calculus
the device functions of ``_fitpack_py``.

As SciPy, a UnivariateSpline whose fit ends as an interpolating spline
becomes an InterpolatedUnivariateSpline, one that ends as the
least-squares polynomial (or ran out of knots) an LSQUnivariateSpline.
"""

import warnings

import numpy

import cupy
from cupyx.scipy.interpolate import _fitpack_curfit as _cf
from cupyx.scipy.interpolate import _fitpack_py as _fp
from cupyx.scipy.interpolate._bspline import splder, splantider

_F64 = numpy.float64

# ext may be a number or a name (SciPy)
_EXTRAP_MODES = {0: 0, 'extrapolate': 0, 1: 1, 'zeros': 1,
                 2: 2, 'raise': 2, 3: 3, 'const': 3}


def _ext_mode(ext):
    try:
        return _EXTRAP_MODES[ext]
    except (KeyError, TypeError):
        raise ValueError('Unknown extrapolation mode {}.'.format(ext)) \
            from None


class UnivariateSpline:
    """1-D smoothing spline of degree k through (x, y), with FITPACK's
    knots for the smoothing condition sum((w * (y - s(x)))**2) <= s
    (``scipy.interpolate.UnivariateSpline``)."""

    def __init__(self, x, y, w=None, bbox=[None] * 2, k=3, s=None,
                 ext=0, check_finite=False):
        x, y, w, bbox, self.ext = self.validate_input(
            x, y, w, bbox, k, s, ext, check_finite)
        m = x.shape[0]
        if s is None:
            s = float(m)            # FITPACK's fpcurf0 default: s = m
        s = float(s)
        self._fit = _Fit(x, y, w, bbox, k)
        nest = m + k + 1 if s == 0 else max(m // 2, 2 * (k + 1))
        self._fit.run(s, nest, iopt=0)
        if self._fit.ier == 1:
            # nest too small: continue up to the maximal bound (SciPy)
            self._fit.run(s, m + k + 1, iopt=1)
        self._reset_class()

    @staticmethod
    def validate_input(x, y, w, bbox, k, s, ext, check_finite):
        x = cupy.asarray(x)
        y = cupy.asarray(y)
        if w is not None:
            w = cupy.asarray(w)
        bbox = [None if b is None else float(b) for b in bbox] \
            if len(bbox) == 2 else bbox
        if check_finite:
            ok = bool(cupy.isfinite(x).all()) and bool(
                cupy.isfinite(y).all()) and (
                w is None or bool(cupy.isfinite(w).all()))
            if not ok:
                raise ValueError('x and y array must not contain NaNs or '
                                 'infs.')
        if x.size > 1:
            dx = cupy.diff(x.ravel())
            if s is None or s > 0:
                if bool((dx < 0).any()):
                    raise ValueError('x must be increasing if s > 0')
            elif bool((dx <= 0).any()):
                raise ValueError('x must be strictly increasing if s = 0')
        if x.size != y.size:
            raise ValueError('x and y should have a same length')
        elif w is not None and not x.size == y.size == w.size:
            raise ValueError('x, y, and w should have a same length')
        elif len(bbox) != 2:
            raise ValueError('bbox shape should be (2,)')
        elif not 1 <= k <= 5:
            raise ValueError('k should be 1 <= k <= 5')
        elif s is not None and not s >= 0.0:
            raise ValueError('s should be s >= 0.0')
        ext = _ext_mode(ext)
        x = x.astype(_F64).ravel()
        y = y.astype(_F64).ravel()
        w = (cupy.ones_like(x) if w is None else w.astype(_F64).ravel())
        return x, y, w, bbox, ext

    @classmethod
    def _from_tck(cls, tck, ext=0):
        """A spline of this class from a (t, c, k) tuple."""
        self = cls.__new__(cls)
        t, c, k = tck
        self._eval_args = (cupy.asarray(t), cupy.asarray(c), k)
        self._fit = None
        self.ext = ext
        return self

    def _reset_class(self):
        fit = self._fit
        self._eval_args = fit.t, fit.c, fit.k
        ier = fit.ier
        if ier == -1:
            self._set_class(InterpolatedUnivariateSpline)
        elif ier == -2:
            self._set_class(LSQUnivariateSpline)
        elif ier != 0:
            if ier == 1:
                self._set_class(LSQUnivariateSpline)
            warnings.warn(_cf.MESSAGES.get(ier, 'ier={}'.format(ier)),
                          stacklevel=3)

    def _set_class(self, cls):
        self._spline_class = cls
        if self.__class__ in (UnivariateSpline, InterpolatedUnivariateSpline,
                              LSQUnivariateSpline):
            self.__class__ = cls

    def set_smoothing_factor(self, s):
        """Continue the fit with smoothing factor s from the knots found
        last (FITPACK's iopt=1)."""
        fit = self._fit
        if fit is None or fit.fixed:
            warnings.warn('smoothing factor unchanged for LSQ spline with '
                          'fixed knots', stacklevel=2)
            return
        fit.run(float(s), fit.nest, iopt=1)
        if fit.ier == 1:
            fit.run(float(s), fit.m + fit.k + 1, iopt=1)
        self._reset_class()

    def __call__(self, x, nu=0, ext=None):
        """Value (or nu-th derivative) at x."""
        x = cupy.asarray(x)
        if x.size == 0:
            return cupy.array([])
        ext = self.ext if ext is None else _ext_mode(ext)
        return _fp.splev(x, self._eval_args, der=nu, ext=ext)

    def get_knots(self):
        """The interior knots and the ends of the interval."""
        t, _, k = self._eval_args
        return t[k:t.shape[0] - k]

    def get_coeffs(self):
        """The B-spline coefficients."""
        t, c, k = self._eval_args
        return c[:t.shape[0] - k - 1]

    def get_residual(self):
        """sum((w * (y - s(x)))**2) of the fit."""
        return self._fit.fp

    def integral(self, a, b):
        """Integral over [a, b] (zero outside the fitted interval)."""
        return _fp.splint(a, b, self._eval_args)

    def derivatives(self, x):
        """All derivatives 0..k at the point x."""
        return _fp.spalde(x, self._eval_args)

    def roots(self):
        """Zeros of the spline (cubic splines only)."""
        t, _, k = self._eval_args
        if k == 3:
            return _fp.sproot(self._eval_args, mest=3 * (t.shape[0] - 7))
        raise NotImplementedError('finding roots unsupported for non-cubic '
                                  'splines')

    def derivative(self, n=1):
        """The n-th derivative as a spline ('const' extrapolation becomes
        'zeros', as SciPy)."""
        tck = splder(self._eval_args, n)
        ext = 1 if self.ext == 3 else self.ext
        return UnivariateSpline._from_tck(tck, ext=ext)

    def antiderivative(self, n=1):
        """The n-th antiderivative as a spline."""
        tck = splantider(self._eval_args, n)
        return UnivariateSpline._from_tck(tck, self.ext)


class _Fit:
    """One FITPACK fit and what a later iopt=1 call continues from."""

    def __init__(self, x, y, w, bbox, k):
        ends = cupy.stack([x[0], x[-1]]).get()
        xb = float(ends[0]) if bbox[0] is None else bbox[0]
        xe = float(ends[1]) if bbox[1] is None else bbox[1]
        self.data = _cf._Data(x, y, w, xb, xe, k)
        self.m, self.k = x.shape[0], k
        self.state = _cf.CurfitState()
        self.fixed = False
        self.nest = 0
        self.ier = 0

    def run(self, s, nest, iopt, t=None):
        self.nest = nest
        ier0 = self.ier if iopt == 1 else 0
        t, c, fp, ier = _cf.curfit(self.data, s, nest, iopt=iopt, t=t,
                                   state=self.state, ier0=ier0)
        self.t, self.c, self.fp, self.ier = cupy.asarray(t), c, fp, ier


class InterpolatedUnivariateSpline(UnivariateSpline):
    """Interpolating spline of degree k through (x, y)
    (``scipy.interpolate.InterpolatedUnivariateSpline``)."""

    def __init__(self, x, y, w=None, bbox=[None] * 2, k=3, ext=0,
                 check_finite=False):
        x, y, w, bbox, self.ext = self.validate_input(
            x, y, w, bbox, k, None, ext, check_finite)
        if x.size > 1 and bool((cupy.diff(x) <= 0).any()):
            raise ValueError('x must be strictly increasing')
        self._fit = _Fit(x, y, w, bbox, k)
        self._fit.run(0.0, x.shape[0] + k + 1, iopt=0)
        self._reset_class()


class LSQUnivariateSpline(UnivariateSpline):
    """Weighted least-squares spline of degree k with the interior knots
    t (``scipy.interpolate.LSQUnivariateSpline``)."""

    def __init__(self, x, y, t, w=None, bbox=[None] * 2, k=3, ext=0,
                 check_finite=False):
        x, y, w, bbox, self.ext = self.validate_input(
            x, y, w, bbox, k, None, ext, check_finite)
        if x.size > 1 and bool((cupy.diff(x) < 0).any()):
            raise ValueError('x must be increasing')
        self._fit = _Fit(x, y, w, bbox, k)
        xb, xe = self._fit.data.xb, self._fit.data.xe
        tin = numpy.asarray(cupy.asnumpy(t), dtype=_F64).ravel()
        tt = numpy.concatenate([[xb] * (k + 1), tin, [xe] * (k + 1)])
        n = tt.size
        if not (tt[k + 1:n - k] - tt[k:n - k - 1] > 0).all():
            raise ValueError('Interior knots t must satisfy '
                             'Schoenberg-Whitney conditions')
        if not _fp.fpchec(x, tt, k):
            raise ValueError(
                'The input parameters have been rejected by fpchec: the '
                'knots t and the data x must satisfy 1) k+1 <= n-k-1 <= m, '
                '2) t(1) <= t(2) <= ... <= t(k+1) and t(n-k) <= ... <= '
                't(n), 3) t(k+1) < t(k+2) < ... < t(n-k), 4) t(k+1) <= '
                'x(i) <= t(n-k), 5) the Schoenberg-Whitney conditions: '
                'a subset of data points y(j) with t(j) < y(j) < t(j+k+1), '
                'j=1,2,...,n-k-1.')
        self._fit.run(0.0, n, iopt=-1, t=tt)
        self._fit.fixed = True
        self._reset_class()
