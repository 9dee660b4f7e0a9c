# cython: language_level=3, boundscheck=False, wraparound=False
"""The CANN simulator's Python side.

The C files in csrc/ are linked into this extension, so its shared object
exports the CANN C ABI (aclInit, aclrtMalloc, aclCreateTensor,
aclnnXxx ...).  This module adds what C cannot do alone: the kernel runner
that executes operators with NumPy (the kernels package), registered at
import and unregistered at interpreter exit, and access to the simulator's
counters and settings.
"""

import atexit

import numpy

from cpython.buffer cimport (
    PyBUF_WRITE, PyBUF_ANY_CONTIGUOUS, PyObject_GetBuffer, PyBuffer_Release)
from cpython.bytes cimport PyBytes_FromStringAndSize
from cpython.memoryview cimport PyMemoryView_FromMemory
from libc.stdint cimport int32_t, int64_t, uint8_t, uint16_t, uint32_t, uint64_t
from libc.string cimport memcpy


cdef extern from *:
    """
    int64_t cupy_sim_fft_live_plans(void);  /* csrc/sim_fft.c */
    int64_t cupy_sim_blas_live_handles(void);  /* csrc/sim_blas.c */
    """
    int64_t cupy_sim_fft_live_plans()
    int64_t cupy_sim_blas_live_handles()


cdef extern from "sim_internal.h" nogil:
    enum:
        SIM_MAX_DIMS
        SIM_MAX_ARGS
        SIM_ARG_NONE
        SIM_ARG_TENSOR
        SIM_ARG_SCALAR
        SIM_ARG_INT
        SIM_ARG_FLOAT
        SIM_ARG_BOOL
        SIM_ARG_INT_ARRAY
        SIM_ARG_TENSOR_LIST
        SIM_ARG_FLOAT_ARRAY
        SIM_ARG_BOOL_ARRAY

    ctypedef struct sim_counters_t:
        int64_t live_device_allocs
        int64_t live_device_bytes
        int64_t live_host_allocs
        int64_t live_host_bytes
        int64_t live_streams
        int64_t live_events
        int64_t live_tensors
        int64_t live_scalars
        int64_t live_int_arrays
        int64_t live_float_arrays
        int64_t live_bool_arrays
        int64_t live_tensor_lists
        int64_t live_scalar_lists
        int64_t live_executors
        int64_t h2d_bytes
        int64_t d2h_bytes
        int64_t d2d_bytes
        int64_t h2d_copies
        int64_t d2h_copies
        int64_t d2d_copies
        int64_t kernel_launches
        int64_t sanitizer_errors
        int64_t api_ns
        int64_t api_calls
        int64_t phase1_calls
        int64_t executor_creations
        int64_t address_rebinds
        int64_t synchronizations
        int64_t tensor_creations
        int64_t scalar_creations
        int64_t array_creations

    ctypedef struct sim_tensor_desc:
        void* data
        uint64_t alloc_id
        int32_t dtype
        int32_t ndim
        int64_t dims[SIM_MAX_DIMS]
        int64_t strides[SIM_MAX_DIMS]
        int64_t offset
        int64_t storage_elems

    # The members of sim_arg.u are anonymous in C; these names exist only
    # for Cython's type checking and never appear in the generated code.
    struct _sim_scalar_u:
        int32_t dtype
        unsigned char bytes[16]

    struct _sim_iarr_u:
        int64_t* v
        uint64_t n

    struct _sim_farr_u:
        double* v
        uint64_t n

    struct _sim_tlist_u:
        sim_tensor_desc* v
        uint64_t n

    union _sim_arg_u:
        sim_tensor_desc tensor
        _sim_scalar_u scalar
        int64_t i
        double f
        int b
        _sim_iarr_u iarr
        _sim_farr_u farr
        _sim_tlist_u tlist

    ctypedef struct sim_arg:
        int32_t kind
        int32_t role
        _sim_arg_u u

    ctypedef struct sim_call:
        char op[64]
        int32_t nargs
        sim_arg args[SIM_MAX_ARGS]
        void* workspace
        uint64_t workspace_size

    ctypedef int (*sim_kernel_runner)(const sim_call*, char*, size_t) noexcept

    void cupy_sim_set_kernel_runner(sim_kernel_runner fn)
    void cupy_sim_get_counters(sim_counters_t* out)
    void cupy_sim_reset_transfer_counters()
    void cupy_sim_set_strict_delay_us(int64_t us)
    int64_t cupy_sim_get_strict_delay_us()
    int cupy_sim_device_count()
    size_t cupy_sim_device_memory()
    void cupy_sim_drain_all()
    int cupy_sim_faults_set(const char* spec, char* err, size_t errlen)
    void cupy_sim_faults_clear()
    int cupy_sim_faults_counts(const char** names, int64_t* calls, int max)
    void cupy_sim_faults_reset_counts()
    int64_t cupy_sim_faults_injected()
    void sim_sanitizer_error(const char* fmt, ...)


