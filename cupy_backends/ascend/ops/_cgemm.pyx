# complex64 matrix products on AsdSip's BLAS (operations.md 'matmul';
# blas_fft.md 3.4, wave2_ops.md, AsdSip's Cgemm.md): asdBlasCgemm for one
# product, asdBlasCgemmBatched for a stack, through the C++ shim of
# _asdsip_blas.  _linalg.pyx calls cgemm() first for complex64 and keeps
# its float32 block composition for what does not fit here.
#
# Strategy:
#   * AsdSip is column-major with lda = m, ldb = k, ldc = m (its
#     "current constraint"): a row-major C (M x N) = A (M x K) B (K x N)
#     is the column-major C^T = B^T A^T, so the call is m = N, n = M,
#     k = K with B's memory as its first operand ([N, K]), A's as its
#     second ([K, M]) and C's as the result ([N, M]): contiguous row-major
#     operands meet the constraint exactly, with no transposition.
#   * m, n, k in [1, 8192] (Cgemm.md): larger products return 0 and take
#     the composition.  Strided or broadcast operands are copied to
#     contiguous temporaries first; a strided result goes through one.
#   * one handle per (device, stream, M, N, K) (asdBlasMakeCgemmPlan fixes
#     the sizes) or per (device, stream) for the batched plan, which takes
#     none; kept in a bounded least-recently-used table with their
#     workspaces (from the pool), destroyed when evicted, by clear() and
#     at exit.
#   * AsdSip refuses a NULL stream [inferred from its FFT, blas_fft.md
#     3.3]: work on the null stream runs on the default stream's handle,
#     or with an older CANN on a stream of this module's ordered by two
#     events, as the FFT's (ops/_null_stream.pyx).
#   * where AsdSip or the shim cannot be loaded (CANN without NNAL), every
#     call returns 0: the composition runs, as before.

import atexit
import collections

from libc.stdint cimport intptr_t, int64_t

from cupy_backends.ascend cimport _acl
from cupy_backends.ascend._acl cimport aclTensor
from cupy_backends.ascend cimport _asdsip_blas
from cupy_backends.ascend._asdsip_blas cimport (
    asdBlasHandle, cupy_asdsip_blas_table, CUPY_ASDBLAS_OP_N,
    ASDSIP_CGEMM_MAX_DIM)
from cupy_backends.ascend.ops._copy cimport contiguous_copy, copy_desc
from cupy_backends.ascend.ops._null_stream cimport NullStreamRoute
from cupy_backends.ascend.ops._scratch cimport Scratch
from cupy_backends.ascend.ops._tensor cimport (
    Desc, desc_is_contiguous, desc_has_negative, desc_numel, create_tensor)
from cupy.xpu.memory cimport _restore_device, _use_device
from cupy.xpu.memory_pool cimport MemoryPool

from cupy_backends.ascend import _loader
from cupy.xpu.memory_pool import get_default_memory_pool

# handles kept [our choice: torch_npu keeps 10 FFT plans, wave2_ops.md]
_MAX_HANDLES = 32

cdef MemoryPool _pool = get_default_memory_pool()
cdef int _available = -1        # -1 unknown, 0 no AsdSip BLAS, 1 loaded
_handles = collections.OrderedDict()
cdef NullStreamRoute _route = NullStreamRoute()
_calls = {'cgemm': 0, 'cgemm_batched': 0}


cdef cupy_asdsip_blas_table* _table() except? NULL:
    # the table, or NULL where AsdSip's BLAS cannot be loaded
    global _available
    if _available == 0:
        return NULL
    try:
        t = _asdsip_blas.blas_table()
    except _loader.AsdSipNotFoundError:
        _available = 0
        return NULL
    _available = 1
    return t


