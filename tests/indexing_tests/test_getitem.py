import numpy
import pytest

import cupy
from cupy import testing
from tests.routine_helpers import device_only, layouts

_BASIC = [
    1, -1, (1, 2), (1, 2, 3), (-2, -3, -4), slice(None), slice(1, None),
    slice(None, None, -1), (slice(None), 1), (Ellipsis, 1),
    (1, Ellipsis), (None,), (None, 1, None), (Ellipsis, None),
    (slice(1, 2), slice(None, None, 2), slice(3, 0, -2)), (), Ellipsis,
    (slice(5, 9),), (slice(None), slice(None), slice(-100, 100)),
    (0, None, Ellipsis, None, -1), numpy.int8(1), (numpy.int64(-1), 2),
]

_ADVANCED = [
    [0, 1], [[1], [0]], ([0, 1], [2, 1]), (slice(None), [0, 2, 2]),
    ([1, 0], slice(None), [3, 1]),      # separated by a slice
    (0, slice(None), [1, 2]),           # int counts as an array
    ([0, 1], Ellipsis, [2, 3]), (Ellipsis, [1, -1]),
    (None, [0, 1], None, [1, 2]), ([[0, 1], [1, 0]], [[2], [1]]),
    ([-1, -2],), (slice(None, None, -1), [0, 2]), ([],),
    (slice(1, 2), [0, 1], [1, 2]), (numpy.array([1, 0]), 2),
    ([0, 1, 1], slice(None), slice(None, None, -2)),
]

_BOOL = [
    lambda xp: xp.asarray(numpy.array([True, False])),
    lambda xp: (slice(None), xp.asarray(numpy.array([True, False, True]))),
    lambda xp: xp.asarray(numpy.arange(6).reshape(2, 3) % 2 == 0),
    lambda xp: xp.asarray(numpy.arange(24).reshape(2, 3, 4) % 5 == 0),
    lambda xp: (Ellipsis, xp.asarray(numpy.array([1, 0, 0, 1], bool))),
    lambda xp: (xp.asarray(numpy.array([True, True])), slice(None), 1),
    lambda xp: (xp.asarray(numpy.array([True, False])), [2, 0]),
    lambda xp: numpy.array([False, True]),
    lambda xp: [True, False],
    lambda xp: True, lambda xp: False, lambda xp: (Ellipsis, True),
    lambda xp: xp.asarray(numpy.zeros((2, 3), bool)),
]


