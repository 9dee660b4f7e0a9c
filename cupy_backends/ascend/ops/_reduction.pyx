# Reductions and scans on device (operations.md 'reduce' and 'scan';
# shared/reference/cann/ops.md section 5).
#
# What runs where is data: REDUCTIONS and SCANS map each operation to the
# loop (accumulation) dtypes it runs on device and how:
#   'native'   one aclnn operator of that dtype;
#   'cast'     an exact cast or reinterpretation of the same bits to a
#              dtype the operator has (uint64 sums as int64: addition and
#              multiplication modulo 2**64 do not care about the sign;
#              uint16/uint32 extremes in int32/int64; bool as uint8), the
#              result's low bytes taken back where the loop is narrower;
#   'composed' several aclnn operators (complex all/any through the real
#              parts, count_nonzero as a cast to bool and a sum).
# A loop dtype not listed raises OperationNotSupported; the core then
# composes it from other operations or falls back to the host.
#
# Every operand goes through the same geometry first: size-1 kept axes
# dropped, reduced axes flipped where the source runs backwards (the
# order does not matter to these reductions), adjacent axes merged where
# source and result allow, and a contiguous copy of the source when aclnn
# would still see a negative stride or more than 8 dimensions.

import numpy

from libc.stdint cimport intptr_t, int32_t, int64_t, uint64_t

from cupy_backends.ascend.ops cimport _dtype
from cupy_backends.ascend.ops._copy cimport contiguous_copy, copy_desc, fill_desc
from cupy_backends.ascend.ops._dtype cimport (
    ACL_BOOL, ACL_INT8, ACL_INT16, ACL_INT32, ACL_INT64, ACL_UINT8,
    ACL_UINT16, ACL_UINT32, ACL_UINT64, ACL_FLOAT, ACL_FLOAT16, ACL_DOUBLE,
    ACL_COMPLEX64, ACL_COMPLEX128)
from cupy_backends.ascend.ops._aclnn cimport (
    op_symbol, Args, args_init, arg_tensor, arg_scalar, arg_int_array,
    arg_int, aclnn_run)
from cupy_backends.ascend.ops._scratch cimport Scratch
from cupy_backends.ascend.ops._tensor cimport (
    Desc, MAX_DIMS, ACLNN_MAX_DIMS, desc_from_view, desc_numel,
    desc_has_negative, desc_as_pairs, desc_flip_axis, desc_at_least_1d)
from cupy_backends.backend.provider cimport View

from cupy_backends.backend.provider import OperationNotSupported


# ------------------------------------------------------------ the tables --

def _paths(**groups):
    out = {}
    for path, chars in groups.items():
        for c in chars:
            out[numpy.dtype(c)] = path
    return out


# Loop dtype -> path, per operation (ops.md 5, "A2 dtypes").
REDUCTIONS = {
    # aclnnReduceSum: f16 f32 f64 s8 s16 s32 s64 u8 b c64 c128
    'sum': _paths(native='?bhilBefdFD', cast='HIL'),
    # aclnnProd / aclnnProdDim: the same set
    'prod': _paths(native='?bhilBefdFD', cast='HIL'),
    # aclnnReduceNansum: f16 f32 (no f64); integers have no NaN: a sum
    'nansum': _paths(native='?bhilBef', cast='HIL'),
    'nanprod': _paths(native='?bhilB', cast='HIL'),
    # aclnnAmax/Amin, aclnnMax/Min: f16 f32 f64 s8 s16 s32 s64 u8 b
    'max': _paths(native='?bhilBefd', cast='HI'),
    'min': _paths(native='?bhilBefd', cast='HI'),
    # aclnnArgMax/ArgMin: f16 f32 f64 s8 s16 s32 s64 u8 (no bool)
    'argmax': _paths(native='bhilBefd', cast='?HI'),
    'argmin': _paths(native='bhilBefd', cast='?HI'),
    # aclnnAll/Any: b u8 s8 s16 s32 s64 f16 f32 f64
    'all': _paths(native='?bhilBefd', cast='HIL', composed='FD'),
    'any': _paths(native='?bhilBefd', cast='HIL', composed='FD'),
    'count_nonzero': _paths(native='?', cast='bhilBHILefd', composed='FD'),
    # aclnnMean: f16 f32 f64 c64 c128 loops (an integer loop would divide
    # with the device's rounding, not NumPy's truncation)
    'mean': _paths(native='efdFD'),
    # aclnnVarCorrection / aclnnStd: f16 f32 only
    'var': _paths(native='ef'),
    'std': _paths(native='ef'),
}

