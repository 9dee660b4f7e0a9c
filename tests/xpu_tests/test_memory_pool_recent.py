"""The pool's kept small chunks (memory_pool.pyx, _RECENT_*): a small
chunk freed on its own stream goes to the next allocation of its size on
that stream, unmerged, and nowhere else; whoever looks at the pool sees
the merged state."""

import gc

import pytest

import cupy
from cupy.xpu import memory

SMALL = 1024            # below the kept-chunk limit (16 KiB)


@pytest.fixture
def pool():
    p = memory.MemoryPool()
    yield p
    gc.collect()
    p.free_all_blocks()


def test_small_chunk_reused_at_once(pool):
    a = pool.malloc(SMALL)
    ptr = a.ptr
    del a
    b = pool.malloc(SMALL)
    assert b.ptr == ptr
    assert pool.used_bytes() == SMALL


def _three_of_one_allocation(pool):
    # one device allocation cut into three chunks
    big = pool.malloc(3 * SMALL)
    base = big.ptr
    del big
    parts = [pool.malloc(SMALL) for _ in range(3)]
    assert sorted(p.ptr for p in parts) == [base, base + SMALL,
                                            base + 2 * SMALL]
    return base, parts


def test_statistics_see_merged_chunks(pool):
    base, parts = _three_of_one_allocation(pool)
    assert pool.total_bytes() == 3 * SMALL
    del parts
    assert pool.used_bytes() == 0
    assert pool.free_bytes() == 3 * SMALL
    assert pool.n_free_blocks() == 1        # the three merged


def test_larger_request_merges_kept_chunks(pool):
    base, parts = _three_of_one_allocation(pool)
    del parts                               # kept, unmerged
    d = pool.malloc(3 * SMALL)              # no fit: merged, then found
    assert d.ptr == base
    assert pool.total_bytes() == 3 * SMALL
    del d


def test_free_all_blocks_releases_kept_chunks(pool, sim):
    gc.collect()
    live = sim.counters()['live_device_allocs']
    a = pool.malloc(SMALL)
    assert sim.counters()['live_device_allocs'] == live + 1
    del a
    pool.free_all_blocks()
    assert pool.total_bytes() == 0
    assert sim.counters()['live_device_allocs'] == live


def test_kept_chunk_not_given_to_busy_other_stream(strict, pool):
    s = cupy.xpu.Stream()
    t = cupy.xpu.Stream()
    with s:
        p = pool.malloc(SMALL)
        p.memset_async(1, SMALL)
        ptr = p.ptr
        del p
    with t:
        assert not s.done
        q = pool.malloc(SMALL)
        assert q.ptr != ptr             # S may still write the old chunk
    s.synchronize()
    del q


def test_destroyed_stream_chunks_stay_usable(pool):
    s = cupy.xpu.Stream()
    with s:
        p = pool.malloc(SMALL)
        ptr = p.ptr
        del p
    s.synchronize()
    del s
    gc.collect()
    q = pool.malloc(SMALL)              # the chunk is clean now
    assert q.ptr == ptr
    del q
