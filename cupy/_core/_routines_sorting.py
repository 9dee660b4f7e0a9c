"""Searching and sorting routines of the array core: argmax/argmin (and
the NaN-ignoring forms), nonzero, flatnonzero, sort, argsort, partition,
argpartition, lexsort and searchsorted (the sorts run on the sort engine,
_sort_keys.py: NumPy's order for every dtype, on the device).

``nonzero`` runs the provider's 'nonzero' operation, which returns the
number of nonzero elements to the host (the result's size depends on the
data, so this is the one place that synchronises).  ``ndarray`` methods
and the core's indexing call these; ``cupy/_sorting`` re-exports them.
"""

import operator

import numpy

from cupy._core.reduction import _reduce as _reduction
from cupy._core import _routines_ufuncs as ufuncs
from cupy._core import _routines_creation
from cupy._core import _routines_manipulation
from cupy._core import _shape
from cupy._core import _sort_keys
from cupy._core import core
from cupy._core._operands import as_array

_INT64 = numpy.dtype(numpy.int64)
_F64 = numpy.dtype(numpy.float64)
_I64_MAX = numpy.int64(numpy.iinfo(numpy.int64).max)


def _index_dtype(r, dtype):
    # CuPy's extension: the indices in another integer dtype
    if dtype is None:
        return r
    dtype = numpy.dtype(dtype)
    if dtype.kind not in 'iu':
        raise TypeError('argmax/argmin: dtype must be an integer type, not '
                        '{}'.format(dtype))
    return r.astype(dtype, copy=False)


def argmax(a, axis=None, out=None, *, keepdims=False, dtype=None):
    """Indices of the maximum values along an axis (``numpy.argmax``;
    ``dtype`` as in CuPy)."""
    return _index_dtype(
        _reduction.reduce('argmax', a, axis, None, out, keepdims), dtype)


def argmin(a, axis=None, out=None, *, keepdims=False, dtype=None):
    """Indices of the minimum values along an axis (``numpy.argmin``;
    ``dtype`` as in CuPy)."""
    return _index_dtype(
        _reduction.reduce('argmin', a, axis, None, out, keepdims), dtype)


def nanargmax(a, axis=None, out=None, *, keepdims=False):
    """argmax ignoring NaNs (``numpy.nanargmax``).  NumPy raises for an
    all-NaN slice; checking that would need the data on the host, so the
    result there is an index of that slice (as in CuPy)."""
    return _reduction.reduce('nanargmax', a, axis, None, out, keepdims)


def nanargmin(a, axis=None, out=None, *, keepdims=False):
    """argmin ignoring NaNs (``numpy.nanargmin``); see nanargmax."""
    return _reduction.reduce('nanargmin', a, axis, None, out, keepdims)


def _argwhere_rows(a):
    """The (count, ndim) int64 coordinates of a's nonzero elements, in C
    order (a has at least one dimension)."""
    nd = a.ndim
    if a.size == 0:
        return core._empty((0, nd), _INT64)
    buf = core._empty((a.size, nd), _INT64)
    count = core._run('nonzero', (buf._as_view(),), (a._as_view(),))
    if count == a.size:
        return buf
    out = core._empty((count, nd), _INT64)
    if count:
        core._copy_to(out, buf[:count])
    return out


def nonzero(a):
    """The indices of the nonzero elements: a tuple of 1-d int64 arrays,
    one per dimension, in C order."""
    a = as_array(a)
    if a.ndim == 0:
        raise ValueError(
            'Calling nonzero on 0d arrays is not allowed. Use '
            'cupy.atleast_1d(scalar).nonzero() instead.')
    rows = _argwhere_rows(a)
    # one contiguous (ndim, count) array whose rows are the results
    out = core._empty((a.ndim, rows.shape[0]), _INT64)
    if out.size:
        core._copy_to(out, rows.T)
    return tuple(out[i] for i in range(a.ndim))


def flatnonzero(a):
    """The indices of the nonzero elements of ``a`` flattened."""
    a = as_array(a)
    return nonzero(a.ravel())[0]


# ------------------------------------------------------------------ sort

_KINDS = {'q': 'quicksort', 'h': 'heapsort', 'm': 'mergesort',
          's': 'stable'}


