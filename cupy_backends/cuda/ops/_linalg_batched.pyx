# The linalg family of the CUDA provider, second part (operations.md,
# "Linear algebra"): LU through getrf/getrs, and the Jacobi forms of
# cuSOLVER for stacks of small matrices; the per-matrix routines and the
# shared pieces are _linalg.pyx's (this module's OPERATIONS is the whole
# family's table).
#
#   lu_factor  getrf on column-major matrices (LAPACK's factor of A);
#              the core asks for lu with each matrix column-major
#              (SciPy's layout), which is factored in place; square
#              stacks of small matrices in one getrfBatched;
#   lu_solve   getrs (getrsBatched for stacks of small matrices);
#   solve      getrf + getrs (gesv) with an info output;
#   eigh       syevjBatched/heevjBatched for stacks of matrices up to 32 x
#              32 (cuSOLVER's limit for the batched Jacobi forms), else
#              _linalg's syevd per matrix;
#   svd        gesvdjBatched likewise (m, n <= 32), else gesvdj.
#
# Pivots: the contract's piv is SciPy's, int32 and 0-based; cuSOLVER's
# and cuBLAS's are 1-based.  lu_solve clamps a pivot outside [0, n) into
# it (LAPACK does not check them; an index outside the matrix would make
# the library read outside it).

import numpy

from libc.stdint cimport intptr_t

from cupy_backends.backend.provider cimport View
from cupy_backends.cuda cimport _cuda
from cupy_backends.cuda._cuda cimport (
    cupy_cusolver_table, cusolverDnHandle_t, gesvdjInfo_t, syevjInfo_t,
    syevj_batched_bufsize_t, syevj_batched_t, gesvdj_batched_bufsize_t,
    gesvdj_batched_t)
from cupy_backends.cuda.ops cimport _compiler
from cupy_backends.cuda.ops cimport _elementwise
from cupy_backends.cuda.ops cimport _views
from cupy_backends.cuda.ops cimport _linalg as L
from cupy_backends.cuda.ops._linalg cimport _Scratch
from cupy_backends.cuda.ops._compiler cimport ArgPack, Function

from cupy_backends.backend.provider import OperationNotSupported
from cupy_backends.cuda.ops import _linalg

# cusolverEigMode_t, cublasFillMode_t, cublasOperation_t (cuSOLVER and
# cuBLAS references); 32: the largest order of the batched Jacobi forms
# (cuSOLVER reference, syevjBatched and gesvdjBatched)
cdef enum:
    _NOVECTOR = 0
    _VECTOR = 1
    _LOWER = 0
    _UPPER = 1
    _JACOBI_MAX = 32
    _THREADS = 256

_PIV = numpy.dtype(numpy.int32)

# per-device syevj parameters (the defaults: tolerance at machine
# precision, 100 sweeps, eigenvalues sorted ascending)
cdef dict _syevj_params = {}

_SOURCE = r'''
/* dst = clamp(src + delta, lo, hi): pivots between SciPy's 0-based and
   the libraries' 1-based forms */
extern "C" __global__ void lb_piv(long long total, const int* src,
                                  int delta, int lo, int hi, int* dst) {
  for (long long q = (long long)blockIdx.x * blockDim.x + threadIdx.x;
       q < total; q += (long long)gridDim.x * blockDim.x) {
    int v = src[q] + delta;
    dst[q] = v < lo ? lo : (v > hi ? hi : v);
  }
}
'''


cdef int _pivots(intptr_t src, intptr_t dst, Py_ssize_t total, int delta,
                 int lo, int hi, intptr_t stream) except -1:
    if total <= 0:
        return 0
    cdef Function fn = _compiler.get_function(_SOURCE, 'lb_piv')
    cdef ArgPack args = ArgPack()
    args.add_i64(total)
    args.add_ptr(src)
    args.add_i32(delta)
    args.add_i32(lo)
    args.add_i32(hi)
    args.add_ptr(dst)
    return _compiler.launch(fn.ptr, _views.blocks(total, _THREADS),
                            _THREADS, 0, stream, args)


cdef bint _f_stack(View v):
    # each matrix column-major and the matrices packed one after another
    # (the buffers the library calls work on in place)
    return (len(v.shape) >= 2 and v.strides ==
            L._f_strides(v.shape[:-2], v.shape[-2], v.shape[-1]))


cdef View _contiguous(_Scratch sc, View v):
    return v if _views.c_contiguous(v) else sc.c_copy(v)


