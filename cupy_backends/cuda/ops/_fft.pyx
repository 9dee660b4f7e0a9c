# Fourier transforms of the CUDA provider (operations.md 'fft' and
# 'fft_plan_cache') through cuFFT: c2c, r2c and c2r in single and double
# precision over the 1, 2 or 3 trailing axes of a batch.
#
# - One plan per (device, type, sizes, batch) from cufftPlanMany (packed
#   layouts), kept in a bounded least-recently-used cache: the ascend
#   provider's plan cache shape (at most `size` plans and `memsize` bytes
#   of plan work areas; plans are destroyed when it shrinks, on clear()
#   and at exit).  The stream is set on the plan before each execution.
# - Both directions are unnormalised (the core scales).  cuFFT's r2c is
#   forward and its c2r inverse only, so r2c 'inverse' is the conjugate of
#   the forward result and c2r 'forward' transforms the conjugate of its
#   input (the result is real).
# - cuFFT's out-of-place c2r overwrites its input (cuFFT reference, "Data
#   layout"), so c2r always runs on a contiguous copy, where the imaginary
#   parts of the self-conjugate bins (0 and n/2) are also zeroed, as
#   NumPy's irfft ignores them.  Multi-axis c2r raises
#   OperationNotSupported: the core runs NumPy's irfftn order (c2c of the
#   leading axes, then a 1-D c2r), which cuFFT's multi-dimensional c2r
#   matches only for Hermitian input.
# - Strided operands go through contiguous temporaries.

import atexit

import numpy

from libc.stdint cimport intptr_t

from cupy_backends.backend cimport api
from cupy_backends.backend.provider cimport View
from cupy_backends.cuda cimport _cuda
from cupy_backends.cuda._cuda cimport cupy_cufft_table, cufftHandle
from cupy_backends.cuda.ops cimport _compiler
from cupy_backends.cuda.ops cimport _views
from cupy_backends.cuda.ops cimport _elementwise
from cupy_backends.cuda.ops._compiler cimport ArgPack, Function

from cupy_backends.backend.plan_cache import PlanCache
from cupy_backends.backend.provider import OperationNotSupported
from cupy_backends.cuda.ops._prelude import PRELUDE, STORAGE
from cupy.xpu.memory_pool import get_default_memory_pool

# cufftType (cuFFT reference, "cufftType") and the direction
cdef enum:
    _R2C = 0x2a
    _C2R = 0x2c
    _C2C = 0x29
    _D2Z = 0x6a
    _Z2D = 0x6c
    _Z2Z = 0x69
    _FORWARD = -1
    _INVERSE = 1
    _THREADS = 256

_INT_MAX = 2 ** 31 - 1

# kind -> {output dtype char: (cufftType, input dtype char)}
_TYPES = {'c2c': {'F': (_C2C, 'F'), 'D': (_Z2Z, 'D')},
          'r2c': {'F': (_R2C, 'f'), 'D': (_D2Z, 'd')},
          'c2r': {'f': (_C2R, 'F'), 'd': (_Z2D, 'D')}}

_PREP = r'''
/* c2r input: conjugated for a forward transform, the imaginary parts of
   bins 0 and n/2 (n even) zeroed */
extern "C" __global__ void cupy_c2r_prep(long long total, long long half,
    int even, int conj, T* x) {
  for (long long e = (long long)blockIdx.x * blockDim.x + threadIdx.x;
       e < total; e += (long long)gridDim.x * blockDim.x) {
    long long j = e % half;
    T v = x[e];
    if (conj) v.im = -v.im;
    if (j == 0 || (even && j == half - 1)) v.im = 0;
    x[e] = v;
  }
}
'''


cdef class _Plan:
    cdef cufftHandle handle
    cdef readonly object key
    cdef readonly Py_ssize_t nbytes
    cdef int device
    cdef bint alive

    def destroy(self):
        cdef int prev
        if not self.alive:
            return
        self.alive = False
        prev = api.xpuGetDevice()
        if prev != self.device:
            api.xpuSetDevice(self.device)
        try:
            _cuda.check_cufft(_cuda.cufft().cufftDestroy(self.handle),
                              'cufftDestroy')
        finally:
            if prev != self.device:
                api.xpuSetDevice(prev)

    def describe(self):
        """(shape, axes, value type, double) of the transform it plans:
        the batch then the 1 to 3 transformed sizes."""
        _, fft_type, n, batch = self.key
        return ((batch,) + tuple(n), tuple(range(-len(n), 0)),
                _KIND[fft_type], fft_type in (_D2Z, _Z2D, _Z2Z))


# cufftType -> the value type plan_of names (cupy.xpu.cufft)
_KIND = {_C2C: 'C2C', _Z2Z: 'C2C', _R2C: 'R2C', _D2Z: 'R2C', _C2R: 'C2R',
         _Z2D: 'C2R'}


def _make_plan(tuple key, int fft_type, tuple n, long long batch):
    cdef cupy_cufft_table* t = _cuda.cufft()
    cdef _Plan p = _Plan()
    cdef int dims[3]
    cdef int rank = len(n), i
    cdef size_t ws = 0
    for i in range(rank):
        dims[i] = n[i]
    _cuda.check_cufft(t.cufftPlanMany(&p.handle, rank, dims, NULL, 1, 0,
                                      NULL, 1, 0, fft_type, <int>batch),
                      'cufftPlanMany')
    p.alive = True
    p.key = key
    p.device = api.xpuGetDevice()
    _cuda.check_cufft(t.cufftGetSize(p.handle, &ws), 'cufftGetSize')
    p.nbytes = ws
    return p


