# The CUDA runtime calls CuPy programs make through cupy.cuda.runtime
# beyond the neutral xpu API (issue 19): device attributes and properties,
# versions, peer access, pointer attributes, streams and events with
# flags, host registration, IPC handles, stream-ordered and managed
# allocation, the profiler switch.  cupy/xpu/runtime.py takes the names in
# __all__ from here when the build is CUDA.  Errors are CUDARuntimeError
# with the runtime's code, name and message (_cuda.check).

from libc.stdint cimport intptr_t
from libc.string cimport memcpy

from cupy_backends.backend cimport api
from cupy_backends.cuda cimport _cuda
from cupy_backends.cuda._cuda cimport (
    cupy_cudart_table, cudaStream_t, cudaEvent_t, cupy_ipc_handle,
    cupy_pointer_attributes)

__all__ = [
    'deviceGetAttribute', 'getDeviceProperties', 'runtimeGetVersion',
    'driverGetVersion', 'deviceCanAccessPeer', 'deviceEnablePeerAccess',
    'memcpyPeer', 'memcpyPeerAsync', 'pointerGetAttributes',
    'PointerAttributes', 'streamCreateWithFlags', 'streamCreateWithPriority',
    'eventCreateWithFlags', 'hostRegister', 'hostUnregister',
    'ipcGetMemHandle', 'ipcOpenMemHandle', 'ipcCloseMemHandle',
    'ipcGetEventHandle', 'ipcOpenEventHandle', 'mallocAsync', 'freeAsync',
    'mallocManaged', 'profilerStart', 'profilerStop', 'getLastError',
    'launchHostFunc',
    # constants (CUDA Runtime API reference: the enums of these calls)
    'cudaDevAttrComputeCapabilityMajor', 'cudaDevAttrComputeCapabilityMinor',
    'cudaDevAttrMultiProcessorCount', 'cudaDevAttrMaxThreadsPerBlock',
    'cudaDevAttrWarpSize', 'cudaDevAttrMaxSharedMemoryPerBlock',
    'cudaDevAttrMaxSharedMemoryPerBlockOptin', 'cudaDevAttrL2CacheSize',
    'cudaDevAttrCooperativeLaunch', 'cudaDevAttrMemoryPoolsSupported',
    'streamDefault', 'streamNonBlocking', 'streamLegacy', 'streamPerThread',
    'eventDefault', 'eventBlockingSync', 'eventDisableTiming',
    'eventInterprocess', 'cudaIpcMemLazyEnablePeerAccess',
    'cudaMemAttachGlobal', 'cudaMemAttachHost', 'hostRegisterDefault',
    'hostRegisterPortable', 'hostRegisterMapped', 'memoryTypeUnregistered',
    'memoryTypeHost', 'memoryTypeDevice', 'memoryTypeManaged',
    'CUDA_C_8I',
]

# cudaDeviceAttr
cudaDevAttrMaxThreadsPerBlock = 1
cudaDevAttrMaxSharedMemoryPerBlock = 8
cudaDevAttrWarpSize = 10
cudaDevAttrMultiProcessorCount = 16
cudaDevAttrL2CacheSize = 38
cudaDevAttrComputeCapabilityMajor = 75
cudaDevAttrComputeCapabilityMinor = 76
cudaDevAttrCooperativeLaunch = 95
cudaDevAttrMaxSharedMemoryPerBlockOptin = 97
cudaDevAttrMemoryPoolsSupported = 115
# stream and event flags, special stream handles
streamDefault = 0
streamNonBlocking = 1
streamLegacy = 1
streamPerThread = 2
eventDefault = 0
eventBlockingSync = 1
eventDisableTiming = 2
eventInterprocess = 4
cudaIpcMemLazyEnablePeerAccess = 1
cudaMemAttachGlobal = 1
cudaMemAttachHost = 2
hostRegisterDefault = 0
hostRegisterPortable = 1
hostRegisterMapped = 2
# cudaMemoryType
memoryTypeUnregistered = 0
memoryTypeHost = 1
memoryTypeDevice = 2
memoryTypeManaged = 3
CUDA_C_8I = 7