SCANS = {
    # aclnnCumsum: f16 f32 f64 s8 s16 s32 s64 u8 c64 c128
    'cumsum': _paths(native='bhilBefdFD', cast='?HIL'),
    # aclnnCumprod: f16 f32 f64 s8 s16 s32 s64 u8 u16 u32 u64
    'cumprod': _paths(native='bhilBHILefd', cast='?'),
}

# Bit sets (1 << aclDataType) of the operators' self dtypes.
cdef uint64_t _B(int code):
    return (<uint64_t>1) << code

cdef uint64_t _DS_SUM = (
    _B(ACL_FLOAT16) | _B(ACL_FLOAT) | _B(ACL_DOUBLE) | _B(ACL_INT8) |
    _B(ACL_INT16) | _B(ACL_INT32) | _B(ACL_INT64) | _B(ACL_UINT8) |
    _B(ACL_BOOL) | _B(ACL_COMPLEX64) | _B(ACL_COMPLEX128))
cdef uint64_t _DS_PROD = _DS_SUM
cdef uint64_t _DS_NANSUM = (
    _B(ACL_FLOAT16) | _B(ACL_FLOAT) | _B(ACL_INT8) | _B(ACL_INT16) |
    _B(ACL_INT32) | _B(ACL_INT64) | _B(ACL_UINT8) | _B(ACL_BOOL))
cdef uint64_t _DS_AMAX = (
    _B(ACL_FLOAT16) | _B(ACL_FLOAT) | _B(ACL_DOUBLE) | _B(ACL_INT8) |
    _B(ACL_INT16) | _B(ACL_INT32) | _B(ACL_INT64) | _B(ACL_UINT8) |
    _B(ACL_BOOL))
cdef uint64_t _DS_ALL_ANY = _DS_AMAX
cdef uint64_t _DS_MEAN = (
    _B(ACL_FLOAT16) | _B(ACL_FLOAT) | _B(ACL_DOUBLE) | _B(ACL_INT8) |
    _B(ACL_INT16) | _B(ACL_INT32) | _B(ACL_INT64) | _B(ACL_UINT8) |
    _B(ACL_COMPLEX64) | _B(ACL_COMPLEX128))
cdef uint64_t _DS_CUMSUM = _DS_MEAN
cdef uint64_t _DS_CUMPROD = (
    _B(ACL_FLOAT16) | _B(ACL_FLOAT) | _B(ACL_DOUBLE) | _B(ACL_INT8) |
    _B(ACL_INT16) | _B(ACL_INT32) | _B(ACL_INT64) | _B(ACL_UINT8) |
    _B(ACL_UINT16) | _B(ACL_UINT32) | _B(ACL_UINT64))
cdef uint64_t _UNSIGNED_WIDE = (
    _B(ACL_UINT16) | _B(ACL_UINT32) | _B(ACL_UINT64))
cdef uint64_t _INTEGRAL = (
    _B(ACL_BOOL) | _B(ACL_INT8) | _B(ACL_INT16) | _B(ACL_INT32) |
    _B(ACL_INT64) | _B(ACL_UINT8) | _B(ACL_UINT16) | _B(ACL_UINT32) |
    _B(ACL_UINT64))

cdef inline bint _in(uint64_t dset, int code) noexcept nogil:
    return 0 <= code < 64 and (dset >> code) & 1


