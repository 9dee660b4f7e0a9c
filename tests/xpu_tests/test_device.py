import threading

import numpy
import pytest

import cupy
from cupy.xpu import runtime
from cupy_backends.ascend import AclError


def test_device_count():
    assert runtime.getDeviceCount() >= 1
    assert cupy.xpu.device.getDeviceCount() == runtime.getDeviceCount()


def test_current_device_default_and_use():
    assert cupy.xpu.Device().id == runtime.getDevice() == 0
    assert int(cupy.xpu.Device(0)) == 0
    assert cupy.xpu.Device(0) == cupy.xpu.Device()
    assert repr(cupy.xpu.Device(0)) == '<ASCEND Device 0>'


@pytest.mark.parametrize('bad', [-1, 1000])
def test_invalid_device_id(bad):
    with pytest.raises(ValueError, match='Invalid device id'):
        cupy.xpu.Device(bad)
    assert cupy.xpu.Device().id == 0


def test_mem_info_reflects_allocation(sim):
    free0, total = cupy.xpu.Device().mem_info
    assert 0 < free0 <= total
    size = 1000
    p = runtime.malloc(size)
    try:
        free1, _ = cupy.xpu.Device().mem_info
        # 910B rule: ALIGN_UP(size, 32) + 32 bytes reserved (runtime.md 7.1).
        assert free0 - free1 == 1024 + 32
        assert p % 64 == 0
    finally:
        runtime.free(p)
    assert cupy.xpu.Device().mem_info[0] == free0


def test_malloc_zero_is_an_error():
    with pytest.raises(AclError) as e:
        runtime.malloc(0)
    assert e.value.code == 100000
    assert e.value.name == 'ACL_ERROR_INVALID_PARAM'
    # the runtime keeps working
    runtime.free(runtime.malloc(16))


def test_device_synchronize_waits_for_queued_work(strict):
    p = runtime.malloc(4096)
    out = numpy.zeros(4096, numpy.uint8)
    s = cupy.xpu.Stream()
    for v in (1, 2, 3):
        runtime.memsetAsync(p, v, 4096, s.ptr)
    assert not s.done
    cupy.xpu.Device().synchronize()
    assert s.done
    runtime.memcpy(out.ctypes.data, p, 4096, runtime.memcpyDeviceToHost)
    runtime.free(p)
    assert (out == 3).all()


def test_cuda_alias():
    import cupy.cuda
    import cupy.cuda.memory
    from cupy.cuda import Stream
    assert cupy.cuda is cupy.xpu
    assert cupy.cuda.memory is cupy.xpu.memory
    assert Stream is cupy.xpu.Stream
    assert cupy.cuda.runtime.getDeviceCount() == runtime.getDeviceCount()


def test_backend_is_recorded():
    from cupy_backends import get_backend_name
    assert get_backend_name() == 'ascend'
    assert runtime.backend() == 'ascend'


def test_show_config(capsys):
    cupy.show_config()
    out = capsys.readouterr().out
    assert 'backend       : ascend' in out
    assert 'devices' in out


class TestTwoDevices:

    @pytest.fixture(autouse=True)
    def _need_two(self):
        if runtime.getDeviceCount() < 2:
            pytest.skip('needs two devices')

    def test_context_manager_restores(self):
        assert runtime.getDevice() == 0
        with cupy.xpu.Device(1) as d:
            assert d.id == 1
            assert runtime.getDevice() == 1
            with cupy.xpu.Device(0):
                assert runtime.getDevice() == 0
            assert runtime.getDevice() == 1
        assert runtime.getDevice() == 0

    def test_current_device_is_per_thread(self):
        seen = []

        def worker():
            seen.append(runtime.getDevice())
            cupy.xpu.Device(1).use()
            seen.append(runtime.getDevice())

        t = threading.Thread(target=worker)
        t.start()
        t.join()
        assert seen == [0, 1]
        assert runtime.getDevice() == 0

    def test_copy_between_devices(self):
        src = numpy.arange(256, dtype=numpy.uint8)
        out = numpy.zeros_like(src)
        p0 = runtime.malloc(256)
        with cupy.xpu.Device(1):
            p1 = runtime.malloc(256)
        try:
            runtime.memcpy(p0, src.ctypes.data, 256,
                           runtime.memcpyHostToDevice)
            runtime.memcpy(p1, p0, 256, runtime.memcpyDeviceToDevice)
            with cupy.xpu.Device(1):
                runtime.memcpy(out.ctypes.data, p1, 256,
                               runtime.memcpyDeviceToHost)
        finally:
            runtime.free(p0)
            with cupy.xpu.Device(1):
                runtime.free(p1)
        numpy.testing.assert_array_equal(out, src)

    def test_devices_have_separate_memory(self):
        free0 = cupy.xpu.Device(0).mem_info[0]
        with cupy.xpu.Device(1):
            p = runtime.malloc(1 << 20)
        try:
            assert cupy.xpu.Device(0).mem_info[0] == free0
            assert cupy.xpu.Device(1).mem_info[0] < \
                cupy.xpu.Device(1).mem_info[1]
        finally:
            with cupy.xpu.Device(1):
                runtime.free(p)

    def test_stream_methods_work_from_another_device(self, strict):
        with cupy.xpu.Device(1):
            s = cupy.xpu.Stream()
            p = runtime.malloc(256)
            runtime.memsetAsync(p, 3, 256, s.ptr)
        assert runtime.getDevice() == 0
        ev = s.record()                     # an event of device 1
        assert ev.device_id == 1
        assert not s.done
        s.synchronize()
        assert s.done and ev.done
        out = numpy.empty(256, numpy.uint8)
        with cupy.xpu.Device(1):
            runtime.memcpy(out.ctypes.data, p, 256,
                           runtime.memcpyDeviceToHost)
            runtime.free(p)
        assert (out == 3).all()
        assert runtime.getDevice() == 0
        # making it current needs its device current
        with pytest.raises(RuntimeError, match='belongs to device 1'):
            s.use()
        with pytest.raises(ValueError, match='device 0 and the stream'):
            cupy.xpu.Event().record(s)
        del s

    def test_shared_device_object_across_threads(self):
        """with-blocks keep their previous device per thread."""
        d1 = cupy.xpu.Device(1)
        barrier = threading.Barrier(2)
        seen = {}

        def worker(name, start):
            cupy.xpu.Device(start).use()
            with d1:
                barrier.wait()
            barrier.wait()
            seen[name] = runtime.getDevice()

        ts = [threading.Thread(target=worker, args=(n, s))
              for n, s in (('a', 0), ('b', 1))]
        for t in ts:
            t.start()
        for t in ts:
            t.join()
        assert seen == {'a': 0, 'b': 1}
