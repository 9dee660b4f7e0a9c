"""cupy.random's legacy API: RandomState, the module-level functions,
seeding, shapes, dtypes, bounds, broadcasting of array parameters and
NumPy's exceptions; no host fallback for the basic draws."""

import os
import subprocess
import sys

import numpy
import pytest
from scipy import stats

import cupy
from cupy._core import _fallback


def _h(x):
    return cupy.asnumpy(x)


@pytest.fixture
def no_host(monkeypatch):
    monkeypatch.setenv('CUPY_HOST_FALLBACK', 'error')
    _fallback.reset()
    yield
    assert _fallback.fallback_counts() == {}


def test_module_functions_stay_on_device(no_host, sim):
    before = sim.counters()
    cupy.random.seed(0)
    xs = [cupy.random.rand(1000), cupy.random.randn(1000),
          cupy.random.randint(0, 10, 1000), cupy.random.random(1000),
          cupy.random.rand(100, dtype=numpy.float32),
          cupy.random.randn(100, dtype=numpy.float32),
          cupy.random.randint(-5, 5, size=(10, 10), dtype=numpy.int32)]
    cupy.xpu.Device().synchronize()
    after = sim.counters()
    # the draws moved nothing between host and device
    assert after['h2d_bytes'] == before['h2d_bytes']
    assert after['d2h_bytes'] == before['d2h_bytes']
    assert [x.dtype for x in xs] == ['f8', 'f8', 'l', 'f8', 'f4', 'f4', 'i4']


@pytest.mark.parametrize('size,shape', [
    (None, ()), (5, (5,)), ((2, 3), (2, 3)), ([4], (4,)), ((), ()),
    ((0, 3), (0, 3))])
def test_size(size, shape):
    rs = cupy.random.RandomState(1)
    for f in (rs.random_sample, rs.standard_normal, rs.standard_exponential,
              lambda size: rs.randint(0, 5, size),
              lambda size: rs.normal(0, 1, size),
              lambda size: rs.poisson(3, size),
              lambda size: rs.gamma(2, 1, size)):
        x = f(size=size)
        assert isinstance(x, cupy.ndarray)
        assert x.shape == shape


def test_rand_randn_shapes():
    assert cupy.random.rand().shape == ()
    assert cupy.random.rand(3, 2).shape == (3, 2)
    assert cupy.random.randn(4).shape == (4,)
    with pytest.raises(TypeError):
        cupy.random.rand(3, foo=1)


def test_seed_reproducible():
    a = cupy.random.RandomState(42)
    b = cupy.random.RandomState(42)
    for f in ('random_sample', 'standard_normal'):
        numpy.testing.assert_array_equal(_h(getattr(a, f)(100)),
                                         _h(getattr(b, f)(100)))
    numpy.testing.assert_array_equal(_h(a.randint(0, 100, 50)),
                                     _h(b.randint(0, 100, 50)))
    numpy.testing.assert_array_equal(_h(a.gamma(0.5, size=50)),
                                     _h(b.gamma(0.5, size=50)))
    # calls continue the stream: no repeats
    x, y = _h(a.random_sample(100)), _h(a.random_sample(100))
    assert not numpy.intersect1d(x, y).size
    c = cupy.random.RandomState(43)
    assert (_h(c.random_sample(100)) != _h(b.random_sample(100))).all()
    # reseeding restarts
    a.seed(7)
    first = _h(a.rand(10))
    a.seed(7)
    numpy.testing.assert_array_equal(first, _h(a.rand(10)))


def test_module_seed_and_state():
    cupy.random.seed(5)
    x = _h(cupy.random.rand(10))
    cupy.random.seed(5)
    numpy.testing.assert_array_equal(x, _h(cupy.random.rand(10)))
    rs = cupy.random.RandomState(9)
    cupy.random.set_random_state(rs)
    assert cupy.random.get_random_state() is rs
    numpy.testing.assert_array_equal(
        _h(cupy.random.randn(5)), _h(cupy.random.RandomState(9).randn(5)))
    with pytest.raises(TypeError):
        cupy.random.set_random_state(numpy.random.RandomState(1))


def test_seed_kinds():
    for s in (0, 2 ** 64 - 1, numpy.uint32(5), [1, 2, 3],
              numpy.array([4, 5])):
        cupy.random.RandomState(s).rand(2)
    with pytest.raises(ValueError):
        cupy.random.RandomState(-1)
    with pytest.raises(TypeError):
        cupy.random.RandomState(1.5)


