"""Order statistics and moments of the array core: maxima, minima, the
peak-to-peak range, means, variances and standard deviations (plain and
NaN-ignoring), decided by cupy/_core/reduction/_reduce.py.

``ndarray`` methods call these; ``cupy/_statistics`` re-exports them.
"""

import numpy

from cupy._core.reduction import _reduce as _reduction
from cupy._core import _routines_ufuncs
from cupy._core._operands import as_array
from cupy._core.reduction._reduce import NoValue


def amax(a, axis=None, out=None, keepdims=False, initial=NoValue,
         where=True):
    """Maximum along the given axes (``numpy.amax``); NaN propagates.
    An empty reduced axis without ``initial`` is NumPy's ValueError."""
    return _reduction.reduce('max', a, axis, None, out, keepdims, initial,
                             where, numpy_name='max')


def amin(a, axis=None, out=None, keepdims=False, initial=NoValue,
         where=True):
    """Minimum along the given axes (``numpy.amin``); NaN propagates."""
    return _reduction.reduce('min', a, axis, None, out, keepdims, initial,
                             where, numpy_name='min')


def nanmax(a, axis=None, out=None, keepdims=False, initial=NoValue,
           where=True):
    """Maximum ignoring NaNs (``numpy.nanmax``): an all-NaN slice gives
    NaN (without NumPy's RuntimeWarning, which would need the data on the
    host)."""
    return _reduction.reduce('nanmax', a, axis, None, out, keepdims,
                             initial, where)


def nanmin(a, axis=None, out=None, keepdims=False, initial=NoValue,
           where=True):
    """Minimum ignoring NaNs (``numpy.nanmin``)."""
    return _reduction.reduce('nanmin', a, axis, None, out, keepdims,
                             initial, where)


def ptp(a, axis=None, out=None, keepdims=False):
    """Range of values, maximum - minimum (``numpy.ptp``)."""
    a = as_array(a)
    # NumPy's order: the maximum checks out (its shape and cast) first
    hi = amax(a, axis, out, keepdims)
    lo = amin(a, axis, None, keepdims)
    return _routines_ufuncs.subtract(hi, lo, out=out)


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
    a = _nan_inexact(a, dtype, out)
    return _reduction.reduce('nanmean', a, axis, dtype, out, keepdims,
                             where=where)


def _nan_inexact(a, dtype, out):
    """NumPy's nanmean/nanvar/nanstd of a float or complex array take only
    a float or complex dtype and out, checked before anything else."""
    a = as_array(a)
    if a.dtype.kind not in 'fc':
        return a
    if dtype is not None and numpy.dtype(dtype).kind not in 'fc':
        raise TypeError('If a is inexact, then dtype must be inexact')
    if out is not None and getattr(out, 'dtype', None) is not None and \
            out.dtype.kind not in 'fc':
        raise TypeError('If a is inexact, then out must be inexact')
    return a


def nanvar(a, axis=None, dtype=None, out=None, ddof=0, keepdims=False, *,
           where=True, mean=_reduction.NoValue,
           correction=_reduction.NoValue):
    """Variance ignoring NaNs (``numpy.nanvar``)."""
    a = _nan_inexact(a, dtype, out)
    return _variance('nanvar', a, axis, dtype, out, ddof, keepdims, where,
                     mean, correction)


def nanstd(a, axis=None, dtype=None, out=None, ddof=0, keepdims=False, *,
           where=True, mean=_reduction.NoValue,
           correction=_reduction.NoValue):
    """Standard deviation ignoring NaNs (``numpy.nanstd``)."""
    a = _nan_inexact(a, dtype, out)
    return _variance('nanstd', a, axis, dtype, out, ddof, keepdims, where,
                     mean, correction)
