# The neutral xpu API (cupy_backends/backend/api.pxd) on the CUDA runtime.
# Included by cupy_backends/backend/api.pyx when the build selects cuda.
#
# Blocking calls release the GIL so other Python threads run meanwhile.
# Stream 0 is CUDA's legacy default stream: CuPy's null stream.

from libc.stdint cimport intptr_t

from cupy_backends.cuda cimport _cuda
from cupy_backends.cuda._cuda cimport (
    cupy_cudart_table, cudaStream_t, cudaEvent_t)

cdef extern from *:
    """
    /* The device bound to this host thread, -1 before the first call. */
    static __thread int cupy_xpu_thread_device = -1;
    """
    int cupy_xpu_thread_device

# cudaStreamNonBlocking, cudaEventDisableTiming (CUDA Runtime API
# reference: cudaStreamCreateWithFlags, cudaEventCreateWithFlags);
# cudaErrorNotReady from cudaStreamQuery/cudaEventQuery.
cdef enum:
    _STREAM_NON_BLOCKING = 0x1
    _EVENT_DISABLE_TIMING = 0x2
    _NOT_READY = 600

# cudaMalloc returns 256-byte aligned memory (CUDA C Programming Guide,
# "Device Memory Accesses"); the pool keeps blocks at that alignment so
# every block can take the vectorised kernels' 16-byte accesses.
cdef size_t _ALIGNMENT = 256

cdef cupy_cudart_table* _rt = NULL


cdef inline cupy_cudart_table* _table() except NULL:
    global _rt
    if _rt is NULL:
        _rt = _cuda.rt()
    return _rt


cdef inline int _bind_thread() except -1:
    # The runtime's current device is per host thread and defaults to 0;
    # binding it explicitly makes the first failure (no GPU, no driver)
    # surface here with the runtime's own message.
    if cupy_xpu_thread_device < 0:
        xpuSetDevice(0)
    return 0


cpdef str xpuBackendName():
    return 'cuda'


cpdef bint xpuIsSimulator() except -1:
    return False


cpdef int xpuGetDeviceCount() except -1:
    cdef cupy_cudart_table* t = _table()
    cdef int n = 0
    cdef int status
    with nogil:
        status = t.cudaGetDeviceCount(&n)
    _cuda.check(status, 'cudaGetDeviceCount')
    return n


cpdef int xpuGetDevice() except -1:
    _bind_thread()
    return cupy_xpu_thread_device


cpdef xpuSetDevice(int device):
    global cupy_xpu_thread_device
    cdef cupy_cudart_table* t = _table()
    cdef int status
    if device == cupy_xpu_thread_device:
        return
    with nogil:
        status = t.cudaSetDevice(device)
        if status == 0:
            # create the primary context now (kernel modules load into it)
            status = t.cudaFree(NULL)
    _cuda.check(status, 'cudaSetDevice')
    cupy_xpu_thread_device = device


cpdef xpuDeviceSynchronize():
    cdef cupy_cudart_table* t = _table()
    cdef int status
    _bind_thread()
    with nogil:
        status = t.cudaDeviceSynchronize()
    _cuda.check(status, 'cudaDeviceSynchronize')


cpdef tuple xpuMemGetInfo():
    cdef cupy_cudart_table* t = _table()
    cdef size_t free = 0, total = 0
    cdef int status
    _bind_thread()
    with nogil:
        status = t.cudaMemGetInfo(&free, &total)
    _cuda.check(status, 'cudaMemGetInfo')
    return free, total


cpdef intptr_t xpuMalloc(size_t size) except? 0:
    cdef cupy_cudart_table* t = _table()
    cdef void* p = NULL
    cdef int status
    _bind_thread()
    with nogil:
        status = t.cudaMalloc(&p, size)
    _cuda.check(status, 'cudaMalloc')
    return <intptr_t>p


cdef unsigned long long _frees = 0


