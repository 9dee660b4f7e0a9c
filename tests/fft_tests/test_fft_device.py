"""The FFT family on the device: no host transfers and no host fallback
for complex64, float32, complex128 and float64 transforms of power-of-two
and other sizes (simulator counters, CUPY_HOST_FALLBACK=error); the plan
cache (hits, misses, memory, shrinking frees plans); the simulator's
AsdSip ABI is as strict as the library (sizes, prime factors, NULL
stream, fixed type, no float64, an overwritten input)."""

import ctypes

import numpy
import pytest

import cupy
from cupy import testing
from cupy._core import _dispatch
from cupy._core import _fallback
from tests.routine_helpers import device_only

DTYPES = [numpy.complex64, numpy.complex128, numpy.float32, numpy.float64]


def _data(shape, dtype):
    rs = numpy.random.RandomState(1)
    h = rs.uniform(-1, 1, shape)
    if numpy.dtype(dtype).kind == 'c':
        h = h + 1j * rs.uniform(-1, 1, shape)
    return h.astype(dtype)


def _call(name, x):
    if name == 'irfft':
        x = cupy.fft.rfft(x) if x.dtype.kind == 'f' else x
    if name == 'fft2':
        x = x.reshape(4, -1) if x.shape[-1] % 4 == 0 else x.reshape(1, -1)
    return getattr(cupy.fft, name)(x)


@pytest.mark.parametrize('name', ['fft', 'ifft', 'rfft', 'irfft', 'fft2'])
@pytest.mark.parametrize('dtype', DTYPES)
@pytest.mark.parametrize('n', [1024, 1000, 1009])
def test_device_only_no_fallback(monkeypatch, name, dtype, n):
    if name == 'rfft' and numpy.dtype(dtype).kind == 'c':
        pytest.skip('rfft takes real input')
    monkeypatch.setenv('CUPY_HOST_FALLBACK', 'error')
    h = _data((n,), dtype)
    x = cupy.asarray(h)
    getattr(cupy.fft, 'fft')(x)         # plans and tables made first
    with device_only():
        res = _call(name, x)
    hx = h
    if name == 'irfft' and h.dtype.kind == 'f':
        hx = numpy.fft.rfft(h)
    if name == 'fft2':
        hx = hx.reshape(4, -1) if n % 4 == 0 else hx.reshape(1, -1)
    expect = getattr(numpy.fft, name)(hx)
    tol = 1e-4 if numpy.dtype(dtype).char in 'fF' else 1e-10
    testing.assert_allclose(res, expect, rtol=tol, atol=tol)
    assert res.dtype == expect.dtype


@pytest.mark.parametrize('name,dtype', [('fft', numpy.complex128),
                                        ('rfft', numpy.float64)])
def test_composed_is_used_for_double(name, dtype):
    # AsdSip has no double FFT: the provider does not list the loop
    out = numpy.dtype(numpy.complex128)
    assert not _dispatch.device_has('fft', out)
    assert _dispatch.device_has('fft', numpy.complex64)
    before = dict(_fallback.fallback_counts())
    getattr(cupy.fft, name)(cupy.asarray(_data((3, 256), dtype)))
    assert _fallback.fallback_counts() == before


def test_host_fallback_when_parts_are_hidden(monkeypatch):
    # the composition's multiply missing: the host, counted and warned
    monkeypatch.setenv('CUPY_HOST_FALLBACK', 'warn')
    _fallback.reset()
    x = cupy.asarray(_data((2, 64), numpy.complex128))
    with _dispatch.hide('multiply', ['DD->D']):
        with pytest.warns(_fallback.PerformanceWarning):
            res = cupy.fft.fft(x)
    testing.assert_allclose(res, numpy.fft.fft(x.get()), rtol=1e-12)
    assert _fallback.fallback_counts()[('fft', 'c2c:D')] == 1
    monkeypatch.setenv('CUPY_HOST_FALLBACK', 'error')
    with _dispatch.hide('multiply', ['DD->D']):
        with pytest.raises(_fallback.HostFallbackError):
            cupy.fft.fft(x)


@pytest.mark.parametrize('shape,axes', [
    ((64, 3), (0,)), ((2, 128, 20), (1,)), ((32, 64), (0, 1)),
    ((8, 16, 32), (0, 1, 2)), ((2048, 2), (0,)), ((4, 4096), (1,)),
    ((512, 256), (1,)), ((2, 300, 256), (2,)), ((300, 256), (0, 1))])
