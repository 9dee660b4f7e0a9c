"""Dask arrays with device-array chunks on a distributed.LocalCluster of two
worker processes (each with its own device or simulator): our serialiser
moves arrays between workers and the client, and the workers hold no
device memory once the results are released (issue 20)."""

import time

import numpy
import pytest

import cupy
from cupy import testing

da = pytest.importorskip('dask.array')
dask = pytest.importorskip('dask')
distributed = pytest.importorskip('distributed')

pytestmark = pytest.mark.filterwarnings('ignore::cupy.PerformanceWarning')


def _pool_bytes():
    """Device bytes a worker holds once its caches are dropped: the pool's
    used bytes and, on the simulator, live device allocations after the
    pool gave its cached blocks back."""
    import gc
    import cupy
    from tests.conftest import release_cached_memory, simulator_counters
    gc.collect()
    release_cached_memory()     # cached aclnn workspaces are not leaks
    counters = simulator_counters()
    return (cupy.get_default_memory_pool().used_bytes(),
            counters['live_device_bytes'] if counters else 0)


def _held_types(dask_worker):
    return {type(v).__module__ + '.' + type(v).__name__
            for v in dask_worker.data.values()}


def _workers_import_cupy():
    import cupy  # NOQA: the serialiser registers itself on import
    return 'ok'


@pytest.fixture(scope='module')
def client():
    with distributed.LocalCluster(
            n_workers=2, threads_per_worker=1, processes=True,
            dashboard_address=None, worker_dashboard_address=None) as cluster:
        with distributed.Client(cluster) as c:
            c.run(_workers_import_cupy)
            yield c


def test_serialiser_round_trip_in_process():
    from distributed.protocol import serialize, deserialize
    a = cupy.asarray(testing.shaped_arange((5, 7), numpy, numpy.float32))
    for x in (a, a.T, a[::2, 1:]):
        header, frames = serialize(x, serializers=('dask',))
        assert header['serializer'] == 'dask'
        y = deserialize(header, frames)
        assert isinstance(y, cupy.ndarray)
        testing.assert_array_equal(y, x)


def test_cluster_computation(client):
    a = numpy.random.default_rng(1).standard_normal((240, 60))
    x = da.from_array(cupy.asarray(a), chunks=(60, 60))
    # arrays go to the workers, are rechunked between them, come back
    y = ((x + 1) ** 2).rechunk((120, 30))
    stats = da.stack([y.sum(axis=0), y.mean(axis=0), x.std(axis=0)])
    got = client.compute(stats).result()
    assert isinstance(got, cupy.ndarray)
    b = (a + 1) ** 2
    testing.assert_allclose(
        got, numpy.stack([b.sum(0), b.mean(0), a.std(0)]), rtol=1e-10)
    gram = client.compute(x.T @ x).result()
    testing.assert_allclose(gram, a.T @ a, rtol=1e-10)


def test_cluster_random_and_persist(client):
    rs = da.random.RandomState(RandomState=cupy.random.RandomState)
    y = rs.standard_normal((400, 50), chunks=(100, 50)).persist()
    distributed.wait(y)
    # the workers hold the chunks as device arrays
    held = client.run(_held_types)
    assert set().union(*held.values()) == {'cupy._core.core.ndarray'}
    m = float(client.compute(y.mean()).result())
    assert abs(m) < 5 / numpy.sqrt(20000)
    client.cancel(y)


def test_no_device_memory_left_on_workers(client):
    # (da.ones(..., like=) fails in dask 2026.8 for NumPy too: the backend
    # option makes device chunks)
    with dask.config.set({'array.backend': 'cupy'}):
        x = da.ones((200, 200), chunks=(50, 50))
    assert isinstance(x._meta, cupy.ndarray)
    assert float(client.compute((x * 2).sum()).result()) == 80000.0
    del x
    # the scheduler releases the workers' keys asynchronously
    for _ in range(300):
        used = client.run(_pool_bytes)
        if set(used.values()) == {(0, 0)}:
            break
        time.sleep(0.1)
    assert set(used.values()) == {(0, 0)}, (used, client.run(_held_types))
