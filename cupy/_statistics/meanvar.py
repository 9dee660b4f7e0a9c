"""Means, variances and standard deviations (plain, NaN-ignoring and
weighted)."""

import numpy

from cupy._core import _reduction
from cupy._core import core


def mean(a, axis=None, dtype=None, out=None, keepdims=False, *, where=True):
    """Arithmetic mean (``numpy.mean``): float64 for integer input,
    float16 computed in float32; the mean of nothing is NaN with NumPy's
    RuntimeWarning."""
    return _reduction.reduce('mean', a, axis, dtype, out, keepdims,
                             where=where)


def _ddof(ddof, correction):
    if correction is not _reduction.NoValue:
        if ddof != 0:
            raise ValueError("ddof and correction can't be provided "
                             'simultaneously.')
        return correction
    return ddof


def _variance(name, a, axis, dtype, out, ddof, keepdims, where, mean,
              correction):
    """var, std, nanvar and nanstd: `name` is the reduction."""
    if mean is not _reduction.NoValue:
        raise NotImplementedError('cupy.%s does not support mean=' % name)
    return _reduction.reduce(name, a, axis, dtype, out, keepdims,
                             where=where, ddof=_ddof(ddof, correction))


def var(a, axis=None, dtype=None, out=None, ddof=0, keepdims=False, *,
        where=True, mean=_reduction.NoValue,
        correction=_reduction.NoValue):
    """Variance with ``ddof`` degrees of freedom removed (``numpy.var``)."""
    return _variance('var', a, axis, dtype, out, ddof, keepdims, where,
                     mean, correction)


def std(a, axis=None, dtype=None, out=None, ddof=0, keepdims=False, *,
        where=True, mean=_reduction.NoValue,
        correction=_reduction.NoValue):
    """Standard deviation (``numpy.std``)."""
    return _variance('std', a, axis, dtype, out, ddof, keepdims, where,
                     mean, correction)


def nanmean(a, axis=None, dtype=None, out=None, keepdims=False, *,
            where=True):
    """Mean ignoring NaNs (``numpy.nanmean``); an all-NaN slice is NaN
    (without NumPy's RuntimeWarning)."""
    return _reduction.reduce('nanmean', a, axis, dtype, out, keepdims,
                             where=where)


def nanvar(a, axis=None, dtype=None, out=None, ddof=0, keepdims=False, *,
           where=True, mean=_reduction.NoValue,
           correction=_reduction.NoValue):
    """Variance ignoring NaNs (``numpy.nanvar``)."""
    return _variance('nanvar', a, axis, dtype, out, ddof, keepdims, where,
                     mean, correction)


def nanstd(a, axis=None, dtype=None, out=None, ddof=0, keepdims=False, *,
           where=True, mean=_reduction.NoValue,
           correction=_reduction.NoValue):
    """Standard deviation ignoring NaNs (``numpy.nanstd``)."""
    return _variance('nanstd', a, axis, dtype, out, ddof, keepdims, where,
                     mean, correction)


def average(a, axis=None, weights=None, returned=False, *, keepdims=False):
    """Weighted average (``numpy.average``): sum(a * w) / sum(w) along
    ``axis``; ``returned=True`` also gives the sum of the weights."""
    import cupy
    a = _reduction.as_array(a)
    if weights is None:
        avg = mean(a, axis, keepdims=keepdims)
        if returned:
            n = a.size if axis is None else a.size // max(avg.size, 1)
            if a.size == 0:
                n = 0
            scl = core._empty(avg.shape, avg.dtype)
            core._fill(scl, n)
            return avg, scl
        return avg
    w = _reduction.as_array(weights)
    if a.dtype.kind in 'biu':
        result_dtype = numpy.result_type(a.dtype, w.dtype, numpy.float64)
    else:
        result_dtype = numpy.result_type(a.dtype, w.dtype)
    if a.shape != w.shape:
        if axis is None:
            raise TypeError('Axis must be specified when shapes of a and '
                            'weights differ.')
        axes = axis if isinstance(axis, tuple) else (axis,)
        axes = _reduction.normalize_axes(axes, a.ndim)
        if w.shape != tuple(a.shape[i] for i in axes):
            raise ValueError('Shape of weights must be consistent with '
                             'shape of a along specified axis.')
        # weights along the axes, broadcast over the others
        shape = [1] * a.ndim
        order = sorted(range(len(axes)), key=lambda k: axes[k])
        w = w.transpose(order) if len(axes) > 1 else w
        for k, ax in enumerate(sorted(axes)):
            shape[ax] = a.shape[ax]
        w = core._broadcast_to(w.reshape(tuple(shape)), a.shape)
    scl = _reduction.reduce('sum', w, axis, result_dtype, None, keepdims)
    num = _reduction.reduce('sum', cupy.multiply(a, w, dtype=result_dtype),
                            axis, result_dtype, None, keepdims)
    avg = cupy.true_divide(num, scl)
    if returned:
        if scl.shape != avg.shape:
            scl = core._broadcast_to(scl, avg.shape).copy()
        return avg, scl
    return avg