# ---------------------------------------------------------------------------
# aclDataType <-> NumPy (runtime.md section 10)

_ACL_TO_NUMPY = {
    0: 'float32', 1: 'float16', 2: 'int8', 3: 'int32', 4: 'uint8',
    6: 'int16', 7: 'uint16', 8: 'uint32', 9: 'int64', 10: 'uint64',
    11: 'float64', 12: 'bool', 16: 'complex64', 17: 'complex128',
}
_ACL_BF16 = 27

# Indexed by aclDataType; None where NumPy has no dtype.
cdef list _dtypes = [None] * 64
cdef list _itemsizes = [0] * 64
for _code, _name in _ACL_TO_NUMPY.items():
    _dtypes[_code] = numpy.dtype(_name)
    _itemsizes[_code] = numpy.dtype(_name).itemsize
_numpy_to_acl = {numpy.dtype(n): c for c, n in _ACL_TO_NUMPY.items()}


def acl_dtype(dtype):
    """The aclDataType of a NumPy dtype (TypeError where there is none)."""
    try:
        return _numpy_to_acl[numpy.dtype(dtype)]
    except KeyError:
        raise TypeError(
            'NumPy dtype {} has no aclDataType'.format(dtype)) from None


def numpy_dtype(int code):
    """The NumPy dtype of an aclDataType (TypeError where there is none)."""
    return _dtype_of(code)


cdef object _dtype_of(int32_t code):
    if 0 <= code < 64:
        d = _dtypes[code]
        if d is not None:
            return d
    if code == _ACL_BF16:
        raise TypeError('bfloat16 (ACL_BF16) has no NumPy dtype; the simulator '
                        'cannot run kernels on it')
    raise TypeError('aclDataType {} has no NumPy dtype; the simulator cannot '
                    'run kernels on it'.format(code))


# ---------------------------------------------------------------------------
# sim_arg -> Python

cdef object _tensor_view(const sim_tensor_desc* d):
    cdef int32_t code = d.dtype
    cdef object dtype = _dtypes[code] if 0 <= code < 64 else None
    if dtype is None:
        dtype = _dtype_of(code)   # raises
    cdef Py_ssize_t itemsize = _itemsizes[code]
    cdef int i, n = d.ndim
    cdef int64_t numel = 1
    for i in range(n):
        numel *= d.dims[i]
    shape = tuple([d.dims[i] for i in range(n)])
    if numel == 0 or d.data == NULL:
        # Nothing to read or write (the sanitizer guarantees data for
        # numel > 0): a detached empty array of the right shape.
        return numpy.empty(shape, dtype)
    strides = tuple([d.strides[i] * itemsize for i in range(n)])
    buf = PyMemoryView_FromMemory(<char*>d.data, d.storage_elems * itemsize,
                                  PyBUF_WRITE)
    return numpy.ndarray(shape, dtype, buf, d.offset * itemsize, strides)


cdef object _arg(const sim_arg* a):
    cdef int k = a.kind
    cdef uint64_t i
    if k == SIM_ARG_TENSOR:
        return _tensor_view(&a.u.tensor)
    if k == SIM_ARG_SCALAR:
        dtype = _dtype_of(a.u.scalar.dtype)
        raw = PyBytes_FromStringAndSize(<const char*>a.u.scalar.bytes,
                                        dtype.itemsize)
        return numpy.frombuffer(raw, dtype)[0]
    if k == SIM_ARG_INT:
        return a.u.i
    if k == SIM_ARG_FLOAT:
        return a.u.f
    if k == SIM_ARG_BOOL:
        return a.u.b != 0
    if k == SIM_ARG_INT_ARRAY:
        return tuple([a.u.iarr.v[i] for i in range(a.u.iarr.n)])
    if k == SIM_ARG_BOOL_ARRAY:
        return tuple([a.u.iarr.v[i] != 0 for i in range(a.u.iarr.n)])
    if k == SIM_ARG_FLOAT_ARRAY:
        return tuple([a.u.farr.v[i] for i in range(a.u.farr.n)])
    if k == SIM_ARG_TENSOR_LIST:
        return [_tensor_view(&a.u.tlist.v[i]) for i in range(a.u.tlist.n)]
    if k == SIM_ARG_NONE:
        return None
    raise TypeError('unknown sim_arg kind {}'.format(k))


