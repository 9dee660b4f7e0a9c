"""Device memory: Memory, MemoryPointer, the caching pool, allocators."""

import ctypes
import gc
import pickle
import random
import threading

import numpy
import pytest

import cupy
from cupy.xpu import memory
from cupy.xpu import runtime

UNIT = 512      # the pool's rounding


@pytest.fixture
def pool():
    """A fresh MemoryPool, emptied after the test."""
    p = memory.MemoryPool()
    yield p
    gc.collect()
    p.free_all_blocks()


def _host_bytes(ptr, size):
    out = numpy.empty(size, dtype=numpy.uint8)
    ptr.copy_to_host(out, size)
    return out


# ------------------------------------------------------------- Memory --

def test_memory_allocates_and_frees(sim):
    gc.collect()
    before = sim.counters()['live_device_allocs']
    m = memory.Memory(1000)
    assert m.ptr != 0
    assert m.size == 1000
    assert m.device_id == runtime.getDevice()
    assert m.device.id == m.device_id
    assert sim.counters()['live_device_allocs'] == before + 1
    del m
    assert sim.counters()['live_device_allocs'] == before


def test_memory_size_zero_allocates_nothing(sim):
    gc.collect()
    before = sim.counters()['live_device_allocs']
    m = memory.Memory(0)
    assert m.ptr == 0 and m.size == 0
    assert sim.counters()['live_device_allocs'] == before


def test_memory_negative_size():
    with pytest.raises(ValueError):
        memory.Memory(-1)


def test_unowned_memory_keeps_owner():
    owner = memory.Memory(1024)
    u = memory.UnownedMemory(owner.ptr, 1024, owner)
    assert u.ptr == owner.ptr and u.size == 1024
    assert u.device_id == owner.device_id
    del owner
    p = memory.MemoryPointer(u, 0)
    p.memset(7, 1024)
    assert (_host_bytes(p, 1024) == 7).all()
    assert memory.UnownedMemory(u.ptr, 1024, u, device_id=0).device_id == 0


# ------------------------------------------------------ MemoryPointer --

def test_pointer_attributes_and_arithmetic():
    m = memory.Memory(4096)
    p = memory.MemoryPointer(m, 0)
    assert p.mem is m and p.ptr == m.ptr and int(p) == m.ptr
    assert p.device_id == m.device_id
    assert p.device.id == m.device_id
    q = p + 100
    assert q.ptr == m.ptr + 100 and q.mem is m
    assert (100 + p).ptr == q.ptr
    assert (q - 40).ptr == m.ptr + 60
    assert (p + numpy.int64(8)).ptr == m.ptr + 8
    r = p
    r += 16
    assert r.ptr == m.ptr + 16 and p.ptr == m.ptr
    r -= 16
    assert r == p and r is not p
    assert p < q and q > p and p <= r and p >= r and p != q
    assert hash(r) == hash(p)
    assert memory.MemoryPointer(m, 64).ptr == m.ptr + 64
    with pytest.raises(TypeError):
        p + 1.5
    with pytest.raises(TypeError):
        memory.MemoryPointer(object(), 0)


def test_pointer_to_empty_memory_cannot_move():
    p = memory.MemoryPointer(memory.Memory(0), 0)
    assert (p + 0).ptr == 0
    with pytest.raises(ValueError):
        p + 1


def test_copy_round_trip_host_device_host(pool):
    a = numpy.arange(1000, dtype=numpy.float64)
    p = pool.malloc(a.nbytes)
    p.copy_from_host(a, a.nbytes)
    b = numpy.zeros_like(a)
    p.copy_to_host(b, b.nbytes)
    numpy.testing.assert_array_equal(a, b)


def test_copy_through_offset_pointers(pool):
    a = numpy.arange(256, dtype=numpy.int32)
    p = pool.malloc(2048)
    p.memset(0, 2048)
    (p + 1024).copy_from_host(a, a.nbytes)
    b = numpy.empty(512, dtype=numpy.int32)
    p.copy_to_host(b, 2048)
    assert (b[:256] == 0).all()
    numpy.testing.assert_array_equal(b[256:], a)
    c = numpy.empty(128, dtype=numpy.int32)
    (p + 1024 + 512).copy_to_host(c, c.nbytes)
    numpy.testing.assert_array_equal(c, a[128:])


