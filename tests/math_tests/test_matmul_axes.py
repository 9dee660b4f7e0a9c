import numpy
import pytest

import cupy
from cupy import testing


class TestMatmulAxes:

    @pytest.mark.parametrize('shapes, axes', [
        (((2, 3, 4), (4, 5)), [(1, 2), (0, 1), (1, 2)]),
        (((3, 2, 4), (5, 2, 4)), [(0, 2), (2, 0), (0, 1)]),
        (((4, 3), (4,)), [(1, 0), 0, 0]),
        (((4,), (4,)), [0, 0, ()]),
        (((2, 3, 4), (2, 4, 3)), [(-2, -1), (1, 2), (-1, -2)]),
    ])
    @testing.numpy_cupy_allclose(type_check=True)
    def test_axes(self, xp, shapes, axes):
        a = testing.shaped_arange(shapes[0], xp, numpy.float32)
        b = testing.shaped_arange(shapes[1], xp, numpy.float32)
        return xp.matmul(a, b, axes=axes)

    @testing.numpy_cupy_allclose()
    def test_axes_out(self, xp):
        a = testing.shaped_arange((3, 2, 4), xp, numpy.float64)
        b = testing.shaped_arange((3, 4, 2), xp, numpy.float64)
        out = xp.zeros((3, 2, 3))
        r = xp.matmul(a, b, axes=[(0, 2), (1, 0), (0, 2)], out=out)
        assert r is out
        return out

    def test_numpy_matmul_dispatches(self):
        a = testing.shaped_arange((3, 2, 4), cupy, numpy.float32)
        b = testing.shaped_arange((4, 3), cupy, numpy.float32)
        r = numpy.matmul(a, b, axes=[(0, 2), (0, 1), (0, 1)])
        assert isinstance(r, cupy.ndarray)
        testing.assert_allclose(r, numpy.matmul(
            a.get(), b.get(), axes=[(0, 2), (0, 1), (0, 1)]))

    def test_bad_axes(self):
        for xp in (numpy, cupy):
            a = xp.ones((2, 3))
            with pytest.raises(ValueError):
                xp.matmul(a, a.T, axes=[(0, 1), (0, 1)])
            with pytest.raises(ValueError):
                xp.matmul(a[0], a[0], axes=[0, 0])
            with pytest.raises(numpy.exceptions.AxisError):
                xp.matmul(a, a.T, axes=[(0, 5), (0, 1), (0, 1)])
            with pytest.raises(ValueError):
                xp.matmul(a, a.T, axes=[(0,), (0, 1), (0, 1)])
