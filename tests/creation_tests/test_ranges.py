import numpy
import pytest

import cupy
from cupy import testing
from tests.routine_helpers import device_only


class TestArange:

    @testing.for_all_dtypes(no_bool=True)
    @testing.numpy_cupy_array_equal()
    def test_dtype_stop(self, xp, dtype):
        return xp.arange(10, dtype=dtype)

    @testing.for_all_dtypes(no_bool=True)
    @testing.numpy_cupy_array_equal()
    def test_start_stop_step(self, xp, dtype):
        return xp.arange(1, 11, 3, dtype=dtype)

    @testing.for_all_dtypes(no_bool=True)
    @testing.numpy_cupy_array_equal()
    def test_float_step(self, xp, dtype):
        return xp.arange(0, 7, 0.7, dtype=dtype)

    @testing.for_signed_dtypes()
    @testing.numpy_cupy_array_equal()
    def test_negative_step(self, xp, dtype):
        return xp.arange(5, -6, -2, dtype=dtype)

    @pytest.mark.parametrize('args', [
        (10,), (0, 10), (3, 7, 2), (0.1, 2, 0.3), (-3, 3, 0.7),
        (1.5,), (5, 1, -0.5), (0, 1, 0.1), (10, 0), (0, 0), (2, 3),
        (1 + 2j, 10, 1.5), (0, 5 + 1j), (numpy.float32(0.1), 1, 0.1),
        (numpy.int8(3), 10), (numpy.uint8(3), numpy.int8(5)),
        (0, 10, numpy.float32(0.5)), (numpy.float16(0.3), 4),
        (0.0, 1000.0, 0.1), (True,), (-1e10, 1e10, 1e8),
    ])
    @testing.numpy_cupy_array_equal()
    def test_args(self, xp, args):
        return xp.arange(*args)

    @pytest.mark.parametrize('args,dtype', [
        ((-3, 3, 0.7), numpy.int8), ((0, 300), numpy.uint8),
        ((0, 1000), numpy.int8), ((5.5,), int), ((0, 5), numpy.complex64),
        ((2,), numpy.bool_), ((0.1, 2.3, 0.2), numpy.float16),
        ((0.1, 2.3, 0.2), numpy.float32), ((1, 0.5 + 1j, -0.1), complex),
        ((2 ** 62, 2 ** 62 + 10, 3), numpy.uint64), ((1,), numpy.bool_),
    ])
    @testing.numpy_cupy_array_equal()
    def test_dtypes(self, xp, args, dtype):
        return xp.arange(*args, dtype=dtype)

    @pytest.mark.parametrize('args,kw', [
        ((0, 5, 0), {}), ((3,), {'dtype': bool}), ((0, float('nan')), {}),
        ((0, float('inf')), {}), ((0, 10, 1e-300), {}),
        ((-1, 5), {'dtype': numpy.uint8}), ((0, 5, 1j), {'dtype': float}),
        ((numpy.uint8(3), 300), {}),
    ])
    def test_errors(self, args, kw):
        for xp in (numpy, cupy):
            with pytest.raises(Exception) as info:
                xp.arange(*args, **kw)
            if xp is numpy:
                expected = info.type
        with pytest.raises(expected):
            cupy.arange(*args, **kw)

    def test_device_only(self):
        with device_only():
            for args in ((100,), (0.5, 10, 0.25), (1j, 9, 2)):
                cupy.arange(*args)