def test_copy_from_device_and_copy_from(pool):
    a = numpy.arange(64, dtype=numpy.uint8)
    src = pool.malloc(64)
    src.copy_from(a, 64)                  # host, by type
    dst = pool.malloc(128)
    dst.memset(0, 128)
    (dst + 64).copy_from(src, 64)         # device, by type
    dst.copy_from_device(src + 32, 32)
    out = _host_bytes(dst, 128)
    numpy.testing.assert_array_equal(out[:32], a[32:])
    assert (out[32:64] == 0).all()
    numpy.testing.assert_array_equal(out[64:], a)


def test_host_memory_kinds(pool):
    p = pool.malloc(16)
    src = (ctypes.c_uint8 * 16)(*range(16))
    p.copy_from_host(ctypes.cast(src, ctypes.c_void_p), 16)    # c_void_p
    dst = (ctypes.c_uint8 * 16)()
    p.copy_to_host(ctypes.addressof(dst), 16)                  # int
    assert list(dst) == list(range(16))
    dst2 = (ctypes.c_uint8 * 16)()
    p.copy_to_host(ctypes.cast(dst2, ctypes.POINTER(ctypes.c_uint8)), 16)
    assert list(dst2) == list(range(16))
    dst3 = bytearray(16)
    p.copy_to_host(dst3, 16)                                   # buffer
    assert list(dst3) == list(range(16))
    p.copy_from_host(bytes(range(100, 116)), 16)
    assert list(_host_bytes(p, 16)) == list(range(100, 116))


def test_copy_errors(pool):
    p = pool.malloc(1024)
    small = numpy.zeros(10, dtype=numpy.uint8)
    with pytest.raises(ValueError):
        p.copy_to_host(small, 11)          # host buffer too small
    with pytest.raises(ValueError):
        p.copy_from_host(small, 11)
    with pytest.raises(ValueError):
        p.copy_to_host(small, -1)
    with pytest.raises(ValueError):
        p.copy_to_host(bytes(10), 10)      # read-only
    with pytest.raises(ValueError):
        p.copy_to_host(numpy.zeros((4, 4))[:, 0], 8)   # not contiguous
    with pytest.raises(ValueError):
        (p + 1000).copy_from_host(numpy.zeros(100, numpy.uint8), 100)
    with pytest.raises(ValueError):
        p.copy_from_device(pool.malloc(512), 1000)     # past the source
    with pytest.raises(TypeError):
        p.copy_to_host('not memory', 4)
    with pytest.raises(ValueError):
        p.memset(0, -5)


def test_size_zero_copies_do_nothing(sim, pool):
    p = pool.malloc(512)
    before = sim.counters()
    p.copy_to_host(0, 0)
    p.copy_from_host(0, 0)
    p.copy_from_device(p, 0)
    p.memset(1, 0)
    p.copy_to_host_async(0, 0)
    after = sim.counters()
    assert after['h2d_copies'] == before['h2d_copies']
    assert after['d2h_copies'] == before['d2h_copies']
    assert after['d2d_copies'] == before['d2d_copies']


def test_memset(pool):
    p = pool.malloc(1000)
    p.memset(0xAB, 1000)
    (p + 100).memset(1, 50)
    out = _host_bytes(p, 1000)
    assert (out[:100] == 0xAB).all()
    assert (out[100:150] == 1).all()
    assert (out[150:] == 0xAB).all()


