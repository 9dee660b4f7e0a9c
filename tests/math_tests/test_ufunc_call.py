"""The ufunc call: broadcasting, layouts, scalars, out=, where=, casting,
dtype/signature, order, 0-d and empty arrays, and the errors, compared
with NumPy."""

import warnings

import numpy
import pytest

import cupy
from cupy import testing
from tests.routine_helpers import layouts


def _a(xp, shape=(2, 3), dtype=numpy.float32):
    return testing.shaped_arange(shape, xp, dtype)


class TestAttributes:

    def test_names_and_arity(self):
        for name in ('add', 'sin', 'divmod', 'modf', 'isnan', 'ldexp'):
            cu, nu = getattr(cupy, name), getattr(numpy, name)
            assert isinstance(cu, cupy.ufunc)
            assert cu.__name__ == nu.__name__
            assert (cu.nin, cu.nout, cu.nargs) == (nu.nin, nu.nout, nu.nargs)
            assert cu.identity == nu.identity
            assert repr(cu) == "<ufunc '{}'>".format(name)
            assert cu.__doc__

    def test_types(self):
        assert cupy.add.types[0] == '??->?'
        assert 'ff->f' in cupy.add.types and 'gg->g' not in cupy.add.types
        assert cupy.add.ntypes == len(cupy.add.types)
        assert 'e->e' in cupy.sin.types and 'O->O' not in cupy.sin.types
        assert set(cupy.frexp.types) == {'e->ei', 'f->fi', 'd->di'}

    def test_aliases(self):
        assert cupy.true_divide is cupy.divide
        assert cupy.mod is cupy.remainder
        assert cupy.abs is cupy.absolute
        assert cupy.conj is cupy.conjugate
        assert cupy.bitwise_not is cupy.invert
        assert cupy.divide.__name__ == 'divide'

    def test_every_numpy_ufunc_exported(self):
        for name in dir(numpy):
            if isinstance(getattr(numpy, name), numpy.ufunc) and name not in (
                    'matmul', 'vecdot', 'vecmat', 'matvec', 'isnat',
                    'frompyfunc') and not name.startswith('_'):
                assert isinstance(getattr(cupy, name), cupy.ufunc), name

    def test_performance_warning(self):
        assert issubclass(cupy.PerformanceWarning, Warning)

    def test_pickle_gives_the_same_object(self):
        # as NumPy's ufuncs pickle: by name, back to the one object
        import pickle
        for f in (cupy.add, cupy.sin, cupy.divmod, cupy.true_divide):
            assert pickle.loads(pickle.dumps(f)) is f


class TestBroadcastAndLayout:

    @testing.for_all_dtypes()
    @testing.numpy_cupy_allclose()
    def test_broadcast_row(self, xp, dtype):
        return xp.add(_a(xp, (2, 3), dtype), _a(xp, (3,), dtype))

    @testing.numpy_cupy_allclose()
    def test_broadcast_both(self, xp):
        return xp.multiply(_a(xp, (4, 1)), _a(xp, (1, 5)))

    @testing.numpy_cupy_allclose()
    def test_broadcast_rank(self, xp):
        return xp.subtract(_a(xp, (2, 1, 4, 1)), _a(xp, (4, 3)))

    @pytest.mark.parametrize('shape', [(2, 3), (3, 4, 2), (5,), ()])
    @testing.numpy_cupy_allclose(rtol=1e-6)
    def test_layouts(self, xp, shape):
        out = []
        for a in layouts(xp, shape, numpy.float32):
            for b in layouts(xp, shape, numpy.int16):
                out.append(xp.add(a, b))
                out.append(xp.sin(a))
        return out

    @testing.numpy_cupy_allclose()
    def test_negative_strides(self, xp):
        a = _a(xp, (4, 6))[::-1, ::-2]
        return xp.maximum(a, a.T[:3, :4].T)

    @testing.numpy_cupy_allclose()
    def test_many_dims(self, xp):
        a = _a(xp, (2,) * 10)
        b = a.transpose(tuple(range(9, -1, -1)))
        return xp.add(a, b)

    @testing.numpy_cupy_equal()
    def test_order_K_keeps_layout(self, xp):
        a = _a(xp, (2, 3, 4)).transpose(1, 2, 0)
        r = xp.add(a, 1)
        return r.strides, r.flags.c_contiguous

    @pytest.mark.parametrize('order', ['C', 'F', 'A', 'K'])
    @testing.numpy_cupy_equal()
    def test_order(self, xp, order):
        a = xp.asfortranarray(_a(xp, (2, 3)))
        r = xp.add(a, a, order=order)
        return r.flags.c_contiguous, r.flags.f_contiguous

    @testing.numpy_cupy_allclose()
    def test_overlapping_out(self, xp):
        a = xp.arange(10.0)
        xp.add(a[1:], a[:-1], out=a[:-1])
        return a

    @testing.numpy_cupy_allclose()
    def test_overlapping_reversed(self, xp):
        a = xp.arange(10.0)
        xp.negative(a, out=a[::-1])
        return a


