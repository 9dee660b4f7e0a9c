# Matrix products on device (operations.md 'matmul'; ops.md section 7,
# blas_fft.md section 2): aclnnMm (2-D), aclnnBatchMatMul (one batch
# axis), aclnnMatmul (up to 4 batch axes), aclnnDot (a row times a
# column).
#
# cubeMathType is 0 (KEEP_DTYPE): float32 is computed in float32.  The
# documented switch CUPY_ASCEND_ALLOW_HF32=1 passes 1
# (ALLOW_FP32_DOWN_PRECISION) instead, which lets the cube unit round
# float32 operands to HF32 (10 mantissa bits): faster, less precise.
#
# MATMUL maps the dtypes that run on device to how:
#   'native'   float16, float32: one operator;
#   'composed' bool: float32 products of 0s and 1s, then != 0 (exact: a
#              sum of non-negative terms is 0 only when all are);
#              complex64: AsdSip's asdBlasCgemm / asdBlasCgemmBatched
#              where they fit and AsdSip is installed (_cgemm.pyx), else
#              one float32 product of real block matrices,
#              [ar ai] (interleaved, as the complex array lies in memory)
#              times [[br bi], [-bi br]] (built on device, the negation as
#              aclnnProdDim with -1), written straight into the complex
#              result: the same float32 products and sums as four real
#              matmuls.
# float64, integers and complex128 have no A2 kernel: OperationNotSupported.


import numpy

from libc.stdint cimport intptr_t, int64_t
from libc.stdlib cimport getenv

from cupy_backends.ascend.ops cimport _dtype
from cupy_backends.ascend.ops._copy cimport contiguous_copy, copy_desc, fill_desc
from cupy_backends.ascend.ops._dtype cimport (
    ACL_BOOL, ACL_FLOAT, ACL_COMPLEX64)
from cupy_backends.ascend.ops._cgemm cimport cgemm
from cupy_backends.ascend.ops._aclnn cimport (
    op_symbol, Args, args_init, arg_tensor, arg_int, aclnn_run)
from cupy_backends.ascend.ops._scratch cimport Scratch
from cupy_backends.ascend.ops._reduction cimport prod_dim
from cupy_backends.ascend.ops._tensor cimport (
    Desc, desc_from_view, desc_numel, desc_has_negative, desc_as_pairs,
    desc_drop_axis)
from cupy_backends.backend.provider cimport View

from cupy_backends.backend.provider import OperationNotSupported

MATMUL = {numpy.dtype(numpy.float16): 'native',
          numpy.dtype(numpy.float32): 'native',
          numpy.dtype(numpy.bool_): 'composed',
          numpy.dtype(numpy.complex64): 'composed'}

# aclnnMatmul takes 1-6 dims (ops.md 7): 2 matrix axes and 4 batch axes.
cdef enum:
    _MAX_BATCH = 4

_F32 = numpy.dtype(numpy.float32)

cdef int _cube_math_type(int dtype) noexcept:
    # blas_fft.md 2: 0 KEEP_DTYPE; 1 ALLOW_FP32_DOWN_PRECISION (HF32).
    # The C environment (os.environ's assignments reach it through
    # putenv), read without Python's encoding of the name per call.
    cdef const char* v
    if dtype != ACL_FLOAT:
        return 0
    v = getenv(b'CUPY_ASCEND_ALLOW_HF32')
    if v == NULL or v[0] == 0 or (v[0] == b'0' and v[1] == 0):
        return 0
    return 1


cdef int _product(str name, const Desc* a, const Desc* b, const Desc* o,
                  Scratch sc) except -1:
    # aclnnDot(self, tensor, out); the others (self, mat2, out, cubeMathType)
    cdef Args args
    args_init(&args)
    arg_tensor(&args, a)
    arg_tensor(&args, b)
    arg_tensor(&args, o)
    if name != 'Dot':
        arg_int(&args, _cube_math_type(o.dtype))
    return aclnn_run(op_symbol(name), &args, sc)


cdef inline void _sub(Desc* sub, const Desc* d, int64_t i) noexcept nogil:
    # d[i]: without its first axis
    sub[0] = d[0]
    sub.offset += i * d.strides[0]
    desc_drop_axis(sub, 0)


