"""The aclnn call layer (include/cupy_aclnn_ops.h, ops/_aclnn.pyx) and its
executor cache (ops/_executor_cache.pxd): a repeated call runs no phase 1
and creates no descriptor, and results stay NumPy's with the cache on,
off, bounded, after memory is given back, and under threads and streams."""

import os
import re
import shutil
import subprocess
import sys
import threading

import numpy
import pytest

import cupy
from cupy_backends.ascend.ops import _executor_cache as cache

_INCLUDE = os.path.join(os.path.dirname(cupy.__file__), os.pardir,
                        'cupy_backends', 'ascend', 'include')


def _table_rows():
    with open(os.path.join(_INCLUDE, 'cupy_aclnn_ops.h')) as f:
        text = f.read()
    return re.findall(r'^\s*X\((\w+), (REPEAT|ONCE), (\d+), \(([^)]*)\)\)',
                      text, flags=re.M)


def _sim_library():
    from cupy_backends.ascend.simulator import _sim
    return _sim.__file__


def test_table_matches_the_simulator():
    import ctypes
    rows = _table_rows()
    assert len(rows) > 100
    lib = ctypes.CDLL(_sim_library())
    for name, _, n, kinds in rows:
        assert len(kinds.split(',')) == int(n), name
        assert hasattr(lib, 'aclnn{}GetWorkspaceSize'.format(name)), name
        assert hasattr(lib, 'aclnn' + name), name
    if shutil.which('nm') is None:
        pytest.skip('nm is needed to list the simulator exports')
    out = subprocess.run(['nm', '-D', '--defined-only', _sim_library()],
                         capture_output=True, text=True, check=True).stdout
    exported = set(re.findall(r'aclnn(\w+)GetWorkspaceSize$', out, re.M))
    assert exported == {name for name, _, _, _ in rows}


def _operations():
    a = cupy.arange(-8, 8, dtype=cupy.float32)
    b = cupy.full(16, 0.5, dtype=cupy.float32)
    m = a.reshape(4, 4)
    idx = cupy.array([3, 1, 2])
    host = numpy.arange(16, dtype=numpy.float32)
    return {
        'a + b': (lambda: a + b, lambda x, y: x + y),
        'a * 2.0': (lambda: a * 2.0, lambda x, y: x * 2.0),
        'cos(a)': (lambda: cupy.cos(a), lambda x, y: numpy.cos(x)),
        'a.sum()': (lambda: a.sum(), lambda x, y: x.sum()),
        'm.sum(axis=0)': (lambda: m.sum(axis=0),
                          lambda x, y: x.reshape(4, 4).sum(axis=0)),
        'a.max()': (lambda: a.max(), lambda x, y: x.max()),
        'm @ m': (lambda: m @ m,
                  lambda x, y: x.reshape(4, 4) @ x.reshape(4, 4)),
        'a[idx]': (lambda: a[idx], lambda x, y: x[[3, 1, 2]]),
        'm.T.copy()': (lambda: m.T.copy(), lambda x, y: x.reshape(4, 4).T),
        'astype': (lambda: a.astype(cupy.float64),
                   lambda x, y: x.astype(numpy.float64)),
        'zeros': (lambda: cupy.zeros((16, 16)),
                  lambda x, y: numpy.zeros((16, 16))),
        'asarray': (lambda: cupy.asarray(host), lambda x, y: host),
        'where': (lambda: cupy.where(a > 0, a, b),
                  lambda x, y: numpy.where(x > 0, x, y)),
    }


@pytest.mark.parametrize('name', sorted(_operations()))
def test_steady_state_runs_no_phase_one(sim, name):
    # ... and no synchronisation either (DESIGN.md, "Performance
    # principles"): the operations in this list queue their work only,
    # except asarray, whose copy from pageable host memory is synchronous
    # as in CuPy (TODO.md, "Synchronisation").
    fn, ref = _operations()[name]
    for _ in range(2):
        fn()
    cupy.xpu.Device().synchronize()
    s0, c0 = cache.stats(), sim.counters()
    out = fn()
    c1 = sim.counters()
    cupy.xpu.Device().synchronize()
    s1 = cache.stats()
    assert s1['misses'] == s0['misses'], 'a phase 1 ran'
    assert s1['uncached'] == s0['uncached'], 'a phase 1 ran'
    for k in ('phase1_calls', 'executor_creations', 'tensor_creations',
              'scalar_creations', 'array_creations', 'synchronizations'):
        if k != 'synchronizations' or name != 'asarray':
            assert c1[k] == c0[k], k
    assert c1['live_tensors'] == c0['live_tensors']
    assert c1['sanitizer_errors'] == c0['sanitizer_errors']
    a = numpy.arange(-8, 8, dtype=numpy.float32)
    b = numpy.full(16, 0.5, dtype=numpy.float32)
    numpy.testing.assert_allclose(cupy.asnumpy(out), ref(a, b), rtol=1e-6)


