"""ndarray.copy, astype, view(dtype) and fill."""

import numpy
import pytest

import cupy
from cupy import testing
from tests.core_tests.core_helpers import arrays, nonempty, on_device
from tests.core_tests.core_helpers import shares_memory



class TestCopy:

    @testing.for_all_dtypes()
    @pytest.mark.parametrize('order', ['C', 'F', 'A', 'K'])
    @testing.numpy_cupy_allclose()
    def test_copy(self, xp, dtype, order):
        xs = arrays(xp, dtype)
        with on_device(xp):
            return [a.copy(order) for a in xs]

    @testing.for_all_dtypes()
    @pytest.mark.parametrize('order', ['C', 'F', 'A'])
    @testing.numpy_cupy_array_equal(strides_check=True)
    def test_copy_strides(self, xp, dtype, order):
        return [a.copy(order) for a in nonempty(arrays(xp, dtype))]

    @testing.for_all_dtypes()
    @pytest.mark.parametrize('order', ['K', 'k', 'a', None])
    @testing.numpy_cupy_array_equal(strides_check=True)
    def test_copy_keep_order(self, xp, dtype, order):
        return [a.copy(order) for a in nonempty(arrays(xp, dtype))]

    @testing.numpy_cupy_array_equal(strides_check=True)
    def test_copy_function_keep_order(self, xp):
        # cupy.copy (from_data) lays 'K' out as NumPy does
        a = testing.shaped_arange((2, 3, 4), xp)
        return [xp.copy(v) for v in (a.transpose(2, 0, 1),
                                     a[:, ::-1].transpose(1, 2, 0),
                                     a[::2, :, ::-2].T)]

    def test_copy_is_new_memory(self):
        a = cupy.arange(6).reshape(2, 3)
        for order in 'CFAK':
            b = a.T.copy(order)
            assert b.flags.owndata and b.base is None
            assert not shares_memory(a, b)
            b[0, 0] = 100
            assert int(a[0, 0]) == 0

    def test_bad_order(self):
        for xp in (numpy, cupy):
            with pytest.raises(ValueError):
                xp.zeros(3).copy('X')

    def test_copy_module(self):
        import copy
        a = cupy.arange(4)
        for b in (copy.copy(a), copy.deepcopy(a)):
            assert isinstance(b, cupy.ndarray)
            assert not shares_memory(a, b)
            numpy.testing.assert_array_equal(a.get(), b.get())


