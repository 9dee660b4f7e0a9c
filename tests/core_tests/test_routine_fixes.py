"""Routine details of the ndarray review (issue 4): arange with unsigned
dtypes and keyword arguments, tri with non-integer sizes, array-valued
shapes and axes, squeeze of 0-d arrays, pad with a dict pad_width."""

import warnings

import numpy
import pytest

import cupy
from cupy import testing
from tests.core_tests.core_helpers import on_device


class TestArange:

    @testing.for_unsigned_dtypes()
    @pytest.mark.parametrize('args', [(10, 1, -3), (5, 0, -1), (5, -1, -2),
                                      (250, 255, 2), (9, 2, -1),
                                      (5.5, 0, -1.5), (200, 0, -7)])
    @testing.numpy_cupy_array_equal()
    def test_unsigned_steps(self, xp, dtype, args):
        with on_device(xp):
            return xp.arange(*args, dtype=dtype)

    @testing.numpy_cupy_array_equal()
    def test_uint64_large(self, xp):
        return (xp.arange(2 ** 63, 2 ** 63 + 3, dtype=numpy.uint64),
                xp.arange(2 ** 63 + 5, 2 ** 63, -2, dtype=numpy.uint64),
                xp.arange(2 ** 64 - 1, 2 ** 64 - 10, -4, dtype=numpy.uint64),
                xp.arange(0, 10, 2 ** 63 + 1, dtype=numpy.uint64))

    @pytest.mark.parametrize('kwargs', [
        dict(stop=5), dict(start=2, stop=5), dict(step=2, stop=5),
        dict(step=2, stop=5, start=1), dict(stop=5, dtype=numpy.float32),
        dict(stop=5.5, step=0.5)])
    @testing.numpy_cupy_array_equal()
    def test_keywords(self, xp, kwargs):
        return xp.arange(**kwargs)

    @testing.numpy_cupy_array_equal()
    def test_positional_forms(self, xp):
        return (xp.arange(5), xp.arange(2, stop=5), xp.arange(1, step=2),
                xp.arange(5, step=2), xp.arange(0, 5, 1, numpy.float32),
                xp.arange(1, None), xp.arange(5, step=None))

    @pytest.mark.parametrize('args,kwargs,error', [
        ((), {}, TypeError), ((), dict(start=5), TypeError),
        ((5,), dict(start=1), TypeError), ((1, 5), dict(stop=3), TypeError),
        ((0, 5, 1, 'f4', 3), {}, TypeError), ((3,), dict(foo=1), TypeError),
        ((None, 5), {}, TypeError), ((0, 5, 0), {}, ZeroDivisionError)])
    def test_errors(self, args, kwargs, error):
        for xp in (numpy, cupy):
            with pytest.raises(error):
                xp.arange(*args, **kwargs)

    @testing.multi_gpu(2)
    def test_device_keyword(self):
        a = cupy.arange(3, device=1)
        assert a.device.id == 1
        with cupy.cuda.Device(1):
            numpy.testing.assert_array_equal(a.get(), [0, 1, 2])
        with pytest.raises(ValueError):
            cupy.arange(3, device='cuda')


class TestTri:

    @pytest.mark.parametrize('args', [
        (3.5,), (3, 3.5), (3.0,), (-1,), (3, -1), (-0.5,), (300.5,),
        (numpy.float32(2.5),), (2.5, 4.2, 0.7), (2.5, 4.2, -0.7),
        (True,), (numpy.array(3.5),), (4, 5, 2), (4, 5, -6), (4, 5, 7),
        (3, None, 0.5), (3, None, -0.5), (3, None, 1.5), (3, None, -1.5),
        (4, 3, -2.2)])
    @pytest.mark.parametrize('dtype', [None, float, numpy.int32, bool,
                                       numpy.float16])
    @testing.numpy_cupy_array_equal()
    def test_tri(self, xp, args, dtype):
        with on_device(xp), warnings.catch_warnings():
            # NumPy 2.5 deprecates float sizes ('Cannot convert float
            # safely to an integer'); they are what this test checks
            if xp is numpy:
                warnings.filterwarnings('ignore', 'Cannot convert',
                                        DeprecationWarning)
            return xp.tri(*args, dtype=dtype)

    @pytest.mark.parametrize('args,error', [
        (('3',), TypeError), ((3 + 0j,), TypeError),
        ((numpy.nan,), ValueError), ((numpy.inf,), ValueError)])
    def test_errors(self, args, error):
        for xp in (numpy, cupy):
            with pytest.raises(error):
                xp.tri(*args)

    def test_eye_still_needs_integers(self):
        for xp in (numpy, cupy):
            with pytest.raises(TypeError):
                xp.eye(3.0)


