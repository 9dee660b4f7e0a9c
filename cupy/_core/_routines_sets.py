"""Set routines of the array core: unique (and the array API's unique_*),
isin, intersect1d, union1d, setdiff1d and setxor1d, on the sort engine
(_sort_keys.py) in NumPy's order.

A result whose size depends on the data is selected with one ``nonzero``
(the provider's, which reads the count back: the routine's one
synchronisation, TODO.md); everything before it (sorts, neighbour
comparisons, binary searches as sorts) and after it (gathers, cumulative
sums, scatters) stays on the device.  isin has a data-independent size and
does not synchronise.
"""

import collections

import numpy

from cupy._core import _routines_creation
from cupy._core import _routines_manipulation
from cupy._core import _routines_sorting
from cupy._core import _routines_ufuncs as ufuncs
from cupy._core import _shape
from cupy._core import _sort_keys
from cupy._core import core
from cupy._core._operands import as_array
from cupy._core._operands import numpy_standin

_INT64 = numpy.dtype(numpy.int64)
_BOOL = numpy.dtype(numpy.bool_)

UniqueAllResult = collections.namedtuple(
    'UniqueAllResult', ['values', 'indices', 'inverse_indices', 'counts'])
UniqueCountsResult = collections.namedtuple(
    'UniqueCountsResult', ['values', 'counts'])
UniqueInverseResult = collections.namedtuple(
    'UniqueInverseResult', ['values', 'inverse_indices'])


def _new_mask(n):
    return core._empty((n,), _BOOL)


def _first_mask(s, equal_nan):
    """True where the sorted 1-d ``s`` starts a run of equal values (NaNs
    one run when ``equal_nan``; they sort last)."""
    n = s.shape[0]
    mask = _new_mask(n)
    core._fill(mask[:1], True)
    if n > 1:
        neq = ufuncs.not_equal(s[1:], s[:-1])
        if equal_nan and s.dtype.kind in 'fc':
            both = ufuncs.logical_and(ufuncs.isnan(s[1:]),
                                      ufuncs.isnan(s[:-1]))
            neq = ufuncs.logical_and(neq, ufuncs.logical_not(both))
        core._copy_to(mask[1:], neq)
    return mask


def _first_key_mask(key, equal_nan):
    """``_first_mask`` of the sorted int64 key of sort_keyed: a run starts
    where the key changes, and at every NaN (the largest key) unless
    ``equal_nan`` (always True for uint64, whose largest key is a value)."""
    n = key.shape[0]
    mask = _new_mask(n)
    core._fill(mask[:1], True)
    if n > 1:
        ufuncs.not_equal(key[1:], key[:-1], out=mask[1:])
        if not equal_nan:
            nan = ufuncs.equal(key[1:], _sort_keys.NAN_KEY)
            ufuncs.logical_or(mask[1:], nan, out=mask[1:])
    return mask


def _selected(mask):
    """The int64 positions of the True elements (the one sync)."""
    return _routines_sorting.nonzero(mask)[0]


def _inverse(mask, perm):
    """inverse[perm[i]] = (number of run starts up to i) - 1."""
    n = mask.shape[0]
    inv = core._empty((n,), _INT64)
    run = ufuncs.subtract(mask.cumsum(dtype=_INT64), numpy.int64(1))
    core._run('put_nd', (inv._as_view(),), (run._as_view(),
                                             perm._as_view()))
    return inv


def _counts(idx, n):
    ext = core._empty((idx.shape[0] + 1,), _INT64)
    core._copy_to(ext[:-1], idx)
    core._fill(ext[-1:], n)
    return ufuncs.subtract(ext[1:], ext[:-1])


def _unique_flat(flat, return_index, return_inverse, return_counts,
                 equal_nan):
    n = flat.shape[0]
    if n == 0:
        empty = core._empty((0,), _INT64)
        return flat.copy(), empty, empty, empty
    srt, perm, keyed = _sort_keys.sort_keyed(flat, True)
    if keyed:
        # float64/uint64: neighbours compared on the sorted key, and only
        # the unique values gathered (unique float64 at 2^24: the gather
        # of every value was a sixth of its time, benchmarks/RESULTS.md)
        mask = _first_key_mask(srt, equal_nan or flat.dtype.kind != 'f')
        idx = _selected(mask)
        uniq = flat.take(perm.take(idx))
    else:
        mask = _first_mask(srt, equal_nan)
        idx = _selected(mask)
        uniq = srt.take(idx)
    index = perm.take(idx) if return_index else None
    inverse = _inverse(mask, perm) if return_inverse else None
    counts = _counts(idx, n) if return_counts else None
    return uniq, index, inverse, counts