def test_stockham_orders_and_axes(shape, axes):
    # Stockham's two orders (the switch pass reads transposed) and the
    # transforms along an axis before the last (rows of the axes after
    # it, short rows < 16 and long ones; the last axis of a tall batch
    # through the transposed block), on the device, input kept
    h = _data(shape, numpy.complex128)
    x = cupy.asarray(h)
    for fn in ('fftn', 'ifftn'):
        with device_only():
            res = getattr(cupy.fft, fn)(x, axes=axes)
        expect = getattr(numpy.fft, fn)(h, axes=axes)
        testing.assert_allclose(res, expect, rtol=1e-12, atol=1e-12)
    testing.assert_array_equal(x, h)


@pytest.mark.parametrize('radices', [(16,), (4, 8), (4, 2, 8), (3, 5, 7)])
@pytest.mark.parametrize('forward', [True, False])
def test_dense_stages(radices, forward):
    # the dense-stage transform with 1 to 3 stages (twiddles folded into
    # the tables, the last stage written in the natural order), complex
    # and real input (the bins up to n / 2 only), batched
    from cupy._core.fft import _compose
    n = int(numpy.prod(radices))
    h = _data((3, 2, n), numpy.complex128)
    x = cupy.asarray(h)
    with device_only():
        res = _compose.dense(x, forward, radices)
    expect = numpy.fft.fft(h) if forward else numpy.fft.ifft(h) * n
    testing.assert_allclose(res, expect, rtol=1e-12, atol=1e-12)
    with device_only():
        res = _compose.dense(x, forward, radices, wrap=True)
    testing.assert_allclose(res, numpy.concatenate(
        [expect, expect[..., :1]], axis=-1), rtol=1e-12, atol=1e-12)
    if forward:
        r = numpy.ascontiguousarray(h.real)
        x = cupy.asarray(r)
        with device_only():
            res = _compose.dense(x, True, radices, half=True)
        testing.assert_allclose(res, numpy.fft.rfft(r), rtol=1e-12,
                                atol=1e-12)


@pytest.mark.parametrize('n', [7, 999, 1000, 127 * 2, 8, 1024, 4096])
@pytest.mark.parametrize('name', ['rfft', 'ihfft'])
def test_real_dense_route(n, name):
    # float64 real transforms of lengths that are not powers of two run
    # as dense stages on the real input (odd lengths included); powers of
    # two through the packed transform of n / 2 points (dense stages with
    # the wrapped bin, or Stockham), batched
    h = _data((2, 3, n), numpy.float64)
    x = cupy.asarray(h)
    with device_only():
        res = getattr(cupy.fft, name)(x)
    testing.assert_allclose(res, getattr(numpy.fft, name)(h), rtol=1e-12,
                            atol=1e-12)
    testing.assert_array_equal(x, h)


@pytest.fixture
def cache():
    c = cupy.fft.config.get_plan_cache()
    old = (c.get_size(), c.get_memsize())
    c.clear()
    yield c
    c.set_size(old[0])
    c.set_memsize(old[1])
    c.clear()


def _live_plans():
    from cupy_backends.ascend import simulator
    return simulator.counters()['live_fft_plans']


def test_plan_cache_hits_misses_memory(sim, cache):
    base = _live_plans()
    x = cupy.asarray(_data((4, 128), numpy.complex64))
    s0 = cache.stats()
    cupy.fft.fft(x)
    s1 = cache.stats()
    assert s1['misses'] == s0['misses'] + 1
    assert cache.get_curr_size() == 1
    assert cache.get_curr_memsize() > 0
    assert _live_plans() == base + 1
    cupy.fft.fft(x)
    s2 = cache.stats()
    assert s2['hits'] == s1['hits'] + 1 and s2['misses'] == s1['misses']
    # another direction, size and batch: other plans
    cupy.fft.ifft(x)
    cupy.fft.fft(x[:2])
    cupy.fft.fft(x, n=64)
    assert cache.get_curr_size() == 4
    assert _live_plans() == base + 4
    cache.set_size(2)
    assert cache.get_curr_size() == 2 and _live_plans() == base + 2
    assert cache.stats()['evictions'] >= 2
    cache.set_memsize(0)
    assert cache.get_curr_size() == 0 and cache.get_curr_memsize() == 0
    assert _live_plans() == base
    cache.set_memsize(-1)
    cupy.fft.fft(x)
    cache.clear()
    assert cache.get_curr_size() == 0 and _live_plans() == base


