"""searchsorted and digitize against NumPy: both sides, sorter, NaN and
-0.0 in the sorted array and in the values, every real dtype and mixed
dtypes, empty inputs; no host transfer; NumPy's errors."""

import numpy
import pytest

import cupy
from cupy import testing
from tests.routine_helpers import device_only


def _sorted_data(dtype, n=40, seed=0):
    rng = numpy.random.default_rng(seed)
    dt = numpy.dtype(dtype)
    if dt.kind in 'fc':
        a = numpy.sort((rng.integers(-6, 7, n) / 2).astype(dt))
        a[-3:] = numpy.nan
        a[numpy.argmax(a == 0)] = -0.0 if (a == 0).any() else a[0]
        return a
    if dt.kind == 'b':
        return numpy.sort(rng.integers(0, 2, n).astype(dt))
    return numpy.sort(rng.integers(0, 20, n).astype(dt))


@testing.for_all_dtypes(no_complex=True)
@testing.numpy_cupy_array_equal()
def test_searchsorted_sides(xp, dtype):
    a = xp.asarray(_sorted_data(dtype))
    v = xp.asarray(numpy.concatenate([_sorted_data(dtype, 25, 1)[::-1],
                                      numpy.array([0], dtype)]))
    out = [xp.searchsorted(a, v), xp.searchsorted(a, v, side='right'),
           xp.searchsorted(a, v.reshape(13, 2)), a.searchsorted(v[3]),
           xp.searchsorted(a[:0], v), xp.searchsorted(a, v[:0])]
    if numpy.dtype(dtype).kind == 'f':
        out.append(xp.searchsorted(a, xp.asarray([numpy.nan, -0.0, 0.0],
                                                 dtype), side='right'))
    return out


@testing.numpy_cupy_array_equal()
def test_searchsorted_sorter_and_mixed(xp):
    rng = numpy.random.default_rng(2)
    a = xp.asarray(rng.permutation(50).astype(numpy.int32))
    sorter = xp.argsort(a)
    v = xp.asarray(numpy.array([-1, 0, 3.5, 49, 60]))
    return [xp.searchsorted(a, v, sorter=sorter),
            xp.searchsorted(a, v, side='right', sorter=sorter),
            xp.searchsorted(xp.sort(a), 7)]


@testing.numpy_cupy_array_equal()
def test_searchsorted_complex(xp):
    a = xp.sort(xp.asarray(numpy.array(
        [1 + 1j, 1 - 1j, numpy.nan, complex(1, numpy.nan), 0j, 2 + 0j])))
    v = xp.asarray(numpy.array([1 + 0j, complex(numpy.nan, 0), 3j]))
    return xp.searchsorted(a, v), xp.searchsorted(a, v, side='right')


@testing.for_dtypes('bhilBHILefd')
@testing.numpy_cupy_array_equal()
def test_searchsorted_both_methods(xp, dtype):
    # few values in a long array take the binary search, many values in
    # a short one the joint sort; lengths around powers of two
    out = []
    for n, m in ((1000, 5), (64, 2000), (127, 3), (128, 3), (129, 3),
                 (1, 4), (2, 300)):
        a = xp.asarray(_sorted_data(dtype, n, n))
        v = xp.asarray(_sorted_data(dtype, m, m)[::-1])
        out += [xp.searchsorted(a, v), xp.searchsorted(a, v, side='right')]
    return out


@testing.numpy_cupy_array_equal()
def test_searchsorted_uint64_extremes(xp):
    top = numpy.iinfo(numpy.uint64).max
    a = xp.asarray(numpy.array([0, 1, 2 ** 63, top, top], numpy.uint64))
    v = xp.asarray(numpy.array([top, 0, 2 ** 63 - 1, 2 ** 63, 5],
                               numpy.uint64))
    return xp.searchsorted(a, v), xp.searchsorted(a, v, side='right')


@testing.numpy_cupy_array_equal()
def test_digitize_nan_edges(xp):
    # NumPy's monotonicity rule: equal leading edges skipped, the first
    # different one sets the direction, NaN comparisons never fail it
    x = xp.asarray(numpy.arange(-1, 10, 0.5))
    out = []
    for edges in ([1, 3, 5, 8, numpy.nan, numpy.nan], [numpy.nan] * 3,
                  [8, 5, 3, numpy.nan], [numpy.nan, 2, 1], [1, 1, 1],
                  [3, 3, 2, 2, 1]):
        e = xp.asarray(numpy.array(edges))
        out += [xp.digitize(x, e), xp.digitize(x, e, right=True)]
    return out


@pytest.mark.parametrize('dtype', [numpy.float32, numpy.int32,
                                   numpy.float64])
def test_searchsorted_on_device(dtype, monkeypatch):
    monkeypatch.setenv('CUPY_HOST_FALLBACK', 'error')
    a = cupy.asarray(_sorted_data(dtype, 1000))
    v = cupy.asarray(_sorted_data(dtype, 300, 5))
    with device_only():
        r = cupy.searchsorted(a, v, side='right')
    testing.assert_array_equal(r, numpy.searchsorted(a.get(), v.get(),
                                                     side='right'))


@testing.for_all_dtypes(no_complex=True, no_bool=True)
@testing.numpy_cupy_array_equal()
def test_digitize(xp, dtype):
    x = xp.asarray(numpy.array([0, 1, 2, 3, 5, 7, 9], dtype))
    inc = xp.asarray(numpy.array([1, 3, 3, 6], dtype))
    dec = inc[::-1]
    return [xp.digitize(x, inc), xp.digitize(x, inc, right=True),
            xp.digitize(x, dec), xp.digitize(x, dec, right=True)]


def test_errors():
    for xp in (numpy, cupy):
        a = xp.asarray([1.0, 2.0, 3.0])
        with pytest.raises(ValueError):
            xp.searchsorted(a, a, side='middle')
        with pytest.raises(ValueError):
            xp.digitize(a, xp.asarray([1.0, 3.0, 2.0]))
        with pytest.raises(ValueError):
            xp.searchsorted(a, a, sorter=xp.asarray([0, 1]))
        with pytest.raises(TypeError):
            xp.digitize(a.astype(complex), a)
