"""Dask arrays with device-array chunks on the threaded scheduler, through
Dask's own support for a module named ``cupy`` (issue 20)."""

import numpy
import pytest

import cupy
from cupy import testing

da = pytest.importorskip('dask.array')
dask = pytest.importorskip('dask')

pytestmark = pytest.mark.filterwarnings('ignore::cupy.PerformanceWarning')


@pytest.fixture(autouse=True)
def _threads():
    with dask.config.set(scheduler='threads', num_workers=2):
        yield


def _data(shape=(120, 90), seed=0):
    a = numpy.random.default_rng(seed).standard_normal(shape)
    return a, da.from_array(cupy.asarray(a), chunks=(40, 30))


def _check(d, expected, rtol=1e-10):
    got = d.compute()
    assert isinstance(got, cupy.ndarray)
    testing.assert_allclose(got, expected, rtol=rtol, atol=1e-10)


def test_meta_is_device_array():
    _, x = _data()
    assert isinstance(x._meta, cupy.ndarray)
    assert isinstance((x + 1)._meta, cupy.ndarray)


def test_elementwise_and_map_blocks():
    a, x = _data()
    _check(2 * x + x ** 2 - 1, 2 * a + a ** 2 - 1)
    _check(x.map_blocks(cupy.sin), numpy.sin(a))
    _check(da.exp(x) / (1 + da.exp(x)), numpy.exp(a) / (1 + numpy.exp(a)))


@pytest.mark.parametrize('axis', [None, 0, 1])
def test_reductions(axis):
    a, x = _data()
    _check(x.sum(axis=axis), a.sum(axis=axis))
    _check(x.max(axis=axis), a.max(axis=axis))
    _check(x.mean(axis=axis), a.mean(axis=axis))
    _check(x.std(axis=axis), a.std(axis=axis))


def test_matmul_tensordot_rechunk():
    a, x = _data()
    _check(x @ x.T, a @ a.T)
    _check(da.tensordot(x, x, axes=([0], [0])),
           numpy.tensordot(a, a, axes=([0], [0])))
    y = x.rechunk((60, 90))
    assert y.chunks == ((60, 60), (90,))
    _check(y, a)


def test_tall_skinny_qr_svd():
    a, _ = _data((200, 8))
    x = da.from_array(cupy.asarray(a), chunks=(50, 8))
    q, r = da.linalg.qr(x)
    _check(q @ r, a)
    _check(q.T @ q, numpy.eye(8))
    u, s, v = da.linalg.svd(x)
    _check(s, numpy.linalg.svd(a, compute_uv=False))
    _check((u * s) @ v, a)


def test_to_host_with_map_blocks():
    a, x = _data()
    got = x.map_blocks(cupy.asnumpy).compute()
    assert isinstance(got, numpy.ndarray)
    numpy.testing.assert_array_equal(got, a)


def test_random_state_and_generator():
    rs = da.random.RandomState(RandomState=cupy.random.RandomState)
    y = rs.standard_normal((400, 100), chunks=(100, 50)).compute()
    assert isinstance(y, cupy.ndarray)
    g = da.random.default_rng(cupy.random.default_rng(3))
    z = g.random((400, 100), chunks=(100, 50)).compute()
    assert isinstance(z, cupy.ndarray)
    # moments of 40000 draws: 5 standard errors
    assert abs(float(y.mean())) < 5 / 200 and abs(float(y.std()) - 1) < 0.03
    assert abs(float(z.mean()) - 0.5) < 5 * 0.29 / 200


def test_array_backend_config():
    with dask.config.set({'array.backend': 'cupy'}):
        x = da.ones((60, 60), chunks=20)
        r = da.random.random((60, 60), chunks=20)
    assert isinstance(x._meta, cupy.ndarray)
    _check((x + 1).sum(), 7200.0)
    assert isinstance(r.compute(), cupy.ndarray)
