# Integer-array indexing on device: take_nd (aclnnIndex) and put_nd
# (aclnnIndexPutImpl), torch-style: k int64 index tensors of one shape I
# index the first k axes; the result has shape I + src.shape[k:].
#
# Both operators lack some dtypes on Atlas A2 (ops.md 8); gathering and
# scattering move whole elements, so those run as the signed integer of
# the same size, and complex128 as pairs of int64 (a trailing axis of 2
# the index never touches).  Operands aclnn cannot take as they are
# (negative strides, a non-contiguous output) go through contiguous
# temporaries.

from libc.stdint cimport intptr_t, int64_t, uint64_t

from cupy_backends.ascend.ops cimport _dtype
from cupy_backends.ascend.ops._copy cimport contiguous_copy, copy_desc
from cupy_backends.ascend.ops._dtype cimport (
    ACL_INT32, ACL_INT64, ACL_COMPLEX64, ACL_COMPLEX128, DS_INDEX,
    DS_INDEX_PUT)
from cupy_backends.ascend.ops._aclnn cimport (
    OpSymbol, op_symbol, Args, args_init, arg_tensor, arg_tensor_list,
    arg_scalar, arg_int, aclnn_run)
from cupy_backends.ascend.ops._scratch cimport Scratch
from cupy_backends.ascend.ops._tensor cimport (
    Desc, ACLNN_MAX_DIMS, desc_from_view, desc_numel, desc_is_contiguous,
    desc_has_negative, desc_as_pairs, desc_at_least_1d, desc_flatten)
from cupy_backends.backend.provider cimport View

from cupy_backends.backend.provider import OperationNotSupported

cdef OpSymbol _index_op = None
cdef OpSymbol _put_op = None
cdef OpSymbol _remainder_op = None
cdef OpSymbol _remainder_into_op = None


cdef int _index_descs(tuple views, int first, Desc* idx, int* k, int* zero_d,
                      Scratch sc) except -1:
    # The index Views views[first:] as int64 descriptions with positive
    # strides; 0-d indices become shape (1,) (zero_d set).
    cdef int i, n = len(views) - first
    if n < 1:
        raise ValueError('at least one index array is needed')
    if n > ACLNN_MAX_DIMS:
        raise OperationNotSupported(
            'advanced indexing with {} index arrays: the device indexes at '
            'most {} axes at once (aclnnIndex)'.format(n, ACLNN_MAX_DIMS))
    zero_d[0] = 0
    for i in range(n):
        desc_from_view(&idx[i], <View>views[first + i])
        if idx[i].dtype != ACL_INT64 and idx[i].dtype != ACL_INT32:
            raise TypeError('index arrays must be int64 or int32, not '
                            '{}'.format((<View>views[first + i]).dtype))
        if idx[i].ndim > ACLNN_MAX_DIMS:
            raise OperationNotSupported('{}-D index arrays'.format(
                idx[i].ndim))
        if idx[i].ndim == 0:
            desc_at_least_1d(&idx[i])
            zero_d[0] = 1
        if desc_has_negative(&idx[i]):
            contiguous_copy(&idx[i], sc)
    k[0] = n
    return 0


cdef void _with_leading_one(Desc* d) noexcept nogil:
    # A 0-d index makes shape I = (); the index as (1,) gives I = (1,).
    cdef int i
    for i in range(d.ndim, 0, -1):
        d.shape[i] = d.shape[i - 1]
        d.strides[i] = d.strides[i - 1]
    d.shape[0] = 1
    d.strides[0] = 1
    d.ndim += 1


cdef int _merge_block(Desc** ds, const int* first, int n,
                      int count) noexcept nogil:
    # Merge adjacent axes of a block of `count` axes that starts at axis
    # first[t] of every ds[t] (the blocks have one shape), where every
    # description allows it; size-1 axes go.  Returns the block's new size.
    cdef int i, t, j, f, m = -1, removed
    cdef bint ok
    for i in range(count):
        if ds[0].shape[first[0] + i] == 1:
            continue
        ok = m >= 0
        t = 0
        while ok and t < n:
            f = first[t]
            ok = (ds[t].strides[f + m] ==
                  ds[t].strides[f + i] * ds[t].shape[f + i])
            t += 1
        for t in range(n):
            f = first[t]
            if ok:
                ds[t].shape[f + m] *= ds[t].shape[f + i]
            else:
                ds[t].shape[f + m + 1] = ds[t].shape[f + i]
            ds[t].strides[f + m + (0 if ok else 1)] = ds[t].strides[f + i]
        if not ok:
            m += 1
    if m < 0 and count > 0:
        # all of size 1: keep one axis (no 0-d index tensors)
        for t in range(n):
            ds[t].shape[first[t]] = 1
            ds[t].strides[first[t]] = 1
        m = 0
    removed = count - (m + 1)
    for t in range(n):
        f = first[t]
        for j in range(f + count, ds[t].ndim):
            ds[t].shape[j - removed] = ds[t].shape[j]
            ds[t].strides[j - removed] = ds[t].strides[j]
        ds[t].ndim -= removed
    return m + 1


