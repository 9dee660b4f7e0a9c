import numpy
import pytest

import cupy
from cupy import testing
from cupy._core import _routines_linalg


class TestComputeType:

    def test_round_trip(self):
        old = cupy._core.get_compute_type(numpy.float32)
        assert old in (_routines_linalg.COMPUTE_TYPE_DEFAULT,
                       _routines_linalg.COMPUTE_TYPE_TF32)
        try:
            cupy._core.set_compute_type(
                numpy.float32, _routines_linalg.COMPUTE_TYPE_PEDANTIC)
            assert cupy._core.get_compute_type('f') == \
                _routines_linalg.COMPUTE_TYPE_PEDANTIC
            # the other dtypes keep their own setting
            assert cupy._core.get_compute_type(numpy.float64) == \
                _routines_linalg.COMPUTE_TYPE_DEFAULT
        finally:
            cupy._core.set_compute_type(numpy.float32, old)

    def test_bad_input(self):
        with pytest.raises(TypeError):
            cupy._core.get_compute_type(numpy.int32)
        with pytest.raises(ValueError):
            cupy._core.set_compute_type(numpy.float16, 99)

    @testing.numpy_cupy_allclose(rtol=1e-5)
    def test_matmul_under_each_setting(self, xp):
        a = testing.shaped_random((8, 5), xp, numpy.float32, seed=1)
        b = testing.shaped_random((5, 3), xp, numpy.float32, seed=2)
        outs = []
        old = cupy._core.get_compute_type(numpy.float32)
        try:
            for ct in (_routines_linalg.COMPUTE_TYPE_DEFAULT,
                       _routines_linalg.COMPUTE_TYPE_PEDANTIC):
                cupy._core.set_compute_type(numpy.float32, ct)
                outs.append(a @ b)
        finally:
            cupy._core.set_compute_type(numpy.float32, old)
        return xp.stack(outs)
