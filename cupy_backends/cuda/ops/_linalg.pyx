# The linalg family of the CUDA provider (operations.md, "Linear
# algebra"): cuSOLVER's dense LAPACK and cuBLAS's triangular solve, for
# float32, float64, complex64 and complex128.
#
#   slogdet           getrf, then one thread per matrix multiplies the
#                     diagonal's signs (phases) and sums log|u_ii|,
#                     flipping the sign per row exchange;
#   inv               getrf + getrs against the identity;
#   cholesky          potrf;
#   triangular_solve  trsm;
#   qr                geqrf + orgqr/ungqr (modes reduced and complete);
#   svd               gesvdj (Jacobi: any m, n, and V rather than V^H,
#                     the contract's form);
#   eigh              syevd/heevd.
#
# Layout.  The operands are row-major; cuSOLVER is column-major.  A
# row-major matrix read column-major is its transpose, which is all
# slogdet (det A^T = det A), inv (the inverse of A^T read back transposed
# is A^-1), cholesky (for Hermitian A, A^T = conj(A): potrf of the other
# triangle gives the wanted factor read back row-major) and trsm (solve
# X^T op(a)^T = B^T from the right) need: they work on a plain copy (the
# libraries overwrite their input; the core's operands are never
# modified).  qr, svd and eigh take a column-major (transposed) copy and
# copy their factors back transposed.  Stacks of more than one matrix
# take the batched forms where the libraries have them (getrf/getrs:
# cuBLAS getrfBatched/getrsBatched for n <= 256, CuPy's default batched
# gesv limit; potrf: cuSOLVER potrfBatched); other batches loop over the
# matrices with one workspace.  LU (lu_factor, lu_solve) and the Jacobi
# batched eigh/svd of matrices up to 32 x 32 are in _linalg_batched.pyx.
#
# Errors.  Nothing is read back: a matrix whose info is not 0 (singular
# for inv, not positive definite for cholesky, not converged for svd and
# eigh) gets NaN in the outputs the core checks, on the device, which is
# the contract's signal (the core then raises NumPy's LinAlgError).  A
# zero pivot in slogdet gives sign 0 and log|det| -inf, as LAPACK's
# zero u_ii does.

import numpy

from libc.stdint cimport intptr_t

from cupy_backends.backend cimport api
from cupy_backends.backend.provider cimport View
from cupy_backends.cuda cimport _cuda
from cupy_backends.cuda._cuda cimport (
    cupy_cusolver_table, cupy_cublas_solver_table, cusolverDnHandle_t,
    cublasHandle_t, gesvdjInfo_t, potrf_batched_t, getrf_batched_t,
    getrs_batched_t)
from cupy_backends.cuda.ops cimport _compiler
from cupy_backends.cuda.ops cimport _elementwise
from cupy_backends.cuda.ops cimport _views
from cupy_backends.cuda.ops._compiler cimport ArgPack, Function

from cupy_backends.backend.provider import OperationNotSupported
from cupy_backends.cuda.ops._prelude import PRELUDE
from cupy.xpu.memory_pool import get_default_memory_pool

# cublasFillMode_t, cublasOperation_t, cublasSideMode_t, cublasDiagType_t
# (cuBLAS reference, "cuBLAS Datatypes Reference"); cusolverEigMode_t
# (cuSOLVER reference)
cdef enum:
    _LOWER = 0
    _UPPER = 1
    _OP_N = 0
    _OP_T = 1
    _OP_C = 2
    _RIGHT = 1
    _NON_UNIT = 0
    _UNIT = 1
    _NOVECTOR = 0
    _VECTOR = 1
    _THREADS = 256
    _INT_MAX = 2147483647
    # stacks of matrices up to this order take cuBLAS's batched LU (CuPy's
    # default batched gesv limit, cupy.cublas.get_batched_gesv_limit)
    _LU_BATCHED_MAX = 256

LOOPS = {numpy.dtype(c): 'native' for c in 'fdFD'}
_REAL = {'f': 'float', 'd': 'double', 'F': 'float', 'D': 'double'}

# per-device (cusolverDn handle, cuBLAS handle, gesvdj parameters)
cdef dict _handles = {}


cdef tuple _device_handles():
    # (cusolverDn handle, cuBLAS handle, gesvdj parameters) of the current
    # device, made on first use
    cdef int device = api.xpuGetDevice()
    cdef cusolverDnHandle_t sh = NULL
    cdef cublasHandle_t bh = NULL
    cdef gesvdjInfo_t params = NULL
    entry = _handles.get(device)
    if entry is not None:
        return entry
    cdef cupy_cusolver_table* t = _cuda.cusolver()
    _cuda.check_cusolver(t.cusolverDnCreate(&sh), 'cusolverDnCreate')
    _cuda.check_cublas(_cuda.cublas().cublasCreate_v2(&bh), 'cublasCreate')
    _cuda.check_cusolver(t.cusolverDnCreateGesvdjInfo(&params),
                         'cusolverDnCreateGesvdjInfo')
    entry = (<intptr_t>sh, <intptr_t>bh, <intptr_t>params)
    _handles[device] = entry
    return entry