# ------------------------------------------------------------ aclnn calls --

cdef enum _Kind:
    K_DIMS_DTYPE        # ReduceSum, ReduceNansum, Mean
    K_DIMS              # Amax, Amin, All, Any
    K_SELF_OUT          # Max, Min
    K_DTYPE             # Prod
    K_DIM_KEEP_DTYPE    # ProdDim
    K_DIM_KEEP          # ArgMax, ArgMin
    K_VAR               # VarCorrection, Std
    K_CUMSUM
    K_CUMPROD


cdef int _call(str name, _Kind kind, const Desc* s, const Desc* o,
               const int64_t* dims, int ndims, int64_t iarg, int dtype,
               Scratch sc) except -1:
    # One aclnn operator: self s, out o; dims/ndims the axis list, iarg a
    # single axis or the correction, dtype an aclDataType argument; the
    # arguments in the order of the operator's kind (ops.md 5).
    cdef Args a
    cdef int32_t dim32 = <int32_t>iarg
    args_init(&a)
    arg_tensor(&a, s)
    if kind == K_DIMS_DTYPE or kind == K_DIMS or kind == K_VAR:
        arg_int_array(&a, dims, ndims)
    elif kind == K_DIM_KEEP_DTYPE or kind == K_DIM_KEEP or kind == K_CUMSUM:
        arg_int(&a, iarg)
    elif kind == K_CUMPROD:
        arg_scalar(&a, &dim32, ACL_INT32)
    if kind == K_VAR:
        arg_int(&a, iarg)           # correction
    if kind != K_SELF_OUT and kind != K_DTYPE and kind != K_CUMSUM and \
            kind != K_CUMPROD:
        arg_int(&a, False)          # keepdim
    if kind == K_DIMS_DTYPE or kind == K_DTYPE or kind == K_DIM_KEEP_DTYPE \
            or kind == K_CUMSUM or kind == K_CUMPROD:
        arg_int(&a, dtype)
    arg_tensor(&a, o)
    return aclnn_run(op_symbol(name), &a, sc)


cdef int prod_dim(const Desc* s, int dim, int dtype, const Desc* o,
                  Scratch sc) except -1:
    return _call('ProdDim', K_DIM_KEEP_DTYPE, s, o, NULL, 0, dim, dtype, sc)


# ---------------------------------------------------------- descriptions --

cdef int _temp_like(Desc* t, int code, const Desc* shape_of,
                    Scratch sc) except -1:
    # A new C-contiguous temporary of shape_of's shape in dtype `code`.
    sc.temp(t, code, _dtype.code_itemsize(code), shape_of.ndim,
            shape_of.shape)
    return 0


cdef int _cast_into_temp(Desc* s, int code, Scratch sc) except -1:
    # *s becomes a contiguous temporary holding s cast to `code`.
    cdef Desc t
    _temp_like(&t, code, s, sc)
    copy_desc(&t, s, sc)
    s[0] = t
    return 0


cdef void _low_part(Desc* v, const Desc* wide, int code) noexcept nogil:
    # The low bytes of each element of `wide` as dtype `code`
    # (little-endian: they come first).
    cdef int ratio = wide.itemsize // _dtype.code_itemsize(code)
    cdef int i
    v[0] = wide[0]
    v.dtype = code
    v.itemsize = wide.itemsize // ratio
    v.storage = wide.storage * ratio
    v.offset = wide.offset * ratio
    for i in range(v.ndim):
        v.strides[i] = wide.strides[i] * ratio


cdef inline void _retype(Desc* d, int code) noexcept nogil:
    # Same bytes, another dtype of the same size.
    d.dtype = code


cdef struct _Geometry:
    Desc s          # the source, rank 1..8, no negative stride
    Desc o          # the result: the kept axes of s, in order
    Desc oa         # the result aligned with s (reduced axes: 1, stride 0)
    int red[MAX_DIMS]
    int nred


