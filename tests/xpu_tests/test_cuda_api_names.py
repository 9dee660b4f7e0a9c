"""`cupy_backends.cuda.api.runtime`/`driver`: CuPy's module names for
code that imports them."""

import pytest

import cupy
from cupy_backends.cuda.api import driver, runtime


def test_runtime_is_cupy_cuda_runtime_by_another_name():
    for name in ('is_hip', 'getDeviceCount', 'runtimeGetVersion',
                 'driverGetVersion', 'CUDARuntimeError'):
        assert getattr(runtime, name) is getattr(cupy.cuda.runtime, name)
    assert runtime.getDeviceCount() == cupy.cuda.runtime.getDeviceCount()
    assert 'memGetInfo' in dir(runtime)


def test_missing_name_raises_attribute_error():
    with pytest.raises(AttributeError):
        runtime.no_such_function


def test_driver_is_cupy_cuda_driver_by_another_name():
    assert driver.get_build_version is cupy.cuda.driver.get_build_version
    assert driver.get_build_version() == cupy.cuda.driver.get_build_version()
    assert isinstance(driver.get_build_version(), int)
