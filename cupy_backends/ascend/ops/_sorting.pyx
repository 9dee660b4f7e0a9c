# Sorting and selection on device (operations.md 'Sorting and
# searching'; ops.md section 6): one aclnnSort along one axis, writing the
# sorted values and their int64 positions; one aclnnKthvalue (the k-th
# smallest along one axis, in O(n): medians without a full sort).
#
# SORT maps the dtypes that run on device to how:
#   'native' bool, int8/16/32/64, uint8, float16, float32: aclnnSort, whose
#            A2 table lists them;
#   'cast'   uint16 -> int32 and uint32 -> int64 (exact widenings, order
#            preserved), aclnnSort, the values cast back.
# float64, uint64 and complex have no A2 sort and no exact widening: the
# core composes them from this sort on order-preserving integer keys
# (cupy/_core/_sort_keys.py).  The aclnnSort NaN placement is
# [unconfirmed] (ops.md 6); this provider promises NumPy's order (NaN last,
# -0.0 tied with 0.0), which is torch's documented order.
#
# Non-float sorts run on the AI CPU, which times out past 1.5e8 int64 or
# 7.25e8 smaller elements (ops.md 6): such a request raises
# OperationNotSupported and the core takes its capability path.

import numpy

from libc.stdint cimport intptr_t, int64_t

from cupy_backends.ascend.ops._copy cimport contiguous_copy, copy_desc
from cupy_backends.ascend.ops._dtype cimport (
    ACL_FLOAT, ACL_FLOAT16, ACL_INT32, ACL_INT64, ACL_UINT16, ACL_UINT32)
from cupy_backends.ascend.ops._aclnn cimport (
    OpSymbol, op_symbol, Args, args_init, arg_tensor, arg_int, aclnn_run)
from cupy_backends.ascend.ops._scratch cimport Scratch
from cupy_backends.ascend.ops._tensor cimport (
    Desc, ACLNN_MAX_DIMS, desc_from_view, desc_numel, desc_has_negative,
    desc_at_least_1d)
from cupy_backends.backend.provider cimport View

from cupy_backends.backend.provider import OperationNotSupported
from cupy_backends.ascend.ops._routes import by_dtype

SORT = by_dtype(native='?bhilBef', cast='HI')
# aclnnKthvalue (hicann ops-math math/kthvalue docs, Atlas A2): bf16 f16
# f32 s8 s16 s32 s64 u8; no bool, no f64.
KTHVALUE = by_dtype(native='bhilBef', cast='HI')

# ops.md 6: the AI CPU limits of the non-float sorts.
cdef int64_t _AICPU_MAX_S64 = 150000000
cdef int64_t _AICPU_MAX_SMALL = 725000000

cdef OpSymbol _sort_op = None
cdef OpSymbol _kth_op = None


cdef int _aclnn_select(OpSymbol op, const Desc* s, int64_t a1, int64_t a2,
                       int64_t a3, const Desc* v, const Desc* i,
                       Scratch sc) except -1:
    # aclnnSort(self, stable, dim, descending, valuesOut, indicesOut) and
    # aclnnKthvalue(self, k, dim, keepdim, valuesOut, indicesOut): one
    # argument shape
    cdef Args a
    args_init(&a)
    arg_tensor(&a, s)
    arg_int(&a, a1)
    arg_int(&a, a2)
    arg_int(&a, a3)
    arg_tensor(&a, v)
    arg_tensor(&a, i)
    return aclnn_run(op, &a, sc)


cdef int _run_select(OpSymbol op, Desc* s, int64_t a1, int64_t a2,
                     int64_t a3, const Desc* v, const Desc* i,
                     Scratch sc) except -1:
    # the operator on s, or on its exact widening (the 'cast' routes:
    # uint16 -> int32, uint32 -> int64) with the values cast back
    cdef Desc ws, wv
    cdef int wide = -1, wsize = 0
    if s.dtype == ACL_UINT16:
        wide, wsize = ACL_INT32, 4
    elif s.dtype == ACL_UINT32:
        wide, wsize = ACL_INT64, 8
    if desc_has_negative(s):
        contiguous_copy(s, sc)
    if wide < 0:
        return _aclnn_select(op, s, a1, a2, a3, v, i, sc)
    sc.temp(&ws, wide, wsize, s.ndim, s.shape)
    copy_desc(&ws, s, sc)
    sc.temp(&wv, wide, wsize, v.ndim, v.shape)
    _aclnn_select(op, &ws, a1, a2, a3, &wv, i, sc)
    return copy_desc(v, &wv, sc)


