"""sum, prod, nansum, nanprod, cumsum, cumprod (and the nan- and
cumulative_ forms) against NumPy: every dtype, every axis combination up
to 4-d, keepdims, dtype=, out=, initial=, where=, 0-d and empty arrays,
NaN; and that float32 sums stay on the device."""

import warnings

import numpy
import pytest

import cupy
from cupy import testing
from tests import reduction_cases as rc
from tests.routine_helpers import device_only, layouts


class TestSumProd:

    @testing.for_all_dtypes()
    @testing.numpy_cupy_allclose(rtol=rc.RTOL, atol=rc.ATOL)
    def test_sum_all_axes(self, xp, dtype):
        return rc.run_cases(xp, lambda s, ax, kd: xp.sum(
            rc.data(xp, s, dtype), axis=ax, keepdims=kd))

    @testing.for_all_dtypes()
    @testing.numpy_cupy_allclose(rtol=rc.RTOL, atol=rc.ATOL)
    def test_prod_all_axes(self, xp, dtype):
        return rc.run_cases(xp, lambda s, ax, kd: xp.prod(
            rc.data(xp, s, dtype, 'prod'), axis=ax, keepdims=kd))

    @testing.for_all_dtypes()
    @testing.numpy_cupy_allclose(rtol=rc.RTOL, atol=rc.ATOL)
    def test_nansum_all_axes(self, xp, dtype):
        return rc.run_cases(xp, lambda s, ax, kd: xp.nansum(
            rc.data(xp, s, dtype, nan=True), axis=ax, keepdims=kd))

    @testing.for_all_dtypes()
    @testing.numpy_cupy_allclose(rtol=rc.RTOL, atol=rc.ATOL)
    def test_nanprod_all_axes(self, xp, dtype):
        return rc.run_cases(xp, lambda s, ax, kd: xp.nanprod(
            rc.data(xp, s, dtype, 'prod', nan=True), axis=ax, keepdims=kd))

    @testing.for_all_dtypes()
    @testing.numpy_cupy_allclose(rtol=rc.RTOL, atol=rc.ATOL)
    def test_sum_nan_propagates(self, xp, dtype):
        a = rc.data(xp, (4, 6), dtype, nan=True)
        return [xp.sum(a), xp.sum(a, axis=0), xp.prod(a, axis=1)]

    @testing.for_all_dtypes()
    @testing.numpy_cupy_allclose(rtol=rc.RTOL, atol=rc.ATOL)
    def test_layouts(self, xp, dtype):
        out = []
        for a in layouts(xp, (3, 4), dtype):
            out += [a.sum(), a.sum(axis=0), a.sum(axis=1), a.prod(axis=0)]
        return out

    @testing.for_all_dtypes_combination(names=('src', 'dst'))
    @testing.numpy_cupy_allclose(rtol=rc.RTOL, atol=rc.ATOL,
                                 accept_error=TypeError)
    def test_dtype_argument(self, xp, src, dst):
        a = rc.data(xp, (3, 4), src)
        with warnings.catch_warnings():
            warnings.simplefilter('ignore', numpy.exceptions.ComplexWarning)
            return [xp.sum(a, dtype=dst), xp.sum(a, axis=1, dtype=dst),
                    xp.prod(a, axis=0, dtype=dst)]

    @testing.for_all_dtypes()
    def test_result_dtypes(self, dtype):
        # NumPy's: bool and small signed ints -> int64, small unsigned
        # -> uint64, floats and complex keep theirs
        h = numpy.ones((2, 3), dtype)
        for f in ('sum', 'prod', 'nansum', 'nanprod', 'cumsum', 'cumprod'):
            got = getattr(cupy, f)(cupy.asarray(h))
            want = getattr(numpy, f)(h)
            assert got.dtype == want.dtype, (f, dtype)

    @testing.for_all_dtypes(no_bool=True)
    @testing.numpy_cupy_allclose(rtol=rc.RTOL, atol=rc.ATOL)
    def test_out(self, xp, dtype):
        a = rc.data(xp, (2, 3, 4), dtype)
        res = []
        for out_dtype in (dtype, numpy.float64, numpy.int64):
            o = xp.zeros((2, 4), out_dtype)
            with warnings.catch_warnings():
                warnings.simplefilter('ignore',
                                      numpy.exceptions.ComplexWarning)
                r = xp.sum(a, axis=1, out=o)
            assert r is o
            res.append(o)
        o = xp.zeros((2, 1, 4), dtype)
        res.append(xp.prod(a, axis=1, keepdims=True, out=o))
        return res

    def test_out_wrong_shape(self):
        a = cupy.ones((2, 3))
        with pytest.raises(ValueError):
            cupy.sum(a, axis=1, out=cupy.zeros((3,)))

    @testing.for_all_dtypes(no_bool=True)
    @testing.numpy_cupy_allclose(rtol=rc.RTOL, atol=rc.ATOL)
    def test_initial(self, xp, dtype):
        a = rc.data(xp, (2, 3, 4), dtype, 'prod')
        return [xp.sum(a, initial=3), xp.sum(a, axis=(0, 2), initial=2),
                xp.prod(a, axis=1, initial=2, keepdims=True),
                xp.sum(xp.zeros((0, 3), dtype), axis=0, initial=5)]

    @testing.for_all_dtypes()
    @testing.numpy_cupy_allclose(rtol=rc.RTOL, atol=rc.ATOL)
    def test_where(self, xp, dtype):
        a = rc.data(xp, (2, 3, 4), dtype, 'prod')
        w = xp.asarray(numpy.arange(24).reshape(2, 3, 4) % 3 != 0)
        row = xp.asarray(numpy.array([True, False, True, True]))
        return [xp.sum(a, where=w), xp.sum(a, axis=1, where=w),
                xp.prod(a, axis=(0, 1), where=row),
                xp.nansum(a, axis=2, where=w, keepdims=True),
                xp.sum(a, axis=1, where=w, initial=5),
                xp.prod(a, axis=0, where=w, initial=2)]

    @testing.for_all_dtypes()
    @testing.numpy_cupy_allclose(rtol=rc.RTOL, atol=rc.ATOL)
    def test_empty(self, xp, dtype):
        out = []
        for s in rc.EMPTY_SHAPES:
            a = xp.zeros(s, dtype)
            for ax in rc.axis_cases(len(s)):
                out += [xp.sum(a, axis=ax), xp.prod(a, axis=ax),
                        xp.nansum(a, axis=ax)]
        return out

    @testing.for_all_dtypes()
    @testing.numpy_cupy_allclose(rtol=rc.RTOL, atol=rc.ATOL)
    def test_zero_dim(self, xp, dtype):
        a = rc.data(xp, (), dtype)
        return [xp.sum(a), xp.prod(a), xp.sum(a, axis=()),
                xp.sum(a, keepdims=True), xp.cumsum(a), xp.cumprod(a)]

    def test_zero_dim_result_is_array(self):
        r = cupy.sum(cupy.arange(5))
        assert isinstance(r, cupy.ndarray) and r.shape == ()

    def test_axis_errors(self):
        a = cupy.ones((2, 3))
        for xp in (numpy, cupy):
            with pytest.raises(numpy.exceptions.AxisError):
                xp.sum(xp.ones((2, 3)), axis=2)
            with pytest.raises(ValueError):
                xp.sum(xp.ones((2, 3)), axis=(1, -1))
        assert cupy.sum(a, axis=(0, 1)).shape == ()

    @testing.numpy_cupy_array_equal()
    def test_integer_wraparound(self, xp):
        big = xp.asarray(numpy.array([2 ** 63 + 5, 2 ** 63 + 7, 3],
                                     numpy.uint64))
        u16 = xp.asarray(numpy.array([65535, 65535, 9], numpy.uint16))
        i8 = xp.asarray(numpy.array([100, 100, 100], numpy.int8))
        return [xp.sum(big), xp.prod(big), xp.sum(u16, dtype=numpy.uint16),
                xp.prod(u16, dtype=numpy.uint16), xp.sum(i8),
                xp.sum(i8, dtype=numpy.int8), xp.cumsum(big),
                xp.cumsum(u16, dtype=numpy.uint16)]

    def test_float32_sum_stays_on_device(self):
        from cupy._core import _fallback
        a = cupy.asarray(numpy.random.RandomState(0).rand(64, 130)
                         .astype(numpy.float32))
        _fallback.reset()
        with device_only():
            r = [cupy.sum(a), a.sum(axis=0), a.sum(axis=1, keepdims=True),
                 a.T.sum(axis=0), a[:, ::-2].sum(), cupy.cumsum(a, axis=1),
                 a.prod(axis=0), a.mean(axis=1)]
        assert _fallback.fallback_counts() == {}
        h = a.get()
        testing.assert_allclose(r[0], h.sum(), rtol=1e-5)
        testing.assert_allclose(r[4], h[:, ::-2].sum(), rtol=1e-5)
        testing.assert_allclose(r[5], h.cumsum(axis=1), rtol=1e-5)


