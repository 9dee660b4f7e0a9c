# nonzero on device: the one provider operation that synchronises, since
# it returns the count to the host.
#
# src is first copied into a contiguous bool mask (a cast; complex through
# its parts), so that the count and the written indices come from the same
# elements; the count is aclnnReduceSum of the mask in int64; aclnnNonzero
# writes the argwhere layout [count, ndim] into an output sized for the
# worst case [numel, ndim] (ops.md 6).

from libc.stdint cimport intptr_t, int64_t

from cupy_backends.ascend.ops cimport _dtype
from cupy_backends.ascend.ops._copy cimport copy_desc
from cupy_backends.ascend.ops._dtype cimport (
    ACL_BOOL, ACL_UINT8, ACL_INT64)
from cupy_backends.ascend.ops._aclnn cimport (
    OpSymbol, op_symbol, Args, args_init, arg_tensor, arg_int_array,
    arg_int, aclnn_run)
from cupy_backends.ascend.ops._scratch cimport Scratch
from cupy_backends.ascend.ops._tensor cimport (
    Desc, ACLNN_MAX_DIMS, desc_from_view, desc_numel, desc_is_contiguous,
    desc_as_pairs, desc_at_least_1d, desc_flatten)
from cupy_backends.backend cimport api
from cupy_backends.backend.provider cimport View

from cupy_backends.backend.provider import OperationNotSupported

cdef OpSymbol _sum_op = None
cdef OpSymbol _nonzero_op = None

# ops.md 6: each dim must fit in int32.
cdef int64_t _INT32_MAX = 2 ** 31 - 1


cdef int _reduce_sum(const Desc* src, const int64_t* dims, int ndims,
                     int dtype, const Desc* out, Scratch sc) except -1:
    global _sum_op
    cdef Args a
    if _sum_op is None:
        _sum_op = op_symbol('ReduceSum')
    args_init(&a)
    arg_tensor(&a, src)
    arg_int_array(&a, dims, ndims)
    arg_int(&a, False)          # keepDims
    arg_int(&a, dtype)
    arg_tensor(&a, out)
    return aclnn_run(_sum_op, &a, sc)


cdef int _nonzero(const Desc* src, const Desc* out, Scratch sc) except -1:
    global _nonzero_op
    cdef Args a
    if _nonzero_op is None:
        _nonzero_op = op_symbol('Nonzero')
    args_init(&a)
    arg_tensor(&a, src)
    arg_tensor(&a, out)
    return aclnn_run(_nonzero_op, &a, sc)


cdef int _mask(Desc* m, const Desc* s, Scratch sc) except -1:
    # m: a new contiguous bool temporary with s != 0.
    cdef Desc p, b, u, mf
    cdef int64_t last[1]
    cdef int64_t flat[2]
    cdef int i
    sc.temp(m, ACL_BOOL, 1, s.ndim, s.shape)
    if not _dtype.is_complex(s.dtype):
        return copy_desc(m, s, sc)          # the cast to bool is x != 0
    # complex: (re != 0) + (im != 0) over the parts axis, then != 0; the
    # contiguous temporaries seen as (numel, 2) and (numel,)
    p = s[0]
    desc_as_pairs(&p)
    sc.temp(&b, ACL_BOOL, 1, p.ndim, p.shape)
    copy_desc(&b, &p, sc)
    flat[0], flat[1] = desc_numel(s), 2
    b.ndim = 2
    b.shape[0], b.shape[1] = flat[0], 2
    b.strides[0], b.strides[1] = 2, 1
    sc.temp(&u, ACL_UINT8, 1, 1, flat)
    last[0] = 1
    _reduce_sum(&b, last, 1, ACL_UINT8, &u, sc)
    mf = m[0]
    desc_flatten(&mf)
    return copy_desc(&mf, &u, sc)


cdef object run_nonzero(View out, View src, intptr_t stream):
    cdef Desc s, m, c, o, full
    cdef int64_t numel, count = 0
    cdef int64_t shape[2]
    cdef int i, nd
    cdef Scratch sc
    desc_from_view(&s, src)
    desc_from_view(&o, out)
    nd = s.ndim
    numel = desc_numel(&s)
    if numel == 0:
        return 0
    if nd > ACLNN_MAX_DIMS:
        raise OperationNotSupported('nonzero of {} dimensions'.format(nd))
    for i in range(nd):
        if s.shape[i] > _INT32_MAX:
            raise OperationNotSupported('nonzero: a dimension beyond int32')
    if o.dtype != ACL_INT64 or o.ndim != 2 or o.shape[1] != nd:
        raise ValueError('nonzero writes an int64 view of shape (n, {}), '
                         'not {} {}'.format(nd, out.dtype, out.shape))
    sc = Scratch(stream)
    try:
        _mask(&m, &s, sc)
        desc_at_least_1d(&m)
        sc.temp(&c, ACL_INT64, 8, 0, shape)
        _reduce_sum(&m, shape, 0, ACL_INT64, &c, sc)
        if nd:
            shape[0], shape[1] = numel, nd
            if o.shape[0] >= numel and desc_is_contiguous(&o):
                full = o
                full.shape[0] = numel
            else:
                sc.temp(&full, ACL_INT64, 8, 2, shape)
            _nonzero(&m, &full, sc)
        # The count, to the host: after the stream's work, a plain copy.
        api.xpuStreamSynchronize(stream)
        api.xpuMemcpy(<intptr_t>&count, c.base, 8,
                      api.xpuMemcpyDeviceToHost)
        if nd:
            if count > o.shape[0]:
                raise ValueError('nonzero: {} elements are nonzero but the '
                                 'output has {} rows'.format(count,
                                                             o.shape[0]))
            if full.base != o.base and count:
                full.shape[0] = count
                o.shape[0] = count
                copy_desc(&o, &full, sc)
    finally:
        sc.release()
    return count


# ------------------------------------------------- the provider's tables --
# OPERATIONS: op -> entry(outs, ins, attrs, stream); ROUTES: op -> {loop
# dtype: route}.  _provider.pyx merges every family's tables.

from cupy_backends.ascend.ops._routes import ALL as _ALL_CHARS, by_dtype


def _nonzero_entry(tuple outs, tuple ins, dict attrs, intptr_t stream):
    return run_nonzero(outs[0], ins[0], stream)


OPERATIONS = {'nonzero': _nonzero_entry}
ROUTES = {'nonzero': by_dtype(native=_ALL_CHARS)}