def test_async_copies_on_a_stream(pool):
    from cupy.xpu import pinned_memory
    n = 1 << 16
    h = pinned_memory.PinnedMemoryPointer(pinned_memory.PinnedMemory(n), 0)
    src = numpy.frombuffer(h, numpy.uint8, n)
    src[:] = numpy.arange(n) % 251
    p = pool.malloc(n)
    s = cupy.xpu.Stream()
    p.copy_from_host_async(h, n, s)
    q = pool.malloc(n)
    q.copy_from_device_async(p, n, stream=s)
    q.memset_async(3, 16, s)
    out = pinned_memory.PinnedMemoryPointer(pinned_memory.PinnedMemory(n), 0)
    q.copy_to_host_async(out, n, s)
    s.synchronize()
    res = numpy.frombuffer(out, numpy.uint8, n)
    assert (res[:16] == 3).all()
    numpy.testing.assert_array_equal(res[16:], src[16:])
    with s:                                   # stream=None: the current one
        q.copy_from_async(h, n)
        q.copy_to_host_async(out, n)
    s.synchronize()
    numpy.testing.assert_array_equal(res, src)
    del p, q
    pool.free_all_blocks()


def test_sync_copy_waits_for_queued_work(strict, pool):
    # memset_async is delayed 20 ms: a synchronous read must still see it.
    s = cupy.xpu.Stream()
    p = pool.malloc(4096)
    with s:
        p.memset_async(9, 4096)
        assert (_host_bytes(p, 4096) == 9).all()
    del p
    pool.free_all_blocks()


# --------------------------------------------------------------- pool --

def test_freed_block_is_reused(pool):
    p = pool.malloc(1000)
    ptr = p.ptr
    del p
    q = pool.malloc(1000)
    assert q.ptr == ptr
    assert pool.n_free_blocks() == 0


def test_rounding(pool):
    for request, rounded in [(1, 512), (511, 512), (512, 512), (513, 1024),
                             (5000, 5120)]:
        p = pool.malloc(request)
        assert p.mem.size == rounded
        assert pool.used_bytes() == rounded
        del p
        pool.free_all_blocks()
    z = pool.malloc(0)
    assert z.ptr == 0 and pool.used_bytes() == 0
    with pytest.raises(ValueError):
        pool.malloc(-1)


def test_split_and_merge(pool):
    big = pool.malloc(8 * UNIT)
    base = big.ptr
    del big
    assert pool.n_free_blocks() == 1
    a = pool.malloc(4 * UNIT)
    b = pool.malloc(4 * UNIT)
    for half in (a, b):
        assert base <= half.ptr and half.ptr + 4 * UNIT <= base + 8 * UNIT
    del half
    assert a.ptr != b.ptr
    assert pool.n_free_blocks() == 0
    assert pool.total_bytes() == 8 * UNIT      # no new allocation
    del a
    assert pool.n_free_blocks() == 1
    del b
    assert pool.n_free_blocks() == 1           # merged back into one
    assert pool.free_bytes() == 8 * UNIT
    c = pool.malloc(8 * UNIT)                  # the whole block again
    assert c.ptr == base


def test_best_fit_and_remainder(pool):
    blocks = [pool.malloc(n * UNIT) for n in (8, 1, 2, 1, 4)]
    ptrs = [p.ptr for p in blocks]
    # Free the 8-, 2- and 4-unit blocks; keep the 1-unit separators.
    blocks[0] = blocks[2] = blocks[4] = None
    assert pool.n_free_blocks() == 3
    p = pool.malloc(2 * UNIT)                  # exact fit
    assert p.ptr == ptrs[2]
    q = pool.malloc(3 * UNIT)                  # best fit: the 4-unit block
    assert q.ptr == ptrs[4]
    assert pool.free_bytes() == 9 * UNIT       # 8 + the 1 left of the 4
    assert pool.n_free_blocks() == 2


