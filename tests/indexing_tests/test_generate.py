import numpy
import pytest

import cupy
from cupy import testing
from tests.routine_helpers import device_only


class TestIndices:

    @pytest.mark.parametrize('dims', [(2, 3), (4,), (), (2, 0), (1, 2, 3)])
    @pytest.mark.parametrize('dtype', [int, numpy.int8, numpy.float32,
                                       numpy.uint16])
    @pytest.mark.parametrize('sparse', [False, True])
    @testing.numpy_cupy_array_equal()
    def test_indices(self, xp, dims, dtype, sparse):
        return xp.indices(dims, dtype, sparse)

    def test_device_only(self):
        with device_only():
            cupy.indices((3, 4))


class TestIx:

    @testing.numpy_cupy_array_equal()
    def test_ix(self, xp):
        return xp.ix_(xp.asarray([0, 2]), xp.asarray([1, 1, 3]),
                      xp.asarray([True, False, True]))

    @testing.numpy_cupy_array_equal()
    def test_ix_lists(self, xp):
        return xp.ix_([1, 2], [], [False, True])

    def test_ix_errors(self):
        for xp in (numpy, cupy):
            with pytest.raises(ValueError):
                xp.ix_(xp.ones((2, 2), int))

    def test_ix_indexing(self):
        a = testing.shaped_arange((3, 4), cupy)
        h = testing.shaped_arange((3, 4), numpy)
        testing.assert_array_equal(a[cupy.ix_([0, 2], [1, 3])],
                                   h[numpy.ix_([0, 2], [1, 3])])


class TestDiagIndices:

    @pytest.mark.parametrize('n,ndim', [(3, 2), (4, 3), (0, 2), (2, 1)])
    @testing.numpy_cupy_array_equal()
    def test_diag_indices(self, xp, n, ndim):
        return xp.diag_indices(n, ndim)

    @testing.numpy_cupy_array_equal()
    def test_diag_indices_from(self, xp):
        return xp.diag_indices_from(xp.ones((3, 3, 3)))

    @pytest.mark.parametrize('shape', [(3,), (3, 4)])
    def test_diag_indices_from_errors(self, shape):
        for xp in (numpy, cupy):
            with pytest.raises(ValueError):
                xp.diag_indices_from(xp.ones(shape))

    @pytest.mark.parametrize('func', ['tril_indices', 'triu_indices'])
    @pytest.mark.parametrize('args', [(3,), (3, 1), (4, -1, 2), (2, 0, 5),
                                      (0,), (3, 5)])
    @testing.numpy_cupy_array_equal()
    def test_tri_indices(self, xp, func, args):
        return getattr(xp, func)(*args)

    @pytest.mark.parametrize('func', ['tril_indices_from',
                                      'triu_indices_from'])
    @testing.numpy_cupy_array_equal()
    def test_tri_indices_from(self, xp, func):
        return getattr(xp, func)(xp.ones((3, 5)), 1)

    @pytest.mark.parametrize('func', ['triu', 'tril'])
    @pytest.mark.parametrize('k', [0, 1, -2])
    @testing.numpy_cupy_array_equal()
    def test_mask_indices(self, xp, func, k):
        return xp.mask_indices(4, getattr(xp, func), k)

    def test_tri_indices_from_error(self):
        for xp in (numpy, cupy):
            with pytest.raises(ValueError):
                xp.tril_indices_from(xp.ones(3))


