# The neutral xpu API (cupy_backends/backend/api.pxd) on CANN.
# Included by cupy_backends/backend/api.pyx when the build selects ascend.
#
# Every CANN call is made without the GIL: the simulator's stream workers
# take the GIL to run kernels, and a blocking call holding it would
# deadlock; on real CANN it lets other Python threads run meanwhile.

from libc.stdint cimport intptr_t, int32_t, uint32_t

from cupy_backends.ascend cimport _acl
from cupy_backends.ascend._acl cimport cupy_acl_rt_table, aclrtStream, aclrtEvent

cdef extern from *:
    """
    /* The device bound to this host thread by aclrtSetDevice, -1 before. */
    static __thread int cupy_xpu_thread_device = -1;
    """
    int cupy_xpu_thread_device

# runtime.md section 7 (policy, memory attr) and 5, 6 (status values).
cdef enum:
    _ACL_MEM_MALLOC_HUGE_FIRST = 0
    _ACL_HBM_MEM = 1
    _ACL_STREAM_STATUS_COMPLETE = 0
    _ACL_EVENT_RECORDED_STATUS_COMPLETE = 1
    _ACL_EVENT_SYNC = 0x1
    _ACL_EVENT_TIME_LINE = 0x8

# aclrtMalloc starts are 64-byte aligned and each allocation reserves
# ALIGN_UP(size, 32) + 32 bytes; a pool carving one allocation into blocks
# keeps each block 64-byte aligned (runtime.md 7.1).
cdef size_t _ALIGNMENT = 64

cdef cupy_acl_rt_table* _rt = NULL


cdef inline cupy_acl_rt_table* _table() except NULL:
    global _rt
    if _rt is NULL:
        _rt = _acl.rt_table()
    return _rt


cdef inline int _bind_thread() except -1:
    # CANN needs aclrtSetDevice on every host thread that calls it
    # (runtime.md section 4); the current device defaults to 0.
    if cupy_xpu_thread_device < 0:
        xpuSetDevice(0)
    return 0


cpdef str xpuBackendName():
    return 'ascend'


cpdef bint xpuIsSimulator() except -1:
    return _acl.is_simulator()


cpdef int xpuGetDeviceCount() except -1:
    cdef cupy_acl_rt_table* t = _table()
    cdef uint32_t n = 0
    cdef int status
    with nogil:
        status = t.aclrtGetDeviceCount(&n)
    _acl.check(status, 'aclrtGetDeviceCount')
    return n


cpdef int xpuGetDevice() except -1:
    _bind_thread()
    return cupy_xpu_thread_device


cpdef xpuSetDevice(int device):
    global cupy_xpu_thread_device
    cdef cupy_acl_rt_table* t = _table()
    cdef int status
    if device == cupy_xpu_thread_device:
        return
    with nogil:
        status = t.aclrtSetDevice(device)
    _acl.check(status, 'aclrtSetDevice')
    cupy_xpu_thread_device = device


cpdef xpuDeviceSynchronize():
    cdef cupy_acl_rt_table* t = _table()
    cdef int status
    _bind_thread()
    with nogil:
        status = t.aclrtSynchronizeDevice()
    _acl.check(status, 'aclrtSynchronizeDevice')


cpdef tuple xpuMemGetInfo():
    cdef cupy_acl_rt_table* t = _table()
    cdef size_t free = 0, total = 0
    cdef int status
    _bind_thread()
    with nogil:
        status = t.aclrtGetMemInfo(_ACL_HBM_MEM, &free, &total)
    _acl.check(status, 'aclrtGetMemInfo')
    return free, total


cpdef intptr_t xpuMalloc(size_t size) except? 0:
    cdef cupy_acl_rt_table* t = _table()
    cdef void* p = NULL
    cdef int status
    _bind_thread()
    with nogil:
        status = t.aclrtMalloc(&p, size, _ACL_MEM_MALLOC_HUGE_FIRST)
    _acl.check(status, 'aclrtMalloc')
    return <intptr_t>p


cdef unsigned long long _frees = 0


