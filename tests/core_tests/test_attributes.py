"""ndarray attributes: shape (and its setter), strides, dtype, ndim, size,
itemsize, nbytes, flags, data, base, device, T, mT, real, imag, flat,
len() and iteration."""

import warnings

import numpy
import pytest

import cupy
from cupy import testing
from tests.core_tests.core_helpers import arrays, nonempty, on_device
from tests.routine_helpers import layouts


def _layout(a):
    return (a.shape, a.ndim, a.size, a.itemsize, a.nbytes, a.dtype,
            bool(a.flags.c_contiguous), bool(a.flags.f_contiguous))


class TestLayoutAttributes:

    @testing.for_all_dtypes()
    @testing.numpy_cupy_equal()
    def test_attributes(self, xp, dtype):
        return [_layout(a) for a in arrays(xp, dtype)]

    @testing.for_all_dtypes()
    @testing.numpy_cupy_equal()
    def test_strides(self, xp, dtype):
        # (NumPy 2.4 gives empty arrays zero strides; not compared)
        return [a.strides for a in nonempty(arrays(xp, dtype))]

    @pytest.mark.parametrize('shape', [(), (0,), (1,), (3, 1), (1, 3),
                                       (2, 0, 3), (1, 1, 1), (4, 5, 6)])
    @pytest.mark.parametrize('order', ['C', 'F'])
    @testing.numpy_cupy_equal()
    def test_new_arrays(self, xp, shape, order):
        a = xp.empty(shape, numpy.complex64, order)
        return _layout(a), a.flags.owndata

    @testing.numpy_cupy_equal()
    def test_views(self, xp):
        a = testing.shaped_arange((4, 5, 6), xp)
        views = [a[1], a[:, 1:3], a[::2, :, ::-3], a.T[1:], a[None, :, 0],
                 a[:, :1], a[:1, :, :1], a[..., 2:3][::-1]]
        return [(_layout(v), v.strides, v.flags.owndata) for v in views]

    def test_dtype_is_numpy_dtype(self):
        a = cupy.zeros(3, numpy.float16)
        assert isinstance(a.dtype, numpy.dtype)
        assert a.dtype == numpy.float16
        assert a.itemsize == 2 and a.nbytes == 6

    def test_byte_order_is_native(self):
        # CuPy's arrays are in native byte order whatever the input
        a = cupy.asarray(numpy.arange(3, dtype='>f4'))
        assert a.dtype == numpy.dtype('<f4')
        assert a.dtype.isnative

    def test_size_overflow(self):
        for xp in (numpy, cupy):
            with pytest.raises(ValueError):
                xp.empty((2 ** 40, 2 ** 40), xp.int8)


def _set_shape(a, newshape):
    """a.shape = newshape.  NumPy 2.5 deprecates its shape setter (CuPy
    keeps it, as this library): the NumPy reference sets it with that
    warning silenced."""
    with warnings.catch_warnings():
        if isinstance(a, numpy.ndarray):
            warnings.filterwarnings('ignore', 'Setting the shape',
                                    DeprecationWarning)
        a.shape = newshape