def _stable(kind, stable):
    """Whether NumPy's (kind, stable) arguments ask for a stable sort;
    NumPy's errors for bad ones.  Every sort here is stable anyway when
    it costs nothing: the provider's is."""
    if kind is not None and stable is not None:
        raise ValueError("`kind` and keyword parameters can't be provided "
                         "at the same time. Use only one of them.")
    if kind is None:
        return bool(stable)
    if not isinstance(kind, str) or not kind or kind[0].lower() not in _KINDS:
        raise ValueError("sort kind must be one of 'quick', 'heap', or "
                         "'stable' (got {!r})".format(kind))
    return kind[0].lower() in 'ms'


def _check_order(a, order):
    if order is not None:
        raise ValueError('Cannot specify order when the array has no fields.')


def _along(a, axis):
    """(a with `axis` last, the normalised axis); axis=None flattens."""
    if axis is None:
        return a.ravel(), None
    if a.ndim == 0:
        raise numpy.exceptions.AxisError(axis, 0)
    axis = _shape.normalize_axis(axis, a.ndim)
    if axis != a.ndim - 1:
        a = _shape.swapaxes(a, axis, -1)
    return a, axis


def _back(x, axis, ndim):
    if axis is None or axis == ndim - 1:
        return x
    return _shape.swapaxes(x, axis, -1)


def _check_axis_type(axis, bool_ok=True):
    # NumPy reads the axis (an int or None) before it looks at `kind`;
    # argsort refuses a bool axis, sort takes it as an int
    if axis is None:
        return
    if isinstance(axis, (bool, numpy.bool_)):
        if bool_ok:
            return
        raise TypeError('an integer is required for the axis')
    operator.index(axis)


def _sorted(a, axis, kind, order, stable, want_values):
    a = as_array(a)
    _check_axis_type(axis)
    st = _stable(kind, stable)
    _check_order(a, order)
    if axis is None:
        moved, ax = a.ravel(), None
    else:
        moved, ax = _along(a, axis)
    values, idx = _sort_keys.sort_last(moved, st, want_values,
                                       not want_values)
    nd = 1 if ax is None else a.ndim
    res = values if want_values else idx
    # the axis back in place, as a C-contiguous array like NumPy's result
    res = _back(res, ax, nd)
    if ax is not None and ax != a.ndim - 1:
        res = res.copy()
    return res


def sort(a, axis=-1, kind=None, order=None, *, stable=None):
    """A sorted copy of ``a`` (``numpy.sort``): NaNs last, -0.0 tied with
    0.0, complex lexicographic."""
    return _sorted(a, axis, kind, order, stable, True)


def argsort(a, axis=-1, kind=None, order=None, *, stable=None):
    """The int64 indices that sort ``a`` along ``axis`` (``numpy.argsort``;
    a 0-d ``a`` gives [0], as NumPy's)."""
    a = as_array(a)
    _check_axis_type(axis, bool_ok=False)
    if a.ndim == 0:
        # NumPy sorts a 0-d array as one of shape (1,): axis -1, 0 or None
        if axis is not None:
            _shape.normalize_axis(axis, 1)
        axis = None
    return _sorted(a, axis, kind, order, stable, False)


def sort_inplace(a, axis=-1, kind=None, order=None, *, stable=None):
    """``ndarray.sort``: sort ``a`` in place along ``axis``."""
    if axis is None:
        raise TypeError("'NoneType' object cannot be interpreted as an "
                        "integer")
    res = _sorted(a, axis, kind, order, stable, True)
    core._copy_to(a, res)


def _kths(kth, n):
    """NumPy's kth: an int or a sequence of ints, each in [-n, n)."""
    ks = numpy.asarray(kth.get() if isinstance(kth, core.ndarray) else kth)
    if ks.dtype.kind not in 'iu':
        raise TypeError('Partition index must be integer')
    if ks.ndim > 1:
        raise ValueError('kth array must have dimension <= 1')
    for k in ks.ravel():
        if n and not -n <= k < n:      # NumPy checks no kth of an empty axis
            raise ValueError('kth(={}) out of bounds ({})'.format(k, n))


