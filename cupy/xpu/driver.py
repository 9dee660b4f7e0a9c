"""CuPy's ``cupy.cuda.driver`` probes, answered for the backend in use
(see ``cupy.xpu.runtime``): versions only; there is no driver API to
call on ascend."""

from cupy.xpu import runtime as _runtime

# CuPy's error name for driver calls: the backend's runtime error class
CUDADriverError = _runtime.CUDARuntimeError


def get_build_version():
    """The runtime version this build targets: the one in use (builds
    need no vendor SDK, DESIGN.md)."""
    return _runtime.runtimeGetVersion()


def driverGetVersion():
    return _runtime.driverGetVersion()


def _is_cuda_python():
    return False
