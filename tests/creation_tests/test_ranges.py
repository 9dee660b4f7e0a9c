import numpy
import pytest

import cupy
from cupy import testing
from tests.routine_helpers import device_only, layouts


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

    @pytest.mark.parametrize('args,kw', [
        ((-1, 1, 5), {'dtype': int}), ((-3.5, 2.5, 9), {'dtype': numpy.int8}),
        ((2.5, -7.25, 6), {'dtype': numpy.int64, 'endpoint': False}),
        ((0, 5e-323, 10), {}), ((0, -5e-323, 4), {'endpoint': False}),
        ((numpy.float16(0), numpy.float16(3), 10), {}),
        ((numpy.float16(-1), 7, 9), {'dtype': numpy.float16}),
    ])
    @testing.numpy_cupy_array_equal()
    def test_floor_underflow_float16(self, xp, args, kw):
        return xp.linspace(*args, **kw)

    @pytest.mark.parametrize('num', [0, 1, 2, 7])
    @pytest.mark.parametrize('endpoint', [True, False])
    @pytest.mark.parametrize('axis', [0, 1, -1])
    @pytest.mark.parametrize('dtype', [None, numpy.int32, numpy.uint8,
                                       numpy.float16, numpy.complex64,
                                       bool])
    @testing.numpy_cupy_array_equal()
    def test_array_bounds(self, xp, num, endpoint, axis, dtype):
        start = xp.asarray([1.0, -2.5])
        stop = xp.asarray([[3.0], [-7.5]])
        return xp.linspace(start, stop, num, endpoint=endpoint, axis=axis,
                           dtype=dtype)

    @testing.for_all_dtypes(no_bool=True)
    @testing.numpy_cupy_allclose(rtol=1e-6)
    def test_array_bounds_dtypes(self, xp, dtype):
        out = []
        for a in layouts(xp, (2, 3), dtype):
            # (the memory layout of ufunc results is not compared here)
            out.append(xp.ascontiguousarray(xp.linspace(a, 9, 5)))
            out.append(xp.ascontiguousarray(
                xp.linspace(numpy.int64(0), a, 4, axis=-1)))
        return out

    @testing.numpy_cupy_array_equal()
    def test_array_bounds_0d_and_empty(self, xp):
        return (xp.linspace(xp.asarray(1.0), xp.asarray(4.0), 4),
                xp.linspace(xp.zeros((0, 2)), 1, 3, axis=1),
                xp.linspace(xp.asarray([0.0, 0.0]), xp.asarray([5e-323, 1]),
                            10))

    def test_array_bounds_retstep(self):
        for num, endpoint in ((5, True), (1, True), (0, False)):
            y, step = cupy.linspace(cupy.asarray([0.0, 1.0]), 3, num,
                                    endpoint=endpoint, retstep=True)
            ey, estep = numpy.linspace(numpy.asarray([0.0, 1.0]), 3, num,
                                       endpoint=endpoint, retstep=True)
            testing.assert_array_equal(y, ey)
            testing.assert_array_equal(step, estep)

    def test_array_bounds_axis_error(self):
        for xp in (numpy, cupy):
            with pytest.raises(numpy.exceptions.AxisError):
                xp.linspace(xp.zeros(2), 1, 3, axis=2)

    def test_device_only_arrays(self):
        a = cupy.asarray([1.0, -2.5])
        b = cupy.asarray([[3.0], [-7.5]])
        with device_only():
            cupy.linspace(a, b, 9, dtype=numpy.int8, axis=1)
            cupy.linspace(a, 7, 5, retstep=True)
            cupy.linspace(-1, 1, 5, dtype=int)

    def test_device_only(self):
        with device_only():
            cupy.linspace(0, 1, 50)
            cupy.linspace(0, 10, 11, dtype=numpy.int16)


