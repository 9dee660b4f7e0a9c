"""choice, shuffle, permutation and bytes on the device.

Permutations come from the provider's random_permutation (aclnnRandperm):
a shuffle gathers along the axis with it.  Weighted choice with
replacement searches a uniform draw in the cumulative weights; without
replacement it draws one item per round and zeroes its weight (rounds =
the sample size, no synchronisation between them).
"""

import operator

import numpy

import cupy
from cupy._core import _routines_random as _rr

_I8 = numpy.int64


def _population(a):
    """(n, values or None) of choice's `a`."""
    if isinstance(a, cupy.ndarray):
        if a.ndim != 1:
            raise ValueError('a must be 1-dimensional')
        return a.shape[0], a
    arr = numpy.asarray(a)
    if arr.ndim == 0:
        try:
            n = operator.index(a)
        except TypeError:
            raise ValueError('a must be 1-dimensional or an integer')
        if n <= 0:
            raise ValueError('a must be greater than 0 unless no samples '
                             'are taken')
        return n, None
    if arr.ndim != 1:
        raise ValueError('a must be 1-dimensional')
    return arr.shape[0], cupy.asarray(arr)


def _weights(p, n):
    p = cupy.asarray(p, dtype=numpy.float64)
    if p.ndim != 1:
        raise ValueError('p must be 1-dimensional')
    if p.shape[0] != n:
        raise ValueError('a and p must have same size')
    ph = cupy.asnumpy(p)      # NumPy checks p before drawing
    if numpy.any(numpy.isnan(ph)) or numpy.any(ph < 0):
        raise ValueError('probabilities are not non-negative')
    if abs(ph.sum() - 1.0) > numpy.sqrt(numpy.finfo(numpy.float64).eps):
        raise ValueError('probabilities do not sum to 1')
    return p, int(numpy.count_nonzero(ph))


def _search(cdf, u, n):
    idx = cupy.searchsorted(cdf, u * cdf[-1], side='right')
    return cupy.minimum(idx, n - 1)


def choice(stream, a, size=None, replace=True, p=None, axis=0):
    n, values = _population(a)
    shape = _rr._shape(size)
    k = 1
    for d in shape:
        k *= d
    if n == 0 and k:
        raise ValueError("a cannot be empty unless no samples are taken")
    if p is not None:
        p, nonzero = _weights(p, n)
    if replace:
        if p is None:
            idx = _rr.integers(stream, shape, _I8, 0, n) if n else \
                cupy.zeros(shape, _I8)
        else:
            cdf = cupy.cumsum(p)
            idx = _search(cdf, _rr.uniform(stream, shape, numpy.float64), n)
    else:
        if k > n:
            raise ValueError("Cannot take a larger sample than population "
                             "when 'replace=False'")
        if p is None:
            idx = permutation_indices(stream, n)[:k].reshape(shape)
        else:
            if k > nonzero:
                raise ValueError('Fewer non-zero entries in p than size')
            idx = _weighted_without_replacement(stream, p, n, k, shape)
    if values is None:
        return idx
    return cupy.take(values, idx, axis=axis)


def _weighted_without_replacement(stream, p, n, k, shape):
    w = p.copy()
    out = cupy.empty((k,), _I8)
    for i in range(k):
        cdf = cupy.cumsum(w)
        j = _search(cdf, _rr.uniform(stream, (1,), numpy.float64), n)
        out[i:i + 1] = j
        w[j] = 0
    return out.reshape(shape)


def permutation_indices(stream, n):
    return _rr.permutation(stream, n)


def shuffle(stream, x, axis=0):
    if not isinstance(x, cupy.ndarray):
        raise TypeError('The array must be cupy.ndarray')
    if x.ndim == 0:
        raise TypeError('An array whose ndim is 0 is not supported')
    axis = _norm_axis(axis, x.ndim)
    perm = _rr.permutation(stream, x.shape[axis])
    x[...] = cupy.take(x, perm, axis=axis)


def permutation(stream, x, axis=0):
    if isinstance(x, (int, numpy.integer)):
        if x < 0:
            raise ValueError('n must be non-negative')
        return _rr.permutation(stream, int(x))
    x = cupy.asarray(x)
    if x.ndim == 0:
        raise TypeError('x must be an integer or at least 1-dimensional')
    axis = _norm_axis(axis, x.ndim)
    return cupy.take(x, _rr.permutation(stream, x.shape[axis]), axis=axis)


def _norm_axis(axis, ndim):
    axis = operator.index(axis)
    if not -ndim <= axis < ndim:
        raise numpy.exceptions.AxisError(axis, ndim)
    return axis % ndim


def permuted(stream, x, axis=None, out=None):
    """Each slice along `axis` shuffled independently (Generator.permuted),
    one permutation per slice (a loop over the slices)."""
    x = cupy.asarray(x)
    if out is None:
        out = x.copy()
    elif out is not x:
        if not isinstance(out, cupy.ndarray) or out.shape != x.shape:
            raise ValueError('out must have the same shape as x')
        out[...] = x
    if axis is None:
        src = out.reshape(-1).copy()
        out[...] = cupy.take(src, _rr.permutation(stream, src.size)).reshape(
            out.shape)
        return out
    axis = _norm_axis(axis, x.ndim)
    moved = cupy.moveaxis(out, axis, -1)       # a view of out
    m = moved.shape[-1]
    for idx in numpy.ndindex(moved.shape[:-1]):
        row = moved[idx]
        row[...] = cupy.take(row.copy(), _rr.permutation(stream, m))
    return out


def random_bytes(stream, length):
    v = _rr.integers(stream, (int(length),), numpy.uint8, 0, 256)
    return cupy.asnumpy(v).tobytes()
