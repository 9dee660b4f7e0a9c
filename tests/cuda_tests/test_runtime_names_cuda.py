"""The cupy.cuda names CUDA programs use (issue 19): runtime calls,
device properties, Device.compute_capability, __cuda_array_interface__
export and import (with PyTorch where it is installed), host functions,
NVTX and the profiler.  Skipped without a CUDA build and a GPU
(conftest.py)."""

import threading

import numpy
import pytest

import cupy
from cupy.cuda import runtime


def test_versions_and_properties():
    rt, drv = runtime.runtimeGetVersion(), runtime.driverGetVersion()
    assert rt >= 12000 and drv >= 12000
    props = runtime.getDeviceProperties(0)
    assert isinstance(props['name'], bytes) and props['name']
    assert props['totalGlobalMem'] == cupy.cuda.Device(0).mem_info[1]
    assert props['multiProcessorCount'] == runtime.deviceGetAttribute(
        runtime.cudaDevAttrMultiProcessorCount, 0)
    assert props['warpSize'] == 32
    assert len(props['maxThreadsDim']) == 3
    cc = cupy.cuda.Device(0).compute_capability
    assert cc == '{}{}'.format(props['major'], props['minor'])
    assert runtime.getDeviceCount() >= 1
    free, total = runtime.memGetInfo()
    assert 0 < free <= total
    with pytest.raises(runtime.CUDARuntimeError):
        runtime.getDeviceProperties(runtime.getDeviceCount())


def test_pointer_attributes_and_peer_queries():
    a = cupy.arange(16, dtype=numpy.float32)
    attrs = runtime.pointerGetAttributes(a.data.ptr)
    assert attrs.type == runtime.memoryTypeDevice
    assert attrs.device == 0 and attrs.devicePointer == a.data.ptr
    assert runtime.deviceCanAccessPeer(0, 0) in (0, 1)


def test_streams_events_with_flags():
    s = runtime.streamCreateWithFlags(runtime.streamNonBlocking)
    p = runtime.streamCreateWithPriority(runtime.streamDefault, 0)
    e = runtime.eventCreateWithFlags(runtime.eventDisableTiming)
    runtime.eventRecord(e, s)
    runtime.eventSynchronize(e)
    runtime.eventDestroy(e)
    runtime.streamDestroy(s)
    runtime.streamDestroy(p)


def test_launch_host_func_runs_in_stream_order():
    s = cupy.cuda.Stream()
    seen = []
    done = threading.Event()
    with s:
        a = cupy.arange(1 << 20, dtype=numpy.float64) * 2
    s.launch_host_func(lambda arg: (seen.append(arg), done.set()), 'ran')
    s.synchronize()
    assert done.wait(10) and seen == ['ran']
    assert float(a[-1]) == 2 * ((1 << 20) - 1)


def test_stream_ordered_and_managed_memory():
    p = runtime.mallocAsync(1 << 20, 0)
    runtime.memsetAsync(p, 0, 1 << 20, 0)
    runtime.freeAsync(p, 0)
    m = runtime.mallocManaged(4096)
    runtime.memset(m, 1, 4096)
    runtime.deviceSynchronize()
    runtime.free(m)


def test_ipc_handle_and_host_register():
    a = cupy.zeros(256, numpy.uint8)
    h = runtime.ipcGetMemHandle(a.data.ptr)
    assert isinstance(h, bytes) and len(h) == 64
    host = numpy.ones(1 << 16, numpy.uint8)
    runtime.hostRegister(host.ctypes.data, host.nbytes,
                         runtime.hostRegisterDefault)
    runtime.hostUnregister(host.ctypes.data)


def test_nvtx_and_profiler_are_safe():
    cupy.cuda.nvtx.RangePush('x')
    cupy.cuda.nvtx.Mark('m')
    cupy.cuda.nvtx.RangePop()
    with cupy.cuda.profiler.profile():
        cupy.arange(4).sum()


def test_cuda_array_interface_export():
    a = cupy.arange(12, dtype=numpy.float32).reshape(3, 4)
    d = a.__cuda_array_interface__
    assert d['version'] == 3 and d['shape'] == (3, 4)
    assert d['typestr'] == '<f4' and d['strides'] is None
    assert d['data'] == (a.data.ptr, False)
    assert d['stream'] == 1            # the legacy default stream
    t = a[:, ::2].__cuda_array_interface__
    assert t['strides'] == (16, 8)
    s = cupy.cuda.Stream()
    with s:
        assert a.__cuda_array_interface__['stream'] == s.ptr
    # a consumer that reads the protocol gets the same memory
    b = cupy.asarray(_Holder(a[:, 1:]))
    assert b.data.ptr == a[:, 1:].data.ptr
    numpy.testing.assert_array_equal(b.get(), a.get()[:, 1:])


class _Holder:
    # the protocol is looked up on the type, as NumPy and CuPy do
    def __init__(self, a):
        self._a = a

    @property
    def __cuda_array_interface__(self):
        return self._a.__cuda_array_interface__


def test_cuda_array_interface_with_torch():
    torch = pytest.importorskip('torch')
    if not torch.cuda.is_available():
        pytest.skip('PyTorch has no CUDA here')
    t = torch.arange(10, dtype=torch.float64, device='cuda') * 3
    a = cupy.asarray(t)                 # import: no copy
    assert a.data.ptr == t.data_ptr()
    numpy.testing.assert_array_equal(a.get(), numpy.arange(10.0) * 3)
    a[0] = 7.0
    torch.cuda.synchronize()
    assert float(t[0]) == 7.0
    c = cupy.arange(12, dtype=numpy.int32).reshape(3, 4)[:, ::2]
    u = torch.as_tensor(c, device='cuda')   # export to torch
    assert u.data_ptr() == c.data.ptr
    assert u.cpu().numpy().tolist() == c.get().tolist()