# ---------------------------------------------------------------------------
# The kernel runner

cdef object _kernels = None


cdef object _kernel_table():
    global _kernels
    if _kernels is None:
        from cupy_backends.ascend.simulator import kernels
        _kernels = kernels.KERNELS
    return _kernels


cdef object _fault_type = None


cdef object _device_fault():
    global _fault_type
    if _fault_type is None:
        from cupy_backends.ascend.simulator.kernels import device
        _fault_type = device.DeviceFault
    return _fault_type


cdef void _write_error(char* buf, size_t length, str msg) noexcept:
    if length == 0:
        return
    cdef bytes b = msg.encode('utf-8', 'replace')[:length - 1]
    cdef Py_ssize_t n = len(b)
    memcpy(buf, <const char*>b, n)
    buf[n] = 0


cdef extern from *:
    """
    /* 1 once this (stream worker) thread owns a Python thread state. */
    static __thread int cupy_sim_tstate_pinned;
    """
    int cupy_sim_tstate_pinned

cdef extern from "Python.h":
    ctypedef struct PyThreadState
    PyThreadState* PyEval_SaveThread() nogil
    int PyGILState_Ensure() nogil


cdef int _run_kernel(const sim_call* call, char* errbuf,
                     size_t errlen) noexcept nogil:
    # Stream workers are C threads.  A bare `with gil` there creates and
    # destroys a Python thread state on every kernel (about two thirds of
    # the runner's cost); instead each worker takes one thread state on its
    # first kernel and keeps it, so `with gil` only takes the lock.  It is
    # never used after exit: _shutdown drains and unregisters the runner.
    global cupy_sim_tstate_pinned
    if not cupy_sim_tstate_pinned:
        PyGILState_Ensure()
        PyEval_SaveThread()
        cupy_sim_tstate_pinned = 1
        with gil:
            _mark_worker()
    with gil:
        return _run_kernel_gil(call, errbuf, errlen)


cdef void _mark_worker() noexcept:
    # the kept thread state keeps NumPy's error state: set it once (an
    # error here is printed as unraisable; the kernels then enter
    # numpy.errstate each time, as before)
    from cupy_backends.ascend.simulator.kernels import elementwise
    elementwise.mark_worker()


cdef int _run_kernel_gil(const sim_call* call, char* errbuf,
                         size_t errlen) noexcept:
    cdef int i
    try:
        op = (<const char*>call.op).decode('ascii')
        kernel = _kernel_table().get(op)
        if kernel is None:
            _write_error(errbuf, errlen,
                         'the simulator has no kernel for aclnn' + op)
            return 1
        kernel(*[_arg(&call.args[i]) for i in range(call.nargs)])
        return 0
    except _device_fault() as e:
        # Where the device would fault: counted like the other sanitizer
        # checks; launch_run reports ACL_ERROR_RT_AICORE_EXCEPTION.
        msg = str(e).encode('utf-8', 'replace')
        sim_sanitizer_error('%s', <const char*>msg)
        _write_error(errbuf, errlen, '[simulator sanitizer] ' + str(e))
        return 1
    except BaseException as e:
        try:
            _write_error(errbuf, errlen, '{}: {}'.format(type(e).__name__, e))
        except BaseException:
            _write_error(errbuf, errlen, 'kernel raised an exception')
        return 1


# ---------------------------------------------------------------------------
# The kernels' row sort (csrc/sim_ops_sort.c)

cdef extern from "sim_sort.h":
    enum:
        SK_U8, SK_S8, SK_S16, SK_F16, SK_U32, SK_S32, SK_F32, SK_U64, SK_S64
    int sim_sort_rows(const void* src, int kind, int64_t rows, int64_t n,
                      int descending, void* vals, int64_t* perm) nogil

