"""sort, argsort, ndarray.sort, lexsort, msort, sort_complex, partition,
argpartition against NumPy: every dtype, every axis, NaN and signed-zero
placement, ties and stability, 0-d, empty and non-contiguous inputs,
NumPy's errors; float32, int32 and float64 sorts stay on the device."""

import numpy
import pytest

import cupy
from cupy import testing
from tests.routine_helpers import device_only

_ALL = [numpy.bool_, numpy.int8, numpy.int16, numpy.int32, numpy.int64,
        numpy.uint8, numpy.uint16, numpy.uint32, numpy.uint64,
        numpy.float16, numpy.float32, numpy.float64, numpy.complex64,
        numpy.complex128]


def _data(shape, dtype, seed=0):
    """Values with ties, and for floats NaN, -0.0, 0.0 and infinities;
    complex with NaN in either part."""
    rng = numpy.random.default_rng(seed)
    dt = numpy.dtype(dtype)
    if dt.kind == 'b':
        return rng.integers(0, 2, shape).astype(dt)
    if dt.kind in 'iu':
        info = numpy.iinfo(dt)
        x = rng.integers(0, 9, shape).astype(dt)
        flat = x.reshape(-1)
        if flat.size > 3:
            flat[0], flat[1] = info.max, info.min
            if dt.kind == 'u':
                flat[2] = info.max // 2 + 1   # the sign bit of the key
        return x
    x = (rng.integers(-4, 5, shape) / 2).astype(dt)
    if dt.kind == 'c':
        x += 1j * (rng.integers(-2, 3, shape) / 2).astype(dt)
    flat = x.reshape(-1)
    specials = [numpy.nan, -0.0, 0.0, numpy.inf, -numpy.inf]
    if dt.kind == 'c':
        specials += [complex(1, numpy.nan), complex(numpy.nan, 2),
                     complex(numpy.nan, numpy.nan), complex(-1, numpy.nan),
                     complex(numpy.nan, -3), complex(0.0, -0.0)]
    for i, s in enumerate(specials[:flat.size]):
        flat[(i * 7) % flat.size] = s
    return x


@pytest.mark.parametrize('dtype', _ALL)
def test_sort_every_axis(dtype):
    x = _data((5, 6, 7), dtype)
    d = cupy.asarray(x)
    for axis in (None, 0, 1, 2, -1, -2):
        testing.assert_array_equal(cupy.sort(d, axis=axis),
                                   numpy.sort(x, axis=axis))
        testing.assert_array_equal(
            cupy.argsort(d, axis=axis, kind='stable'),
            numpy.argsort(x, axis=axis, kind='stable'))


@pytest.mark.parametrize('dtype', [numpy.float16, numpy.float32,
                                   numpy.float64, numpy.complex128])
def test_nan_and_signed_zero(dtype):
    x = numpy.array([numpy.nan, 0.0, -0.0, 1, -numpy.inf, -0.0, numpy.nan,
                     0.0, numpy.inf], dtype)
    d = cupy.asarray(x)
    got = cupy.sort(d).get()
    want = numpy.sort(x, kind='stable')
    assert numpy.array_equal(got, want, equal_nan=True)
    # the stable order of -0.0 and 0.0 is kept: their signs in place
    assert numpy.array_equal(numpy.signbit(got.real),
                             numpy.signbit(want.real))
    testing.assert_array_equal(cupy.argsort(d, stable=True),
                               numpy.argsort(x, stable=True))


def test_ties_are_stable():
    x = numpy.random.default_rng(1).integers(0, 3, 200).astype(numpy.float64)
    for dt in (numpy.int32, numpy.float32, numpy.float64, numpy.uint64,
               numpy.complex64):
        y = x.astype(dt)
        for kind in ('stable', 'mergesort'):
            testing.assert_array_equal(
                cupy.argsort(cupy.asarray(y), kind=kind),
                numpy.argsort(y, kind=kind))


@testing.for_all_dtypes(no_complex=True)
@testing.numpy_cupy_array_equal()
def test_non_contiguous_and_empty(xp, dtype):
    a = xp.asarray(_data((6, 8), dtype))
    return [xp.sort(a[::-1, ::2], axis=0), xp.sort(a.T), xp.sort(a[:, 3]),
            xp.argsort(a[::2, ::-1], axis=1, kind='stable'),
            xp.sort(a[:0]), xp.argsort(a[:, :0], axis=0),
            xp.sort(xp.asarray(dtype(3)), axis=None)]


@testing.for_all_dtypes()
@testing.numpy_cupy_array_equal()
def test_ndarray_sort_in_place(xp, dtype):
    a = xp.asarray(_data((4, 9), dtype))
    b = a.copy()
    a.sort()
    c = b.T
    c.sort(axis=0, kind='stable')
    return a, b


