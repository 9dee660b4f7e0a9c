import numpy
import pytest

import cupy
from cupy import testing
from tests.routine_helpers import device_only, layouts


class TestResize:

    @testing.for_all_dtypes()
    @pytest.mark.parametrize('shape', [(6,), (2, 3), (7,), (4, 5), 0, 3,
                                       (0, 2), (2, 0)])
    @testing.numpy_cupy_array_equal()
    def test_resize(self, xp, dtype, shape):
        return [xp.resize(a, shape) for a in layouts(xp, (2, 3), dtype)]

    @testing.numpy_cupy_array_equal()
    def test_resize_empty_input(self, xp):
        return xp.resize(xp.ones((0,)), (2, 3))

    def test_negative(self):
        for xp in (numpy, cupy):
            with pytest.raises(ValueError):
                xp.resize(xp.ones(3), (-1, 2))

    def test_device_only(self):
        a = cupy.ones((3, 4))
        with device_only():
            cupy.resize(a, (5, 5))


class TestAppend:

    @testing.for_all_dtypes()
    @testing.numpy_cupy_array_equal()
    def test_append(self, xp, dtype):
        a = testing.shaped_arange((2, 3), xp, dtype)
        b = testing.shaped_reverse_arange((2, 3), xp, dtype)
        return (xp.append(a, b), xp.append(a, b, axis=0),
                xp.append(a, b.T[:2, :], axis=1), xp.append(a[0], b[0]))

    @testing.numpy_cupy_array_equal()
    def test_append_scalar_and_list(self, xp):
        return xp.append(xp.ones(2), 3), xp.append(xp.asarray(1), [2.5])

    def test_append_error(self):
        for xp in (numpy, cupy):
            with pytest.raises(ValueError):
                xp.append(xp.ones((2, 3)), xp.ones(3), axis=0)


class TestDelete:

    @testing.for_all_dtypes()
    @pytest.mark.parametrize('obj,axis', [
        (1, 0), (-1, 1), ([0, 0, -1], 1), ([], 0), (slice(None, None, 2), 1),
        (slice(1, None), None), ([True, False, True, True, False, False], 1),
        (3, None),
        (numpy.array([0, 2]), 1), ([1, 3, 5, 7, 9, 11, 13, 15, 17, 19], None),
        (slice(None, None, -3), None)])
    @testing.numpy_cupy_array_equal()
    def test_delete(self, xp, dtype, obj, axis):
        return [xp.delete(a, obj, axis) for a in layouts(xp, (4, 6), dtype)]

    @testing.numpy_cupy_array_equal()
    def test_delete_0d(self, xp):
        return xp.delete(xp.asarray(3), 0)

    def test_delete_device_obj(self):
        a = testing.shaped_arange((4, 5), cupy)
        testing.assert_array_equal(
            cupy.delete(a, cupy.asarray([1, 3]), 1),
            numpy.delete(testing.shaped_arange((4, 5), numpy), [1, 3], 1))

    @pytest.mark.parametrize('obj,axis,error', [
        (5, 1, IndexError), ([5], 1, IndexError), ([1.0], 0, IndexError),
        ([True], 1, ValueError), (0, 2, numpy.exceptions.AxisError)])
    def test_delete_errors(self, obj, axis, error):
        for xp in (numpy, cupy):
            with pytest.raises(error):
                xp.delete(xp.ones((2, 3)), obj, axis)

    def test_device_only(self):
        a = cupy.ones((3, 4))
        with device_only():
            cupy.delete(a, 1, 0)
            cupy.delete(a, slice(0, 4, 2), 1)


class TestInsert:

    @testing.for_all_dtypes()
    @pytest.mark.parametrize('obj,values,axis', [
        (1, 9, None), (1, [7, 8, 9], 1), ([1], [[7], [8], [9]], 1),
        (1, [[7], [8]], 1), ([1, 1, 0], 9, 1), ([1, 2], [7, 8], 1),
        (slice(0, 2), 5, 0), (-1, 9, None), (4, [1, 2, 3], 1), ([], 1, None),
        ([0, 4, 2, 2, 3, 1, 1, 0, 4, 3], 0, 1), (0, 1, 0)])
    @testing.numpy_cupy_array_equal()
    def test_insert(self, xp, dtype, obj, values, axis):
        vals = numpy.asarray(values).astype(dtype)
        return [xp.insert(a, obj, xp.asarray(vals), axis)
                for a in layouts(xp, (3, 4), dtype)]

    @testing.numpy_cupy_array_equal()
    def test_insert_host_values_cast(self, xp):
        a = testing.shaped_arange((2, 3), xp, numpy.int32)
        return xp.insert(a, 1, 2.7, axis=1), xp.insert(a, [0, 2], [1.5, 9])

    @testing.numpy_cupy_array_equal()
    def test_insert_0d(self, xp):
        return xp.insert(xp.asarray(3), 0, 1)

    @pytest.mark.parametrize('obj,axis,error', [
        (5, 1, IndexError), ([[1]], 0, ValueError), ([5, 0], 1, IndexError),
        (0, 2, numpy.exceptions.AxisError), (1.0, None, TypeError)])
    def test_insert_errors(self, obj, axis, error):
        for xp in (numpy, cupy):
            with pytest.raises(error):
                xp.insert(xp.ones((2, 3)), obj, 1, axis)

    def test_device_only(self):
        a = cupy.ones((3, 4))
        v = cupy.zeros(4)
        with device_only():
            cupy.insert(a, 1, v, axis=0)


class TestTrimZeros:

    @testing.for_all_dtypes()
    @pytest.mark.parametrize('trim', ['fb', 'f', 'b', 'FB', 'bf', ''])
    @testing.numpy_cupy_array_equal(accept_error=ValueError)
    def test_1d(self, xp, dtype, trim):
        a = xp.asarray(numpy.array([0, 0, 1, 0, 2, 0, 0]).astype(dtype))
        return xp.trim_zeros(a, trim)

    @pytest.mark.parametrize('axis', [None, 0, 1, -1, (0, 1)])
    @pytest.mark.parametrize('trim', ['fb', 'f', 'b'])
    @testing.numpy_cupy_array_equal()
    def test_2d(self, xp, axis, trim):
        h = numpy.zeros((4, 5))
        h[1, 2] = 1
        h[2, 1] = 1
        return xp.trim_zeros(xp.asarray(h), trim, axis)

    @pytest.mark.parametrize('shape', [(3,), (3, 3), (0,)])
    @pytest.mark.parametrize('axis', [None, 0])
    @testing.numpy_cupy_array_equal()
    def test_all_zero(self, xp, shape, axis):
        return xp.trim_zeros(xp.zeros(shape), axis=axis)

    @testing.numpy_cupy_array_equal()
    def test_complex_and_0d(self, xp):
        a = xp.asarray(numpy.array([0, 1j, 0]))
        return xp.trim_zeros(a), xp.trim_zeros(xp.asarray(5))

    def test_bad_trim(self):
        for xp in (numpy, cupy):
            with pytest.raises(ValueError):
                xp.trim_zeros(xp.ones(2), 'x')

    def test_transfers(self):
        a = cupy.asarray([0, 0, 3, 4, 0])
        # the count (8 bytes) and the two end positions (16 bytes)
        with device_only(d2h_allowed=24):
            cupy.trim_zeros(a)
