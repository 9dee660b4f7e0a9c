"""CuPy-style names for the neutral runtime API (``cupy.cuda.runtime``)."""

from cupy_backends.backend import api as _api

memcpyHostToHost = _api.xpuMemcpyHostToHost
memcpyHostToDevice = _api.xpuMemcpyHostToDevice
memcpyDeviceToHost = _api.xpuMemcpyDeviceToHost
memcpyDeviceToDevice = _api.xpuMemcpyDeviceToDevice
memcpyDefault = _api.xpuMemcpyDefault

getDeviceCount = _api.xpuGetDeviceCount
getDevice = _api.xpuGetDevice
setDevice = _api.xpuSetDevice
deviceSynchronize = _api.xpuDeviceSynchronize
memGetInfo = _api.xpuMemGetInfo
malloc = _api.xpuMalloc
free = _api.xpuFree
mallocHost = _api.xpuMallocHost
freeHost = _api.xpuFreeHost
memcpy = _api.xpuMemcpy
memcpyAsync = _api.xpuMemcpyAsync
memset = _api.xpuMemset
memsetAsync = _api.xpuMemsetAsync
streamCreate = _api.xpuStreamCreate
streamDestroy = _api.xpuStreamDestroy
streamSynchronize = _api.xpuStreamSynchronize
streamQuery = _api.xpuStreamQuery
streamWaitEvent = _api.xpuStreamWaitEvent
eventCreate = _api.xpuEventCreate
eventDestroy = _api.xpuEventDestroy
eventRecord = _api.xpuEventRecord
eventSynchronize = _api.xpuEventSynchronize
eventQuery = _api.xpuEventQuery
eventElapsedTime = _api.xpuEventElapsedTime

# CuPy's flag for its ROCm build: neither backend of this package is HIP.
is_hip = False


def runtimeGetVersion():
    """The CUDA runtime version (CuPy's ``runtime.runtimeGetVersion``):
    0 on the ascend backend, which has no CUDA runtime."""
    if _api.xpuBackendName() != 'ascend':
        raise NotImplementedError('runtimeGetVersion of the cuda backend')
    return 0


def backend():
    """'ascend' or 'cuda': the backend this build was made for."""
    return _api.xpuBackendName()


def is_simulator():
    """True when the ascend backend runs on the bundled CANN simulator."""
    return _api.xpuIsSimulator()