def test_clear_destroys_everything(sim):
    a = cupy.arange(6, dtype=cupy.float32)
    for _ in range(2):          # cached the second time
        (a + a).get()
    cupy.xpu.Device().synchronize()
    assert cache.stats()['executors'] > 0
    assert sim.counters()['live_executors'] > 0
    cache.clear()
    assert cache.stats()['entries'] == 0
    assert cache.stats()['executors'] == 0
    assert sim.counters()['live_executors'] == 0
    assert sim.counters()['live_tensors'] == 0
    numpy.testing.assert_array_equal((a + a).get(), numpy.arange(6) * 2)


def test_cached_the_second_time(sim):
    cache.clear()
    x = cupy.arange(7, dtype=cupy.float32)
    s0 = cache.stats()
    (x * 5.0).get()
    s1 = cache.stats()
    assert (s1['uncached'], s1['misses'], s1['executors']) == (
        s0['uncached'] + 1, s0['misses'], 0)
    (x * 5.0).get()
    s2 = cache.stats()
    assert (s2['misses'], s2['executors']) == (s1['misses'] + 1, 1)
    (x * 5.0).get()
    assert cache.stats()['hits'] == s2['hits'] + 1


def _sig(n):
    x = cupy.arange(n, dtype=cupy.float32)
    return lambda: numpy.testing.assert_array_equal(
        (x * 3.0).get(), numpy.arange(n, dtype='f4') * 3.0)


def test_bounded_and_least_recently_used(sim):
    cache.clear()
    old = cache.set_limits(entries=3)
    try:
        a, b, c, d = _sig(1), _sig(2), _sig(3), _sig(4)
        for f in (a, a, b, b, c, c):
            f()
        assert cache.stats()['executors'] == 3
        a()                     # a is now the most recent: b the oldest
        e0, m0 = cache.stats()['evictions'], cache.stats()['misses']
        d()                     # d seen: b, the oldest, evicted
        d()                     # d cached in its entry
        s = cache.stats()
        assert s['evictions'] == e0 + 1 and s['entries'] == 3
        assert s['misses'] == m0 + 1
        h0 = s['hits']
        a()
        c()
        d()
        assert cache.stats()['hits'] == h0 + 3      # all still cached
        u0 = cache.stats()['uncached']
        b()
        assert cache.stats()['uncached'] == u0 + 1  # b was evicted
        cupy.xpu.Device().synchronize()
        assert sim.counters()['live_executors'] == cache.stats()['executors']
    finally:
        cache.set_limits(entries=old[0])
        cache.clear()


def test_a_failed_rebind_drops_the_entry(sim):
    # The same signature on memory freed meanwhile: the executor cannot be
    # pointed there (the simulator's sanitizer), the call fails, the entry
    # goes, and the next call works.
    from cupy_backends.ascend import AclError
    from cupy_backends.backend.provider import View, get_provider
    from cupy_backends.backend import api
    provider = get_provider()
    x = cupy.arange(16, dtype=cupy.float32)
    out = cupy.empty(16, cupy.float32)
    attrs = {'name': 'negative', 'loop': 'f->f'}
    for _ in range(2):
        provider.run('elementwise', (out._as_view(),), (x._as_view(),),
                     attrs, 0)
    cupy.xpu.Device().synchronize()
    nbytes = x._as_view().nbytes
    ptr = api.xpuMalloc(nbytes)
    api.xpuFree(ptr)            # the same signature on freed memory
    dead = View(ptr, nbytes, numpy.dtype('f4'), (16,), (1,), 0,
                api.xpuGetDevice())
    errors = sim.counters()['sanitizer_errors']
    executors = cache.stats()['executors']
    with pytest.raises(AclError):
        provider.run('elementwise', (out._as_view(),), (dead,), attrs, 0)
    assert sim.counters()['sanitizer_errors'] == errors + 1
    assert cache.stats()['executors'] == executors - 1
    numpy.testing.assert_array_equal((-x).get(), -numpy.arange(16))
    cupy.xpu.Device().synchronize()
    assert sim.counters()['live_executors'] == cache.stats()['executors']


