"""CuPy's ``cupy.cuda.driver`` queries, answered for this build: the CUDA
driver API exists only in the cuda backend's build; on the ascend backend
there is no CUDA driver, so its version is 0 (CuPy's tests compare it
only on HIP builds, ``runtime.is_hip``, which is False here)."""

from cupy_backends.backend import api as _api


def get_build_version():
    """The CUDA driver API version this build was compiled against: 0 on
    the ascend backend, which has none."""
    return 0


def driverGetVersion():
    """The installed CUDA driver's version: 0 where the backend is not
    CUDA."""
    return 0


def backend():
    """'ascend' or 'cuda'."""
    return _api.xpuBackendName()
