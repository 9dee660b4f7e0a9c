"""cupyx.scipy.stats against scipy.stats."""

import numpy
import pytest
import scipy.stats

import cupy
import cupyx.scipy.stats as cst

RNG = numpy.random.default_rng(3)
X = RNG.random((6, 5, 4)) * 10


@pytest.mark.parametrize('axis', [0, 1, -1, None])
@pytest.mark.parametrize('use_qk,base', [(False, None), (True, 2.0)])
def test_entropy(axis, use_qk, base, monkeypatch):
    monkeypatch.setenv('CUPY_HOST_FALLBACK', 'error')
    qk = X[::-1] + 0.5 if use_qk else None
    got = cst.entropy(cupy.asarray(X), None if qk is None else
                      cupy.asarray(qk), base=base, axis=axis)
    want = scipy.stats.entropy(X, qk, base=base, axis=axis)
    numpy.testing.assert_allclose(got.get(), want, rtol=1e-13)


@pytest.mark.parametrize('axis,ddof', [(0, 0), (1, 1), (None, 0)])
@pytest.mark.parametrize('nan_policy', ['propagate', 'omit'])
def test_zscore_zmap(axis, ddof, nan_policy):
    a = X.copy()
    a[1, 2, 3] = numpy.nan
    a[:, 0, 0] = 4.0                 # a constant slice: NaN z-scores
    got = cst.zscore(cupy.asarray(a), axis=axis, ddof=ddof,
                     nan_policy=nan_policy)
    want = scipy.stats.zscore(a, axis=axis, ddof=ddof, nan_policy=nan_policy)
    numpy.testing.assert_allclose(got.get(), want, rtol=1e-12)
    got = cst.zmap(cupy.asarray(a[::-1]), cupy.asarray(X), axis=axis,
                   ddof=ddof, nan_policy=nan_policy)
    want = scipy.stats.zmap(a[::-1], X, axis=axis, ddof=ddof,
                            nan_policy=nan_policy)
    numpy.testing.assert_allclose(got.get(), want, rtol=1e-12)


def test_zmap_raise():
    a = X.copy()
    a[0, 0, 0] = numpy.nan
    with pytest.raises(ValueError):
        cst.zscore(cupy.asarray(a), nan_policy='raise')
    with pytest.raises(ValueError):
        cst.zscore(cupy.asarray(a), nan_policy='bad')


@pytest.mark.parametrize('axis', [0, 1, None])
@pytest.mark.parametrize('cut', [0.0, 0.1, 0.25, 0.5])
def test_trim_mean(axis, cut):
    numpy.testing.assert_allclose(
        cst.trim_mean(cupy.asarray(X), cut, axis=axis).get(),
        scipy.stats.trim_mean(X, cut, axis=axis), rtol=1e-13)
    with pytest.raises(ValueError):
        cst.trim_mean(cupy.asarray(X), 0.9)


@pytest.mark.parametrize('lmb', [0.0, 1e-8, 2.5, -3.0])
def test_boxcox_llf(lmb):
    data = X + 1.0
    # the variance of x**lmb cancels by about lmb: SciPy's own value
    # carries the rounding of its exp divided by lmb (1e-8 at lmb 1e-8),
    # which another libm's exp (CUDA's) changes
    rtol = max(1e-12, 1e-15 / abs(lmb)) if lmb else 1e-12
    numpy.testing.assert_allclose(
        cst.boxcox_llf(lmb, cupy.asarray(data)).get(),
        scipy.stats.boxcox_llf(lmb, data), rtol=rtol)
    d = numpy.array([2003.0, 1950, 1997, 2000, 2009])
    # log(d) spreads over 0.03 only: the cancellation is 30 times more
    rtol = max(1e-10, 3e-14 / abs(lmb)) if lmb else 1e-10
    numpy.testing.assert_allclose(
        float(cst.boxcox_llf(lmb, cupy.asarray(d))),
        scipy.stats.boxcox_llf(lmb, d), rtol=rtol)