cdef class _Handle:
    cdef asdBlasHandle handle
    cdef object workspace       # MemoryPointer or None
    cdef intptr_t stream
    cdef int device

    def destroy(self):
        cdef cupy_asdsip_blas_table* t = _asdsip_blas.blas_table()
        cdef _acl.cupy_acl_rt_table* rt
        cdef int st, prev
        if self.handle is NULL:
            return 0
        prev = _use_device(self.device)
        try:
            if self.workspace is not None:
                # the workspace goes back to the pool: its work must be
                # done (the device, as the handle's stream may be gone)
                rt = _acl.rt_table()
                with nogil:
                    st = rt.aclrtSynchronizeDevice()
                _acl.check(st, 'aclrtSynchronizeDevice')
            with nogil:
                st = t.cupy_asdBlasDestroy(self.handle)
            self.handle = NULL
            self.workspace = None
            _acl.check(st, 'asdBlasDestroy')
        finally:
            _restore_device(prev, self.device)
        return 0


cdef _Handle _make(cupy_asdsip_blas_table* t, int device, intptr_t stream,
                   int64_t m, int64_t n, int64_t k, bint batched):
    cdef _Handle h = _Handle()
    cdef int st
    cdef size_t ws = 0
    cdef void* wsp
    h.device = device
    h.stream = stream
    with nogil:
        st = t.cupy_asdBlasCreate(&h.handle)
    _acl.check(st, 'asdBlasCreate')
    try:
        with nogil:
            if batched:
                st = t.cupy_asdBlasMakeCgemmBatchedPlan(h.handle)
            else:
                st = t.cupy_asdBlasMakeCgemmPlan(
                    h.handle, CUPY_ASDBLAS_OP_N, CUPY_ASDBLAS_OP_N, m, n, k,
                    m, k, m)
        _acl.check(st, 'asdBlasMakeCgemm{}Plan'.format(
            'Batched' if batched else ''))
        with nogil:
            st = t.cupy_asdBlasSetStream(h.handle, <void*>stream)
        _acl.check(st, 'asdBlasSetStream')
        with nogil:
            st = t.cupy_asdBlasGetWorkspaceSize(h.handle, &ws)
        _acl.check(st, 'asdBlasGetWorkspaceSize')
        if ws:
            h.workspace = _pool.malloc(<Py_ssize_t>ws)
            wsp = <void*><intptr_t>h.workspace.ptr
            with nogil:
                st = t.cupy_asdBlasSetWorkspace(h.handle, wsp)
            _acl.check(st, 'asdBlasSetWorkspace')
    except BaseException:
        h.destroy()
        raise
    return h


cdef _Handle _handle(cupy_asdsip_blas_table* t, int device, intptr_t stream,
                     int64_t m, int64_t n, int64_t k, bint batched):
    key = (device, stream, 'batched') if batched else (device, stream, m,
                                                        n, k)
    h = _handles.get(key)
    if h is not None:
        _handles.move_to_end(key)
        return h
    h = _make(t, device, stream, m, n, k, batched)
    while len(_handles) >= _MAX_HANDLES:
        _handles.popitem(last=False)[1].destroy()
    _handles[key] = h
    return h


def clear():
    """Destroy the cached handles and this module's streams and events
    (called at exit; tests call it before counting live objects)."""
    while _handles:
        _handles.popitem(last=False)[1].destroy()
    _route.clear()


def calls():
    """How many products ran on asdBlasCgemm / asdBlasCgemmBatched (for
    tests and ``python -m cupy info``)."""
    return dict(_calls)


# -------------------------------------------------------------- running --

cdef bint _stack_contiguous(const Desc* d) noexcept:
    return desc_is_contiguous(d) and not desc_has_negative(d)


cdef void _as_stack(Desc* d, int64_t batch, int64_t rows,
                    int64_t cols) noexcept:
    # a contiguous description as (batch, rows, cols), or (rows, cols)
    # where batch is 0
    cdef int i = 0
    if batch:
        d.shape[0] = batch
        d.strides[0] = rows * cols
        i = 1
    d.shape[i], d.strides[i] = rows, cols
    d.shape[i + 1], d.strides[i + 1] = cols, 1
    d.ndim = i + 2