cdef intptr_t _solver(intptr_t stream) except? 0:
    cdef intptr_t h = _device_handles()[0]
    _cuda.check_cusolver(_cuda.cusolver().cusolverDnSetStream(
        <cusolverDnHandle_t>h, <_cuda.cudaStream_t>stream),
        'cusolverDnSetStream')
    return h


cdef intptr_t _blas(intptr_t stream) except? 0:
    cdef intptr_t h = _device_handles()[1]
    _cuda.check_cublas(_cuda.cublas().cublasSetStream_v2(
        <cublasHandle_t>h, <_cuda.cudaStream_t>stream), 'cublasSetStream')
    return h


# ---------------------------------------------------------- scratch --

cdef class _Scratch:
    # device buffers of one call, back to the stream-ordered pool when the
    # call returns (the pool orders their reuse after the queued work)

    def __init__(self, intptr_t stream, int device):
        self.held = []
        self.stream = stream
        self.device = device

    cdef intptr_t alloc(self, Py_ssize_t nbytes) except? 0:
        mem = get_default_memory_pool().malloc(max(nbytes, 1))
        self.held.append(mem)
        return mem.ptr

    cdef View view(self, object dtype, tuple shape, tuple strides):
        # a new buffer holding `shape` with element `strides`
        cdef Py_ssize_t span = 1, i
        for i in range(len(shape)):
            if shape[i] == 0:
                span = 0
                break
            span += (shape[i] - 1) * strides[i]
        cdef Py_ssize_t nbytes = max(span, 1) * dtype.itemsize
        return View(self.alloc(nbytes), nbytes, dtype, shape, strides, 0,
                    self.device)

    cdef View c_copy(self, View a):
        # a C-contiguous copy of `a`
        cdef View t = self.view(a.dtype, a.shape, _views.c_strides(a.shape))
        _elementwise.run_copy((t,), (a,), {}, self.stream)
        return t

    cdef View f_copy(self, View a, Py_ssize_t cols):
        # a copy of `a` (..., m, n) with each matrix column-major (lda m)
        # in a buffer of `cols` >= n columns per matrix
        cdef View t = self.f_buffer(a.dtype, a.shape[:-2], a.shape[-2],
                                    cols)
        cdef View dst = View(t.base, t.nbytes, a.dtype, a.shape,
                             _f_strides(a.shape[:-2], a.shape[-2], cols), 0,
                             self.device)
        _elementwise.run_copy((dst,), (a,), {}, self.stream)
        return dst

    cdef View f_buffer(self, object dtype, tuple batch, Py_ssize_t m,
                       Py_ssize_t cols):
        # a new (batch..., m, cols) buffer, each matrix column-major
        return self.view(dtype, batch + (m, cols), _f_strides(batch, m, cols))

    cdef View out(self, View o):
        # `o` itself when C-contiguous, else a C-contiguous stand-in that
        # finish() copies into `o`
        if _views.c_contiguous(o):
            return o
        return self.view(o.dtype, o.shape, _views.c_strides(o.shape))

    cdef int finish(self, View o, View written) except -1:
        if written is not o:
            _elementwise.run_copy((o,), (written,), {}, self.stream)
        return 0


cdef tuple _f_strides(tuple batch, Py_ssize_t m, Py_ssize_t cols):
    cdef list st = list(_views.c_strides(batch + (m * cols,)))
    st[-1:] = [1, m]
    return tuple(st)


cdef Py_ssize_t _count(tuple batch):
    cdef Py_ssize_t n = 1, d
    for d in batch:
        n *= d
    return n


cdef int _check_dims(op, View a, tuple sizes) except -1:
    if a.dtype not in LOOPS or len(a.shape) < 2:
        raise OperationNotSupported('{} of {} {}'.format(op, a.dtype,
                                                        a.shape))
    for s in sizes:
        if s > _INT_MAX // 2:
            raise OperationNotSupported('{} of {} rows or columns'.format(
                op, s))
    return 0


cdef intptr_t _at(View v, Py_ssize_t b, Py_ssize_t per):
    # the address of matrix b of a view whose matrices are `per`
    # elements apart
    return _views.ptr(v) + b * per * v.dtype.itemsize


cdef Py_ssize_t _matrix_stride(View v) except -1:
    # element distance between consecutive matrices of a view whose batch
    # dims are C-contiguous over the matrices (the buffers made here)
    if len(v.shape) == 2:
        return 0
    return v.strides[-3]


# ---------------------------------------------------------- kernels --

