"""cupy.cuda features of issue 14: host functions on streams, allocators,
memory hooks and the version/property probes."""

import io
import threading

import numpy
import pytest

import cupy
from cupy import testing
from cupy.cuda import memory_hooks


class TestHostFunc:

    def test_runs_after_queued_work_in_order(self):
        s = cupy.cuda.Stream()
        seen = []
        with s:
            a = cupy.arange(1000.0)
            b = a * 2
            s.launch_host_func(seen.append, 1)
            s.add_callback(lambda st, status, arg: seen.append(
                (st is s, status, arg)), 'x')
        s.synchronize()
        assert seen == [1, (True, 0, 'x')]
        testing.assert_array_equal(b[:3], [0, 2, 4])

    def test_raising_callback_does_not_stop_the_stream(self, monkeypatch):
        reported = []
        monkeypatch.setattr('sys.unraisablehook', reported.append)
        s = cupy.cuda.Stream()

        def boom(arg):
            raise RuntimeError('callback failed')
        done = threading.Event()
        s.launch_host_func(boom, None)
        s.launch_host_func(lambda arg: done.set(), None)
        with s:
            c = cupy.ones(4) + 1
        s.synchronize()
        assert done.is_set()
        assert len(reported) == 1
        assert isinstance(reported[0].exc_value, RuntimeError)
        testing.assert_array_equal(c, [2, 2, 2, 2])

    def test_not_callable(self):
        with pytest.raises(TypeError):
            cupy.cuda.Stream().launch_host_func(3, None)


class TestStreamAttributes:

    def test_priority_non_blocking_external(self):
        s = cupy.cuda.Stream(non_blocking=True, priority=-1)
        assert s.priority == 0
        assert s.is_non_blocking is True
        e = cupy.cuda.Stream.from_external(s.ptr, 0)
        assert e.ptr == s.ptr
        with e:
            x = cupy.arange(3) + 1
        e.synchronize()
        testing.assert_array_equal(x, [1, 2, 3])


class TestAllocators:

    def test_using_allocator_is_per_thread(self):
        calls = []
        pool = cupy.cuda.MemoryPool()

        def alloc(size):
            calls.append(size)
            return pool.malloc(size)
        other = []

        def worker():
            other.append(cupy.cuda.get_allocator())
        with cupy.cuda.using_allocator(alloc):
            a = cupy.empty(100, numpy.float32)
            assert cupy.cuda.get_allocator() is alloc
            t = threading.Thread(target=worker)
            t.start()
            t.join()
        assert calls == [400]
        assert other[0] is not alloc
        assert cupy.cuda.get_allocator() is not alloc
        del a

    def test_memory_async_pool(self):
        pool = cupy.cuda.MemoryAsyncPool()
        with cupy.cuda.using_allocator(pool.malloc):
            a = cupy.arange(256, dtype=numpy.float64)
            assert pool.used_bytes() >= a.nbytes
        testing.assert_array_equal(a[:3], [0, 1, 2])
        assert cupy.cuda.malloc_async(64).ptr != 0
        with pytest.raises(ValueError):
            cupy.cuda.MemoryAsyncPool(pool_handles=[0])

    def test_managed_memory_refused(self):
        with pytest.raises(NotImplementedError, match='managed'):
            cupy.cuda.malloc_managed(16)
        with pytest.raises(NotImplementedError):
            cupy.cuda.ManagedMemory(16)


class TestMemoryHooks:

    def test_hook_calls(self):
        log = []

        class Hook(cupy.cuda.MemoryHook):
            name = 'recorder'

            def malloc_postprocess(self, **kw):
                log.append(('malloc', kw['size'], kw['mem_size']))

            def free_postprocess(self, **kw):
                log.append(('free', kw['mem_size']))

        pool = cupy.cuda.MemoryPool()
        with cupy.cuda.using_allocator(pool.malloc):
            with Hook():
                a = cupy.empty(1000, numpy.uint8)
                del a
        assert log[0][0] == 'malloc' and log[0][1] == 1000
        assert log[0][2] >= 1000
        assert ('free', log[0][2]) in log

    def test_duplicate_name(self):
        with cupy.cuda.MemoryHook():
            with pytest.raises(KeyError):
                with cupy.cuda.MemoryHook():
                    pass

    def test_debug_print_and_line_profile(self):
        out = io.StringIO()
        pool = cupy.cuda.MemoryPool()
        prof = memory_hooks.LineProfileHook()
        with cupy.cuda.using_allocator(pool.malloc):
            with memory_hooks.DebugPrintHook(file=out), prof:
                a = cupy.zeros(2048, numpy.uint8)
                del a
        text = out.getvalue()
        assert '"hook":"alloc"' in text
        assert '"hook":"malloc"' in text and '"hook":"free"' in text
        rep = io.StringIO()
        prof.print_report(rep)
        assert 'test_surface_runtime.py' in rep.getvalue()


class TestProbes:

    def test_versions_and_properties(self):
        rt = cupy.cuda.runtime
        v = rt.runtimeGetVersion()
        assert isinstance(v, int) and v >= 0
        if rt.is_simulator():
            assert v == 0       # the simulator is no CANN release
        assert rt.driverGetVersion() >= 0
        assert cupy.cuda.get_local_runtime_version() == v
        assert cupy.cuda.driver.get_build_version() == v
        props = rt.getDeviceProperties(0)
        free, total = cupy.cuda.Device(0).mem_info
        assert props['totalGlobalMem'] == total
        assert isinstance(props['name'], bytes)
        assert 'major' not in props          # CUDA-only fields are absent
        assert cupy.cuda.Device(0).attributes == props
        with pytest.raises(ValueError):
            rt.getDeviceProperties(rt.getDeviceCount())
        assert cupy.cuda.is_available()

    def test_runtime_error_name_catches_backend_errors(self):
        with pytest.raises(cupy.cuda.runtime.CUDARuntimeError):
            cupy.cuda.runtime.free(12345)   # not an allocation

    def test_pci_bus_id_says_why(self):
        with pytest.raises(NotImplementedError, match='PCI'):
            cupy.cuda.Device(0).pci_bus_id
