"""mean, var, std (ddof), nanmean, nanvar, nanstd, average against NumPy:
every dtype, every axis combination up to 4-d, keepdims, dtype=, out=,
where=, empty slices (NaN and NumPy's RuntimeWarning), NaN handling;
and the compositions (float64 and complex var, the nan-functions) taken
when the elementwise operations run on device."""

import warnings

import numpy
import pytest

import cupy
from cupy import testing
from tests import reduction_cases as rc

pytestmark = pytest.mark.filterwarnings(
    'ignore::cupy._core._fallback.PerformanceWarning')

# var/std of float16 is computed in float32 on the device (NumPy: float16)
TOL = dict(rc.RTOL)
TOL[numpy.float16] = 3e-2


class TestMeanVar:

    @testing.for_all_dtypes()
    @testing.numpy_cupy_allclose(rtol=TOL, atol=rc.ATOL)
    def test_mean_all_axes(self, xp, dtype):
        return rc.run_cases(xp, lambda s, ax, kd: xp.mean(
            rc.data(xp, s, dtype, 'signed'), axis=ax, keepdims=kd))

    @testing.for_all_dtypes()
    @testing.numpy_cupy_allclose(rtol=TOL, atol=TOL)
    def test_var_std_all_axes(self, xp, dtype):
        return rc.run_cases(xp, lambda s, ax, kd: [
            xp.var(rc.data(xp, s, dtype, 'signed'), axis=ax, keepdims=kd),
            xp.std(rc.data(xp, s, dtype, 'signed'), axis=ax, keepdims=kd,
                   ddof=1)], shapes=rc.SHAPES[1:])

    @testing.for_all_dtypes()
    @testing.numpy_cupy_allclose(rtol=TOL, atol=TOL)
    def test_nan_functions_all_axes(self, xp, dtype):
        return rc.run_cases(xp, lambda s, ax, kd: [
            f(rc.data(xp, s, dtype, 'signed', nan=True), axis=ax,
              keepdims=kd) for f in (xp.nanmean, xp.nanvar, xp.nanstd)],
            shapes=rc.SHAPES[2:])

    @testing.for_float_dtypes(no_float16=True)
    @testing.numpy_cupy_allclose(rtol=TOL, atol=TOL)
    def test_ddof(self, xp, dtype):
        a = rc.data(xp, (3, 4), dtype, 'signed')
        with warnings.catch_warnings():
            warnings.simplefilter('ignore', RuntimeWarning)
            return [xp.var(a, ddof=d, axis=1) for d in (0, 1, 2, 3, 4, 5)] + [
                xp.std(a, ddof=0.5), xp.var(a, correction=1, axis=0)]

    def test_ddof_warning(self):
        for xp in (numpy, cupy):
            with pytest.warns(RuntimeWarning, match='Degrees of freedom'):
                xp.var(xp.ones((2, 3), numpy.float32), axis=0, ddof=2)

    @testing.for_all_dtypes_combination(names=('src', 'dst'), full=False)
    @testing.numpy_cupy_allclose(rtol=TOL, atol=TOL, accept_error=TypeError)
    def test_dtype_argument(self, xp, src, dst):
        if numpy.dtype(dst).kind not in 'fc':
            return []
        a = rc.data(xp, (3, 4), src)
        with warnings.catch_warnings():
            warnings.simplefilter('ignore', numpy.exceptions.ComplexWarning)
            return [xp.mean(a, dtype=dst), xp.mean(a, axis=1, dtype=dst),
                    xp.var(a, axis=0, dtype=dst)]

    @testing.for_all_dtypes(no_complex=True)
    @testing.numpy_cupy_allclose(rtol=TOL, atol=TOL)
    def test_out_where(self, xp, dtype):
        a = rc.data(xp, (2, 3, 4), dtype)
        o = xp.zeros((2, 4), numpy.float64)
        r = xp.mean(a, axis=1, out=o)
        assert r is o
        w = xp.asarray(numpy.arange(24).reshape(2, 3, 4) % 3 != 0)
        return [o, xp.mean(a, axis=2, where=w), xp.var(a, axis=1, where=w),
                xp.std(a, where=w, ddof=1)]

    @testing.for_all_dtypes()
    def test_empty(self, dtype):
        for shape, axis in [((0,), None), ((2, 0), 1), ((0, 3), 0)]:
            for f in ('mean', 'var', 'std'):
                with warnings.catch_warnings(record=True) as wn:
                    warnings.simplefilter('always')
                    want = getattr(numpy, f)(numpy.zeros(shape, dtype),
                                             axis=axis)
                with warnings.catch_warnings(record=True) as wc:
                    warnings.simplefilter('always')
                    got = getattr(cupy, f)(cupy.zeros(shape, dtype),
                                           axis=axis)
                assert [type(w.message) for w in wn if issubclass(
                    w.category, RuntimeWarning)] == [
                    type(w.message) for w in wc
                    if issubclass(w.category, RuntimeWarning) and
                    not issubclass(w.category, cupy.PerformanceWarning)]
                testing.assert_allclose(got, want)
                assert got.dtype == numpy.asarray(want).dtype

    @testing.numpy_cupy_allclose(rtol=1e-6)
    def test_result_dtypes(self, xp):
        return [xp.mean(xp.arange(5, dtype=numpy.int8)),
                xp.mean(xp.ones(4, numpy.float16)),
                xp.var(xp.arange(4, dtype=numpy.uint16)),
                xp.var(xp.asarray(numpy.array([1 + 2j, 3 - 1j, 2j],
                                              numpy.complex64))),
                xp.std(xp.asarray(numpy.array([True, False, True])))]

    @testing.numpy_cupy_allclose(rtol=1e-6)
    def test_methods(self, xp):
        a = rc.data(xp, (3, 4), numpy.float32, 'signed')
        return [a.mean(axis=1), a.var(), a.std(axis=0, ddof=1)]

    def test_float32_var_stays_on_device(self):
        from tests.routine_helpers import device_only
        a = cupy.asarray(numpy.random.RandomState(2).rand(20, 30)
                         .astype(numpy.float32))
        with device_only():
            cupy.var(a, axis=0)
            cupy.std(a)
            cupy.mean(a, axis=1)


