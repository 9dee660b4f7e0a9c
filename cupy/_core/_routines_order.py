"""Order statistics of the array core: median, nanmedian, quantile,
nanquantile, percentile and nanpercentile, on the device.

The reduced axes are moved last and merged into one, which is sorted
(the sort engine, _sort_keys.py: NaNs last); median selects its two
middle values instead (the provider's kthvalue, O(n)).  The positions
NumPy reads follow from the count of values per slice: the axis length,
or for the NaN-ignoring forms the count of non-NaN values, a device array
(so the positions, the interpolation weights and the gathers are
computed on the device and nothing is read back).  The 13 methods are NumPy 2's
(Hyndman and Fan's definitions, numpy/lib/_function_base_impl.py): each
gives a virtual index from (n, q); the continuous ones interpolate with
NumPy's two-sided lerp so the rounding matches.
"""

import warnings

import numpy

from cupy._core import _routines_manipulation
from cupy._core import _routines_ufuncs as ufuncs
from cupy._core import _shape
from cupy._core import _sort_keys
from cupy._core import core
from cupy._core._operands import as_array
from cupy._core._operands import numpy_standin
from cupy._core._routines_math import where as _where

_F64 = numpy.dtype(numpy.float64)
_INT64 = numpy.dtype(numpy.int64)

# (alpha, beta) of the continuous methods (Hyndman and Fan 1996)
_CONTINUOUS = {'interpolated_inverted_cdf': (0.0, 1.0), 'hazen': (0.5, 0.5),
               'weibull': (0.0, 0.0), 'median_unbiased': (1 / 3.0, 1 / 3.0),
               'normal_unbiased': (3 / 8.0, 3 / 8.0)}
_DISCRETE = ('inverted_cdf', 'closest_observation', 'lower', 'higher',
             'nearest')
METHODS = tuple(_CONTINUOUS) + _DISCRETE + (
    'linear', 'averaged_inverted_cdf', 'midpoint')


# ------------------------------------------------------------- the axes

def _moved(a, axis):
    """(a's view with the reduced axes last, the kept axes' shape, the
    count of reduced elements, the keepdims shape)."""
    if axis is None:
        axes = tuple(range(a.ndim))
    else:
        axes = _shape.normalize_axes(
            (axis,) if numpy.ndim(axis) == 0 else tuple(axis), a.ndim)
    kept = [i for i in range(a.ndim) if i not in axes]
    moved = _shape.transpose(a, kept + sorted(axes))
    rest = tuple(a.shape[i] for i in kept)
    n = 1
    for i in axes:
        n *= a.shape[i]
    keep_shape = tuple(1 if i in axes else a.shape[i] for i in range(a.ndim))
    return moved, rest, n, keep_shape


def _merged(a, axis):
    """(a with the reduced axes last, merged into one, as (R, N); the
    kept shape; the keepdims shape)."""
    moved, rest, n, keep_shape = _moved(a, axis)
    r = 1
    for d in rest:
        r *= d
    return moved.reshape(r, n), rest, keep_shape


def _store_sorted(a, axis, s):
    # overwrite_input: NumPy leaves a partitioned in place; a sorted axis
    # is such a partition (and saves nothing here, but callers that pass
    # overwrite_input=True may rely on a being reused)
    moved = _moved(a, axis)[0]
    core._copy_to(moved, s.reshape(moved.shape))


def _finish(res, lead, rest, keep_shape, keepdims, out):
    res = res.reshape(lead + (keep_shape if keepdims else rest))
    if out is not None:
        core._copy_to(out, res)
        return out
    return res


def _col(s, idx):
    """s[r, idx[r]] for each row r (idx int64 of shape (R,))."""
    return _sort_keys.pick_last(s, idx)


def _last_is_nan(s):
    return ufuncs.isnan(s[:, s.shape[1] - 1])


def _counts(s, nan):
    """Valid values per row: N, or the non-NaN ones (float64 and int64)."""
    rows, n = s.shape
    if nan and s.dtype.kind in 'fc':
        cnt = ufuncs.logical_not(ufuncs.isnan(s)).sum(axis=1, dtype=_INT64)
    else:
        cnt = core._empty((rows,), _INT64)
        core._fill(cnt, n)
    return cnt


# ----------------------------------------------------------- quantiles

