"""cupy.array, asarray, asanyarray, ascontiguousarray, asfortranarray, copy,
asnumpy and get_array_module."""

import numpy
import pytest

import cupy
from cupy import testing
from tests.core_tests.core_helpers import arrays, nonempty, on_device
from tests.core_tests.core_helpers import shares_memory


def _host_arrays(dtype):
    """NumPy arrays of several strides and byte orders."""
    a = testing.shaped_arange((2, 3, 4), numpy, dtype)
    out = [a, numpy.asfortranarray(a), a.transpose(2, 0, 1), a[:, ::-1],
           a[::-1, :, ::2].T, numpy.broadcast_to(a[:, :1], (2, 5, 4)),
           a[0, 0, 0:1], a[0, 0, 0], a[:, :0]]
    if numpy.dtype(dtype).itemsize > 1:
        swapped = a.astype(numpy.dtype(dtype).newbyteorder())
        out += [swapped, swapped.T, swapped[:, ::-2]]
    return out


class TestArrayFromHost:

    @testing.for_all_dtypes()
    @testing.numpy_cupy_allclose()
    def test_array(self, xp, dtype):
        # (the device holds the native byte order)
        return [xp.array(h).astype(h.dtype.newbyteorder('='))
                if xp is numpy else xp.array(h) for h in _host_arrays(dtype)]

    @testing.for_all_dtypes()
    @pytest.mark.parametrize('order', ['C', 'F', 'A', 'K', None])
    @testing.numpy_cupy_array_equal(strides_check=True)
    def test_array_layout(self, xp, dtype, order):
        # strides as NumPy's copy (byte order: native on the device)
        return [xp.array(h, order=order).astype(numpy.dtype(dtype))
                if xp is numpy else xp.array(h, order=order)
                for h in _host_arrays(dtype) if h.size]

    @testing.for_all_dtypes()
    def test_native_byte_order(self, dtype):
        for h in _host_arrays(dtype):
            a = cupy.asarray(h)
            assert a.dtype.isnative
            assert a.dtype == h.dtype.newbyteorder('=')
            numpy.testing.assert_array_equal(a.get(), h)

    @pytest.mark.filterwarnings('ignore::numpy.exceptions.ComplexWarning')
    @testing.for_all_dtypes_combination(names=('src', 'dst'))
    @testing.numpy_cupy_array_equal()
    def test_dtype(self, xp, src, dst):
        h = testing.shaped_arange((2, 3), numpy, src)
        return xp.array(h, dtype=dst), xp.asarray(h.T, dtype=dst)

    @testing.numpy_cupy_array_equal()
    def test_nested_lists(self, xp):
        return (xp.array([[1, 2], [3, 4]]), xp.array([[1.5, 2], [3, 4j]]),
                xp.array([[True, False]]), xp.array(((1, 2), [3, 4])),
                xp.array([[1, 2]], dtype=numpy.int8),
                xp.array([[1.5, -2.5]], dtype=numpy.int32),
                xp.array([]), xp.array([[], []]), xp.array([[[]]]),
                xp.array([numpy.float16(1), 2]),
                xp.array([numpy.int8(1), numpy.uint8(200)]),
                xp.array([2 ** 63, 1]), xp.array(range(4)))

    @testing.numpy_cupy_array_equal()
    def test_scalars(self, xp):
        return (xp.array(3), xp.array(2.5), xp.array(1 + 2j), xp.array(True),
                xp.array(numpy.float16(1.5)), xp.array(numpy.uint64(2 ** 64 -
                                                                    1)),
                xp.array(2 ** 63), xp.array(-2 ** 63),
                xp.array(numpy.float32(3), dtype=numpy.float64),
                xp.asarray(7, dtype=numpy.int8))

    @pytest.mark.parametrize('ndmin', [0, 1, 2, 4])
    @pytest.mark.parametrize('order', ['C', 'F', 'K', 'A'])
    @testing.numpy_cupy_array_equal(strides_check=True)
    def test_ndmin(self, xp, ndmin, order):
        h = testing.shaped_arange((3, 4), numpy)
        return (xp.array([1, 2], ndmin=ndmin, order=order),
                xp.array(5, ndmin=ndmin, order=order),
                xp.array(h.T, ndmin=ndmin, order=order),
                xp.array(h[:, ::2], ndmin=ndmin, order=order),
                xp.array(xp.asarray(h)[:, ::2], ndmin=ndmin, order=order,
                         copy=None),
                xp.array(xp.asarray(h).T, ndmin=ndmin, order=order))

    def test_copy_false_host_data(self):
        # NumPy: ValueError when a copy is needed; host data always needs
        # one to reach the device
        with pytest.raises(ValueError):
            numpy.array([1, 2], copy=False)
        for obj in ([1, 2], numpy.arange(3), 5):
            with pytest.raises(ValueError):
                cupy.array(obj, copy=False)
            with pytest.raises(ValueError):
                cupy.asarray(obj, copy=False)

    def test_bad_order(self):
        for xp in (numpy, cupy):
            with pytest.raises(ValueError):
                xp.array([1, 2], order='X')