# getDeviceProperties: CuPy's key -> cudaDeviceAttr (CUDA Runtime API
# reference, cudaDeviceAttr); the fields cudaGetDeviceProperties fills
# from the same attributes
_PROPERTIES = {
    'maxThreadsPerBlock': 1, 'sharedMemPerBlock': 8, 'totalConstMem': 9,
    'warpSize': 10, 'memPitch': 11, 'regsPerBlock': 12, 'clockRate': 13,
    'textureAlignment': 14, 'deviceOverlap': 15, 'multiProcessorCount': 16,
    'kernelExecTimeoutEnabled': 17, 'integrated': 18,
    'canMapHostMemory': 19, 'computeMode': 20, 'surfaceAlignment': 30,
    'concurrentKernels': 31, 'ECCEnabled': 32, 'pciBusID': 33,
    'pciDeviceID': 34, 'tccDriver': 35, 'memoryClockRate': 36,
    'memoryBusWidth': 37, 'l2CacheSize': 38,
    'maxThreadsPerMultiProcessor': 39, 'asyncEngineCount': 40,
    'unifiedAddressing': 41, 'pciDomainID': 50, 'major': 75, 'minor': 76,
    'streamPrioritiesSupported': 78, 'globalL1CacheSupported': 79,
    'localL1CacheSupported': 80, 'sharedMemPerMultiprocessor': 81,
    'regsPerMultiprocessor': 82, 'managedMemory': 83,
    'isMultiGpuBoard': 84, 'multiGpuBoardGroupID': 85,
    'singleToDoublePrecisionPerfRatio': 87, 'pageableMemoryAccess': 88,
    'concurrentManagedAccess': 89, 'computePreemptionSupported': 90,
    'canUseHostPointerForRegisteredMem': 91, 'cooperativeLaunch': 95,
    'cooperativeMultiDeviceLaunch': 96, 'sharedMemPerBlockOptin': 97,
    'pageableMemoryAccessUsesHostPageTables': 100,
    'directManagedMemAccessFromHost': 101, 'maxBlocksPerMultiProcessor': 106,
    'accessPolicyMaxWindowSize': 109, 'reservedSharedMemPerBlock': 111,
    'hostRegisterSupported': 99, 'memoryPoolsSupported': 115,
}
_DIMS = {'maxThreadsDim': (2, 3, 4), 'maxGridSize': (5, 6, 7)}


cdef cupy_cudart_table* _rt() except NULL:
    return _cuda.rt()


def deviceGetAttribute(int attrib, int device):
    cdef int v = 0
    _cuda.check(_rt().cudaDeviceGetAttribute(&v, attrib, device),
                'cudaDeviceGetAttribute')
    return v


def _device_name(int device):
    cdef char buf[256]
    cdef int status
    d = _cuda.drv()
    status = d.cuInit(0)
    _cuda.check_driver(status, 'cuInit')
    _cuda.check_driver(d.cuDeviceGetName(buf, 256, device),
                       'cuDeviceGetName')
    return <bytes>buf


def getDeviceProperties(int device):
    """CuPy's dict of the device's properties (the fields of
    cudaDeviceProp this runtime reports through device attributes, the
    name and the total memory)."""
    cdef size_t free = 0, total = 0
    n = api.xpuGetDeviceCount()
    if not 0 <= device < n:
        _cuda.check(101, 'cudaGetDeviceProperties')  # cudaErrorInvalidDevice
    props = {'name': _device_name(device)}
    prev = api.xpuGetDevice()
    api.xpuSetDevice(device)
    try:
        _cuda.check(_rt().cudaMemGetInfo(&free, &total), 'cudaMemGetInfo')
    finally:
        api.xpuSetDevice(prev)
    props['totalGlobalMem'] = total
    for key, attr in _PROPERTIES.items():
        try:
            props[key] = deviceGetAttribute(attr, device)
        except _cuda_errors().CUDARuntimeError:
            pass        # an attribute this driver does not know
    for key, attrs in _DIMS.items():
        props[key] = tuple(deviceGetAttribute(a, device) for a in attrs)
    return props


def _cuda_errors():
    from cupy_backends.cuda import _errors
    return _errors


def runtimeGetVersion():
    cdef int v = 0
    _cuda.check(_rt().cudaRuntimeGetVersion(&v), 'cudaRuntimeGetVersion')
    return v


def driverGetVersion():
    cdef int v = 0
    _cuda.check(_rt().cudaDriverGetVersion(&v), 'cudaDriverGetVersion')
    return v


def getLastError():
    return _rt().cudaGetLastError()


def deviceCanAccessPeer(int device, int peer):
    cdef int v = 0
    _cuda.check(_rt().cudaDeviceCanAccessPeer(&v, device, peer),
                'cudaDeviceCanAccessPeer')
    return v


def deviceEnablePeerAccess(int peer):
    _cuda.check(_rt().cudaDeviceEnablePeerAccess(peer, 0),
                'cudaDeviceEnablePeerAccess')


def memcpyPeer(intptr_t dst, int dst_device, intptr_t src, int src_device,
               size_t size):
    cdef int status
    cdef cupy_cudart_table* t = _rt()
    with nogil:
        status = t.cudaMemcpyPeer(<void*>dst, dst_device,
                                           <const void*>src, src_device, size)
    _cuda.check(status, 'cudaMemcpyPeer')