@pytest.mark.filterwarnings('ignore::numpy.exceptions.ComplexWarning')
@pytest.mark.filterwarnings('ignore::RuntimeWarning')
class TestAstype:

    @testing.for_all_dtypes_combination(names=('src', 'dst'))
    @testing.numpy_cupy_array_equal()
    def test_astype(self, xp, src, dst):
        xs = arrays(xp, src)
        with on_device(xp):
            return [a.astype(dst) for a in xs]

    @testing.for_all_dtypes()
    @pytest.mark.parametrize('order', ['C', 'F', 'A'])
    @testing.numpy_cupy_array_equal(strides_check=True)
    def test_order(self, xp, dtype, order):
        return [a.astype(numpy.float32, order=order)
                for a in nonempty(arrays(xp, dtype))]

    @testing.for_all_dtypes()
    @testing.numpy_cupy_array_equal(strides_check=True)
    def test_keep_order(self, xp, dtype):
        return [a.astype(numpy.float32) for a in nonempty(arrays(xp, dtype))]

    @testing.numpy_cupy_equal()
    def test_copy_false_contiguous(self, xp):
        a = testing.shaped_arange((2, 3), xp)
        f = xp.asfortranarray(a)
        return [a.astype(a.dtype, copy=False) is a,
                a.astype(a.dtype, order='C', copy=False) is a,
                a.astype(a.dtype, order='F', copy=False) is a,
                f.astype(f.dtype, order='F', copy=False) is f,
                f.astype(f.dtype, order='A', copy=False) is f,
                a.astype(numpy.float64, copy=False) is a,
                a.astype(a.dtype) is a]

    @testing.numpy_cupy_equal()
    def test_copy_false_any_layout(self, xp):
        a = testing.shaped_arange((2, 3, 4), xp)
        out = []
        for v in (a.transpose(1, 0, 2), a[:, ::-1], a[::2]):
            out.append(v.astype(v.dtype, copy=False) is v)
            out.append(v.astype(v.dtype, order='A', copy=False) is v)
        return out

    @pytest.mark.parametrize('casting,dst', [
        ('safe', numpy.int8), ('same_kind', numpy.uint8), ('no', numpy.int32),
        ('equiv', numpy.float64), ('safe', numpy.float16)])
    def test_casting_errors(self, casting, dst):
        for xp in (numpy, cupy):
            with pytest.raises(TypeError):
                xp.arange(3, dtype=numpy.int64).astype(dst, casting=casting)

    @pytest.mark.parametrize('casting,dst', [
        ('safe', numpy.float64), ('same_kind', numpy.int8),
        ('unsafe', numpy.bool_), ('no', numpy.int64), ('equiv', numpy.int64)])
    @testing.numpy_cupy_array_equal()
    def test_casting_ok(self, xp, casting, dst):
        return xp.arange(3, dtype=numpy.int64).astype(dst, casting=casting)

    def test_bad_casting_name(self):
        for xp in (numpy, cupy):
            with pytest.raises(ValueError):
                xp.arange(3).astype(numpy.int8, casting='bogus')

    @testing.numpy_cupy_array_equal()
    def test_special_values(self, xp):
        a = xp.asarray([1.5, -2.5, 300.0, 0.0, 1e10])
        return (a.astype(numpy.int32), a.astype(numpy.bool_),
                a.astype(numpy.float16), a.astype(numpy.complex64))

    @pytest.mark.parametrize('dtype', ['>f4', '>i8', '>c16'])
    def test_byte_order_dtype_is_refused(self, dtype):
        # device arrays are native: a non-native dtype is refused with a
        # clear error rather than silently made native (issue 15)
        a = cupy.arange(3, dtype=numpy.int32)
        with pytest.raises(TypeError, match='native byte order'):
            a.astype(dtype)
        with pytest.raises(TypeError, match='native byte order'):
            cupy.zeros(3, dtype=dtype)