def _lerp(a, b, t):
    """NumPy's lerp: a + (b-a)t, or b - (b-a)(1-t) where t >= 0.5."""
    if a.dtype.kind == 'b':
        # NumPy keeps bool only where no interpolation happens (the result
        # is cast back); booleans interpolate as 0 and 1
        a, b = a.astype(numpy.float64), b.astype(numpy.float64)
    d = ufuncs.subtract(b, a)
    lo = ufuncs.add(a, ufuncs.multiply(d, t))
    hi = ufuncs.subtract(b, ufuncs.multiply(d, ufuncs.subtract(1.0, t)))
    return _where(ufuncs.greater_equal(t, 0.5), hi, lo)


def _discrete_index(nf, q, method):
    if method == 'lower':
        return ufuncs.floor(ufuncs.multiply(ufuncs.subtract(nf, 1.0), q))
    if method == 'higher':
        return ufuncs.ceil(ufuncs.multiply(ufuncs.subtract(nf, 1.0), q))
    if method == 'nearest':
        return ufuncs.rint(ufuncs.multiply(ufuncs.subtract(nf, 1.0), q))
    idx = ufuncs.subtract(ufuncs.multiply(nf, q), 1.0)
    if method == 'closest_observation':
        idx = ufuncs.subtract(idx, 0.5)
    prev = ufuncs.floor(idx)
    at_prev = ufuncs.equal(ufuncs.subtract(idx, prev), 0.0)
    if method == 'closest_observation':
        at_prev = ufuncs.logical_and(at_prev, ufuncs.equal(
            ufuncs.remainder(prev, 2.0), 1.0))
    res = _where(at_prev, prev, ufuncs.add(prev, 1.0))
    return ufuncs.maximum(res, 0.0)


def _virtual_index(nf, q, method):
    if method in ('linear', 'midpoint'):
        vi = ufuncs.multiply(ufuncs.subtract(nf, 1.0), q)
        if method == 'midpoint':
            vi = ufuncs.multiply(0.5, ufuncs.add(ufuncs.floor(vi),
                                                 ufuncs.ceil(vi)))
        return vi
    if method == 'averaged_inverted_cdf':
        return ufuncs.subtract(ufuncs.multiply(nf, q), 1.0)
    alpha, beta = _CONTINUOUS[method]
    return ufuncs.subtract(ufuncs.add(ufuncs.multiply(nf, q),
                                      alpha + q * (1 - alpha - beta)), 1.0)


def _fix_gamma(gamma, vi, method):
    if method == 'averaged_inverted_cdf':
        return _where(ufuncs.equal(gamma, 0.0), 0.5, 1.0)
    if method == 'midpoint':
        return _where(ufuncs.equal(ufuncs.remainder(vi, 1.0), 0.0), 0.0, 0.5)
    return gamma


def _one_quantile(s, cnt, q, method, dtype):
    """The q-quantile of each row of the sorted (R, N) s with cnt valid
    values per row (positions clipped into [0, cnt - 1]), the positions
    computed in q's dtype as NumPy does."""
    nf = cnt.astype(q.dtype)
    top = ufuncs.maximum(ufuncs.subtract(cnt, numpy.int64(1)),
                         numpy.int64(0))
    if method in _DISCRETE:
        idx = ufuncs.minimum(_discrete_index(nf, q, method).astype(_INT64),
                             top)
        return _col(s, idx)
    vi = _virtual_index(nf, q, method)
    prev = ufuncs.floor(vi)
    above = ufuncs.greater_equal(vi, ufuncs.subtract(nf, 1.0))
    below = ufuncs.less(vi, 0.0)
    lo = _where(below, 0.0, prev)
    # NumPy's index of the last value is -1 when it weighs gamma
    gamma = ufuncs.subtract(vi, _where(above, -1.0, lo))
    gamma = _fix_gamma(gamma, vi, method)
    ilo = _where(above, top, ufuncs.minimum(lo.astype(_INT64), top))
    ihi = _where(above, top, ufuncs.minimum(
        ufuncs.add(lo, _where(below, 0.0, 1.0)).astype(_INT64), top))
    a = _col(s, ilo)
    b = _col(s, ihi)
    if dtype != a.dtype:
        a, b = a.astype(dtype), b.astype(dtype)
    return _lerp(a, b, gamma.astype(dtype) if dtype.itemsize < 8 else gamma)