def memcpyPeerAsync(intptr_t dst, int dst_device, intptr_t src,
                    int src_device, size_t size, intptr_t stream):
    _cuda.check(_rt().cudaMemcpyPeerAsync(
        <void*>dst, dst_device, <const void*>src, src_device, size,
        <cudaStream_t>stream), 'cudaMemcpyPeerAsync')


class PointerAttributes:
    """What cudaPointerGetAttributes reports: ``device``,
    ``devicePointer``, ``hostPointer``, ``type`` (a memoryType*)."""

    def __init__(self, device, devicePointer, hostPointer, type):
        self.device = device
        self.devicePointer = devicePointer
        self.hostPointer = hostPointer
        self.type = type

    def __repr__(self):
        return ('PointerAttributes(device={}, devicePointer={:#x}, '
                'hostPointer={:#x}, type={})'.format(
                    self.device, self.devicePointer, self.hostPointer,
                    self.type))


def pointerGetAttributes(intptr_t ptr):
    cdef cupy_pointer_attributes a
    _cuda.check(_rt().cudaPointerGetAttributes(&a, <const void*>ptr),
                'cudaPointerGetAttributes')
    return PointerAttributes(a.device, <intptr_t>a.devicePointer,
                             <intptr_t>a.hostPointer, a.type)


def streamCreateWithFlags(unsigned int flags):
    cdef cudaStream_t s = NULL
    _cuda.check(_rt().cudaStreamCreateWithFlags(&s, flags),
                'cudaStreamCreateWithFlags')
    return <intptr_t>s


def streamCreateWithPriority(unsigned int flags, int priority):
    cdef cudaStream_t s = NULL
    _cuda.check(_rt().cudaStreamCreateWithPriority(&s, flags, priority),
                'cudaStreamCreateWithPriority')
    return <intptr_t>s


def eventCreateWithFlags(unsigned int flags):
    cdef cudaEvent_t e = NULL
    _cuda.check(_rt().cudaEventCreateWithFlags(&e, flags),
                'cudaEventCreateWithFlags')
    return <intptr_t>e


def hostRegister(intptr_t ptr, size_t size, unsigned int flags):
    _cuda.check(_rt().cudaHostRegister(<void*>ptr, size, flags),
                'cudaHostRegister')


def hostUnregister(intptr_t ptr):
    _cuda.check(_rt().cudaHostUnregister(<void*>ptr), 'cudaHostUnregister')


def ipcGetMemHandle(intptr_t ptr):
    """The 64-byte IPC handle of a device allocation (bytes)."""
    cdef cupy_ipc_handle h
    _cuda.check(_rt().cudaIpcGetMemHandle(&h, <void*>ptr),
                'cudaIpcGetMemHandle')
    return <bytes>(<char*>&h)[:64]


cdef cupy_ipc_handle _handle(bytes handle) except *:
    cdef cupy_ipc_handle h
    if len(handle) != 64:
        raise ValueError('an IPC handle is 64 bytes')
    memcpy(h.reserved, <const char*>handle, 64)
    return h


def ipcOpenMemHandle(bytes handle,
                     unsigned int flags=cudaIpcMemLazyEnablePeerAccess):
    cdef void* p = NULL
    _cuda.check(_rt().cudaIpcOpenMemHandle(&p, _handle(handle), flags),
                'cudaIpcOpenMemHandle')
    return <intptr_t>p


def ipcCloseMemHandle(intptr_t ptr):
    _cuda.check(_rt().cudaIpcCloseMemHandle(<void*>ptr),
                'cudaIpcCloseMemHandle')


def ipcGetEventHandle(intptr_t event):
    cdef cupy_ipc_handle h
    _cuda.check(_rt().cudaIpcGetEventHandle(&h, <cudaEvent_t>event),
                'cudaIpcGetEventHandle')
    return <bytes>(<char*>&h)[:64]


def ipcOpenEventHandle(bytes handle):
    cdef cudaEvent_t e = NULL
    _cuda.check(_rt().cudaIpcOpenEventHandle(&e, _handle(handle)),
                'cudaIpcOpenEventHandle')
    return <intptr_t>e


def mallocAsync(size_t size, intptr_t stream):
    """Stream-ordered allocation (CUDA 11.2+)."""
    cdef void* p = NULL
    _cuda.check(_rt().cudaMallocAsync(&p, size, <cudaStream_t>stream),
                'cudaMallocAsync')
    return <intptr_t>p


def freeAsync(intptr_t ptr, intptr_t stream):
    _cuda.check(_rt().cudaFreeAsync(<void*>ptr, <cudaStream_t>stream),
                'cudaFreeAsync')


def mallocManaged(size_t size, unsigned int flags=cudaMemAttachGlobal):
    cdef void* p = NULL
    _cuda.check(_rt().cudaMallocManaged(&p, size, flags),
                'cudaMallocManaged')
    return <intptr_t>p


def profilerStart():
    _cuda.check(_rt().cudaProfilerStart(), 'cudaProfilerStart')