def _lu_factor_entry(tuple outs, tuple ins, dict attrs, intptr_t stream):
    # outs (lu of a's shape, piv int32 (..., min(m, n)), 0-based)
    cdef View a = ins[0], lu = outs[0], piv = outs[1]
    cdef Py_ssize_t m = a.shape[-2], n = a.shape[-1], k, batch
    L._check_dims('lu_factor', a, (m, n))
    k = min(m, n)
    batch = L._count(a.shape[:-2])
    if piv.dtype != _PIV or lu.dtype != a.dtype:
        raise OperationNotSupported('lu_factor into {} and {}'.format(
            lu.dtype, piv.dtype))
    if batch == 0 or k == 0:
        raise OperationNotSupported('lu_factor of an empty stack')
    cdef _Scratch sc = _Scratch(stream, a.device_id)
    cdef View w
    if _f_stack(lu):
        _elementwise.run_copy((lu,), (a,), {}, stream)
        w = lu
    else:
        w = sc.f_copy(a, n)
    ipiv, _ = L._getrf(sc, w, m, n, batch)
    cdef View p = sc.out(piv)
    _pivots(ipiv, _views.ptr(p), batch * k, -1, 0, m - 1, stream)
    sc.finish(piv, p)
    if w is not lu:
        _elementwise.run_copy((lu,), (w,), {}, stream)
    return None


cdef Py_ssize_t _rhs_batch(str op, View a, View b, View x,
                           bint ok) except -1:
    # the batch count of a (..., n, n) with b and x (..., n, k) of its
    # batch shape; OperationNotSupported for other operands or empty ones
    cdef Py_ssize_t n = a.shape[-1]
    L._check_dims(op, a, (n,))
    if (not ok or b.dtype != a.dtype or x.dtype != a.dtype or
            len(b.shape) != len(a.shape) or b.shape[-2] != n or
            a.shape[-2] != n or b.shape[:-2] != a.shape[:-2] or
            x.shape != b.shape):
        raise OperationNotSupported('{} of {} {} with {} {}'.format(
            op, a.dtype, a.shape, b.dtype, b.shape))
    cdef Py_ssize_t batch = L._count(a.shape[:-2])
    if batch == 0 or n == 0 or b.shape[-1] == 0:
        raise OperationNotSupported('{} of an empty stack'.format(op))
    return batch


cdef int _getrs_into(_Scratch sc, View f, intptr_t ipiv, View b, View x,
                     Py_ssize_t batch, int op, bint in_place) except -1:
    # op(A) X = B by getrs with the factors f, written into x: in x's own
    # memory where its matrices are column-major (in_place), else through
    # a column-major copy of b
    cdef Py_ssize_t n = f.shape[-1], nrhs = b.shape[-1]
    cdef View w
    if in_place:
        _elementwise.run_copy((x,), (b,), {}, sc.stream)
        w = x
    else:
        w = sc.f_copy(b, nrhs)
    L._getrs(sc, f, ipiv, w, n, nrhs, batch, op)
    if w is not x:
        _elementwise.run_copy((x,), (w,), {}, sc.stream)
    return 0


def _lu_solve_entry(tuple outs, tuple ins, dict attrs, intptr_t stream):
    # outs (x,) of b's shape (..., n, k); ins (lu (..., n, n), piv int32
    # (..., n) 0-based, b); attrs trans 0 (a x = b), 1 (a^T), 2 (a^H)
    cdef View lu = ins[0], piv = ins[1], b = ins[2], x = outs[0]
    trans = attrs.get('trans', 0)
    cdef Py_ssize_t n = lu.shape[-1], batch = _rhs_batch(
        'lu_solve', lu, b, x, trans in (0, 1, 2) and piv.dtype == _PIV and
        piv.shape == lu.shape[:-1])
    cdef _Scratch sc = _Scratch(stream, lu.device_id)
    cdef View f = lu if _f_stack(lu) else sc.f_copy(lu, n)
    cdef View p = _contiguous(sc, piv)
    cdef intptr_t ipiv = sc.alloc(batch * n * 4)
    _pivots(_views.ptr(p), ipiv, batch * n, 1, 1, n, stream)
    _getrs_into(sc, f, ipiv, b, x, batch, trans, _f_stack(x))
    return None