def _ask_numpy(func, a, *args, **kwargs):
    """NumPy's own argument checks (bool data with an interpolating
    method, q=None, a bool or tuple axis, an empty slice quantile's
    IndexError ...) on numpy_standin(a).  An empty stand-in warns as
    NumPy does."""
    with warnings.catch_warnings():
        if a.size:
            warnings.simplefilter('ignore')
        return func(numpy_standin(a), *args, **kwargs)


def _check_q(q, scale):
    # NumPy computes the positions in q's floating dtype (q / 100 too)
    qh = numpy.asarray(q.get() if isinstance(q, core.ndarray) else q)
    if qh.dtype.kind != 'f':
        qh = qh.astype(_F64)
    if scale != 1:
        qh = numpy.true_divide(qh, qh.dtype.type(scale))
    if qh.ndim > 2:
        raise ValueError('q must be a scalar or 1d')
    if qh.size and not ((qh >= 0).all() and (qh <= 1).all()):
        raise ValueError('Percentiles must be in the range [0, 100]'
                         if scale == 100 else
                         'Quantiles must be in the range [0, 1]')
    return qh


def quantile(a, q, axis=None, out=None, overwrite_input=False,
             method='linear', keepdims=False, *, weights=None,
             interpolation=None, _nan=False, _scale=1):
    """numpy.quantile / nanquantile / percentile / nanpercentile.  ``q``
    is read on the host (it decides the result's shape, as in NumPy)."""
    a_in, a = a, as_array(a)
    if interpolation is not None:
        method = interpolation
    if a.dtype.kind == 'c':
        raise TypeError('a must be an array of real numbers')
    if weights is None:
        func = {(False, 1): numpy.quantile, (True, 1): numpy.nanquantile,
                (False, 100): numpy.percentile,
                (True, 100): numpy.nanpercentile}[_nan, _scale]
        # NumPy's result on the stand-in also gives its result dtype,
        # which varies with the method and q's type
        ref_dtype = numpy.asarray(_ask_numpy(
            func, a, q.get() if isinstance(q, core.ndarray) else q,
            axis=axis, method=method, keepdims=keepdims)).dtype
    if method not in METHODS:
        raise ValueError('{!r} is not a valid method. Use one of: {}'.format(
            method, METHODS))
    qh = _check_q(q, _scale)
    if weights is not None and method != 'inverted_cdf':
        raise ValueError("Only method 'inverted_cdf' supports weights. "
                         'Got: {}.'.format(method))
    s2, rest, keep_shape = _merged(a, axis)
    # (weights come only with inverted_cdf, a discrete method)
    dtype = a.dtype if weights is not None else ref_dtype
    rows, n = s2.shape
    if n == 0 or rows == 0:
        res = core._empty((qh.size, rows), numpy.dtype(dtype))
        core._fill(res, numpy.nan)
        return _finish(res, qh.shape, rest, keep_shape, keepdims, out)
    if weights is not None:
        s, w = _weighted_sorted(a, s2, weights, axis)
    else:
        s = _sort_keys.sort_last(s2, False, True)[0]
        if overwrite_input and a is a_in:
            _store_sorted(a, axis, s)
    cnt = _counts(s, _nan)
    outs = []
    for q1 in qh.ravel():
        if weights is not None:
            r = _weighted_one(s, w, q1)
        else:
            r = _one_quantile(s, cnt, q1, method, numpy.dtype(dtype))
        if r.dtype != dtype:
            r = r.astype(dtype)
        if s.dtype.kind == 'f':
            bad = (ufuncs.equal(cnt, numpy.int64(0)) if _nan
                   else _last_is_nan(s))
            r = _where(bad, numpy.dtype(dtype).type(numpy.nan), r)
        outs.append(r)
    res = _routines_manipulation.stack(outs)
    return _finish(res, qh.shape, rest, keep_shape, keepdims, out)


