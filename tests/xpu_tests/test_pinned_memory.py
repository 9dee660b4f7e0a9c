"""Pinned host memory, its pool, and asynchronous copies through it."""

import gc

import numpy
import pytest

import cupy
from cupy.xpu import memory
from cupy.xpu import pinned_memory


@pytest.fixture
def pool():
    """A fresh PinnedMemoryPool, emptied after the test."""
    p = pinned_memory.PinnedMemoryPool()
    yield p
    gc.collect()
    p.free_all_blocks()


def test_pinned_memory(sim):
    gc.collect()
    before = sim.counters()['live_host_allocs']
    m = pinned_memory.PinnedMemory(1000)
    assert m.ptr != 0 and m.size == 1000
    assert sim.counters()['live_host_allocs'] == before + 1
    del m
    assert sim.counters()['live_host_allocs'] == before
    z = pinned_memory.PinnedMemory(0)
    assert z.ptr == 0 and z.size == 0
    with pytest.raises(ValueError):
        pinned_memory.PinnedMemory(-1)
    with pytest.raises(ValueError):
        pinned_memory.PinnedMemory(16, flags=1)


def test_pointer_and_buffer_protocol():
    m = pinned_memory.PinnedMemory(1000)
    p = pinned_memory.PinnedMemoryPointer(m, 0)
    assert p.mem is m and p.ptr == m.ptr and int(p) == m.ptr
    assert p.size() == 1000
    a = numpy.frombuffer(p, numpy.uint8, 1000)
    assert a.flags.writeable
    a[:] = numpy.arange(1000) % 256
    q = pinned_memory.PinnedMemoryPointer(m, 100)
    assert q.ptr == m.ptr + 100 and q.size() == 900
    b = numpy.frombuffer(q, numpy.uint8)
    assert b.size == 900
    numpy.testing.assert_array_equal(b, a[100:])
    mv = memoryview(q)
    assert mv.nbytes == 900 and mv.format == 'B' and not mv.readonly
    f = numpy.frombuffer(p, numpy.float32, 250)
    assert f.nbytes == 1000
    with pytest.raises(ValueError):
        pinned_memory.PinnedMemoryPointer(m, 1001)
    with pytest.raises(TypeError):
        pinned_memory.PinnedMemoryPointer(object(), 0)
    empty = pinned_memory.PinnedMemoryPointer(pinned_memory.PinnedMemory(0), 0)
    assert numpy.frombuffer(empty, numpy.uint8).size == 0


def test_pool_reuse_rounding_and_counts(pool):
    p = pool.malloc(1000)
    assert p.size() == 1024
    assert isinstance(p.mem, pinned_memory.PooledPinnedMemory)
    assert (pool.used_bytes(), pool.free_bytes(), pool.total_bytes()) == \
        (1024, 0, 1024)
    ptr = p.ptr
    del p
    assert (pool.used_bytes(), pool.free_bytes(), pool.total_bytes()) == \
        (0, 1024, 1024)
    assert pool.n_free_blocks() == 1
    q = pool.malloc(1024)                # nothing queued: reusable at once
    assert q.ptr == ptr
    assert pool.n_free_blocks() == 0
    r = pool.malloc(513)
    assert r.size() == 1024 and r.ptr != ptr
    s = pool.malloc(100)
    assert s.size() == 512
    assert pool.used_bytes() == 2560
    z = pool.malloc(0)
    assert z.size() == 0 and pool.used_bytes() == 2560
    with pytest.raises(ValueError):
        pool.malloc(-3)
    del q, r, s
    assert pool.n_free_blocks() == 3 and pool.free_bytes() == 2560


def test_free_all_blocks_releases_host_memory(sim, pool):
    gc.collect()
    start = sim.counters()
    ps = [pool.malloc(n) for n in (10, 5000, 70000)]
    assert sim.counters()['live_host_allocs'] == start['live_host_allocs'] + 3
    del ps
    assert pool.n_free_blocks() == 3
    pool.free_all_blocks()
    after = sim.counters()
    assert after['live_host_allocs'] == start['live_host_allocs']
    assert after['live_events'] == start['live_events']
    assert (pool.n_free_blocks(), pool.total_bytes()) == (0, 0)