_KERNELS = r'''
/* R: the real type; P: 1 (real) or 2 (complex) R per element */

/* NaN over `per` elements of each matrix whose info is not 0 */
extern "C" __global__ void la_nan_where(long long total, long long per,
                                        const int* info, R* x) {
  for (long long q = (long long)blockIdx.x * blockDim.x + threadIdx.x;
       q < total; q += (long long)gridDim.x * blockDim.x) {
    if (info[q / (per * P)] != 0) x[q] = (R)NAN;
  }
}

/* a C-contiguous (batch, rows, cols) stack: the other triangle zeroed,
   NaN where info (may be NULL) is not 0 */
extern "C" __global__ void la_triangle(long long total, long long rows,
    long long cols, int keep_upper, const int* info, R* x) {
  for (long long q = (long long)blockIdx.x * blockDim.x + threadIdx.x;
       q < total; q += (long long)gridDim.x * blockDim.x) {
    long long e = q / P;
    long long j = e % cols, i = (e / cols) % rows;
    if (info != 0 && info[e / (rows * cols)] != 0) x[q] = (R)NAN;
    else if (keep_upper ? j < i : j > i) x[q] = (R)0;
  }
}

/* identity matrices (batch, n, n), C-contiguous */
extern "C" __global__ void la_eye(long long total, long long n, R* x) {
  for (long long q = (long long)blockIdx.x * blockDim.x + threadIdx.x;
       q < total; q += (long long)gridDim.x * blockDim.x) {
    long long e = q / P;
    long long j = e % n, i = (e / n) % n;
    x[q] = (R)((q % P == 0 && i == j) ? 1 : 0);
  }
}

/* the addresses of `batch` matrices `stride` bytes apart (the pointer
   arrays of the batched library forms) */
extern "C" __global__ void la_ptrs(long long batch, unsigned long long base,
    long long stride, unsigned long long* out) {
  for (long long b = (long long)blockIdx.x * blockDim.x + threadIdx.x;
       b < batch; b += (long long)gridDim.x * blockDim.x) {
    out[b] = base + (unsigned long long)(b * stride);
  }
}

/* sign and log|det| of getrf's factors: one thread per matrix */
extern "C" __global__ void la_slogdet(long long batch, int n,
    long long per, const R* lu, const int* ipiv, R* sign, R* logabs) {
  for (long long b = (long long)blockIdx.x * blockDim.x + threadIdx.x;
       b < batch; b += (long long)gridDim.x * blockDim.x) {
    const R* a = lu + b * per * P;
    R sr = 1, si = 0, acc = 0;
    for (int k = 0; k < n; ++k) {
      if (ipiv[b * n + k] != k + 1) { sr = -sr; si = -si; }
#if P == 1
      R d = a[(long long)k * (n + 1)];
      R m = fabs(d);
      if (d < 0) sr = -sr;
      else if (d != d) sr = d;
#else
      R dr = a[2 * (long long)k * (n + 1)], di = a[2 * (long long)k * (n + 1) + 1];
      R m = hypot(dr, di);
      R pr = dr / m, pi = di / m;
      R t = sr * pr - si * pi;
      si = sr * pi + si * pr;
      sr = t;
#endif
      if (m == 0) { sr = 0; si = 0; acc = -(R)INFINITY; break; }
      acc += log(m);
    }
    sign[b * P] = sr;
#if P == 2
    sign[b * P + 1] = si;
#endif
    logabs[b] = acc;
  }
}
'''


cdef Function _kernel(str name, object dtype):
    # kernel `name` of _KERNELS for matrices of `dtype`
    parts = 2 if dtype.kind == 'c' else 1
    src = (PRELUDE + 'typedef {} R;\n#define P {}\n'.format(
        _REAL[dtype.char], parts) + _KERNELS)
    return _compiler.get_function(src, name)


cdef int _launch(Function fn, long long total, ArgPack args,
                 intptr_t stream) except -1:
    if total <= 0:
        return 0
    return _compiler.launch(fn.ptr, _views.blocks(total, _THREADS),
                            _THREADS, 0, stream, args)


cdef int _parts(View v):
    return 2 if v.dtype.kind == 'c' else 1


cdef int _nan_where(View x, Py_ssize_t batch, intptr_t info,
                    intptr_t stream) except -1:
    # x: C-contiguous, `batch` matrices
    cdef ArgPack args = ArgPack()
    cdef long long total = 1, per
    for d in x.shape:
        total *= d
    if batch == 0 or total == 0:
        return 0
    per = total // batch
    total *= _parts(x)
    args.add_i64(total)
    args.add_i64(per)
    args.add_ptr(info)
    args.add_ptr(_views.ptr(x))
    return _launch(_kernel('la_nan_where', x.dtype), total, args, stream)


cdef int _triangle(View x, bint keep_upper, intptr_t info,
                   intptr_t stream) except -1:
    cdef ArgPack args = ArgPack()
    cdef long long total = _parts(x)
    for d in x.shape:
        total *= d
    args.add_i64(total)
    args.add_i64(x.shape[-2])
    args.add_i64(x.shape[-1])
    args.add_i32(1 if keep_upper else 0)
    args.add_ptr(info)
    args.add_ptr(_views.ptr(x))
    return _launch(_kernel('la_triangle', x.dtype), total, args, stream)


cdef int _eye(View x, intptr_t stream) except -1:
    cdef ArgPack args = ArgPack()
    cdef long long total = _parts(x)
    for d in x.shape:
        total *= d
    args.add_i64(total)
    args.add_i64(x.shape[-1])
    args.add_ptr(_views.ptr(x))
    return _launch(_kernel('la_eye', x.dtype), total, args, stream)