def _to_front(ar, axis):
    if not axis:
        return ar
    order = [axis] + [i for i in range(ar.ndim) if i != axis]
    return _shape.transpose(ar, order)


def _unique_rows(ar, axis, return_index, return_inverse, return_counts):
    """unique along ``axis``: the sub-arrays compared lexicographically
    (stable passes over the columns, last column first)."""
    moved = _to_front(ar, axis)
    n = moved.shape[0]
    rows = moved.reshape(n, -1)
    width = rows.shape[1]
    if n == 0 or width == 0:
        take = min(n, 1)
        perm = _routines_creation.index_range(n)
        mask = _new_mask(n)
        if n:
            core._fill(mask, False)
            core._fill(mask[:1], True)
        idx = perm[:take]
    else:
        perm = None
        for j in range(width - 1, -1, -1):
            col = rows[:, j]
            if perm is not None:
                col = col.take(perm)
            _, p = _sort_keys.sort_last(col, True, False)
            perm = p if perm is None else perm.take(p)
        srt = rows.take(perm, axis=0)
        mask = _new_mask(n)
        core._fill(mask[:1], True)
        if n > 1:
            core._copy_to(mask[1:], ufuncs.not_equal(
                srt[1:], srt[:-1]).any(axis=1))
        idx = _selected(mask)
    uniq = moved.take(perm.take(idx), axis=0)
    if axis:
        order = list(range(1, axis + 1)) + [0] + list(
            range(axis + 1, ar.ndim))
        uniq = _shape.transpose(uniq, order)
    index = perm.take(idx) if return_index else None
    inverse = _inverse(mask, perm) if return_inverse else None
    counts = _counts(idx, n) if return_counts else None
    return uniq, index, inverse, counts


def unique(ar, return_index=False, return_inverse=False,
           return_counts=False, axis=None, *, equal_nan=True, sorted=True):
    """``numpy.unique`` (the values always come sorted)."""
    ar = as_array(ar)
    if axis is None:
        uniq, index, inverse, counts = _unique_flat(
            ar.ravel(), return_index, return_inverse, return_counts,
            equal_nan)
        if inverse is not None:
            inverse = inverse.reshape(ar.shape)
    else:
        # NumPy's checks of the axis, and NumPy's answer for an empty `ar`
        found = numpy.unique(numpy_standin(ar), return_index,
                             return_inverse, return_counts, axis=axis,
                             equal_nan=equal_nan)
        if ar.size == 0:
            if isinstance(found, tuple):
                return tuple(as_array(f) for f in found)
            return as_array(found)
        axis = _shape.normalize_axis(axis, ar.ndim)
        uniq, index, inverse, counts = _unique_rows(
            ar, axis, return_index, return_inverse, return_counts)
    out = (uniq,)
    if return_index:
        out += (index,)
    if return_inverse:
        out += (inverse,)
    if return_counts:
        out += (counts,)
    return out[0] if len(out) == 1 else out


def unique_values(x):
    """The array API's unique_values: ``unique(x, equal_nan=False)``."""
    return unique(x, equal_nan=False)


def unique_counts(x):
    return UniqueCountsResult(*unique(x, return_counts=True,
                                      equal_nan=False))


def unique_inverse(x):
    v, inv = unique(x, return_inverse=True, equal_nan=False)
    return UniqueInverseResult(v, inv.reshape(as_array(x).shape))


def unique_all(x):
    v, i, inv, c = unique(x, True, True, True, equal_nan=False)
    return UniqueAllResult(v, i, inv.reshape(as_array(x).shape), c)


# ------------------------------------------------------------ membership

def _common(*arrays):
    dt = numpy.result_type(*[a.dtype for a in arrays])
    return [a if a.dtype == dt else a.astype(dt) for a in arrays]