class TestLinspace:

    @pytest.mark.parametrize('args,kw', [
        ((0, 1), {}), ((0, 10, 5), {}), ((0, 10, 5), {'endpoint': False}),
        ((10, 0, 7), {}), ((-2.5, 3.3, 13), {}), ((0, 1, 1), {}),
        ((0, 1, 1), {'endpoint': False}), ((0, 1, 0), {}), ((3, 3, 4), {}),
        ((0, 1, 2), {}), ((1e-3, 1e3, 101), {}),
        ((numpy.float32(0), 1, 7), {}), ((0, 1 + 2j, 5), {}),
        ((numpy.int8(0), 5, 4), {}), ((0, 1, 5), {'axis': -1}),
        ((0, 1, 5), {'dtype': numpy.float32}), ((0, 9, 10), {'dtype': int}),
        ((0, 10, 7), {'dtype': numpy.int8}),
        ((2, 10, 7), {'dtype': numpy.uint16}),
        ((-4, 5, 10), {'dtype': numpy.int32}),
        ((0, 1, 3), {'dtype': bool}), ((0, 2, 5), {'dtype': complex}),
        ((float('inf'), float('inf'), 3), {}), ((0, float('nan'), 3), {}),
    ])
    @testing.numpy_cupy_array_equal()
    def test_values(self, xp, args, kw):
        return xp.linspace(*args, **kw)

    @pytest.mark.parametrize('args,kw', [
        ((0, 10, 5), {}), ((0, 1, 1), {}), ((0, 1, 0), {}),
        ((0, 10, 5), {'endpoint': False}), ((numpy.float32(1), 2, 3), {}),
    ])
    def test_retstep(self, args, kw):
        y, step = cupy.linspace(*args, retstep=True, **kw)
        ey, estep = numpy.linspace(*args, retstep=True, **kw)
        testing.assert_array_equal(y, ey)
        assert type(step) is type(estep)
        numpy.testing.assert_equal(step, estep)

    @pytest.mark.parametrize('args,kw,error', [
        ((0, 1, -1), {}, ValueError), ((0, 1, 2.0), {}, TypeError),
        ((0, 1, 3), {'axis': 1}, numpy.exceptions.AxisError),
        ((1j, 2, 3), {'dtype': int}, TypeError),
    ])
    def test_errors(self, args, kw, error):
        with pytest.raises(error):
            numpy.linspace(*args, **kw)
        with pytest.raises(error):
            cupy.linspace(*args, **kw)

    def test_negative_non_integer_to_int_not_implemented(self):
        # NumPy floors; without an elementwise floor the device cannot
        with pytest.raises(NotImplementedError):
            cupy.linspace(-1, 1, 5, dtype=int)

    def test_array_bounds_not_implemented(self):
        with pytest.raises(NotImplementedError):
            cupy.linspace(cupy.zeros(2), 1, 5)

    def test_device_only(self):
        with device_only():
            cupy.linspace(0, 1, 50)
            cupy.linspace(0, 10, 11, dtype=numpy.int16)


class TestMeshgrid:

    @pytest.mark.parametrize('indexing', ['xy', 'ij'])
    @pytest.mark.parametrize('sparse', [False, True])
    @pytest.mark.parametrize('copy', [False, True])
    @pytest.mark.parametrize('n', [0, 1, 2, 3])
    @testing.numpy_cupy_array_equal()
    def test_meshgrid(self, xp, indexing, sparse, copy, n):
        xs = [testing.shaped_arange((i + 2,), xp, numpy.float32)
              for i in range(n)]
        return xp.meshgrid(*xs, indexing=indexing, sparse=sparse,
                           copy=copy)

    @testing.for_all_dtypes()
    @testing.numpy_cupy_array_equal()
    def test_dtypes_2d_input(self, xp, dtype):
        x = testing.shaped_arange((2, 3), xp, dtype)
        y = testing.shaped_arange((4,), xp, dtype)[::-1]
        return xp.meshgrid(x, y)

    def test_bad_indexing(self):
        for xp in (numpy, cupy):
            with pytest.raises(ValueError):
                xp.meshgrid(xp.ones(2), indexing='xx')

    def test_returns_tuple(self):
        assert isinstance(cupy.meshgrid(cupy.ones(2)), tuple)

    def test_device_only(self):
        x, y = cupy.arange(3), cupy.arange(4)
        with device_only():
            cupy.meshgrid(x, y)
