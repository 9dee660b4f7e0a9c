"""median, nanmedian, quantile, nanquantile, percentile, nanpercentile
against NumPy: every method, axis (None, int, tuple), keepdims, out,
NaN slices, weights with inverted_cdf; on the device."""

import warnings

import numpy
import pytest

import cupy
from cupy import testing
from cupy._core._routines_order import METHODS
from tests.routine_helpers import device_only

pytestmark = pytest.mark.filterwarnings('ignore::RuntimeWarning')


def _data(dtype, shape=(4, 5, 6), seed=0, nans=False):
    rng = numpy.random.default_rng(seed)
    x = rng.integers(-20, 20, shape).astype(dtype)
    if nans:
        x.reshape(-1)[::7] = numpy.nan
        x[0, 0, :] = numpy.nan          # one all-NaN slice along axis 2
    return x


@pytest.mark.parametrize('method', METHODS)
@testing.for_dtypes('ilfd')
@testing.numpy_cupy_allclose(rtol=1e-6, atol=1e-6)
def test_quantile_methods(xp, dtype, method):
    a = xp.asarray(_data(dtype))
    q = [0.0, 0.1, 0.25, 0.5, 0.77, 1.0]
    return [xp.quantile(a, q, axis=-1, method=method),
            xp.quantile(a, 0.4, axis=(0, 2), method=method),
            xp.percentile(a, 33.0, method=method),
            xp.quantile(a[:, :1], [0.3, 0.9], axis=1, method=method)]


@pytest.mark.parametrize('method', METHODS)
@testing.numpy_cupy_allclose(rtol=1e-6)
def test_nanquantile_methods(xp, method):
    a = xp.asarray(_data(numpy.float64, nans=True))
    return [xp.nanquantile(a, [0.2, 0.5, 1.0], axis=2, method=method),
            xp.nanpercentile(a, 60, axis=0, method=method),
            xp.quantile(a, 0.5, axis=1, method=method)]


@testing.for_all_dtypes(no_complex=True, no_bool=True)
@testing.numpy_cupy_allclose(rtol=1e-3, type_check=True)
def test_median(xp, dtype):
    a = xp.asarray(_data(dtype))
    return [xp.median(a), xp.median(a, axis=1), xp.median(a, axis=(0, 2)),
            xp.median(a[:, :4], axis=1, keepdims=True),
            xp.ascontiguousarray(xp.median(a[::-1, ::2].T, axis=-1))]


@testing.for_all_dtypes(no_complex=True)
@testing.numpy_cupy_array_equal(type_check=True)
def test_median_even_rows_with_ties(xp, dtype):
    # even lengths: the lower middle value is found below the upper one;
    # rows where it ties with the upper one, where it is the row's
    # smallest, and a row of one value repeated
    h = numpy.array([[3, 1, 2, 2, 5, 0], [4, 4, 4, 4, 1, 7],
                     [2, 2, 2, 2, 2, 2], [9, 0, 1, 0, 1, 9],
                     [1, 0, 1, 1, 0, 0], [7, 3, 5, 1, 6, 0]], dtype)
    a = xp.asarray(h)
    return [xp.median(a, axis=1), xp.median(a, axis=0), xp.median(a[:, :4]),
            xp.median(a[::2, ::-1], axis=1)]


@testing.numpy_cupy_allclose(rtol=1e-6, type_check=True)
def test_nanmedian_and_nan(xp):
    a = xp.asarray(_data(numpy.float32, nans=True))
    return [xp.nanmedian(a, axis=2), xp.nanmedian(a, axis=0),
            xp.median(a, axis=2), xp.nanmedian(a[1:]),
            xp.quantile(a, 0.5, axis=2, keepdims=True),
            xp.quantile(a, xp.asarray([0.5]) if xp is cupy else
                        numpy.asarray([0.5]), axis=1)]


def test_out_and_dtypes():
    h = _data(numpy.float32)
    d = cupy.asarray(h)
    out = cupy.empty((4, 6), numpy.float32)
    r = cupy.median(d, axis=1, out=out)
    assert r is out
    testing.assert_allclose(out, numpy.median(h, axis=1), rtol=1e-6)
    for q in (0.5, numpy.float64(0.5), [0.5]):
        assert cupy.quantile(d, q).dtype == numpy.quantile(h, q).dtype
    assert cupy.quantile(d.astype(numpy.int32), 0.5,
                         method='lower').dtype == numpy.int32