def test_byte_counts(pool):
    assert (pool.used_bytes(), pool.free_bytes(), pool.total_bytes()) == \
        (0, 0, 0)
    a = pool.malloc(1000)
    b = pool.malloc(3000)
    assert pool.used_bytes() == 1024 + 3072
    assert pool.free_bytes() == 0
    assert pool.total_bytes() == 4096
    del a
    assert pool.used_bytes() == 3072
    assert pool.free_bytes() == 1024
    assert pool.total_bytes() == 4096
    c = pool.malloc(100)                     # split of the free 1024
    assert pool.used_bytes() == 3072 + 512
    assert pool.free_bytes() == 512
    del b, c
    assert pool.used_bytes() == 0
    assert pool.free_bytes() == 4096
    assert pool.n_free_blocks() == 2         # two allocations
    pool.free_all_blocks()
    assert (pool.used_bytes(), pool.free_bytes(), pool.total_bytes()) == \
        (0, 0, 0)
    assert pool.n_free_blocks() == 0


def test_free_all_blocks_returns_device_memory(sim, pool):
    gc.collect()
    start = sim.counters()['live_device_allocs']
    ps = [pool.malloc(n) for n in (512, 4096, 100000)]
    keep = pool.malloc(2048)
    assert sim.counters()['live_device_allocs'] == start + 4
    del ps
    pool.free_all_blocks()
    assert sim.counters()['live_device_allocs'] == start + 1   # keep's
    assert pool.total_bytes() == 2048
    del keep
    pool.free_all_blocks()
    assert sim.counters()['live_device_allocs'] == start
    assert pool.total_bytes() == 0


def test_block_outlives_its_pool(sim):
    gc.collect()
    start = sim.counters()['live_device_allocs']
    p = memory.MemoryPool()
    a = p.malloc(1024)
    del p
    gc.collect()
    a.memset(5, 1024)
    assert (_host_bytes(a, 1024) == 5).all()
    del a
    gc.collect()
    assert sim.counters()['live_device_allocs'] == start


def test_pooled_memory_free_is_idempotent(pool):
    p = pool.malloc(1024)
    p.mem.free()
    assert pool.used_bytes() == 0 and pool.free_bytes() == 1024
    p.mem.free()
    assert pool.free_bytes() == 1024
    with pytest.raises(ValueError):
        p.memset(0, 16)                     # the chunk went back to the pool
    del p
    assert pool.n_free_blocks() == 1


def test_free_all_free_is_deprecated(pool):
    pool.malloc(512)                         # freed at once, cached
    assert pool.free_bytes() == 512
    with pytest.warns(DeprecationWarning):
        pool.free_all_free()
    assert pool.total_bytes() == 0


# -------------------------------------------------------------- limit --

def test_set_limit(pool):
    total = runtime.memGetInfo()[1]
    assert pool.get_limit() == 0
    pool.set_limit(size=8192)
    assert pool.get_limit() == 8192
    pool.set_limit(fraction=0.25)
    assert pool.get_limit() == int(total * 0.25)
    pool.set_limit(size=0)
    assert pool.get_limit() == 0
    pool.set_limit(size=100)
    pool.set_limit()
    assert pool.get_limit() == 0
    with pytest.raises(ValueError):
        pool.set_limit(size=10, fraction=0.5)
    with pytest.raises(ValueError):
        pool.set_limit(fraction=1.5)
    with pytest.raises(ValueError):
        pool.set_limit(size=-1)


def test_over_the_limit_raises_and_pool_recovers(pool):
    pool.set_limit(size=4 * UNIT)
    a = pool.malloc(3 * UNIT)
    with pytest.raises(memory.OutOfMemoryError) as info:
        pool.malloc(2 * UNIT)
    e = info.value
    assert isinstance(e, MemoryError)
    msg = str(e)
    assert '1,024' in msg             # requested
    assert '1,536' in msg             # held by the pool
    assert '2,048' in msg             # the limit
    assert 'free_all_blocks' in msg and 'set_limit' in msg
    assert (e.size, e.total, e.limit) == (1024, 1536, 2048)
    # Within the limit still works, and the pool state is intact.
    b = pool.malloc(UNIT)
    assert pool.used_bytes() == 4 * UNIT
    del a, b
    c = pool.malloc(4 * UNIT)
    c.memset(1, 4 * UNIT)
    assert (_host_bytes(c, 4 * UNIT) == 1).all()


