"""complex64 products on AsdSip's asdBlasCgemm / asdBlasCgemmBatched
(ops/_cgemm.pyx): results against NumPy for single, batched, broadcast,
strided and 1-d operands, no host traffic (the simulator's counters), the
handles cached and released, and the composition where a size passes
AsdSip's 8192 limit."""

import numpy
import pytest

import cupy
from cupy import testing
from cupy._core import _fallback

_SHAPES = [
    ((3, 4), (4, 5)), ((1, 1), (1, 1)), ((2, 3, 4), (2, 4, 5)),
    ((2, 3, 4), (4, 5)), ((3, 4), (2, 4, 5)), ((2, 1, 3, 4), (1, 2, 4, 2)),
    ((4,), (4, 3)), ((3, 4), (4,)), ((4,), (4,)), ((17, 64), (64, 17)),
]


def _cgemm():
    from cupy_backends.ascend.ops import _cgemm
    return _cgemm


@pytest.mark.parametrize('sa,sb', _SHAPES)
@testing.numpy_cupy_allclose(rtol=1e-5, atol=1e-5)
def test_matmul_complex64(xp, sa, sb):
    a = testing.shaped_random(sa, xp, numpy.complex64, seed=1)
    b = testing.shaped_random(sb, xp, numpy.complex64, seed=2)
    return xp.matmul(a, b)


@testing.numpy_cupy_allclose(rtol=1e-5, atol=1e-5)
def test_matmul_complex64_strided(xp):
    a = testing.shaped_random((8, 10), xp, numpy.complex64, seed=1)
    b = testing.shaped_random((10, 12), xp, numpy.complex64, seed=2)
    out = xp.zeros((8, 12), numpy.complex64)[::2, ::2]
    xp.matmul(a[::2, 1::2], b[::2, ::2].T.conj().T, out=out)
    return out


def test_cgemm_runs_without_host_traffic():
    from cupy_backends.ascend import simulator
    rs = numpy.random.RandomState(0)
    a = (rs.standard_normal((3, 16, 8)) + 1j).astype(numpy.complex64)
    b = (rs.standard_normal((8, 4)) - 1j).astype(numpy.complex64)
    da, db = cupy.asarray(a), cupy.asarray(b)
    before_calls = _cgemm().calls()
    _fallback.reset()
    before = simulator.counters()
    c1 = da[0] @ db                     # one product: asdBlasCgemm
    c3 = da @ db                        # a stack: asdBlasCgemmBatched
    cupy.xpu.Device().synchronize()
    after = simulator.counters()
    assert after['h2d_bytes'] == before['h2d_bytes']
    assert after['d2h_bytes'] == before['d2h_bytes']
    assert not _fallback.fallback_counts()
    calls = _cgemm().calls()
    assert calls['cgemm'] == before_calls['cgemm'] + 1
    assert calls['cgemm_batched'] == before_calls['cgemm_batched'] + 1
    numpy.testing.assert_allclose(c1.get(), a[0] @ b, rtol=1e-5, atol=1e-5)
    numpy.testing.assert_allclose(c3.get(), a @ b, rtol=1e-5, atol=1e-5)


def test_cgemm_on_a_stream():
    # a created stream is passed to AsdSip as it is
    rs = numpy.random.RandomState(1)
    a = (rs.standard_normal((5, 6)) + 2j).astype(numpy.complex64)
    with cupy.xpu.Stream() as s:
        c = cupy.asarray(a) @ cupy.asarray(a.T)
        s.synchronize()
    numpy.testing.assert_allclose(c.get(), a @ a.T, rtol=1e-5, atol=1e-5)


def test_past_the_limit_composes():
    # k = 8193 passes AsdSip's [1, 8192]: the float32 block composition
    # runs, still on the device
    a = cupy.ones((1, 8193), numpy.complex64) * (1 + 1j)
    b = cupy.ones((8193, 1), numpy.complex64)
    before = _cgemm().calls()
    c = a @ b
    assert _cgemm().calls() == before
    assert complex(c[0, 0]) == 8193 + 8193j


def test_handles_released():
    from cupy_backends.ascend import simulator
    a = cupy.ones((2, 2), numpy.complex64)
    (a @ a).get()
    assert simulator.counters()['live_blas_handles'] > 0
    _cgemm().clear()
    assert simulator.counters()['live_blas_handles'] == 0
    assert complex((a @ a)[0, 0]) == 2     # made again on demand
