"""Conversions of an ndarray: bool/int/float/complex/index, item, tolist,
get, set, repr/str/format, __array__; the dtypes an array may not have."""

import operator

import numpy
import pytest

import cupy
from cupy import testing
from tests.core_tests.core_helpers import arrays
from tests.routine_helpers import layouts


def _both_raise(f, error):
    for xp in (numpy, cupy):
        with pytest.raises(error):
            f(xp)


def _value(x):
    """A Python value with its type, to compare results exactly."""
    return type(x).__name__, x


class TestScalarConversion:

    @testing.for_all_dtypes()
    @pytest.mark.parametrize('shape', [(), (1,), (1, 1)])
    @testing.numpy_cupy_equal()
    def test_bool(self, xp, dtype, shape):
        return [bool(testing.shaped_arange(shape, xp, dtype)),
                bool(xp.zeros(shape, dtype))]

    @pytest.mark.parametrize('shape', [(2,), (0,), (2, 0), (1, 2)])
    def test_bool_errors(self, shape):
        _both_raise(lambda xp: bool(xp.ones(shape)), ValueError)

    @testing.for_all_dtypes(no_complex=True)
    @testing.numpy_cupy_equal()
    def test_int_float_0d(self, xp, dtype):
        a = testing.shaped_arange((), xp, dtype)
        return [_value(int(a)), _value(float(a)), _value(complex(a))]

    @testing.for_complex_dtypes()
    @testing.numpy_cupy_equal()
    def test_complex_0d(self, xp, dtype):
        a = testing.shaped_arange((), xp, dtype)
        return _value(complex(a))

    @testing.for_complex_dtypes()
    def test_complex_to_real_errors(self, dtype):
        _both_raise(lambda xp: int(xp.ones((), dtype)), TypeError)
        _both_raise(lambda xp: float(xp.ones((), dtype)), TypeError)

    @testing.numpy_cupy_equal()
    def test_special_values(self, xp):
        return [_value(float(xp.asarray(numpy.inf))),
                _value(int(xp.asarray(-3.7))),
                _value(int(xp.asarray(2 ** 64 - 1, numpy.uint64))),
                _value(float(xp.asarray(numpy.float16(65504)))),
                _value(int(xp.asarray(True)))]

    def test_nan_to_int(self):
        _both_raise(lambda xp: int(xp.asarray(numpy.nan)), ValueError)

    @pytest.mark.parametrize('func', [int, float, complex])
    @pytest.mark.parametrize('shape', [(1,), (1, 1), (2,), (0,), (2, 3)])
    def test_not_0d(self, func, shape):
        # NumPy 2.4: only 0-d arrays convert to Python scalars
        _both_raise(lambda xp: func(xp.ones(shape)), TypeError)

    @testing.for_int_dtypes(no_bool=True)
    @testing.numpy_cupy_equal()
    def test_index(self, xp, dtype):
        a = testing.shaped_arange((), xp, dtype)
        return (_value(operator.index(a)), [10, 20, 30][xp.asarray(1, dtype)],
                list(range(5))[xp.asarray(1, dtype):xp.asarray(3, dtype)])

    @pytest.mark.parametrize('make', [
        lambda xp: xp.asarray(1.0), lambda xp: xp.asarray(True),
        lambda xp: xp.asarray([1]), lambda xp: xp.asarray(1 + 0j),
        lambda xp: xp.zeros((0,), numpy.int64)])
    def test_index_errors(self, make):
        _both_raise(lambda xp: operator.index(make(xp)), TypeError)




class TestItem:

    @testing.for_all_dtypes()
    @testing.numpy_cupy_equal()
    def test_item(self, xp, dtype):
        out = []
        for a in layouts(xp, (2, 3, 4), dtype):
            out += [_value(a.item(0)), _value(a.item(5)), _value(a.item(-1)),
                    _value(a.item(1, 2, 3)), _value(a.item((1, 0, 2))),
                    _value(a.item(numpy.int8(7))),
                    _value(a.item(-2, -1, 0))]
        return out

    @testing.for_all_dtypes()
    @testing.numpy_cupy_equal()
    def test_size_1(self, xp, dtype):
        return [_value(testing.shaped_arange(s, xp, dtype).item())
                for s in [(), (1,), (1, 1, 1)]] + [
            _value(testing.shaped_arange((), xp, dtype).item(0)),
            _value(testing.shaped_arange((), xp, dtype).item(()))]

    @pytest.mark.parametrize('args,error', [
        ((), ValueError), ((24,), IndexError), ((-25,), IndexError),
        ((2, 0, 0), IndexError), ((0, 0), ValueError), ((0, 0, 0, 0),
                                                       ValueError),
        ((1.0,), TypeError),
        ((slice(1),), TypeError),
        ((0, 0, 4), IndexError)])
    def test_errors(self, args, error):
        _both_raise(lambda xp: xp.zeros((2, 3, 4)).item(*args), error)

    def test_empty(self):
        _both_raise(lambda xp: xp.zeros((0,)).item(), ValueError)
        _both_raise(lambda xp: xp.zeros((0,)).item(0), IndexError)


