"""``cupy_backends.cuda.libs.nvrtc``: NVRTC by CuPy's module name.

Code (CuPy's own tests among it) imports this module to read NVRTC's
version or catch its errors.  The names exist on every build; NVRTC
itself is loaded by the CUDA backend's compiler
(cupy_backends/cuda/ops/_compiler.pyx), and on a build without it
(ascend) the functions raise NotImplementedError.
"""

from cupy_backends.cuda._errors import NVRTCError  # NOQA


def _refuse(what):
    from cupy_backends import get_backend_name
    raise NotImplementedError(
        'cupy_backends.cuda.libs.nvrtc.{} needs NVRTC, which the {} '
        'backend does not load'.format(what, get_backend_name()))


def getVersion():
    """NVRTC's (major, minor) version (CUDA backend only)."""
    from cupy_backends import get_backend_name
    if get_backend_name() == 'cuda':
        from cupy_backends.cuda import _cuda
        return _cuda.nvrtc_get_version()
    _refuse('getVersion')


def getSupportedArchs():
    """The GPU architectures NVRTC compiles for (CUDA backend only)."""
    _refuse('getSupportedArchs')
