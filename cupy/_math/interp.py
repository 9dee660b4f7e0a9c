"""interp: one-dimensional linear interpolation on the device
(searchsorted for the interval, take for its ends, NumPy's formula and
its special cases: an x equal to a sample point gives that point's value,
a NaN result falls back to the slope from the right end)."""

import numpy

import cupy
from cupy._core import _fallback
from cupy._core import core

_F8 = numpy.dtype(numpy.float64)
_C16 = numpy.dtype(numpy.complex128)


def _device(v, dtype):
    v = v if isinstance(v, core.ndarray) else cupy.asarray(v)
    return v.astype(dtype, copy=False)


def _periodic(x, xp, fp, period):
    """x and xp folded into [0, period), xp sorted, and one sample added
    at each end so that the interpolation wraps."""
    x = x % period
    xp = xp % period
    # the sort of the sample points: no device sort on this branch yet
    _fallback.enter('interp', 'period', 'sorting the sample points')
    order = cupy.asarray(numpy.argsort(xp.get(), kind='stable'))
    xp = xp.take(order)
    fp = fp.take(order)
    xp = cupy.concatenate([xp[-1:] - period, xp, xp[:1] + period])
    fp = cupy.concatenate([fp[-1:], fp, fp[:1]])
    return x, xp, fp


def _fix_nan(res, slope, x, x1, y0, y1):
    """NumPy's recovery of a NaN from an infinite slope: the line through
    the right end, else the common value of equal ends."""
    again = slope * (x - x1) + y1
    again = cupy.where(cupy.isnan(again) & (y0 == y1), y0, again)
    return cupy.where(cupy.isnan(res), again, res)


def interp(x, xp, fp, left=None, right=None, period=None):
    """Linear interpolation of (xp, fp) at x; `left`/`right` outside the
    range (fp's ends by default), or wrapped around `period`."""
    fp_dtype = _C16 if numpy.iscomplexobj(fp) or (
        isinstance(fp, core.ndarray) and fp.dtype.kind == 'c') else _F8
    xp = _device(xp, _F8)
    fp = _device(fp, fp_dtype)
    if xp.ndim != 1 or fp.ndim != 1:
        raise ValueError('object too deep for desired array')
    if xp.size != fp.size:
        raise ValueError('fp and xp are not of the same length.')
    if xp.size == 0:
        raise ValueError('array of sample points is empty')
    scalar = not isinstance(x, core.ndarray) and numpy.ndim(x) == 0
    x = _device(x, _F8)
    if period is not None:
        if period == 0:
            raise ValueError('period must be a non-zero value')
        x, xp, fp = _periodic(x, xp, fp, abs(float(period)))
        left = right = None
    n = xp.size
    if n == 1:
        res = cupy.broadcast_to(fp, x.shape).astype(fp_dtype)
    else:
        j = cupy.clip(cupy.searchsorted(xp, x, side='right') - 1, 0, n - 2)
        x0, x1 = xp.take(j), xp.take(j + 1)
        y0, y1 = fp.take(j), fp.take(j + 1)
        slope = (y1 - y0) / (x1 - x0)
        res = slope * (x - x0) + y0
        if fp_dtype == _C16:
            res = (_fix_nan(res.real, slope.real, x, x1, y0.real, y1.real)
                   + 1j * _fix_nan(res.imag, slope.imag, x, x1, y0.imag,
                                   y1.imag))
        else:
            res = _fix_nan(res, slope, x, x1, y0, y1)
        res = cupy.where(x == x0, y0, res)
        res = cupy.where(x == xp[-1], fp[-1], res)
        # (NumPy gives a NaN x fp[0] when there is one sample point)
        res = cupy.where(cupy.isnan(x), numpy.nan, res)
    lo = fp[0] if left is None else _device(left, fp_dtype)
    hi = fp[-1] if right is None else _device(right, fp_dtype)
    res = cupy.where(x < xp[0], lo, res)
    res = cupy.where(x > xp[-1], hi, res)
    res = res.astype(fp_dtype, copy=False)
    return res.reshape(()) if scalar else res