def test_plan_cache_disabled_frees_plans(sim, cache):
    base = _live_plans()
    cache.set_size(0)
    x = cupy.asarray(_data((2, 64), numpy.complex64))
    testing.assert_allclose(cupy.fft.fft(x), numpy.fft.fft(x.get()),
                            rtol=1e-5, atol=1e-5)
    cupy.xpu.Device().synchronize()
    assert _live_plans() == base and cache.get_curr_size() == 0


def test_composed_tables_are_cached(cache):
    x = cupy.asarray(_data((2, 8192), numpy.complex128))
    cupy.fft.fft(x)
    # Stockham's twiddles: one table of every stage's 2L entries, 2n - 2
    assert cache.get_curr_size() == 1
    assert cache.get_curr_memsize() == (2 * 8192 - 2) * 16
    cupy.fft.fft(cupy.asarray(_data((2, 512), numpy.complex128)))
    # the four-step tables: (16, 16) and (16, 32, 32), twiddles folded in
    assert cache.get_curr_size() == 2
    assert cache.get_curr_memsize() == (2 * 8192 - 2) * 16 + (16 * 16 +
                                                    16 * 32 * 32) * 16
    cupy.fft.fft(cupy.asarray(_data((2, 9001), numpy.complex128)))
    assert cache.get_curr_size() > 3            # Bluestein's tables


def test_show_info(cache, capsys):
    cupy.fft.fft(cupy.asarray(_data((2, 64), numpy.complex64)))
    cache.show_info()
    text = capsys.readouterr().out
    assert 'current / max size   : 1 / ' in text


def test_get_fft_plan(cache):
    import cupyx.scipy.fft as cfft
    x = cupy.asarray(_data((3, 96), numpy.complex64))
    plan = cfft.get_fft_plan(x, axes=(-1,))
    assert isinstance(plan, cupy.cuda.cufft.Plan1d)
    misses = cache.stats()['misses']
    res = cfft.fft(x, plan=plan)
    with plan:
        assert cupy.cuda.cufft.get_current_plan() is plan
        cfft.fft(x)
    assert cupy.cuda.cufft.get_current_plan() is None
    assert cache.stats()['misses'] == misses
    # CuPy: a plan given both ways is a RuntimeError
    with pytest.raises(RuntimeError, match='either as a context manager'):
        with plan:
            cfft.fft(x, plan=plan)
    testing.assert_allclose(res, numpy.fft.fft(x.get()), rtol=1e-5,
                            atol=1e-5)
    with pytest.raises(ValueError):
        cfft.get_fft_plan(x, value_type='X2Y')


def test_input_overwritten_by_library_is_copied():
    # AsdSip's 1-D power-of-two plans >= 2^15 overwrite their input: the
    # provider copies a user's array first (the simulator writes NaN)
    n = 1 << 15
    h = _data((n,), numpy.complex64)
    x = cupy.asarray(h)
    res = cupy.fft.fft(x)
    testing.assert_array_equal(x, h)
    testing.assert_allclose(res, numpy.fft.fft(h), rtol=1e-3, atol=1e-3)


# ---------------------------------------- the simulator's AsdSip ABI --

C2C, C2R, R2C = 0x10, 0x11, 0x12
FORWARD, HORIZONTAL, VERTICAL = 0x10, 0x10, 0x11
INVALID_PARAM, UNSUPPORTED_DTYPE = 100000, 100026


@pytest.fixture
def asd(sim):
    from tests.simulator_tests import acl_ctypes
    lib = acl_ctypes.lib()
    vp = ctypes.c_void_p
    lib.asdFftCreate.argtypes = [ctypes.POINTER(vp)]
    lib.asdFftDestroy.argtypes = [vp]
    lib.asdFftSetStream.argtypes = [vp, vp]
    lib.asdFftMakePlan1D.argtypes = [vp, ctypes.c_int64, ctypes.c_int,
                                     ctypes.c_int, ctypes.c_int64,
                                     ctypes.c_int]
    lib.asdFftMakePlan2D.argtypes = [vp, ctypes.c_int64, ctypes.c_int64,
                                     ctypes.c_int, ctypes.c_int,
                                     ctypes.c_int32]
    lib.asdFftExecC2R.argtypes = [vp, vp, vp]
    lib.asdFftSetWorkspace.argtypes = [vp, vp]
    lib.asdFftExecC2C.argtypes = [vp, vp, vp]
    handles = []

    def create():
        h = vp()
        assert lib.asdFftCreate(ctypes.byref(h)) == 0
        handles.append(h)
        return h
    yield lib, create, acl_ctypes
    for h in handles:
        assert lib.asdFftDestroy(h) == 0