def test_cupy_seed_env():
    code = ('import cupy; print(cupy.random.rand(3).tolist())')
    env = dict(os.environ, CUPY_SEED='123', CUPY_ASCEND_SIMULATOR='1')
    outs = {subprocess.run([sys.executable, '-c', code], env=env,
                           capture_output=True, text=True).stdout
            for _ in range(2)}
    assert len(outs) == 1 and outs.pop().startswith('[')


@pytest.mark.parametrize('dtype', ['i1', 'i2', 'i4', 'i8', 'u1', 'u2', 'u4',
                                   'u8', '?'])
def test_randint_bounds_and_dtypes(dtype):
    info = numpy.iinfo(numpy.uint8 if dtype == '?' else dtype)
    rs = cupy.random.RandomState(3)
    lo, hi = (0, 2) if dtype == '?' else (max(info.min, -3), 7)
    x = _h(rs.randint(lo, hi, 5000, dtype=dtype))
    assert x.dtype == numpy.dtype(dtype)
    assert x.min() == lo and x.max() == hi - 1      # never high
    # the extremes of the dtype
    if dtype != '?':
        y = _h(rs.randint(info.min, int(info.max) + 1, 2000, dtype=dtype))
        assert y.dtype == numpy.dtype(dtype)
        assert y.min() < info.min / 2 + info.max / 2 < y.max()
    with pytest.raises(ValueError):
        rs.randint(lo, lo, 3, dtype=dtype)
    with pytest.raises(ValueError):
        rs.randint(lo, int(info.max) + 2, 3, dtype=dtype)


def test_randint_one_argument_and_uniformity():
    x = _h(cupy.random.RandomState(4).randint(6, size=60000))
    assert x.min() == 0 and x.max() == 5
    counts = numpy.bincount(x)
    assert stats.chisquare(counts).pvalue > 1e-3
    # a die with one face missing fails the same test
    assert stats.chisquare(numpy.bincount(x[x != 5], minlength=6)
                           [:6] + 1).pvalue < 1e-3


def test_random_integers_inclusive():
    # deprecated in NumPy's RandomState; CuPy's module function is quiet
    with pytest.warns(DeprecationWarning):
        x = _h(cupy.random.RandomState(2).random_integers(1, 3, 3000))
    assert set(numpy.unique(x)) == {1, 2, 3}
    y = _h(cupy.random.random_integers(4, size=3000))
    assert set(numpy.unique(y)) == {1, 2, 3, 4}


def test_aliases():
    for name in ('random', 'ranf', 'sample', 'random_sample'):
        cupy.random.seed(3)
        x = _h(getattr(cupy.random, name)(4))
        cupy.random.seed(3)
        numpy.testing.assert_array_equal(x, _h(cupy.random.random_sample(4)))


def test_broadcast_parameters():
    rs = cupy.random.RandomState(5)
    loc = cupy.array([0.0, 100.0, -100.0])
    x = _h(rs.normal(loc, cupy.array([[1.0], [0.001]])))
    assert x.shape == (2, 3)
    numpy.testing.assert_allclose(x[1], [0, 100, -100], atol=0.01)
    x = _h(rs.normal(loc, 1.0, size=(4000, 3)))
    numpy.testing.assert_allclose(x.mean(axis=0), [0, 100, -100], atol=0.1)
    with pytest.raises(ValueError):
        rs.normal(loc, 1.0, size=(4, 2))
    lam = numpy.array([1.0, 50.0])
    y = _h(rs.poisson(lam, size=(20000, 2)))
    numpy.testing.assert_allclose(y.mean(axis=0), lam, rtol=0.03)
    u = _h(rs.uniform([0, 10], [1, 20], size=(1000, 2)))
    assert (u[:, 0] < 1).all() and (u[:, 1] >= 10).all()
    g = _h(rs.gamma(cupy.array([0.5, 3.0]), size=(20000, 2)))
    numpy.testing.assert_allclose(g.mean(axis=0), [0.5, 3.0], rtol=0.05)
    b = _h(rs.binomial(cupy.array([5, 300]), [0.5, 0.2], size=(20000, 2)))
    numpy.testing.assert_allclose(b.mean(axis=0), [2.5, 60], rtol=0.02)
    r = _h(rs.randint(cupy.array([0, 10]), cupy.array([5, 12]),
                      size=(3000, 2)))
    assert r[:, 0].max() == 4 and r[:, 1].min() == 10 and r[:, 1].max() == 11


