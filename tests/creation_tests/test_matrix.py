import numpy
import pytest

import cupy
from cupy import testing
from tests.routine_helpers import device_only, layouts


class TestEye:

    @testing.for_all_dtypes()
    @pytest.mark.parametrize('args', [(3,), (3, 4), (4, 3), (3, 4, 1),
                                      (3, 4, -2), (3, 3, 5), (0,), (2, 0),
                                      (3, None, -1)])
    @pytest.mark.parametrize('order', ['C', 'F'])
    @testing.numpy_cupy_array_equal()
    def test_eye(self, xp, dtype, args, order):
        a = xp.eye(*args, dtype=dtype, order=order)
        if order == 'F':
            assert a.flags.f_contiguous
        else:
            assert a.flags.c_contiguous
        return a

    @testing.numpy_cupy_array_equal()
    def test_default_dtype(self, xp):
        return xp.eye(3, dtype=None)

    @pytest.mark.parametrize('args,kw,error', [
        ((-1,), {}, ValueError), ((2.0,), {}, TypeError),
        ((2,), {'order': 'A'}, ValueError),
    ])
    def test_errors(self, args, kw, error):
        for xp in (numpy, cupy):
            with pytest.raises(error):
                xp.eye(*args, **kw)

    @testing.for_all_dtypes()
    @testing.numpy_cupy_array_equal()
    def test_identity(self, xp, dtype):
        return xp.identity(4, dtype=dtype)

    @testing.numpy_cupy_array_equal()
    def test_identity_default(self, xp):
        return xp.identity(3)

    def test_device_only(self):
        with device_only():
            cupy.eye(5, 4, 1)
            cupy.identity(3)


class TestDiag:

    @testing.for_all_dtypes()
    @pytest.mark.parametrize('k', [0, 1, -1, 3, -4])
    @testing.numpy_cupy_array_equal()
    def test_diag_1d(self, xp, dtype, k):
        return [xp.diag(a, k) for a in layouts(xp, (3,), dtype)]

    @testing.for_all_dtypes()
    @pytest.mark.parametrize('k', [0, 1, -1, 3, -4])
    @testing.numpy_cupy_array_equal()
    def test_diag_2d(self, xp, dtype, k):
        return [xp.diag(a, k) for a in layouts(xp, (3, 4), dtype)]

    def test_diag_2d_is_view(self):
        a = cupy.zeros((3, 3))
        cupy.diag(a)[...] = 1
        testing.assert_array_equal(a, numpy.eye(3))

    @testing.numpy_cupy_array_equal()
    def test_diag_list(self, xp):
        return xp.diag([1, 2, 3], 1)

    @pytest.mark.parametrize('shape', [(), (2, 2, 2)])
    def test_diag_bad_ndim(self, shape):
        for xp in (numpy, cupy):
            with pytest.raises(ValueError):
                xp.diag(xp.ones(shape))

    @testing.for_all_dtypes()
    @pytest.mark.parametrize('k', [0, 2, -1])
    @testing.numpy_cupy_array_equal()
    def test_diagflat(self, xp, dtype, k):
        return [xp.diagflat(a, k) for a in layouts(xp, (2, 3), dtype)]

    @testing.numpy_cupy_array_equal()
    def test_diagflat_scalar(self, xp):
        return xp.diagflat(xp.asarray(3.0), -2)

    def test_device_only(self):
        a = cupy.arange(4)
        b = cupy.ones((3, 3))
        with device_only():
            cupy.diag(a, 1)
            cupy.diag(b, -1)
            cupy.diagflat(b)


class TestTri:

    @testing.for_all_dtypes()
    @pytest.mark.parametrize('args', [(3,), (3, 4), (4, 3, 1), (3, 4, -2),
                                      (0,), (2, 0), (3, None, -5),
                                      (3, 3, 9)])
    @testing.numpy_cupy_array_equal()
    def test_tri(self, xp, dtype, args):
        return xp.tri(*args, dtype=dtype)

    @testing.numpy_cupy_array_equal()
    def test_tri_default_dtype(self, xp):
        return xp.tri(3)

    @testing.for_all_dtypes()
    @pytest.mark.parametrize('func', ['tril', 'triu'])
    @pytest.mark.parametrize('k', [0, 1, -1, 5, -5])
    @pytest.mark.parametrize('shape', [(3, 4), (4, 3), (2, 3, 4),
                                       (2, 1, 3, 3), (0, 3), (2, 0, 3)])
    @testing.numpy_cupy_array_equal()
    def test_triangle(self, xp, dtype, func, k, shape):
        return [getattr(xp, func)(a, k) for a in layouts(xp, shape, dtype)]

    @pytest.mark.parametrize('func', ['tril', 'triu'])
    @testing.numpy_cupy_array_equal()
    def test_triangle_1d(self, xp, func):
        return getattr(xp, func)(testing.shaped_arange((4,), xp), 1)

    @pytest.mark.parametrize('func', ['tril', 'triu'])
    def test_triangle_0d(self, func):
        for xp in (numpy, cupy):
            with pytest.raises(TypeError):
                getattr(xp, func)(xp.ones(()))

    def test_device_only(self):
        a = cupy.ones((3, 4))
        with device_only():
            cupy.tri(3)
            cupy.tril(a, 1)
            cupy.triu(a.T, -1)