class TestScans:

    @testing.for_all_dtypes()
    @testing.numpy_cupy_allclose(rtol=rc.RTOL, atol=rc.ATOL)
    def test_cumsum_cumprod(self, xp, dtype):
        out = []
        for s in rc.SHAPES[1:]:
            a = rc.data(xp, s, dtype, 'prod')
            for ax in [None] + list(range(-len(s), len(s))):
                out += [xp.cumsum(a, axis=ax), xp.cumprod(a, axis=ax)]
        return out

    @testing.for_all_dtypes()
    @testing.numpy_cupy_allclose(rtol=rc.RTOL, atol=rc.ATOL)
    def test_nancumsum_nancumprod(self, xp, dtype):
        a = rc.data(xp, (3, 4), dtype, 'prod', nan=True)
        return [xp.nancumsum(a), xp.nancumsum(a, axis=0),
                xp.nancumprod(a, axis=1)]

    @testing.for_all_dtypes()
    @testing.numpy_cupy_allclose(rtol=rc.RTOL, atol=rc.ATOL)
    def test_layouts(self, xp, dtype):
        out = []
        for a in layouts(xp, (3, 4), dtype):
            out += [a.cumsum(axis=0), a.cumsum(axis=1), a.cumprod()]
        return out

    @testing.for_all_dtypes_combination(names=('src', 'dst'))
    @testing.numpy_cupy_allclose(rtol=rc.RTOL, atol=rc.ATOL,
                                 accept_error=TypeError)
    def test_dtype_argument(self, xp, src, dst):
        a = rc.data(xp, (3, 4), src, 'prod')
        with warnings.catch_warnings():
            warnings.simplefilter('ignore', numpy.exceptions.ComplexWarning)
            return [xp.cumsum(a, axis=1, dtype=dst),
                    xp.cumprod(a, dtype=dst)]

    @testing.for_all_dtypes()
    @testing.numpy_cupy_allclose(rtol=rc.RTOL, atol=rc.ATOL)
    def test_out_and_empty(self, xp, dtype):
        a = rc.data(xp, (2, 5), dtype, 'prod')
        o = xp.zeros((2, 5), numpy.float64)
        r = xp.cumsum(a, axis=1, out=o)
        assert r is o
        return [o, xp.cumsum(xp.zeros((0, 3), dtype), axis=1),
                xp.cumprod(xp.zeros((2, 0), dtype))]

    @testing.numpy_cupy_allclose(rtol=1e-6)
    def test_cumulative_sum(self, xp):
        a = rc.data(xp, (3, 4), numpy.float32)
        return [xp.cumulative_sum(a, axis=1),
                xp.cumulative_sum(a, axis=0, include_initial=True),
                xp.cumulative_prod(a[0], include_initial=True)]

    def test_scan_of_many_dims(self):
        # more than 8 axes: merged where the layout allows, else a copy
        h = numpy.arange(2 ** 10, dtype=numpy.float32).reshape((2,) * 10)
        a = cupy.asarray(h)
        testing.assert_allclose(cupy.cumsum(a, axis=3), h.cumsum(axis=3))
        t = a.transpose(9, 1, 8, 2, 7, 3, 6, 4, 5, 0)
        testing.assert_allclose(cupy.cumsum(t, axis=4),
                                h.transpose(9, 1, 8, 2, 7, 3, 6, 4, 5, 0)
                                .cumsum(axis=4))


