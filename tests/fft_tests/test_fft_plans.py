"""The steady state of the one-axis transforms (cupy/_core/fft/_plans.py):
a call repeated with the same signature runs the plan of its first call
and gives NumPy's result every time; calls that differ in what the plan
decided (n, axis, norm, layout, out=, a plan's block) do not take it.
The null stream's transforms run on the default stream's own handle
(aclrtCtxGetCurrentDefaultStream), in the null stream's order."""

import ctypes

import numpy
import pytest

import cupy
from cupy import testing
from cupy._core.fft import _plans


def _data(shape, dtype, seed=0):
    rs = numpy.random.RandomState(seed)
    h = rs.uniform(-1, 1, shape)
    if numpy.dtype(dtype).kind == 'c':
        h = h + 1j * rs.uniform(-1, 1, shape)
    return h.astype(dtype)


_CALLS = [('fft', numpy.complex64), ('ifft', numpy.complex64),
          ('rfft', numpy.float32), ('irfft', numpy.complex64),
          ('hfft', numpy.complex64), ('fft', numpy.complex128),
          ('rfft', numpy.float64), ('ifft', numpy.complex128),
          ('irfft', numpy.complex128), ('hfft', numpy.complex128),
          ('rfft', numpy.float32)]


@pytest.mark.parametrize('name,dtype', _CALLS)
@pytest.mark.parametrize('norm', [None, 'ortho', 'forward'])
@pytest.mark.parametrize('shape', [(64,), (3, 48)])
def test_repeated_calls_match_numpy(name, dtype, norm, shape):
    h = _data(shape, dtype)
    x = cupy.asarray(h)
    expect = getattr(numpy.fft, name)(h, norm=norm)
    fn = getattr(cupy.fft, name)
    for _ in range(3):          # the first call makes the plan
        res = fn(x, norm=norm)
        assert res.dtype == expect.dtype and res.shape == expect.shape
        testing.assert_allclose(res, expect, rtol=1e-4, atol=1e-4)
    testing.assert_array_equal(x, h)


@pytest.mark.parametrize('name,dtype,n', [
    ('fft', numpy.complex128, 1024), ('fft', numpy.complex128, 8192),
    ('fft', numpy.complex128, 1009), ('rfft', numpy.float64, 4096),
    ('rfft', numpy.float64, 999), ('irfft', numpy.complex128, 513)])
def test_composed_plan_matches_numpy(name, dtype, n):
    # complex128/float64 are composed on Ascend: the plan keeps the
    # composed transform (four-step, Stockham, Bluestein, packed real)
    h = _data((2, n), dtype)
    x = cupy.asarray(h)
    expect = getattr(numpy.fft, name)(h, norm='ortho')
    fn = getattr(cupy.fft, name)
    before = len(_plans._PLANS)
    for _ in range(3):
        res = fn(x, norm='ortho')
        assert res.dtype == expect.dtype and res.flags.c_contiguous
        testing.assert_allclose(res, expect, rtol=1e-12, atol=1e-12)
    assert len(_plans._PLANS) == before + 1
    testing.assert_array_equal(x, h)


def test_composed_plan_not_kept_when_parts_go_to_host(monkeypatch):
    # a composition whose parts have no device route is not planned: each
    # call takes the general path, which counts and warns its fallback
    from cupy._core import _dispatch
    from cupy._core import _fallback
    monkeypatch.setenv('CUPY_HOST_FALLBACK', 'silent')
    _fallback.reset()
    x = cupy.asarray(_data((96,), numpy.complex128))
    cupy.fft.fft(x)                     # planned while composable
    with _dispatch.hide('multiply', ['DD->D']):
        for _ in range(2):
            res = cupy.fft.fft(x)
    assert _fallback.fallback_counts()[('fft', 'c2c:D')] == 2
    testing.assert_allclose(res, numpy.fft.fft(x.get()), rtol=1e-12,
                            atol=1e-12)


