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
