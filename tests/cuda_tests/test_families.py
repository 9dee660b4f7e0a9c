"""The CUDA provider's indexing, nonzero, sorting, random and FFT families
against NumPy (they run on a CUDA build with a GPU and skip elsewhere:
conftest.py)."""

import math

import numpy
import pytest

import cupy
import cupyx
from cupy import testing
from cupy._core import _dispatch

_ALL = '?bBhHiIlLefdFD'


def _values(dtype, shape, seed=0):
    rng = numpy.random.default_rng(seed)
    dtype = numpy.dtype(dtype)
    if dtype.kind == 'b':
        return rng.integers(0, 2, shape).astype(dtype)
    if dtype.kind in 'iu':
        return rng.integers(0, 50, shape).astype(dtype)
    x = rng.standard_normal(shape)
    if dtype.kind == 'c':
        x = x + 1j * rng.standard_normal(shape)
    return x.astype(dtype)


def test_routes_native():
    for op in ('take_nd', 'put_nd', 'put_add_nd', 'nonzero', 'sort',
               'kthvalue'):
        for ch in _ALL:
            assert _dispatch.route(op, numpy.dtype(ch)) == 'native', (op, ch)
    for ch in 'FDfd':
        assert _dispatch.route('fft', numpy.dtype(ch)) == 'native'


@pytest.mark.parametrize('dtype', list(_ALL))
def test_take_put(dtype):
    a = _values(dtype, (7, 5, 3))
    i0 = numpy.array([[0, 6, -1], [3, 3, 2]])
    i1 = numpy.array([[4, 0, 1], [2, -5, 4]])
    d = cupy.asarray(a)
    testing.assert_array_equal(d[cupy.asarray(i0), cupy.asarray(i1)].get(),
                               a[i0, i1])
    # strided source and a gather along a middle axis
    testing.assert_array_equal(d[::2, cupy.asarray(i1[0])].get(),
                               a[::2, i1[0]])
    v = _values(dtype, (2, 3, 3), seed=1)
    a[numpy.array([1, 5]), 2:4] = v[:, :2]
    d[cupy.asarray([1, 5]), 2:4] = cupy.asarray(v[:, :2])
    testing.assert_array_equal(d.get(), a)


def test_put_duplicates_last_wins():
    # NumPy keeps the last value written to a repeated position; the
    # index array is a temporary the core frees while the provider runs
    rng = numpy.random.default_rng(6)
    idx = rng.integers(0, 100, 5000)
    a = numpy.zeros(300)
    a[idx] = numpy.arange(5000.0)
    d = cupy.zeros(300)
    d[cupy.asarray(idx)] = cupy.arange(5000.0)
    testing.assert_array_equal(d.get(), a)
    x, y = numpy.arange(3000.0) % 37 + 1j, numpy.arange(50.0) * 2 + 1j
    testing.assert_array_equal(
        cupy.isin(cupy.asarray(x), cupy.asarray(y)).get(), numpy.isin(x, y))


@pytest.mark.parametrize('dtype', list(_ALL[1:]))   # no bool: CuPy's rule
def test_scatter_add_duplicates(dtype):
    a = _values(dtype, (6, 4))
    idx = numpy.array([0, 2, 2, 5, 0, 0])
    v = _values(dtype, (6, 4), seed=2)
    want = a.copy()
    numpy.add.at(want, idx, v)
    d = cupy.asarray(a)
    cupyx.scatter_add(d, cupy.asarray(idx), cupy.asarray(v))
    testing.assert_allclose(d.get(), want, rtol=1e-2 if dtype == 'e' else
                            1e-6)


@pytest.mark.parametrize('dtype', list(_ALL))
def test_nonzero(dtype):
    a = _values(dtype, (3, 70, 5)) * numpy.ones((), dtype)
    a[:, ::3] = 0
    for x in (a, a[:, ::-2], a.transpose(2, 0, 1)):
        got = cupy.nonzero(cupy.asarray(x))
        want = numpy.nonzero(x)
        assert len(got) == len(want)
        for g, w in zip(got, want):
            testing.assert_array_equal(g.get(), w)


def test_nonzero_many_blocks():
    # more elements than one block of the counting pass covers
    x = numpy.random.default_rng(3).random(1_000_003) < 0.3
    testing.assert_array_equal(cupy.flatnonzero(cupy.asarray(x)).get(),
                               numpy.flatnonzero(x))
    assert cupy.count_nonzero(cupy.asarray(x)) == x.sum()


@pytest.mark.parametrize('dtype', list(_ALL))
@pytest.mark.parametrize('n', [1, 2, 7, 33, 1000, 3000])
def test_sort_argsort(dtype, n):
    x = _values(dtype, (3, n), seed=n)
    if numpy.dtype(dtype).kind in 'iub':
        x = x % 3          # many ties: argsort must be stable
    if numpy.dtype(dtype).kind == 'f':
        x.ravel()[::5] = numpy.nan
        x.ravel()[1::7] = -0.0
    if numpy.dtype(dtype).kind == 'c':
        x.ravel()[::5] = complex(numpy.nan, 1)
        x.ravel()[1::7] = complex(1, numpy.nan)
    d = cupy.asarray(x)
    for axis in (0, 1):
        testing.assert_array_equal(cupy.sort(d, axis=axis).get(),
                                   numpy.sort(x, axis=axis))
        testing.assert_array_equal(
            cupy.argsort(d, axis=axis, kind='stable').get(),
            numpy.argsort(x, axis=axis, kind='stable'))


