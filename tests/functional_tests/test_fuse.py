import numpy
import pytest

import cupy
from cupy import testing


@cupy.fuse()
def _axpy(a, x, y):
    return a * x + y


@cupy.fuse
def _norm_sq(x):
    return cupy.sum(x * x)


@cupy.fuse(kernel_name='clipped')
def _clipped(x, lo, hi):
    return cupy.where(x < lo, lo, cupy.where(x > hi, hi, x))


class TestFuse:

    @testing.for_dtypes('ifd')
    @testing.numpy_cupy_allclose(rtol=1e-6)
    def test_elementwise(self, xp, dtype):
        x = testing.shaped_arange((3, 4), xp, dtype)
        y = testing.shaped_arange((4,), xp, dtype)
        if xp is numpy:
            return 3 * x + y
        return _axpy(3, x, y)

    @testing.numpy_cupy_allclose(rtol=1e-12)
    def test_reduction_inside(self, xp):
        x = testing.shaped_arange((5,), xp, numpy.float64)
        if xp is numpy:
            return numpy.sum(x * x)
        return _norm_sq(x)

    def test_decorator_forms_and_name(self):
        assert _clipped.name == 'clipped'
        assert _axpy.__name__ == '_axpy'
        x = cupy.array([-2.0, 0.5, 3.0])
        testing.assert_array_equal(_clipped(x, 0.0, 1.0), [0.0, 0.5, 1.0])

    def test_numpy_inputs_run_on_host(self):
        out = _axpy(2, numpy.ones(3), numpy.ones(3))
        assert isinstance(out, numpy.ndarray)

    def test_bad_keyword(self):
        with pytest.raises(TypeError):
            cupy.fuse(foo=1)


class TestFuseDocExamples:
    """CuPy's documentation examples of cupy.fuse, called repeatedly
    (later calls replay the first call's requests, the elementwise part
    merged into one loop program), against NumPy."""

    def test_squared_diff(self):
        @cupy.fuse()
        def squared_diff(x, y):
            return (x - y) * (x - y)

        x = numpy.arange(10)
        y = x[::-1].copy()
        for _ in range(3):
            testing.assert_array_equal(
                squared_diff(cupy.array(x), cupy.array(y)), (x - y) ** 2)
            testing.assert_array_equal(squared_diff(cupy.array(x), 5),
                                       (x - 5) ** 2)

    def test_named_kernel_and_sum_of_products(self):
        @cupy.fuse(kernel_name='sum_of_products')
        def sum_of_products(x, y):
            return cupy.sum(x * y, axis=-1)

        for seed in range(3):
            rng = numpy.random.default_rng(seed)
            x, y = rng.random((4, 50)), rng.random((4, 50))
            testing.assert_allclose(
                sum_of_products(cupy.array(x), cupy.array(y)),
                (x * y).sum(axis=-1), rtol=1e-13)

    def test_elementwise_part_is_one_program(self):
        from cupy._core import _dispatch

        @cupy.fuse()
        def f(x, y):
            return cupy.sum(cupy.exp(x) * y + x * x, axis=0)

        x, y = cupy.linspace(0, 1, 30), cupy.linspace(1, 2, 30)
        want = f(x, y)
        ops = []
        prev = _dispatch.set_tap(lambda op, *rest: ops.append(op))
        try:
            got = f(x, y)
        finally:
            _dispatch.set_tap(prev)
        assert ops == ['elementwise_program', 'reduce']
        testing.assert_array_equal(got, want)
        xh, yh = numpy.linspace(0, 1, 30), numpy.linspace(1, 2, 30)
        testing.assert_allclose(got, (numpy.exp(xh) * yh + xh * xh).sum(),
                                rtol=1e-13)