cdef int _merge_batch(Desc* o, Desc* a, Desc* b) noexcept nogil:
    # Drop size-1 batch axes and merge adjacent batch axes where all three
    # views allow; returns the batch rank left.
    cdef int nb = o.ndim - 2, i, m = 0, n = 0
    cdef Desc* ds[3]
    cdef int j
    ds[0], ds[1], ds[2] = o, a, b
    for i in range(nb):
        if o.shape[i] == 1:
            continue
        for j in range(3):
            ds[j].shape[n] = ds[j].shape[i]
            ds[j].strides[n] = ds[j].strides[i]
        n += 1
    for i in range(2):
        for j in range(3):
            ds[j].shape[n + i] = ds[j].shape[nb + i]
            ds[j].strides[n + i] = ds[j].strides[nb + i]
    for j in range(3):
        ds[j].ndim = n + 2
    nb = n
    if nb < 2:
        return nb
    for i in range(1, nb):
        if (o.strides[m] == o.strides[i] * o.shape[i] and
                a.strides[m] == a.strides[i] * a.shape[i] and
                b.strides[m] == b.strides[i] * b.shape[i]):
            for j in range(3):
                ds[j].shape[m] *= ds[j].shape[i]
                ds[j].strides[m] = ds[j].strides[i]
        else:
            m += 1
            for j in range(3):
                ds[j].shape[m] = ds[j].shape[i]
                ds[j].strides[m] = ds[j].strides[i]
    for i in range(2):
        for j in range(3):
            ds[j].shape[m + 1 + i] = ds[j].shape[nb + i]
            ds[j].strides[m + 1 + i] = ds[j].strides[nb + i]
    for j in range(3):
        ds[j].ndim = m + 3
    return m + 1


cdef int _matmul_real(Desc* o, Desc* a, Desc* b, Scratch sc) except -1:
    # o (..., n, m) contiguous = a (..., n, k) @ b (..., k, m); one batch
    # shape; float16 or float32.
    cdef Desc sa, sb, so
    cdef int nb
    cdef int64_t i
    if desc_has_negative(a):
        contiguous_copy(a, sc)
    if desc_has_negative(b):
        contiguous_copy(b, sc)
    nb = _merge_batch(o, a, b)
    if nb > _MAX_BATCH:
        for i in range(o.shape[0]):
            _sub(&so, o, i)
            _sub(&sa, a, i)
            _sub(&sb, b, i)
            _matmul_real(&so, &sa, &sb, sc)
        return 0
    if nb == 0:
        if o.shape[0] == 1 and o.shape[1] == 1:
            # a row times a column: aclnnDot into the one element
            sa, sb, so = a[0], b[0], o[0]
            sa.ndim = sb.ndim = 1
            sa.shape[0] = a.shape[1]
            sa.strides[0] = a.strides[1]
            sb.shape[0] = b.shape[0]
            sb.strides[0] = b.strides[0]
            so.ndim = 0
            return _product('Dot', &sa, &sb, &so, sc)
        return _product('Mm', a, b, o, sc)
    if nb == 1:
        return _product('BatchMatMul', a, b, o, sc)
    return _product('Matmul', a, b, o, sc)


cdef int _matmul_bool(Desc* o, Desc* a, Desc* b, Scratch sc) except -1:
    cdef Desc fa, fb, fo, mo
    sc.temp(&fa, ACL_FLOAT, 4, a.ndim, a.shape)
    copy_desc(&fa, a, sc)
    sc.temp(&fb, ACL_FLOAT, 4, b.ndim, b.shape)
    copy_desc(&fb, b, sc)
    sc.temp(&fo, ACL_FLOAT, 4, o.ndim, o.shape)
    mo = fo                 # _matmul_real rewrites its descriptions
    _matmul_real(&mo, &fa, &fb, sc)
    return copy_desc(o, &fo, sc)            # the cast to bool: != 0