cpdef xpuFree(intptr_t ptr):
    global _frees
    cdef cupy_acl_rt_table* t = _table()
    cdef int status
    _bind_thread()
    _frees += 1     # counted first: a failed free may still have freed
    with nogil:
        status = t.aclrtFree(<void*>ptr)
    _acl.check(status, 'aclrtFree')


cpdef unsigned long long xpuFreeCount():
    return _frees


cpdef intptr_t xpuMallocHost(size_t size) except? 0:
    cdef cupy_acl_rt_table* t = _table()
    cdef void* p = NULL
    cdef int status
    _bind_thread()
    with nogil:
        status = t.aclrtMallocHost(&p, size)
    _acl.check(status, 'aclrtMallocHost')
    return <intptr_t>p


cpdef xpuFreeHost(intptr_t ptr):
    cdef cupy_acl_rt_table* t = _table()
    cdef int status
    _bind_thread()
    with nogil:
        status = t.aclrtFreeHost(<void*>ptr)
    _acl.check(status, 'aclrtFreeHost')


cpdef size_t xpuAllocationAlignment():
    return _ALIGNMENT


cpdef xpuMemcpy(intptr_t dst, intptr_t src, size_t size, int kind):
    cdef cupy_acl_rt_table* t = _table()
    cdef int status
    _bind_thread()
    with nogil:
        status = t.aclrtMemcpy(<void*>dst, size, <void*>src, size, kind)
    _acl.check(status, 'aclrtMemcpy')


cpdef xpuMemcpyAsync(intptr_t dst, intptr_t src, size_t size, int kind,
                     intptr_t stream):
    cdef cupy_acl_rt_table* t = _table()
    cdef int status
    _bind_thread()
    with nogil:
        status = t.aclrtMemcpyAsync(<void*>dst, size, <void*>src, size, kind,
                                    <aclrtStream>stream)
    _acl.check(status, 'aclrtMemcpyAsync')


cpdef xpuMemset(intptr_t ptr, int value, size_t size):
    cdef cupy_acl_rt_table* t = _table()
    cdef int status
    _bind_thread()
    with nogil:
        status = t.aclrtMemset(<void*>ptr, size, value, size)
    _acl.check(status, 'aclrtMemset')


cpdef xpuMemsetAsync(intptr_t ptr, int value, size_t size, intptr_t stream):
    cdef cupy_acl_rt_table* t = _table()
    cdef int status
    _bind_thread()
    with nogil:
        status = t.aclrtMemsetAsync(<void*>ptr, size, value, size,
                                    <aclrtStream>stream)
    _acl.check(status, 'aclrtMemsetAsync')


cpdef intptr_t xpuStreamCreate() except? 0:
    cdef cupy_acl_rt_table* t = _table()
    cdef aclrtStream s = NULL
    cdef int status
    _bind_thread()
    with nogil:
        status = t.aclrtCreateStream(&s)
    _acl.check(status, 'aclrtCreateStream')
    return <intptr_t>s


cpdef xpuStreamDestroy(intptr_t stream):
    cdef cupy_acl_rt_table* t = _table()
    cdef int status
    _bind_thread()
    with nogil:
        status = t.aclrtDestroyStream(<aclrtStream>stream)
    _acl.check(status, 'aclrtDestroyStream')


cpdef xpuStreamSynchronize(intptr_t stream):
    cdef cupy_acl_rt_table* t = _table()
    cdef int status
    _bind_thread()
    with nogil:
        status = t.aclrtSynchronizeStream(<aclrtStream>stream)
    _acl.check(status, 'aclrtSynchronizeStream')


cpdef bint xpuStreamQuery(intptr_t stream) except -1:
    cdef cupy_acl_rt_table* t = _table()
    cdef int status, st = 0
    _bind_thread()
    with nogil:
        status = t.aclrtStreamQuery(<aclrtStream>stream, &st)
    _acl.check(status, 'aclrtStreamQuery')
    return st == _ACL_STREAM_STATUS_COMPLETE


cpdef xpuStreamWaitEvent(intptr_t stream, intptr_t event):
    cdef cupy_acl_rt_table* t = _table()
    cdef int status
    _bind_thread()
    with nogil:
        status = t.aclrtStreamWaitEvent(<aclrtStream>stream,
                                        <aclrtEvent>event)
    _acl.check(status, 'aclrtStreamWaitEvent')


