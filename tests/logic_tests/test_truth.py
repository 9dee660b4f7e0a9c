"""all and any against NumPy: every dtype (NaN and complex parts are
truthy), every axis combination up to 4-d, keepdims, out=, where=, empty
and 0-d arrays."""

import numpy
import pytest

import cupy
from cupy import testing
from tests import reduction_cases as rc
from tests.routine_helpers import device_only, layouts

pytestmark = pytest.mark.filterwarnings(
    'ignore::cupy._core._fallback.PerformanceWarning')


def _mixed(xp, shape, dtype):
    """Zeros and nonzeros, so that all() and any() differ by axis."""
    n = int(numpy.prod(shape)) if shape else 1
    h = (numpy.arange(n) % 4 != 1).reshape(shape).astype(dtype)
    return xp.asarray(h)


class TestAllAny:

    @testing.for_all_dtypes()
    @testing.numpy_cupy_array_equal()
    def test_all_any_all_axes(self, xp, dtype):
        return rc.run_cases(xp, lambda s, ax, kd: [
            xp.all(_mixed(xp, s, dtype), axis=ax, keepdims=kd),
            xp.any(_mixed(xp, s, dtype), axis=ax, keepdims=kd)])

    @testing.for_float_dtypes()
    @testing.numpy_cupy_array_equal()
    def test_nan_is_true(self, xp, dtype):
        a = xp.asarray(numpy.array([[numpy.nan, 0], [numpy.nan, 1]], dtype))
        return [xp.all(a, axis=0), xp.any(a, axis=1), xp.all(a)]

    @testing.for_complex_dtypes()
    @testing.numpy_cupy_array_equal()
    def test_complex_parts(self, xp, dtype):
        a = xp.asarray(numpy.array([[1j, 0], [0j, 1 + 0j], [2j, 3]], dtype))
        return [xp.all(a, axis=0), xp.all(a, axis=1), xp.any(a, axis=1),
                xp.all(a), xp.any(a)]

    @testing.for_all_dtypes()
    @testing.numpy_cupy_array_equal()
    def test_layouts(self, xp, dtype):
        out = []
        for a in layouts(xp, (3, 4), dtype):
            out += [a.all(), a.any(axis=0), a.all(axis=1)]
        return out

    @testing.for_all_dtypes()
    @testing.numpy_cupy_array_equal()
    def test_out_where_empty(self, xp, dtype):
        a = _mixed(xp, (2, 3, 4), dtype)
        o = xp.zeros((2, 4), numpy.bool_)
        r = xp.all(a, axis=1, out=o)
        assert r is o
        w = xp.asarray(numpy.arange(24).reshape(2, 3, 4) % 4 != 1)
        return [o, xp.all(a, where=w), xp.any(a, axis=2, where=~w if
                                              xp is numpy else
                                              xp.asarray(~w.get())),
                xp.all(xp.zeros((0, 3), dtype), axis=0),
                xp.any(xp.zeros((0, 3), dtype)),
                xp.all(_mixed(xp, (), dtype))]

    def test_stays_on_device(self):
        a = _mixed(cupy, (30, 40), numpy.float32)
        with device_only():
            cupy.all(a)
            cupy.any(a, axis=0)
            cupy.count_nonzero(a, axis=1)