def _solve_entry(tuple outs, tuple ins, dict attrs, intptr_t stream):
    # outs (x (..., n, k), info int32 (...)): a x = b as LAPACK's gesv,
    # info 0 or the 1-based position of the first exactly zero pivot
    # (the core reads it once to raise NumPy's LinAlgError).  a's memory
    # read column-major is A^T = P L U (getrf on a plain copy), so A x = b
    # is getrs with the transpose; x is written column-major (n x k),
    # which is x's own memory for one right-hand side
    cdef View a = ins[0], b = ins[1], x = outs[0], info = outs[1]
    cdef Py_ssize_t n = a.shape[-1], batch = _rhs_batch(
        'solve', a, b, x, info.dtype == _PIV and info.shape == a.shape[:-2])
    cdef _Scratch sc = _Scratch(stream, a.device_id)
    cdef View lu = sc.c_copy(a)
    cdef View inf = sc.out(info)
    ipiv, _ = L._getrf(sc, lu, n, n, batch, _views.ptr(inf))
    sc.finish(info, inf)
    _getrs_into(sc, lu, ipiv, b, x, batch, 1,
                b.shape[-1] == 1 and _views.c_contiguous(x))
    return None


# ------------------------------------------------ the Jacobi batches --

cdef struct _Jacobi:
    syevj_batched_bufsize_t syevj_size
    syevj_batched_t syevj
    gesvdj_batched_bufsize_t gesvdj_size
    gesvdj_batched_t gesvdj


cdef _Jacobi _jacobi(object dtype):
    cdef cupy_cusolver_table* t = _cuda.cusolver()
    cdef _Jacobi j
    c = dtype.char
    if c == 'f':
        j.syevj_size = t.cusolverDnSsyevjBatched_bufferSize
        j.syevj = t.cusolverDnSsyevjBatched
        j.gesvdj_size = t.cusolverDnSgesvdjBatched_bufferSize
        j.gesvdj = t.cusolverDnSgesvdjBatched
    elif c == 'd':
        j.syevj_size = t.cusolverDnDsyevjBatched_bufferSize
        j.syevj = t.cusolverDnDsyevjBatched
        j.gesvdj_size = t.cusolverDnDgesvdjBatched_bufferSize
        j.gesvdj = t.cusolverDnDgesvdjBatched
    elif c == 'F':
        j.syevj_size = t.cusolverDnCheevjBatched_bufferSize
        j.syevj = t.cusolverDnCheevjBatched
        j.gesvdj_size = t.cusolverDnCgesvdjBatched_bufferSize
        j.gesvdj = t.cusolverDnCgesvdjBatched
    else:
        j.syevj_size = t.cusolverDnZheevjBatched_bufferSize
        j.syevj = t.cusolverDnZheevjBatched
        j.gesvdj_size = t.cusolverDnZgesvdjBatched_bufferSize
        j.gesvdj = t.cusolverDnZgesvdjBatched
    return j


cdef intptr_t _syevj_info(int device) except? 0:
    cdef syevjInfo_t p = NULL
    entry = _syevj_params.get(device)
    if entry is None:
        _cuda.check_cusolver(_cuda.cusolver().cusolverDnCreateSyevjInfo(&p),
                             'cusolverDnCreateSyevjInfo')
        entry = <intptr_t>p
        _syevj_params[device] = entry
    return entry


def _eigh_entry(tuple outs, tuple ins, dict attrs, intptr_t stream):
    # outs (w, v) or (w,): stacks of matrices up to 32 x 32 in one
    # syevjBatched/heevjBatched call (w ascending), others per matrix
    cdef View a = ins[0]
    cdef Py_ssize_t n = a.shape[-1], batch = L._count(a.shape[:-2])
    if (batch <= 1 or n == 0 or n > _JACOBI_MAX or
            a.dtype not in _linalg.LOOPS):
        return _linalg._eigh_entry(outs, ins, attrs, stream)
    L._check_dims('eigh', a, (n,))
    cdef bint vec = len(outs) == 2
    cdef View wout = outs[0]
    cdef _Jacobi j = _jacobi(a.dtype)
    cdef _Scratch sc = _Scratch(stream, a.device_id)
    cdef View x = sc.f_copy(a, n)
    cdef View ww = sc.out(wout)
    cdef intptr_t h = L._solver(stream)
    cdef intptr_t params = _syevj_info(a.device_id)
    cdef intptr_t info = sc.alloc(batch * 4)
    cdef int lwork = 0
    cdef int jobz = _VECTOR if vec else _NOVECTOR
    cdef int uplo = _UPPER if attrs.get('UPLO', 'L') == 'U' else _LOWER
    _cuda.check_cusolver(j.syevj_size(
        <cusolverDnHandle_t>h, jobz, uplo, n, <void*>_views.ptr(x), n,
        <void*>_views.ptr(ww), &lwork, <syevjInfo_t>params, batch),
        'syevjBatched_bufferSize')
    cdef intptr_t work = L._work(sc, a.dtype, lwork)
    _cuda.check_cusolver(j.syevj(
        <cusolverDnHandle_t>h, jobz, uplo, n, <void*>_views.ptr(x), n,
        <void*>_views.ptr(ww), <void*>work, lwork, <int*>info,
        <syevjInfo_t>params, batch), 'syevjBatched')
    L._nan_where(ww, batch, info, stream)
    sc.finish(wout, ww)
    if vec:
        _elementwise.run_copy((outs[1],), (x,), {}, stream)
    return None


