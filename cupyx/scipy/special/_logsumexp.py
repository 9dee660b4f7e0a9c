"""logsumexp, softmax and log_softmax (scipy.special's), on the device
through this library's reductions and ufuncs.

logsumexp follows SciPy 1.15+'s algorithm (Blanchard, Higham and Higham
2021, "Accurately computing the log-sum-exp and softmax functions"): the
maximal terms are taken out of the sum (their weight m), the rest summed
shifted, and the result is log1p(s / m) + log(m) + max; where that is not
finite the plain log(sum(b exp(a))) gives the limit (infinities, all
-inf, signs), as SciPy does.  Complex input: _logsumexp_complex.py.
"""

import numpy
from numpy.lib.array_utils import normalize_axis_tuple

import cupy
from cupyx.scipy.special._logsumexp_complex import logsumexp_complex


def _floating(a, b):
    dt = a.dtype if b is None else numpy.result_type(a.dtype, b.dtype)
    if dt.kind not in 'fc':
        dt = numpy.result_type(dt, numpy.float64)
    return dt


def _normalize_axis(axis, ndim):
    if axis is None:
        return tuple(range(ndim))
    return normalize_axis_tuple(axis, ndim)


def logsumexp(a, axis=None, b=None, keepdims=False, return_sign=False):
    """log(sum(b * exp(a))) along `axis`, computed without overflow
    (``scipy.special.logsumexp``)."""
    a = cupy.asarray(a)
    b = None if b is None else cupy.asarray(b)
    dt = _floating(a, b)
    a = a.astype(dt, copy=False)
    if b is not None:
        b = b.astype(dt, copy=False)
        a, b = cupy.broadcast_arrays(a, b)
    if a.ndim == 0:
        a = a.reshape(1)
        b = None if b is None else b.reshape(1)
    axis = _normalize_axis(axis, a.ndim)
    if a.size == 0:
        shape = tuple(1 if i in axis else n for i, n in enumerate(a.shape))
        out = cupy.full(shape, -numpy.inf, dtype=dt)
        sgn = cupy.sign(out)
    elif dt.kind == 'c':
        out, sgn = logsumexp_complex(a, b, axis, return_sign)
    else:
        out, sgn = _logsumexp(a, b, axis, return_sign)
    if not keepdims:
        out = out.squeeze(axis=axis)
        sgn = sgn.squeeze(axis=axis)
    return (out, sgn) if return_sign else out


def _logsumexp(a, b, axis, return_sign):
    # the plain formula: the limits where the careful one is not finite
    bea = cupy.exp(a) if b is None else b * cupy.exp(a)
    total = cupy.sum(bea, axis=axis, keepdims=True)
    sgn_inf = cupy.sign(total)
    out_inf = cupy.log(cupy.abs(total) if return_sign else total)
    if b is not None:
        # a zero weight drops its term, whatever a is
        a = cupy.where(b == 0, -numpy.inf, a)
    a_max = cupy.max(a, axis=axis, keepdims=True)
    i_max = a == a_max
    a_rest = cupy.where(i_max, -numpy.inf, a)
    w_max = i_max.astype(a.dtype) if b is None else cupy.where(i_max, b, 0)
    m = cupy.sum(w_max, axis=axis, keepdims=True)
    e = cupy.exp(a_rest - a_max)
    if b is not None:
        e = b * e
    s = cupy.sum(e, axis=axis, keepdims=True)
    s = cupy.where(s == 0, s, s / m)
    sgn = cupy.sign(s + 1) * cupy.sign(m)
    s = cupy.where(s < -1, -s - 2, s)
    out = cupy.log1p(s) + cupy.log(cupy.abs(m)) + a_max
    if not return_sign:
        out = cupy.where(sgn < 0, numpy.nan, out)
    finite = cupy.isfinite(out)
    out = cupy.where(finite, out, out_inf)
    sgn = cupy.where(finite, sgn, sgn_inf)
    return out, sgn


def softmax(x, axis=None):
    """exp(x) / sum(exp(x)) along `axis` (``scipy.special.softmax``)."""
    # no cast first: an integer x promotes as NumPy's exp promotes it
    # (int8 -> float16), which is SciPy's result dtype
    x = cupy.asarray(x)
    x_max = cupy.amax(x, axis=axis, keepdims=True)
    e = cupy.exp(x - x_max)
    return e / cupy.sum(e, axis=axis, keepdims=True)


def log_softmax(x, axis=None):
    """log(softmax(x)) along `axis`, computed without cancellation
    (``scipy.special.log_softmax``)."""
    x = cupy.asarray(x)
    x_max = cupy.amax(x, axis=axis, keepdims=True)
    x_max = cupy.where(cupy.isfinite(x_max), x_max, 0)
    tmp = x - x_max
    s = cupy.sum(cupy.exp(tmp), axis=axis, keepdims=True)
    return tmp - cupy.log(s)
