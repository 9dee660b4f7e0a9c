"""empty, zeros, ones, full and their _like forms."""

import warnings

import numpy
import pytest

import cupy
from cupy import testing
from tests.core_tests.core_helpers import arrays, nonempty, on_device


class TestEmptyZerosOnes:

    @testing.for_all_dtypes()
    @pytest.mark.parametrize('shape', [(), 0, 3, (2, 3), (2, 0, 4),
                                       [4, 1, 2], numpy.int8(2),
                                       numpy.array([2, 3]), numpy.array(3)])
    @pytest.mark.parametrize('order', ['C', 'F', 'c', 'f'])
    @testing.numpy_cupy_allclose()
    def test_zeros_ones(self, xp, dtype, shape, order):
        with on_device(xp):
            return (xp.zeros(shape, dtype, order),
                    xp.ones(shape, dtype=dtype, order=order))

    @testing.for_all_dtypes()
    @pytest.mark.parametrize('order', ['C', 'F'])
    @testing.numpy_cupy_equal()
    def test_empty(self, xp, dtype, order):
        with on_device(xp):
            a = xp.empty((2, 3, 4), dtype, order)
        return a.shape, a.dtype, a.strides, a.flags.c_contiguous, \
            a.flags.f_contiguous, a.flags.owndata

    @testing.numpy_cupy_equal()
    def test_default_dtype(self, xp):
        return [f(3).dtype for f in (xp.empty, xp.zeros, xp.ones)] + [
            xp.zeros(3, None).dtype, xp.empty(2, dtype=None).dtype]

    @pytest.mark.parametrize('shape,error', [
        (-1, ValueError), ((2, -1), ValueError), (3.0, TypeError),
        ((2, 3.0), TypeError), (True, TypeError), ((2, True), TypeError),
        ('3', TypeError), (None, TypeError), (numpy.array([[2, 3]]),
                                             TypeError)])
    def test_bad_shape(self, shape, error):
        for xp in (numpy, cupy):
            for f in (xp.empty, xp.zeros, xp.ones):
                with pytest.raises(error):
                    f(shape)

    @pytest.mark.parametrize('order', ['A', 'K', 'X', 'a'])
    def test_bad_order(self, order):
        for xp in (numpy, cupy):
            for f in (xp.empty, xp.zeros, xp.ones):
                with pytest.raises(ValueError):
                    f((2, 3), order=order)


class TestFull:

    @testing.for_all_dtypes()
    @pytest.mark.parametrize('value', [0, 1, 2.0, True, numpy.int8(3),
                                       numpy.float32(1.5)])
    @pytest.mark.parametrize('order', ['C', 'F'])
    @testing.numpy_cupy_allclose()
    def test_full(self, xp, dtype, value, order):
        with on_device(xp):
            return xp.full((2, 3), value, dtype, order)

    @testing.numpy_cupy_array_equal()
    def test_dtype_from_value(self, xp):
        return (xp.full(3, 5), xp.full(3, 2.5), xp.full(3, 1j),
                xp.full(3, True), xp.full(3, numpy.float32(5)),
                xp.full(3, numpy.int8(-1)), xp.full(3, 2 ** 63),
                xp.full((), 7))

    @pytest.mark.filterwarnings('ignore::RuntimeWarning')
    @testing.numpy_cupy_array_equal()
    def test_unsafe_cast(self, xp):
        # numpy.full casts the value unsafely (no error, NumPy's values)
        return (xp.full(3, -1.5, numpy.uint8), xp.full(3, 2.7, numpy.int8),
                xp.full(3, -2.7, numpy.int16),
                xp.full(3, numpy.float64(-1.0), numpy.uint8),
                xp.full(3, numpy.int64(-1), numpy.uint8),
                xp.full(3, numpy.int64(300), numpy.uint8),
                xp.full(3, 0.5, numpy.bool_), xp.full(3, 1e300, numpy.float32),
                xp.full(3, 65520.0, numpy.float16),
                xp.full(3, 2 ** 64 - 1, numpy.uint64),
                xp.full(3, -2 ** 63, numpy.int64),
                xp.full(3, None, numpy.float32))

    def test_nan_to_int_warns(self):
        for xp in (numpy, cupy):
            with pytest.warns(RuntimeWarning):
                a = xp.full(3, numpy.nan, numpy.int32)
            assert a.dtype == numpy.int32
        with warnings.catch_warnings():
            warnings.simplefilter('ignore')
            want = numpy.full(3, numpy.nan, numpy.int32)
            got = cupy.full(3, numpy.nan, numpy.int32)
        numpy.testing.assert_array_equal(got.get(), want)
        assert int(got[0]) == numpy.iinfo(numpy.int32).min

    def test_inf_to_int_warns(self):
        with warnings.catch_warnings():
            warnings.simplefilter('ignore')
            want = numpy.full(3, numpy.inf, numpy.int16)
            got = cupy.full(3, numpy.inf, numpy.int16)
        numpy.testing.assert_array_equal(got.get(), want)

    @testing.for_float_dtypes()
    def test_complex_to_real_warns(self, dtype):
        for xp in (numpy, cupy):
            with pytest.warns(numpy.exceptions.ComplexWarning):
                a = xp.full(3, 1 + 2j, dtype)
            assert float(a[0]) == 1.0

    @pytest.mark.parametrize('value,dtype,error', [
        (-1, numpy.uint8, OverflowError), (300, numpy.uint8, OverflowError),
        (2 ** 64, numpy.uint64, OverflowError), ('a', numpy.float32,
                                                 ValueError),
        ([1, 2], numpy.float32, ValueError)])
    def test_errors(self, value, dtype, error):
        for xp in (numpy, cupy):
            with pytest.raises(error):
                xp.full((2, 3), value, dtype)

    @testing.for_all_dtypes()
    @testing.numpy_cupy_array_equal()
    def test_array_values_broadcast(self, xp, dtype):
        return (xp.full((2, 3), [1, 0, 2], dtype),
                xp.full((2, 3), [[1], [0]], dtype, order='F'),
                xp.full((2, 3), numpy.array([1.5, 0, 3]), dtype),
                xp.full((2, 3), testing.shaped_arange((3,), xp, dtype), dtype),
                xp.full((2, 3), testing.shaped_arange((3,), xp, dtype)))

    @testing.numpy_cupy_array_equal()
    def test_array_values_cast(self, xp):
        return (xp.full((2, 3), [1.5, -2.0, 3], numpy.uint8),
                xp.full((2, 3), xp.asarray([1.5, 2.5, 3]), numpy.int8),
                xp.full((2, 2), [[1 + 1j], [2 + 0j]], numpy.complex64))

    def test_scalar_fill_stays_on_device(self):
        from tests.routine_helpers import device_only
        with device_only():
            cupy.full((100,), 3.5, numpy.float32)
            cupy.full((4, 5), -1.5, numpy.uint8)


