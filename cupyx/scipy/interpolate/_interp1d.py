"""interp1d on the device: the interval of every point by
``cupy.searchsorted``, then a gather (nearest, previous, next) or a
linear blend; the spline kinds evaluate a BSpline."""

import numpy

import cupy
from cupyx.scipy.interpolate._bspline import make_interp_spline

_SPLINE_ORDER = {'zero': 0, 'slinear': 1, 'quadratic': 2, 'cubic': 3}


def _check_broadcast_up_to(arr_from, shape_to, name):
    shape_from = arr_from.shape
    if len(shape_to) >= len(shape_from):
        for t, f in zip(shape_to[::-1], shape_from[::-1]):
            if f != 1 and f != t:
                break
        else:
            if arr_from.size != 1 and arr_from.shape != shape_to:
                arr_from = cupy.ones(shape_to, arr_from.dtype) * arr_from
            return arr_from.ravel()
    raise ValueError('%s is not broadcastable to (%s)' % (
        name, ', '.join(str(s) for s in shape_to)))


class interp1d:
    """Interpolate a 1-d function (``scipy.interpolate.interp1d``)."""

    def __init__(self, x, y, kind='linear', axis=-1, copy=True,
                 bounds_error=None, fill_value=numpy.nan,
                 assume_sorted=False):
        x = cupy.array(x, copy=copy)
        y = cupy.array(y, copy=copy)
        if x.ndim != 1:
            raise ValueError('the x array must have exactly one dimension.')
        if y.ndim == 0:
            raise ValueError('the y array must have at least one dimension.')
        self.bounds_error = bounds_error
        self.copy = copy
        if kind in ['zero', 'slinear', 'quadratic', 'cubic']:
            order = _SPLINE_ORDER[kind]
            kind = 'spline'
        elif isinstance(kind, int):
            order = kind
            kind = 'spline'
        elif kind not in ('linear', 'nearest', 'nearest-up', 'previous',
                          'next'):
            raise NotImplementedError('%s is unsupported: Use fitpack '
                                      'routines for other types.' % kind)
        else:
            order = 1 if kind == 'linear' else 0
        axis = axis % y.ndim
        if x.shape[0] != y.shape[axis]:
            raise ValueError('x and y arrays must be equal in length along '
                             'interpolation axis.')
        if not assume_sorted:
            ind = cupy.argsort(x)
            x = x[ind]
            y = cupy.take(y, ind, axis=axis)
        if y.dtype.kind not in 'fc':
            # SciPy keeps inexact dtypes (float16 and float32 too)
            y = y.astype(numpy.float64)
        self.axis = axis
        self._y = cupy.moveaxis(y, axis, 0)
        self.y = y
        self.x = x.astype(numpy.float64) if x.dtype.kind != 'f' else x
        self._kind = kind
        self.kind = kind if kind != 'spline' else {
            v: k for k, v in _SPLINE_ORDER.items()}.get(order, order)
        if x.shape[0] != self._y.shape[0]:
            raise ValueError('x and y arrays must be equal in length along '
                             'interpolation axis.')
        minval = order + 1 if kind == 'spline' else 1
        if x.size < minval:
            raise ValueError('x and y arrays must have at least %d entries'
                             % minval)
        self._extrapolate = False
        self.fill_value = fill_value
        if kind == 'spline':
            self._spline = make_interp_spline(self.x, self._y, k=order,
                                              check_finite=False)

    @property
    def fill_value(self):
        return self._fill_value_orig

    @fill_value.setter
    def fill_value(self, fill_value):
        if isinstance(fill_value, str) and fill_value == 'extrapolate':
            if self.bounds_error:
                raise ValueError('Cannot extrapolate and raise '
                                 'at the same time.')
            self.bounds_error = False
            self._extrapolate = True
        else:
            broadcast_shape = self._y.shape[1:]
            if len(broadcast_shape) == 0:
                broadcast_shape = (1,)
            if isinstance(fill_value, tuple) and len(fill_value) == 2:
                below = cupy.asarray(fill_value[0])
                above = cupy.asarray(fill_value[1])
                below = _check_broadcast_up_to(below, broadcast_shape,
                                               'fill_value below')
                above = _check_broadcast_up_to(above, broadcast_shape,
                                               'fill_value above')
            else:
                fv = cupy.asarray(fill_value)
                below = above = _check_broadcast_up_to(
                    fv, broadcast_shape, 'fill_value')
            self._fill_value_below = below
            self._fill_value_above = above
            self._extrapolate = False
            if self.bounds_error is None:
                self.bounds_error = True
        self._fill_value_orig = fill_value

    def _evaluate(self, xn):
        x, y = self.x, self._y
        n = x.size
        kind = self._kind
        if kind == 'linear':
            if n == 1:
                return cupy.broadcast_to(y[:1], (xn.size,) + y.shape[1:])
            # side='right' takes a sample point's own interval on its
            # right, as numpy.interp (SciPy's 1-d path): NaNs of a
            # neighbouring sample do not leak into it
            hi = cupy.clip(cupy.searchsorted(x, xn, side='right'), 1, n - 1)
            lo = hi - 1
            x_lo, x_hi = x[lo], x[hi]
            y_lo = cupy.take(y, lo, axis=0)
            y_hi = cupy.take(y, hi, axis=0)
            extra = (1,) * (y.ndim - 1)
            dx = (x_hi - x_lo).reshape((-1,) + extra)
            slope = (y_hi - y_lo) / dx
            out = slope * (xn - x_lo).reshape((-1,) + extra) + y_lo
            return out.astype(y.dtype, copy=False)
        if kind in ('nearest', 'nearest-up'):
            bds = (x[1:] + x[:-1]) / 2.
            side = 'left' if kind == 'nearest' else 'right'
            idx = cupy.clip(cupy.searchsorted(bds, xn, side=side), 0, n - 1)
            return cupy.take(y, idx, axis=0)
        extra = (1,) * (y.ndim - 1)
        if kind == 'previous':
            idx = cupy.clip(cupy.searchsorted(x, xn, side='right'), 1, n)
            out = cupy.take(y, idx - 1, axis=0)
            # no previous sample before x[0], even when extrapolating
            return cupy.where((xn < x[0]).reshape((-1,) + extra),
                              numpy.nan, out)
        if kind == 'next':
            idx = cupy.clip(cupy.searchsorted(x, xn, side='left'), 0, n - 1)
            out = cupy.take(y, idx, axis=0)
            return cupy.where((xn > x[-1]).reshape((-1,) + extra),
                              numpy.nan, out)
        return self._spline(xn)

    def __call__(self, x):
        x = cupy.asarray(x)
        xn = cupy.ascontiguousarray(x.ravel(), dtype=numpy.float64)
        y_new = self._evaluate(xn)
        if not self._extrapolate:
            below = xn < self.x[0]
            above = xn > self.x[-1]
            if self.bounds_error:
                if bool(below.any()):
                    v = float(xn[cupy.argmax(below)])
                    raise ValueError(
                        "A value ({}) in x_new is below the interpolation "
                        "range's minimum value ({}).".format(
                            v, float(self.x[0])))
                if bool(above.any()):
                    v = float(xn[cupy.argmax(above)])
                    raise ValueError(
                        "A value ({}) in x_new is above the interpolation "
                        "range's maximum value ({}).".format(
                            v, float(self.x[-1])))
            extra = (1,) * (y_new.ndim - 1)
            fb, fa = (f.reshape(()) if f.size == 1 else
                      f.reshape((1,) + y_new.shape[1:])
                      for f in (self._fill_value_below,
                                self._fill_value_above))
            dt = y_new.dtype
            if dt.kind != 'c' and 'c' in (fb.dtype.kind, fa.dtype.kind):
                dt = numpy.result_type(dt, numpy.complex64)
            y_new = cupy.where(below.reshape((-1,) + extra), fb,
                               y_new).astype(dt, copy=False)
            y_new = cupy.where(above.reshape((-1,) + extra), fa,
                               y_new).astype(dt, copy=False)
        y_new = y_new.reshape(x.shape + self._y.shape[1:])
        if self.axis != 0 and x.ndim + self._y.ndim - 1 > 0:
            nx = x.ndim
            ny = self._y.ndim - 1
            ax = list(range(nx, nx + self.axis)) + list(range(nx)) + \
                list(range(nx + self.axis, nx + ny))
            y_new = y_new.transpose(ax)
        return y_new