class TestShapeSetter:

    @pytest.mark.parametrize('newshape', [(4, 6), (-1,), 24, (2, 3, 4),
                                          (1, 24, 1), (6, -1)])
    @testing.numpy_cupy_array_equal(strides_check=True)
    def test_contiguous(self, xp, newshape):
        a = testing.shaped_arange((2, 3, 4), xp)
        _set_shape(a, newshape)
        return a

    @testing.numpy_cupy_array_equal(strides_check=True)
    def test_strided(self, xp):
        a = testing.shaped_arange((6,), xp)[::2]
        _set_shape(a, (3, 1))
        b = testing.shaped_arange((3, 4), xp).T
        _set_shape(b, (4, 3))    # its own shape: no change
        c = testing.shaped_arange((4, 6), xp)[:, ::2]
        _set_shape(c, (2, 2, 3))
        return a, b, c

    @testing.numpy_cupy_array_equal(strides_check=True)
    def test_0d_and_size1(self, xp):
        a = testing.shaped_arange((), xp)
        _set_shape(a, (1, 1))
        b = testing.shaped_arange((1,), xp)
        _set_shape(b, ())
        return a, b

    @testing.numpy_cupy_equal()
    def test_empty(self, xp):
        a = xp.zeros((5, 0))
        _set_shape(a, (0, 5))
        b = xp.zeros((0, 3))
        _set_shape(b, (3, 0, 5))
        return a.shape, b.shape

    def test_changes_only_this_view(self):
        a = cupy.arange(6)
        b = a[:]
        b.shape = (2, 3)
        assert a.shape == (6,) and b.shape == (2, 3)
        b[1, 1] = 40
        assert int(a[4]) == 40

    def test_needs_copy(self):
        for xp in (numpy, cupy):
            a = testing.shaped_arange((2, 3), xp).T
            with pytest.raises(AttributeError):
                _set_shape(a, (6,))
            b = testing.shaped_arange((4, 6), xp)[:, :3]
            with pytest.raises(AttributeError):
                _set_shape(b, (12,))
            assert a.shape == (3, 2) and b.shape == (4, 3)

    @pytest.mark.parametrize('newshape,error', [
        ((4,), ValueError), ((-1, -1), ValueError), ((7, -1), ValueError),
        ((True, 6), TypeError), (6.0, TypeError), ('6', TypeError),
    ])
    def test_errors(self, newshape, error):
        for xp in (numpy, cupy):
            a = xp.arange(6)
            with pytest.raises(error):
                _set_shape(a, newshape)
            assert a.shape == (6,)

    def test_delete(self):
        for xp in (numpy, cupy):
            a = xp.arange(6)
            with pytest.raises(AttributeError):
                del a.shape

    def test_strides_read_only(self):
        # CuPy's strides cannot be set (NumPy 2.4 deprecates setting them)
        a = cupy.arange(6)
        with pytest.raises(AttributeError):
            a.strides = (8,)


class TestFlags:

    @testing.for_all_dtypes()
    @testing.numpy_cupy_equal()
    def test_contiguity(self, xp, dtype):
        out = []
        for a in arrays(xp, dtype):
            f = a.flags
            out.append((f.c_contiguous, f.f_contiguous,
                        f['C_CONTIGUOUS'], f['F_CONTIGUOUS'], f['C'],
                        f['F'], f['CONTIGUOUS'], f['FORTRAN']))
        return out

    @testing.numpy_cupy_equal()
    def test_owndata(self, xp):
        a = testing.shaped_arange((3, 4), xp)
        return [x.flags.owndata for x in (
            xp.zeros(3), xp.empty((2, 2), order='F'), a.copy(), a[1:],
            a.T, a.reshape(12), a.ravel(), a.view())] + [
            a.flags['OWNDATA'], a[1:].flags['O']]

    def test_unknown_flag(self):
        for xp in (numpy, cupy):
            with pytest.raises(KeyError):
                xp.zeros(3).flags['NO_SUCH_FLAG']

    def test_repr(self):
        r = repr(cupy.zeros((2, 3)).T.flags)
        assert 'C_CONTIGUOUS : False' in r
        assert 'F_CONTIGUOUS : True' in r
        assert 'OWNDATA : False' in r


class TestDataBaseDevice:

    def test_data(self):
        a = cupy.arange(12, dtype=numpy.int32).reshape(3, 4)
        assert isinstance(a.data, cupy.cuda.MemoryPointer)
        assert a[1].data.ptr == a.data.ptr + 16
        assert a[1:, 2:].data.ptr == a.data.ptr + 16 + 8
        assert a[::-1].data.ptr == a.data.ptr + 32
        assert a.T.data.ptr == a.data.ptr
        assert a[1].data.mem is a.data.mem
        assert a.copy().data.mem is not a.data.mem
        assert a.data.device_id == cupy.cuda.Device().id

    def test_base(self):
        a = cupy.arange(12)
        b = a.reshape(3, 4)
        c = b[1:].T
        assert a.base is None
        assert b.base is a and c.base is a
        assert a.copy().base is None
        assert b.view().base is a
        assert a[()].base is a if a.ndim == 0 else True

    @testing.numpy_cupy_equal()
    def test_base_like_numpy(self, xp):
        a = xp.zeros((3, 4))
        return [x.base is a for x in (
            a[1], a.T, a.T.T, a[:, ::2][1:], a.reshape(12), a.reshape(2, 6),
            a.view(), a[None, :, None].squeeze(), a.swapaxes(0, 1),
            a.diagonal())] + [a.copy().base is None,
                              a.T.copy().base is None, a.real is a]

    def test_device(self):
        a = cupy.arange(3)
        assert isinstance(a.device, cupy.cuda.Device)
        assert a.device.id == cupy.cuda.Device().id
        assert a[1:].device.id == a.device.id