# ------------------------------------------------------ typed tables --
# The routines of one dtype (S, D, C, Z: float32, float64, complex64,
# complex128), picked from the library tables once.

cdef _Fns _fns[4]
cdef bint _fns_ready = False


cdef _Fns* _typed(object dtype) except NULL:
    global _fns_ready
    cdef cupy_cusolver_table* t
    cdef cupy_cublas_solver_table* b
    if not _fns_ready:
        t = _cuda.cusolver()
        b = _cuda.cublas_solver()
        _fns[0].getrf_size = t.cusolverDnSgetrf_bufferSize
        _fns[0].getrf = t.cusolverDnSgetrf
        _fns[0].getrs = t.cusolverDnSgetrs
        _fns[0].potrf_size = t.cusolverDnSpotrf_bufferSize
        _fns[0].potrf = t.cusolverDnSpotrf
        _fns[0].geqrf_size = t.cusolverDnSgeqrf_bufferSize
        _fns[0].geqrf = t.cusolverDnSgeqrf
        _fns[0].orgqr_size = t.cusolverDnSorgqr_bufferSize
        _fns[0].orgqr = t.cusolverDnSorgqr
        _fns[0].gesvdj_size = t.cusolverDnSgesvdj_bufferSize
        _fns[0].gesvdj = t.cusolverDnSgesvdj
        _fns[0].syevd_size = t.cusolverDnSsyevd_bufferSize
        _fns[0].syevd = t.cusolverDnSsyevd
        _fns[0].trsm = b.cublasStrsm_v2
        _fns[0].getrf_batched = b.cublasSgetrfBatched
        _fns[0].getrs_batched = b.cublasSgetrsBatched
        _fns[0].potrf_batched = t.cusolverDnSpotrfBatched
        _fns[1].getrf_size = t.cusolverDnDgetrf_bufferSize
        _fns[1].getrf = t.cusolverDnDgetrf
        _fns[1].getrs = t.cusolverDnDgetrs
        _fns[1].potrf_size = t.cusolverDnDpotrf_bufferSize
        _fns[1].potrf = t.cusolverDnDpotrf
        _fns[1].geqrf_size = t.cusolverDnDgeqrf_bufferSize
        _fns[1].geqrf = t.cusolverDnDgeqrf
        _fns[1].orgqr_size = t.cusolverDnDorgqr_bufferSize
        _fns[1].orgqr = t.cusolverDnDorgqr
        _fns[1].gesvdj_size = t.cusolverDnDgesvdj_bufferSize
        _fns[1].gesvdj = t.cusolverDnDgesvdj
        _fns[1].syevd_size = t.cusolverDnDsyevd_bufferSize
        _fns[1].syevd = t.cusolverDnDsyevd
        _fns[1].trsm = b.cublasDtrsm_v2
        _fns[1].getrf_batched = b.cublasDgetrfBatched
        _fns[1].getrs_batched = b.cublasDgetrsBatched
        _fns[1].potrf_batched = t.cusolverDnDpotrfBatched
        _fns[2].getrf_size = t.cusolverDnCgetrf_bufferSize
        _fns[2].getrf = t.cusolverDnCgetrf
        _fns[2].getrs = t.cusolverDnCgetrs
        _fns[2].potrf_size = t.cusolverDnCpotrf_bufferSize
        _fns[2].potrf = t.cusolverDnCpotrf
        _fns[2].geqrf_size = t.cusolverDnCgeqrf_bufferSize
        _fns[2].geqrf = t.cusolverDnCgeqrf
        _fns[2].orgqr_size = t.cusolverDnCungqr_bufferSize
        _fns[2].orgqr = t.cusolverDnCungqr
        _fns[2].gesvdj_size = t.cusolverDnCgesvdj_bufferSize
        _fns[2].gesvdj = t.cusolverDnCgesvdj
        _fns[2].syevd_size = t.cusolverDnCheevd_bufferSize
        _fns[2].syevd = t.cusolverDnCheevd
        _fns[2].trsm = b.cublasCtrsm_v2
        _fns[2].getrf_batched = b.cublasCgetrfBatched
        _fns[2].getrs_batched = b.cublasCgetrsBatched
        _fns[2].potrf_batched = t.cusolverDnCpotrfBatched
        _fns[3].getrf_size = t.cusolverDnZgetrf_bufferSize
        _fns[3].getrf = t.cusolverDnZgetrf
        _fns[3].getrs = t.cusolverDnZgetrs
        _fns[3].potrf_size = t.cusolverDnZpotrf_bufferSize
        _fns[3].potrf = t.cusolverDnZpotrf
        _fns[3].geqrf_size = t.cusolverDnZgeqrf_bufferSize
        _fns[3].geqrf = t.cusolverDnZgeqrf
        _fns[3].orgqr_size = t.cusolverDnZungqr_bufferSize
        _fns[3].orgqr = t.cusolverDnZungqr
        _fns[3].gesvdj_size = t.cusolverDnZgesvdj_bufferSize
        _fns[3].gesvdj = t.cusolverDnZgesvdj
        _fns[3].syevd_size = t.cusolverDnZheevd_bufferSize
        _fns[3].syevd = t.cusolverDnZheevd
        _fns[3].trsm = b.cublasZtrsm_v2
        _fns[3].getrf_batched = b.cublasZgetrfBatched
        _fns[3].getrs_batched = b.cublasZgetrsBatched
        _fns[3].potrf_batched = t.cusolverDnZpotrfBatched
        _fns_ready = True
    return &_fns['fdFD'.index(dtype.char)]