cdef int _check_limits(const Desc* s) except -1:
    cdef int64_t n = desc_numel(s)
    if s.dtype == ACL_FLOAT or s.dtype == ACL_FLOAT16:
        return 0
    if (s.dtype == ACL_INT64 and n > _AICPU_MAX_S64) or n > _AICPU_MAX_SMALL:
        raise OperationNotSupported(
            'sort: {} elements exceed the AI CPU sort limit'.format(n))
    return 0


cdef object run_sort(View values, View indices, View src, dict attrs,
                     intptr_t stream):
    cdef Desc s, v, i
    cdef int64_t axis = attrs.get('axis', -1)
    cdef bint stable = attrs.get('stable', True)
    cdef bint descending = attrs.get('descending', False)
    cdef Scratch sc
    route = SORT.get(src.dtype)
    if route is None or values.dtype != src.dtype:
        raise OperationNotSupported('sort of {}'.format(src.dtype))
    if indices.dtype != numpy.int64:
        raise ValueError('sort writes int64 indices, not {}'.format(
            indices.dtype))
    if values.shape != src.shape or indices.shape != src.shape:
        raise ValueError('sort: values {} and indices {} must have the '
                         'shape of the source {}'.format(
                             values.shape, indices.shape, src.shape))
    desc_from_view(&s, src)
    desc_from_view(&v, values)
    desc_from_view(&i, indices)
    if desc_numel(&s) == 0:
        return None
    if s.ndim > ACLNN_MAX_DIMS:
        raise OperationNotSupported('sort of {} dimensions'.format(s.ndim))
    if desc_has_negative(&v) or desc_has_negative(&i):
        raise ValueError('sort: the outputs must not have negative strides')
    if s.ndim and not 0 <= axis < s.ndim:
        raise ValueError('sort: axis {} of a {}-d view'.format(axis, s.ndim))
    _check_limits(&s)
    desc_at_least_1d(&s)
    desc_at_least_1d(&v)
    desc_at_least_1d(&i)
    global _sort_op
    if _sort_op is None:
        _sort_op = op_symbol('Sort')
    sc = Scratch(stream)
    try:
        _run_select(_sort_op, &s, stable, axis, descending, &v, &i, sc)
    finally:
        sc.release()
    return None


cdef object run_kthvalue(View values, View indices, View src, dict attrs,
                         intptr_t stream):
    # values/indices: src's shape without `axis`; attrs axis, k (0-based)
    cdef Desc s, v, i
    cdef int64_t axis = attrs['axis'], k = attrs['k']
    cdef Scratch sc
    if KTHVALUE.get(src.dtype) is None or values.dtype != src.dtype:
        raise OperationNotSupported('kthvalue of {}'.format(src.dtype))
    if indices.dtype != numpy.int64:
        raise ValueError('kthvalue writes int64 indices')
    shape = src.shape[:axis] + src.shape[axis + 1:]
    if not 0 <= axis < len(src.shape) or not 0 <= k < src.shape[axis] or (
            values.shape != shape or indices.shape != shape):
        raise ValueError('kthvalue: k {} of axis {} of {} into {}'.format(
            k, axis, src.shape, values.shape))
    desc_from_view(&s, src)
    desc_from_view(&v, values)
    desc_from_view(&i, indices)
    if s.ndim > ACLNN_MAX_DIMS:
        raise OperationNotSupported('kthvalue of {} dimensions'.format(
            s.ndim))
    global _kth_op
    if _kth_op is None:
        _kth_op = op_symbol('Kthvalue')
    sc = Scratch(stream)
    try:
        # k is 1-based (torch's kthvalue); keepdim false
        _run_select(_kth_op, &s, k + 1, axis, False, &v, &i, sc)
    finally:
        sc.release()
    return None


# ------------------------------------------------- the provider's tables --
# OPERATIONS: op -> entry(outs, ins, attrs, stream); ROUTES: op -> {loop
# dtype: route}.  _provider.pyx merges every family's tables.

def _sort_entry(tuple outs, tuple ins, dict attrs, intptr_t stream):
    return run_sort(outs[0], outs[1], ins[0], attrs, stream)


def _kthvalue_entry(tuple outs, tuple ins, dict attrs, intptr_t stream):
    return run_kthvalue(outs[0], outs[1], ins[0], attrs, stream)


OPERATIONS = {'sort': _sort_entry, 'kthvalue': _kthvalue_entry}
ROUTES = {'sort': SORT, 'kthvalue': KTHVALUE}