def _prototypes(xp, dtype):
    out = nonempty(arrays(xp, dtype))
    a = testing.shaped_arange((2, 3, 4), xp, dtype)
    out += [a.transpose(2, 0, 1), a[:, ::2].transpose(1, 2, 0),
            a[:, :1].T, xp.broadcast_to(a[:1, :, :1], (3, 3, 2))]
    return out


class TestLike:

    @testing.for_all_dtypes()
    @pytest.mark.parametrize('order', ['K', 'A', 'C', 'F', 'k', None])
    @testing.numpy_cupy_array_equal(strides_check=True)
    def test_zeros_ones_like(self, xp, dtype, order):
        protos = _prototypes(xp, dtype)
        with on_device(xp):
            return [f(p, order=order) for p in protos
                    for f in (xp.zeros_like, xp.ones_like)]

    @testing.for_all_dtypes()
    @pytest.mark.parametrize('order', ['K', 'A', 'C', 'F'])
    @testing.numpy_cupy_equal()
    def test_empty_like(self, xp, dtype, order):
        out = []
        for p in _prototypes(xp, dtype):
            with on_device(xp):
                e = xp.empty_like(p, order=order)
            out.append((e.shape, e.dtype, e.strides, e.flags.owndata))
        return out

    @testing.for_all_dtypes()
    @pytest.mark.parametrize('value', [0, 3, 2.5])
    @testing.numpy_cupy_array_equal(strides_check=True)
    def test_full_like(self, xp, dtype, value):
        protos = _prototypes(xp, dtype)
        with on_device(xp):
            return [xp.full_like(p, value) for p in protos]

    @testing.for_all_dtypes_combination(names=('src', 'dst'))
    @testing.numpy_cupy_array_equal(strides_check=True)
    def test_dtype(self, xp, src, dst):
        p = testing.shaped_arange((2, 3, 4), xp, src).transpose(1, 0, 2)
        return (xp.zeros_like(p, dtype=dst), xp.ones_like(p, dst),
                xp.full_like(p, 1, dtype=dst))

    @pytest.mark.parametrize('shape', [(4, 3, 2), (6, 4), 5, (), (2, 0, 3),
                                       [3, 4, 2]])
    @pytest.mark.parametrize('order', ['K', 'A', 'C', 'F'])
    @testing.numpy_cupy_equal()
    def test_shape(self, xp, shape, order):
        out = []
        a = testing.shaped_arange((2, 3, 4), xp)
        for p in (a, a.T, a.transpose(2, 0, 1), a[:, ::-1]):
            e = xp.empty_like(p, order=order, shape=shape)
            z = xp.zeros_like(p, order=order, shape=shape)
            out.append((e.shape, z.shape, z.flags.c_contiguous,
                        z.flags.f_contiguous, z.get().tolist()
                        if xp is cupy else z.tolist()))
            if e.size:
                out.append(e.strides)
        return out

    @testing.numpy_cupy_array_equal()
    def test_full_like_cast(self, xp):
        a = xp.zeros((2, 3), numpy.int64)
        return (xp.full_like(a, 3.7), xp.full_like(a, -1.5, numpy.uint8),
                xp.full_like(a, [1, 2, 3]), xp.full_like(a.T, [1.5, 2]),
                xp.full_like(a, True, numpy.float16))

    @testing.numpy_cupy_array_equal()
    def test_host_prototype(self, xp):
        return (xp.zeros_like([[1.0, 2.0]]), xp.ones_like(3),
                xp.full_like(numpy.zeros((2, 2), numpy.int8), 5),
                xp.empty_like(numpy.zeros((2, 0))))

    def test_errors(self):
        for xp in (numpy, cupy):
            a = xp.zeros((2, 3))
            with pytest.raises(ValueError):
                xp.zeros_like(a, order='X')
            with pytest.raises(ValueError):
                xp.empty_like(a, shape=(-1,))
            with pytest.raises(TypeError):
                xp.ones_like(a, shape=2.0)
            with pytest.raises(OverflowError):
                xp.full_like(a, -1, numpy.uint8)

    def test_new_memory(self):
        a = cupy.arange(6).reshape(2, 3)
        for f in (cupy.empty_like, cupy.zeros_like, cupy.ones_like):
            b = f(a.T)
            assert b.base is None and b.flags.owndata
            assert b.data.mem is not a.data.mem