def _check_partition(a, kth, axis, kind):
    if kind != 'introselect':
        raise ValueError("select kind must be 'introselect' (got {!r})".format(
            kind))
    n = a.size if axis is None else a.shape[
        _shape.normalize_axis(axis, a.ndim)]
    _kths(kth, n)


def partition(a, kth, axis=-1, kind='introselect', order=None):
    """``numpy.partition``: a full sort along ``axis``, which is one of the
    partitions NumPy may return (every element before position k is no
    larger than a[k], every one after no smaller)."""
    a = as_array(a)
    if a.ndim == 0 and axis is not None:
        raise numpy.exceptions.AxisError(axis, 0)
    _check_partition(a, kth, axis, kind)
    return _sorted(a, axis, None, order, None, True)


def argpartition(a, kth, axis=-1, kind='introselect', order=None):
    """``numpy.argpartition``: the indices of a full sort (see partition)."""
    a = as_array(a)
    if a.ndim == 0:
        axis = None
    _check_partition(a, kth, axis, kind)
    return _sorted(a, axis, None, order, None, False)


def partition_inplace(a, kth, axis=-1, kind='introselect', order=None):
    """``ndarray.partition``."""
    _check_partition(a, kth, axis, kind)
    sort_inplace(a, axis, None, order)


def lexsort(keys, axis=-1):
    """Indices sorting by several keys, the last one primary
    (``numpy.lexsort``): stable passes, least significant key first."""
    if isinstance(keys, core.ndarray):
        if keys.ndim == 0:
            raise TypeError('need sequence of keys with len > 0 in lexsort')
        keys = [keys[i] for i in range(keys.shape[0])]
    else:
        keys = [as_array(k) for k in keys]
    if not keys:
        raise TypeError('need sequence of keys with len > 0 in lexsort')
    shape = keys[0].shape
    for k in keys:
        if k.shape != shape:
            raise ValueError('all keys need to be the same shape')
    if len(shape) == 0:
        return _zero_index()
    perm = None
    for k in keys:
        moved, ax = _along(k, axis)
        if perm is not None:
            moved = _sort_keys.take_last(moved, perm)
        _, p = _sort_keys.sort_last(moved, True, False)
        perm = p if perm is None else _sort_keys.take_last(perm, p)
    return _back(perm, ax, len(shape)).copy()


def _zero_index():
    out = core._empty((), _INT64)
    core._fill(out, 0)
    return out


# ---------------------------------------------------------- searchsorted

def searchsorted(a, v, side='left', sorter=None):
    """Indices where ``v`` would be inserted into the sorted 1-d ``a`` to
    keep it sorted (NumPy's order: NaN last, -0.0 equal to 0.0).

    A binary search of every value at once on the device: both sides
    become order-preserving int64 keys (NumPy's common dtype first), ``a``
    is padded with the largest key to 2**k - 1 elements, and each of the k
    rounds gathers one probe per value and moves its position by the
    round's power of two: O(n + m log n) work, no synchronisation.  Many
    values against a short ``a`` (where that costs more than sorting),
    and complex values, are searched by one stable sort of ``a`` and
    ``v`` together instead, O((n + m) log(n + m)).  (aclnnSearchSorted is not used: its NaN order is
    undocumented and its optional ``sorter`` would be the call layer's
    first NULL tensor; see operations.md.)
    """
    if not isinstance(a, core.ndarray):
        raise TypeError('searchsorted: `a` must be a cupy.ndarray')
    if a.ndim != 1:
        raise ValueError('object too deep for desired array')
    if side not in ('left', 'right'):
        raise ValueError(
            "side must be 'left' or 'right' (got {!r})".format(side))
    if sorter is not None:
        sorter = as_array(sorter)
        if sorter.dtype.kind not in 'iu':
            raise TypeError('sorter must only contain integers')
        if sorter.shape != a.shape:
            raise ValueError('sorter.size must equal a.size')
        a = a.take(sorter)
    if isinstance(v, core.ndarray):
        vd = v
    elif numpy.ndim(v) == 0:
        vd = _routines_creation.array(numpy.asarray(v))
    else:
        raise TypeError('searchsorted: `v` must be a cupy.ndarray or a '
                        'scalar (got {})'.format(type(v).__name__))
    n, m = a.size, vd.size
    out = core._empty(vd.shape, _INT64)
    if m == 0:
        return out
    if n == 0:
        core._fill(out, 0)
        return out
    dt = numpy.result_type(a.dtype, vd.dtype)
    af = a if a.dtype == dt else a.astype(dt)
    vf = vd.ravel()
    vf = vf if vf.dtype == dt else vf.astype(dt)
    # the binary search costs about m * log2(n) probes, the joint sort
    # about (n + m) element moves per key byte group; measured on the
    # simulator (2026-11-27, benchmarks/RESULTS.md), the search wins below
    # about 4 (8 for 8-byte keys) probes per sorted element
    per_element = 8 if dt.itemsize == 8 else 4
    if dt.kind == 'c' or m * n.bit_length() > per_element * (n + m):
        found = _search_by_sort(af, vf, side == 'left')
    else:
        found = _binary_search(_search_key(af), _search_key(vf),
                               side == 'left')
    core._copy_to(out, found.reshape(vd.shape))
    return out