@testing.numpy_cupy_allclose()
def test_weighted(xp):
    a = xp.asarray(_data(numpy.float64))
    w = xp.asarray(numpy.random.default_rng(3).random((4, 5, 6)))
    w1 = xp.asarray(numpy.arange(6.0))
    return [xp.quantile(a, [0.0, 0.3, 1.0], axis=2, weights=w,
                        method='inverted_cdf'),
            xp.quantile(a, 0.5, axis=-1, weights=w1, method='inverted_cdf')]


def test_errors():
    for xp in (numpy, cupy):
        a = xp.asarray([1.0, 2.0])
        with pytest.raises(ValueError):
            xp.quantile(a, 1.5)
        with pytest.raises(ValueError):
            xp.percentile(a, -1)
        with pytest.raises(ValueError):
            xp.quantile(a, 0.5, method='best')
        with pytest.raises(ValueError):
            xp.quantile(a, 0.5, weights=a)
        with pytest.raises(TypeError):
            xp.quantile(a.astype(complex), 0.5)
        with pytest.raises(numpy.exceptions.AxisError):
            xp.median(a, axis=1)


@pytest.mark.parametrize('dtype', [numpy.float32, numpy.int32,
                                   numpy.float64])
def test_median_on_device(dtype, monkeypatch):
    monkeypatch.setenv('CUPY_HOST_FALLBACK', 'error')
    h = _data(dtype, (50, 31))
    d = cupy.asarray(h)
    with device_only():
        m = cupy.median(d, axis=0)
        q = cupy.quantile(d, 0.3, axis=1)
    testing.assert_allclose(m, numpy.median(h, axis=0))
    testing.assert_allclose(q, numpy.quantile(h, 0.3, axis=1), rtol=1e-6)


@pytest.mark.parametrize('method', ['linear', 'midpoint', 'hazen', 'lower',
                                    'averaged_inverted_cdf'])
@testing.for_dtypes('ifd')
@testing.numpy_cupy_allclose(rtol=1e-6, type_check=True)
def test_quantile_result_dtype_follows_q(xp, dtype, method):
    # NumPy computes in q's floating dtype: float32 q keeps float32 data
    # in float32, an integer or Python q does not take part
    a = xp.asarray(_data(dtype))
    q32 = xp.asarray(numpy.array([0.1, 0.5, 0.93], numpy.float32))
    return [xp.quantile(a, q32, axis=1, method=method),
            xp.percentile(a, q32 * 100, axis=-1, method=method),
            xp.quantile(a, [0, 1], method=method),
            xp.quantile(a, 0.25, axis=0, method=method)]


@testing.numpy_cupy_allclose(rtol=1e-6)
def test_nanmedian_complex(xp):
    h = (numpy.arange(24).reshape(4, 6) + 1j).astype(numpy.complex64)
    h[0, 1] = numpy.nan
    h[2, :] = numpy.nan
    a = xp.asarray(h)
    with warnings.catch_warnings():
        warnings.simplefilter('ignore', RuntimeWarning)
        return [xp.nanmedian(a, axis=1), xp.median(a, axis=1),
                xp.nanmedian(a[:, :5], axis=0)]


def test_quantile_overwrite_input_reuses_the_input():
    h = numpy.random.RandomState(3).uniform(size=(4, 7)).astype(
        numpy.float32)
    a = cupy.asarray(h)
    r = cupy.quantile(a, [0.2, 0.7], axis=1, overwrite_input=True)
    testing.assert_allclose(r, numpy.quantile(h, [0.2, 0.7], axis=1),
                            rtol=1e-6)
    # the input holds each row's values, sorted (a valid partition)
    testing.assert_array_equal(a, numpy.sort(h, axis=1))
    b = cupy.asarray(h)
    cupy.quantile(b, 0.5, axis=0)
    testing.assert_array_equal(b, h)