@pytest.mark.parametrize('call,exc', [
    (lambda rs: rs.normal(0, -1), ValueError),
    (lambda rs: rs.normal(0, [1, -1]), ValueError),
    (lambda rs: rs.exponential(-1), ValueError),
    (lambda rs: rs.gamma(-1), ValueError),
    (lambda rs: rs.beta(0, 1), ValueError),
    (lambda rs: rs.binomial(-1, 0.5), ValueError),
    (lambda rs: rs.binomial(5, 1.5), ValueError),
    (lambda rs: rs.poisson(-1), ValueError),
    (lambda rs: rs.geometric(0), ValueError),
    (lambda rs: rs.zipf(1.0), ValueError),
    (lambda rs: rs.randint(5, 5), ValueError),
    (lambda rs: rs.randint(5, 2), ValueError),
    (lambda rs: rs.uniform(0, numpy.inf), OverflowError),
    (lambda rs: rs.choice(5, 3, p=[0.5, 0.5, 0.5, 0, 0]), ValueError),
    (lambda rs: rs.choice(5, 3, p=[0.5, 0.5]), ValueError),
    (lambda rs: rs.choice(5, 6, replace=False), ValueError),
    (lambda rs: rs.choice(0, 1), ValueError),
    (lambda rs: rs.choice([[1, 2]], 1), ValueError),
    (lambda rs: rs.triangular(1, 0, 2), ValueError),
    (lambda rs: rs.hypergeometric(2, 2, 5), ValueError),
    (lambda rs: rs.multinomial(5, [0.8, 0.8, 0.1]), ValueError),
    (lambda rs: rs.dirichlet([-1, 1]), ValueError),
    (lambda rs: rs.wald(0, 1), ValueError),
    (lambda rs: rs.vonmises(0, -1), ValueError),
    (lambda rs: rs.logseries(1.0), ValueError),
])
def test_bad_parameters_raise_numpys_exception(call, exc):
    # NumPy raises the same class for the same call
    with pytest.raises(exc):
        call(numpy.random.RandomState(0))
    with pytest.raises(exc):
        call(cupy.random.RandomState(0))


def test_choice():
    rs = cupy.random.RandomState(6)
    x = _h(rs.choice(4, 40000, p=[0.1, 0.2, 0.3, 0.4]))
    counts = numpy.bincount(x, minlength=4)
    assert stats.chisquare(counts, numpy.array([.1, .2, .3, .4]) *
                           40000).pvalue > 1e-3
    assert stats.chisquare(counts, numpy.array([.12, .18, .3, .4]) *
                           40000).pvalue < 1e-3
    y = _h(rs.choice(10, 10, replace=False))
    assert sorted(y) == list(range(10))
    z = _h(rs.choice(numpy.array([5, 6, 7]), (2, 2)))
    assert z.shape == (2, 2) and set(z.ravel()) <= {5, 6, 7}
    w = _h(rs.choice(5, 3, replace=False, p=[0, 0.5, 0.5, 0, 0] and
                     [0.1, 0.4, 0.5, 0, 0]))
    assert len(set(w)) == 3 and set(w) == {0, 1, 2}
    with pytest.raises(ValueError):
        rs.choice(5, 4, replace=False, p=[0.1, 0.4, 0.5, 0, 0])
    assert rs.choice(3).shape == ()


def test_shuffle_permutation_bytes():
    rs = cupy.random.RandomState(7)
    a = cupy.arange(20).reshape(10, 2)
    rs.shuffle(a)
    h = _h(a)
    assert sorted(h[:, 0]) == list(range(0, 20, 2))
    numpy.testing.assert_array_equal(h[:, 1], h[:, 0] + 1)
    p = _h(rs.permutation(50))
    assert sorted(p) == list(range(50)) and (p != numpy.arange(50)).any()
    q = _h(rs.permutation(cupy.arange(6) * 2))
    assert sorted(q) == [0, 2, 4, 6, 8, 10]
    b = rs.bytes(10)
    assert isinstance(b, bytes) and len(b) == 10
    with pytest.raises(TypeError):
        rs.shuffle(cupy.array(3))
    # permutations are uniform: the first position of 6 items
    firsts = numpy.array([_h(rs.permutation(3))[0] for _ in range(300)])
    assert stats.chisquare(numpy.bincount(firsts, minlength=3)).pvalue > 1e-3


def test_threads_get_disjoint_numbers():
    import threading
    rs = cupy.random.RandomState(11)
    out = []

    def work():
        out.append(_h(rs.random_sample(500)))
    ts = [threading.Thread(target=work) for _ in range(4)]
    for t in ts:
        t.start()
    for t in ts:
        t.join()
    allv = numpy.concatenate(out)
    assert numpy.unique(allv).size == allv.size
    ref = _h(cupy.random.RandomState(11).random_sample(2000))
    numpy.testing.assert_array_equal(numpy.sort(allv), numpy.sort(ref))