# ------------------------------------------------------- operations --

cdef bytes _one(object dtype):
    return numpy.ones((), dtype).tobytes()


cdef intptr_t _work(_Scratch sc, object dtype, int lwork) except? 0:
    # cuSOLVER's legacy workspaces count elements of the matrix dtype
    return sc.alloc(<Py_ssize_t>max(lwork, 1) * dtype.itemsize)


cdef intptr_t _pointers(_Scratch sc, intptr_t base, Py_ssize_t stride,
                        Py_ssize_t batch) except? 0:
    # a device array of the `batch` addresses base + i * stride (bytes):
    # the matrix arrays of the batched library forms, written on the device
    cdef intptr_t out = sc.alloc(batch * 8)
    cdef ArgPack args = ArgPack()
    args.add_i64(batch)
    args.add_ptr(base)
    args.add_i64(stride)
    args.add_ptr(out)
    _launch(_kernel('la_ptrs', numpy.dtype('d')), batch, args, sc.stream)
    return out


cdef tuple _getrf(_Scratch sc, View lu, Py_ssize_t m, Py_ssize_t n,
                  Py_ssize_t batch, intptr_t info=0):
    # (ipiv, info): getrf in place of each column-major m x n matrix of
    # `lu` (lda m, matrices m * n apart), ipiv 1-based int32 (min(m, n)
    # per matrix), info int32 per matrix (into `info` when given); square
    # stacks of small matrices in one batched call
    cdef Py_ssize_t k = min(m, n), b
    cdef _Fns* f = _typed(lu.dtype)
    cdef intptr_t ipiv = sc.alloc(batch * k * 4)
    if info == 0:
        info = sc.alloc(batch * 4)
    cdef intptr_t h, arr, work
    cdef int lwork = 0
    if batch > 1 and m == n and n <= _LU_BATCHED_MAX:
        h = _blas(sc.stream)
        arr = _pointers(sc, _views.ptr(lu), n * n * lu.dtype.itemsize, batch)
        _cuda.check_cublas(f.getrf_batched(
            <cublasHandle_t>h, n, <void* const*>arr, n, <int*>ipiv,
            <int*>info, batch), 'cublasXgetrfBatched')
        return ipiv, info
    h = _solver(sc.stream)
    _cuda.check_cusolver(f.getrf_size(<cusolverDnHandle_t>h, m, n,
                                      <void*>_views.ptr(lu), m, &lwork),
                         'getrf_bufferSize')
    work = _work(sc, lu.dtype, lwork)
    for b in range(batch):
        _cuda.check_cusolver(f.getrf(
            <cusolverDnHandle_t>h, m, n, <void*>_at(lu, b, m * n), m,
            <void*>work, <int*>(ipiv + b * k * 4), <int*>(info + b * 4)),
            'getrf')
    return ipiv, info


cdef int _getrs(_Scratch sc, View lu, intptr_t ipiv, View x, Py_ssize_t n,
                Py_ssize_t nrhs, Py_ssize_t batch, int op) except -1:
    # op(A_b) X_b = B_b in place in x (column-major n x nrhs matrices, ldb
    # n, n * nrhs apart) with getrf's factors in lu (n x n, lda n)
    cdef _Fns* f = _typed(lu.dtype)
    cdef intptr_t h, pa, pb, info
    cdef int hinfo = 0
    cdef Py_ssize_t b
    if batch > 1 and n <= _LU_BATCHED_MAX:
        h = _blas(sc.stream)
        pa = _pointers(sc, _views.ptr(lu), n * n * lu.dtype.itemsize, batch)
        pb = _pointers(sc, _views.ptr(x), n * nrhs * x.dtype.itemsize,
                       batch)
        # info is a host int here: the validity of the arguments
        _cuda.check_cublas(f.getrs_batched(
            <cublasHandle_t>h, op, n, nrhs, <const void* const*>pa, n,
            <const int*>ipiv, <void* const*>pb, n, &hinfo, batch),
            'cublasXgetrsBatched')
        return 0
    h = _solver(sc.stream)
    info = sc.alloc(4)
    for b in range(batch):
        _cuda.check_cusolver(f.getrs(
            <cusolverDnHandle_t>h, op, n, nrhs, <void*>_at(lu, b, n * n), n,
            <int*>(ipiv + b * n * 4), <void*>_at(x, b, n * nrhs), n,
            <int*>info), 'getrs')
    return 0


