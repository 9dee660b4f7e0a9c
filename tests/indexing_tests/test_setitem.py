import numpy
import pytest

import cupy
from cupy import testing
from tests.routine_helpers import device_only, layouts

_KEYS = [
    1, (1, 2), (slice(None), 1), (Ellipsis, 1), (None, 1),
    slice(None, None, -1), (slice(1, 2), slice(None, None, 2)), (),
    [0, 1], ([0, 1], [2, 1]), (slice(None), [0, 2]), ([1, 0], slice(None),
                                                      [3, 1]),
    (0, slice(None), [1, 2]), (Ellipsis, [1, -1]), ([[0], [1]], [[2, 1]]),
    ([0, 0], [1, 1], [2, 2]),
]

_BOOL = [
    lambda xp: xp.asarray(numpy.array([True, False])),
    lambda xp: xp.asarray(numpy.arange(6).reshape(2, 3) % 2 == 0),
    lambda xp: (Ellipsis, xp.asarray(numpy.array([1, 0, 0, 1], bool))),
    lambda xp: numpy.arange(24).reshape(2, 3, 4) % 5 == 0,
    lambda xp: (slice(None), [True, False, True]),
]


class TestSetitem:

    @testing.for_all_dtypes()
    @pytest.mark.parametrize('key', _KEYS)
    @testing.numpy_cupy_array_equal()
    def test_scalar(self, xp, dtype, key):
        out = []
        for a in layouts(xp, (2, 3, 4), dtype, writable=True):
            a[key] = 0
            out.append(a)
        return out

    @testing.for_all_dtypes()
    @pytest.mark.parametrize('key', _KEYS)
    @testing.numpy_cupy_array_equal()
    def test_array_value(self, xp, dtype, key):
        out = []
        for a in layouts(xp, (2, 3, 4), dtype, writable=True):
            shape = numpy.zeros((2, 3, 4))[key].shape
            v = testing.shaped_reverse_arange(shape, xp, dtype)
            a[key] = v
            out.append(a)
        return out

    @pytest.mark.parametrize('key', _KEYS)
    @testing.numpy_cupy_array_equal()
    def test_broadcast_value(self, xp, key):
        a = testing.shaped_arange((2, 3, 4), xp)
        shape = numpy.zeros((2, 3, 4))[key].shape
        if shape:
            a[key] = testing.shaped_reverse_arange(shape[-1:], xp)
        return a

    @testing.for_all_dtypes()
    @pytest.mark.parametrize('make_key', _BOOL)
    @testing.numpy_cupy_array_equal()
    def test_bool(self, xp, dtype, make_key):
        out = []
        for a in layouts(xp, (2, 3, 4), dtype, writable=True):
            a[make_key(xp)] = 1
            out.append(a)
        return out

    @testing.numpy_cupy_array_equal()
    def test_bool_values(self, xp):
        a = testing.shaped_arange((2, 3), xp)
        m = xp.asarray(numpy.array([[True, False, True], [False, True, True]]))
        a[m] = xp.asarray([10.0, 20, 30, 40])
        return a

    @testing.numpy_cupy_array_equal()
    def test_device_indices(self, xp):
        a = testing.shaped_arange((3, 4), xp)
        a[xp.asarray([2, 0]), 1] = xp.asarray([7.0, 8.0])
        a[:, xp.asarray([-1])] = 9
        return a

    @testing.numpy_cupy_array_equal()
    def test_cast_and_lists(self, xp):
        a = testing.shaped_arange((2, 3), xp, numpy.int32)
        a[0] = [1.7, -2.2, 3.9]
        a[1, [0, 2]] = numpy.array([5, 6], numpy.int64)
        b = xp.zeros(3, numpy.complex64)
        b[1] = 2 + 3j
        c = xp.zeros(2, bool)
        c[0] = 5
        return a, b, c

    @testing.numpy_cupy_array_equal()
    def test_overlap(self, xp):
        a = testing.shaped_arange((6,), xp)
        a[1:] = a[:-1]
        b = testing.shaped_arange((6,), xp)
        b[::-1] = b
        return a, b

    @testing.numpy_cupy_array_equal()
    def test_0d_and_empty(self, xp):
        a = xp.zeros(())
        a[()] = 3
        a[...] = a + 0 if xp is numpy else a
        b = xp.ones((2, 0))
        b[:] = 5
        b[[], :] = 1
        c = xp.ones(3)
        c[[]] = 7
        return a, b, c

    def test_errors(self):
        for xp in (numpy, cupy):
            a = xp.ones((2, 3))
            with pytest.raises(IndexError):
                a[2] = 1
            with pytest.raises(IndexError):
                a[[0, 3]] = 1
            with pytest.raises(ValueError):
                a[0] = xp.ones(4)
            with pytest.raises(ValueError):
                a[[0, 1]] = xp.ones((3, 3))
            with pytest.raises(IndexError):
                a[xp.asarray([True, False, True])] = 1

    def test_device_only(self):
        a = cupy.ones((3, 4))
        i = cupy.asarray([0, 2])
        v = cupy.zeros((2, 4))
        with device_only():
            a[1] = 5
            a[:, ::2] = cupy.zeros((3, 2))
            a[i] = v
            a[i, 1] = 7