@pytest.mark.parametrize('dtype', 'bhilBfd')
def test_partition_median(dtype):
    x = _values(dtype, (5, 101), seed=4)
    d = cupy.asarray(x)
    for k in (0, 50, 100):
        got = cupy.partition(d, k, axis=1).get()
        assert (got[:, k] == numpy.partition(x, k, axis=1)[:, k]).all()
    testing.assert_allclose(cupy.median(d, axis=1).get(),
                            numpy.median(x, axis=1))


def _chi2_normal(s, bins=20):
    # chi-square statistic of `s` against the standard normal over
    # equal-probability bins
    edges = [float('-inf')]
    for k in range(1, bins):
        # inverse CDF by bisection (no SciPy needed)
        lo, hi = -10.0, 10.0
        for _ in range(60):
            mid = (lo + hi) / 2
            if 0.5 * math.erfc(-mid / math.sqrt(2)) < k / bins:
                lo = mid
            else:
                hi = mid
        edges.append(lo)
    edges.append(float('inf'))
    counts = numpy.histogram(s, edges)[0]
    exp = len(s) / bins
    return ((counts - exp) ** 2 / exp).sum()


# chi-square critical value, 19 degrees of freedom, p = 0.001 (tables)
_CHI2_19 = 43.82


@pytest.mark.parametrize('dtype', ['f', 'd'])
def test_random_normal_and_uniform(dtype):
    cupy.random.seed(5)
    s = cupy.random.standard_normal(200_000, dtype=dtype).get()
    assert s.dtype == numpy.dtype(dtype)
    assert _chi2_normal(s) < _CHI2_19
    # the test can fail: a slightly wrong scale is rejected
    assert _chi2_normal(s * 1.05) > _CHI2_19
    u = cupy.random.random(200_000, dtype=dtype).get()
    assert u.dtype == numpy.dtype(dtype)
    assert 0 <= u.min() and u.max() < 1
    counts = numpy.histogram(u, 20, (0, 1))[0]
    assert ((counts - 10_000) ** 2 / 10_000).sum() < _CHI2_19
    counts = numpy.histogram(u ** 1.02, 20, (0, 1))[0]
    assert ((counts - 10_000) ** 2 / 10_000).sum() > _CHI2_19


def test_random_integers_permutation_reproducible():
    cupy.random.seed(7)
    a = cupy.random.randint(-3, 4, 100_000).get()
    assert a.min() == -3 and a.max() == 3
    counts = numpy.bincount(a + 3)
    assert ((counts - counts.mean()) ** 2 / counts.mean()).sum() < 22.46
    p = cupy.random.permutation(1000).get()
    testing.assert_array_equal(numpy.sort(p), numpy.arange(1000))
    assert (p != numpy.arange(1000)).any()
    cupy.random.seed(7)
    testing.assert_array_equal(cupy.random.randint(-3, 4, 100_000).get(), a)


@pytest.mark.parametrize('dtype', ['F', 'D'])
@pytest.mark.parametrize('n', [1, 8, 15, 97, 1024])
def test_fft_c2c_r2c_c2r(dtype, n):
    x = _values(dtype, (3, n), seed=n)
    tol = 1e-4 if dtype == 'F' else 1e-10
    d = cupy.asarray(x)
    testing.assert_allclose(cupy.fft.fft(d).get(), numpy.fft.fft(x),
                            rtol=tol, atol=tol * n)
    testing.assert_allclose(cupy.fft.ifft(d[:, ::-1]).get(),
                            numpy.fft.ifft(x[:, ::-1]), rtol=tol,
                            atol=tol)
    r = x.real.copy()
    testing.assert_allclose(cupy.fft.rfft(cupy.asarray(r)).get(),
                            numpy.fft.rfft(r), rtol=tol, atol=tol * n)
    testing.assert_allclose(cupy.fft.ihfft(cupy.asarray(r)).get(),
                            numpy.fft.ihfft(r), rtol=tol, atol=tol)
    # irfft ignores the imaginary parts of the self-conjugate bins
    testing.assert_allclose(cupy.fft.irfft(d, n).get(),
                            numpy.fft.irfft(x, n), rtol=tol, atol=tol)
    testing.assert_allclose(cupy.fft.hfft(d, n).get(),
                            numpy.fft.hfft(x, n), rtol=tol, atol=tol * n)


def test_fft_nd_and_plan_cache():
    x = _values('D', (4, 6, 10))
    d = cupy.asarray(x)
    testing.assert_allclose(cupy.fft.fftn(d).get(), numpy.fft.fftn(x),
                            rtol=1e-10, atol=1e-9)
    testing.assert_allclose(cupy.fft.irfftn(d).get(), numpy.fft.irfftn(x),
                            rtol=1e-10, atol=1e-10)
    cache = cupy.fft.config.get_plan_cache()
    cache.clear()
    cupy.fft.fft(d)
    assert cache.get_curr_size() == 1
    cache.clear()
    assert cache.get_curr_size() == 0
