# Fourier transforms on device (operations.md 'fft'; blas_fft.md section
# 3.3, wave2_ops.md "FFT facts"): AsdSip's FFT plans, complex64 and float32
# only, over the 1, 2 or 3 trailing axes of a batch.
#
# Strategy:
#   * one plan per (device, stream, type, direction, sizes, batch), made
#     once and kept in a bounded least-recently-used cache (the shape of
#     the executor cache, ops/_executor_cache.pyx: at most `size` plans and
#     `memsize` bytes of plan workspaces; plans and workspaces are freed
#     when it shrinks, on clear() and at exit).  Plan creation is the
#     expensive part (wave2_ops.md: torch_npu keeps an LRU of 10 plans).
#   * the direction is fixed in an AsdSip plan, and both directions are
#     unnormalised: the core scales.
#   * operands must be contiguous (strided tensors are not documented):
#     a strided input or output goes through a temporary.
#   * a horizontal 1-D plan of a power of two >= 2^15 overwrites its input:
#     the input is copied first unless the core says it is a temporary
#     (attrs['destroy_input']).
#   * AsdSip refuses a NULL stream: work on the null stream runs on the
#     default stream's own handle (aclrtCtxGetCurrentDefaultStream, CANN
#     >= 8.2.RC1), in the null stream's order with no extra runtime call;
#     with an older CANN, on a stream of this module's (one per device),
#     ordered after the null stream's work by an event and before its
#     later work by another (four runtime calls).
#   * sizes AsdSip cannot plan (a prime factor > 199, more than 2^27
#     points, more than 2^30 elements) and every other dtype raise
#     OperationNotSupported: the core composes them (cupy/_core/fft/).

import atexit

import numpy

from libc.stdint cimport intptr_t, int32_t, int64_t

from cupy_backends.ascend cimport _acl
from cupy_backends.ascend._acl cimport aclTensor
from cupy_backends.ascend cimport _asdsip
from cupy_backends.ascend._asdsip cimport (
    asdFftHandle, cupy_asdsip_fft_table, ASCEND_FFT_C2C, ASCEND_FFT_C2R,
    ASCEND_FFT_R2C, ASCEND_FFT_FORWARD, ASCEND_FFT_INVERSE,
    ASCEND_FFT_HORIZONTAL)
from cupy_backends.ascend.ops._copy cimport contiguous_copy, copy_desc
from cupy_backends.ascend.ops._null_stream cimport NullStreamRoute
from cupy_backends.ascend.ops._null_stream cimport sync as _sync
from cupy_backends.ascend.ops._dtype cimport ACL_FLOAT, ACL_COMPLEX64
from cupy_backends.ascend.ops._scratch cimport Scratch
from cupy_backends.ascend.ops._tensor cimport (
    Desc, desc_from_view, desc_is_contiguous, desc_has_negative,
    create_tensor)
from cupy_backends.backend.provider cimport View
from cupy.xpu.memory cimport _restore_device, _use_device
from cupy.xpu.memory_pool cimport MemoryPool

from cupy_backends.backend.provider import OperationNotSupported
from cupy.xpu.memory_pool import get_default_memory_pool
from cupy_backends.backend.plan_cache import PlanCache

_C64 = numpy.dtype(numpy.complex64)
_F32 = numpy.dtype(numpy.float32)

FFT = {_C64: 'native', _F32: 'native'}

# blas_fft.md 3.3 and wave2_ops.md (also include/cupy_asdsip.h)
_MAX_SIZE = 1 << 27
_MAX_PRIME = 199
_MAX_ELEMENTS = 1 << 30
_OVERWRITE_MIN = 1 << 15
_INT32_MAX = 2 ** 31 - 1

_TYPES = {'c2c': (ASCEND_FFT_C2C, _C64, _C64),
          'r2c': (ASCEND_FFT_R2C, _F32, _C64),
          'c2r': (ASCEND_FFT_C2R, _C64, _F32)}

cdef MemoryPool _pool = get_default_memory_pool()


def plannable(int64_t n):
    """Whether AsdSip plans a transform of `n` points (blas_fft.md 3.3)."""
    cdef int64_t f = 2
    if n < 1 or n > _MAX_SIZE:
        return False
    while f <= _MAX_PRIME and n > 1:
        while n % f == 0:
            n //= f
        f += 1
    return n == 1