class TestScalars:

    @pytest.mark.parametrize('scalar', [2, -3, 2.5, 1 + 2j, True, 2 ** 40,
                                        numpy.float32(1.5), numpy.int8(3),
                                        numpy.uint64(7), numpy.float16(2)])
    @testing.for_all_dtypes()
    @testing.numpy_cupy_allclose(rtol={numpy.float16: 1e-3,
                                       'default': 1e-6},
                                 accept_error=(TypeError, OverflowError))
    def test_both_sides(self, xp, dtype, scalar):
        a = _a(xp, (2, 3), dtype)
        with numpy.errstate(all='ignore'):
            return xp.add(a, scalar), xp.subtract(scalar, a) if \
                numpy.dtype(dtype) != numpy.bool_ else xp.multiply(scalar, a)

    @pytest.mark.parametrize('value', [1000, -1, 2 ** 63])
    @testing.for_int_dtypes(no_bool=True)
    @testing.numpy_cupy_array_equal(accept_error=OverflowError)
    def test_out_of_range_int_raises(self, xp, dtype, value):
        # NumPy 2: a Python int the loop's dtype cannot hold
        return xp.add(_a(xp, (3,), dtype), value)

    @pytest.mark.parametrize('value', [1000, -1000, 2 ** 70, -1])
    @pytest.mark.parametrize('name', ['less', 'less_equal', 'greater',
                                      'greater_equal', 'equal', 'not_equal'])
    @testing.for_dtypes('bBhHiIlL')
    @testing.numpy_cupy_array_equal()
    def test_comparison_out_of_range(self, xp, dtype, name, value):
        # NumPy 2 compares with a Python int outside the dtype's range
        a = _a(xp, (2, 3), dtype)
        f = getattr(xp, name)
        return f(a, value), f(value, a)

    @testing.numpy_cupy_allclose()
    def test_scalar_never_uploaded(self, xp):
        return xp.add(_a(xp), numpy.float64(2.0))

    def test_scalars_only_give_0d_array(self):
        r = cupy.add(1, 2.5)
        assert isinstance(r, cupy.ndarray) and r.shape == ()
        assert r.dtype == numpy.float64 and float(r) == 3.5

    @testing.numpy_cupy_allclose()
    def test_0d_array_is_strong(self, xp):
        # a 0-d array is an array: float64 promotes float32
        return xp.add(_a(xp, (3,)), xp.asarray(2.0))