class TestArrayFromDevice:

    @testing.for_all_dtypes()
    @pytest.mark.parametrize('order', ['C', 'F', 'A', 'K'])
    @testing.numpy_cupy_allclose()
    def test_copy(self, xp, dtype, order):
        xs = arrays(xp, dtype)
        with on_device(xp):
            return [xp.array(a, order=order) for a in xs]

    @testing.for_all_dtypes()
    @pytest.mark.parametrize('order', ['C', 'F', 'A', 'K'])
    @testing.numpy_cupy_array_equal(strides_check=True)
    def test_copy_layout(self, xp, dtype, order):
        return [xp.array(a, order=order) for a in nonempty(arrays(xp, dtype))]

    @testing.for_all_dtypes()
    @pytest.mark.parametrize('order', ['C', 'F', 'A', 'K'])
    @pytest.mark.parametrize('copy', [None, False])
    @testing.numpy_cupy_equal()
    def test_no_copy_rules(self, xp, dtype, order, copy):
        """Which (array, order) pairs come back without a copy."""
        out = []
        for a in arrays(xp, dtype):
            try:
                r = xp.array(a, copy=copy, order=order)
            except ValueError:
                out.append('ValueError')
                continue
            out.append(r is a)
        return out

    @testing.numpy_cupy_equal()
    def test_asarray_no_copy(self, xp):
        a = testing.shaped_arange((2, 3), xp)
        return [xp.asarray(a) is a, xp.asarray(a, dtype=a.dtype) is a,
                xp.asarray(a, copy=False) is a, xp.asarray(a, copy=True) is a,
                xp.asarray(a.T, order='C') is a.T,
                xp.asanyarray(a) is a, xp.array(a, copy=None) is a,
                xp.array(a) is a]

    @pytest.mark.filterwarnings('ignore::numpy.exceptions.ComplexWarning')
    @testing.for_all_dtypes_combination(names=('src', 'dst'))
    @testing.numpy_cupy_array_equal()
    def test_dtype(self, xp, src, dst):
        a = testing.shaped_arange((2, 3), xp, src)
        with on_device(xp):
            return xp.array(a, dtype=dst), xp.asarray(a.T, dtype=dst)

    def test_copy_false_needs_copy(self):
        for xp in (numpy, cupy):
            a = testing.shaped_arange((2, 3), xp)
            with pytest.raises(ValueError):
                xp.asarray(a, dtype=numpy.float64, copy=False)
            with pytest.raises(ValueError):
                xp.asarray(a.T, order='C', copy=False)
            with pytest.raises(ValueError):
                xp.array(a, order='F', copy=False)

    def test_copy_is_independent(self):
        a = cupy.zeros(3)
        b = cupy.array(a)
        b[0] = 1
        assert float(a[0]) == 0
        c = cupy.asarray(a)
        c[0] = 2
        assert float(a[0]) == 2

    @testing.numpy_cupy_array_equal()
    def test_sequence_of_device_arrays(self, xp):
        a = testing.shaped_arange((3,), xp)
        return (xp.array([a, a]),
                xp.array([a, a], dtype=numpy.int32),
                xp.array([[a], [a]]), xp.array((a, a), order='F'))