cpdef intptr_t xpuEventCreate(bint timing=True) except? 0:
    cdef cupy_acl_rt_table* t = _table()
    cdef aclrtEvent e = NULL
    cdef int status
    # ACL_EVENT_SYNC lets streams wait on it; TIME_LINE records timestamps
    # (runtime.md section 6).
    cdef unsigned int flag = _ACL_EVENT_SYNC | (
        _ACL_EVENT_TIME_LINE if timing else 0)
    _bind_thread()
    with nogil:
        status = t.aclrtCreateEventWithFlag(&e, flag)
    _acl.check(status, 'aclrtCreateEventWithFlag')
    return <intptr_t>e


cpdef xpuEventDestroy(intptr_t event):
    cdef cupy_acl_rt_table* t = _table()
    cdef int status
    _bind_thread()
    with nogil:
        status = t.aclrtDestroyEvent(<aclrtEvent>event)
    _acl.check(status, 'aclrtDestroyEvent')


cpdef xpuEventRecord(intptr_t event, intptr_t stream):
    cdef cupy_acl_rt_table* t = _table()
    cdef int status
    _bind_thread()
    with nogil:
        status = t.aclrtRecordEvent(<aclrtEvent>event, <aclrtStream>stream)
    _acl.check(status, 'aclrtRecordEvent')


cpdef xpuEventSynchronize(intptr_t event):
    cdef cupy_acl_rt_table* t = _table()
    cdef int status
    _bind_thread()
    with nogil:
        status = t.aclrtSynchronizeEvent(<aclrtEvent>event)
    _acl.check(status, 'aclrtSynchronizeEvent')


cpdef bint xpuEventQuery(intptr_t event) except -1:
    cdef cupy_acl_rt_table* t = _table()
    cdef int status, st = 0
    _bind_thread()
    with nogil:
        status = t.aclrtQueryEventStatus(<aclrtEvent>event, &st)
    _acl.check(status, 'aclrtQueryEventStatus')
    return st == _ACL_EVENT_RECORDED_STATUS_COMPLETE


cpdef float xpuEventElapsedTime(intptr_t start, intptr_t end) except? -1:
    cdef cupy_acl_rt_table* t = _table()
    cdef float ms = 0
    cdef int status
    _bind_thread()
    with nogil:
        status = t.aclrtEventElapsedTime(&ms, <aclrtEvent>start,
                                         <aclrtEvent>end)
    _acl.check(status, 'aclrtEventElapsedTime')
    return ms


# ---------------------------------------------------------------- issue 14
# Host functions on a stream (aclrtLaunchHostFunc, runtime.md section 7.3).
# Not part of api.pxd: a plain Python function of the api module that a
# backend may lack (cupy.xpu checks for it).  The callback runs on a runtime
# thread when the stream reaches it and blocks later work of that stream.

from cpython.ref cimport Py_INCREF, Py_DECREF
from cupy_backends.ascend._acl cimport aclrtHostFunc


cdef void _host_func_trampoline(void* arg) noexcept with gil:
    # arg: a (callable, args) tuple whose reference the launch took.  An
    # exception is reported (sys.unraisablehook) and swallowed: it must
    # not end the runtime's stream thread.
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
    """Queue ``fn(*args)`` on ``stream`` (host thread of the runtime)."""
    cdef cupy_acl_rt_table* t = _table()
    cdef int status
    cdef tuple entry = (fn, args)
    if t.aclrtLaunchHostFunc is NULL:
        raise NotImplementedError(
            'this CANN version has no aclrtLaunchHostFunc (documented from '
            'CANN 8.3.RC1): host functions on streams are not available')
    _bind_thread()
    Py_INCREF(entry)
    with nogil:
        status = t.aclrtLaunchHostFunc(<aclrtStream>stream,
                                       <aclrtHostFunc>_host_func_trampoline,
                                       <void*>entry)
    if status != 0:
        Py_DECREF(entry)
    _acl.check(status, 'aclrtLaunchHostFunc')
