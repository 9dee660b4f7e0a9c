"""The CUDA runtime under cupy.xpu, the vendor errors and the kernel
cache."""

import os

import numpy
import pytest

import cupy
from cupy_backends.cuda import CUDAError, CUDARuntimeError


def test_runtime_error_carries_code_name_message():
    with pytest.raises(CUDARuntimeError) as e:
        cupy.xpu.runtime.setDevice(1 << 20)
    assert e.value.code == 101           # cudaErrorInvalidDevice
    assert e.value.name == 'cudaErrorInvalidDevice'
    assert e.value.message
    assert isinstance(e.value, CUDAError)


def test_streams_events_timing():
    s = cupy.xpu.Stream()
    with s:
        a = cupy.arange(1 << 20, dtype=cupy.float32)
        e0 = s.record()
        b = a * 2
        e1 = s.record()
    s.synchronize()
    assert cupy.xpu.get_elapsed_time(e0, e1) >= 0
    assert float(b[-1]) == 2 * ((1 << 20) - 1)


def test_memory_pool_reuses_blocks():
    pool = cupy.get_default_memory_pool()
    a = cupy.empty(1 << 20, cupy.uint8)
    ptr = a.data.ptr
    del a
    b = cupy.empty(1 << 20, cupy.uint8)
    assert b.data.ptr == ptr
    assert pool.used_bytes() >= 1 << 20


def test_kernel_cache_on_disk(tmp_path, monkeypatch):
    from cupy_backends.cuda.ops import _compiler
    monkeypatch.setenv('CUPY_CACHE_DIR', str(tmp_path))
    src = ('extern "C" __global__ void cupy_test_k(float* x) '
           '{ x[threadIdx.x] = 42.0f + %d; }' % os.getpid())
    fn = _compiler.get_function(src, 'cupy_test_k')
    files = os.listdir(tmp_path)
    assert len(files) == 1 and files[0].endswith('.cubin')
    _compiler.clear_memory_cache()
    fn2 = _compiler.get_function(src, 'cupy_test_k')
    assert fn2.ptr != 0
    assert os.listdir(tmp_path) == files


def test_compile_error_has_log():
    from cupy_backends.cuda import NVRTCError
    from cupy_backends.cuda.ops import _compiler
    with pytest.raises(NVRTCError) as e:
        _compiler.compile_module('extern "C" __global__ void f() { oops; }')
    assert 'oops' in str(e.value)