cdef void _merge(Desc* s, Desc* oa, int* red, bint merge_red) noexcept nogil:
    # Merge adjacent axes of one class where both views allow.
    cdef int i, m = 0
    if s.ndim < 2:
        return
    for i in range(1, s.ndim):
        if (red[i] == red[m] and (merge_red or not red[i]) and
                s.strides[m] == s.strides[i] * s.shape[i] and
                oa.strides[m] == oa.strides[i] * oa.shape[i]):
            s.shape[m] *= s.shape[i]
            s.strides[m] = s.strides[i]
            oa.shape[m] *= oa.shape[i]
            oa.strides[m] = oa.strides[i]
        else:
            m += 1
            s.shape[m] = s.shape[i]
            s.strides[m] = s.strides[i]
            oa.shape[m] = oa.shape[i]
            oa.strides[m] = oa.strides[i]
            red[m] = red[i]
    s.ndim = oa.ndim = m + 1


cdef void _kept_first(Desc* s, Desc* oa, int* red) noexcept nogil:
    # Reorder the axes of s (and oa, red alike): kept, then reduced.
    cdef Desc s0 = s[0], o0 = oa[0]
    cdef int r0[MAX_DIMS]
    cdef int i, n = 0, k
    for i in range(s.ndim):
        r0[i] = red[i]
    for k in range(2):
        for i in range(s0.ndim):
            if r0[i] == k:
                s.shape[n], s.strides[n] = s0.shape[i], s0.strides[i]
                oa.shape[n], oa.strides[n] = o0.shape[i], o0.strides[i]
                red[n] = k
                n += 1


cdef int _align_out(_Geometry* g, Desc* s, const Desc* out, Desc* oa,
                    tuple axes, bint keepdims) except -1:
    # g.red: the reduced axes of s (a 0-d s becomes (1,), reduced); *oa:
    # out seen with s's axes (size 1, stride 0 on the reduced ones).
    cdef int i, k = 0
    cdef bint was_0d = s.ndim == 0
    if was_0d:
        desc_at_least_1d(s)
        g.red[0] = 1
    else:
        for i in range(s.ndim):
            g.red[i] = 0
        for a in axes:
            g.red[<int>a] = 1
    oa[0] = out[0]
    oa.ndim = s.ndim
    for i in range(s.ndim):
        if g.red[i]:
            oa.shape[i] = 1
            oa.strides[i] = 0
            if keepdims and not was_0d:
                k += 1
        else:
            oa.shape[i] = out.shape[k]
            oa.strides[i] = out.strides[k]
            k += 1
    return 0


cdef int _geometry(_Geometry* g, const Desc* src, const Desc* out, tuple axes,
                   bint keepdims, bint order_free, bint merge_red,
                   Scratch sc) except -1:
    cdef Desc s = src[0]
    cdef Desc oa
    cdef int i, k, n
    cdef bint need_copy = False
    _align_out(g, &s, out, &oa, axes, keepdims)
    # drop size-1 kept axes
    n = 0
    for i in range(s.ndim):
        if not g.red[i] and s.shape[i] == 1:
            continue
        s.shape[n] = s.shape[i]
        s.strides[n] = s.strides[i]
        oa.shape[n] = oa.shape[i]
        oa.strides[n] = oa.strides[i]
        g.red[n] = g.red[i]
        n += 1
    s.ndim = oa.ndim = n
    for i in range(n):
        if s.strides[i] < 0:
            if g.red[i] and order_free:
                desc_flip_axis(&s, i)
            else:
                need_copy = True
    if need_copy:
        contiguous_copy(&s, sc)
    _merge(&s, &oa, g.red, merge_red)
    if s.ndim > ACLNN_MAX_DIMS:
        # a copy with the kept axes first and the reduced ones last (each
        # in its order): the reduced axes then merge into one
        _kept_first(&s, &oa, g.red)
        contiguous_copy(&s, sc)
        _merge(&s, &oa, g.red, merge_red)
        if s.ndim > ACLNN_MAX_DIMS:
            raise OperationNotSupported(
                'a reduction whose result axes do not merge into {} '
                'dimensions'.format(ACLNN_MAX_DIMS))
    g.s = s
    g.oa = oa
    g.o = oa
    k = 0
    g.nred = 0
    for i in range(s.ndim):
        if g.red[i]:
            g.nred += 1
        else:
            g.o.shape[k] = oa.shape[i]
            g.o.strides[k] = oa.strides[i]
            k += 1
    g.o.ndim = k
    return 0