def _slogdet_entry(tuple outs, tuple ins, dict attrs, intptr_t stream):
    # outs (sign of a's dtype, log|det| real) of a's batch shape
    cdef View a = ins[0], sign = outs[0], logabs = outs[1]
    cdef Py_ssize_t n = a.shape[-1], batch, b
    _check_dims('slogdet', a, (n,))
    cdef _Scratch sc = _Scratch(stream, a.device_id)
    cdef View ws = sc.out(sign), wl = sc.out(logabs)
    batch = _count(a.shape[:-2])
    cdef View lu = sc.c_copy(a)
    ipiv, _ = _getrf(sc, lu, n, n, batch)
    cdef ArgPack args = ArgPack()
    args.add_i64(batch)
    args.add_i32(n)
    args.add_i64(n * n)
    args.add_ptr(_views.ptr(lu))
    args.add_ptr(ipiv)
    args.add_ptr(_views.ptr(ws))
    args.add_ptr(_views.ptr(wl))
    _launch(_kernel('la_slogdet', a.dtype), batch, args, stream)
    sc.finish(sign, ws)
    sc.finish(logabs, wl)
    return None


def _inv_entry(tuple outs, tuple ins, dict attrs, intptr_t stream):
    # the inverse of A^T (a's memory read column-major), written
    # column-major, is A^-1 read row-major; NaN for a singular matrix
    cdef View a = ins[0], out = outs[0]
    cdef Py_ssize_t n = a.shape[-1], batch
    _check_dims('inv', a, (n,))
    cdef _Scratch sc = _Scratch(stream, a.device_id)
    cdef View x = sc.out(out)
    batch = _count(a.shape[:-2])
    _eye(x, stream)
    cdef View lu = sc.c_copy(a)
    ipiv, info = _getrf(sc, lu, n, n, batch)
    _getrs(sc, lu, ipiv, x, n, n, batch, _OP_N)
    _nan_where(x, batch, info, stream)
    sc.finish(out, x)
    return None


def _cholesky_entry(tuple outs, tuple ins, dict attrs, intptr_t stream):
    # potrf of the other triangle of a's memory read column-major (A^T =
    # conj(A) for Hermitian A) is the wanted factor read row-major; the
    # triangle it leaves is zeroed, NaN where not positive definite
    cdef View a = ins[0], out = outs[0]
    cdef Py_ssize_t n = a.shape[-1], batch
    _check_dims('cholesky', a, (n,))
    cdef bint upper = bool(attrs.get('upper', False))
    cdef _Fns* f = _typed(a.dtype)
    cdef _Scratch sc = _Scratch(stream, a.device_id)
    cdef View x = sc.out(out)
    _elementwise.run_copy((x,), (a,), {}, stream)
    batch = _count(a.shape[:-2])
    if batch == 0 or n == 0:
        return None
    cdef intptr_t h = _solver(stream)
    cdef intptr_t info = sc.alloc(batch * 4)
    cdef int lwork = 0
    cdef int uplo = _LOWER if upper else _UPPER
    cdef intptr_t work, arr
    if batch > 1:
        # one call for the stack (potrfBatched uses the other triangle as
        # its workspace: _triangle zeroes it below)
        arr = _pointers(sc, _views.ptr(x), n * n * a.dtype.itemsize, batch)
        _cuda.check_cusolver(f.potrf_batched(
            <cusolverDnHandle_t>h, uplo, n, <void**>arr, n, <int*>info,
            batch), 'potrfBatched')
    else:
        _cuda.check_cusolver(f.potrf_size(<cusolverDnHandle_t>h, uplo, n,
                                          <void*>_views.ptr(x), n, &lwork),
                             'potrf_bufferSize')
        work = _work(sc, a.dtype, lwork)
        _cuda.check_cusolver(f.potrf(
            <cusolverDnHandle_t>h, uplo, n, <void*>_views.ptr(x), n,
            <void*>work, lwork, <int*>info), 'potrf')
    _triangle(x, upper, info, stream)
    sc.finish(out, x)
    return None


def _trsv_entry(tuple outs, tuple ins, dict attrs, intptr_t stream):
    # op(a) x = b, row-major, is x^T op(a)^T = b^T column-major: trsm from
    # the right on a's memory read column-major (a^T: the other triangle;
    # op N, T, C for trans 0, 1, 2)
    cdef View a = ins[0], bb = ins[1], out = outs[0]
    cdef Py_ssize_t n = a.shape[-1], k = bb.shape[-1], batch, i
    cdef Py_ssize_t sa, lda
    _check_dims('triangular_solve', a, (n, k))
    trans = attrs.get('trans', 0)
    if trans not in (0, 1, 2) or bb.dtype != a.dtype:
        raise OperationNotSupported('triangular_solve with trans {!r}'.format(
            trans))
    cdef _Fns* f = _typed(a.dtype)
    cdef _Scratch sc = _Scratch(stream, a.device_id)
    cdef View x = sc.out(out)
    _elementwise.run_copy((x,), (bb,), {}, stream)
    batch = _count(a.shape[:-2])
    if not (a.strides[-1] == 1 or n == 1) or a.strides[-2] < n or any(
            s < 0 for s in a.strides):
        a = sc.c_copy(a)
    lda = max(a.strides[-2], n, 1)
    if lda > _INT_MAX:
        a = sc.c_copy(a)
        lda = n
    cdef intptr_t h = _device_handles()[1]
    cdef bytes one = _one(a.dtype)
    cdef const char* p_one = one
    _cuda.check_cublas(_cuda.cublas().cublasSetStream_v2(
        <cublasHandle_t>h, <_cuda.cudaStream_t>stream), 'cublasSetStream')
    cdef int uplo = _LOWER if attrs.get('upper') else _UPPER
    cdef int op = (_OP_N, _OP_T, _OP_C)[trans]
    cdef int diag = _UNIT if attrs.get('unit') else _NON_UNIT
    cdef intptr_t pa, px
    for i in range(batch):
        pa = _views.ptr(a)
        if len(a.shape) > 2:
            pa = _a_matrix(a, i)
        px = _at(x, i, n * k)
        _cuda.check_cublas(f.trsm(
            <cublasHandle_t>h, _RIGHT, uplo, op, diag, k, n,
            <const void*>p_one, <const void*>pa, lda, <void*>px, k),
            'cublasXtrsm')
    sc.finish(out, x)
    return None