def test_addresses_rebound_after_memory_goes_back(sim):
    pool = cupy.get_default_memory_pool()
    errors = sim.counters()['sanitizer_errors']
    for k in range(4):
        a = cupy.arange(32, dtype=cupy.float32) + k
        b = cupy.ones(32, dtype=cupy.float32)
        numpy.testing.assert_array_equal(
            (a * b + 1.0).get(), numpy.arange(32, dtype='f4') + k + 1)
        del a, b
        cupy.xpu.Device().synchronize()
        pool.free_all_blocks()      # the next arrays are new allocations
    assert sim.counters()['sanitizer_errors'] == errors


def test_turned_off_by_the_environment():
    code = (
        'import numpy, cupy\n'
        'from cupy_backends.ascend.ops import _executor_cache as c\n'
        'a = cupy.arange(5.0)\n'
        'for _ in range(3):\n'
        '    r = (a * a + 1.0).get()\n'
        'assert (r == numpy.arange(5.0) ** 2 + 1).all()\n'
        's = c.stats()\n'
        'assert s["entries"] == 0 and s["hits"] == 0, s\n'
        'assert s["uncached"] > 0, s\n')
    env = dict(os.environ, CUPY_ASCEND_EXECUTOR_CACHE='0',
               CUPY_ASCEND_SIMULATOR='1')
    subprocess.run([sys.executable, '-c', code], env=env, check=True)


def test_bad_setting_is_an_error():
    env = dict(os.environ, CUPY_ASCEND_EXECUTOR_CACHE='lots',
               CUPY_ASCEND_SIMULATOR='1')
    r = subprocess.run(
        [sys.executable, '-c', 'import cupy; cupy.arange(3) + 1'],
        env=env, capture_output=True, text=True)
    assert r.returncode != 0
    assert 'CUPY_ASCEND_EXECUTOR_CACHE must be an integer' in r.stderr


def _mixed_work(rng, stream, results, errors):
    try:
        with stream:
            for _ in range(6):
                n = int(rng.choice([5, 12, 16]))
                h = rng.standard_normal(n).astype(numpy.float32)
                g = rng.standard_normal(n).astype(numpy.float32)
                idx = rng.integers(0, n, 4)
                a, b = cupy.asarray(h), cupy.asarray(g)
                outs = (a + b, a * 2.0, cupy.cos(a), a.sum(axis=0),
                        cupy.where(a > 0, a, b), a[cupy.asarray(idx)],
                        a.astype(cupy.float64))
                refs = (h + g, h * 2.0, numpy.cos(h), h.sum(axis=0),
                        numpy.where(h > 0, h, g), h[idx],
                        h.astype(numpy.float64))
                results.append(([cupy.asnumpy(o, stream=stream)
                                 for o in outs], refs))
    except BaseException as e:      # reported by the main thread
        errors.append(e)


def _in_threads(sim, delay_us, work, args):
    """work(*a, results, errors) on one thread per entry of args, with
    every stream task delayed by delay_us; (results, errors)."""
    old = sim.get_strict_delay_us()
    sim.set_strict_delay_us(delay_us)
    results, errors = [], []
    try:
        threads = [threading.Thread(target=work, args=a + (results, errors))
                   for a in args]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
    finally:
        sim.set_strict_delay_us(old)
    assert not errors, errors
    return results, errors


def test_threads_and_streams_under_strict_mode(sim):
    errors0 = sim.counters()['sanitizer_errors']
    results, errors = _in_threads(
        sim, 1000, _mixed_work,
        [(numpy.random.default_rng(k), cupy.xpu.Stream()) for k in range(4)])
    assert len(results) == 24
    for got, want in results:
        for g, w in zip(got, want):
            numpy.testing.assert_allclose(g, w, rtol=1e-5, atol=1e-6)
    cupy.xpu.Device().synchronize()
    assert sim.counters()['sanitizer_errors'] == errors0
    assert cache.stats()['hits'] > 0
    cache.clear()
    assert sim.counters()['live_executors'] == 0


