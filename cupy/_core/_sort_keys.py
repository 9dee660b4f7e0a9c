"""The array core's sort engine: a stable sort along the last axis in
NumPy's order, for every dtype NumPy sorts, on the provider's 'sort'.

The provider sorts bool, the integers up to 32 bits and int64, float16
and float32 (operations.md, 'Sorting and searching'), in NumPy's order.
For the other dtypes the core composes the sort from the provider's,
exactly and on the device (the capability path's 'composed' route):

- float64: its bits as int64, mapped to an order-preserving key: a
  negative float's bits (sign set) are flipped in the low 63 bits, so a
  larger magnitude gives a smaller key; -0.0 is mapped to +0.0's key and
  every NaN to the largest key (NumPy: NaN last, -0.0 ties 0.0).  One
  int64 sort of the keys; the values are gathered with its indices, so
  NaN payloads and the signs of zeros are kept.
- uint64: its bits as int64 with the sign bit flipped (an exact, order
  preserving bijection).
- complex: NumPy's order is lexicographic on (real, imag) with NaNs last:
  finite values, then real + nan j (by real), nan + imag j (by imag), then
  nan + nan j.  Three stable passes, least significant first: the imag
  key, the real key (NaN parts zeroed) and the NaN class (0..3).

A loop the provider lacks and the composition cannot build falls back to
the host (counted, ``CUPY_HOST_FALLBACK``).
"""

import numpy

from cupy._core import _dispatch
from cupy._core import _fallback
from cupy._core import _indexing
from cupy._core import _routines_creation
from cupy._core._routines_math import where as _where
from cupy._core import _routines_ufuncs as ufuncs
from cupy._core import _shape
from cupy._core import core
from cupy_backends.backend.provider import OperationNotSupported

_INT64 = numpy.dtype(numpy.int64)
_INT8 = numpy.dtype(numpy.int8)
_I64_MAX = numpy.int64(numpy.iinfo(numpy.int64).max)
_I64_MIN = numpy.int64(numpy.iinfo(numpy.int64).min)
# every NaN's float_key (and no other value's)
NAN_KEY = _I64_MAX
# aclnn tensors have at most 8 dimensions (aclnn.md section 8).
_MAX_DIMS = 8
# the sort's own loops each composed dtype needs
_NEEDS = {numpy.dtype(numpy.float64): (_INT64,),
          numpy.dtype(numpy.uint64): (_INT64,),
          numpy.dtype(numpy.complex64): (numpy.dtype(numpy.float32), _INT8),
          numpy.dtype(numpy.complex128): (_INT64, _INT8)}


def _resolve(op, key):
    """The core's route for a sort loop the provider lacks."""
    needs = _NEEDS.get(numpy.dtype(key))
    if needs and all(_dispatch.device_has('sort', d) for d in needs):
        return 'composed'
    return 'host'


_dispatch.register_resolver(_resolve, ('sort',))
# a selection the provider lacks: from integer keys or from the sort
_dispatch.register_resolver(lambda op, key: 'composed', ('kthvalue',))


def _device_sort(a, stable, want_indices=True):
    """(values, int64 indices) of the provider's sort along the last
    axis of ``a`` (a dtype the provider lists); indices None unless
    ``want_indices`` (a provider may then skip them: operations.md)."""
    values = core._empty(a.shape, a.dtype)
    indices = core._empty(a.shape, _INT64)
    attrs = {'axis': a.ndim - 1, 'stable': bool(stable),
             'descending': False}
    if not want_indices:
        attrs['indices'] = False
    core._run('sort', (values._as_view(), indices._as_view()),
              (a._as_view(),), attrs)
    return values, (indices if want_indices else None)


def take_last(x, idx):
    """``take_along_axis(x, idx, -1)`` for idx of x's shape (int64 in
    range): one gather of x's elements at the flat positions row * n +
    idx (a one-index gather is cheaper than a (row, column) pair)."""
    n = x.shape[-1]
    rows = x.size // n if n else 0
    flat = idx.reshape(rows * n)
    if rows > 1:
        offsets = ufuncs.multiply(
            _routines_creation.index_range(rows).reshape(rows, 1),
            numpy.int64(n))
        flat = ufuncs.add(idx.reshape(rows, n), offsets).reshape(rows * n)
    out = _indexing._gather(x.reshape(rows * n), (flat,), (rows * n,))
    return out.reshape(x.shape)


def float_key(x, nan_last=True):
    """An int64 (float64 x) key whose order is NumPy's order of x; with
    ``nan_last=False`` NaNs keep keys by their bits (for callers that
    replace a NaN's result anyway: two passes fewer)."""
    bits = _shape.view_as(x, _INT64)
    # a negative float's bits are I64_MIN + m (m its magnitude's bits):
    # its key is -m = I64_MIN - bits (larger magnitude, smaller key; -0.0
    # meets +0.0 at 0, no overflow), a positive's its bits; every NaN
    # becomes the largest key.  Three passes (compare, subtract, select):
    # on the simulator 2^24 elements take 33 ms against 75 ms for the
    # five integer steps used before (sign * I64_MAX, xor, add).
    key = _where(ufuncs.less(bits, _INT64.type(0)),
                 ufuncs.subtract(_I64_MIN, bits), bits)
    if not nan_last:
        return key
    return _where(ufuncs.isnan(x), _I64_MAX, key)


def _part_key(x):
    # a complex part with NaNs already replaced: float32 sorts natively
    return float_key(x) if x.dtype.itemsize == 8 else x


