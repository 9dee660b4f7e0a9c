"""`cupy_backends.cuda.api.driver`: the names of `cupy.cuda.driver`
(this library's cupy/xpu/driver: the version probes), read from it on
first use."""


def __getattr__(name):
    from cupy.xpu import driver
    return getattr(driver, name)


def __dir__():
    from cupy.xpu import driver
    return dir(driver)
