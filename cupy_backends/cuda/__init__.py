"""CUDA bindings (NVIDIA GPUs).  The CUDA libraries are loaded at run time
(dlopen), so a CUDA build imports on a machine without CUDA or a GPU; the
first device operation then raises CUDANotAvailableError or
CUDARuntimeError saying what is missing."""

from cupy_backends.cuda._errors import CUBLASError  # NOQA
from cupy_backends.cuda._errors import CUDADriverError  # NOQA
from cupy_backends.cuda._errors import CUDAError  # NOQA
from cupy_backends.cuda._errors import CUDANotAvailableError  # NOQA
from cupy_backends.cuda._errors import CUDARuntimeError  # NOQA
from cupy_backends.cuda._errors import CUSOLVERError  # NOQA
from cupy_backends.cuda._errors import NVRTCError  # NOQA


def runtime_info():
    """What was found and loaded: {'libraries', 'runtime', 'driver',
    'error'} (see _cuda.runtime_info)."""
    from cupy_backends.cuda import _cuda
    return _cuda.runtime_info()


def is_simulator():
    """The CUDA backend has no simulator."""
    return False
