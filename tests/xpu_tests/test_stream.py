import threading

import numpy
import pytest

import cupy
from cupy.xpu import runtime
from cupy_backends.ascend import AclError

N = 1 << 16


@pytest.fixture
def dev_buffers():
    """Two device buffers of N bytes, freed after the test."""
    ptrs = [runtime.malloc(N), runtime.malloc(N)]
    yield ptrs
    runtime.deviceSynchronize()
    for p in ptrs:
        runtime.free(p)


@pytest.fixture
def pinned():
    """A pinned host buffer of N bytes viewed as a NumPy array."""
    p = runtime.mallocHost(N)
    import ctypes
    arr = numpy.frombuffer((ctypes.c_uint8 * N).from_address(p),
                           dtype=numpy.uint8)
    yield p, arr
    runtime.deviceSynchronize()
    runtime.freeHost(p)


def _h2d():
    return runtime.memcpyHostToDevice


def test_null_stream():
    s = cupy.xpu.Stream.null
    assert s.ptr == 0
    assert cupy.xpu.get_current_stream() == s
    assert cupy.xpu.Stream(null=True) == s
    s.synchronize()
    assert s.done


def test_with_stream_sets_current_and_restores():
    s1 = cupy.xpu.Stream()
    s2 = cupy.xpu.Stream()
    assert s1.ptr != 0 and s1.ptr != s2.ptr
    with s1:
        assert cupy.xpu.get_current_stream() == s1
        with s2:
            assert cupy.xpu.get_current_stream() == s2
        assert cupy.xpu.get_current_stream() == s1
    assert cupy.xpu.get_current_stream().ptr == 0
    s1.use()
    try:
        assert cupy.xpu.get_current_stream() == s1
    finally:
        cupy.xpu.Stream.null.use()


def test_current_stream_is_per_thread():
    s = cupy.xpu.Stream()
    seen = []
    with s:
        t = threading.Thread(
            target=lambda: seen.append(cupy.xpu.get_current_stream().ptr))
        t.start()
        t.join()
        assert cupy.xpu.get_current_stream() == s
    assert seen == [0]