class TestView:

    @testing.for_all_dtypes()
    @testing.numpy_cupy_array_equal(strides_check=True)
    def test_view_same_dtype(self, xp, dtype):
        return [a.view() for a in nonempty(arrays(xp, dtype))]

    @testing.for_all_dtypes(name='src')
    @testing.numpy_cupy_array_equal(strides_check=True)
    def test_view_dtype(self, xp, src):
        # (the target dtypes in a loop: the test's unsigned-masking would
        # change the shapes of the views)
        src = numpy.dtype(src)
        out = []
        for dst in '?bhilqBHILQefdFD':
            dst = numpy.dtype(dst)
            for shape in [(2, 3, 8), (4, 16), (16,), (3, 1)]:
                a = testing.shaped_arange(shape, xp, src)
                if src.itemsize != dst.itemsize and (
                        shape[-1] * src.itemsize) % dst.itemsize:
                    continue
                out.append(a.view(dst))
                if a.ndim > 1:
                    out.append(a[::2].view(dst))
        return out

    @testing.numpy_cupy_array_equal(strides_check=True)
    def test_view_itemsize_changes(self, xp):
        a = testing.shaped_arange((4, 6), xp, numpy.int16)
        return (a.view(numpy.int8), a.view(numpy.int32),
                a[:, :4].view(numpy.int64), a.T.T.view(numpy.float16),
                a[:, :1].view(numpy.int8), a[1:2].T.view(numpy.int8),
                xp.asarray(5, numpy.int32).view(numpy.float32))

    @testing.numpy_cupy_equal()
    def test_view_empty(self, xp):
        return [xp.zeros(s, numpy.int16).view(numpy.int64).shape
                for s in [(0, 4), (2, 0), (3, 0, 8)]]

    @testing.numpy_cupy_array_equal()
    def test_view_shares_memory(self, xp):
        a = xp.zeros(4, numpy.float32)
        v = a.view(numpy.int32)
        v[1] = 1065353216          # the bits of 1.0f
        return a

    @pytest.mark.parametrize('make,dtype', [
        (lambda xp: xp.zeros((3, 4), numpy.int16).T, numpy.int32),
        (lambda xp: xp.zeros((3, 3), numpy.int8), numpy.int16),
        (lambda xp: xp.zeros((), numpy.int32), numpy.int16),
        (lambda xp: xp.zeros((3,), numpy.int8)[::2], numpy.int16),
    ])
    def test_view_errors(self, make, dtype):
        for xp in (numpy, cupy):
            with pytest.raises(ValueError):
                make(xp).view(dtype)

    def test_view_type_argument(self):
        a = cupy.zeros(3)
        with pytest.raises(TypeError):
            a.view(type=numpy.ndarray)

    def test_view_is_device_only(self):
        a = cupy.zeros((4, 8), numpy.int32)
        from tests.routine_helpers import device_only
        with device_only():
            a.view(numpy.int8)
            a.view(numpy.float32)
            a.view(numpy.complex128)


class TestFill:

    @testing.for_all_dtypes()
    @pytest.mark.parametrize('value', [0, 1, 3, True, 2.0, numpy.int8(5),
                                       numpy.float32(1.5)])
    @testing.numpy_cupy_array_equal()
    def test_fill(self, xp, dtype, value):
        xs = arrays(xp, dtype, writable=True)
        with on_device(xp):
            for a in xs:
                a.fill(value)
        return xs

    @testing.for_all_dtypes()
    @testing.numpy_cupy_array_equal()
    def test_fill_0d_array(self, xp, dtype):
        a = xp.zeros((2, 3), dtype)
        a.fill(xp.asarray(7, dtype))
        b = xp.zeros((3, 2), dtype).T
        b.fill(numpy.asarray(1))
        return a, b

    @testing.for_complex_dtypes()
    @testing.numpy_cupy_array_equal()
    def test_fill_complex(self, xp, dtype):
        a = xp.zeros((2, 3), dtype)
        a.fill(1.5 - 2.5j)
        return a

    @pytest.mark.parametrize('dtype,value,error', [
        (numpy.uint8, -1, OverflowError), (numpy.uint8, 300, OverflowError),
        (numpy.int8, 2 ** 70, OverflowError),
        (numpy.int32, numpy.nan, ValueError),
        (numpy.float32, 1 + 2j, TypeError), (numpy.int16, 'x', ValueError),
        (numpy.uint8, numpy.array([1, 2]), ValueError)])
    def test_fill_errors(self, dtype, value, error):
        for xp in (numpy, cupy):
            with pytest.raises(error):
                xp.zeros(3, dtype).fill(value)

    @pytest.mark.filterwarnings('ignore::RuntimeWarning')
    @testing.numpy_cupy_array_equal()
    def test_fill_casts_like_numpy(self, xp):
        a = xp.zeros(3, numpy.uint8)
        a.fill(numpy.int64(-1))        # NumPy scalars wrap
        b = xp.zeros(3, numpy.int8)
        b.fill(-2.7)
        c = xp.zeros(3, numpy.bool_)
        c.fill(0.5)
        d = xp.zeros(2, numpy.float16)
        d.fill(1e10)
        return a, b, c, d

    def test_fill_empty(self):
        for xp in (numpy, cupy):
            a = xp.zeros((0, 3))
            a.fill(5)
            assert a.shape == (0, 3)
