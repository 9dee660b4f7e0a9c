"""`cupy_backends.cuda.api.driver`: the version query CuPy code reads."""


def get_build_version():
    """CuPy's CUDA_VERSION of the build.  This library is built without
    a CUDA toolkit (its CUDA functions are looked up at run time), so
    there is no build-time version: the driver's version stands in for
    it (cudaDriverGetVersion on a CUDA build, 0 on ascend)."""
    from cupy.xpu import runtime
    return runtime.driverGetVersion()