# bool is stored as bytes 0/1; bfloat16 never reaches a kernel (no NumPy dtype)
_SORT_KINDS = {
    numpy.dtype(numpy.bool_): SK_U8, numpy.dtype(numpy.uint8): SK_U8,
    numpy.dtype(numpy.int8): SK_S8, numpy.dtype(numpy.int16): SK_S16,
    numpy.dtype(numpy.float16): SK_F16, numpy.dtype(numpy.uint32): SK_U32,
    numpy.dtype(numpy.int32): SK_S32, numpy.dtype(numpy.float32): SK_F32,
    numpy.dtype(numpy.uint64): SK_U64, numpy.dtype(numpy.int64): SK_S64,
}


def sort_rows(rows, bint descending=False, vals=None, perm=None):
    """The stable sorting permutation (int64; into ``perm`` when given,
    else a new array; returned) of each row of the 2-d C-contiguous
    ``rows`` in NumPy's order (NaN last, -0.0 equal to 0.0), written
    reversed when ``descending``; the sorted elements go to ``vals``
    (rows' dtype and shape, C-contiguous) when given.  Outputs must not
    overlap ``rows``.  Runs without the GIL."""
    cdef int kind, st
    cdef int64_t r, n
    cdef const void* sp
    cdef void* vp = NULL
    cdef int64_t* pp
    kind = _SORT_KINDS.get(rows.dtype, -1)
    if rows.ndim != 2 or not rows.flags.c_contiguous or kind < 0:
        raise ValueError('sort_rows takes 2-d C-contiguous rows of a sortable '
                         'dtype, not {} {}'.format(rows.dtype, rows.shape))
    if vals is not None:
        if (vals.dtype != rows.dtype or vals.shape != rows.shape
                or not vals.flags.c_contiguous):
            raise ValueError('sort_rows: vals must match rows and be '
                             'C-contiguous')
        vp = <void*><size_t>vals.ctypes.data
    r, n = rows.shape
    if perm is None:
        perm = numpy.empty((r, n), numpy.int64)
    elif (perm.dtype != numpy.int64 or perm.shape != rows.shape
            or not perm.flags.c_contiguous):
        raise ValueError('sort_rows: perm must be int64 of the rows\' shape '
                         'and C-contiguous')
    sp = <const void*><size_t>rows.ctypes.data
    pp = <int64_t*><size_t>perm.ctypes.data
    with nogil:
        st = sim_sort_rows(sp, kind, r, n, descending, vp, pp)
    if st == -1:
        raise MemoryError('sort_rows: out of host memory')
    if st:
        raise ValueError('sort_rows: rows of {} elements are too long'.format(n))
    return perm


# ---------------------------------------------------------------------------
# The kernels' select (SWhere): a branch-free C loop.  NumPy's where
# branches per element, several times slower than an arithmetic operator
# on random masks, while a device's select costs what an add costs; the
# simulator's timings stand in for the device's.

cdef object _select_operand(x, shape, dtype):
    # (array, step): a C-contiguous array of the result's shape (step 1) or
    # a single element (step 0); None for any other layout
    x = numpy.asarray(x)
    if dtype is not None and x.dtype != dtype:
        return None
    if x.size == 1 or (x.ndim and not any(x.strides)):
        # one element, also when broadcast over the result with 0 strides
        return numpy.ascontiguousarray(x.reshape(-1)[:1]), 0
    if x.shape == shape and x.flags.c_contiguous:
        return x, 1
    return None


cdef inline uint64_t _mask64(uint8_t c) noexcept nogil:
    return <uint64_t>0 - <uint64_t>(c != 0)