# ------------------------------------------------------------ the plans --

cdef class _Plan:
    cdef asdFftHandle handle
    cdef readonly object key
    cdef readonly object workspace      # MemoryPointer or None
    cdef readonly Py_ssize_t nbytes
    cdef intptr_t stream
    cdef int device

    def destroy(self):
        cdef cupy_asdsip_fft_table* t = _asdsip.fft_table()
        cdef int st, prev
        if self.handle is NULL:
            return 0
        # the plan's stream belongs to its device: make it current
        prev = _use_device(self.device)
        try:
            if self.workspace is not None:
                # the workspace goes back to the pool: its work must be done
                _sync(self.stream)
            with nogil:
                st = t.asdFftDestroy(self.handle)
            self.handle = NULL
            self.workspace = None
            _acl.check(st, 'asdFftDestroy')
        finally:
            _restore_device(prev, self.device)
        return 0

    def describe(self):
        """(shape, axes, value type, double) of the transform it plans:
        the batch then the 1 to 3 transformed sizes."""
        _, _, kind, _, n, batch = self.key
        return ((batch,) + tuple(n), tuple(range(-len(n), 0)),
                kind.upper(), False)


def _make_plan(tuple key, int fft_type, int direction, tuple n,
               int64_t batch, intptr_t stream):
    cdef cupy_asdsip_fft_table* t = _asdsip.fft_table()
    cdef _Plan p = _Plan()
    cdef int st
    cdef size_t ws = 0
    cdef void* wsp
    cdef int rank = len(n)
    cdef int64_t n0 = n[0], n1 = n[1] if rank > 1 else 1
    cdef int64_t n2 = n[2] if rank > 2 else 1
    p.key = key
    p.stream = stream
    p.device = key[0]
    with nogil:
        st = t.asdFftCreate(&p.handle)
    _acl.check(st, 'asdFftCreate')
    try:
        with nogil:
            if rank == 1:
                st = t.asdFftMakePlan1D(p.handle, n0, fft_type, direction,
                                        batch, ASCEND_FFT_HORIZONTAL)
            elif rank == 2:
                st = t.asdFftMakePlan2D(p.handle, n0, n1, fft_type, direction,
                                        <int32_t>batch)
            else:
                st = t.asdFftMakePlan3D(p.handle, n0, n1, n2, fft_type,
                                        direction, <int32_t>batch)
        _acl.check(st, 'asdFftMakePlan{}D'.format(rank))
        with nogil:
            st = t.asdFftSetStream(p.handle, <void*>stream)
        _acl.check(st, 'asdFftSetStream')
        with nogil:
            st = t.asdFftGetWorkspaceSize(p.handle, &ws)
        _acl.check(st, 'asdFftGetWorkspaceSize')
        if ws:
            p.workspace = _pool.malloc(<Py_ssize_t>ws)
            p.nbytes = ws
            wsp = <void*><intptr_t>p.workspace.ptr
            with nogil:
                st = t.asdFftSetWorkspace(p.handle, wsp)
            _acl.check(st, 'asdFftSetWorkspace')
    except BaseException:
        p.destroy()
        raise
    return p


_cache = PlanCache('AsdSip FFT')


# ------------------------------------------ streams for the null stream --
# AsdSip refuses a NULL stream (blas_fft.md 3.3): ops/_null_stream.pyx.
cdef NullStreamRoute _route = NullStreamRoute()


def clear():
    """Destroy the cached plans and this module's streams and events
    (called at exit; tests call it before counting live objects)."""
    _cache.clear()
    _route.clear()


def side_streams():
    """The streams this module made for the null stream's work (none where
    CANN names the default stream)."""
    return _route.streams()


# -------------------------------------------------------------- running --

cdef void _as_batch(Desc* d, int64_t batch, tuple n, int64_t last) noexcept:
    # a contiguous description as (batch, n...) with the last size `last`
    cdef int rank = len(n), i
    cdef int64_t stride = 1
    d.ndim = rank + 1
    d.shape[0] = batch
    for i in range(rank):
        d.shape[i + 1] = n[i]
    d.shape[rank] = last
    for i in range(rank, -1, -1):
        d.strides[i] = stride
        stride *= d.shape[i]


