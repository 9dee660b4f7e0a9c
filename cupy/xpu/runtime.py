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


def backend():
    """'ascend' or 'cuda': the backend this build was made for."""
    return _api.xpuBackendName()


def is_simulator():
    """True when the ascend backend runs on the bundled CANN simulator."""
    return _api.xpuIsSimulator()


# ------------------------------------------------------------------ issue 14
# The version and property probes CuPy code makes, answered for the backend
# in use (cupy_backends.backend.runtime_facts); on ascend the numbers are
# CANN's (major * 1000 + minor * 10, CUDA's encoding), 0 on the simulator,
# which is no CANN release.

def _backend_error_class():
    # the backend's own runtime error type (DESIGN.md "Errors")
    if backend() == 'ascend':
        from cupy_backends.ascend import AclError
        return AclError
    from cupy_backends import cuda as _cuda
    return getattr(_cuda, 'CUDAError', RuntimeError)


# The name CuPy code catches runtime failures under: the backend's own
# error class, so ``except cupy.cuda.runtime.CUDARuntimeError`` catches
# what this backend raises (constructed with a status code as CuPy's).
CUDARuntimeError = _backend_error_class()


def _facts():
    from cupy_backends.backend import runtime_facts
    return runtime_facts.runtime_facts()


def runtimeGetVersion():
    """The runtime's version (CANN's on ascend, as major * 1000 + minor *
    10; 0 on the simulator)."""
    return _facts()['runtime_version'] or 0


def driverGetVersion():
    """The driver's version (on ascend CANN's toolkit version stands for
    it; 0 on the simulator)."""
    return _facts()['driver_version'] or 0


def getDeviceProperties(device):
    """A dict of the device's properties: ``name`` (bytes) and
    ``totalGlobalMem``, plus ``backend``/``simulator``.  CUDA-only fields
    (``major``, ``minor``, ``multiProcessorCount``, ``warpSize`` ...) are
    absent on ascend."""
    from cupy_backends.backend import runtime_facts
    n = getDeviceCount()
    if not 0 <= device < n:
        raise ValueError('device {} does not exist ({} devices)'.format(
            device, n))
    return runtime_facts.device_properties(device)


def deviceGetAttribute(attrib, device):
    """CUDA device attributes do not exist on this backend."""
    raise NotImplementedError(
        'deviceGetAttribute: CUDA device attributes are not available on '
        'the {} backend (see getDeviceProperties)'.format(backend()))


# ------------------------------------------------------------------ issue 19
# The backend's own runtime calls under CuPy's names (device attributes,
# peer access, IPC, stream-ordered and managed allocation, ...): a backend
# package that has them offers a `_runtime` module listing them in
# __all__; they replace the neutral answers above.  Importing it loads no
# library, so this works without a device.

def _backend_runtime():
    import importlib
    try:
        return importlib.import_module(
            'cupy_backends.{}._runtime'.format(backend()))
    except ImportError:
        return None


_ext = _backend_runtime()
if _ext is not None:
    for _n in _ext.__all__:
        globals()[_n] = getattr(_ext, _n)
    del _n
del _ext
