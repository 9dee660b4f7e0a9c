"""isclose, allclose, array_equal, array_equiv, isin, type tests and
isposinf/isneginf against NumPy, on the device."""

import numpy
import pytest

import cupy
from cupy import testing
from tests.routine_helpers import device_only

_NAN, _INF = float('nan'), float('inf')


@testing.for_all_dtypes()
@testing.numpy_cupy_array_equal()
def test_isclose(xp, dtype):
    a = xp.array([0.9e-5, 1.1e-5, 1000 + 1e-4, 1000 - 1e-4, 3]).astype(dtype)
    b = xp.array([0, 0, 1000, 1000, 3]).astype(dtype)
    return xp.isclose(a, b), xp.isclose(a, b, rtol=0, atol=1e-5)


@testing.for_float_dtypes()
@testing.numpy_cupy_array_equal()
def test_isclose_special(xp, dtype):
    a = xp.array([0, _NAN, _NAN, 0, _INF, -_INF, _INF]).astype(dtype)
    b = xp.array([0, _NAN, 0, _NAN, _INF, -_INF, -_INF]).astype(dtype)
    return (xp.isclose(a, b), xp.isclose(a, b, equal_nan=True),
            xp.asarray(xp.allclose(a[:1], b[:1])),
            xp.asarray(xp.allclose(a, b)))


def test_isclose_integer_minimum_and_scalars():
    a = cupy.array([0], numpy.int32)
    b = cupy.array([numpy.iinfo(numpy.int32).min], numpy.int32)
    assert not bool(cupy.isclose(a, b)[0])
    r = cupy.isclose(numpy.float32(0), numpy.float32(0))
    assert isinstance(r, cupy.ndarray) and r.shape == () and bool(r)


def test_whole_array_tests_stay_on_device():
    a = cupy.arange(6.0)
    with device_only():
        r = [cupy.allclose(a, a), cupy.array_equal(a, a),
             cupy.array_equiv(a, a[None]), cupy.isin(a, a[:2])]
    assert all(isinstance(x, cupy.ndarray) for x in r)


@testing.for_all_dtypes()
def test_array_equal_equiv(dtype):
    for xp in (numpy, cupy):
        a = xp.array([1, 2, 3, 4], dtype)
    h = numpy.array([0, 4, 1, 1], dtype)
    d = cupy.asarray(h)
    for other in ([0, 4, 1, 1], [0, 4, 2, 3], [0, 4, 1], [[0, 4, 1, 1]] * 2):
        o = numpy.array(other, dtype)
        assert bool(cupy.array_equal(d, cupy.asarray(o))) == \
            numpy.array_equal(h, o)
        assert bool(cupy.array_equiv(d, cupy.asarray(o))) == \
            numpy.array_equiv(h, o)


@testing.for_dtypes('efdFD')
def test_array_equal_nan(dtype):
    h = numpy.array([0, _NAN, _INF, -_INF], dtype)
    if numpy.dtype(dtype).kind == 'c':
        h[1] = complex(1, _NAN)
    g = h.copy()
    if numpy.dtype(dtype).kind == 'c':
        g[1] = complex(_NAN, 2)
    a, b = cupy.asarray(h), cupy.asarray(g)
    for kw in ({}, {'equal_nan': True}):
        assert bool(cupy.array_equal(a, b, **kw)) == \
            numpy.array_equal(h, g, **kw)


@pytest.mark.parametrize('invert', [False, True])
@pytest.mark.parametrize('shapes', [((0,), (3,)), ((3,), (0,)),
                                    ((2, 3), (2, 1, 3)), ((2, 0, 1), (3,)),
                                    ((4, 5), (7,))])
@testing.for_all_dtypes()
@testing.numpy_cupy_array_equal()
def test_isin(xp, dtype, shapes, invert):
    x = testing.shaped_arange(shapes[0], xp, dtype)
    y = testing.shaped_arange(shapes[1], xp, dtype) * 2
    return xp.isin(x, y, invert=invert)


def test_isin_ints():
    x = numpy.arange(20) % 7
    y = numpy.array([1, 5, 9, 3, 11])
    testing.assert_array_equal(
        cupy.isin(cupy.asarray(x), cupy.asarray(y)), numpy.isin(x, y))


@testing.for_all_dtypes()
def test_type_testing(dtype):
    h = numpy.ones(5, dtype)
    d = cupy.asarray(h)
    for name in ('iscomplex', 'isreal'):
        testing.assert_array_equal(getattr(cupy, name)(d),
                                   getattr(numpy, name)(h))
        assert getattr(cupy, name)(dtype(3)) == getattr(numpy, name)(dtype(3))
    for name in ('iscomplexobj', 'isrealobj'):
        assert getattr(cupy, name)(d) == getattr(numpy, name)(h)
    assert cupy.isscalar(dtype(3)) and not cupy.isscalar(d)


def test_isfortran():
    for h in (numpy.ones(24), numpy.ones((4, 6)),
              numpy.ones((4, 6), order='F'), numpy.ones((4, 6))[1:3][1:3]):
        assert cupy.isfortran(cupy.asarray(h)) == numpy.isfortran(h)


@testing.for_float_dtypes()
@testing.numpy_cupy_array_equal()
def test_isposinf_isneginf(xp, dtype):
    a = xp.array([-3, _INF, -1, -_INF, 0, 1, 2, _NAN], dtype)
    return xp.isposinf(a), xp.isneginf(a)


def test_isposinf_complex_raises():
    with pytest.raises(TypeError):
        cupy.isposinf(cupy.ones(2, complex))