def test_steady_state_is_one_request(sim):
    x = cupy.asarray(_data((4, 256), numpy.complex64))
    cupy.fft.fft(x, norm='ortho')
    before = len(_plans._PLANS)
    cupy.fft.fft(x, norm='ortho')           # the plan: no new entry
    assert len(_plans._PLANS) == before
    cupy.xpu.Device().synchronize()
    c0 = sim.counters()['kernel_launches']
    cupy.fft.fft(x, norm='ortho')
    cupy.xpu.Device().synchronize()
    # the transform and the norm's multiply
    assert sim.counters()['kernel_launches'] - c0 == 2


@pytest.mark.parametrize('n', [None, 32, 100])
@pytest.mark.parametrize('axis', [-1, 0])
def test_signatures_do_not_mix(n, axis):
    h = _data((6, 64), numpy.complex64)
    x = cupy.asarray(h)
    for args in [(None, -1), (n, axis), (None, -1), (n, axis)]:
        res = cupy.fft.fft(x, *args)
        testing.assert_allclose(res, numpy.fft.fft(h, *args), rtol=1e-4,
                                atol=1e-4)


def test_layout_of_result_follows_input():
    h = numpy.asfortranarray(_data((16, 32), numpy.complex64))
    x = cupy.asarray(h)
    assert x.flags.f_contiguous
    for _ in range(2):
        res = cupy.fft.fft(x)
        testing.assert_allclose(res, numpy.fft.fft(h), rtol=1e-4, atol=1e-4)
        assert res.flags.f_contiguous == numpy.fft.fft(h).flags.f_contiguous


def test_out_and_plan_blocks_are_checked():
    import cupyx.scipy.fft as cfft
    x = cupy.asarray(_data((3, 64), numpy.complex64))
    cupy.fft.fft(x)
    cupy.fft.fft(x)                 # the steady state exists
    out = cupy.empty((3, 64), numpy.complex64)
    assert cupy.fft.fft(x, out=out) is out
    testing.assert_allclose(out, cupy.fft.fft(x), rtol=1e-5, atol=1e-5)
    with pytest.raises(ValueError):
        cupy.fft.fft(x, out=cupy.empty((3, 63), numpy.complex64))
    plan = cfft.get_fft_plan(cupy.empty((3, 32), numpy.complex64),
                             axes=(-1,))
    with plan:
        with pytest.raises(ValueError):
            cupy.fft.fft(x)         # not the plan's shape


def test_overwriting_plan_keeps_input():
    # AsdSip's 1-D power-of-two plans >= 2^15 overwrite their input
    h = _data((1 << 15,), numpy.complex64)
    x = cupy.asarray(h)
    for _ in range(2):
        cupy.fft.fft(x)
        testing.assert_array_equal(x, h)


def test_null_stream_takes_no_hand_off(sim, strict):
    from cupy_backends.ascend.ops import _fft
    h = _data((8, 512), numpy.complex64)
    x = cupy.asarray(h)
    streams = _fft.side_streams()
    # queued behind the delayed work of the null stream: a missing order
    # gives a wrong result
    y = x * 2
    res = cupy.fft.fft(y)
    z = res + 1
    testing.assert_allclose(z, numpy.fft.fft(h * 2) + 1, rtol=1e-4,
                            atol=1e-3)
    assert _fft.side_streams() == streams         # no stream of the provider's


def test_sim_default_stream_handle(sim):
    from tests.simulator_tests import acl_ctypes
    lib = acl_ctypes.lib()
    vp = ctypes.c_void_p
    lib.aclrtCtxGetCurrentDefaultStream.argtypes = [ctypes.POINTER(vp)]
    lib.aclrtDestroyStream.argtypes = [vp]
    s1, s2 = vp(), vp()
    assert lib.aclrtCtxGetCurrentDefaultStream(ctypes.byref(s1)) == 0
    assert lib.aclrtCtxGetCurrentDefaultStream(ctypes.byref(s2)) == 0
    assert s1.value and s1.value == s2.value
    assert lib.aclrtCtxGetCurrentDefaultStream(None) != 0
    # the default stream cannot be destroyed
    assert lib.aclrtDestroyStream(s1) != 0
    assert lib.aclrtCtxGetCurrentDefaultStream(ctypes.byref(s2)) == 0
    assert s2.value == s1.value