class TestContiguousArrays:

    @testing.for_all_dtypes()
    @testing.numpy_cupy_allclose()
    def test_ascontiguousarray(self, xp, dtype):
        xs = arrays(xp, dtype)
        with on_device(xp):
            return [xp.ascontiguousarray(a) for a in xs]

    @testing.for_all_dtypes()
    @testing.numpy_cupy_allclose()
    def test_asfortranarray(self, xp, dtype):
        xs = arrays(xp, dtype)
        with on_device(xp):
            return [xp.asfortranarray(a) for a in xs]

    @testing.numpy_cupy_array_equal(strides_check=True)
    def test_0d_becomes_1d(self, xp):
        # NumPy 2.4: ascontiguousarray/asfortranarray return >= 1-d
        return (xp.ascontiguousarray(xp.asarray(3)),
                xp.asfortranarray(xp.asarray(3.5)),
                xp.ascontiguousarray(3), xp.asfortranarray(True),
                xp.ascontiguousarray(numpy.asarray(2, numpy.int8)))

    @testing.numpy_cupy_array_equal()
    def test_dtype_and_host(self, xp):
        a = testing.shaped_arange((2, 3), numpy)
        return (xp.ascontiguousarray(a.T, dtype=numpy.float16),
                xp.asfortranarray(a, dtype=numpy.complex64),
                xp.ascontiguousarray([[1, 2], [3, 4]]),
                xp.asfortranarray([[1, 2], [3, 4]]))

    @testing.numpy_cupy_equal()
    def test_no_copy(self, xp):
        a = testing.shaped_arange((2, 3), xp)
        f = a.T
        v = testing.shaped_arange((3,), xp)
        return [xp.ascontiguousarray(a) is a, xp.asfortranarray(f) is f,
                xp.ascontiguousarray(v) is v, xp.asfortranarray(v) is v,
                xp.ascontiguousarray(f) is f, xp.asfortranarray(a) is a]


class TestCopyFunction:

    @testing.for_all_dtypes()
    @pytest.mark.parametrize('order', ['C', 'F', 'A', 'K'])
    @testing.numpy_cupy_allclose()
    def test_copy(self, xp, dtype, order):
        xs = arrays(xp, dtype)
        with on_device(xp):
            out = [xp.copy(a, order=order) for a in xs]
        for a, b in zip(xs, out):
            assert not shares_memory(a, b)
        return out

    @testing.for_all_dtypes()
    @pytest.mark.parametrize('order', ['C', 'F', 'A', 'K'])
    @testing.numpy_cupy_array_equal(strides_check=True)
    def test_copy_layout(self, xp, dtype, order):
        return [xp.copy(a, order=order) for a in nonempty(arrays(xp, dtype))]


class TestAsnumpy:

    @testing.for_all_dtypes()
    def test_asnumpy(self, dtype):
        for c, n in zip(arrays(cupy, dtype), arrays(numpy, dtype)):
            h = cupy.asnumpy(c)
            assert isinstance(h, numpy.ndarray)
            assert h.dtype == n.dtype
            numpy.testing.assert_array_equal(h, n)

    @pytest.mark.parametrize('order', ['C', 'F', 'A'])
    def test_order(self, order):
        a = testing.shaped_arange((2, 3), cupy).T
        h = cupy.asnumpy(a, order=order)
        want = numpy.array(testing.shaped_arange((2, 3), numpy).T,
                           order=order)
        assert h.flags.c_contiguous == want.flags.c_contiguous
        assert h.flags.f_contiguous == want.flags.f_contiguous
        numpy.testing.assert_array_equal(h, want)

    def test_stream_and_out(self):
        s = cupy.cuda.Stream()
        with s:     # (streams do not wait for each other: TODO.md)
            a = cupy.arange(6, dtype=numpy.float32).reshape(2, 3)
        out = numpy.empty((2, 3), numpy.float32)
        assert cupy.asnumpy(a, stream=s, out=out) is out
        numpy.testing.assert_array_equal(out, numpy.arange(6).reshape(2, 3))
        out_f = numpy.empty((2, 3), numpy.float32, order='F')
        cupy.asnumpy(a[:, ::-1], out=out_f)
        numpy.testing.assert_array_equal(
            out_f, numpy.arange(6).reshape(2, 3)[:, ::-1])

    def test_host_objects(self):
        numpy.testing.assert_array_equal(cupy.asnumpy([1, 2]), [1, 2])
        h = numpy.arange(3)
        assert cupy.asnumpy(h) is h
        out = numpy.zeros(3)
        assert cupy.asnumpy([1, 2, 3], out=out) is out
        numpy.testing.assert_array_equal(out, [1, 2, 3])
        assert cupy.asnumpy(5) == 5

    def test_errors(self):
        a = cupy.zeros((2, 3), numpy.float32)
        with pytest.raises(ValueError):
            cupy.asnumpy(a, out=numpy.zeros((2, 2), numpy.float32))
        with pytest.raises(TypeError):
            cupy.asnumpy(a, out=numpy.zeros((2, 3), numpy.int32))


class TestGetArrayModule:

    def test_get_array_module(self):
        a = cupy.zeros(2)
        assert cupy.get_array_module(a) is cupy
        assert cupy.get_array_module(numpy.zeros(2), a, 1) is cupy
        assert cupy.get_array_module(numpy.zeros(2)) is numpy
        assert cupy.get_array_module() is numpy
        assert cupy.get_array_module([a]) is numpy
        assert cupy.get_array_module(1, 2.0, 'x', None) is numpy