cpdef xpuFree(intptr_t ptr):
    global _frees
    cdef cupy_cudart_table* t = _table()
    cdef int status
    _bind_thread()
    _frees += 1
    with nogil:
        status = t.cudaFree(<void*>ptr)
    _cuda.check(status, 'cudaFree')


cpdef unsigned long long xpuFreeCount():
    return _frees


cpdef intptr_t xpuMallocHost(size_t size) except? 0:
    cdef cupy_cudart_table* t = _table()
    cdef void* p = NULL
    cdef int status
    _bind_thread()
    with nogil:
        status = t.cudaMallocHost(&p, size)
    _cuda.check(status, 'cudaMallocHost')
    return <intptr_t>p


cpdef xpuFreeHost(intptr_t ptr):
    cdef cupy_cudart_table* t = _table()
    cdef int status
    with nogil:
        status = t.cudaFreeHost(<void*>ptr)
    _cuda.check(status, 'cudaFreeHost')


cpdef size_t xpuAllocationAlignment():
    return _ALIGNMENT


cpdef xpuMemcpy(intptr_t dst, intptr_t src, size_t size, int kind):
    cdef cupy_cudart_table* t = _table()
    cdef int status
    _bind_thread()
    with nogil:
        status = t.cudaMemcpy(<void*>dst, <void*>src, size, kind)
    _cuda.check(status, 'cudaMemcpy')


cpdef xpuMemcpyAsync(intptr_t dst, intptr_t src, size_t size, int kind,
                     intptr_t stream):
    cdef cupy_cudart_table* t = _table()
    cdef int status
    _bind_thread()
    with nogil:
        status = t.cudaMemcpyAsync(<void*>dst, <void*>src, size, kind,
                                   <cudaStream_t>stream)
    _cuda.check(status, 'cudaMemcpyAsync')


cpdef xpuMemset(intptr_t ptr, int value, size_t size):
    cdef cupy_cudart_table* t = _table()
    cdef int status
    _bind_thread()
    with nogil:
        status = t.cudaMemset(<void*>ptr, value, size)
    _cuda.check(status, 'cudaMemset')


cpdef xpuMemsetAsync(intptr_t ptr, int value, size_t size, intptr_t stream):
    cdef cupy_cudart_table* t = _table()
    cdef int status
    _bind_thread()
    with nogil:
        status = t.cudaMemsetAsync(<void*>ptr, value, size,
                                   <cudaStream_t>stream)
    _cuda.check(status, 'cudaMemsetAsync')


cpdef intptr_t xpuStreamCreate() except? 0:
    # flags 0: a blocking stream, which orders itself with the legacy null
    # stream, as CuPy's Stream() (non_blocking=False) does
    cdef cupy_cudart_table* t = _table()
    cdef cudaStream_t s = NULL
    cdef int status
    _bind_thread()
    with nogil:
        status = t.cudaStreamCreateWithFlags(&s, 0)
    _cuda.check(status, 'cudaStreamCreateWithFlags')
    return <intptr_t>s


cpdef xpuStreamDestroy(intptr_t stream):
    cdef cupy_cudart_table* t = _table()
    cdef int status
    with nogil:
        status = t.cudaStreamDestroy(<cudaStream_t>stream)
    _cuda.check(status, 'cudaStreamDestroy')


cpdef xpuStreamSynchronize(intptr_t stream):
    cdef cupy_cudart_table* t = _table()
    cdef int status
    _bind_thread()
    with nogil:
        status = t.cudaStreamSynchronize(<cudaStream_t>stream)
    _cuda.check(status, 'cudaStreamSynchronize')


cpdef bint xpuStreamQuery(intptr_t stream) except -1:
    cdef cupy_cudart_table* t = _table()
    cdef int status
    _bind_thread()
    with nogil:
        status = t.cudaStreamQuery(<cudaStream_t>stream)
    if status == _NOT_READY:
        return False
    _cuda.check(status, 'cudaStreamQuery')
    return True