def test_limit_frees_cached_blocks_first(pool):
    pool.set_limit(size=4 * UNIT)
    a = pool.malloc(3 * UNIT)
    del a                            # cached: 3 units free
    b = pool.malloc(4 * UNIT)        # needs the cache released
    assert pool.total_bytes() == 4 * UNIT
    del b


def test_limit_from_environment(monkeypatch):
    total = runtime.memGetInfo()[1]
    monkeypatch.setenv('CUPY_GPU_MEMORY_LIMIT', '8192')
    p = memory.MemoryPool()
    assert p.get_limit() == 8192
    monkeypatch.setenv('CUPY_GPU_MEMORY_LIMIT', '50%')
    p = memory.MemoryPool()
    assert p.get_limit() == total // 2
    monkeypatch.setenv('CUPY_GPU_MEMORY_LIMIT', '0.5%')
    assert memory.MemoryPool().get_limit() == int(total * 0.5 / 100)
    monkeypatch.setenv('CUPY_GPU_MEMORY_LIMIT', '4096')
    p = memory.MemoryPool()
    a = p.malloc(4096)
    with pytest.raises(memory.OutOfMemoryError):
        p.malloc(1)
    del a
    for bad in ('lots', '-5', '150%'):
        monkeypatch.setenv('CUPY_GPU_MEMORY_LIMIT', bad)
        with pytest.raises(ValueError, match='CUPY_GPU_MEMORY_LIMIT'):
            memory.MemoryPool().malloc(1)


def test_device_out_of_memory_raises_and_pool_recovers(sim, pool):
    gc.collect()                  # pools dropped by earlier tests
    start = sim.counters()['live_device_allocs']
    cached = pool.malloc(4096)
    del cached
    assert pool.free_bytes() == 4096
    too_big = sim._module().device_memory() + UNIT
    with pytest.raises(memory.OutOfMemoryError) as info:
        pool.malloc(too_big)
    assert isinstance(info.value, MemoryError)
    assert '{:,}'.format(too_big) in str(info.value)
    assert pool.total_bytes() == 0            # cache released on the way
    assert sim.counters()['live_device_allocs'] == start
    p = pool.malloc(1000)
    p.memset(4, 1000)
    assert (_host_bytes(p, 1000) == 4).all()
    assert pool.used_bytes() == 1024


def test_out_of_memory_error_pickles():
    e = memory.OutOfMemoryError(1024, 2048, 4096)
    f = pickle.loads(pickle.dumps(e))
    assert type(f) is memory.OutOfMemoryError
    assert str(f) == str(e)
    assert 'no limit' in str(memory.OutOfMemoryError(1, 2))


def test_allocator_errors_propagate(pool):
    def broken(size):
        raise RuntimeError('allocator failed')
    p = memory.MemoryPool(broken)
    with pytest.raises(RuntimeError, match='allocator failed'):
        p.malloc(100)
    assert p.total_bytes() == 0

    calls = []

    def counting(size):
        calls.append(size)
        return memory._malloc(size)
    p = memory.MemoryPool(counting)
    a = p.malloc(100)
    del a
    b = p.malloc(100)
    assert calls == [512]
    del b
    p.free_all_blocks()


# -------------------------------------------------------------- streams --

def test_same_stream_reuses_at_once(strict, pool):
    s = cupy.xpu.Stream()
    n = 64 * 1024
    with s:
        p = pool.malloc(n)
        p.memset_async(1, n)
        ptr = p.ptr
        del p
        assert not s.done
        q = pool.malloc(n)               # stream order makes this safe
        assert q.ptr == ptr
        q.memset_async(2, n)
        assert (_host_bytes(q, n) == 2).all()
    del q
    pool.free_all_blocks()


def test_other_stream_waits_for_busy_stream(strict, pool):
    a = cupy.xpu.Stream()
    b = cupy.xpu.Stream()
    n = 64 * 1024
    with a:
        p = pool.malloc(n)
        p.memset_async(1, n)
        ptr = p.ptr
        del p
    with b:
        assert not a.done
        q = pool.malloc(n)
        assert q.ptr != ptr              # A may still write the old block
        a.synchronize()
        r = pool.malloc(n)               # A is idle now: the cached block
        assert r.ptr == ptr
    assert pool.total_bytes() == 2 * n
    del q, r
    pool.free_all_blocks()