cdef intptr_t _a_matrix(View a, Py_ssize_t i) except? 0:
    # the address of matrix i (C order over the batch dims) of view a
    cdef Py_ssize_t off = 0, d
    for d in range(len(a.shape) - 3, -1, -1):
        off += (i % a.shape[d]) * a.strides[d]
        i //= a.shape[d]
    return _views.ptr(a) + off * a.dtype.itemsize


def _qr_entry(tuple outs, tuple ins, dict attrs, intptr_t stream):
    # geqrf then orgqr/ungqr on a column-major copy; outs (q, r) of
    # NumPy's shapes for modes 'reduced' and 'complete', C-contiguous
    cdef View a = ins[0], q = outs[0], r = outs[1]
    cdef Py_ssize_t m = a.shape[-2], n = a.shape[-1], k, kq, cols, batch, b
    mode = attrs.get('mode')
    if mode not in ('reduced', 'complete'):
        raise OperationNotSupported('qr in mode {!r}'.format(mode))
    _check_dims('qr', a, (m, n))
    k = min(m, n)
    kq = m if mode == 'complete' else k
    cols = max(n, kq)
    batch = _count(a.shape[:-2])
    if k == 0 or batch == 0:
        raise OperationNotSupported('qr of an empty stack')
    cdef _Fns* f = _typed(a.dtype)
    cdef _Scratch sc = _Scratch(stream, a.device_id)
    cdef View w = sc.f_copy(a, cols)
    cdef Py_ssize_t per = m * cols
    cdef intptr_t h = _solver(stream)
    cdef intptr_t tau = sc.alloc(batch * k * a.dtype.itemsize)
    cdef intptr_t info = sc.alloc(batch * 4)
    cdef int lwork = 0, lwork2 = 0
    _cuda.check_cusolver(f.geqrf_size(<cusolverDnHandle_t>h, m, n,
                                      <void*>_views.ptr(w), m, &lwork),
                         'geqrf_bufferSize')
    _cuda.check_cusolver(f.orgqr_size(<cusolverDnHandle_t>h, m, kq, k,
                                      <void*>_views.ptr(w), m, <void*>tau,
                                      &lwork2), 'orgqr_bufferSize')
    lwork = max(lwork, lwork2)
    cdef intptr_t work = _work(sc, a.dtype, lwork)
    cdef Py_ssize_t isz = a.dtype.itemsize
    for b in range(batch):
        _cuda.check_cusolver(f.geqrf(
            <cusolverDnHandle_t>h, m, n, <void*>_at(w, b, per), m,
            <void*>(tau + b * k * isz), <void*>work, lwork,
            <int*>(info + b * 4)), 'geqrf')
    # R: the upper trapezoid of the first k rows
    cdef View rr = sc.out(r)
    batch_shape = a.shape[:-2]
    _elementwise.run_copy(
        (rr,), (_f_view(w, batch_shape, k, n, m, per),), {}, stream)
    _triangle(rr, True, 0, stream)
    sc.finish(r, rr)
    for b in range(batch):
        _cuda.check_cusolver(f.orgqr(
            <cusolverDnHandle_t>h, m, kq, k, <void*>_at(w, b, per), m,
            <void*>(tau + b * k * isz), <void*>work, lwork,
            <int*>(info + b * 4)), 'orgqr')
    _elementwise.run_copy(
        (q,), (_f_view(w, batch_shape, m, kq, m, per),), {}, stream)
    return None


cdef View _f_view(View w, tuple batch, Py_ssize_t rows, Py_ssize_t cols,
                  Py_ssize_t ld, Py_ssize_t per):
    # the leading rows x cols of the column-major matrices of buffer w
    # (leading dimension ld, matrices per elements apart), as a view
    cdef list st = list(_views.c_strides(batch + (1,)))[:-1]
    st = [s * per for s in st] + [1, ld]
    return View(w.base, w.nbytes, w.dtype, batch + (rows, cols), tuple(st),
                w.offset, w.device_id)


