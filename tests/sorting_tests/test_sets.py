"""unique (every return_*, axis, equal_nan, the array API forms), isin,
in1d, intersect1d, union1d, setdiff1d and setxor1d against NumPy; one
synchronisation for unique; isin none."""

import numpy
import pytest

import cupy
from cupy import testing
from tests.routine_helpers import device_only


def _data(dtype, n=60, seed=0):
    rng = numpy.random.default_rng(seed)
    dt = numpy.dtype(dtype)
    if dt.kind == 'b':
        return rng.integers(0, 2, n).astype(dt)
    x = rng.integers(0, 12, n).astype(dt)
    if dt.kind in 'fc':
        x[::9] = numpy.nan
        x[4], x[5] = -0.0, 0.0
    return x


@testing.for_all_dtypes()
@testing.numpy_cupy_array_equal()
def test_unique_returns(xp, dtype):
    a = xp.asarray(_data(dtype).reshape(6, 10))
    out = [xp.unique(a)]
    out += list(xp.unique(a, True, True, True))
    # NaNs apart: NumPy numbers them in its unstable sort's order
    out += list(xp.unique(a, return_inverse=True, equal_nan=False)[:1])
    out += list(xp.unique(a[:, ::-3], return_counts=True))
    out += list(xp.unique(a[:0], True, True, True))
    return out


@testing.for_all_dtypes(no_complex=True)
@testing.numpy_cupy_array_equal()
def test_unique_axis(xp, dtype):
    a = xp.asarray(numpy.array([[1, 0, 1], [1, 0, 1], [0, 3, 1],
                                [0, 3, 0], [1, 0, 1]], dtype))
    out = []
    for axis in (0, 1, -1):
        out += list(xp.unique(a, True, True, True, axis=axis))
    out.append(xp.unique(a[:, :, None], axis=2))
    return out


@testing.numpy_cupy_array_equal()
def test_unique_array_api(xp):
    a = xp.asarray(numpy.array([[3, 1, 3], [2, 1, 1]], numpy.float32))
    return [xp.unique_values(a), *xp.unique_counts(a),
            *xp.unique_inverse(a), *xp.unique_all(a)]


def test_unique_synchronises_once():
    from cupy_backends.ascend import is_simulator
    d = cupy.asarray(_data(numpy.float64, 500))
    d.sum()
    if is_simulator():
        from cupy_backends.ascend import simulator
        cupy.xpu.Device().synchronize()
        before = simulator.counters()['synchronizations']
        with device_only(d2h_allowed=8):
            u, inv, c = cupy.unique(d, return_inverse=True,
                                    return_counts=True)
        # the device_only check synchronises twice itself
        assert simulator.counters()['synchronizations'] - before <= 3
    want = numpy.unique(d.get(), return_inverse=True, return_counts=True)
    for g, w in zip((u, inv, c), want):
        testing.assert_array_equal(g, w)


@testing.for_all_dtypes()
@testing.numpy_cupy_array_equal()
def test_isin(xp, dtype):
    a = xp.asarray(_data(dtype).reshape(3, 20))
    t = xp.asarray(_data(dtype, 7, seed=4))
    return [xp.isin(a, t), xp.isin(a, t, invert=True), xp.isin(a.ravel(), t),
            xp.isin(a, t[:0]), xp.isin(a[:0], t), xp.isin(a, 3),
            xp.isin(a, xp.asarray([2.5, 3.0, 11.0]))]


def test_isin_no_sync(monkeypatch):
    monkeypatch.setenv('CUPY_HOST_FALLBACK', 'error')
    a = cupy.asarray(_data(numpy.float64, 300))
    t = cupy.asarray(_data(numpy.float64, 40, 9))
    with device_only():
        r = cupy.isin(a, t)
    testing.assert_array_equal(r, numpy.isin(a.get(), t.get()))


def test_isin_kind():
    for xp in (numpy, cupy):
        with pytest.raises(ValueError):
            xp.isin(xp.asarray([1.0]), xp.asarray([1.0]), kind='table')
        with pytest.raises(ValueError):
            xp.isin(xp.asarray([1]), xp.asarray([1]), kind='hash')


@testing.for_all_dtypes(no_bool=True)
@testing.numpy_cupy_array_equal()
def test_set_operations(xp, dtype):
    a = xp.asarray(_data(dtype, 30, 1).reshape(5, 6))
    b = xp.asarray(_data(dtype, 25, 2))
    ua, ub = xp.unique(a), xp.unique(b)
    return [xp.intersect1d(a, b), *xp.intersect1d(a, b, return_indices=True),
            xp.intersect1d(ua, ub, assume_unique=True),
            xp.union1d(a, b), xp.setdiff1d(a, b),
            xp.setdiff1d(ua, b, assume_unique=True),
            xp.setxor1d(a, b), xp.setxor1d(ua, ub, assume_unique=True),
            xp.intersect1d(a, b[:0]), xp.setdiff1d(a[:0], b)]


@testing.numpy_cupy_array_equal()
def test_set_operations_mixed_dtypes(xp):
    a = xp.asarray([1, 2, 3, 4], numpy.int32)
    b = xp.asarray([2.0, 4.5, 1.0])
    return [xp.intersect1d(a, b), xp.union1d(a, b), xp.setxor1d(a, b),
            xp.setdiff1d(a, b)]


@pytest.mark.parametrize('dtype', [numpy.float32, numpy.int32,
                                   numpy.float64])
def test_unique_on_device(dtype, monkeypatch):
    monkeypatch.setenv('CUPY_HOST_FALLBACK', 'error')
    h = _data(dtype, 200, 3).reshape(10, 20)
    d = cupy.asarray(h)
    got = cupy.unique(d, True, True, True)
    rows = cupy.unique(d, axis=0)
    for g, w in zip(got, numpy.unique(h, True, True, True)):
        testing.assert_array_equal(g, w)
    testing.assert_array_equal(rows, numpy.unique(h, axis=0))


@testing.numpy_cupy_array_equal()
def test_unique_keyed_extremes(xp):
    # float64 and uint64 unique compare neighbours on their int64 sort
    # keys: the largest uint64 and the infinities are values, only NaN has
    # the NaN key
    u = numpy.array([2**64 - 1, 0, 2**64 - 1, 5, 2**63, 2**63 - 1, 5],
                    numpy.uint64)
    f = numpy.array([numpy.inf, numpy.nan, -numpy.inf, numpy.inf, numpy.nan,
                     1.0, numpy.finfo(numpy.float64).max, -numpy.inf])
    out = []
    for h in (u, f):
        for equal_nan in (True, False):
            out += list(xp.unique(xp.asarray(h), True, False, True,
                                  equal_nan=equal_nan))
    return out