def test_stream_at_free_time_is_remembered(strict, pool):
    # Allocated on the null stream, used and freed on stream A.
    a = cupy.xpu.Stream()
    n = 64 * 1024
    p = pool.malloc(n)
    ptr = p.ptr
    with a:
        p.memset_async(1, n)
        del p
    assert not a.done
    q = pool.malloc(n)                   # null stream, A still busy
    assert q.ptr != ptr
    a.synchronize()
    r = pool.malloc(n)
    assert r.ptr == ptr
    del q, r
    pool.free_all_blocks()


def test_free_all_blocks_for_one_stream(pool):
    a = cupy.xpu.Stream()
    with a:
        x = pool.malloc(4096)
        del x                            # allocated and freed on A
    y = pool.malloc(8192)
    del y
    assert pool.total_bytes() == 4096 + 8192
    pool.free_all_blocks(stream=a)
    assert pool.total_bytes() == 8192
    pool.free_all_blocks()
    assert pool.total_bytes() == 0


def test_destroyed_stream_is_never_queried(sim, pool):
    # Querying a destroyed stream handle is a sanitizer error in the
    # simulator (and undefined on hardware): _stream_destroying, called by
    # a stream's owner before destroying it, removes the handle from the
    # pools.
    errors = sim.counters()['sanitizer_errors']
    s = cupy.xpu.Stream()
    with s:
        p = pool.malloc(4096)
        q = pool.malloc(4096)            # still in use when s dies
        p.memset_async(0, 4096)
        pptr, qptr = p.ptr, q.ptr
        del p                            # free, tagged with s
    memory._stream_destroying(s.ptr)     # what destroying s does
    del s
    gc.collect()
    r = pool.malloc(4096)                # no query of s needed
    assert r.ptr == pptr
    del q                                # allocated on s, freed on null
    s2 = cupy.xpu.Stream()
    with s2:
        t = pool.malloc(4096)            # queries the null stream only
        assert t.ptr == qptr
    del r, t
    pool.free_all_blocks()
    assert sim.counters()['sanitizer_errors'] == errors


# ------------------------------------------------------------- threads --

