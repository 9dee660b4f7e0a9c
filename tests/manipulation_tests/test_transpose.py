import numpy
import pytest

import cupy
from cupy import testing
from tests.routine_helpers import layouts


class TestTranspose:

    @testing.for_all_dtypes()
    @pytest.mark.parametrize('axes', [None, (2, 0, 1), (-1, 0, 1), [1, 2, 0]])
    @testing.numpy_cupy_array_equal(strides_check=True)
    def test_transpose(self, xp, dtype, axes):
        return xp.transpose(testing.shaped_arange((2, 3, 4), xp, dtype), axes)

    @testing.numpy_cupy_array_equal()
    def test_permute_dims_matrix_transpose(self, xp):
        a = testing.shaped_arange((2, 3, 4), xp)
        return xp.permute_dims(a, (1, 0, 2)), xp.matrix_transpose(a)

    @pytest.mark.parametrize('axes,error', [
        ((0, 1), ValueError), ((0, 0, 1), ValueError),
        ((0, 1, 3), numpy.exceptions.AxisError)])
    def test_transpose_errors(self, axes, error):
        for xp in (numpy, cupy):
            with pytest.raises(error):
                xp.transpose(xp.ones((2, 3, 4)), axes)

    def test_matrix_transpose_1d(self):
        for xp in (numpy, cupy):
            with pytest.raises(ValueError):
                xp.matrix_transpose(xp.ones(3))

    @testing.for_all_dtypes()
    @pytest.mark.parametrize('a1,a2', [(0, 2), (-1, 0), (1, 1)])
    @testing.numpy_cupy_array_equal(strides_check=True)
    def test_swapaxes(self, xp, dtype, a1, a2):
        return xp.swapaxes(testing.shaped_arange((2, 3, 4), xp, dtype), a1, a2)

    def test_swapaxes_error(self):
        for xp in (numpy, cupy):
            with pytest.raises(numpy.exceptions.AxisError):
                xp.swapaxes(xp.ones((2, 3)), 0, 2)

    @pytest.mark.parametrize('src,dst', [
        (0, -1), (-1, 0), ([0, 1], [2, 0]), ((0, 2), (1, 0)), (1, 1),
        ([], []), ([0, 1, 2], [2, 1, 0])])
    @testing.numpy_cupy_array_equal(strides_check=True)
    def test_moveaxis(self, xp, src, dst):
        return xp.moveaxis(testing.shaped_arange((2, 3, 4), xp), src, dst)

    @pytest.mark.parametrize('src,dst,error', [
        ([0, 1], [1], ValueError), (3, 0, numpy.exceptions.AxisError),
        (0, -4, numpy.exceptions.AxisError), ([0, 0], [1, 2], ValueError)])
    def test_moveaxis_errors(self, src, dst, error):
        for xp in (numpy, cupy):
            with pytest.raises(error):
                xp.moveaxis(xp.ones((2, 3, 4)), src, dst)

    @pytest.mark.parametrize('axis,start', [
        (0, 0), (0, 2), (0, 3), (2, 0), (-1, 1), (1, -1), (1, -3), (2, 2)])
    @testing.numpy_cupy_array_equal(strides_check=True)
    def test_rollaxis(self, xp, axis, start):
        return xp.rollaxis(testing.shaped_arange((2, 3, 4), xp), axis, start)

    @pytest.mark.parametrize('axis,start', [(3, 0), (0, 4), (0, -4)])
    def test_rollaxis_errors(self, axis, start):
        for xp in (numpy, cupy):
            with pytest.raises(numpy.exceptions.AxisError):
                xp.rollaxis(xp.ones((2, 3, 4)), axis, start)

    def test_views(self):
        a = cupy.zeros((2, 3))
        cupy.transpose(a)[0, 1] = 1
        cupy.moveaxis(a, 0, 1)[2, 0] = 2
        testing.assert_array_equal(a, [[0, 0, 2], [1, 0, 0]])

    @testing.numpy_cupy_array_equal()
    def test_noncontiguous(self, xp):
        return [xp.moveaxis(a, 0, -1)
                for a in layouts(xp, (2, 3, 4), numpy.int32)]