def _svd_entry(tuple outs, tuple ins, dict attrs, intptr_t stream):
    # outs (u, s, v) with v = V, or (s,): stacks of matrices up to 32 x 32
    # in one gesvdjBatched call (full U and V; the reduced forms are their
    # leading columns), others per matrix
    cdef View a = ins[0]
    cdef Py_ssize_t m = a.shape[-2], n = a.shape[-1], k = min(m, n)
    cdef Py_ssize_t batch = L._count(a.shape[:-2]), ku, kv
    if (batch <= 1 or k == 0 or m > _JACOBI_MAX or n > _JACOBI_MAX or
            a.dtype not in _linalg.LOOPS):
        return _linalg._svd_entry(outs, ins, attrs, stream)
    L._check_dims('svd', a, (m, n))
    cdef bint uv = len(outs) == 3
    cdef bint full = bool(attrs.get('full_matrices', False)) and uv
    ku, kv = (m, n) if full else (k, k)
    cdef View s = outs[1] if uv else outs[0]
    cdef _Jacobi j = _jacobi(a.dtype)
    cdef _Scratch sc = _Scratch(stream, a.device_id)
    batch_shape = a.shape[:-2]
    cdef View w = sc.f_copy(a, n)
    cdef View bu = sc.f_buffer(a.dtype, batch_shape, m, m)
    cdef View bv = sc.f_buffer(a.dtype, batch_shape, n, n)
    cdef View ss = sc.out(s)
    cdef intptr_t h = L._solver(stream)
    cdef intptr_t params = L._device_handles()[2]
    cdef intptr_t info = sc.alloc(batch * 4)
    cdef int lwork = 0
    cdef int jobz = _VECTOR if uv else _NOVECTOR
    _cuda.check_cusolver(j.gesvdj_size(
        <cusolverDnHandle_t>h, jobz, m, n, <void*>_views.ptr(w), m,
        <void*>_views.ptr(ss), <void*>_views.ptr(bu), m,
        <void*>_views.ptr(bv), n, &lwork, <gesvdjInfo_t>params, batch),
        'gesvdjBatched_bufferSize')
    cdef intptr_t work = L._work(sc, a.dtype, lwork)
    _cuda.check_cusolver(j.gesvdj(
        <cusolverDnHandle_t>h, jobz, m, n, <void*>_views.ptr(w), m,
        <void*>_views.ptr(ss), <void*>_views.ptr(bu), m,
        <void*>_views.ptr(bv), n, <void*>work, lwork, <int*>info,
        <gesvdjInfo_t>params, batch), 'gesvdjBatched')
    L._nan_where(ss, batch, info, stream)
    sc.finish(s, ss)
    if uv:
        _elementwise.run_copy((outs[0],), (_leading(bu, ku),), {}, stream)
        _elementwise.run_copy((outs[2],), (_leading(bv, kv),), {}, stream)
    return None


cdef View _leading(View f, Py_ssize_t cols):
    # the leading `cols` columns of a stack of column-major matrices
    return View(f.base, f.nbytes, f.dtype, f.shape[:-1] + (cols,),
                f.strides, f.offset, f.device_id)


# ------------------------------------------------- the family's tables --
OPERATIONS = dict(_linalg.OPERATIONS, lu_factor=_lu_factor_entry,
                  lu_solve=_lu_solve_entry, solve=_solve_entry,
                  eigh=_eigh_entry, svd=_svd_entry)
ROUTES = {op: _linalg.LOOPS for op in OPERATIONS}