def _search_key(x):
    """int64 keys in NumPy's sort order of x (a non-complex dtype)."""
    if x.dtype.kind == 'f':
        return _sort_keys.float_key(x if x.dtype == _F64 else x.astype(_F64))
    if x.dtype.kind == 'u' and x.dtype.itemsize == 8:
        return _sort_keys.sort_keys(x)[0]
    return x.astype(_INT64)


def _binary_search(ka, kv, left):
    """For each key of kv, the count of keys of the sorted ka below it
    (left) or not above it (right)."""
    n = ka.size
    rounds = n.bit_length()             # 2**rounds - 1 >= n
    padded = core._empty(((1 << rounds) - 1,), _INT64)
    core._copy_to(padded[:n], ka)
    if padded.size > n:
        core._fill(padded[n:], _I64_MAX)
    probe_ok = ufuncs.less if left else ufuncs.less_equal
    pos = core._empty(kv.shape, _INT64)
    core._fill(pos, 0)
    for r in reversed(range(rounds)):
        step = numpy.int64(1 << r)
        probe = padded.take(ufuncs.add(pos, step - 1))
        pos = ufuncs.add(pos, ufuncs.multiply(probe_ok(probe, kv), step))
    # past the end only through the padding (a NaN key, side='right')
    return ufuncs.minimum(pos, numpy.int64(n)) if not left else pos


def _search_by_sort(af, vf, left):
    # one stable sort of a and v together: with v placed before a (left)
    # or after it (right), ties put the value on the right side of the
    # equal elements of a; the count of a's elements before each value in
    # that order is its index (O((n + m) log(n + m)))
    n, m = af.size, vf.size
    cat = _routines_manipulation.concatenate([vf, af] if left else [af, vf])
    _, perm = _sort_keys.sort_last(cat, True, False)
    is_a = ufuncs.greater_equal(perm, m) if left else ufuncs.less(perm, n)
    before = is_a.cumsum(dtype=_INT64)
    rank = core._empty((n + m,), _INT64)
    # a View does not keep its array alive: the positions stay referenced
    # while the provider runs (it may allocate, and the pool reuse them)
    positions = _routines_creation.index_range(n + m)
    core._run('put_nd', (rank._as_view(),),
              (positions._as_view(), perm._as_view()))
    pos = rank[:m] if left else rank[n:]
    return before.take(pos)


def monotonicity(bins):
    """1 if the 1-d ``bins`` is monotonically increasing, -1 if
    decreasing, 0 if neither, decided as NumPy's digitize does (its
    check_array_monotonic): edges equal to the first are skipped, the
    first different edge sets the direction (``bins[0] < edge``: up, else
    down, so a NaN there means down), and then only a strict step the
    other way fails (NaN comparisons never do).  Reads four flags back in
    one copy (the caller raises on 0)."""
    if bins.size < 2:
        return 1
    head, tail, first = bins[:-1], bins[1:], bins[0]
    differs = ufuncs.not_equal(tail, first)
    at = differs.argmax()
    up = ufuncs.less(first, tail[at])
    flags = _routines_manipulation.stack([
        differs.any(), up, ufuncs.greater(head, tail).any(),
        ufuncs.less(head, tail).any()]).get()
    if not flags[0]:
        return 1
    if flags[1]:
        return 0 if flags[2] else 1
    return 0 if flags[3] else -1
