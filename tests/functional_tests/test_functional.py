import numpy
import pytest

import cupy
from cupy import testing


class TestPiecewise:

    @testing.for_dtypes('ilfd')
    @testing.numpy_cupy_allclose(type_check=True)
    def test_functions(self, xp, dtype):
        x = testing.shaped_arange((3, 4), xp, dtype) - 5
        return xp.piecewise(x, [x < 0, x > 3], [lambda v: -v, lambda v: v * 2,
                                                7])

    @testing.numpy_cupy_array_equal()
    def test_scalars_and_overlap(self, xp):
        x = xp.arange(10)
        return xp.piecewise(x, [x < 5, x < 3], [1, 2])

    @testing.numpy_cupy_array_equal()
    def test_single_condition(self, xp):
        x = xp.arange(6.0)
        return xp.piecewise(x, x > 2, [lambda v: v + 10, -1])

    @testing.numpy_cupy_allclose()
    def test_args(self, xp):
        x = xp.linspace(-2, 2, 9)
        return xp.piecewise(x, [x < 0], [lambda v, k: v * k, 0], 3)

    def test_bad_count(self):
        for xp in (numpy, cupy):
            x = xp.arange(4)
            with pytest.raises(ValueError):
                xp.piecewise(x, [x < 1, x > 2], [1, 2, 3, 4])


class TestApply:

    @pytest.mark.parametrize('axis', [0, 1, -1, 2])
    @testing.numpy_cupy_allclose()
    def test_along_axis(self, xp, axis):
        a = testing.shaped_arange((2, 3, 4), xp, numpy.float64)
        return xp.apply_along_axis(lambda v: v * v.sum(), axis, a)

    @testing.numpy_cupy_allclose()
    def test_along_axis_scalar_and_2d_results(self, xp):
        a = testing.shaped_arange((3, 4), xp, numpy.float64)
        s = xp.apply_along_axis(lambda v, k: v.max() * k, 1, a, 2)
        m = xp.apply_along_axis(lambda v: xp.outer(v, v[:2]), 0, a)
        return s.sum() + m.sum(axis=(1, 2))

    def test_along_axis_errors(self):
        for xp in (numpy, cupy):
            with pytest.raises(ValueError):
                xp.apply_along_axis(xp.sum, 1, xp.zeros((0, 3)))
            with pytest.raises(numpy.exceptions.AxisError):
                xp.apply_along_axis(xp.sum, 2, xp.zeros((2, 3)))

    @pytest.mark.parametrize('axes', [0, [0, 2], [-1, 1], []])
    @testing.numpy_cupy_allclose()
    def test_over_axes(self, xp, axes):
        a = testing.shaped_arange((2, 3, 4), xp, numpy.float64)
        return xp.apply_over_axes(xp.sum, a, axes)

    def test_over_axes_bad_shape(self):
        for xp in (numpy, cupy):
            with pytest.raises(ValueError):
                xp.apply_over_axes(lambda a, ax: a.sum(axis=None), xp.ones(
                    (2, 3, 4)), [0])


class TestVectorize:

    @testing.for_dtypes('ilfd')
    @testing.numpy_cupy_allclose(rtol=1e-6)
    def test_arithmetic(self, xp, dtype):
        def f(a, b):
            return xp.where(a > b, a - b, a * b + 1)
        a = testing.shaped_arange((3, 4), xp, dtype)
        b = testing.shaped_arange((4,), xp, dtype)[::-1]
        return xp.vectorize(f)(a, b)

    @testing.numpy_cupy_array_equal(type_check=True)
    def test_otypes_and_constant(self, xp):
        v = xp.vectorize(lambda a, b: 3, otypes=[numpy.float32])
        return v(xp.arange(3), xp.arange(2)[:, None])

    @testing.numpy_cupy_allclose()
    def test_excluded_and_tuple(self, xp):
        v = xp.vectorize(lambda a, p: (a * p[0], a + p[1]), excluded={1})
        r = v(xp.arange(4.0), [2.0, 5.0])
        return xp.stack(r)

    def test_per_element_callable_without_source_is_refused(self):
        # no Python source to run over the lanes: one call on the arrays,
        # which needs one element at a time
        class Abs:
            def __call__(self, x):
                return x if x > 0 else -x
        assert numpy.vectorize(Abs())(numpy.array([-1, 2])).tolist() == [1, 2]
        with pytest.raises(NotImplementedError, match='whole device arrays'):
            cupy.vectorize(Abs())(cupy.array([-1, 2]))

    def test_signature_refused(self):
        with pytest.raises(NotImplementedError):
            cupy.vectorize(lambda a: a, signature='(n)->()')