cdef int _merge(Desc* data, Desc* other, Desc* idx, int k,
                int nidx) noexcept nogil:
    # data: the indexed operand (k leading axes indexed); other: the one
    # shaped I + data.shape[k:] (I the indices' shape, nidx axes); idx:
    # the k indices.  Fewer axes where layouts allow, for the 8-axis limit.
    cdef Desc* ds[ACLNN_MAX_DIMS + 1]
    cdef int first[ACLNN_MAX_DIMS + 1]
    cdef int t, i
    if other.ndim != nidx + data.ndim - k:
        return 0
    for i in range(data.ndim - k):
        if data.shape[k + i] != other.shape[nidx + i]:
            return 0
    for t in range(k):
        for i in range(nidx):
            if idx[t].shape[i] != other.shape[i]:
                return 0
    ds[0], ds[1] = data, other
    first[0], first[1] = k, nidx
    _merge_block(ds, first, 2, data.ndim - k)
    for t in range(k):
        ds[t] = &idx[t]
        first[t] = 0
    ds[k] = other
    first[k] = 0
    _merge_block(ds, first, k + 1, nidx)
    return 0


cdef int _retype(Desc* a, Desc* b, uint64_t supported) except -1:
    # Run a and b (same dtype) as a type the operator has.
    if _dtype.in_set(supported, a.dtype):
        return 0
    if a.dtype == ACL_COMPLEX128:
        desc_as_pairs(a)
        desc_as_pairs(b)
    a.dtype = b.dtype = _dtype.int_code(a.itemsize)
    return 0


cdef object run_take(View dst, tuple ins, intptr_t stream):
    global _index_op
    cdef Desc d, s, o, o_orig
    cdef Desc idx[ACLNN_MAX_DIMS]
    cdef int i, k, zero_d
    cdef Args a
    cdef Scratch sc
    desc_from_view(&d, dst)
    if desc_numel(&d) == 0:
        return None
    desc_from_view(&s, <View>ins[0])
    if s.dtype != d.dtype:
        raise TypeError('take_nd: dst and src dtypes differ')
    if _index_op is None:
        _index_op = op_symbol('Index')
    sc = Scratch(stream)
    try:
        _index_descs(ins, 1, idx, &k, &zero_d, sc)
        if k > s.ndim:
            raise IndexError('too many index arrays')
        if zero_d:
            _with_leading_one(&d)
        if (d.ndim != idx[0].ndim + s.ndim - k or
                dst.shape[len(dst.shape) - (s.ndim - k):] !=
                (<View>ins[0]).shape[k:]):
            raise ValueError('take_nd: dst has shape {}, not index shape + '
                             '{}'.format(dst.shape, (<View>ins[0]).shape[k:]))
        if desc_has_negative(&s):
            contiguous_copy(&s, sc)
        o = d
        if not desc_is_contiguous(&d):      # out: NC not stated (ops.md 8)
            sc.temp(&o, d.dtype, d.itemsize, d.ndim, d.shape)
        o_orig = o
        _merge(&s, &o, idx, k, idx[0].ndim)
        _retype(&s, &o, DS_INDEX)
        if s.ndim > ACLNN_MAX_DIMS or o.ndim > ACLNN_MAX_DIMS:
            raise OperationNotSupported('take_nd: too many dimensions')
        args_init(&a)
        arg_tensor(&a, &s)
        arg_tensor_list(&a, idx, k)
        arg_tensor(&a, &o)
        aclnn_run(_index_op, &a, sc)
        if o_orig.base != d.base:
            copy_desc(&d, &o_orig, sc)
    finally:
        sc.release()
    return None