class TestAverage:

    @testing.for_float_dtypes(no_float16=True)
    @testing.numpy_cupy_allclose(rtol=1e-6)
    def test_average(self, xp, dtype):
        a = rc.data(xp, (2, 3, 4), dtype)
        w = xp.asarray(numpy.array([1, 2, 3], dtype))
        w3 = rc.data(xp, (2, 3, 4), dtype, 'prod')
        avg, scl = xp.average(a, axis=1, weights=w, returned=True)
        return [xp.average(a), xp.average(a, axis=(0, 2)), avg, scl,
                xp.average(a, weights=w3), xp.average(a, axis=1, weights=w,
                                                      keepdims=True)]

    @testing.numpy_cupy_allclose(rtol=1e-6)
    def test_average_int(self, xp):
        a = xp.asarray(numpy.arange(6, dtype=numpy.int32).reshape(2, 3))
        return [xp.average(a), xp.average(a, axis=0,
                                          weights=xp.asarray([1, 3]))]

    def test_average_errors(self):
        for xp in (numpy, cupy):
            with pytest.raises(TypeError):
                xp.average(xp.ones((2, 3)), weights=xp.ones(3))
            with pytest.raises(ValueError):
                xp.average(xp.ones((2, 3)), axis=0, weights=xp.ones(3))


def _reference_provider():
    try:
        from tests.math_tests.reference_provider import reference_provider
    except ImportError:
        pytest.skip('needs the ufunc tests\' reference provider')
    return reference_provider


class TestComposed:
    """With the elementwise operations on device (the ufunc tests'
    reference provider), the compositions run instead of the host
    fallback: var/std in float64 and complex, non-integer ddof, the
    nan-functions."""

    @pytest.mark.parametrize('dtype', ['float64', 'complex64', 'complex128',
                                       'float32'])
    def test_composed_paths(self, dtype):
        from cupy._core import _fallback
        reference_provider = _reference_provider()
        h = rc.data(numpy, (4, 5), dtype, 'signed', nan=True)
        hc = rc.data(numpy, (4, 5), dtype, 'signed')
        a, ac = cupy.asarray(h), cupy.asarray(hc)
        tol = 1e-5 if dtype in ('float32', 'complex64') else 1e-12

        def calls(xp, a, ac):
            r = [xp.var(ac, axis=0), xp.std(ac, ddof=1),
                 xp.std(ac, axis=1, ddof=0.5), xp.nansum(a, axis=1),
                 xp.nanprod(a, axis=0), xp.nanmean(a, axis=1),
                 xp.nanvar(a, axis=0), xp.nanstd(a)]
            if dtype in ('float64', 'float32'):
                r += [xp.nanmax(a, axis=0), xp.nanmin(a),
                      xp.nanargmax(a, axis=1), xp.nanargmin(a)]
            return r

        with reference_provider():
            _fallback.reset()
            got = calls(cupy, a, ac)
            counts = _fallback.fallback_counts()
        want = calls(numpy, h, hc)
        assert not [k for k in counts if k[0] in (
            'var', 'std', 'nansum', 'nanprod', 'nanmean', 'nanvar',
            'nanstd', 'nanmax', 'nanmin', 'nanargmax', 'nanargmin')], counts
        for g, w in zip(got, want):
            assert g.dtype == numpy.asarray(w).dtype
            testing.assert_allclose(g, w, rtol=tol, atol=tol)


def test_float64_var_composed_on_device():
    """float64 has no aclnnVarCorrection: with the elementwise loops on
    device, var/std/nan-functions compose on device (no host copy, no
    fallback); without them they would fall back (counted)."""
    from cupy._core import _fallback
    from cupy._core import _dispatch
    from tests.routine_helpers import device_only
    f8 = numpy.dtype(numpy.float64)
    if not (_dispatch.route('var', f8) == 'composed' and
            _dispatch.route('nanmax', f8) == 'composed'):
        pytest.skip('the elementwise loops of the composition are not on '
                    'this device')
    h = rc.data(numpy, (6, 7), f8, 'signed', nan=True)
    a = cupy.asarray(h)
    hc = rc.data(numpy, (6, 7), f8, 'signed')
    c = cupy.asarray(hc)
    _fallback.reset()
    with device_only():
        got = [cupy.var(c, axis=0), cupy.std(c, ddof=1), cupy.nanmax(a),
               cupy.nanmean(a, axis=1), cupy.nanargmin(a, axis=0)]
    assert _fallback.fallback_counts() == {}
    want = [numpy.var(hc, axis=0), numpy.std(hc, ddof=1), numpy.nanmax(h),
            numpy.nanmean(h, axis=1), numpy.nanargmin(h, axis=0)]
    for g, w in zip(got, want):
        testing.assert_allclose(g, w, rtol=1e-12, atol=1e-12)