class TestLogspace:

    @pytest.mark.parametrize('args,kw', [
        ((0, 2), {}), ((0, 3, 4), {}), ((1.5, -2.5, 6), {'base': 2}),
        ((0, 2, 5), {'endpoint': False}), ((0, 3, 4), {'dtype': int}),
        ((0, 3, 4), {'dtype': numpy.float32}), ((0, 1, 0), {}),
        ((numpy.float32(0), 2, 3), {}), ((0, 2, 3), {'base': 1j}),
        ((0, 2, 3), {'base': -2.0}),
    ])
    @testing.numpy_cupy_allclose(rtol=1e-6)
    def test_scalars(self, xp, args, kw):
        return xp.logspace(*args, **kw)

    @pytest.mark.parametrize('axis', [0, 1, -1])
    @pytest.mark.parametrize('dtype', [None, numpy.int32, numpy.float32])
    @testing.numpy_cupy_allclose(rtol=1e-6)
    def test_array_bounds_and_base(self, xp, axis, dtype):
        start = xp.asarray([1.0, -2.5])
        stop = xp.asarray([[3.0], [-7.5]])
        base = xp.asarray([2.0, 3.0])
        return (xp.logspace(start, stop, 5, axis=axis, dtype=dtype),
                xp.logspace(0, 3, 4, base=base, axis=axis, dtype=dtype),
                xp.logspace(start, stop, 4, base=base, axis=axis))

    def test_device_only(self):
        a = cupy.asarray([1.0, -2.5])
        base = cupy.asarray([2.0, 3.0])
        with device_only():
            cupy.logspace(a, 3, 5, base=base)
            cupy.logspace(0, 3, 7)


class TestGeomspace:

    @pytest.mark.parametrize('start,stop', [
        (1, 1000), (-1, -1000), (1j, 1000j), (-1 + 1j, 5 - 2j), (2, 0.5),
        (numpy.float32(2), numpy.float32(7)), (1, 1), (-3, -3),
        (1, float('inf')),
    ])
    @pytest.mark.parametrize('num', [0, 1, 2, 6])
    @pytest.mark.parametrize('endpoint', [True, False])
    @pytest.mark.parametrize('dtype', [None, numpy.int64, numpy.float32,
                                       numpy.complex64])
    @testing.numpy_cupy_allclose(rtol=1e-6)
    def test_scalars(self, xp, start, stop, num, endpoint, dtype):
        if dtype is not None and numpy.dtype(dtype).kind != 'c' and \
                isinstance(start * stop, complex):
            return xp.zeros(0)      # NumPy warns (complex -> real)
        return xp.geomspace(start, stop, num, endpoint=endpoint,
                            dtype=dtype)

    @testing.numpy_cupy_array_equal()
    def test_exact_endpoints_and_int(self, xp):
        return (xp.geomspace(1, 1000, 4, dtype=int),
                xp.geomspace(-1, -256, 9, dtype=numpy.int32),
                xp.geomspace(3, 7, 5)[[0, -1]])

    @pytest.mark.parametrize('axis', [0, 1, -1])
    @testing.numpy_cupy_allclose(rtol=1e-12)
    def test_array_bounds(self, xp, axis):
        start = xp.asarray([1.0, -2.5])
        stop = xp.asarray([[3.0], [-7.5]])
        return xp.geomspace(start, stop * xp.sign(start), 5, axis=axis)

    @testing.numpy_cupy_allclose(rtol=1e-5)
    def test_array_bounds_complex(self, xp):
        start = xp.asarray([1.0 + 1j, -2.5j], numpy.complex64)
        return xp.geomspace(start, 4, 5, axis=-1)

    @pytest.mark.parametrize('start,stop', [(0, 1), (1, 0), ([1, 0], 2)])
    def test_zero(self, start, stop):
        for xp in (numpy, cupy):
            with pytest.raises(ValueError):
                xp.geomspace(start, stop, 3)
        with pytest.raises(ValueError):
            cupy.geomspace(cupy.asarray(start), stop, 3)

    def test_device_only(self):
        a = cupy.asarray([1.0, 2.5])
        b = cupy.asarray([[3.0], [7.5]])
        # one flag read back: the zero check
        with device_only(d2h_allowed=1):
            cupy.geomspace(a, b, 5, axis=1)
        with device_only(d2h_allowed=1):
            cupy.geomspace(a.astype(numpy.float32), 4, 5,
                           dtype=numpy.float32)


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
