"""Assignment, byte-offset views, devices, item() and sizes: cases a
review found wrong, against NumPy."""

import numpy
import pytest

import cupy
from cupy import testing


class TestAssignmentShapes:

    @testing.numpy_cupy_array_equal()
    def test_value_with_extra_leading_unit_axes(self, xp):
        b = xp.zeros((2, 3))
        b[0] = xp.ones((1, 3))
        return b

    @testing.numpy_cupy_array_equal()
    def test_slice_assignment_drops_unit_axes(self, xp):
        b = xp.zeros((3, 4), numpy.float32)
        b[:] = xp.arange(12, dtype=numpy.float32).reshape(1, 3, 4)
        return b

    def test_incompatible_value_still_raises(self):
        for xp in (numpy, cupy):
            b = xp.zeros((2, 3))
            with pytest.raises(ValueError):
                b[0] = xp.ones((2, 3))

    def test_list_values_use_numpys_conversion(self):
        for xp in (numpy, cupy):
            b = xp.zeros(3, numpy.uint8)
            with pytest.raises(OverflowError):
                b[:] = [-1, 2, 3]
        b = cupy.zeros(3, numpy.uint8)
        b[:] = [1.7, 2, 3]
        assert b.get().tolist() == [1, 2, 3]


class TestByteOffsetViews:

    @testing.numpy_cupy_array_equal()
    def test_copy_of_byte_offset_view(self, xp):
        return xp.arange(10, dtype=numpy.int8)[1:9].view(numpy.int16).copy()

    @testing.numpy_cupy_array_equal()
    def test_fill_through_byte_offset_view(self, xp):
        a = xp.arange(10, dtype=numpy.int8)
        a[1:9].view(numpy.int16)[...] = 7
        return a

    @testing.numpy_cupy_array_equal()
    def test_assign_into_byte_offset_view(self, xp):
        a = xp.zeros(10, dtype=numpy.int8)
        a[1:9].view(numpy.int16)[:] = xp.asarray([1, 2, 3, 4],
                                                 dtype=numpy.int16)
        return a


class TestItemAndScalars:

    @pytest.mark.parametrize('args', [(5,), (-1,), ((1, 2),), (1, 2)])
    def test_item(self, args):
        h = numpy.arange(12).reshape(3, 4)
        assert cupy.asarray(h).item(*args) == h.item(*args)

    @pytest.mark.parametrize('args,err', [((12,), IndexError),
                                          ((1, 2, 3), ValueError),
                                          ((), ValueError)])
    def test_item_errors(self, args, err):
        for xp in (numpy, cupy):
            with pytest.raises(err):
                xp.arange(12).reshape(3, 4).item(*args)

    @pytest.mark.parametrize('conv', [int, float, complex])
    def test_scalar_conversion_needs_0d(self, conv):
        for xp in (numpy, cupy):
            with pytest.raises(TypeError):
                conv(xp.asarray([3]))
            assert conv(xp.asarray(3)) == conv(3)

    def test_bool_of_size1(self):
        assert bool(cupy.asarray([3])) and not bool(cupy.asarray([[0]]))


class TestSizes:

    def test_too_big(self):
        for xp in (numpy, cupy):
            with pytest.raises(ValueError, match='array is too big'):
                xp.empty((2 ** 32, 2 ** 32), numpy.int8)

    @testing.numpy_cupy_array_equal()
    def test_imag_of_empty_complex(self, xp):
        return xp.zeros((0, 3), numpy.complex64).imag


class TestDeviceIndexArrays:

    @testing.for_dtypes('BHIL')
    def test_unsigned_device_indices_wrap(self, dtype):
        a = cupy.arange(4.)
        idx = numpy.array([10, 3, 5], dtype)
        got = a[cupy.asarray(idx)]
        numpy.testing.assert_array_equal(
            got.get(), numpy.arange(4.)[idx.astype(numpy.int64) % 4])


@testing.multi_gpu(2)
class TestTwoDevices:

    def test_copy_and_astype_to_current_device(self):
        with cupy.xpu.Device(1):
            d1 = cupy.arange(5.)
        for make in (lambda: d1.copy(), lambda: d1.astype(numpy.float32),
                     lambda: cupy.array(d1)):
            c = make()
            assert c.device.id == 0
            numpy.testing.assert_array_equal(c.get(), numpy.arange(5.))

    def test_assign_from_other_device(self):
        with cupy.xpu.Device(1):
            d1 = cupy.arange(6.).reshape(2, 3).T
        a = cupy.zeros((3, 2))
        a[...] = d1
        numpy.testing.assert_array_equal(a.get(),
                                         numpy.arange(6.).reshape(2, 3).T)


class TestFlagsObject:

    def test_read_only_and_derived(self):
        from cupy._core import flags
        f = flags.Flags(True, False, True)
        assert f['C_CONTIGUOUS'] and not f['F'] and f['OWNDATA']
        assert not f.fnc and f.forc
        for name in ('c_contiguous', 'f_contiguous', 'owndata'):
            with pytest.raises(AttributeError):
                setattr(f, name, True)
        with pytest.raises(KeyError):
            f['unknown']

    @pytest.mark.parametrize('make', [
        lambda xp: xp.empty((4, 8)), lambda xp: xp.empty((4, 8), order='F'),
        lambda xp: xp.empty((8,))[::2], lambda xp: xp.empty((1, 8))])
    def test_fnc_forc_as_numpy(self, make):
        for attr in ('fnc', 'forc', 'c_contiguous', 'f_contiguous'):
            assert getattr(make(cupy).flags, attr) == \
                getattr(make(numpy).flags, attr), attr


class TestArrayFromListOfDeviceArrays:

    @pytest.mark.parametrize('order', ['C', 'F', 'A', 'K'])
    @testing.numpy_cupy_array_equal(strides_check=True)
    def test_layout_as_numpy(self, xp, order):
        a = [xp.asfortranarray(xp.arange(12.).reshape(3, 4)) + 12 * i
             for i in range(2)]
        return xp.array(a, dtype=numpy.float32, order=order)
