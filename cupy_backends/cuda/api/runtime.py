"""`cupy_backends.cuda.api.runtime`: the names of `cupy.cuda.runtime`
(this library's runtime module, cupy/xpu/runtime), read from it on
first use."""


def __getattr__(name):
    from cupy.xpu import runtime
    return getattr(runtime, name)


def __dir__():
    from cupy.xpu import runtime
    return dir(runtime)
