"""bincount, histogram, histogram_bin_edges, histogram2d, histogramdd,
cov, corrcoef and correlate against NumPy; NumPy's errors."""

import numpy
import pytest

import cupy
from cupy import testing

pytestmark = pytest.mark.filterwarnings(
    'ignore::cupy._core._fallback.PerformanceWarning')


def _rng(seed=0):
    return numpy.random.default_rng(seed)


@testing.for_dtypes('bhilBHIL?')
@testing.numpy_cupy_allclose()
def test_bincount(xp, dtype):
    x = xp.asarray(_rng().integers(0, 2 if dtype == '?' else 12,
                                   80).astype(dtype))
    w = xp.asarray(_rng(1).random(80))
    return [xp.bincount(x), xp.bincount(x, minlength=20),
            xp.bincount(x, weights=w), xp.bincount(x[:0], minlength=3)]


def test_bincount_errors():
    for xp in (numpy, cupy):
        with pytest.raises(ValueError):
            xp.bincount(xp.asarray([1, -1, 2]))
        with pytest.raises(TypeError):
            xp.bincount(xp.asarray([1.0, 2.0]))
        with pytest.raises(ValueError):
            xp.bincount(xp.asarray([[1, 2]]))
        with pytest.raises(ValueError):
            xp.bincount(xp.asarray([1, 2]), minlength=-1)


@pytest.mark.parametrize('bins', [10, 1, 7, [-1.5, 0, 0.25, 2.0],
                                  'auto', 'sturges', 'fd'])
@testing.for_dtypes('ilfd')
@testing.numpy_cupy_allclose(rtol=1e-6)
def test_histogram(xp, dtype, bins):
    a = xp.asarray((_rng().standard_normal(200) * 3).astype(dtype))
    w = xp.asarray(_rng(2).random(200))
    h, e = xp.histogram(a, bins)
    out = [h, e, xp.histogram_bin_edges(a, bins)]
    if not isinstance(bins, str):       # NumPy has no weighted rules
        out += list(xp.histogram(a, bins, weights=w, density=True))
    return out


@testing.numpy_cupy_allclose()
def test_histogram_range_and_special(xp):
    a = xp.asarray(numpy.array([0.0, 1.0, 1.0, 2.0, numpy.nan, 5.0, -3.0]))
    c = xp.asarray(numpy.full(5, 3.0))
    return [*xp.histogram(a, 4, range=(0, 2)), *xp.histogram(c, 3),
            *xp.histogram(a[:0], 3),
            *xp.histogram(xp.asarray([1, 2, 2, 3]), xp.asarray([1, 2, 3]))]


def test_histogram_errors():
    for xp in (numpy, cupy):
        a = xp.asarray([1.0, 2.0, 3.0])
        with pytest.raises(ValueError):
            xp.histogram(a, [1, 3, 2])
        with pytest.raises(ValueError):
            xp.histogram(a, 0)
        with pytest.raises(ValueError):
            xp.histogram(a, 3, range=(2, 1))
        with pytest.raises(ValueError):
            xp.histogram(xp.asarray([1.0, numpy.nan]), 3)


@testing.numpy_cupy_allclose()
def test_histogram2d_dd(xp):
    x = xp.asarray(_rng().standard_normal(150))
    y = xp.asarray(_rng(1).standard_normal(150))
    s = xp.asarray(_rng(2).standard_normal((150, 3)))
    w = xp.asarray(_rng(3).random(150))
    h2, xe, ye = xp.histogram2d(x, y, bins=(4, 3))
    h2b, _, _ = xp.histogram2d(x, y, bins=[-1, 0, 1], weights=w,
                               density=True)
    hd, ed = xp.histogramdd(s, bins=(3, 4, 2), range=[(-1, 1)] * 3)
    hdd, _ = xp.histogramdd(s, bins=3, density=True)
    return [h2, xe, ye, h2b, hd, *ed, hdd]


@testing.for_dtypes('fdFD')
@testing.numpy_cupy_allclose(rtol=1e-4, atol=1e-5)
def test_cov_corrcoef(xp, dtype):
    m = xp.asarray(_rng().standard_normal((3, 20)).astype(dtype))
    y = xp.asarray(_rng(1).standard_normal((2, 20)).astype(dtype))
    fw = xp.asarray(numpy.arange(20) % 3)
    aw = xp.asarray(_rng(2).random(20))
    return [xp.cov(m), xp.cov(m, y), xp.cov(m.T, rowvar=False),
            xp.cov(m, bias=True), xp.cov(m, ddof=3),
            xp.cov(m, fweights=fw, aweights=aw), xp.cov(m[0]),
            xp.corrcoef(m), xp.corrcoef(m, y), xp.corrcoef(m[0], m[1])]


@pytest.mark.parametrize('mode', ['valid', 'same', 'full'])
@pytest.mark.parametrize('na,nv', [(7, 4), (4, 7), (5, 5), (1, 3)])
@testing.for_dtypes('ifdD')
@testing.numpy_cupy_allclose(rtol=1e-5)
def test_correlate(xp, dtype, mode, na, nv):
    a = testing.shaped_random((na,), xp, dtype, seed=1)
    v = testing.shaped_random((nv,), xp, dtype, seed=2)
    return xp.correlate(a, v, mode)