@pytest.mark.parametrize('n,ok', [(1000, True), (199 * 2, True),
                                  (211, False), (1009, False),
                                  ((1 << 27) + 0, True), ((1 << 28), False),
                                  (0, False)])
def test_sim_plan_sizes(asd, n, ok):
    lib, create, _ = asd
    st = lib.asdFftMakePlan1D(create(), n, C2C, FORWARD, 1, HORIZONTAL)
    assert (st == 0) == ok and (ok or st == INVALID_PARAM)


def test_sim_plan_rules(asd):
    lib, create, _ = asd
    h = create()
    assert lib.asdFftMakePlan1D(h, 64, C2C, FORWARD, 2, HORIZONTAL) == 0
    # a handle is initialised once
    assert lib.asdFftMakePlan1D(h, 64, C2C, FORWARD, 2,
                                HORIZONTAL) == INVALID_PARAM
    # AsdSip needs a created stream
    assert lib.asdFftSetStream(h, None) == INVALID_PARAM
    # vertical: a power of two in [256, 65536], batch multiple of 128
    assert lib.asdFftMakePlan1D(create(), 256, C2C, FORWARD, 100,
                                VERTICAL) == INVALID_PARAM
    assert lib.asdFftMakePlan1D(create(), 256, C2C, FORWARD, 128,
                                VERTICAL) == 0
    # more than 2^30 elements
    assert lib.asdFftMakePlan2D(create(), 1 << 16, 1 << 15, C2C, FORWARD,
                                1) == INVALID_PARAM


def test_sim_exec_rules(asd):
    lib, create, acl = asd
    h = create()
    assert lib.asdFftMakePlan1D(h, 8, C2C, FORWARD, 1, HORIZONTAL) == 0
    stream = cupy.xpu.Stream()
    assert lib.asdFftSetStream(h, stream.ptr) == 0
    dev = acl.malloc(1024)
    try:
        c64 = acl.tensor((1, 8), acl.ACL_COMPLEX64, dev)
        f64 = acl.tensor((1, 8), 17, dev)       # ACL_COMPLEX128
        try:
            # no workspace set yet
            assert lib.asdFftExecC2C(h, c64, c64) == INVALID_PARAM
            ws = acl.malloc(64)
            assert lib.asdFftSetWorkspace(h, ws) == 0
            # the type is fixed in the plan
            assert lib.asdFftExecC2R(h, c64, c64) == INVALID_PARAM
            # no double FFT
            assert lib.asdFftExecC2C(h, f64, f64) == UNSUPPORTED_DTYPE
            assert lib.asdFftExecC2C(h, c64, c64) == 0
            cupy.xpu.Device().synchronize()
            stream.synchronize()
            acl.free(ws)
        finally:
            acl.destroy(c64)
            acl.destroy(f64)
    finally:
        acl.free(dev)


@testing.multi_gpu(2)
def test_plans_of_another_device(sim, cache):
    # a plan (and the provider's FFT stream) of device 1, destroyed with
    # device 0 current: the cache makes the plan's device current
    base = _live_plans()
    h = _data((4, 64), numpy.complex64)
    with cupy.xpu.Device(1):
        x = cupy.asarray(h)
        res = cupy.fft.fft(x)
        assert res.device.id == 1
        testing.assert_allclose(res, numpy.fft.fft(h), rtol=1e-5,
                                atol=1e-5)
    assert cupy.xpu.Device().id == 0
    cache.clear()
    assert _live_plans() == base and cupy.xpu.Device().id == 0


def test_get_fft_plan_checks_the_shape(cache):
    import cupyx.scipy.fft as cfft
    a = cupy.asarray(_data((4, 6), numpy.complex64))
    b = cupy.asarray(_data((8, 12), numpy.complex64))
    wrong = cfft.get_fft_plan(b, (8, 12), (0, 1))
    assert isinstance(wrong, cupy.cuda.cufft.PlanNd)
    with pytest.raises(ValueError, match='plan and a.shape do not match'):
        with wrong:
            cupy.fft.fftn(a)
    with pytest.raises(ValueError, match='plan and a.shape do not match'):
        cfft.fft2(a, plan=wrong)
    right = cfft.get_fft_plan(a, (4, 10), (0, 1))
    with right:
        res = cupy.fft.fftn(a, s=(4, 10), axes=(0, 1))
    testing.assert_allclose(
        res, numpy.fft.fftn(a.get(), s=(4, 10), axes=(0, 1)), rtol=1e-5,
        atol=1e-5)


