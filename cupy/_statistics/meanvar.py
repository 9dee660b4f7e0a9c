"""Means, variances and standard deviations (plain, NaN-ignoring and
weighted)."""

import numpy

from cupy._core.reduction import _reduce as _reduction
from cupy._core import _routines_ufuncs as ufuncs
from cupy._core import core
from cupy._core._operands import as_array
from cupy._core._routines_statistics import mean
from cupy._core._routines_statistics import nanmean  # NOQA
from cupy._core._routines_statistics import nanstd  # NOQA
from cupy._core._routines_statistics import nanvar  # NOQA
from cupy._core._routines_statistics import std  # NOQA
from cupy._core._routines_statistics import var  # NOQA


def average(a, axis=None, weights=None, returned=False, *, keepdims=False):
    """Weighted average (``numpy.average``): sum(a * w) / sum(w) along
    ``axis``; ``returned=True`` also gives the sum of the weights."""
    a = as_array(a)
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
    w = as_array(weights)
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
    num = _reduction.reduce('sum', ufuncs.multiply(a, w, dtype=result_dtype),
                            axis, result_dtype, None, keepdims)
    avg = ufuncs.true_divide(num, scl)
    if returned:
        if scl.shape != avg.shape:
            scl = core._broadcast_to(scl, avg.shape).copy()
        return avg, scl
    return avg