class TestTolist:

    @testing.for_all_dtypes()
    @testing.numpy_cupy_equal()
    def test_tolist(self, xp, dtype):
        out = []
        for a in arrays(xp, dtype):
            lst = a.tolist()
            out.append(lst)
            out.append(repr(lst))     # the element types too
        return out


class TestGet:

    @testing.for_all_dtypes()
    @pytest.mark.parametrize('order', ['C', 'F', 'A'])
    def test_get(self, dtype, order):
        for c, n in zip(arrays(cupy, dtype), arrays(numpy, dtype)):
            h = c.get(order=order)
            assert isinstance(h, numpy.ndarray)
            assert h.dtype == n.dtype and h.shape == n.shape
            numpy.testing.assert_array_equal(h, n)
            assert h.flags.owndata or h.base is not None
            want = numpy.array(n, order=order)
            assert h.flags.c_contiguous == want.flags.c_contiguous
            assert h.flags.f_contiguous == want.flags.f_contiguous

    def test_get_default_c(self):
        h = cupy.zeros((2, 3)).T.get()
        assert h.flags.c_contiguous

    def test_get_is_a_copy(self):
        a = cupy.arange(4)
        h = a.get()
        h[0] = 9
        assert int(a[0]) == 0

    def test_get_stream(self):
        s = cupy.cuda.Stream()
        with s:
            a = cupy.arange(6).reshape(2, 3)
        h = a.get(stream=s)
        numpy.testing.assert_array_equal(h, numpy.arange(6).reshape(2, 3))

    @pytest.mark.parametrize('out_order', ['C', 'F', 'strided'])
    def test_get_out(self, out_order):
        a = testing.shaped_arange((3, 4), cupy, numpy.int32)[:, ::-1]
        if out_order == 'strided':
            base = numpy.zeros((3, 8), numpy.int32)
            out = base[:, ::2]
        else:
            out = numpy.zeros((3, 4), numpy.int32, order=out_order)
        r = a.get(out=out)
        assert r is out
        numpy.testing.assert_array_equal(out, a.get())
        if out_order == 'strided':
            assert (base[:, 1::2] == 0).all()

    def test_get_out_errors(self):
        a = cupy.zeros((2, 3), numpy.float32)
        with pytest.raises(ValueError):
            a.get(out=numpy.zeros((3, 2), numpy.float32))
        with pytest.raises(TypeError):
            a.get(out=numpy.zeros((2, 3), numpy.float64))
        with pytest.raises(TypeError):
            a.get(out=[0] * 6)

    def test_get_0d_and_empty(self):
        h = cupy.asarray(3.5).get()
        assert h.shape == () and h == 3.5
        h = cupy.zeros((0, 4), numpy.int8).get()
        assert h.shape == (0, 4) and h.dtype == numpy.int8


class TestSet:

    @testing.for_all_dtypes()
    def test_set(self, dtype):
        for target in (cupy.zeros((3, 4), dtype),
                       cupy.zeros((4, 3), dtype).T,
                       cupy.zeros((3, 8), dtype)[:, ::-2]):
            src = testing.shaped_arange((3, 4), numpy, dtype)
            for s in (src, numpy.asfortranarray(src), src[::-1][::-1]):
                target.set(s)
                numpy.testing.assert_array_equal(target.get(), src)

    def test_set_stream(self):
        s = cupy.cuda.Stream()
        a = cupy.zeros(4)
        cupy.cuda.Device().synchronize()   # streams do not wait: TODO.md
        a.set(numpy.arange(4.0), stream=s)
        s.synchronize()
        numpy.testing.assert_array_equal(a.get(), numpy.arange(4.0))

    def test_set_errors(self):
        a = cupy.zeros((2, 3), numpy.float32)
        with pytest.raises(ValueError):
            a.set(numpy.zeros((3, 2), numpy.float32))
        with pytest.raises(TypeError):
            a.set(numpy.zeros((2, 3), numpy.float64))
        with pytest.raises(TypeError):
            a.set([[0] * 3] * 2)

    def test_set_0d_and_empty(self):
        a = cupy.zeros(())
        a.set(numpy.asarray(2.5))
        assert float(a) == 2.5
        b = cupy.zeros((0, 3))
        b.set(numpy.zeros((0, 3)))