class TestManyDims:

    def test_reduce_beyond_eight_dims(self):
        h = numpy.arange(2 ** 11, dtype=numpy.float32).reshape((2,) * 11)
        a = cupy.asarray(h)
        for axis in [(0, 2, 4, 6, 8, 10), (1, 3, 5, 7, 9), None, 5]:
            testing.assert_allclose(a.sum(axis=axis), h.sum(axis=axis))
            testing.assert_allclose(a.max(axis=axis), h.max(axis=axis))
        t = a.transpose(10, 0, 9, 1, 8, 2, 7, 3, 6, 4, 5)
        ht = h.transpose(10, 0, 9, 1, 8, 2, 7, 3, 6, 4, 5)
        testing.assert_allclose(t.sum(axis=(0, 2, 4, 6, 8, 10)),
                                ht.sum(axis=(0, 2, 4, 6, 8, 10)))

    def test_broadcast_input(self):
        h = numpy.broadcast_to(numpy.arange(4, dtype=numpy.float32), (3, 4))
        a = cupy.broadcast_to(cupy.arange(4, dtype=numpy.float32), (3, 4))
        testing.assert_allclose(a.sum(axis=0), h.sum(axis=0))
        testing.assert_allclose(a.sum(), h.sum())
        testing.assert_allclose(a.argmax(axis=1), h.argmax(axis=1))