class TestUnravelIndex:

    @testing.for_int_dtypes(no_bool=True)
    @pytest.mark.parametrize('order', ['C', 'F'])
    @pytest.mark.parametrize('dims', [(7,), (3, 4), (2, 3, 4), (1, 5, 1)])
    @testing.numpy_cupy_array_equal()
    def test_device(self, xp, dtype, order, dims):
        size = int(numpy.prod(dims))
        idx = xp.asarray([[0, size - 1], [size // 2, 1]], dtype)
        return xp.unravel_index(idx, dims, order=order)

    @pytest.mark.parametrize('idx', [5, [1, 7], numpy.array([[3]])])
    @testing.numpy_cupy_array_equal()
    def test_host(self, xp, idx):
        return xp.unravel_index(idx, (2, 4))

    @testing.numpy_cupy_array_equal()
    def test_0d_empty_layouts(self, xp):
        idx = testing.shaped_arange((3, 4), xp, numpy.int64) % 12
        return (xp.unravel_index(xp.asarray(5), (3, 4)) +
                xp.unravel_index(xp.zeros((0,), numpy.int64), (3, 4)) +
                xp.unravel_index(idx.T, (3, 4)) +
                xp.unravel_index(idx[:, ::-1], (2, 3, 2)))

    @pytest.mark.parametrize('idx,dims,order,error', [
        ([12], (3, 4), 'C', ValueError), ([-1], (3, 4), 'F', ValueError),
        ([1.0], (3, 4), 'C', TypeError), ([1], (3, 4), 'A', ValueError),
    ])
    def test_errors(self, idx, dims, order, error):
        for xp in (numpy, cupy):
            with pytest.raises(error):
                xp.unravel_index(xp.asarray(idx), dims, order=order)

    def test_device_only(self):
        idx = cupy.asarray([0, 5, 11])
        # one flag read back: the bounds check
        with device_only(d2h_allowed=1):
            cupy.unravel_index(idx, (3, 4))


class TestRavelMultiIndex:

    @testing.for_int_dtypes(no_bool=True)
    @pytest.mark.parametrize('order', ['C', 'F'])
    @testing.numpy_cupy_array_equal()
    def test_device(self, xp, dtype, order):
        i = xp.asarray([[0, 2], [1, 1]], dtype)
        j = xp.asarray([3, 0], dtype)
        return xp.ravel_multi_index((i, j), (3, 4), order=order)

    @pytest.mark.parametrize('mode', ['wrap', 'clip', ('clip', 'wrap')])
    @pytest.mark.parametrize('order', ['C', 'F'])
    @testing.numpy_cupy_array_equal()
    def test_modes(self, xp, mode, order):
        i = xp.asarray([-4, 0, 5, 2])
        j = xp.asarray([9, -1, 3, 0])
        return xp.ravel_multi_index((i, j), (3, 4), mode=mode, order=order)

    @testing.numpy_cupy_array_equal()
    def test_host(self, xp):
        return (xp.ravel_multi_index(([0, 2], [3, 1]), (3, 4)),
                xp.ravel_multi_index((1, 2, 0), (2, 3, 4), order='F'))

    @testing.numpy_cupy_array_equal()
    def test_0d_empty_layouts(self, xp):
        i = testing.shaped_arange((3, 4), xp, numpy.int64) % 3
        return (xp.ravel_multi_index((xp.asarray(1), xp.asarray(2)), (3, 4)),
                xp.ravel_multi_index((xp.zeros(0, numpy.int64),) * 2, (3, 4)),
                xp.ravel_multi_index((i.T, i[:, ::-1].T), (3, 4)))

    def test_raise_wraps_device(self):
        # like CuPy: device coordinates are not checked for 'raise'
        r = cupy.ravel_multi_index((cupy.asarray([4]), cupy.asarray([1])),
                                   (3, 4))
        testing.assert_array_equal(r, [5])

    @pytest.mark.parametrize('args,error', [
        (((1,), (3, 4)), ValueError), (((1.0, 1), (3, 4)), TypeError),
        (((1, 1), (3, 4), 'bad'), ValueError),
    ])
    def test_errors(self, args, error):
        for xp in (numpy, cupy):
            with pytest.raises(error):
                xp.ravel_multi_index(tuple(xp.asarray(x) for x in args[0]),
                                     *args[1:])
        with pytest.raises(error):
            numpy.ravel_multi_index(([4], [0]), (3, 4)) \
                if error is ValueError else numpy.ravel_multi_index(
                    ([1.0], [0]), (3, 4))

    def test_device_only(self):
        i, j = cupy.asarray([0, 2]), cupy.asarray([3, 1])
        with device_only():
            cupy.ravel_multi_index((i, j), (3, 4), mode='clip')