class TestTransposeAttributes:

    @testing.for_all_dtypes()
    @testing.numpy_cupy_allclose()
    def test_T(self, xp, dtype):
        xs = arrays(xp, dtype)
        with on_device(xp):
            return [a.T for a in xs]

    @testing.for_all_dtypes()
    @testing.numpy_cupy_array_equal(strides_check=True)
    def test_T_strides(self, xp, dtype):
        xs = nonempty(arrays(xp, dtype))
        return [a.T for a in xs] + [a.T.T for a in xs]

    @testing.for_all_dtypes()
    @testing.numpy_cupy_array_equal(strides_check=True)
    def test_mT(self, xp, dtype):
        xs = layouts(xp, (2, 3, 4), dtype) + layouts(xp, (3, 2), dtype)
        with on_device(xp):
            return [a.mT for a in xs]

    def test_mT_needs_2d(self):
        for xp in (numpy, cupy):
            for a in (xp.zeros(3), xp.zeros(())):
                with pytest.raises(ValueError):
                    a.mT

    def test_T_is_view(self):
        a = cupy.zeros((2, 3))
        a.T[1, 0] = 5
        assert float(a[0, 1]) == 5


class TestRealImag:

    @testing.for_all_dtypes()
    @testing.numpy_cupy_allclose()
    def test_real(self, xp, dtype):
        xs = arrays(xp, dtype)
        with on_device(xp):
            return [a.real for a in xs]

    @testing.for_all_dtypes()
    @testing.numpy_cupy_array_equal()
    def test_imag(self, xp, dtype):
        xs = arrays(xp, dtype)
        with on_device(xp):
            return [a.imag for a in xs]

    @testing.for_complex_dtypes()
    @testing.numpy_cupy_allclose()
    def test_imag_layout(self, xp, dtype):
        return [a.imag for a in arrays(xp, dtype)]

    @testing.for_complex_dtypes()
    @testing.numpy_cupy_array_equal(strides_check=True)
    def test_complex_parts_are_views(self, xp, dtype):
        xs = nonempty(arrays(xp, dtype))
        return [a.real for a in xs] + [a.imag for a in xs]

    @testing.for_dtypes('if?')
    @testing.numpy_cupy_array_equal(strides_check=True)
    def test_imag_of_real_layout(self, xp, dtype):
        return [a.imag for a in nonempty(arrays(xp, dtype))]

    @testing.numpy_cupy_equal()
    def test_real_of_real_is_self(self, xp):
        a = xp.arange(3.0)
        return a.real is a

    @testing.for_complex_dtypes()
    @testing.numpy_cupy_array_equal()
    def test_write_through_views(self, xp, dtype):
        a = testing.shaped_arange((2, 3), xp, dtype)
        a.real[0] = 7
        a.imag[:, 1] = -1
        a.T.imag[2] = 9
        return a

    @testing.for_all_dtypes(no_complex=True)
    @testing.numpy_cupy_array_equal()
    def test_write_real_of_real(self, xp, dtype):
        a = testing.shaped_arange((2, 3), xp, dtype)
        a.real[0] = 0
        return a

    @testing.for_complex_dtypes()
    @pytest.mark.parametrize('value', [5, 2.5, [1, 2, 3], 'array'])
    @testing.numpy_cupy_array_equal()
    def test_set_parts(self, xp, dtype, value):
        if value == 'array':
            value = testing.shaped_arange((3,), xp, numpy.float64)
        a = testing.shaped_arange((2, 3), xp, dtype)
        b = testing.shaped_arange((3, 2), xp, dtype).T   # a view
        a.real = value
        b.imag = value
        return a, b

    @testing.for_all_dtypes(no_complex=True)
    @testing.numpy_cupy_array_equal()
    def test_set_real_of_real(self, xp, dtype):
        a = testing.shaped_arange((2, 3), xp, dtype)
        a.real = 1
        b = testing.shaped_arange((3, 2), xp, dtype)[::-1]
        b.real = testing.shaped_arange((2,), xp, dtype)
        return a, b

    def test_set_imag_of_real(self):
        for xp in (numpy, cupy):
            a = xp.zeros(3)
            with pytest.raises(TypeError):
                a.imag = 1

    def test_set_shape_mismatch(self):
        for xp in (numpy, cupy):
            a = xp.zeros(3, numpy.complex64)
            with pytest.raises(ValueError):
                a.real = [1, 2]

    @testing.numpy_cupy_array_equal(accept_error=TypeError)
    def test_complex_set_from_complex(self, xp):
        # NumPy < 2.5 casts (with ComplexWarning) when setting a Python
        # complex into the real part of a real array; 2.5 raises TypeError
        a = xp.zeros(3, numpy.float32)
        with testing.assert_warns(numpy.exceptions.ComplexWarning) \
                if xp is numpy else _nothing():
            a.real = 1 + 2j
        return a