cdef int _exec(cupy_asdsip_blas_table* t, _Handle h, int64_t m, int64_t n,
               int64_t k, const Desc* da, const Desc* db, const Desc* dc,
               int64_t batch) except -1:
    cdef aclTensor* ta = NULL
    cdef aclTensor* tb = NULL
    cdef aclTensor* tc = NULL
    cdef float alpha[2]
    cdef float beta[2]
    cdef int st
    cdef _acl.cupy_aclnn_base_table* nn
    alpha[0], alpha[1] = 1, 0
    beta[0], beta[1] = 0, 0
    try:
        ta = create_tensor(da)
        tb = create_tensor(db)
        tc = create_tensor(dc)
        with nogil:
            if batch:
                st = t.cupy_asdBlasCgemmBatched(
                    h.handle, CUPY_ASDBLAS_OP_N, CUPY_ASDBLAS_OP_N, m, n, k,
                    alpha, ta, m, tb, k, beta, tc, m, batch)
            else:
                st = t.cupy_asdBlasCgemm(
                    h.handle, CUPY_ASDBLAS_OP_N, CUPY_ASDBLAS_OP_N, m, n, k,
                    alpha, ta, m, tb, k, beta, tc, m)
        _acl.check(st, 'asdBlasCgemmBatched' if batch else 'asdBlasCgemm')
    finally:
        nn = _acl.aclnn_table()
        for x in (<intptr_t>ta, <intptr_t>tb, <intptr_t>tc):
            if x:
                nn.aclDestroyTensor(<aclTensor*>x)
    _calls['cgemm_batched' if batch else 'cgemm'] += 1
    return 0


cdef int cgemm(Desc* o, Desc* a, Desc* b, int device, Scratch sc) except -1:
    cdef cupy_asdsip_blas_table* t
    cdef int nd = o.ndim, i
    cdef int64_t rows = o.shape[nd - 2], cols = o.shape[nd - 1]
    cdef int64_t inner = a.shape[nd - 1], batch = 1
    cdef Desc oc, ac, bc, full
    cdef bint temp_out, handoff
    cdef intptr_t run_stream
    cdef _Handle h
    for i in range(nd - 2):
        batch *= o.shape[i]
    if (rows < 1 or cols < 1 or inner < 1 or rows > ASDSIP_CGEMM_MAX_DIM or
            cols > ASDSIP_CGEMM_MAX_DIM or inner > ASDSIP_CGEMM_MAX_DIM):
        return 0
    t = _table()
    if t is NULL:
        return 0
    # contiguous stacks of a's and b's matrices (a broadcast axis is not
    # contiguous: the copy expands it)
    ac, bc = a[0], b[0]
    if not _stack_contiguous(&ac):
        contiguous_copy(&ac, sc)
    if not _stack_contiguous(&bc):
        contiguous_copy(&bc, sc)
    oc = o[0]
    temp_out = not _stack_contiguous(&oc)
    if temp_out:
        sc.temp(&oc, o.dtype, o.itemsize, o.ndim, o.shape)
    full = oc
    # the column-major call: C^T (cols x rows) = B^T (cols x inner) A^T
    _as_stack(&bc, batch if batch > 1 else 0, cols, inner)
    _as_stack(&ac, batch if batch > 1 else 0, inner, rows)
    _as_stack(&oc, batch if batch > 1 else 0, cols, rows)
    # AsdSip's BLAS is given a created or the default stream, never NULL
    # (ops/_null_stream.pyx)
    run_stream = sc.stream
    handoff = False
    if sc.stream == 0:
        run_stream = _route.enter(device, &handoff)
    h = _handle(t, device, run_stream, cols, rows, inner, batch > 1)
    _exec(t, h, cols, rows, inner, &bc, &ac, &oc, batch if batch > 1 else 0)
    if handoff:
        _route.leave(device, run_stream)
    if temp_out:
        copy_desc(o, &full, sc)
    return 1


atexit.register(clear)