def test_workspace_kept_within_its_budget(sim):
    # The simulator plans matmul with a 4 KiB workspace (sim_ops_linalg.c).
    a = cupy.arange(16, dtype=cupy.float32).reshape(4, 4)
    want = numpy.arange(16, dtype=numpy.float32).reshape(4, 4)
    cache.clear()
    for _ in range(2):
        numpy.testing.assert_array_equal((a @ a).get(), want @ want)
    assert cache.stats()['workspace_bytes'] == 4096
    allocs = sim.counters()['live_device_allocs']
    numpy.testing.assert_array_equal((a @ a).get(), want @ want)
    assert cache.stats()['workspace_bytes'] == 4096
    old = cache.set_limits(workspace_bytes=0)      # evicts that entry
    try:
        assert cache.stats()['workspace_bytes'] == 0
        numpy.testing.assert_array_equal((a @ a).get(), want @ want)
        assert cache.stats()['workspace_bytes'] == 0    # per call now
        assert cache.stats()['executors'] >= 1          # entry kept
    finally:
        cache.set_limits(workspace_bytes=old[1])
    # another stream may be destroyed while an entry lives: its entries
    # take their workspace from the pool per call
    with cupy.xpu.Stream() as s:
        for _ in range(2):
            r = a @ a
        s.synchronize()
    numpy.testing.assert_array_equal(r.get(), want @ want)
    assert cache.stats()['workspace_bytes'] == 0
    cache.clear()
    assert sim.counters()['live_device_allocs'] <= allocs


def test_making_room_for_a_workspace_keeps_the_entries(sim):
    cache.clear()
    old = cache.set_limits(workspace_bytes=4096)
    try:
        for n in range(1, 21):
            for _ in range(2):
                _sig(n)()
        m1 = cupy.ones((4, 4), cupy.float32)
        m2 = cupy.ones((2, 2), cupy.float32)
        for _ in range(2):
            (m1 @ m1).get()
        executors = cache.stats()['executors']
        assert cache.stats()['workspace_bytes'] == 4096
        for _ in range(2):
            (m2 @ m2).get()     # its workspace replaces m1's, no eviction
        assert cache.stats()['workspace_bytes'] == 4096
        assert cache.stats()['executors'] == executors + 1
        numpy.testing.assert_array_equal((m1 @ m1).get(), numpy.full(
            (4, 4), 4, 'f4'))
    finally:
        cache.set_limits(workspace_bytes=old[1])
        cache.clear()


def _same_signature_work(a, b, results, errors):
    try:
        for _ in range(20):
            results.append(cupy.asnumpy(a * b + 1.0))
    except BaseException as e:
        errors.append(e)


def test_threads_sharing_the_null_stream(sim):
    # one signature, several threads, one stream: one executor per thread
    cache.clear()
    results, _ = _in_threads(
        sim, 500, _same_signature_work,
        [(cupy.full(9, k, cupy.float32), cupy.full(9, 2, cupy.float32))
         for k in range(4)])
    assert len(results) == 80
    assert sorted({float(r[0]) for r in results}) == [1.0, 3.0, 5.0, 7.0]
    for r in results:
        assert (r == r[0]).all()
    assert cache.stats()['executors'] >= 2 * 4     # multiply, add per thread
    cache.clear()


def test_each_device_has_its_own_executors(sim):
    if cupy.xpu.runtime.getDeviceCount() < 2:
        pytest.skip('needs two devices')
    cache.clear()
    errors = sim.counters()['sanitizer_errors']
    results = []
    for rep in range(3):
        for dev in (0, 1):
            with cupy.xpu.Device(dev):
                x = cupy.arange(8, dtype=cupy.float32) + dev
                results.append((dev, cupy.asnumpy(x * 2.0)))
    for dev, r in results:
        numpy.testing.assert_array_equal(
            r, (numpy.arange(8, dtype='f4') + dev) * 2.0)
    for dev in (0, 1):
        with cupy.xpu.Device(dev):
            cupy.xpu.Device(dev).synchronize()
    assert sim.counters()['sanitizer_errors'] == errors
    assert cache.stats()['hits'] > 0
    cache.clear()