def sort_keys(a):
    """The keys of ``a``, least significant first, whose lexicographic
    order (stable passes) is NumPy's order of ``a``."""
    k = a.dtype.kind
    if k == 'f':
        return [float_key(a)]
    if k == 'u':
        return [ufuncs.bitwise_xor(_shape.view_as(a, _INT64), _I64_MIN)]
    if k == 'c':
        re, im = a.real, a.imag
        rn, inan = ufuncs.isnan(re), ufuncs.isnan(im)
        cls = ufuncs.add(ufuncs.multiply(rn.astype(_INT8), numpy.int8(2)),
                         inan.astype(_INT8))
        zero = re.dtype.type(0)
        return [_part_key(_where(inan, zero, im)),
                _part_key(_where(rn, zero, re)), cls]
    raise TypeError('no sort keys for dtype {}'.format(a.dtype))


def _composed(a, stable, want_values):
    # the first pass may be unstable when the caller allows it (ties of
    # equal keys are equal values up to zero signs and NaN payloads, as in
    # NumPy's own unstable sort); the later passes keep the earlier order
    perm = None
    for key in sort_keys(a):
        k = key if perm is None else take_last(key, perm)
        _, p = _device_sort(k, stable or perm is not None)
        perm = p if perm is None else take_last(perm, p)
    values = take_last(a, perm) if want_values else None
    return values, perm


def _host(a, stable, want_values):
    _fallback.enter('sort', a.dtype.char)
    h = a.get()
    idx = numpy.argsort(h, axis=-1, kind='stable' if stable else None)
    out_i = core._empty(a.shape, _INT64)
    out_i.set(numpy.ascontiguousarray(idx))
    if not want_values:
        return None, out_i
    out_v = core._empty(a.shape, a.dtype)
    out_v.set(numpy.ascontiguousarray(numpy.take_along_axis(h, idx, -1)))
    return out_v, out_i


def sort_last(a, stable=False, want_values=True, want_indices=True):
    """(sorted values or None, int64 indices) of ``a`` (rank >= 1) along
    its last axis, in NumPy's order; stable when asked (the provider's
    sorts and the compositions are stable whenever ``stable``).  Without
    ``want_indices`` the indices may be None (values only)."""
    if a.ndim > _MAX_DIMS:
        v, i = sort_last(a.reshape(-1, a.shape[-1]), stable, want_values)
        return (None if v is None else v.reshape(a.shape)), i.reshape(a.shape)
    if a.size == 0:
        return (core._empty(a.shape, a.dtype) if want_values else None,
                core._empty(a.shape, _INT64))
    route = _dispatch.route('sort', a.dtype)
    if route in ('native', 'cast'):
        try:
            values, indices = _device_sort(
                a, stable, want_indices or not want_values)
            return (values if want_values else None), indices
        except OperationNotSupported:
            route = 'host'
    if route == 'composed':
        try:
            return _composed(a, stable, want_values)
        except OperationNotSupported:
            pass
    return _host(a, stable, want_values)


def sort_keyed(a, stable=False):
    """(sorted, int64 perm, keyed) of the 1-d ``a`` (non-empty).  For a
    dtype whose sort is composed from one integer key (float64, uint64),
    ``sorted`` is that key sorted (keyed True): equal keys are equal values
    in NumPy's order (-0.0 and 0.0 equal, every NaN equal and the largest
    key, NAN_KEY), so a caller that only compares neighbours and picks a
    few elements (unique) skips gathering every value through the
    permutation.  Otherwise ``sort_last``'s sorted values (keyed False)."""
    if (a.dtype in _NEEDS and a.dtype.kind in 'fu' and
            _dispatch.route('sort', a.dtype) == 'composed'):
        try:
            key, perm = _device_sort(sort_keys(a)[0], stable)
            return key, perm, True
        except OperationNotSupported:
            pass
    values, perm = sort_last(a, stable, True)
    return values, perm, False


def pick_last(x, idx):
    """x[..., idx[...]]: one element of each row along the last axis."""
    n = x.shape[-1]
    rows = x.size // n
    out = _indexing._gather(
        x.reshape(rows, n),
        (_routines_creation.index_range(rows), idx.reshape(rows)), (rows,))
    return out.reshape(idx.shape)


def _device_kth(a, k):
    shape = a.shape[:-1]
    values = core._empty(shape, a.dtype)
    indices = core._empty(shape, _INT64)
    core._run('kthvalue', (values._as_view(), indices._as_view()),
              (a._as_view(),), {'axis': a.ndim - 1, 'k': k})
    return values, indices


def kth_last(a, k, nan_last=True):
    """(values, int64 indices) of the k-th smallest (0-based) element of
    each row along the last axis of ``a`` (non-empty), in NumPy's order:
    the provider's selection, on the integer key of float64 and uint64,
    else the k-th column of a sort.  ``nan_last=False``: the caller
    replaces the result of a row with a NaN, which may then be anywhere
    in the order (a cheaper float key)."""
    if 0 < a.ndim <= _MAX_DIMS:
        if _dispatch.route('kthvalue', a.dtype) in ('native', 'cast'):
            try:
                return _device_kth(a, k)
            except OperationNotSupported:
                pass
        elif a.dtype.kind in 'fu' and a.dtype in _NEEDS and (
                _dispatch.device_has('kthvalue', _INT64)):
            try:
                key = float_key(a, nan_last) if a.dtype.kind == 'f' \
                    else sort_keys(a)[0]
                _, idx = _device_kth(key, k)
                return pick_last(a, idx), idx
            except OperationNotSupported:
                pass
    values, indices = sort_last(a, False, True)
    return values[..., k], indices[..., k]


def _capability_rows():
    """The 'sorting' rows of ``python -m cupy info``: the route of the
    sort of each dtype."""
    return {('sorting', 'sort', c): _dispatch.route('sort', c) or 'host'
            for c in '?bhilBHILefdFD'}


def _register_rows():
    from cupy._core.elementwise import _capability
    _capability.register_rows(_capability_rows)


_register_rows()