cpdef xpuStreamWaitEvent(intptr_t stream, intptr_t event):
    cdef cupy_cudart_table* t = _table()
    cdef int status
    _bind_thread()
    with nogil:
        status = t.cudaStreamWaitEvent(<cudaStream_t>stream,
                                       <cudaEvent_t>event, 0)
    _cuda.check(status, 'cudaStreamWaitEvent')


cpdef intptr_t xpuEventCreate(bint timing=True) except? 0:
    cdef cupy_cudart_table* t = _table()
    cdef cudaEvent_t e = NULL
    cdef int status
    cdef unsigned int flags = 0 if timing else _EVENT_DISABLE_TIMING
    _bind_thread()
    with nogil:
        status = t.cudaEventCreateWithFlags(&e, flags)
    _cuda.check(status, 'cudaEventCreateWithFlags')
    return <intptr_t>e


cpdef xpuEventDestroy(intptr_t event):
    cdef cupy_cudart_table* t = _table()
    cdef int status
    with nogil:
        status = t.cudaEventDestroy(<cudaEvent_t>event)
    _cuda.check(status, 'cudaEventDestroy')


cpdef xpuEventRecord(intptr_t event, intptr_t stream):
    cdef cupy_cudart_table* t = _table()
    cdef int status
    _bind_thread()
    with nogil:
        status = t.cudaEventRecord(<cudaEvent_t>event, <cudaStream_t>stream)
    _cuda.check(status, 'cudaEventRecord')


cpdef xpuEventSynchronize(intptr_t event):
    cdef cupy_cudart_table* t = _table()
    cdef int status
    with nogil:
        status = t.cudaEventSynchronize(<cudaEvent_t>event)
    _cuda.check(status, 'cudaEventSynchronize')


cpdef bint xpuEventQuery(intptr_t event) except -1:
    cdef cupy_cudart_table* t = _table()
    cdef int status
    with nogil:
        status = t.cudaEventQuery(<cudaEvent_t>event)
    if status == _NOT_READY:
        return False
    _cuda.check(status, 'cudaEventQuery')
    return True


cpdef float xpuEventElapsedTime(intptr_t start, intptr_t end) except? -1:
    cdef cupy_cudart_table* t = _table()
    cdef float ms = 0
    cdef int status
    with nogil:
        status = t.cudaEventElapsedTime(&ms, <cudaEvent_t>start,
                                        <cudaEvent_t>end)
    _cuda.check(status, 'cudaEventElapsedTime')
    return ms


# ---------------------------------------------------------------- issue 19
# Host functions on a stream (cudaLaunchHostFunc), as the ascend backend
# offers them (a plain Python function of the api module that cupy.xpu
# looks for).  The callback runs on a driver thread when the stream
# reaches it; an exception goes to sys.unraisablehook.

from cpython.ref cimport Py_INCREF, Py_DECREF


cdef void _host_func_trampoline(void* arg) noexcept with gil:
    cdef object entry = <object>arg
    try:
        entry[0](*entry[1])
    except BaseException as e:
        import sys
        sys.unraisablehook(_Unraisable(e, entry[0]))
    finally:
        Py_DECREF(entry)


class _Unraisable:
    # the argument sys.unraisablehook takes
    def __init__(self, exc, obj):
        self.exc_type = type(exc)
        self.exc_value = exc
        self.exc_traceback = exc.__traceback__
        self.err_msg = 'Exception ignored in a stream host function'
        self.object = obj


def xpuLaunchHostFunc(intptr_t stream, fn, tuple args):
    """Queue ``fn(*args)`` on ``stream``."""
    cdef int status
    cdef tuple entry = (fn, args)
    _bind_thread()
    Py_INCREF(entry)
    status = _table().cudaLaunchHostFunc(
        <cudaStream_t>stream, <_cuda.cupy_host_fn>_host_func_trampoline,
        <void*>entry)
    if status != 0:
        Py_DECREF(entry)
    _cuda.check(status, 'cudaLaunchHostFunc')