class TestOut:

    @testing.for_all_dtypes_combination(names=('dtype', 'out_dtype'))
    @testing.numpy_cupy_allclose(accept_error=TypeError)
    def test_out_dtypes(self, xp, dtype, out_dtype):
        a = _a(xp, (2, 3), dtype)
        out = xp.zeros((2, 3), out_dtype)
        r = xp.add(a, a, out=out)
        assert r is out
        return out

    @testing.for_all_dtypes_combination(names=('dtype', 'out_dtype'))
    @testing.numpy_cupy_allclose(accept_error=TypeError)
    def test_out_unsafe(self, xp, dtype, out_dtype):
        a = _a(xp, (2, 3), dtype)
        out = xp.zeros((2, 3), out_dtype)
        with warnings.catch_warnings():
            warnings.simplefilter('ignore', numpy.exceptions.ComplexWarning)
            xp.multiply(a, a, out=out, casting='unsafe')
        return out

    @testing.numpy_cupy_allclose()
    def test_out_tuple_and_positional(self, xp):
        a = _a(xp)
        o1, o2 = xp.zeros((2, 3), 'f'), xp.zeros((2, 3), 'f')
        xp.add(a, 1, out=(o1,))
        xp.add(a, 2, o2)
        return o1, o2

    @testing.numpy_cupy_allclose()
    def test_out_broadcasts_inputs(self, xp):
        out = xp.zeros((4, 3), 'f')
        xp.add(_a(xp, (3,)), 1, out=out)
        return out

    @testing.numpy_cupy_allclose()
    def test_out_noncontiguous(self, xp):
        out = xp.zeros((4, 6), 'f')
        xp.add(_a(xp), 1, out=out[::2, ::2].T.T)
        return out

    @testing.numpy_cupy_allclose()
    def test_two_outputs(self, xp):
        a = _a(xp, (2, 3), 'd') - 3.3
        q, r = xp.zeros((2, 3)), xp.zeros((2, 3), 'f')
        xp.divmod(a, 2, out=(q, r))
        frac, whole = xp.modf(a)
        m, e = xp.frexp(a)
        return q, r, frac, whole, m, e

    @testing.numpy_cupy_allclose()
    def test_one_of_two_outputs(self, xp):
        a = _a(xp, (2, 3), 'd') * 1.7
        f = xp.zeros((2, 3))
        r = xp.modf(a, out=(f, None))
        assert r[0] is f
        return r

    @pytest.mark.parametrize('args,kwargs', [
        ((), {'out': (None, None)}),
        ((), {'out': 3}),
        ((), {'out': [None]}),
    ])
    def test_bad_out(self, args, kwargs):
        for xp in (numpy, cupy):
            with pytest.raises((TypeError, ValueError)) as e:
                xp.sqrt(_a(xp), *args, **kwargs)
            if xp is numpy:
                expected = type(e.value), str(e.value)
        assert (type(e.value), str(e.value)) == expected

    def test_out_shape_error(self):
        msgs = []
        for xp in (numpy, cupy):
            with pytest.raises(ValueError) as e:
                xp.add(_a(xp), 1, out=xp.zeros((3,), 'f'))
            msgs.append(str(e.value))
        assert msgs[0] == msgs[1]

    def test_out_positional_and_keyword(self):
        with pytest.raises(TypeError):
            cupy.add(_a(cupy), 1, _a(cupy), out=_a(cupy))

    def test_out_numpy_array(self):
        with pytest.raises(TypeError):
            cupy.add(_a(cupy), 1, out=numpy.zeros((2, 3), 'f'))

    def test_out_casting_error(self):
        for xp in (numpy, cupy):
            with pytest.raises(numpy._core._exceptions._UFuncOutputCastingError
                               ) as e:
                xp.add(_a(xp), 1.5, out=xp.zeros((2, 3), 'i4'))
            if xp is numpy:
                expected = str(e.value)
        assert str(e.value) == expected