def select_into(cond, a, b, out):
    """``out[...] = where(cond, a, b)`` for a C-contiguous ``out``, a bool
    or uint8 ``cond`` and ``a``/``b`` of out's dtype, each of out's shape
    (C-contiguous) or a single element.  Returns False, writing nothing,
    for other layouts (the caller uses NumPy)."""
    cdef Py_ssize_t n, i
    cdef Py_ssize_t sc, sa, sb
    cdef int isz
    cdef const uint8_t* cp
    cdef const char* ap
    cdef const char* bp
    cdef char* op
    cdef uint64_t m
    if not isinstance(out, numpy.ndarray) or not out.flags.c_contiguous:
        return False
    isz = out.dtype.itemsize
    if isz not in (1, 2, 4, 8, 16):
        return False
    shape = out.shape
    c = numpy.asarray(cond)
    if c.dtype not in (numpy.bool_, numpy.uint8):
        return False
    oc = _select_operand(c, shape, None)
    oa = _select_operand(a, shape, out.dtype)
    ob = _select_operand(b, shape, out.dtype)
    if oc is None or oa is None or ob is None:
        return False
    n = out.size
    cp = <const uint8_t*><size_t>oc[0].ctypes.data
    ap = <const char*><size_t>oa[0].ctypes.data
    bp = <const char*><size_t>ob[0].ctypes.data
    op = <char*><size_t>out.ctypes.data
    sc, sa, sb = oc[1], oa[1], ob[1]
    with nogil:
        if isz == 8:
            for i in range(n):
                m = _mask64(cp[i * sc])
                (<uint64_t*>op)[i] = ((<const uint64_t*>ap)[i * sa] & m) | (
                    (<const uint64_t*>bp)[i * sb] & ~m)
        elif isz == 4:
            for i in range(n):
                m = _mask64(cp[i * sc])
                (<uint32_t*>op)[i] = <uint32_t>(
                    ((<const uint32_t*>ap)[i * sa] & m) |
                    ((<const uint32_t*>bp)[i * sb] & ~m))
        elif isz == 2:
            for i in range(n):
                m = _mask64(cp[i * sc])
                (<uint16_t*>op)[i] = <uint16_t>(
                    ((<const uint16_t*>ap)[i * sa] & m) |
                    ((<const uint16_t*>bp)[i * sb] & ~m))
        elif isz == 1:
            for i in range(n):
                m = _mask64(cp[i * sc])
                (<uint8_t*>op)[i] = <uint8_t>(
                    ((<const uint8_t*>ap)[i * sa] & m) |
                    ((<const uint8_t*>bp)[i * sb] & ~m))
        else:
            for i in range(2 * n):
                m = _mask64(cp[(i >> 1) * sc])
                (<uint64_t*>op)[i] = (
                    (<const uint64_t*>ap)[2 * (i >> 1) * sa + (i & 1)] & m) | (
                    (<const uint64_t*>bp)[2 * (i >> 1) * sb + (i & 1)] & ~m)
    return True


# ---------------------------------------------------------------------------
# The fused kernels' one-pass loop (csrc/sim_ops_fused.c, kernels/fused.py)

cdef extern from "sim_fused.h" nogil:
    void cupy_sim_fused_f64(int op, int64_t n, double* out, const double* x,
                            int64_t sx, const double* p, int64_t sp,
                            const double* q, int64_t sq, double value)
    void cupy_sim_fused_f32(int op, int64_t n, float* out, const float* x,
                            int64_t sx, const float* p, int64_t sp,
                            const float* q, int64_t sq, float value)


cdef size_t _address(x) except? 0:
    # the data pointer of a contiguous array (the buffer protocol: ndarray
    # .ctypes.data makes a ctypes object, microseconds per call)
    cdef Py_buffer view
    PyObject_GetBuffer(x, &view, PyBUF_ANY_CONTIGUOUS)
    cdef size_t p = <size_t>view.buf
    PyBuffer_Release(&view)
    return p


cdef object _fused_operand(x, shape, dtype):
    # _select_operand, the common case (an operand of out's shape, C
    # contiguous) first: this runs once per operand of each kernel
    if type(x) is numpy.ndarray and x.shape == shape and \
            x.flags.c_contiguous and x.dtype == dtype:
        return x, 1
    return _select_operand(x, shape, dtype)


def fused_into(int op, out, x, p, q, value):
    """``out[...] = x + (p OP q) * value`` (OP: 1 multiply, 2 divide; 0
    and q None: ``x + p * value``), each step rounded to out's dtype, for
    a C-contiguous float32/float64 ``out`` and operands of its dtype, each
    of out's shape (C-contiguous) or a single element.  Returns False,
    writing nothing, for other layouts (the caller uses NumPy)."""
    cdef int64_t n
    cdef bint f64
    if not isinstance(out, numpy.ndarray) or not out.flags.c_contiguous or \
            out.dtype.char not in 'fd':
        return False
    shape = out.shape
    ox = _fused_operand(x, shape, out.dtype)
    op_ = _fused_operand(p, shape, out.dtype)
    oq = op_ if q is None else _fused_operand(q, shape, out.dtype)
    if ox is None or op_ is None or oq is None:
        return False
    n = out.size
    f64 = out.dtype.char == 'd'
    cdef size_t po = _address(out), px = _address(ox[0])
    cdef size_t pp = _address(op_[0]), pq = _address(oq[0])
    cdef int64_t sx = ox[1], sp = op_[1], sq = oq[1]
    cdef double vd = value
    cdef float vf = value
    with nogil:
        if f64:
            cupy_sim_fused_f64(op, n, <double*>po, <const double*>px, sx,
                               <const double*>pp, sp, <const double*>pq, sq,
                               vd)
        else:
            cupy_sim_fused_f32(op, n, <float*>po, <const float*>px, sx,
                               <const float*>pp, sp, <const float*>pq, sq,
                               vf)
    return True


