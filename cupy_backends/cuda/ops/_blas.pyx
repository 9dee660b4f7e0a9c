# The 'matmul' operation of the CUDA provider (operations.md): floating
# dtypes through cuBLAS (cublasGemmStridedBatchedEx), integers and bool
# through a generated kernel (ops/_source.py int_matmul).
#
# Row-major C = A @ B is computed as the column-major C^T = B^T A^T, so no
# operand is transposed in memory: a row-major operand is the column-major
# transpose as it stands (op N), a column-major one takes op T; anything
# else is copied to a contiguous temporary first.  float32 stays float32:
# CUBLAS_COMPUTE_32F, never TF32, unless CUPY_TF32=1 (CuPy's switch) asks
# for CUBLAS_COMPUTE_32F_FAST_TF32.  float16 accumulates in float32.

import os

import numpy

from libc.stdint cimport intptr_t

from cupy_backends.backend cimport api
from cupy_backends.backend.provider cimport View
from cupy_backends.cuda cimport _cuda
from cupy_backends.cuda._cuda cimport cupy_cublas_table, cublasHandle_t
from cupy_backends.cuda.ops cimport _compiler
from cupy_backends.cuda.ops._compiler cimport ArgPack, Function
from cupy_backends.cuda.ops cimport _elementwise

from cupy_backends.backend.provider import OperationNotSupported
from cupy_backends.cuda.ops import _source

from cupy.xpu.memory_pool import get_default_memory_pool

# cublasOperation_t, cudaDataType_t, cublasComputeType_t, cublasGemmAlgo_t
# (cuBLAS reference, "cuBLAS Datatypes Reference"; library_types.h).
cdef enum:
    _OP_N = 0
    _OP_T = 1
    _R_16F = 2
    _R_32F = 0
    _R_64F = 1
    _C_32F = 4
    _C_64F = 5
    _COMPUTE_32F = 68
    _COMPUTE_64F = 70
    _COMPUTE_32F_FAST_TF32 = 77
    _GEMM_DEFAULT = -1
    _INT_MAX = 2147483647

# dtype char -> (data type, compute type, scalar dtype of alpha/beta)
_FLOAT = {
    'e': (_R_16F, _COMPUTE_32F, numpy.float32),
    'f': (_R_32F, _COMPUTE_32F, numpy.float32),
    'd': (_R_64F, _COMPUTE_64F, numpy.float64),
    'F': (_C_32F, _COMPUTE_32F, numpy.complex64),
    'D': (_C_64F, _COMPUTE_64F, numpy.complex128),
}
_INTEGER = '?bBhHiIlL'

cdef dict _handles = {}


cdef intptr_t _handle() except? 0:
    cdef int device = api.xpuGetDevice()
    cdef cublasHandle_t h = NULL
    try:
        return _handles[device]
    except KeyError:
        pass
    _cuda.check_cublas(_cuda.cublas().cublasCreate_v2(&h), 'cublasCreate')
    _handles[device] = <intptr_t>h
    return <intptr_t>h


def _tf32():
    return os.environ.get('CUPY_TF32', '0') not in ('', '0')


def _merge_batch(list views):
    """The batch dims of the views as one (count, [stride per view]), or
    None when they do not collapse."""
    shape = views[0].shape[:-2]
    dims = []
    for i in range(len(shape)):
        if shape[i] == 1:
            continue
        st = [v.strides[i] for v in views]
        if dims:
            pc, pst = dims[-1]
            if all(pst[j] == st[j] * shape[i] for j in range(len(views))):
                dims[-1] = (pc * shape[i], st)
                continue
        dims.append((shape[i], st))
    if not dims:
        return 1, [0] * len(views)
    if len(dims) > 1:
        return None
    return dims[0]


def _layout(View v, Py_ssize_t rows, Py_ssize_t cols):
    """(op, ld) of a rows x cols row-major operand for the column-major
    product, or None when it needs a copy."""
    s0, s1 = v.strides[-2], v.strides[-1]
    if cols == 1:
        s1 = 1
    if rows == 1:
        s0 = max(cols, 1)
    if s1 == 1 and s0 >= max(cols, 1) and s0 <= _INT_MAX:
        return _OP_N, s0
    if s0 == 1 and s1 >= max(rows, 1) and s1 <= _INT_MAX:
        return _OP_T, s1
    return None


