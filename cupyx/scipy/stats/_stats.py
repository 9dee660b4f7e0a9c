"""zscore, zmap and trim_mean as scipy.stats has them (axis, ddof,
nan_policy), on the device through this library's reductions and sort."""

import numpy

import cupy

_NAN_POLICIES = ('propagate', 'raise', 'omit')


def _check_nan_policy(nan_policy):
    if nan_policy not in _NAN_POLICIES:
        raise ValueError('nan_policy must be one of {{{}}}'.format(
            ', '.join("'{}'".format(p) for p in _NAN_POLICIES)))


def zmap(scores, compare, axis=0, ddof=0, nan_policy='propagate'):
    """The z-scores of `scores` relative to the mean and standard
    deviation of `compare` along `axis`."""
    _check_nan_policy(nan_policy)
    like_zscore = scores is compare
    scores = cupy.asarray(scores)
    compare = cupy.asarray(compare)
    dt = numpy.result_type(scores.dtype, compare.dtype)
    if dt.kind not in 'fc':
        dt = numpy.dtype(numpy.float64)
    scores = scores.astype(dt, copy=False)
    compare = compare.astype(dt, copy=False)
    if compare.size == 0:
        return cupy.empty(scores.shape, dt)
    if nan_policy == 'raise' and bool(cupy.isnan(compare).any()):
        raise ValueError('The input contains nan values')
    if nan_policy == 'omit':
        if axis is None:
            c = compare.ravel()
            mn = cupy.nanmean(c)
            std = cupy.nanstd(c, ddof=ddof)
        else:
            mn = cupy.nanmean(compare, axis=axis, keepdims=True)
            std = cupy.nanstd(compare, axis=axis, ddof=ddof, keepdims=True)
    else:
        if axis is None:
            mn = compare.mean()
            std = compare.std(ddof=ddof)
        else:
            mn = compare.mean(axis=axis, keepdims=True)
            std = compare.std(axis=axis, ddof=ddof, keepdims=True)
    z = (scores - mn) / std
    if like_zscore:
        # a constant slice has no z-scores (SciPy: std <= |eps mean|)
        eps = numpy.finfo(z.dtype).eps
        zero = cupy.broadcast_to(std <= cupy.abs(eps * mn), z.shape)
        z = cupy.where(zero, numpy.nan, z)
    return z


def zscore(a, axis=0, ddof=0, nan_policy='propagate'):
    """The z-scores of `a` along `axis` (zmap of a against itself)."""
    a = cupy.asarray(a)
    return zmap(a, a, axis=axis, ddof=ddof, nan_policy=nan_policy)


def trim_mean(a, proportiontocut, axis=0):
    """The mean of `a` along `axis` after cutting `proportiontocut` of
    the sorted values off each end."""
    a = cupy.asarray(a)
    if a.size == 0:
        return cupy.asarray(numpy.nan)
    if axis is None:
        a = a.ravel()
        axis = 0
    n = a.shape[axis]
    lowercut = int(proportiontocut * n)
    uppercut = n - lowercut
    if lowercut > uppercut:
        raise ValueError('Proportion too big.')
    atmp = cupy.sort(a, axis=axis)
    sl = [slice(None)] * atmp.ndim
    sl[axis] = slice(lowercut, uppercut)
    return cupy.mean(atmp[tuple(sl)], axis=axis)
