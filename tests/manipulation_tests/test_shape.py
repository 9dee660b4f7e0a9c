import numpy
import pytest

import cupy
from cupy import testing
from tests.routine_helpers import device_only, layouts


class TestReshape:

    @testing.for_all_dtypes()
    @pytest.mark.parametrize('shape', [(6, 4), (-1,), (2, -1, 3), (24,),
                                       (1, 24, 1), (-2, 6)])
    @pytest.mark.parametrize('order', ['C', 'F', 'A'])
    @testing.numpy_cupy_array_equal()
    def test_reshape(self, xp, dtype, shape, order):
        return [xp.reshape(a, shape, order=order)
                for a in layouts(xp, (2, 3, 4), dtype)]

    @testing.numpy_cupy_array_equal()
    def test_keywords(self, xp):
        a = testing.shaped_arange((2, 3), xp)
        return xp.reshape(a, shape=(3, 2)), xp.reshape(a, (6,), copy=True)

    def test_copy_false(self):
        for xp in (numpy, cupy):
            a = testing.shaped_arange((2, 3), xp).T
            with pytest.raises(ValueError):
                xp.reshape(a, (6,), copy=False)
            assert xp.reshape(a.T, (6,), copy=False).base is not None

    def test_copy_true_copies(self):
        a = cupy.zeros((2, 3))
        b = cupy.reshape(a, (6,), copy=True)
        b[0] = 1
        assert float(a[0, 0]) == 0

    def test_view(self):
        a = cupy.zeros((2, 3))
        cupy.reshape(a, (6,))[0] = 1
        assert float(a[0, 0]) == 1

    @pytest.mark.parametrize('shape', [(5,), (-1, -1), (7, -1), (-2, -3)])
    def test_errors(self, shape):
        for xp in (numpy, cupy):
            with pytest.raises(ValueError):
                xp.reshape(xp.ones(6), shape)

    @testing.numpy_cupy_array_equal()
    def test_empty_and_0d(self, xp):
        return (xp.reshape(xp.ones((0, 3)), (3, 0, 5)),
                xp.reshape(xp.asarray(3), (1, 1)),
                xp.reshape(xp.ones((1,)), ()))

    def test_device_only(self):
        a = cupy.ones((4, 6)).T
        with device_only():
            cupy.reshape(a, (24,))
            cupy.reshape(a, (4, 6), order='F')


class TestRavel:

    @testing.for_all_dtypes()
    @pytest.mark.parametrize('order', ['C', 'F', 'A', 'K'])
    @testing.numpy_cupy_array_equal()
    def test_ravel(self, xp, dtype, order):
        return [xp.ravel(a, order) for a in layouts(xp, (2, 3, 4), dtype)]

    @pytest.mark.parametrize('order', ['C', 'F', 'A', 'K'])
    @testing.numpy_cupy_array_equal()
    def test_ravel_odd_strides(self, xp, order):
        a = testing.shaped_arange((2, 3, 4), xp)
        return [xp.ravel(a.transpose(2, 0, 1)[:, ::-1], order),
                xp.ravel(a[::-1, :, ::2].transpose(1, 2, 0), order),
                xp.ravel(a[:, 1], order), xp.ravel(xp.asarray(5), order)]

    def test_bad_order(self):
        for xp in (numpy, cupy):
            with pytest.raises(ValueError):
                xp.ravel(xp.ones(3), 'X')

    def test_device_only(self):
        a = cupy.ones((4, 6))[:, ::2]
        with device_only():
            cupy.ravel(a)
            cupy.ravel(a, 'K')


class TestQueries:

    @pytest.mark.parametrize('obj', [[[1, 2, 3]], 5, [], [[]]])
    def test_host_objects(self, obj):
        assert cupy.shape(obj) == numpy.shape(obj)
        assert cupy.ndim(obj) == numpy.ndim(obj)
        assert cupy.size(obj) == numpy.size(obj)

    def test_arrays(self):
        a = cupy.ones((2, 3, 4))
        assert cupy.shape(a) == (2, 3, 4)
        assert cupy.ndim(a) == 3
        assert cupy.size(a) == 24
        assert cupy.size(a, 1) == 3
        assert cupy.size(a, -1) == 4
        with pytest.raises(numpy.exceptions.AxisError):
            cupy.size(a, 3)