class _nothing:
    def __enter__(self):
        return self

    def __exit__(self, *args):
        return False


class TestFlat:

    @testing.for_all_dtypes()
    @pytest.mark.parametrize('key', [0, 5, -1, slice(2, 9), slice(None, None,
                                     -3), Ellipsis])
    @testing.numpy_cupy_array_equal()
    def test_getitem(self, xp, dtype, key):
        out = []
        for a in layouts(xp, (2, 3, 4), dtype):
            r = a.flat[key]
            out.append(xp.asarray(r))
        return out

    @testing.numpy_cupy_allclose()
    def test_getitem_is_copy(self, xp):
        a = testing.shaped_arange((2, 3), xp)
        r = a.flat[1:4]
        s = a.flat[2]
        a[...] = 0
        return r, xp.asarray(s)

    @testing.for_all_dtypes()
    @pytest.mark.parametrize('key,value', [
        (0, 3), (-1, 2), (slice(2, 9), 1), (slice(None, None, -5), [1, 0]),
        (slice(None), 0)])
    @testing.numpy_cupy_array_equal()
    def test_setitem(self, xp, dtype, key, value):
        out = []
        for a in layouts(xp, (2, 3, 4), dtype, writable=True):
            a.flat[key] = value
            out.append(a)
        return out

    @testing.numpy_cupy_array_equal()
    def test_setitem_0d(self, xp):
        a = xp.zeros((), numpy.int32)
        a.flat[0] = 5
        return a, xp.asarray(a.flat[0])

    @pytest.mark.parametrize('key', [[0, 23, 4], None, (0,), True])
    def test_cupy_takes_only_ints_slices_ellipsis(self, key):
        # CuPy's flatiter contract (NumPy also takes fancy keys)
        a = cupy.zeros((2, 3, 4))
        with pytest.raises(IndexError):
            a.flat[key]
        with pytest.raises(IndexError):
            a.flat[key] = 1

    def test_iteration_protocol_and_copy(self):
        a = cupy.arange(6).reshape(2, 3).T
        it = a.flat
        assert iter(it) is it
        assert [int(x) for x in it] == numpy.arange(6).reshape(2, 3).T \
            .ravel().tolist()
        c = a.flat.copy()
        assert c.flags.c_contiguous and c.data.mem is not a.data.mem

    def test_index_error(self):
        for xp in (numpy, cupy):
            a = xp.zeros((2, 3))
            with pytest.raises(IndexError):
                a.flat[6]
            with pytest.raises(IndexError):
                a.flat[6] = 1

    @testing.numpy_cupy_equal()
    def test_len_and_base(self, xp):
        a = testing.shaped_arange((2, 3, 4), xp)
        b = a.T
        return (len(a.flat), len(b.flat), len(xp.zeros(()).flat),
                len(xp.zeros((0, 4)).flat), a.flat.base is a,
                b.flat.base is b)

    @testing.for_all_dtypes()
    @testing.numpy_cupy_equal()
    def test_iter(self, xp, dtype):
        return [[x.item() if hasattr(x, 'item') else x for x in a.flat]
                for a in arrays(xp, dtype, shape=(2, 3))]


class TestLenIter:

    @testing.numpy_cupy_equal()
    def test_len(self, xp):
        return [len(a) for a in arrays(xp, numpy.float32) if a.ndim]

    def test_len_0d(self):
        for xp in (numpy, cupy):
            with pytest.raises(TypeError):
                len(xp.zeros(()))

    @testing.for_all_dtypes()
    @testing.numpy_cupy_array_equal()
    def test_iter(self, xp, dtype):
        out = []
        for a in arrays(xp, dtype, shape=(3, 4)):
            if a.ndim:
                out.extend(xp.asarray(x) for x in a)
        return out

    @testing.numpy_cupy_equal()
    def test_iter_lengths(self, xp):
        return [len(list(a)) for a in arrays(xp, numpy.int8) if a.ndim]

    def test_iter_0d(self):
        for xp in (numpy, cupy):
            with pytest.raises(TypeError):
                iter(xp.zeros(()))

    def test_iter_gives_views(self):
        a = cupy.zeros((2, 3))
        for row in a:
            row[0] = 1
        assert float(a[1, 0]) == 1