class TestWhere:

    @testing.for_all_dtypes()
    @testing.numpy_cupy_allclose()
    def test_where_keeps_out(self, xp, dtype):
        a = _a(xp, (2, 3), dtype)
        out = xp.full((2, 3), 7, dtype)
        mask = xp.asarray(numpy.array([[True, False, True],
                                       [False, True, False]]))
        xp.add(a, a, out=out, where=mask)
        return out

    @testing.numpy_cupy_allclose()
    def test_where_broadcast_and_cast(self, xp):
        a = _a(xp, (2, 3), 'f')
        out = xp.full((2, 3), 7, 'd')
        xp.multiply(a, 3, out=out, where=xp.asarray([True, False, True]))
        return out

    @testing.numpy_cupy_allclose()
    def test_where_two_outputs(self, xp):
        a = _a(xp, (2, 3), 'd') * 1.3
        o1, o2 = xp.full((2, 3), -1.0), xp.full((2, 3), -2.0)
        xp.modf(a, out=(o1, o2), where=a > 3)
        return o1, o2

    @testing.numpy_cupy_allclose()
    def test_where_false(self, xp):
        out = xp.full((2, 3), 5.0, 'f')
        xp.add(_a(xp), 1, out=out, where=False)
        return out

    @testing.numpy_cupy_allclose()
    def test_where_in_place(self, xp):
        a = _a(xp, (2, 3), 'f')
        xp.sqrt(a, out=a, where=a > 2)
        return a

    def test_where_without_out(self):
        # unmasked elements are uninitialised; NumPy warns
        mask = cupy.asarray([True, False, True])
        for xp, m in ((numpy, mask.get()), (cupy, mask)):
            with pytest.warns(UserWarning, match='where'):
                r = xp.add(_a(xp, (3,)), 1, where=m)
            assert r.shape == (3,)
            assert float(r[0]) == 2.0 and float(r[2]) == 4.0
        with warnings.catch_warnings():
            warnings.simplefilter('error', UserWarning)
            cupy.add(_a(cupy, (3,)), 1, out=None, where=mask)

    @testing.numpy_cupy_equal()
    def test_where_shape_broadcasts(self, xp):
        with warnings.catch_warnings():
            warnings.simplefilter('ignore', UserWarning)
            return xp.add(_a(xp, (3,)), 1, where=xp.ones((2, 3), bool)).shape

    def test_where_must_be_bool(self):
        for xp in (numpy, cupy):
            with pytest.raises(TypeError):
                xp.add(_a(xp), 1, out=_a(xp), where=xp.ones((2, 3)))


class TestDtypeSignatureCasting:

    @testing.for_all_dtypes()
    @testing.numpy_cupy_allclose(accept_error=TypeError)
    def test_dtype(self, xp, dtype):
        return xp.add(_a(xp, (2, 3), 'i2'), 3, dtype=dtype)

    @pytest.mark.parametrize('sig', ['ff->f', 'dd->d', ('f8', None, None),
                                     (None, None, 'f4'), 'ii->i'])
    @pytest.mark.parametrize('casting', ['unsafe', 'same_kind', 'safe'])
    @testing.numpy_cupy_allclose(accept_error=TypeError)
    def test_signature(self, xp, sig, casting):
        return xp.add(_a(xp, (2, 3), 'f'), _a(xp, (3,), 'd'),
                      signature=sig, casting=casting)

    @pytest.mark.parametrize('casting', ['no', 'equiv', 'safe',
                                         'same_kind', 'unsafe'])
    @testing.numpy_cupy_allclose(accept_error=TypeError)
    def test_casting(self, xp, casting):
        return xp.add(_a(xp, (2, 3), 'i1'), _a(xp, (3,), 'i2'),
                      dtype='f4', casting=casting)

    def test_bad_keywords(self):
        for kwargs, exc in (({'casting': 'foo'}, ValueError),
                            ({'order': 'X'}, ValueError),
                            ({'foo': 1}, TypeError),
                            ({'dtype': 'f', 'signature': 'f->f'},
                             TypeError)):
            msgs = []
            for xp in (numpy, cupy):
                with pytest.raises(exc) as e:
                    xp.sqrt(_a(xp), **kwargs)
                msgs.append(str(e.value))
            assert msgs[0] == msgs[1], kwargs

    def test_too_many_arguments(self):
        msgs = []
        for xp in (numpy, cupy):
            with pytest.raises(TypeError) as e:
                xp.add(1, 2, 3, 4)
            msgs.append(str(e.value))
        assert msgs[0] == msgs[1]


