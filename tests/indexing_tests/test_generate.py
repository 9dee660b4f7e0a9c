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