def test_get_fft_plan_checks_real_transforms(cache):
    import cupyx.scipy.fft as cfft
    a = cupy.asarray(_data((10,), numpy.float32))
    wrong = cfft.get_fft_plan(cupy.asarray(_data((50,), numpy.float32)),
                              value_type='R2C')
    with pytest.raises(ValueError, match='does not match the plan'):
        with wrong:
            cupy.fft.rfft(a)
    with pytest.raises(ValueError, match='does not match the plan'):
        with cfft.get_fft_plan(a):         # a C2C plan
            cupy.fft.rfft(a)
    c = cupy.fft.rfft(a)
    with cfft.get_fft_plan(c, value_type='C2R'):
        res = cupy.fft.irfft(c)
    testing.assert_allclose(res, a, rtol=1e-5, atol=1e-5)


def test_plan_cache_iterates_most_recent_first(cache):
    # CuPy's PlanCache protocol: (key, node) pairs, node.plan a Plan1d or
    # PlanNd, its work_area the bytes counted; cache[key] reorders,
    # del cache[key] destroys
    cufft = cupy.cuda.cufft
    base = _live_plans()
    cupy.fft.fft(cupy.asarray(_data((16,), numpy.complex64)))
    cupy.fft.fft2(cupy.asarray(_data((8, 8), numpy.complex64)))
    nodes = [node for _, node in cache]
    assert [type(n.plan) for n in nodes] == [cufft.PlanNd, cufft.Plan1d]
    assert sum(n.plan.work_area.mem.size for n in nodes) == \
        cache.get_curr_memsize()
    assert nodes[1].plan.nx == 16 and nodes[0].plan.shape == (8, 8)
    assert [n for _, n in cache] == nodes       # iterating keeps order
    cache[nodes[1].key]
    assert [n.key for _, n in cache] == [nodes[1].key, nodes[0].key]
    del cache[nodes[1].key]
    assert cache.get_curr_size() == 1 and _live_plans() == base + 1
    assert cache.get_curr_memsize() == nodes[0].memsize
    assert str(nodes[0]) in str(cache)


def test_plan_cache_iterator_is_live(cache):
    # CuPy's linked list: making each given entry the most recent cycles
    cupy.fft.fft(cupy.asarray(_data((16,), numpy.complex64)))
    cupy.fft.fft(cupy.asarray(_data((32,), numpy.complex64)))
    it = iter(cache)
    keys = [next(it)[0] for _ in range(1)]
    for _ in range(10):
        cache[keys[-1]]
        keys.append(next(it)[0])
    assert len(set(keys)) == 2
    assert [k for k, _ in cache] == [keys[-2], keys[-1]]


def test_plan_larger_than_memsize_raises(sim, cache):
    base = _live_plans()
    x = cupy.asarray(_data((2, 128), numpy.complex64))
    cupy.fft.fft(x)
    size = cache.get_curr_memsize()
    cache.clear()
    cache.set_memsize(size - 1)
    with pytest.raises(RuntimeError, match='memsize is too large'):
        cupy.fft.fft(x)
    assert cache.get_curr_size() == 0 and _live_plans() == base
    cache.set_memsize(0)                # disabled, as CuPy's
    testing.assert_allclose(cupy.fft.fft(x), numpy.fft.fft(x.get()),
                            rtol=1e-5, atol=1e-5)
    cupy.xpu.Device().synchronize()
    assert cache.get_curr_size() == 0 and _live_plans() == base


def test_composed_nd_is_one_entry(cache):
    # the tables of a composed transform over several axes: one PlanNd
    h = _data((8, 16, 10), numpy.complex128)
    x = cupy.asarray(h)
    for _ in range(2):
        testing.assert_allclose(cupy.fft.fftn(x), numpy.fft.fftn(h),
                                rtol=1e-10, atol=1e-10)
        nodes = [node for _, node in cache]
        assert len(nodes) == 1
        assert isinstance(nodes[0].plan, cupy.cuda.cufft.PlanNd)
        assert nodes[0].plan.shape == (8, 16, 10)
    assert nodes[0].memsize == cache.get_curr_memsize() > 0
    testing.assert_allclose(cupy.fft.ifftn(x), numpy.fft.ifftn(h),
                            rtol=1e-10, atol=1e-10)
    assert cache.get_curr_size() == 2