# ---------------------------------------------------------------------------
# Counters and settings

def counters():
    """Live objects, transfer totals and call counts, as a dict of ints."""
    cdef sim_counters_t c
    cupy_sim_get_counters(&c)
    return {
        'live_device_allocs': c.live_device_allocs,
        'live_device_bytes': c.live_device_bytes,
        'live_host_allocs': c.live_host_allocs,
        'live_host_bytes': c.live_host_bytes,
        'live_streams': c.live_streams,
        'live_events': c.live_events,
        'live_tensors': c.live_tensors,
        'live_scalars': c.live_scalars,
        'live_int_arrays': c.live_int_arrays,
        'live_float_arrays': c.live_float_arrays,
        'live_bool_arrays': c.live_bool_arrays,
        'live_tensor_lists': c.live_tensor_lists,
        'live_scalar_lists': c.live_scalar_lists,
        'live_executors': c.live_executors,
        'h2d_bytes': c.h2d_bytes,
        'd2h_bytes': c.d2h_bytes,
        'd2d_bytes': c.d2d_bytes,
        'h2d_copies': c.h2d_copies,
        'd2h_copies': c.d2h_copies,
        'd2d_copies': c.d2d_copies,
        'kernel_launches': c.kernel_launches,
        'sanitizer_errors': c.sanitizer_errors,
        'api_ns': c.api_ns,
        'api_calls': c.api_calls,
        'phase1_calls': c.phase1_calls,
        'executor_creations': c.executor_creations,
        'address_rebinds': c.address_rebinds,
        'synchronizations': c.synchronizations,
        'tensor_creations': c.tensor_creations,
        'scalar_creations': c.scalar_creations,
        'array_creations': c.array_creations,
        'live_fft_plans': cupy_sim_fft_live_plans(),
        'live_blas_handles': cupy_sim_blas_live_handles(),
    }


def reset_transfer_counters():
    """Zero the host<->device byte and copy counters."""
    cupy_sim_reset_transfer_counters()


def set_strict_delay_us(int64_t us):
    """Delay each stream task by ``us`` microseconds (0: off)."""
    if us < 0:
        raise ValueError('the delay must be >= 0 microseconds, got {}'.format(us))
    cupy_sim_set_strict_delay_us(us)


def get_strict_delay_us():
    return cupy_sim_get_strict_delay_us()


def device_count():
    """Simulated devices (CUPY_ASCEND_SIMULATOR_DEVICES, fixed at aclInit)."""
    return cupy_sim_device_count()


def device_memory():
    """Bytes of simulated memory per device."""
    return cupy_sim_device_memory()


def drain():
    """Wait until every stream of every device is idle."""
    with nogil:   # the workers need the GIL to run kernels
        cupy_sim_drain_all()


# ---------------------------------------------------------------------------
# Fault injection (csrc/sim_faults.c)

def set_faults(str spec):
    """Replace the fault rules (see csrc/sim_faults.c); '' clears them."""
    cdef char err[256]
    cdef bytes b = spec.encode('ascii')
    if cupy_sim_faults_set(b, err, sizeof(err)) != 0:
        raise ValueError(err.decode('utf-8', 'replace'))


def clear_faults():
    cupy_sim_faults_clear()


def fault_call_counts():
    """{entry point: calls since the last reset}, for every entry point
    called at least once in this process."""
    cdef int max_sites = 1024     # SIM_FAULT_MAX_SITES
    cdef const char* names[1024]
    cdef int64_t calls[1024]
    cdef int i, n = cupy_sim_faults_counts(names, calls, max_sites)
    return {names[i].decode('ascii'): calls[i]
            for i in range(min(n, max_sites)) if calls[i]}


def reset_fault_call_counts():
    cupy_sim_faults_reset_counts()


def faults_injected():
    """Faults injected since the rules were last set or cleared."""
    return cupy_sim_faults_injected()


def _shutdown():
    # Queued kernels still need the interpreter: let them finish, then stop
    # workers from calling into Python while it is being torn down.
    drain()
    cupy_sim_set_kernel_runner(NULL)


cupy_sim_set_kernel_runner(_run_kernel)
atexit.register(_shutdown)