def test_threads_malloc_free(pool):
    n_threads, n_iter = 8, 500
    errors = []
    live = {}
    live_lock = threading.Lock()

    def check_disjoint(ptr, size):
        with live_lock:
            for p, s in live.items():
                if ptr < p + s and p < ptr + size:
                    raise AssertionError('overlapping blocks')
            live[ptr] = size

    def work(tid):
        rng = random.Random(tid)
        held = []
        try:
            for i in range(n_iter):
                size = rng.choice((1, 100, 512, 513, 2000, 4096, 10000))
                p = pool.malloc(size)
                check_disjoint(p.ptr, p.mem.size)
                value = (tid * 31 + i) % 256
                p.memset(value, size)
                held.append((p, size, value))
                if len(held) > 4 or rng.random() < 0.5:
                    q, qsize, qvalue = held.pop(rng.randrange(len(held)))
                    if not (_host_bytes(q, qsize) == qvalue).all():
                        raise AssertionError('block overwritten')
                    with live_lock:
                        del live[q.ptr]
                    del q
            for q, qsize, qvalue in held:
                if not (_host_bytes(q, qsize) == qvalue).all():
                    raise AssertionError('block overwritten')
                with live_lock:
                    del live[q.ptr]
        except BaseException as e:
            errors.append(e)
        finally:
            held.clear()

    threads = [threading.Thread(target=work, args=(t,))
               for t in range(n_threads)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not errors, errors[0]
    assert pool.used_bytes() == 0
    assert pool.free_bytes() == pool.total_bytes()


def test_frees_from_garbage_collection_during_pool_calls(pool):
    # With threshold 1 the collector runs inside the pool's own critical
    # sections; the frees it triggers must be deferred, not corrupt it.
    class Cycle:
        pass

    old = gc.get_threshold()
    gc.collect()
    gc.set_threshold(1)
    try:
        for i in range(300):
            c = Cycle()
            c.self = c
            c.p = pool.malloc(512 * (1 + i % 7))
            del c
            pool.malloc(100)
    finally:
        gc.set_threshold(*old)
    gc.collect()
    assert pool.used_bytes() == 0
    assert pool.free_bytes() == pool.total_bytes()
    pool.free_all_blocks()
    assert pool.total_bytes() == 0


# ---------------------------------------------------- devices, allocators --

def test_one_pool_per_device(pool):
    if runtime.getDeviceCount() < 2:
        pytest.skip('needs two devices')
    a = pool.malloc(1024)
    with cupy.xpu.Device(1):
        b = pool.malloc(4096)
        assert b.device_id == 1
        assert pool.used_bytes() == 4096
        b.memset(3, 4096)
        a.copy_from_device(b, 1024)      # between devices
    assert a.device_id == 0
    assert pool.used_bytes() == 1024
    assert (_host_bytes(a, 1024) == 3).all()
    del a, b
    pool.free_all_blocks()               # every device
    assert pool.total_bytes() == 0
    with cupy.xpu.Device(1):
        assert pool.total_bytes() == 0


def test_pool_names_reexported_from_memory():
    # The pool lives in memory_pool; CuPy code finds it in memory.
    from cupy.xpu import memory_pool
    import cupy.cuda.memory_pool
    for name in ('MemoryPool', 'SingleDeviceMemoryPool',
                 'get_default_memory_pool', '_stream_destroying'):
        assert getattr(memory, name) is getattr(memory_pool, name)
    assert cupy.cuda.memory_pool is memory_pool


def test_default_pool_and_allocators():
    default = memory.get_default_memory_pool()
    assert isinstance(default, memory.MemoryPool)
    assert cupy.get_default_memory_pool() is default
    old = memory.get_allocator()
    try:
        used = default.used_bytes()
        p = memory.alloc(1000)
        assert isinstance(p.mem, memory.PooledMemory)
        assert default.used_bytes() == used + 1024
        del p

        memory.set_allocator(None)
        q = memory.alloc(1000)
        assert type(q.mem) is memory.Memory
        assert q.mem.size == 1000
        assert default.used_bytes() == used
        del q

        mine = memory.MemoryPool()
        memory.set_allocator(mine.malloc)
        assert memory.get_allocator() == mine.malloc
        r = memory.alloc(10)
        assert mine.used_bytes() == 512
        del r
        mine.free_all_blocks()
        with pytest.raises(TypeError):
            memory.set_allocator(42)
    finally:
        memory.set_allocator(old)
    assert memory.get_allocator() == old


def test_huge_request_raises_and_pool_stays_sane():
    import sys
    pool = cupy.xpu.MemoryPool()
    a = pool.malloc(4096)
    del a
    with pytest.raises(cupy.xpu.OutOfMemoryError):
        pool.malloc(sys.maxsize)
    assert pool.used_bytes() == 0 and pool.free_bytes() == 4096
    b = pool.malloc(4096)
    assert b.mem.size == 4096
    del b
    pool.free_all_blocks()
    with pytest.raises(MemoryError):
        cupy.xpu.PinnedMemoryPool().malloc(sys.maxsize)


def test_pointer_before_its_chunk_is_rejected():
    pool = cupy.xpu.MemoryPool()
    big = pool.malloc(2048)
    del big
    a = pool.malloc(1024)
    b = pool.malloc(1024)
    a.memset(1, 1024)
    with pytest.raises(ValueError, match='before the start'):
        (b - 1024).copy_from_host(numpy.full(1024, 9, numpy.uint8), 1024)
    out = numpy.empty(1024, numpy.uint8)
    a.copy_to_host(out, 1024)
    assert (out == 1).all()
    del a, b
    pool.free_all_blocks()
