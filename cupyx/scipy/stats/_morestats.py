"""boxcox_llf (scipy.stats'), on the device through logsumexp."""

import math

import numpy

import cupy
from cupyx.scipy import special


def _log_mean(logx, axis):
    return (special.logsumexp(logx, axis=axis, keepdims=True) -
            math.log(logx.shape[axis]))


def _log_var(logx, axis):
    # log of the variance of x from log(x), through logsumexp (SciPy's
    # stable form: no exp of large values, no cancellation in x - mean)
    logmean = cupy.broadcast_to(_log_mean(logx, axis), logx.shape)
    ones = cupy.ones_like(logx)
    logxmu, _ = special.logsumexp(cupy.stack((logx, logmean)), axis=0,
                                  b=cupy.stack((ones, -ones)),
                                  return_sign=True)
    return special.logsumexp(2 * logxmu, axis=axis) - \
        math.log(logx.shape[axis])


def boxcox_llf(lmb, data, *, axis=0):
    """The log-likelihood of the Box-Cox transform with parameter `lmb`
    of `data`, along `axis`."""
    data = cupy.asarray(data)
    dt = data.dtype if data.dtype.kind in 'fc' else numpy.dtype('d')
    data = data.astype(dt, copy=False)
    if axis is None:
        data = data.ravel()
        axis = 0
    n = data.shape[axis]
    if n == 0:
        return cupy.asarray(numpy.nan, dtype=dt)
    logdata = cupy.log(data)
    if lmb == 0:
        logvar = cupy.log(cupy.var(logdata, axis=axis))
    else:
        logx = lmb * logdata
        logvar = _log_var(logx, axis) - 2 * math.log(abs(lmb))
    res = (lmb - 1) * cupy.sum(logdata, axis=axis) - n / 2 * logvar
    return res.astype(dt, copy=False)