cdef int _dims(const _Geometry* g, int64_t* dims) noexcept nogil:
    cdef int i, n = 0
    for i in range(g.s.ndim):
        if g.red[i]:
            dims[n] = i
            n += 1
    return n


# ------------------------------------------------------------ reductions --

cdef object _identity(str name):
    if name in ('sum', 'nansum', 'count_nonzero'):
        return 0
    if name in ('prod', 'nanprod'):
        return 1
    if name == 'all':
        return True
    if name == 'any':
        return False
    return float('nan')      # mean, var, std of nothing


cdef int _sum_like(str name, _Geometry* g, int dt, Scratch sc) except -1:
    # sum, nansum, prod, nanprod in loop dtype dt.
    cdef Desc s = g.s, o = g.o, t, v
    cdef int64_t dims[MAX_DIMS]
    cdef int nd = _dims(g, dims)
    cdef int work = ACL_INT64 if _in(_UNSIGNED_WIDE, dt) else dt
    cdef bint prod = name in ('prod', 'nanprod')
    cdef bint nan = name == 'nansum' and (dt == ACL_FLOAT or
                                          dt == ACL_FLOAT16)
    cdef uint64_t dset = (_DS_NANSUM if nan else
                          (_DS_PROD if prod else _DS_SUM))
    if not _in(dset, s.dtype):
        if s.dtype == ACL_UINT64 and _in(_INTEGRAL, work):
            _retype(&s, ACL_INT64)
        else:
            _cast_into_temp(&s, work, sc)
    if dt == ACL_UINT64:
        _retype(&o, ACL_INT64)
        t = o
    elif work != dt:
        _temp_like(&t, work, &o, sc)
    else:
        t = o
    if not prod:
        _call('ReduceNansum' if nan else 'ReduceSum', K_DIMS_DTYPE, &s, &t,
              dims, nd, 0, work, sc)
    else:
        _prod(g, &s, &t, work, sc)
    if work != dt and dt != ACL_UINT64:
        _low_part(&v, &t, dt)
        copy_desc(&o, &v, sc)
    return 0


cdef int _prod(_Geometry* g, Desc* s, Desc* out, int work, Scratch sc) except -1:
    # Product over the reduced axes of g: aclnnProd for all of them,
    # else one aclnnProdDim per axis (ops.md 5: single axis only).
    cdef Desc cur = s[0], t
    cdef int red[MAX_DIMS]
    cdef int i, j, last, nred = g.nred
    if out.ndim == 0 and nred == cur.ndim:
        return _call('Prod', K_DTYPE, &cur, out, NULL, 0, 0, work, sc)
    for i in range(cur.ndim):
        red[i] = g.red[i]
    while True:
        last = -1
        for i in range(cur.ndim):
            if red[i]:
                last = i
        if nred == 1:
            return _call('ProdDim', K_DIM_KEEP_DTYPE, &cur, out, NULL, 0,
                         last, work, sc)
        # reduce the last reduced axis into a temporary
        t = cur
        for j in range(last, cur.ndim - 1):
            t.shape[j] = t.shape[j + 1]
            red[j] = red[j + 1]
        t.ndim = cur.ndim - 1
        _temp_like(&t, work, &t, sc)
        _call('ProdDim', K_DIM_KEEP_DTYPE, &cur, &t, NULL, 0, last, work, sc)
        cur = t
        nred -= 1