class TestShapes:

    @pytest.mark.parametrize('shape', [(), (0,), (2, 0), (0, 3, 1)])
    @testing.for_all_dtypes()
    @testing.numpy_cupy_allclose()
    def test_0d_and_empty(self, xp, dtype, shape):
        a = testing.shaped_arange(shape, xp, dtype)
        return xp.add(a, a), xp.multiply(a, 2), xp.equal(a, a)

    @testing.numpy_cupy_allclose()
    def test_empty_broadcast(self, xp):
        return xp.add(xp.zeros((0, 3)), xp.ones((1, 3)))

    def test_empty_calls_no_provider(self, fallback):
        with cupy._core._dispatch.hide('add'):
            r = cupy.add(cupy.zeros((0, 3)), 1)
        assert r.shape == (0, 3)
        assert fallback.fallback_counts() == {}

    def test_broadcast_error(self):
        msgs = []
        for xp in (numpy, cupy):
            with pytest.raises(ValueError) as e:
                xp.add(xp.zeros((2, 3)), xp.zeros((2, 2)))
            msgs.append(str(e.value))
        assert msgs[0] == msgs[1]


class TestErrors:

    @pytest.mark.parametrize('name,dtypes', [
        ('subtract', '??'), ('bitwise_and', 'ff'), ('negative', '?'),
        ('left_shift', 'fd'), ('floor', 'F'),
        ('remainder', 'FF'), ('arctan2', 'FF')])
    def test_no_loop(self, name, dtypes):
        msgs = []
        for xp in (numpy, cupy):
            args = [xp.ones(2, numpy.dtype(c)) for c in dtypes]
            with pytest.raises(TypeError) as e:
                getattr(xp, name)(*args)
            msgs.append(str(e.value))
        assert len(set(msgs)) == 1

    def test_host_arrays_rejected(self):
        # CuPy does not copy NumPy arrays to the device implicitly
        a = cupy.arange(3)
        for bad in (numpy.arange(3), [1, 2, 3], (1,), 'x', None):
            with pytest.raises(TypeError):
                cupy.add(a, bad)

    def test_unsupported_numpy_scalar(self):
        with pytest.raises(TypeError):
            cupy.add(cupy.arange(3), numpy.datetime64('2020-01-01'))

    @testing.multi_gpu(2)
    def test_other_device(self):
        with cupy.cuda.Device(1):
            b = cupy.arange(3)
        a = cupy.arange(3)
        with pytest.raises(ValueError):
            cupy.add(a, b)
        with pytest.raises(ValueError):
            cupy.add(a, 1, out=b)
        with pytest.raises(ValueError):
            a + b


class TestCupyCompat:
    """Behaviour CuPy's own tests expect of ufunc calls."""

    def test_types_is_a_new_list(self):
        t = cupy.add.types
        assert isinstance(t, list)
        t.append('x')
        assert 'x' not in cupy.add.types

    def test_fewer_positional_outputs(self):
        a = cupy.arange(1.0, 7.0)
        b = cupy.full(6, 4.0)
        out0 = cupy.zeros(6)
        q, r = cupy.divmod(a, b, out0)
        assert q is out0
        hq, hr = numpy.divmod(a.get(), b.get())
        testing.assert_array_equal(q, hq)
        testing.assert_array_equal(r, hr)

    @pytest.mark.parametrize('out_dtype,warns', [
        (numpy.float64, True), (numpy.int32, True), (numpy.bool_, False),
        (numpy.complex128, False)])
    def test_complex_warning(self, out_dtype, warns):
        a = cupy.ones(3, numpy.complex64)
        out = cupy.zeros(3, out_dtype)
        import warnings
        with warnings.catch_warnings(record=True) as ws:
            warnings.simplefilter('always')
            cupy.add(a, a, out=out, casting='unsafe')
        hw = [w.category for w in ws]
        with warnings.catch_warnings(record=True) as ws:
            warnings.simplefilter('always')
            numpy.add(a.get(), a.get(), out=numpy.zeros(3, out_dtype),
                      casting='unsafe')
        assert hw == [w.category for w in ws]
        assert bool(hw) == warns