cdef int _exec(_Plan plan, int fft_type, const Desc* src,
               const Desc* dst) except -1:
    cdef cupy_asdsip_fft_table* t = _asdsip.fft_table()
    cdef aclTensor* ti = create_tensor(src)
    cdef aclTensor* to = NULL
    cdef _acl.cupy_aclnn_base_table* nn
    cdef int st
    try:
        to = create_tensor(dst)
        with nogil:
            if fft_type == ASCEND_FFT_C2C:
                st = t.asdFftExecC2C(plan.handle, ti, to)
            elif fft_type == ASCEND_FFT_R2C:
                st = t.asdFftExecR2C(plan.handle, ti, to)
            else:
                st = t.asdFftExecC2R(plan.handle, ti, to)
        _acl.check(st, 'asdFftExec')
    finally:
        nn = _acl.aclnn_table()
        nn.aclDestroyTensor(ti)
        if to is not NULL:
            nn.aclDestroyTensor(to)
    return 0


cdef object run_fft(View out, View src, dict attrs, intptr_t stream):
    cdef Desc o, i, ot
    cdef Scratch sc
    cdef int64_t batch = 1, total
    cdef int k, rank, fft_type, direction
    cdef intptr_t run_stream
    cdef bint temp_out, handoff
    kind = attrs['kind']
    n = tuple(attrs['n'])
    rank = len(n)
    entry = _TYPES.get(kind)
    if entry is None or rank < 1 or rank > 3:
        raise OperationNotSupported('fft {!r} over {} axes'.format(kind, rank))
    fft_type, in_dt, out_dt = entry
    if src.dtype != in_dt or out.dtype != out_dt:
        raise OperationNotSupported('fft {} of {} into {}'.format(
            kind, src.dtype, out.dtype))
    direction = (ASCEND_FFT_FORWARD if attrs['direction'] == 'forward'
                 else ASCEND_FFT_INVERSE)
    for k in range(len(out.shape) - rank):
        batch *= out.shape[k]
    total = batch
    for s in n:
        if not plannable(s):
            raise OperationNotSupported('fft of {} points'.format(s))
        total *= s
    if total > _MAX_ELEMENTS or (rank > 1 and batch > _INT32_MAX):
        raise OperationNotSupported('fft of {} elements'.format(total))
    half = n[rank - 1] // 2 + 1
    desc_from_view(&o, out)
    desc_from_view(&i, src)
    sc = Scratch(stream)
    try:
        overwrites = rank == 1 and n[0] >= _OVERWRITE_MIN and (
            n[0] & (n[0] - 1)) == 0
        if (not desc_is_contiguous(&i) or desc_has_negative(&i) or (
                overwrites and not attrs.get('destroy_input', False))):
            contiguous_copy(&i, sc)
        temp_out = not desc_is_contiguous(&o) or desc_has_negative(&o)
        ot = o
        if temp_out:
            sc.temp(&ot, o.dtype, o.itemsize, o.ndim, o.shape)
        _as_batch(&i, batch, n, half if kind == 'c2r' else n[rank - 1])
        _as_batch(&ot, batch, n, half if kind == 'r2c' else n[rank - 1])
        run_stream = stream
        handoff = False
        if stream == 0:
            run_stream = _route.enter(out.device_id, &handoff)
        key = (out.device_id, run_stream, kind, direction, n, batch)
        plan = _cache.composed(key, _make_plan, key, fft_type, direction,
                               n, batch, run_stream)
        try:
            _exec(plan, fft_type, &i, &ot)
        finally:
            if not _cache.holds(plan):
                plan.destroy()
        if handoff:
            _route.leave(out.device_id, run_stream)
        if temp_out:
            copy_desc(&o, &ot, sc)
    finally:
        sc.release()
    return None


# ------------------------------------------------- the provider's tables --

def _fft_entry(tuple outs, tuple ins, dict attrs, intptr_t stream):
    return run_fft(outs[0], ins[0], attrs, stream)


def _plan_cache_entry(tuple outs, tuple ins, dict attrs, intptr_t stream):
    return _cache


OPERATIONS = {'fft': _fft_entry, 'fft_plan_cache': _plan_cache_entry}
ROUTES = {'fft': FFT}

atexit.register(clear)