def test_block_in_use_by_a_copy_is_not_reused(strict, pool):
    n = 1 << 16
    dev = memory.MemoryPool()
    d = dev.malloc(n)
    s = cupy.xpu.Stream()
    with s:
        h = pool.malloc(n)
        src = numpy.frombuffer(h, numpy.uint8, n)
        src[:] = 7
        d.copy_from_host_async(h, n)     # reads h 20 ms from now
        ptr = h.ptr
        del h, src                       # freed with an event recorded
    assert not s.done
    h2 = pool.malloc(n)                  # must not be the block being read
    assert h2.ptr != ptr
    numpy.frombuffer(h2, numpy.uint8, n)[:] = 9
    s.synchronize()
    h3 = pool.malloc(n)                  # the event has completed
    assert h3.ptr == ptr
    out = numpy.empty(n, numpy.uint8)
    d.copy_to_host(out, n)
    assert (out == 7).all()
    del d, h2, h3
    dev.free_all_blocks()


def test_free_all_blocks_waits_for_pending_copies(strict, pool, sim):
    gc.collect()
    events = sim.counters()['live_events']
    n = 1 << 16
    dev = memory.MemoryPool()
    d = dev.malloc(n)
    s = cupy.xpu.Stream()
    with s:
        h = pool.malloc(n)
        numpy.frombuffer(h, numpy.uint8, n)[:] = 5
        d.copy_from_host_async(h, n)
        del h
    assert sim.counters()['live_events'] == events + 1
    pool.free_all_blocks()               # waits for the event first
    assert sim.counters()['live_events'] == events
    out = numpy.empty(n, numpy.uint8)
    d.copy_to_host(out, n)
    assert (out == 5).all()
    del d
    dev.free_all_blocks()


def test_async_round_trip(pool):
    n = 1 << 20
    dev = memory.MemoryPool()
    s = cupy.xpu.Stream()
    h_in = pool.malloc(n)
    h_out = pool.malloc(n)
    a = numpy.frombuffer(h_in, numpy.float32, n // 4)
    a[:] = numpy.arange(n // 4, dtype=numpy.float32)
    b = numpy.frombuffer(h_out, numpy.float32, n // 4)
    b[:] = 0
    d = dev.malloc(n)
    d.copy_from_host_async(h_in, n, stream=s)
    (d + 4).copy_to_host_async(h_out, n - 4, stream=s)
    s.synchronize()
    numpy.testing.assert_array_equal(b[:-1], a[1:])
    with pytest.raises(ValueError):
        d.copy_to_host_async(pinned_memory.PinnedMemoryPointer(
            h_out.mem, 8), n, stream=s)  # only n - 8 bytes there
    del d, a, b, h_in, h_out
    dev.free_all_blocks()


def test_default_pool_and_allocators():
    default = pinned_memory.get_default_pinned_memory_pool()
    assert isinstance(default, pinned_memory.PinnedMemoryPool)
    assert cupy.get_default_pinned_memory_pool() is default
    used = default.used_bytes()
    p = pinned_memory.alloc_pinned_memory(100)
    assert isinstance(p.mem, pinned_memory.PooledPinnedMemory)
    assert default.used_bytes() == used + 512
    del p
    try:
        pinned_memory.set_pinned_memory_allocator(None)
        q = pinned_memory.alloc_pinned_memory(100)
        assert type(q.mem) is pinned_memory.PinnedMemory
        assert q.size() == 100
        del q
        mine = pinned_memory.PinnedMemoryPool()
        pinned_memory.set_pinned_memory_allocator(mine.malloc)
        r = pinned_memory.alloc_pinned_memory(1)
        assert mine.used_bytes() == 512
        del r
        mine.free_all_blocks()
        with pytest.raises(TypeError):
            pinned_memory.set_pinned_memory_allocator('no')
    finally:
        pinned_memory.set_pinned_memory_allocator(default.malloc)
    assert default.used_bytes() == used


def test_custom_allocator(pool):
    calls = []

    def alloc(size):
        calls.append(size)
        return pinned_memory._malloc(size)
    p = pinned_memory.PinnedMemoryPool(alloc)
    a = p.malloc(700)
    del a
    b = p.malloc(1000)
    assert calls == [1024]
    del b
    p.free_all_blocks()