def _svd_entry(tuple outs, tuple ins, dict attrs, intptr_t stream):
    # gesvdj on a column-major copy: outs (u, s, v) with v = V, or (s,);
    # s NaN where the Jacobi sweeps did not converge
    cdef View a = ins[0]
    cdef Py_ssize_t m = a.shape[-2], n = a.shape[-1], k, ku, kv, batch, b
    _check_dims('svd', a, (m, n))
    cdef bint uv = len(outs) == 3
    cdef bint full = bool(attrs.get('full_matrices', False)) and uv
    cdef View s = outs[1] if uv else outs[0]
    k = min(m, n)
    ku, kv = (m, n) if full else (k, k)
    batch = _count(a.shape[:-2])
    if k == 0 or batch == 0:
        raise OperationNotSupported('svd of an empty stack')
    cdef _Fns* f = _typed(a.dtype)
    cdef _Scratch sc = _Scratch(stream, a.device_id)
    cdef View w = sc.f_copy(a, n)
    batch_shape = a.shape[:-2]
    cdef View bu = sc.f_buffer(a.dtype, batch_shape, m, ku)
    cdef View bv = sc.f_buffer(a.dtype, batch_shape, n, kv)
    cdef View ss = sc.out(s)
    cdef intptr_t h = _solver(stream)
    cdef intptr_t params = _device_handles()[2]
    cdef intptr_t info = sc.alloc(batch * 4)
    cdef int lwork = 0
    cdef int jobz = _VECTOR if uv else _NOVECTOR
    cdef int econ = 0 if full else 1
    cdef Py_ssize_t rsz = s.dtype.itemsize
    _cuda.check_cusolver(f.gesvdj_size(
        <cusolverDnHandle_t>h, jobz, econ, m, n, <void*>_views.ptr(w), m,
        <void*>_views.ptr(ss), <void*>_views.ptr(bu), m,
        <void*>_views.ptr(bv), n, &lwork, <gesvdjInfo_t>params),
        'gesvdj_bufferSize')
    cdef intptr_t work = _work(sc, a.dtype, lwork)
    for b in range(batch):
        _cuda.check_cusolver(f.gesvdj(
            <cusolverDnHandle_t>h, jobz, econ, m, n, <void*>_at(w, b, m * n),
            m, <void*>(_views.ptr(ss) + b * k * rsz),
            <void*>_at(bu, b, m * ku), m, <void*>_at(bv, b, n * kv), n,
            <void*>work, lwork, <int*>(info + b * 4), <gesvdjInfo_t>params),
            'gesvdj')
    _nan_where(ss, batch, info, stream)
    sc.finish(s, ss)
    if uv:
        _elementwise.run_copy((outs[0],), (bu,), {}, stream)
        _elementwise.run_copy((outs[2],), (bv,), {}, stream)
    return None


def _eigh_entry(tuple outs, tuple ins, dict attrs, intptr_t stream):
    # syevd/heevd on a column-major copy: outs (w, v) or (w,), w
    # ascending; NaN in w where it did not converge
    cdef View a = ins[0]
    cdef Py_ssize_t n = a.shape[-1], batch, b
    _check_dims('eigh', a, (n,))
    cdef bint vec = len(outs) == 2
    cdef View wout = outs[0]
    batch = _count(a.shape[:-2])
    if n == 0 or batch == 0:
        raise OperationNotSupported('eigh of an empty stack')
    cdef _Fns* f = _typed(a.dtype)
    cdef _Scratch sc = _Scratch(stream, a.device_id)
    cdef View x = sc.f_copy(a, n)
    cdef View ww = sc.out(wout)
    cdef intptr_t h = _solver(stream)
    cdef intptr_t info = sc.alloc(batch * 4)
    cdef int lwork = 0
    cdef int jobz = _VECTOR if vec else _NOVECTOR
    cdef int uplo = _UPPER if attrs.get('UPLO', 'L') == 'U' else _LOWER
    cdef Py_ssize_t rsz = wout.dtype.itemsize
    _cuda.check_cusolver(f.syevd_size(
        <cusolverDnHandle_t>h, jobz, uplo, n, <void*>_views.ptr(x), n,
        <void*>_views.ptr(ww), &lwork), 'syevd_bufferSize')
    cdef intptr_t work = _work(sc, a.dtype, lwork)
    for b in range(batch):
        _cuda.check_cusolver(f.syevd(
            <cusolverDnHandle_t>h, jobz, uplo, n, <void*>_at(x, b, n * n), n,
            <void*>(_views.ptr(ww) + b * n * rsz), <void*>work, lwork,
            <int*>(info + b * 4)), 'syevd')
    _nan_where(ww, batch, info, stream)
    sc.finish(wout, ww)
    if vec:
        _elementwise.run_copy((outs[1],), (x,), {}, stream)
    return None


# ------------------------------------------------- the provider's tables --
OPERATIONS = {'slogdet': _slogdet_entry, 'inv': _inv_entry,
              'cholesky': _cholesky_entry, 'triangular_solve': _trsv_entry,
              'qr': _qr_entry, 'svd': _svd_entry, 'eigh': _eigh_entry}
ROUTES = {op: LOOPS for op in OPERATIONS}