cdef int _extreme(str name, _Geometry* g, int dt, Scratch sc) except -1:
    # max / min: the values of s, so a wider exact type gives the same.
    cdef Desc s = g.s, o = g.o, t, v
    cdef int64_t dims[MAX_DIMS]
    cdef int nd = _dims(g, dims)
    cdef int work = dt
    if dt == ACL_UINT16:
        work = ACL_INT32
    elif dt == ACL_UINT32:
        work = ACL_INT64
    if s.dtype != work:
        _cast_into_temp(&s, work, sc)     # the loop's dtype (exact here)
    if work != o.dtype:
        _temp_like(&t, work, &o, sc)
    else:
        t = o
    if o.ndim == 0:
        _call('Max' if name == 'max' else 'Min', K_SELF_OUT, &s, &t, NULL, 0,
              0, 0, sc)
    else:
        _call('Amax' if name == 'max' else 'Amin', K_DIMS, &s, &t, dims, nd,
              0, 0, sc)
    if work != o.dtype:
        _low_part(&v, &t, o.dtype)
        copy_desc(&o, &v, sc)
    return 0


cdef int _arg(str name, _Geometry* g, Scratch sc) except -1:
    cdef Desc s = g.s, o = g.o
    cdef int64_t dims[MAX_DIMS]
    cdef int nd = _dims(g, dims)
    if nd != 1:
        raise ValueError('{} takes exactly one axis'.format(name))
    if s.dtype == ACL_BOOL:
        _retype(&s, ACL_UINT8)       # bool bytes are 0 and 1
    elif s.dtype == ACL_UINT16:
        _cast_into_temp(&s, ACL_INT32, sc)
    elif s.dtype == ACL_UINT32:
        _cast_into_temp(&s, ACL_INT64, sc)
    return _call('ArgMax' if name == 'argmax' else 'ArgMin', K_DIM_KEEP,
                 &s, &o, NULL, 0, dims[0], 0, sc)


cdef int _truth_mask(Desc* m, const Desc* s, Scratch sc) except -1:
    # m: a new contiguous bool temporary with s != 0 (complex: either part).
    cdef Desc p
    cdef int64_t last[1]
    if not _dtype.is_complex(s.dtype):
        _temp_like(m, ACL_BOOL, s, sc)
        return copy_desc(m, s, sc)
    if s.ndim + 1 > ACLNN_MAX_DIMS:
        raise OperationNotSupported('a complex truth test of {} dimensions'
                                    .format(s.ndim))
    p = s[0]
    desc_as_pairs(&p)
    _temp_like(m, ACL_BOOL, s, sc)
    last[0] = p.ndim - 1
    return _call('Any', K_DIMS, &p, m, last, 1, 0, 0, sc)


cdef int _logical(str name, _Geometry* g, Scratch sc) except -1:
    # all / any / count_nonzero.
    cdef Desc s = g.s, o = g.o, m, p
    cdef int64_t dims[MAX_DIMS]
    cdef int nd = _dims(g, dims)
    if name == 'count_nonzero':
        if s.dtype != ACL_BOOL:
            _truth_mask(&m, &s, sc)
            s = m
        return _call('ReduceSum', K_DIMS_DTYPE, &s, &o, dims, nd, 0,
                     ACL_INT64, sc)
    if name == 'any' and _dtype.is_complex(s.dtype) and (
            s.ndim < ACLNN_MAX_DIMS):
        # any element with a nonzero part: one Any over the parts too
        p = s
        desc_as_pairs(&p)
        dims[nd] = p.ndim - 1
        return _call('Any', K_DIMS, &p, &o, dims, nd + 1, 0, 0, sc)
    if not _in(_DS_ALL_ANY, s.dtype):
        _truth_mask(&m, &s, sc)
        s = m
    return _call('All' if name == 'all' else 'Any', K_DIMS, &s, &o, dims, nd,
                 0, 0, sc)