def test_stream_executes_in_order(strict, dev_buffers, pinned):
    a, b = dev_buffers
    p, host = pinned
    s = cupy.xpu.Stream()
    runtime.memsetAsync(a, 7, N, s.ptr)
    runtime.memcpyAsync(b, a, N, runtime.memcpyDeviceToDevice, s.ptr)
    runtime.memsetAsync(a, 9, N // 2, s.ptr)
    runtime.memcpyAsync(p, b, N, runtime.memcpyDeviceToHost, s.ptr)
    # pinned copies are asynchronous: the stream is still busy (strict
    # mode delays each task by 20 ms)
    assert not s.done
    s.synchronize()
    assert s.done
    assert (host == 7).all()


def test_missing_wait_is_visible_in_strict_mode(strict, dev_buffers):
    """Strict mode makes a missing cross-stream synchronisation give a
    wrong result, which is what it is for."""
    a, b = dev_buffers
    out = numpy.empty(N, numpy.uint8)
    runtime.memset(a, 0, N)
    producer, consumer = cupy.xpu.Stream(), cupy.xpu.Stream()
    # ten delayed tasks that leave `a` alone, then the one that writes it:
    # it runs after ~220 ms, the consumer's single copy after ~20 ms (a
    # wide margin: on a loaded 2-core machine ~60 ms was not enough)
    for _ in range(10):
        runtime.memsetAsync(b, 0, N, producer.ptr)
    runtime.memsetAsync(a, 5, N, producer.ptr)
    runtime.memcpyAsync(b, a, N, runtime.memcpyDeviceToDevice, consumer.ptr)
    consumer.synchronize()
    runtime.memcpy(out.ctypes.data, b, N, runtime.memcpyDeviceToHost)
    assert (out == 0).all()   # the copy ran before the producer's memset
    producer.synchronize()


def test_event_orders_streams(strict, dev_buffers):
    a, b = dev_buffers
    out = numpy.empty(N, numpy.uint8)
    runtime.memset(a, 0, N)
    producer, consumer = cupy.xpu.Stream(), cupy.xpu.Stream()
    for _ in range(3):
        runtime.memsetAsync(a, 5, N, producer.ptr)
    ev = producer.record()
    assert not ev.done
    consumer.wait_event(ev)
    runtime.memcpyAsync(b, a, N, runtime.memcpyDeviceToDevice, consumer.ptr)
    consumer.synchronize()
    assert ev.done
    runtime.memcpy(out.ctypes.data, b, N, runtime.memcpyDeviceToHost)
    assert (out == 5).all()


def test_event_status_and_synchronize(strict, dev_buffers):
    ev = cupy.xpu.Event()
    assert ev.done                      # never recorded: complete
    s = cupy.xpu.Stream()
    runtime.memsetAsync(dev_buffers[0], 1, N, s.ptr)
    ev.record(s)
    assert not ev.done
    ev.synchronize()
    assert ev.done


def test_elapsed_time(strict, dev_buffers):
    s = cupy.xpu.Stream()
    start = s.record()
    for _ in range(3):
        runtime.memsetAsync(dev_buffers[0], 1, N, s.ptr)
    end = s.record()
    end.synchronize()
    ms = cupy.xpu.get_elapsed_time(start, end)
    # three tasks delayed 20 ms each lie between the two records
    assert 40 <= ms < 5000


def test_elapsed_time_needs_timing_events():
    s = cupy.xpu.Stream()
    a = cupy.xpu.Event(disable_timing=True)
    b = cupy.xpu.Event(disable_timing=True)
    a.record(s)
    b.record(s)
    b.synchronize()
    with pytest.raises(AclError) as e:
        cupy.xpu.get_elapsed_time(a, b)
    assert e.value.name == 'ACL_ERROR_RT_EVENT_TIMESTAMP_INVALID'


def test_event_record_on_current_stream(dev_buffers):
    s = cupy.xpu.Stream()
    with s:
        ev = cupy.xpu.Event()
        ev.record()
    ev.synchronize()
    assert ev.done


def test_pageable_async_copy_completes_before_return(strict, dev_buffers):
    src = numpy.full(N, 3, numpy.uint8)
    out = numpy.zeros(N, numpy.uint8)
    s = cupy.xpu.Stream()
    runtime.memcpyAsync(dev_buffers[0], src.ctypes.data, N, _h2d(), s.ptr)
    # pageable host memory: the call returned after the copy ran
    runtime.memcpy(out.ctypes.data, dev_buffers[0], N,
                   runtime.memcpyDeviceToHost)
    assert (out == 3).all()


def test_pinned_async_round_trip(strict, dev_buffers, pinned):
    p, host = pinned
    host[:] = numpy.arange(N) % 251
    expected = host.copy()
    s = cupy.xpu.Stream()
    runtime.memcpyAsync(dev_buffers[0], p, N, _h2d(), s.ptr)
    s.synchronize()
    host[:] = 0
    runtime.memcpyAsync(p, dev_buffers[0], N, runtime.memcpyDeviceToHost,
                        s.ptr)
    assert not s.done
    s.synchronize()
    numpy.testing.assert_array_equal(host, expected)


def test_stream_destroy_waits_for_work(strict, dev_buffers):
    out = numpy.empty(N, numpy.uint8)
    s = cupy.xpu.Stream()
    runtime.memsetAsync(dev_buffers[0], 4, N, s.ptr)
    del s                               # destroy waits for pending tasks
    runtime.memcpy(out.ctypes.data, dev_buffers[0], N,
                   runtime.memcpyDeviceToHost)
    assert (out == 4).all()


def test_shared_stream_object_across_threads():
    """with-blocks keep their previous stream per thread."""
    shared = cupy.xpu.Stream()
    barrier = threading.Barrier(2)
    seen = {}

    def worker(name):
        own = cupy.xpu.Stream()
        with own:
            with shared:
                barrier.wait()
            barrier.wait()
            seen[name] = cupy.xpu.get_current_stream() == own

    ts = [threading.Thread(target=worker, args=(n,)) for n in 'ab']
    for t in ts:
        t.start()
    for t in ts:
        t.join()
    assert seen == {'a': True, 'b': True}


def test_event_arguments_must_not_be_none():
    with pytest.raises(TypeError):
        cupy.xpu.Stream().wait_event(None)
    with pytest.raises(TypeError):
        cupy.xpu.get_elapsed_time(None, cupy.xpu.Event())