def _found(values, sorted_set):
    """For each of ``values`` (1-d), whether it equals an element of the
    sorted 1-d ``sorted_set``: a search and one comparison (no sync)."""
    m = sorted_set.shape[0]
    if m == 0 or values.shape[0] == 0:
        res = _new_mask(values.shape[0])
        core._fill(res, False)
        return res, None
    pos = _routines_sorting.searchsorted(sorted_set, values)
    at = ufuncs.minimum(pos, numpy.int64(m - 1))
    return ufuncs.equal(sorted_set.take(at), values), pos


_KINDS = (None, 'sort', 'table')


def isin(element, test_elements, assume_unique=False, invert=False, *,
         kind=None):
    """``numpy.isin``: whether each element occurs in ``test_elements``
    (a sort of the test elements and a binary search; every ``kind``
    takes that path)."""
    if kind not in _KINDS:
        raise ValueError("Invalid kind: '{}'. Please use None, 'sort' or "
                         "'table'.".format(kind))
    element = as_array(element)
    test = as_array(test_elements).ravel()
    if kind == 'table' and not all(x.dtype.kind in 'biu'
                                   for x in (element, test)):
        raise ValueError(
            "The 'table' method is only supported for boolean or integer "
            "arrays. Please select 'sort' or None for kind.")
    flat, test = _common(element.ravel(), test)
    s, _ = _sort_keys.sort_last(test, False, True)
    res, _ = _found(flat, s)
    if invert:
        res = ufuncs.logical_not(res)
    return res.reshape(element.shape)


def in1d(ar1, ar2, assume_unique=False, invert=False, *, kind=None):
    """``isin`` of the flattened ``ar1`` (NumPy 1's ``in1d``)."""
    return isin(as_array(ar1).ravel(), ar2, assume_unique, invert,
                kind=kind)


def _sorted_unique_mask(x, assume_unique):
    s, perm = _sort_keys.sort_last(x, True, True)
    if assume_unique:
        mask = _new_mask(s.shape[0])
        core._fill(mask, True)
    else:
        mask = _first_mask(s, True)
    return s, perm, mask


def intersect1d(ar1, ar2, assume_unique=False, return_indices=False):
    """The sorted values in both arrays (``numpy.intersect1d``); with
    ``return_indices`` the first positions of each in ar1 and ar2."""
    a, b = _common(as_array(ar1).ravel(), as_array(ar2).ravel())
    sa, pa, ma = _sorted_unique_mask(a, assume_unique)
    sb, pb = _sort_keys.sort_last(b, True, True)
    found, pos = _found(sa, sb)
    idx = _selected(ufuncs.logical_and(ma, found))
    res = sa.take(idx)
    if not return_indices:
        return res
    if pos is None:
        return res, idx, idx
    return res, pa.take(idx), pb.take(pos.take(idx))


def union1d(ar1, ar2):
    """The sorted unique values of both arrays (``numpy.union1d``)."""
    a, b = _common(as_array(ar1).ravel(), as_array(ar2).ravel())
    return unique(_routines_manipulation.concatenate([a, b]))


def setdiff1d(ar1, ar2, assume_unique=False):
    """The unique values of ar1 not in ar2 (``numpy.setdiff1d``; with
    ``assume_unique``, ar1's values in their order)."""
    a = as_array(ar1).ravel()
    b = as_array(ar2).ravel()
    if assume_unique:
        keep = isin(a, b, invert=True)
        return a.take(_selected(keep))
    sa, _, ma = _sorted_unique_mask(a, False)
    keep = ufuncs.logical_and(ma, isin(sa, b, invert=True))
    return sa.take(_selected(keep))


def setxor1d(ar1, ar2, assume_unique=False):
    """The sorted unique values in exactly one of the arrays
    (``numpy.setxor1d``)."""
    a, b = _common(as_array(ar1).ravel(), as_array(ar2).ravel())
    sa, _, ma = _sorted_unique_mask(a, assume_unique)
    sb, _, mb = _sorted_unique_mask(b, assume_unique)
    fa, _ = _found(sa, sb)
    fb, _ = _found(sb, sa)
    keep = _routines_manipulation.concatenate([
        ufuncs.logical_and(ma, ufuncs.logical_not(fa)),
        ufuncs.logical_and(mb, ufuncs.logical_not(fb))])
    both = _routines_manipulation.concatenate([sa, sb])
    picked = both.take(_selected(keep))
    return _routines_sorting.sort(picked)