class TestArrayValuedShapesAndAxes:

    @testing.numpy_cupy_array_equal()
    def test_reshape(self, xp):
        a = testing.shaped_arange((2, 3, 4), xp)
        return (xp.reshape(a, numpy.array([4, 6])),
                xp.reshape(a, xp.asarray([6, 4])),
                xp.reshape(a, range(2, 5)), a.reshape(numpy.array([24])),
                a.reshape(numpy.array(24)),
                xp.reshape(a, shape=numpy.array([3, -1])))

    @testing.numpy_cupy_array_equal(strides_check=True)
    def test_transpose(self, xp):
        a = testing.shaped_arange((2, 3, 4), xp)
        return (xp.transpose(a, numpy.array([2, 0, 1])),
                xp.transpose(a, range(3)), xp.permute_dims(a, (1, 0, 2)),
                a.transpose(numpy.array([1, 2, 0], numpy.uint8)))

    @testing.numpy_cupy_array_equal(strides_check=True)
    def test_moveaxis(self, xp):
        a = testing.shaped_arange((2, 3, 4), xp)
        return (xp.moveaxis(a, numpy.array([0, 1]), numpy.array([1, 2])),
                xp.moveaxis(a, range(2), (2, 1)),
                xp.moveaxis(a, numpy.array(0), 2),
                xp.moveaxis(a, xp.asarray([0, 2]), [2, 0]),
                xp.moveaxis(a, [0, 1], [-1, -2]))

    @testing.numpy_cupy_array_equal()
    def test_roll(self, xp):
        a = testing.shaped_arange((2, 3), xp)
        return (xp.roll(a, numpy.array([1, 1]), axis=numpy.array([0, 1])),
                xp.roll(a, (1, 2), axis=range(2)),
                xp.roll(a, 1, axis=numpy.array(1)),
                xp.roll(a, numpy.array(2)),
                xp.roll(a, xp.asarray([1, 2]), axis=xp.asarray([0, 1])))

    @pytest.mark.parametrize('call,error', [
        (lambda xp, a: xp.moveaxis(a, numpy.array([[0]]),
                                   numpy.array([[1]])), TypeError),
        (lambda xp, a: xp.moveaxis(a, 0.0, 1), TypeError),
        (lambda xp, a: xp.roll(a, 1, axis=1.0), TypeError),
        (lambda xp, a: xp.roll(a, numpy.array([[1]]),
                               axis=numpy.array([[0]])), TypeError),
        (lambda xp, a: xp.reshape(a, numpy.array([[6, 4]])), TypeError),
        (lambda xp, a: xp.transpose(a, numpy.array([[0, 1, 2]])), TypeError),
        (lambda xp, a: xp.moveaxis(a, [0, 0], [1, 2]), ValueError)])
    def test_errors(self, call, error):
        for xp in (numpy, cupy):
            with pytest.raises(error):
                call(xp, testing.shaped_arange((2, 3, 4), xp))


class TestSqueeze0d:

    @pytest.mark.parametrize('axis', [0, -1, None, ()])
    @testing.numpy_cupy_array_equal()
    def test_squeeze(self, xp, axis):
        return xp.squeeze(testing.shaped_arange((), xp), axis)

    @pytest.mark.parametrize('axis', [1, -2, (0,), (-1,)])
    def test_errors(self, axis):
        for xp in (numpy, cupy):
            with pytest.raises(numpy.exceptions.AxisError):
                xp.squeeze(xp.zeros(()), axis)


class TestPadDict:

    @pytest.mark.parametrize('pad_width', [
        {0: 1}, {0: (1, 2)}, {1: (0, 1), 0: 2}, {}, {0: 1, -2: 2},
        {-1: (1, 0)}, {numpy.int64(1): 1}])
    @pytest.mark.parametrize('mode', ['constant', 'edge', 'wrap', 'reflect',
                                      'symmetric'])
    @testing.numpy_cupy_array_equal()
    def test_pad(self, xp, pad_width, mode):
        a = testing.shaped_arange((2, 3), xp)
        return xp.pad(a, pad_width, mode=mode)

    @testing.numpy_cupy_array_equal()
    def test_constant_values(self, xp):
        a = testing.shaped_arange((2, 3), xp)
        return xp.pad(a, {0: 1}, constant_values=(7, 8))

    @pytest.mark.parametrize('pad_width,error', [
        ({2: 1}, IndexError), ({-3: 1}, IndexError), ({0: -1}, ValueError),
        ({'x': 1}, TypeError)])
    def test_errors(self, pad_width, error):
        for xp in (numpy, cupy):
            with pytest.raises(error):
                xp.pad(xp.zeros((2, 3)), pad_width)

    @pytest.mark.parametrize('pad_width', [{0: (1, 2, 3)}, {0: 1.5},
                                           {0: [[1, 2]]}])
    def test_bad_values(self, pad_width):
        # NumPy fails with an internal AssertionError here; cupy says why
        with pytest.raises(TypeError):
            cupy.pad(cupy.zeros((2, 3)), pad_width)
