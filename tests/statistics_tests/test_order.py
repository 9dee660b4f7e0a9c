"""max/amax, min/amin, nanmax, nanmin, ptp against NumPy: every dtype,
every axis combination up to 4-d, keepdims, out=, initial=, where=, NaN
propagation (max) and NaN skipping (nanmax), empty reductions."""

import numpy
import pytest

import cupy
from cupy import testing
from tests import reduction_cases as rc
from tests.routine_helpers import device_only, layouts

pytestmark = pytest.mark.filterwarnings(
    'ignore::cupy._core._fallback.PerformanceWarning')


class TestMaxMin:

    @testing.for_all_dtypes()
    @testing.numpy_cupy_array_equal()
    def test_max_all_axes(self, xp, dtype):
        return rc.run_cases(xp, lambda s, ax, kd: xp.max(
            rc.data(xp, s, dtype, 'signed'), axis=ax, keepdims=kd))

    @testing.for_all_dtypes()
    @testing.numpy_cupy_array_equal()
    def test_min_all_axes(self, xp, dtype):
        return rc.run_cases(xp, lambda s, ax, kd: xp.amin(
            rc.data(xp, s, dtype, 'signed'), axis=ax, keepdims=kd))

    @testing.for_all_dtypes()
    @testing.numpy_cupy_array_equal()
    def test_nanmax_nanmin_all_axes(self, xp, dtype):
        return rc.run_cases(xp, lambda s, ax, kd: [
            xp.nanmax(rc.data(xp, s, dtype, 'signed', nan=True), axis=ax,
                      keepdims=kd),
            xp.nanmin(rc.data(xp, s, dtype, 'signed', nan=True), axis=ax,
                      keepdims=kd)], shapes=rc.SHAPES[1:])

    @testing.for_float_dtypes()
    @testing.numpy_cupy_array_equal()
    def test_nan(self, xp, dtype):
        h = numpy.array([[1, numpy.nan, 3], [4, 5, -1], [numpy.nan] * 3],
                        dtype)
        a = xp.asarray(h)
        return [xp.max(a), xp.max(a, axis=0), xp.min(a, axis=1),
                xp.nanmax(a, axis=0), xp.nanmin(a, axis=1), xp.nanmax(a)]

    @testing.for_all_dtypes()
    @testing.numpy_cupy_array_equal()
    def test_layouts(self, xp, dtype):
        out = []
        for a in layouts(xp, (3, 4), dtype):
            out += [a.max(), a.max(axis=0), a.min(axis=1)]
        return out

    @testing.for_all_dtypes(no_complex=True)
    @testing.numpy_cupy_array_equal()
    def test_out_initial_where(self, xp, dtype):
        a = rc.data(xp, (2, 3, 4), dtype, 'signed')
        o = xp.zeros((2, 4), numpy.float64)
        r = xp.max(a, axis=1, out=o)
        assert r is o
        w = xp.asarray(numpy.arange(24).reshape(2, 3, 4) % 3 != 0)
        return [o, xp.max(a, axis=1, initial=2), xp.min(a, initial=1),
                xp.max(a, axis=(0, 2), where=w, initial=0),
                xp.min(a, where=w, initial=7),
                xp.max(xp.zeros((0, 3), dtype), axis=0, initial=4)]

    @testing.for_all_dtypes()
    def test_empty_raises(self, dtype):
        for xp in (numpy, cupy):
            for f in (xp.max, xp.min, xp.nanmax, xp.argmax):
                with pytest.raises(ValueError):
                    f(xp.zeros((0, 3), dtype))
                with pytest.raises(ValueError):
                    f(xp.zeros((0, 3), dtype), axis=0)
            assert xp.max(xp.zeros((0, 3), dtype), axis=1).shape == (0,)

    def test_where_without_initial_raises(self):
        for xp in (numpy, cupy):
            with pytest.raises(ValueError):
                xp.max(xp.ones(3), where=xp.asarray([True, False, True]))

    @testing.for_all_dtypes(no_bool=True)
    @testing.numpy_cupy_array_equal()
    def test_ptp(self, xp, dtype):
        a = rc.data(xp, (3, 4), dtype, 'signed')
        if xp.dtype(dtype).kind == 'u':
            a = rc.data(xp, (3, 4), dtype)
        return [xp.ptp(a), xp.ptp(a, axis=0), xp.ptp(a, axis=1,
                                                       keepdims=True)]

    @testing.numpy_cupy_array_equal()
    def test_methods(self, xp):
        a = rc.data(xp, (3, 4), numpy.float32, 'signed')
        ptp = a.ptp(axis=0) if xp is cupy else numpy.ptp(a, axis=0)
        return [a.max(axis=1), a.min(), ptp]

    def test_float32_max_stays_on_device(self):
        a = cupy.asarray(numpy.random.RandomState(1).rand(30, 40)
                         .astype(numpy.float32))
        with device_only():
            cupy.max(a)
            cupy.min(a, axis=0)
            cupy.argmax(a, axis=1)
