import numpy
import pytest

import cupy
from cupy import testing


class TestSplit:

    @testing.for_all_dtypes()
    @pytest.mark.parametrize('sections', [1, 2, 5, [2, 5], [3, -2, 20, 5],
                                          [], numpy.array([1, 1])])
    @testing.numpy_cupy_array_equal()
    def test_split(self, xp, dtype, sections):
        a = testing.shaped_arange((10, 3), xp, dtype)
        return xp.split(a, sections)

    @pytest.mark.parametrize('sections', [3, 4, 13, [2, 5], 2.0])
    @pytest.mark.parametrize('axis', [0, 1, -1])
    @testing.numpy_cupy_array_equal()
    def test_array_split(self, xp, sections, axis):
        a = testing.shaped_arange((10, 7), xp)[::-1]
        return xp.array_split(a, sections, axis)

    def test_returns_list_of_views(self):
        a = cupy.zeros((4, 2))
        parts = cupy.split(a, 2)
        assert isinstance(parts, list)
        parts[1][0, 0] = 1
        assert float(a[2, 0]) == 1

    def test_device_indices(self):
        a = cupy.arange(10)
        parts = cupy.split(a, cupy.asarray([3, 6]))
        assert [p.size for p in parts] == [3, 3, 4]

    @pytest.mark.parametrize('func,args,error', [
        ('split', (3,), ValueError), ('split', (0,), ZeroDivisionError),
        ('array_split', (0,), ValueError), ('array_split', (-1,), ValueError),
        ('split', (2, 2), IndexError),
    ])
    def test_errors(self, func, args, error):
        for xp in (numpy, cupy):
            with pytest.raises(error):
                getattr(xp, func)(xp.ones((4, 2)), *args)

    @pytest.mark.parametrize('func', ['hsplit', 'vsplit', 'dsplit'])
    @pytest.mark.parametrize('sections', [2, [1]])
    @testing.numpy_cupy_array_equal()
    def test_hvd_split(self, xp, func, sections):
        return getattr(xp, func)(testing.shaped_arange((4, 4, 4), xp),
                                 sections)

    @testing.numpy_cupy_array_equal()
    def test_hsplit_1d(self, xp):
        return xp.hsplit(testing.shaped_arange((6,), xp), 3)

    @pytest.mark.parametrize('func,shape', [
        ('hsplit', ()), ('vsplit', (4,)), ('dsplit', (4, 4))])
    def test_hvd_split_errors(self, func, shape):
        for xp in (numpy, cupy):
            with pytest.raises(ValueError):
                getattr(xp, func)(xp.ones(shape), 2)

    @pytest.mark.parametrize('axis', [0, 1, -1])
    @testing.numpy_cupy_array_equal()
    def test_unstack(self, xp, axis):
        return xp.unstack(testing.shaped_arange((2, 3, 4), xp), axis=axis)

    def test_unstack_0d(self):
        for xp in (numpy, cupy):
            with pytest.raises(ValueError):
                xp.unstack(xp.asarray(1))