@testing.for_all_dtypes(no_bool=True)
@testing.numpy_cupy_array_equal()
def test_lexsort_and_msort(xp, dtype):
    a = xp.asarray(_data((3, 20), dtype))
    return [xp.lexsort(a), xp.lexsort([a[0], a[2]]),
            xp.sort(a, axis=0), xp.sort_complex(a)]


@pytest.mark.parametrize('dtype', [numpy.int32, numpy.float32,
                                   numpy.float64, numpy.complex64])
def test_partition(dtype):
    x = _data((7, 9), dtype, seed=3)
    d = cupy.asarray(x)
    for kth, axis in ((3, -1), ([0, 4, -1], 0), (2, None)):
        got = cupy.partition(d, kth, axis=axis).get()
        want = numpy.partition(x, kth, axis=axis)
        ks = numpy.atleast_1d(kth)
        n = x.size if axis is None else x.shape[axis]
        ax = 0 if axis is None else axis
        g = numpy.moveaxis(got.reshape(-1) if axis is None else got, ax, 0)
        w = numpy.moveaxis(want.reshape(-1) if axis is None else want,
                           ax, 0)
        for k in ks % n:
            assert numpy.array_equal(g[k], w[k], equal_nan=True)
        idx = cupy.argpartition(d, kth, axis=axis).get()
        src = x.reshape(-1) if axis is None else x
        taken = (src[idx] if axis is None
                 else numpy.take_along_axis(src, idx, axis))
        assert numpy.array_equal(taken, got, equal_nan=True)
    a = cupy.asarray(x.copy())
    a.partition(2, axis=0)
    assert numpy.array_equal(a.get()[2], numpy.partition(x, 2, axis=0)[2],
                             equal_nan=True)


def test_errors():
    for xp in (numpy, cupy):
        a = xp.asarray([3, 1, 2])
        with pytest.raises(ValueError):
            xp.sort(a, kind='foo')
        with pytest.raises(ValueError):
            xp.sort(a, kind='stable', stable=True)
        with pytest.raises(ValueError):
            xp.sort(a, order='x')
        with pytest.raises(numpy.exceptions.AxisError):
            xp.sort(a, axis=1)
        with pytest.raises(numpy.exceptions.AxisError):
            xp.sort(xp.asarray(1.0))
        with pytest.raises(numpy.exceptions.AxisError):
            xp.partition(xp.asarray(1.0), 0)
        assert xp.argsort(xp.asarray(1.0)).tolist() == [0]
        with pytest.raises(ValueError):
            xp.partition(a, 3)
        with pytest.raises(ValueError):
            xp.partition(a, -4)
        with pytest.raises(ValueError):
            xp.argpartition(a, 1, kind='foo')
        with pytest.raises(TypeError):
            xp.partition(a, 1.5)
        with pytest.raises(TypeError):
            xp.lexsort([])
        with pytest.raises(ValueError):
            xp.lexsort([a, a[:2]])


@pytest.mark.parametrize('dtype', [numpy.float32, numpy.int32,
                                   numpy.float64])
def test_stays_on_device(dtype, monkeypatch):
    monkeypatch.setenv('CUPY_HOST_FALLBACK', 'error')
    x = _data((64, 33), dtype)
    d = cupy.asarray(x)
    with device_only():
        v = cupy.sort(d, axis=0)
        i = cupy.argsort(d, axis=None, kind='stable')
        d.sort()
    testing.assert_array_equal(v, numpy.sort(x, axis=0))
    testing.assert_array_equal(i, numpy.argsort(x, axis=None,
                                                 kind='stable'))
    testing.assert_array_equal(d, numpy.sort(x))


@pytest.mark.parametrize('axis', [1, -2, 0, -1, None])
def test_argsort_zero_dim_axis(axis):
    # NumPy sorts a 0-d array as shape (1,): axes outside it raise
    h = numpy.array(2.5)
    try:
        want = numpy.argsort(h, axis=axis)
    except numpy.exceptions.AxisError:
        with pytest.raises(numpy.exceptions.AxisError):
            cupy.argsort(cupy.asarray(h), axis=axis)
        return
    testing.assert_array_equal(cupy.argsort(cupy.asarray(h), axis=axis),
                               want)


@testing.for_all_dtypes(no_complex=True)
@testing.numpy_cupy_array_equal(type_check=True)
def test_sort_complex_result_dtype(xp, dtype):
    # complex64 for (u)int8/16 only; bool and the rest complex128
    return xp.sort_complex(xp.asarray(numpy.array([3, 0, 1, 1], dtype)))