class TestGetitem:

    @testing.for_all_dtypes()
    @pytest.mark.parametrize('key', _BASIC)
    @testing.numpy_cupy_array_equal()
    def test_basic(self, xp, dtype, key):
        return [a[key] for a in layouts(xp, (2, 3, 4), dtype)]

    @pytest.mark.parametrize('key', _BASIC)
    def test_basic_is_view(self, key):
        a = cupy.zeros((2, 3, 4))
        v = a[key]
        if isinstance(v, cupy.ndarray) and v.size:
            v[...] = 1
            h = numpy.zeros((2, 3, 4))
            h[key] = 1
            testing.assert_array_equal(a, h)

    @testing.for_all_dtypes()
    @pytest.mark.parametrize('key', _ADVANCED)
    @testing.numpy_cupy_array_equal()
    def test_advanced_host(self, xp, dtype, key):
        return [a[key] for a in layouts(xp, (2, 3, 4), dtype)]

    @pytest.mark.parametrize('key', _ADVANCED)
    @testing.numpy_cupy_array_equal()
    def test_advanced_device(self, xp, key):
        def dev(k):
            if isinstance(k, (list, numpy.ndarray)):
                return xp.asarray(numpy.asarray(k, dtype=numpy.int64))
            return k
        key = tuple(dev(k) for k in key) if isinstance(key, tuple) else \
            dev(key)
        return [a[key] for a in layouts(xp, (2, 3, 4), numpy.float32)]

    @testing.for_all_dtypes()
    @pytest.mark.parametrize('make_key', _BOOL)
    @testing.numpy_cupy_array_equal()
    def test_bool(self, xp, dtype, make_key):
        return [a[make_key(xp)] for a in layouts(xp, (2, 3, 4), dtype)]

    @testing.numpy_cupy_array_equal()
    def test_0d(self, xp):
        a = xp.asarray(numpy.float32(3))
        return (a[()], a[...], a[None], a[True], a[False],
                a[xp.asarray(True)])

    @testing.numpy_cupy_array_equal()
    def test_empty(self, xp):
        a = testing.shaped_arange((0, 3), xp)
        b = testing.shaped_arange((2, 3), xp)
        return (a[:, 1], a[[], :], b[[]], b[:, []], b[1:1], a[..., [0, 2]])

    @testing.numpy_cupy_array_equal()
    def test_int_dtypes_as_index(self, xp):
        a = testing.shaped_arange((5,), xp)
        return [a[xp.asarray([4, 0], dtype=d)]
                for d in (numpy.int8, numpy.uint8, numpy.int16, numpy.uint32,
                          numpy.int64, numpy.uint64)]

    @pytest.mark.parametrize('key', [
        3, -4, (0, 3), (0, 0, 4), [0, 5], ([0, 1], [3, 0]), (0, 0, 0, 0),
        [[[0]]] * 0 + [0, -3]])
    def test_index_errors(self, key):
        for xp in (numpy, cupy):
            with pytest.raises(IndexError):
                xp.ones((2, 3, 4))[key]

    @pytest.mark.parametrize('key', [
        1.5, 'a', (Ellipsis, Ellipsis), numpy.array([1.0]),
        [numpy.array([True, False, True])]])
    def test_invalid_keys(self, key):
        for xp in (numpy, cupy):
            with pytest.raises(IndexError):
                xp.ones((2, 3, 4))[key]

    def test_bool_shape_mismatch(self):
        for xp in (numpy, cupy):
            with pytest.raises(IndexError):
                xp.ones((2, 3))[xp.asarray([True, False, True])]

    def test_broadcast_mismatch(self):
        for xp in (numpy, cupy):
            with pytest.raises(IndexError):
                xp.ones((2, 3, 4))[[0, 1], [0, 1, 2]]

    def test_float_device_index(self):
        with pytest.raises(IndexError):
            cupy.ones(3)[cupy.asarray([1.0])]

    def test_device_index_wraps(self):
        # device index arrays are wrapped, as CuPy does (no host check)
        a = testing.shaped_arange((4,), cupy)
        testing.assert_array_equal(a[cupy.asarray([4, -5])], [1, 4])

    def test_device_only(self):
        a = cupy.ones((3, 4, 5))
        i = cupy.asarray([0, 2])
        j = cupy.asarray([1, 3])
        with device_only():
            a[1:, ::-1, None]
            a[i]
            a[i, :, j]
            a[:, j]
        with device_only(d2h_allowed=8):
            a[cupy.ones((3, 4), bool)]


class TestManyIndexArrays:
    """More than 8 index arrays (or dims): linearised into one index."""

    shape = (2, 3, 2, 2, 3, 2, 2, 2, 2, 3)

    def _keys(self, xp, n):
        return tuple(xp.asarray([[i % d, (i + 1) % d]])
                     for i, d in enumerate(self.shape[:n]))

    @testing.for_all_dtypes()
    @pytest.mark.parametrize('n', [9, 10])
    @testing.numpy_cupy_array_equal()
    def test_getitem(self, xp, dtype, n):
        a = testing.shaped_arange(self.shape, xp, dtype)
        return (a[self._keys(xp, n)],
                xp.asfortranarray(a)[self._keys(xp, n)],
                a.T[self._keys(xp, n)[::-1]] if n == 10 else a[::-1])

    @testing.numpy_cupy_array_equal()
    def test_getitem_mixed_and_high_rank(self, xp):
        a = testing.shaped_arange(self.shape, xp)
        k = self._keys(xp, 10)
        return (a[k[0], :, k[2]], a[..., k[9]], a[k[:9] + (slice(1, 3),)],
                a[k[:9] + (0,)])

    @testing.for_all_dtypes()
    @testing.numpy_cupy_array_equal()
    def test_setitem(self, xp, dtype):
        a = testing.shaped_arange(self.shape, xp, dtype)
        f = xp.asfortranarray(a)
        a[self._keys(xp, 10)] = 0
        f[self._keys(xp, 9)] = testing.shaped_arange((1, 2, 3), xp, dtype)
        return a, f

    @testing.numpy_cupy_array_equal()
    def test_along_axis(self, xp):
        a = testing.shaped_random(self.shape, xp, numpy.float32, seed=3)
        idx = xp.argsort(a, axis=4) if xp is numpy else \
            xp.asarray(numpy.argsort(a.get(), axis=4))
        t = xp.take_along_axis(a, idx, 4)
        b = a.copy()
        xp.put_along_axis(b, idx, -a, 4)
        return t, b

    def test_device_only(self):
        a = testing.shaped_arange(self.shape, cupy)
        k = self._keys(cupy, 10)
        with device_only():
            a[k]
            a[k] = 5