cdef int _moment(str name, _Geometry* g, int dt, object ddof,
                 Scratch sc) except -1:
    # mean (dt float or complex), var / std (dt float16/float32).
    cdef Desc s = g.s, o = g.o
    cdef int64_t dims[MAX_DIMS]
    cdef int nd = _dims(g, dims)
    if name == 'mean':
        if not _in(_DS_MEAN, s.dtype):
            _cast_into_temp(&s, dt, sc)
        return _call('Mean', K_DIMS_DTYPE, &s, &o, dims, nd, 0, dt, sc)
    if s.dtype != dt:
        _cast_into_temp(&s, dt, sc)
    return _call('VarCorrection' if name == 'var' else 'Std', K_VAR, &s, &o,
                 dims, nd, <int64_t>int(ddof), 0, sc)


cdef object run_reduce(View out, View src, dict attrs, intptr_t stream):
    cdef str name = attrs['name']
    cdef Desc s, o, final
    cdef _Geometry g
    cdef int dt, itemsize = 0
    cdef bint out_tmp
    cdef Scratch sc
    table = REDUCTIONS.get(name)
    loop = numpy.dtype(attrs.get('dtype') or src.dtype)
    if table is None or loop not in table:
        raise OperationNotSupported('{} in {}'.format(name, loop))
    ddof = attrs.get('ddof', 0)
    if name in ('var', 'std') and (ddof != int(ddof) or ddof < 0):
        raise OperationNotSupported('{} with ddof={}'.format(name, ddof))
    dt = _dtype.acl_code(loop, &itemsize)
    desc_from_view(&s, src)
    desc_from_view(&o, out)
    sc = Scratch(stream)
    try:
        if desc_numel(&s) == 0:
            fill_desc(&o, out.dtype, _identity(name), sc)
            return None
        out_tmp = desc_has_negative(&o)
        if out_tmp:
            final = o
            _temp_like(&o, o.dtype, &final, sc)
        _geometry(&g, &s, &o, tuple(attrs['axes']),
                  attrs.get('keepdims', False),
                  name not in ('argmax', 'argmin'), True, sc)
        if name in ('sum', 'nansum', 'prod', 'nanprod'):
            _sum_like(name, &g, dt, sc)
        elif name in ('max', 'min'):
            _extreme(name, &g, dt, sc)
        elif name in ('argmax', 'argmin'):
            _arg(name, &g, sc)
        elif name in ('all', 'any', 'count_nonzero'):
            _logical(name, &g, sc)
        else:
            _moment(name, &g, dt, ddof, sc)
        if out_tmp:
            copy_desc(&final, &o, sc)
    finally:
        sc.release()
    return None


# ------------------------------------------------------------------ scans --

cdef object run_scan(View out, View src, dict attrs, intptr_t stream):
    cdef str name = attrs['name']
    cdef Desc s, o, final
    cdef int dt, itemsize = 0
    cdef int red[MAX_DIMS]
    cdef int i, n, k, axis
    cdef bint out_tmp
    cdef Scratch sc
    table = SCANS.get(name)
    loop = numpy.dtype(attrs.get('dtype') or src.dtype)
    if table is None or loop not in table:
        raise OperationNotSupported('{} in {}'.format(name, loop))
    dt = _dtype.acl_code(loop, &itemsize)
    desc_from_view(&s, src)
    desc_from_view(&o, out)
    if desc_numel(&s) == 0:
        return None
    axis = attrs['axis']
    if s.ndim == 0:
        desc_at_least_1d(&s)
        desc_at_least_1d(&o)
        axis = 0
    sc = Scratch(stream)
    try:
        out_tmp = desc_has_negative(&o)
        if out_tmp:
            final = o
            _temp_like(&o, o.dtype, &final, sc)
        # geometry: the scan axis stays; other size-1 axes go; the rest
        # merge where source and result allow
        n = 0
        k = 0
        for i in range(s.ndim):
            if i != axis and s.shape[i] == 1:
                continue
            if i == axis:
                k = n
            s.shape[n], s.strides[n] = s.shape[i], s.strides[i]
            o.shape[n], o.strides[n] = o.shape[i], o.strides[i]
            n += 1
        s.ndim = o.ndim = n
        axis = k
        for i in range(n):
            red[i] = i == axis
        if desc_has_negative(&s):
            contiguous_copy(&s, sc)
        _merge(&s, &o, red, False)
        if s.ndim > ACLNN_MAX_DIMS:
            contiguous_copy(&s, sc)
            _merge(&s, &o, red, False)
            if s.ndim > ACLNN_MAX_DIMS:
                raise OperationNotSupported('a scan of {} dimensions'.format(
                    s.ndim))
        for i in range(s.ndim):
            if red[i]:
                axis = i
        if name == 'cumsum':
            _cumsum(&s, &o, axis, dt, sc)
        else:
            _cumprod(&s, &o, axis, dt, sc)
        if out_tmp:
            copy_desc(&final, &o, sc)
    finally:
        sc.release()
    return None