cdef int _matmul_complex(Desc* o, Desc* a, Desc* b, Scratch sc) except -1:
    # complex64: see the module comment.  Batch axes <= _MAX_BATCH.
    cdef Desc ar, bp, bt, blk, part, neg, pair, oo
    cdef int nd = o.ndim, nb = o.ndim - 2, i
    cdef int64_t k = a.shape[nd - 1], m = o.shape[nd - 1]
    cdef int64_t shape[12]
    # A as reals: (..., n, 2k), interleaved; needs a unit-stride k axis
    if desc_has_negative(a) or (k > 1 and a.strides[nd - 1] != 1):
        contiguous_copy(a, sc)
    ar = a[0]
    desc_as_pairs(&ar)
    ar.ndim = nd
    ar.shape[nd - 1] = 2 * k
    ar.strides[nd - 1] = 1
    # B' (..., k, 2, m, 2) float32, with size 1 for b's broadcast batch axes
    bp = b[0]
    for i in range(nb):
        if bp.strides[i] == 0:
            bp.shape[i] = 1
        shape[i] = bp.shape[i]
    shape[nb], shape[nb + 1], shape[nb + 2], shape[nb + 3] = k, 2, m, 2
    sc.temp(&bt, ACL_FLOAT, 4, nb + 4, shape)
    desc_as_pairs(&bp)                       # (..., k, m, 2)
    # rows 2j: (br, bi) pairs
    blk = bt
    desc_drop_axis(&blk, nb + 1)             # (..., k, m, 2)
    copy_desc(&blk, &bp, sc)
    # rows 2j+1, odd columns: br
    blk = bt
    blk.offset += bt.strides[nb + 1] + 1
    desc_drop_axis(&blk, nb + 3)
    desc_drop_axis(&blk, nb + 1)             # (..., k, m)
    part = bp
    desc_drop_axis(&part, nb + 2)            # br: (..., k, m)
    copy_desc(&blk, &part, sc)
    # rows 2j+1, even columns: -bi = prod(bi, -1)
    blk.offset -= 1
    sc.temp(&pair, ACL_FLOAT, 4, nb + 3, bp.shape)   # (..., k, m, 2)
    part.offset += 1                         # bi
    neg = pair
    desc_drop_axis(&neg, nb + 2)
    copy_desc(&neg, &part, sc)
    neg.offset += 1
    fill_desc(&neg, _F32, -1, sc)
    prod_dim(&pair, nb + 2, ACL_FLOAT, &blk, sc)
    # B' as (..., 2k, 2m), the broadcast batch axes back at stride 0
    bt.ndim = nd
    bt.shape[nd - 2] = 2 * k
    bt.strides[nd - 2] = 2 * m
    bt.shape[nd - 1] = 2 * m
    bt.strides[nd - 1] = 1
    for i in range(nb):
        if b.strides[i] == 0:
            bt.shape[i] = b.shape[i]
            bt.strides[i] = 0
    # the result as reals (..., n, 2m)
    oo = o[0]
    desc_as_pairs(&oo)
    oo.ndim = nd
    oo.shape[nd - 1] = 2 * m
    oo.strides[nd - 1] = 1
    return _matmul_real(&oo, &ar, &bt, sc)


cdef int _run(Desc* o, Desc* a, Desc* b, Scratch sc) except -1:
    cdef Desc so, sa, sb
    cdef int64_t i
    if o.ndim - 2 > _MAX_BATCH:
        for i in range(o.shape[0]):
            _sub(&so, o, i)
            _sub(&sa, a, i)
            _sub(&sb, b, i)
            _run(&so, &sa, &sb, sc)
        return 0
    if o.dtype == ACL_BOOL:
        return _matmul_bool(o, a, b, sc)
    if o.dtype == ACL_COMPLEX64:
        return _matmul_complex(o, a, b, sc)
    return _matmul_real(o, a, b, sc)


cdef object run_matmul(View out, View a, View b, dict attrs,
                       intptr_t stream):
    cdef Desc o, da, db
    cdef Scratch sc
    if out.dtype not in MATMUL or a.dtype != out.dtype or (
            b.dtype != out.dtype):
        raise OperationNotSupported('matmul of {} and {} into {}'.format(
            a.dtype, b.dtype, out.dtype))
    if len(a.shape) < 2 or len(b.shape) < 2 or len(out.shape) != len(
            a.shape) or len(b.shape) != len(a.shape):
        raise ValueError('matmul: the operands must have one rank >= 2 '
                         '(the batch axes broadcast by the caller)')
    desc_from_view(&o, out)
    desc_from_view(&da, a)
    desc_from_view(&db, b)
    sc = Scratch(stream)
    try:
        if desc_numel(&o) == 0:
            return None
        if da.shape[da.ndim - 1] == 0:
            fill_desc(&o, out.dtype, 0, sc)     # sums of nothing
            return None
        if o.dtype == ACL_COMPLEX64 and cgemm(&o, &da, &db, out.device_id,
                                              sc):
            return None
        _run(&o, &da, &db, sc)
    finally:
        sc.release()
    return None


# ------------------------------------------------- the provider's tables --
# OPERATIONS: op -> entry(outs, ins, attrs, stream); ROUTES: op -> {loop
# dtype: route} (MATMUL above).  _provider.pyx merges every family's
# tables.

def _matmul_entry(tuple outs, tuple ins, dict attrs, intptr_t stream):
    return run_matmul(outs[0], ins[0], ins[1], attrs, stream)


OPERATIONS = {'matmul': _matmul_entry}
ROUTES = {'matmul': MATMUL}