class TestCapabilityPath:

    def test_forced_missing_sum_takes_the_fallback(self):
        from cupy._core import _dispatch
        from cupy._core import _fallback
        _fallback.reset()
        h = numpy.arange(12, dtype=numpy.float32).reshape(3, 4)
        a = cupy.asarray(h)
        with _dispatch.hide('sum', [numpy.float32]):
            with warnings.catch_warnings(record=True) as w:
                warnings.simplefilter('always')
                r = a.sum(axis=0)
                r2 = a.sum()
        assert [x.category for x in w] == [cupy.PerformanceWarning]
        assert _fallback.fallback_counts() == {('sum', 'f->f'): 2}
        testing.assert_allclose(r, h.sum(axis=0))
        testing.assert_allclose(r2, h.sum())
        _fallback.reset()
        a.sum()
        assert _fallback.fallback_counts() == {}

    def test_forced_missing_scan(self):
        from cupy._core import _dispatch
        from cupy._core import _fallback
        _fallback.reset()
        a = cupy.arange(6, dtype=numpy.int64)
        with _dispatch.hide('cumsum'):
            with pytest.warns(cupy.PerformanceWarning):
                r = cupy.cumsum(a)
        testing.assert_array_equal(r, numpy.arange(6).cumsum())
        assert _fallback.fallback_counts() == {('cumsum', 'l->l'): 1}

    def test_fallback_error_mode(self, monkeypatch):
        from cupy._core import _dispatch
        monkeypatch.setenv('CUPY_HOST_FALLBACK', 'error')
        with _dispatch.hide('max', [numpy.float32]):
            with pytest.raises(NotImplementedError):
                cupy.ones(3, numpy.float32).max()

    def test_uint64_max_is_host_and_exact(self):
        h = numpy.array([2 ** 64 - 1, 5, 2 ** 63], numpy.uint64)
        with warnings.catch_warnings():
            warnings.simplefilter('ignore', cupy.PerformanceWarning)
            assert int(cupy.asarray(h).max()) == 2 ** 64 - 1
            assert int(cupy.asarray(h).argmin()) == 1


@pytest.mark.parametrize('func', ['sum', 'prod', 'nansum', 'mean',
                                  'cumsum', 'cumprod'])
@pytest.mark.parametrize('dtype', [numpy.float32, numpy.int64, numpy.bool_])
def test_complex_to_real_dtype_warns_as_numpy(func, dtype):
    # NumPy warns (ComplexWarning) when a reduction or scan of a complex
    # array casts it to a real or integer dtype, and not for bool; the
    # repeated call (a cached plan) warns again
    h = numpy.array([1 + 2j, 3 - 1j, 0.5j], numpy.complex64)
    d = cupy.asarray(h)
    for _ in range(2):
        with warnings.catch_warnings(record=True) as w_np:
            warnings.simplefilter('always')
            want = getattr(numpy, func)(h, dtype=dtype)
        with warnings.catch_warnings(record=True) as w_cp:
            warnings.simplefilter('always')
            got = getattr(cupy, func)(d, dtype=dtype)
        warn = numpy.exceptions.ComplexWarning
        assert any(x.category is warn for x in w_np) == any(
            x.category is warn for x in w_cp)
        testing.assert_allclose(got, want, rtol=1e-6)