cdef int _cumsum(Desc* s, Desc* o, int axis, int dt, Scratch sc) except -1:
    cdef Desc t, v
    cdef int work = dt
    if dt == ACL_BOOL or _in(_UNSIGNED_WIDE, dt):
        work = ACL_INT64
    if not _in(_DS_CUMSUM, s.dtype):
        if s.dtype == ACL_BOOL:
            _retype(s, ACL_UINT8)
        elif s.dtype == ACL_UINT64 and _in(_INTEGRAL, work):
            _retype(s, ACL_INT64)
        else:
            _cast_into_temp(s, work, sc)
    if dt == ACL_UINT64:
        t = o[0]
        _retype(&t, ACL_INT64)
    elif work != dt:
        _temp_like(&t, work, o, sc)
    else:
        t = o[0]
    _call('Cumsum', K_CUMSUM, s, &t, NULL, 0, axis, work, sc)
    if dt == ACL_BOOL:
        copy_desc(o, &t, sc)             # the cast to bool: != 0
    elif work != dt and dt != ACL_UINT64:
        _low_part(&v, &t, dt)
        copy_desc(o, &v, sc)
    return 0


cdef int _cumprod(Desc* s, Desc* o, int axis, int dt, Scratch sc) except -1:
    cdef Desc t
    if dt == ACL_BOOL:
        # logical and: products of 0s and 1s stay 0 and 1 in uint8
        if s.dtype != ACL_BOOL:
            _cast_into_temp(s, ACL_BOOL, sc)
        _retype(s, ACL_UINT8)
        t = o[0]
        _retype(&t, ACL_UINT8)
        return _call('Cumprod', K_CUMPROD, s, &t, NULL, 0, axis, ACL_UINT8,
                     sc)
    if s.dtype == ACL_BOOL:
        _retype(s, ACL_UINT8)
    elif not _in(_DS_CUMPROD, s.dtype):
        _cast_into_temp(s, dt, sc)
    return _call('Cumprod', K_CUMPROD, s, o, NULL, 0, axis, dt, sc)


# ------------------------------------------------- the provider's tables --
# OPERATIONS: op -> entry(outs, ins, attrs, stream); ROUTES: reduction or
# scan name -> {loop dtype: route} (REDUCTIONS and SCANS above).
# _provider.pyx merges every family's tables.

def _reduce_entry(tuple outs, tuple ins, dict attrs, intptr_t stream):
    return run_reduce(outs[0], ins[0], attrs, stream)


def _scan_entry(tuple outs, tuple ins, dict attrs, intptr_t stream):
    return run_scan(outs[0], ins[0], attrs, stream)


OPERATIONS = {'reduce': _reduce_entry, 'scan': _scan_entry}
ROUTES = dict(REDUCTIONS, **SCANS)
