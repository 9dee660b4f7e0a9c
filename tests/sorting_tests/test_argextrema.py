"""argmax, argmin, nanargmax, nanargmin and count_nonzero against NumPy:
every dtype, every axis, keepdims, out=, ties (the first wins), NaN."""

import numpy
import pytest

import cupy
from cupy import testing
from tests import reduction_cases as rc
from tests.routine_helpers import layouts

pytestmark = pytest.mark.filterwarnings(
    'ignore::cupy._core._fallback.PerformanceWarning')


class TestArgExtrema:

    @testing.for_all_dtypes()
    @testing.numpy_cupy_array_equal()
    def test_all_axes(self, xp, dtype):
        out = []
        for s in rc.SHAPES:
            a = rc.data(xp, s, dtype, 'signed')
            for ax in [None] + list(range(-len(s), len(s))):
                for kd in (False, True):
                    out += [xp.argmax(a, axis=ax, keepdims=kd),
                            xp.argmin(a, axis=ax, keepdims=kd)]
        return out

    @testing.for_float_dtypes()
    @testing.numpy_cupy_array_equal()
    def test_nan(self, xp, dtype):
        a = xp.asarray(numpy.array([[1, numpy.nan, 3, numpy.nan],
                                    [4, 5, -1, 5],
                                    [numpy.nan, -numpy.inf, 2, numpy.nan],
                                    [numpy.nan, numpy.inf, -numpy.inf,
                                     numpy.nan]], dtype))
        return [xp.argmax(a), xp.argmax(a, axis=1), xp.argmin(a, axis=1),
                xp.nanargmax(a, axis=1), xp.nanargmin(a, axis=1),
                xp.nanargmax(a), xp.nanargmin(a, axis=0)]

    @testing.for_all_dtypes()
    @testing.numpy_cupy_array_equal()
    def test_layouts_and_methods(self, xp, dtype):
        out = []
        for a in layouts(xp, (3, 4), dtype):
            out += [a.argmax(), a.argmin(axis=0), a.argmax(axis=1)]
        return out

    @testing.numpy_cupy_array_equal()
    def test_out(self, xp):
        a = rc.data(xp, (3, 4), numpy.float32, 'signed')
        o = xp.zeros((4,), numpy.int64)
        r = xp.argmax(a, axis=0, out=o)
        assert r is o
        return o

    def test_result_is_0d_int64(self):
        r = cupy.argmax(cupy.arange(5))
        assert r.dtype == numpy.int64 and r.shape == ()


class TestCountNonzero:

    @testing.for_all_dtypes()
    @testing.numpy_cupy_array_equal(type_check=False)
    def test_all_axes(self, xp, dtype):
        return rc.run_cases(xp, lambda s, ax, kd: xp.count_nonzero(
            rc.data(xp, s, dtype, 'signed'), axis=ax, keepdims=kd),
            shapes=rc.SHAPES[1:])

    def test_dtype_and_0d(self):
        r = cupy.count_nonzero(cupy.asarray([0, 1, 2]))
        assert isinstance(r, cupy.ndarray) and r.shape == () and r == 2
        assert cupy.count_nonzero(cupy.ones((2, 3)), axis=1).dtype == \
            numpy.count_nonzero(numpy.ones((2, 3)), axis=1).dtype
        assert int(cupy.count_nonzero(cupy.zeros((0, 3)))) == 0


@pytest.mark.parametrize('name', ['argmax', 'argmin'])
@pytest.mark.parametrize('dtype', [numpy.int8, numpy.int16, numpy.int32,
                                   numpy.uint8])
def test_argextrema_index_dtype(name, dtype):
    # CuPy's dtype= extension: the same indices in the asked integer type
    h = numpy.array([[3, 9, 1, 9], [0, -2, 5, -2]], numpy.float32)
    a = cupy.asarray(h)
    for got, axis in ((getattr(cupy, name)(a, dtype=dtype), None),
                      (getattr(a, name)(axis=1, dtype=dtype), 1)):
        want = getattr(numpy, name)(h, axis=axis)
        assert got.dtype == dtype
        testing.assert_array_equal(got, want.astype(dtype))
    with pytest.raises(TypeError):
        getattr(cupy, name)(a, dtype=numpy.float32)