cdef object run_put(View dst, tuple ins, intptr_t stream,
                    bint accumulate=False):
    global _put_op
    cdef Desc d, v, w, w_orig
    cdef Desc idx[ACLNN_MAX_DIMS]
    cdef int i, k, zero_d
    cdef Args a
    cdef bint staged
    cdef Scratch sc
    desc_from_view(&d, dst)
    desc_from_view(&v, <View>ins[0])
    if desc_numel(&v) == 0 or desc_numel(&d) == 0:
        return None
    if v.dtype != d.dtype:
        raise TypeError('put_nd: dst and values dtypes differ')
    if _put_op is None:
        _put_op = op_symbol('IndexPutImpl')
    sc = Scratch(stream)
    try:
        _index_descs(ins, 1, idx, &k, &zero_d, sc)
        if k > d.ndim:
            raise IndexError('too many index arrays')
        if zero_d and v.ndim == d.ndim - k:
            _with_leading_one(&v)
        if desc_has_negative(&v):
            contiguous_copy(&v, sc)
        # A destination walked backwards is staged in a contiguous copy.
        w = d
        staged = desc_has_negative(&d)
        if staged:
            contiguous_copy(&w, sc)
        w_orig = w
        _merge(&w, &v, idx, k, idx[0].ndim)
        if accumulate and not _dtype.in_set(DS_INDEX_PUT, w.dtype) and (
                w.dtype == ACL_COMPLEX128 or w.dtype == ACL_COMPLEX64):
            # _retype runs complex as integer bits: right for a copy,
            # wrong for a sum (the caller adds the parts separately)
            raise OperationNotSupported('put_add_nd: complex values')
        _retype(&w, &v, DS_INDEX_PUT)
        if w.ndim > ACLNN_MAX_DIMS or v.ndim > ACLNN_MAX_DIMS:
            raise OperationNotSupported('put_nd: too many dimensions')
        args_init(&a)
        arg_tensor(&a, &w)
        arg_tensor_list(&a, idx, k)
        arg_tensor(&a, &v)
        arg_int(&a, accumulate)     # ops.md: true adds (np.add.at)
        arg_int(&a, False)      # unsafe
        aclnn_run(_put_op, &a, sc)
        if staged:
            copy_desc(&d, &w_orig, sc)
    finally:
        sc.release()
    return None


# ----------------------------------------------------------- wrap_index --

cdef object run_wrap_index(View dst, View src, object n, intptr_t stream):
    # aclnnRemainderTensorScalar and its in-place form have Python's sign
    # convention (ops.md section 1), so x mod n lands in [0, n) for n > 0.
    # Contiguous operands are seen as 1-D (any rank: aclnn takes at most
    # 8); a new destination is written directly, without a copy first.
    global _remainder_op, _remainder_into_op
    cdef Desc d, s, work, flat
    cdef Scratch sc
    cdef Args a
    cdef int64_t nv = n
    cdef bint in_place
    if nv <= 0:
        raise ValueError('wrap_index needs n > 0, got {}'.format(n))
    desc_from_view(&d, dst)
    desc_from_view(&s, src)
    if d.dtype != ACL_INT64 or s.dtype != ACL_INT64:
        raise OperationNotSupported('wrap_index: int64 index arrays only')
    if desc_numel(&d) == 0:
        return None
    if _remainder_op is None:
        _remainder_op = op_symbol('InplaceRemainderTensorScalar')
        _remainder_into_op = op_symbol('RemainderTensorScalar')
    in_place = (dst.base == src.base and dst.offset == src.offset and
                dst.strides == src.strides)
    sc = Scratch(stream)
    try:
        work = d
        if not desc_is_contiguous(&work) or desc_has_negative(&work):
            sc.temp(&work, d.dtype, d.itemsize, d.ndim, d.shape)
            if in_place:
                copy_desc(&work, &s, sc)
        flat = work
        desc_flatten(&flat)
        args_init(&a)
        if in_place:
            arg_tensor(&a, &flat)
            arg_scalar(&a, &nv, ACL_INT64)
            aclnn_run(_remainder_op, &a, sc)
        else:
            if not desc_is_contiguous(&s) or desc_has_negative(&s):
                contiguous_copy(&s, sc)
            desc_flatten(&s)
            arg_tensor(&a, &s)
            arg_scalar(&a, &nv, ACL_INT64)
            arg_tensor(&a, &flat)
            aclnn_run(_remainder_into_op, &a, sc)
        if work.base != d.base or work.offset != d.offset:
            copy_desc(&d, &work, sc)
    finally:
        sc.release()
    return None


# ------------------------------------------------- the provider's tables --
# OPERATIONS: op -> entry(outs, ins, attrs, stream); ROUTES: op -> {loop
# dtype: route}.  _provider.pyx merges every family's tables.

from cupy_backends.ascend.ops._routes import ALL as _ALL_CHARS, by_dtype


def _take_entry(tuple outs, tuple ins, dict attrs, intptr_t stream):
    return run_take(outs[0], ins, stream)


def _put_entry(tuple outs, tuple ins, dict attrs, intptr_t stream):
    return run_put(outs[0], ins, stream)


def _put_add_entry(tuple outs, tuple ins, dict attrs, intptr_t stream):
    return run_put(outs[0], ins, stream, True)


def _wrap_index_entry(tuple outs, tuple ins, dict attrs, intptr_t stream):
    return run_wrap_index(outs[0], ins[0], attrs['n'], stream)


OPERATIONS = {'take_nd': _take_entry, 'put_nd': _put_entry,
              'put_add_nd': _put_add_entry,
              'wrap_index': _wrap_index_entry}
ROUTES = {'take_nd': by_dtype(native=_ALL_CHARS),
          'put_nd': by_dtype(native=_ALL_CHARS),
          'put_add_nd': by_dtype(native=_ALL_CHARS),
          'wrap_index': by_dtype(native='l')}