_cache = PlanCache('cuFFT')
atexit.register(_cache.clear)





cdef View _temp(View like, list held):
    n = 1
    for d in like.shape:
        n *= d
    mem = get_default_memory_pool().malloc(max(n * like.dtype.itemsize, 1))
    held.append(mem)
    return View(mem.ptr, n * like.dtype.itemsize, like.dtype, like.shape,
                _views.c_strides(like.shape), 0, like.device_id)


cdef int _exec(_Plan plan, int fft_type, intptr_t i, intptr_t o,
               int direction, intptr_t stream) except -1:
    cdef cupy_cufft_table* t = _cuda.cufft()
    cdef int st
    _cuda.check_cufft(t.cufftSetStream(plan.handle,
                                       <_cuda.cudaStream_t>stream),
                      'cufftSetStream')
    if fft_type == _C2C:
        st = t.cufftExecC2C(plan.handle, <void*>i, <void*>o, direction)
    elif fft_type == _Z2Z:
        st = t.cufftExecZ2Z(plan.handle, <void*>i, <void*>o, direction)
    elif fft_type == _R2C:
        st = t.cufftExecR2C(plan.handle, <void*>i, <void*>o)
    elif fft_type == _D2Z:
        st = t.cufftExecD2Z(plan.handle, <void*>i, <void*>o)
    elif fft_type == _C2R:
        st = t.cufftExecC2R(plan.handle, <void*>i, <void*>o)
    else:
        st = t.cufftExecZ2D(plan.handle, <void*>i, <void*>o)
    return _cuda.check_cufft(st, 'cufftExec')


cdef int _prep_c2r(View x, long long half, long long n, bint conj,
                   intptr_t stream) except -1:
    cdef ArgPack args = ArgPack()
    cdef long long total = 1
    for d in x.shape:
        total *= d
    fn = _compiler.get_function(
        PRELUDE + 'typedef {} T;\n'.format(STORAGE[x.dtype.char]) + _PREP,
        'cupy_c2r_prep')
    args.add_i64(total)
    args.add_i64(half)
    args.add_i32(1 if n % 2 == 0 else 0)
    args.add_i32(1 if conj else 0)
    args.add_ptr(_views.ptr(x))
    _compiler.launch((<Function>fn).ptr, _views.blocks(total, _THREADS),
                     _THREADS, 0, stream, args)
    return 0


def _fft_entry(tuple outs, tuple ins, dict attrs, intptr_t stream):
    cdef View out = outs[0], src = ins[0], work_in, work_out
    cdef long long batch = 1, total
    cdef list held = []
    kind = attrs['kind']
    n = tuple(int(s) for s in attrs['n'])
    rank = len(n)
    entry = _TYPES.get(kind, {}).get(out.dtype.char)
    if entry is None or not 1 <= rank <= 3 or (kind == 'c2r' and rank > 1):
        raise OperationNotSupported('fft {} of {} axes into {}'.format(
            kind, rank, out.dtype))
    fft_type, in_char = entry
    if src.dtype.char != in_char:
        raise OperationNotSupported('fft {} of {}'.format(kind, src.dtype))
    forward = attrs['direction'] == 'forward'
    for k in range(len(out.shape) - rank):
        batch *= out.shape[k]
    total = batch
    for s in n:
        total *= s
    if batch > _INT_MAX or any(s > _INT_MAX for s in n) or \
            total > _INT_MAX * 4:
        raise OperationNotSupported('fft of {} elements'.format(total))
    work_in = src
    if kind == 'c2r':
        # cuFFT overwrites a c2r input: always a copy, prepared
        work_in = _temp(src, held)
        _elementwise.run_copy((work_in,), (src,), {}, stream)
        _prep_c2r(work_in, n[-1] // 2 + 1, n[-1], forward, stream)
    elif not _views.c_contiguous(src):
        work_in = _temp(src, held)
        _elementwise.run_copy((work_in,), (src,), {}, stream)
    work_out = out if _views.c_contiguous(out) else _temp(out, held)
    key = (out.device_id, fft_type, n, batch)
    plan = _cache.composed(key, _make_plan, key, fft_type, n, batch)
    try:
        direction = _FORWARD if forward else _INVERSE
        _exec(plan, fft_type, _views.ptr(work_in), _views.ptr(work_out),
              direction, stream)
    finally:
        if not _cache.holds(plan):
            plan.destroy()
    if kind == 'r2c' and not forward:
        _elementwise.run_elementwise(
            (work_out,), (work_out,),
            {'name': 'conjugate', 'loop': '{0}->{0}'.format(
                work_out.dtype.char)}, stream)
    if work_out is not out:
        _elementwise.run_copy((out,), (work_out,), {}, stream)
    # `held` temporaries return to the stream-ordered pool here
    return None


def _plan_cache_entry(tuple outs, tuple ins, dict attrs, intptr_t stream):
    return _cache


def _paths(chars):
    return dict.fromkeys([numpy.dtype(c) for c in chars], 'native')


OPERATIONS = {'fft': _fft_entry, 'fft_plan_cache': _plan_cache_entry}
ROUTES = {'fft': _paths('FDfd')}