def _contiguous(View v, intptr_t stream, held):
    """A C-contiguous copy of `v` (its batch dims merged into one)."""
    n = 1
    for d in v.shape:
        n *= d
    mem = get_default_memory_pool().malloc(max(n * v.dtype.itemsize, 1))
    held.append(mem)
    strides = []
    acc = 1
    for d in reversed(v.shape):
        strides.append(acc)
        acc *= d
    tmp = View(mem.ptr, max(n * v.dtype.itemsize, 1), v.dtype, v.shape, tuple(reversed(strides)),
               0, v.device_id)
    _elementwise.run_copy((tmp,), (v,), {}, stream)
    return tmp


cpdef run_matmul(tuple outs, tuple ins, dict attrs, intptr_t stream):
    cdef View out = outs[0], a = ins[0], b = ins[1]
    ch = out.dtype.char
    if ch not in _FLOAT and ch not in _INTEGER:
        raise OperationNotSupported('matmul of {}'.format(out.dtype))
    held = []
    n, k, m = a.shape[-2], a.shape[-1], b.shape[-1]
    la = _layout(a, n, k)
    if la is None:
        a = _contiguous(a, stream, held)
        la = _layout(a, n, k)
    lb = _layout(b, k, m)
    if lb is None:
        b = _contiguous(b, stream, held)
        lb = _layout(b, k, m)
    batch = _merge_batch([out, a, b])
    if batch is None:
        a = _contiguous(a, stream, held)
        b = _contiguous(b, stream, held)
        la = _layout(a, n, k)
        lb = _layout(b, k, m)
        batch = _merge_batch([out, a, b])
        if batch is None:
            raise OperationNotSupported('matmul batch layout')
    count, (sc, sa, sb) = batch
    if ch in _INTEGER:
        _int_matmul(out, a, b, count, sc, sa, sb, n, k, m, stream)
        return None
    dtype, compute, scalar = _FLOAT[ch]
    if ch == 'f' and _tf32():
        compute = _COMPUTE_32F_FAST_TF32
    one = numpy.ones((), scalar).tobytes()
    zero = numpy.zeros((), scalar).tobytes()
    cdef cupy_cublas_table* t = _cuda.cublas()
    cdef intptr_t h = _handle()
    cdef const char* p_one = one
    cdef const char* p_zero = zero
    cdef intptr_t pa = a.base + a.offset * a.dtype.itemsize
    cdef intptr_t pb = b.base + b.offset * b.dtype.itemsize
    cdef intptr_t pc = out.base + out.offset * out.dtype.itemsize
    cdef int status
    cdef long long done = 0, step, isz = out.dtype.itemsize
    cdef long long cnt = count, s_a = sa, s_b = sb, s_c = sc
    _cuda.check_cublas(t.cublasSetStream_v2(<cublasHandle_t>h,
                                            <_cuda.cudaStream_t>stream),
                       'cublasSetStream')
    while done < cnt:
        step = min(cnt - done, _INT_MAX)
        status = t.cublasGemmStridedBatchedEx(
            <cublasHandle_t>h, lb[0], la[0], m, n, k, p_one,
            <const void*>(pb + done * s_b * isz), dtype, lb[1], s_b,
            <const void*>(pa + done * s_a * isz), dtype, la[1], s_a,
            p_zero, <void*>(pc + done * s_c * isz), dtype, m, s_c,
            step, compute, _GEMM_DEFAULT)
        _cuda.check_cublas(status, 'cublasGemmStridedBatchedEx')
        done += step
    return None


cdef _int_matmul(View out, View a, View b, long long count, long long sc,
                 long long sa, long long sb, long long n, long long k,
                 long long m, intptr_t stream):
    cdef ArgPack args = ArgPack()
    src, kname = _source.int_matmul(out.dtype.char)
    fn = _compiler.get_function(src, kname)
    args.add_i64(count)
    args.add_i64(n)
    args.add_i64(m)
    args.add_i64(k)
    args.add_ptr(a.base + a.offset * a.dtype.itemsize)
    args.add_ptr(b.base + b.offset * b.dtype.itemsize)
    args.add_ptr(out.base + out.offset * out.dtype.itemsize)
    g = numpy.array([sa, a.strides[-2], a.strides[-1],
                     sb, b.strides[-2], b.strides[-1],
                     sc, out.strides[-2], out.strides[-1]], numpy.int64)
    args.add_bytes(g.tobytes())
    total = count * n * m
    blocks = min((total + 255) // 256, _compiler.multiprocessor_count() * 32)
    _compiler.launch((<Function>fn).ptr, max(blocks, 1), 256, 0, stream, args)


OPERATIONS = {'matmul': run_matmul}
ROUTES = {'matmul': dict.fromkeys(
    [numpy.dtype(c) for c in _INTEGER + 'efdFD'], 'native')}