def _weighted_sorted(a, s2, weights, axis):
    w = as_array(weights)
    if w.shape != a.shape:
        if w.ndim != 1 or axis is None or numpy.ndim(axis) != 0 or (
                w.shape[0] != a.shape[axis]):
            raise ValueError('Shape of weights must be consistent with '
                             'shape of a along specified axis.')
        shape = [1] * a.ndim
        shape[_shape.normalize_axis(axis, a.ndim)] = w.shape[0]
        w = core._broadcast_to(w.reshape(tuple(shape)), a.shape)
    w2 = _merged(w, axis)[0]
    if bool(ufuncs.less(w2, 0).any()):
        raise ValueError('Weights must be non-negative.')
    s, perm = _sort_keys.sort_last(s2, True, True)
    ws = _sort_keys.take_last(w2, perm)
    cdf = ws.cumsum(axis=1, dtype=_F64)
    cdf = ufuncs.true_divide(cdf, cdf[:, -1:])
    cdf = _where(ufuncs.equal(cdf, 0.0), -1.0, cdf)
    return s, cdf


def _weighted_one(s, cdf, q):
    # NumPy: the first position whose cumulative weight reaches q
    idx = ufuncs.less(cdf, q).sum(axis=1, dtype=_INT64)
    idx = ufuncs.minimum(idx, numpy.int64(s.shape[1] - 1))
    return _col(s, idx)


# --------------------------------------------------------------- median

def _next_below(s2, kth, k):
    """The (k-1)-th smallest element of each row of s2 (rows, n), given
    its k-th smallest ``kth``: the largest element below it when exactly
    k lie below, else ``kth`` itself (a tie).  Two elementwise passes and
    two reductions, cheaper than a second selection."""
    below = ufuncs.less(s2, kth.reshape(-1, 1))
    if s2.dtype.kind == 'f':
        floor = s2.dtype.type(-numpy.inf)
    elif s2.dtype.kind == 'b':
        floor = False
    else:
        floor = numpy.iinfo(s2.dtype).min
    largest = _where(below, s2, s2.dtype.type(floor)).max(axis=1)
    exact = ufuncs.equal(below.sum(axis=1), numpy.int64(k))
    return _where(exact, largest, kth)


def median(a, axis=None, out=None, overwrite_input=False, keepdims=False,
           _nan=False):
    """numpy.median (the mean of the two middle values) and nanmedian."""
    a = as_array(a)
    _ask_numpy(numpy.nanmedian if _nan else numpy.median, a, axis=axis,
               keepdims=keepdims)
    s2, rest, keep_shape = _merged(a, axis)
    rows, n = s2.shape
    dtype = numpy.result_type(a.dtype, _F64) if a.dtype.kind in 'biu' \
        else a.dtype
    if n == 0 or rows == 0:
        res = core._empty((rows,), numpy.dtype(dtype))
        core._fill(res, numpy.nan)
        return _finish(res, (), rest, keep_shape, keepdims, out)
    work = numpy.dtype(numpy.float32) if dtype == numpy.float16 else dtype
    if _nan and s2.dtype.kind in 'fc':
        s = _sort_keys.sort_last(s2, False, True)[0]
        cnt = _counts(s, True)
        one = numpy.int64(1)
        lo = _col(s, ufuncs.maximum(ufuncs.floor_divide(
            ufuncs.subtract(cnt, one), numpy.int64(2)), numpy.int64(0)))
        hi = _col(s, ufuncs.minimum(ufuncs.floor_divide(cnt, numpy.int64(2)),
                                    numpy.int64(n - 1)))
        bad = ufuncs.equal(cnt, numpy.int64(0))
    else:
        # the two middle order statistics by selection (no full sort);
        # a NaN anywhere makes the median NaN, as in NumPy
        hi = _sort_keys.kth_last(s2, n // 2, nan_last=False)[0]
        if n % 2:
            lo = hi
        elif s2.dtype.kind in 'bif' or (s2.dtype.kind == 'u' and
                                         s2.dtype.itemsize < 8):
            # (uint64 max runs on the host: a second selection instead)
            lo = _next_below(s2, hi, n // 2)
        else:
            lo = _sort_keys.kth_last(s2, n // 2 - 1)[0]
        bad = (ufuncs.isnan(s2).any(axis=1) if s2.dtype.kind in 'fc'
               else None)
    res = ufuncs.multiply(ufuncs.add(lo.astype(work), hi.astype(work)),
                          work.type(0.5))
    if bad is not None:
        res = _where(bad, work.type(numpy.nan), res)
    if res.dtype != dtype:
        res = res.astype(dtype)
    return _finish(res, (), rest, keep_shape, keepdims, out)
