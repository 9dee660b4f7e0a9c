"""``cupy_backends.cuda.libs.nvrtc``: the NVRTC version."""


def getVersion():
    """(major, minor) of the NVRTC library in use."""
    from cupy_backends.cuda import _cuda
    return _cuda.nvrtc_get_version()