def profilerStop():
    _cuda.check(_rt().cudaProfilerStop(), 'cudaProfilerStop')


def launchHostFunc(intptr_t stream, callback, arg):
    """Queue ``callback(arg)`` on ``stream`` (the neutral
    xpuLaunchHostFunc)."""
    from cupy_backends.backend import api as api_py
    api_py.xpuLaunchHostFunc(stream, callback, (arg,))


# ---- CUDA graphs: stream capture (cupy.cuda.graph, Stream.begin_capture)
# cudaStreamCaptureMode and cudaStreamCaptureStatus (CUDA Runtime API,
# "Stream Management")
streamCaptureModeGlobal = 0
streamCaptureModeThreadLocal = 1
streamCaptureModeRelaxed = 2
streamCaptureStatusNone = 0
streamCaptureStatusActive = 1
streamCaptureStatusInvalidated = 2

__all__ += [
    'streamBeginCapture', 'streamEndCapture', 'streamIsCapturing',
    'graphInstantiate', 'graphLaunch', 'graphUpload', 'graphDestroy',
    'graphExecDestroy', 'streamCaptureModeGlobal',
    'streamCaptureModeThreadLocal', 'streamCaptureModeRelaxed',
    'streamCaptureStatusNone', 'streamCaptureStatusActive',
    'streamCaptureStatusInvalidated',
]


cdef int _graph_api(void* fn, str name) except -1:
    # the graph calls are optional rows of the table (cupy_cuda.h)
    if fn == NULL:
        raise NotImplementedError(
            '{} is not exported by the CUDA runtime that was loaded; CUDA '
            'graphs need CUDA 12 or later'.format(name))
    return 0


def streamBeginCapture(intptr_t stream, int mode=streamCaptureModeRelaxed):
    cdef cupy_cudart_table* t = _rt()
    _graph_api(<void*>t.cudaStreamBeginCapture, 'cudaStreamBeginCapture')
    _cuda.check(t.cudaStreamBeginCapture(<cudaStream_t>stream, mode),
                'cudaStreamBeginCapture')


def streamEndCapture(intptr_t stream):
    """The captured graph (a cudaGraph_t handle)."""
    cdef cupy_cudart_table* t = _rt()
    cdef void* g = NULL
    _graph_api(<void*>t.cudaStreamEndCapture, 'cudaStreamEndCapture')
    _cuda.check(t.cudaStreamEndCapture(<cudaStream_t>stream, &g),
                'cudaStreamEndCapture')
    return <intptr_t>g


def streamIsCapturing(intptr_t stream):
    """The cudaStreamCaptureStatus of ``stream``."""
    cdef cupy_cudart_table* t = _rt()
    cdef int status = 0
    _graph_api(<void*>t.cudaStreamIsCapturing, 'cudaStreamIsCapturing')
    _cuda.check(t.cudaStreamIsCapturing(<cudaStream_t>stream, &status),
                'cudaStreamIsCapturing')
    return status


def graphInstantiate(intptr_t graph, unsigned long long flags=0):
    """An executable graph (cudaGraphExec_t) of ``graph``."""
    cdef cupy_cudart_table* t = _rt()
    cdef void* e = NULL
    _graph_api(<void*>t.cudaGraphInstantiate, 'cudaGraphInstantiate')
    _cuda.check(t.cudaGraphInstantiate(&e, <void*>graph, flags),
                'cudaGraphInstantiate')
    return <intptr_t>e


def graphLaunch(intptr_t graph_exec, intptr_t stream):
    cdef cupy_cudart_table* t = _rt()
    _graph_api(<void*>t.cudaGraphLaunch, 'cudaGraphLaunch')
    _cuda.check(t.cudaGraphLaunch(<void*>graph_exec, <cudaStream_t>stream),
                'cudaGraphLaunch')


def graphUpload(intptr_t graph_exec, intptr_t stream):
    cdef cupy_cudart_table* t = _rt()
    _graph_api(<void*>t.cudaGraphUpload, 'cudaGraphUpload')
    _cuda.check(t.cudaGraphUpload(<void*>graph_exec, <cudaStream_t>stream),
                'cudaGraphUpload')


def graphDestroy(intptr_t graph):
    cdef cupy_cudart_table* t = _rt()
    _graph_api(<void*>t.cudaGraphDestroy, 'cudaGraphDestroy')
    _cuda.check(t.cudaGraphDestroy(<void*>graph), 'cudaGraphDestroy')


def graphExecDestroy(intptr_t graph_exec):
    cdef cupy_cudart_table* t = _rt()
    _graph_api(<void*>t.cudaGraphExecDestroy, 'cudaGraphExecDestroy')
    _cuda.check(t.cudaGraphExecDestroy(<void*>graph_exec),
                'cudaGraphExecDestroy')