class TestReprStr:

    @testing.for_all_dtypes()
    @testing.numpy_cupy_equal()
    def test_repr_str(self, xp, dtype):
        return [(repr(a), str(a)) for a in arrays(xp, dtype)]

    @testing.numpy_cupy_equal()
    def test_summarised(self, xp):
        a = xp.arange(3000, dtype=numpy.float64).reshape(30, 100)
        return repr(a), str(a), repr(a.T[::-1])

    @testing.numpy_cupy_equal()
    def test_special_values(self, xp):
        a = xp.asarray([numpy.nan, -numpy.inf, 1e-300, -0.0, 1e20])
        c = xp.asarray([complex(numpy.nan, 1), complex(1, -numpy.inf),
                        1e-30j], numpy.complex64)
        return repr(a), str(a), repr(c), str(c)

    @testing.numpy_cupy_equal()
    def test_format(self, xp):
        a = xp.asarray(5.25)
        return ['{}'.format(a), '{:.1f}'.format(a), format(a, '>8'),
                '{}'.format(xp.arange(3))]


class TestArrayProtocol:

    def test_asarray_raises(self):
        a = cupy.arange(3)
        with pytest.raises(TypeError):
            numpy.asarray(a)
        with pytest.raises(TypeError):
            numpy.array(a)
        with pytest.raises(TypeError):
            a.__array__()

    def test_ufunc_on_host_array_raises(self):
        with pytest.raises(TypeError):
            numpy.asarray([cupy.arange(2), cupy.arange(2)], dtype=float)


_UNSUPPORTED = [object, 'U3', 'S2', 'M8[s]', 'm8[D]', numpy.longdouble,
                numpy.clongdouble, 'V8', [('a', 'f4'), ('b', 'i4')]]


class TestUnsupportedDtypes:

    @pytest.mark.parametrize('dtype', _UNSUPPORTED)
    @pytest.mark.parametrize('make', [
        lambda dt: cupy.empty(3, dt), lambda dt: cupy.zeros((2, 2), dt),
        lambda dt: cupy.ones(3, dt), lambda dt: cupy.full(3, 0, dt),
        lambda dt: cupy.ndarray((3,), dt),
        lambda dt: cupy.empty_like(cupy.zeros(3), dtype=dt),
        lambda dt: cupy.zeros_like(cupy.zeros(3), dtype=dt),
        lambda dt: cupy.arange(3).astype(dt),
        lambda dt: cupy.array(numpy.zeros(3, dt)),
        lambda dt: cupy.asarray(numpy.zeros(3, dt)),
        lambda dt: cupy.array([0, 1], dtype=dt)])
    def test_raises(self, dtype, make):
        if (numpy.dtype(dtype) == numpy.float64 or
                numpy.dtype(dtype) == numpy.complex128):
            pytest.skip('longdouble is double on this platform')
        with pytest.raises(TypeError):
            make(dtype)

    @pytest.mark.parametrize('obj', [
        ['a', 'b'], 'abc', numpy.datetime64('2020-01-01'),
        [object()], 2 ** 64, [1, 2 ** 70], numpy.array([1.0], numpy.longdouble)
    ])
    def test_array_of_unsupported_data(self, obj):
        if (isinstance(obj, numpy.ndarray) and
                obj.dtype.itemsize == 8):
            pytest.skip('longdouble is double on this platform')
        with pytest.raises(TypeError):
            cupy.array(obj)

    @pytest.mark.parametrize('dtype', [object, 'U2', numpy.longdouble])
    def test_view_as_unsupported(self, dtype):
        if numpy.dtype(dtype).itemsize == 8 and numpy.dtype(dtype).kind == \
                'f':
            pytest.skip('longdouble is double on this platform')
        with pytest.raises(TypeError):
            cupy.zeros(4, numpy.float64).view(dtype)

    def test_message_names_supported(self):
        with pytest.raises(TypeError, match='supported'):
            cupy.zeros(3, object)
