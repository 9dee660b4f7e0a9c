"""The numpy_cupy_* decorators: each check has a case that passes and a
case that fails."""

import inspect
import sys
import textwrap
import types
import unittest

import numpy
import pytest

import cupy
from cupy import testing
from cupy.testing import _loops


def on(xp, value, np_value=None):
    """``value`` as an array of ``xp``; ``np_value`` instead for NumPy
    when given."""
    if xp is numpy:
        return numpy.array(value if np_value is None else np_value)
    return cupy.array(numpy.array(value))


DECORATORS = ['numpy_cupy_allclose', 'numpy_cupy_array_almost_equal',
              'numpy_cupy_array_almost_equal_nulp',
              'numpy_cupy_array_max_ulp', 'numpy_cupy_array_equal']

ALL_DECORATORS = DECORATORS + ['numpy_cupy_array_less']


@pytest.mark.parametrize('decorator', DECORATORS)
class TestEqualityDecorators:

    def test_valid(self, decorator):
        @getattr(testing, decorator)()
        def f(self, xp):
            return on(xp, [1.0, 2.0])
        f(self)

    def test_invalid_values(self, decorator):
        @getattr(testing, decorator)()
        def f(self, xp):
            return on(xp, [1.0, 2.0], [1.0, 3.0])
        with pytest.raises(AssertionError):
            f(self)

    def test_invalid_dtype(self, decorator):
        @getattr(testing, decorator)()
        def f(self, xp):
            return on(xp, numpy.array([1.0, 2.0], numpy.float32),
                      numpy.array([1.0, 2.0], numpy.float64))
        with pytest.raises(AssertionError, match='different dtypes'):
            f(self)

    def test_dtype_unchecked(self, decorator):
        @getattr(testing, decorator)(type_check=False)
        def f(self, xp):
            return on(xp, numpy.array([1, 2], numpy.int64),
                      numpy.array([1, 2], numpy.int32))
        f(self)

    def test_invalid_shape(self, decorator):
        @getattr(testing, decorator)()
        def f(self, xp):
            return on(xp, [1.0, 1.0], [[1.0, 1.0]])
        with pytest.raises(AssertionError, match='different shapes'):
            f(self)

    def test_name(self, decorator):
        @getattr(testing, decorator)(name='foo')
        def f(self, foo):
            return on(foo, [1.0])
        f(self)

    def test_accept_error_numpy_only(self, decorator):
        @getattr(testing, decorator)(accept_error=True)
        def f(self, xp):
            if xp is numpy:
                raise ValueError('numpy side')
            return on(xp, [1])
        with pytest.raises(AssertionError, match='Only numpy raises error'):
            f(self)

    def test_accept_error_cupy_only(self, decorator):
        @getattr(testing, decorator)(accept_error=True)
        def f(self, xp):
            if xp is cupy:
                raise ValueError('cupy side')
            return on(xp, [1])
        with pytest.raises(AssertionError, match='Only cupy raises error'):
            f(self)


@pytest.mark.parametrize('decorator', ALL_DECORATORS)
class TestCommonBehaviour:

    def test_order_of_calls(self, decorator):
        calls = []

        @getattr(testing, decorator)()
        def f(self, xp):
            calls.append(xp)
            return on(xp, [1.0], [2.0])
        if decorator == 'numpy_cupy_array_less':
            f(self)
        else:
            with pytest.raises(AssertionError):
                f(self)
        assert calls == [cupy, numpy]

    def test_signature_hides_xp(self, decorator):
        def f(self, xp, dtype, other):
            pass
        g = getattr(testing, decorator)()(f)
        assert list(inspect.signature(g).parameters) == [
            'self', 'dtype', 'other']
        assert g.__name__ == 'f'

    def test_signature_hides_custom_names(self, decorator):
        def f(self, foo, sp, sci):
            pass
        g = getattr(testing, decorator)(
            name='foo', sp_name='sp', scipy_name='sci')(f)
        assert list(inspect.signature(g).parameters) == ['self']

    def test_both_raise_not_accepted(self, decorator):
        @getattr(testing, decorator)()
        def f(self, xp):
            raise ValueError(xp.__name__)
        with pytest.raises(AssertionError,
                           match='(?s)Both cupy and numpy raise.*cupy.*numpy'):
            f(self)

    @pytest.mark.parametrize('accept', [True, ValueError,
                                        (TypeError, ValueError), Exception])
    def test_both_raise_accepted(self, decorator, accept):
        @getattr(testing, decorator)(accept_error=accept)
        def f(self, xp):
            raise ValueError(xp.__name__)
        f(self)

    def test_both_raise_other_class_than_accepted(self, decorator):
        @getattr(testing, decorator)(accept_error=TypeError)
        def f(self, xp):
            raise ValueError(xp.__name__)
        with pytest.raises(AssertionError, match='Both cupy and numpy raise'):
            f(self)

    def test_mismatched_error_types(self, decorator):
        @getattr(testing, decorator)(accept_error=True)
        def f(self, xp):
            if xp is cupy:
                raise TypeError('xxxx')
            raise ValueError('yyyy')
        with pytest.raises(AssertionError,
                           match='(?s)Different types.*xxxx.*yyyy'):
            f(self)

    def test_bad_call_propagates(self, decorator):
        # A test that cannot even be called is a bug in the test: the
        # TypeError is not taken for a result, even with accept_error.
        @getattr(testing, decorator)(accept_error=True)
        def f(self, xp):
            return on(xp, [1])
        with pytest.raises(TypeError):
            f(self, unexpected=1)

    def test_no_result(self, decorator):
        @getattr(testing, decorator)()
        def f(self, xp):
            pass
        with pytest.raises(AssertionError):
            f(self)

    def test_dtype_kwarg_passed(self, decorator):
        seen = []

        @getattr(testing, decorator)(type_check=False)
        def f(self, xp, dtype):
            seen.append(dtype)
            return on(xp, [1.0], [2.0])
        try:
            f(self, dtype=numpy.float32)
        except AssertionError:
            pass
        assert seen == [numpy.float32, numpy.float32]


class TestResultKinds:
    """The kinds of results that may be compared."""

    def test_cupy_array_and_numpy_scalar(self, fake_cupy):
        @testing.numpy_cupy_allclose()
        def f(xp):
            if xp is numpy:
                return numpy.float32(1.5)
            return fake_cupy(numpy.array(1.5, numpy.float32))
        f()

    def test_numpy_scalars(self):
        @testing.numpy_cupy_allclose()
        def f(xp):
            return numpy.float64(2.0)
        f()

    def test_numpy_scalars_differ(self):
        @testing.numpy_cupy_allclose()
        def f(xp):
            return numpy.float64(2.0 if xp is cupy else 3.0)
        with pytest.raises(AssertionError):
            f()

    def test_numpy_scalar_dtypes_differ(self):
        @testing.numpy_cupy_array_equal()
        def f(xp):
            return numpy.float32(2) if xp is cupy else numpy.float64(2)
        with pytest.raises(AssertionError, match='different dtypes'):
            f()

    def test_python_scalars(self):
        @testing.numpy_cupy_array_equal()
        def f(xp):
            return 3
        f()

    def test_python_scalars_differ(self):
        @testing.numpy_cupy_array_equal()
        def f(xp):
            return 3 if xp is cupy else 4
        with pytest.raises(AssertionError):
            f()

    def test_python_scalar_types_differ(self):
        # As 0-d arrays: int64 against float64.
        @testing.numpy_cupy_array_equal()
        def f(xp):
            return 3 if xp is cupy else 3.0
        with pytest.raises(AssertionError, match='different dtypes'):
            f()

    def test_tuple(self):
        @testing.numpy_cupy_array_equal()
        def f(xp):
            return on(xp, [1]), on(xp, [2.0])
        f()

    def test_list(self):
        @testing.numpy_cupy_array_equal()
        def f(xp):
            return [on(xp, [1]), on(xp, [2.0])]
        f()

    def test_tuple_element_differs(self):
        @testing.numpy_cupy_array_equal()
        def f(xp):
            return on(xp, [1]), on(xp, [2.0], [2.5])
        with pytest.raises(AssertionError):
            f()

    def test_tuple_lengths_differ(self):
        @testing.numpy_cupy_array_equal()
        def f(xp):
            if xp is cupy:
                return on(xp, [1]), on(xp, [2])
            return (on(xp, [1]),)
        with pytest.raises(AssertionError, match='numbers of results'):
            f()

    def test_cupy_side_returns_numpy_array(self):
        @testing.numpy_cupy_array_equal()
        def f(xp):
            return numpy.array([1])
        with pytest.raises(AssertionError, match='different type'):
            f()

    def test_numpy_side_returns_cupy_array(self):
        @testing.numpy_cupy_array_equal()
        def f(xp):
            return cupy.array(numpy.array([1]))
        with pytest.raises(AssertionError, match='different type'):
            f()

    def test_array_against_python_scalar(self):
        @testing.numpy_cupy_array_equal()
        def f(xp):
            return on(xp, [1]) if xp is cupy else 1
        with pytest.raises(AssertionError, match='different type'):
            f()


class TestContiguity:

    def test_c_contiguous_required(self, fake_cupy):
        a = numpy.arange(6.0).reshape(2, 3)

        @testing.numpy_cupy_allclose()
        def f(xp):
            return fake_cupy(numpy.asfortranarray(a)) if xp is cupy else a
        with pytest.raises(AssertionError, match='c_contiguous'):
            f()

    def test_f_contiguous_required(self, fake_cupy):
        a = numpy.arange(6.0).reshape(2, 3)

        @testing.numpy_cupy_allclose()
        def f(xp):
            if xp is cupy:
                return fake_cupy(a)
            return numpy.asfortranarray(a)
        with pytest.raises(AssertionError, match='f_contiguous'):
            f()

    def test_non_contiguous_numpy_result(self, fake_cupy):
        a = numpy.arange(12.0).reshape(3, 4)

        @testing.numpy_cupy_allclose()
        def f(xp):
            return fake_cupy(a[:, ::2].copy()) if xp is cupy else a[:, ::2]
        f()

    def test_contiguous_check_off(self, fake_cupy):
        a = numpy.arange(6.0).reshape(2, 3)

        @testing.numpy_cupy_allclose(contiguous_check=False)
        def f(xp):
            return fake_cupy(numpy.asfortranarray(a)) if xp is cupy else a
        f()

    def test_other_decorators_ignore_layout(self, fake_cupy):
        a = numpy.arange(6.0).reshape(2, 3)

        @testing.numpy_cupy_array_equal()
        def f(xp):
            return fake_cupy(numpy.asfortranarray(a)) if xp is cupy else a
        f()

    def test_real_cupy_c_contiguous(self):
        @testing.numpy_cupy_allclose()
        def f(xp):
            return on(xp, numpy.arange(6.0).reshape(2, 3))
        f()


class TestStridesCheck:

    def test_strides_equal(self, fake_cupy):
        a = numpy.arange(6.0).reshape(2, 3)

        @testing.numpy_cupy_array_equal(strides_check=True)
        def f(xp):
            return fake_cupy(a) if xp is cupy else a.copy()
        f()

    def test_strides_differ(self, fake_cupy):
        a = numpy.arange(6.0).reshape(2, 3)

        @testing.numpy_cupy_array_equal(strides_check=True)
        def f(xp):
            return fake_cupy(numpy.asfortranarray(a)) if xp is cupy else a
        with pytest.raises(AssertionError, match='Strides'):
            f()


class TestTolerancePerDtype:

    @staticmethod
    def _rtol_case(xp, dtype):
        if xp is numpy:
            return numpy.array([1], dtype=dtype)
        eps = numpy.finfo(dtype).eps
        return on(xp, numpy.array([1 + eps], dtype=dtype))

    @staticmethod
    def _atol_case(xp, dtype):
        if xp is numpy:
            return numpy.array([0], dtype=dtype)
        return on(xp, numpy.array([numpy.finfo(dtype).eps], dtype=dtype))

    def test_rtol_per_dtype(self):
        @testing.for_float_dtypes()
        @testing.numpy_cupy_allclose(
            rtol={numpy.float16: 1e-3, 'default': 1e-6})
        def f(xp, dtype):
            return self._rtol_case(xp, dtype)
        f()

    def test_rtol_too_tight(self):
        @testing.for_float_dtypes()
        @testing.numpy_cupy_allclose(rtol=1e-6)
        def f(xp, dtype):
            return self._rtol_case(xp, dtype)
        with pytest.raises(AssertionError):
            f()

    def test_atol_per_dtype(self):
        @testing.for_float_dtypes()
        @testing.numpy_cupy_allclose(
            atol={numpy.float16: 1e-3, 'default': 1e-6})
        def f(xp, dtype):
            return self._atol_case(xp, dtype)
        f()

    def test_atol_too_tight(self):
        @testing.for_float_dtypes()
        @testing.numpy_cupy_allclose(atol=1e-6)
        def f(xp, dtype):
            return self._atol_case(xp, dtype)
        with pytest.raises(AssertionError):
            f()

    def test_dtype_without_default(self):
        @testing.numpy_cupy_allclose(rtol={numpy.float16: 1e-3})
        def f(xp):
            return on(xp, numpy.array([1.0], numpy.float32))
        with pytest.raises(TypeError, match='tolerance'):
            f()

    def test_cupy_dtype_type_as_key(self):
        @testing.numpy_cupy_allclose(rtol={cupy.float32: 1e-3}
                                     if hasattr(cupy, 'float32')
                                     else {numpy.float32: 1e-3})
        def f(xp):
            return on(xp, numpy.array([1.0001], numpy.float32),
                      numpy.array([1.0], numpy.float32))
        f()

    @pytest.mark.parametrize('key', ['float16', numpy.dtype('f'), 1])
    def test_invalid_keys(self, key):
        with pytest.raises(TypeError):
            testing.numpy_cupy_allclose(rtol={key: 1e-3})
        with pytest.raises(TypeError):
            testing.numpy_cupy_allclose(atol={key: 1e-3})


class TestUnsignedMask:
    """Negative values cast to unsigned types differ between CPU and
    device; tests mixing unsigned and signed dtypes compare only the
    elements that are not negative."""

    @staticmethod
    def _cast(xp, values, dtype):
        return on(xp, numpy.array(values).astype(dtype))

    def test_negative_elements_ignored(self):
        @testing.for_unsigned_dtypes('dtype1')
        @testing.for_signed_dtypes('dtype2')
        @testing.numpy_cupy_allclose()
        def f(xp, dtype1, dtype2):
            # Element 0 comes out -1 (numpy) or -2 (device): ignored.
            # Element 1 is positive and equal on both.
            values = [-1, 3] if xp is numpy else [-2, 3]
            return self._cast(xp, values, dtype1)
        f()

    def test_positive_elements_compared(self):
        @testing.for_unsigned_dtypes('dtype1')
        @testing.for_signed_dtypes('dtype2')
        @testing.numpy_cupy_allclose()
        def f(xp, dtype1, dtype2):
            values = [-1, 3] if xp is numpy else [-2, 4]
            return self._cast(xp, values, dtype1)
        with pytest.raises(AssertionError):
            f()

    def test_float_and_unsigned(self):
        @testing.for_unsigned_dtypes('dtype1')
        @testing.for_float_dtypes('dtype2')
        @testing.numpy_cupy_array_equal()
        def f(xp, dtype1, dtype2):
            values = [-1, 5] if xp is numpy else [-7, 5]
            return self._cast(xp, values, dtype1)
        f()

    def test_rerun_uses_intp(self):
        seen = []

        @testing.numpy_cupy_array_equal()
        def f(xp, dtype1, dtype2):
            seen.append((xp, dtype1))
            return self._cast(xp, [1, 2], dtype1)
        f(dtype1=numpy.uint8, dtype2=numpy.int8)
        assert seen == [(cupy, numpy.uint8), (numpy, numpy.uint8),
                        (cupy, numpy.intp)]

    def test_scalar_result_negative_skipped(self, fake_cupy):
        @testing.numpy_cupy_array_equal()
        def f(xp, dtype1, dtype2):
            value = -1 if xp is numpy else -2
            a = numpy.array(value).astype(dtype1)
            return fake_cupy(a) if xp is cupy else a
        f(dtype1=numpy.uint16, dtype2=numpy.int16)

    def test_non_unsigned_results_not_masked(self):
        # The result is float32: nothing to mask, the values differ.
        @testing.for_unsigned_dtypes('dtype1')
        @testing.for_signed_dtypes('dtype2')
        @testing.numpy_cupy_allclose()
        def f(xp, dtype1, dtype2):
            return on(xp, numpy.array([-2], numpy.float32),
                      numpy.array([-1], numpy.float32))
        with pytest.raises(AssertionError):
            f()

    def test_unsigned_only_not_masked(self):
        @testing.for_unsigned_dtypes()
        @testing.numpy_cupy_allclose()
        def f(xp, dtype):
            values = [-1] if xp is numpy else [-2]
            return self._cast(xp, values, dtype)
        with pytest.raises(AssertionError):
            f()


class TestContainsSignedAndUnsigned:

    @pytest.mark.parametrize('kw', [
        {'x': numpy.int32, 'y': numpy.uint32},
        {'x': numpy.float32, 'y': numpy.uint8},
        {'x': numpy.int32, 'y': numpy.uint32, 'a': [0, 1]},
        {'x': numpy.dtype('i2'), 'y': numpy.dtype('u2')},
    ])
    def test_include(self, kw):
        assert _loops._contains_signed_and_unsigned(kw)

    @pytest.mark.parametrize('kw', [
        {'x': numpy.int32}, {'x': numpy.float32}, {'x': numpy.uint32},
        {'x': numpy.uint32, 'y': numpy.complex64},
        {'x': numpy.uint32, 'y': numpy.bool_},
        {'x': numpy.uint32, 'order': 'f'},
        {},
    ])
    def test_exclude(self, kw):
        assert not _loops._contains_signed_and_unsigned(kw)


class TestErrorCompatibility:

    class _E1(Exception):
        pass

    class _E2(Exception):
        pass

    @pytest.mark.parametrize('cupy_error, numpy_error, compatible', [
        (ValueError(), ValueError(), True),
        (TypeError(), TypeError(), True),
        (IndexError(), IndexError(), True),
        (AttributeError(), AttributeError(), True),
        (NotImplementedError(), NotImplementedError(), True),
        (numpy.exceptions.AxisError(0), numpy.exceptions.AxisError(0), True),
        (numpy.linalg.LinAlgError(), numpy.linalg.LinAlgError(), True),
        (_E1(), _E2(), True),
        (ValueError(), TypeError(), False),
        (Exception(), IndexError(), False),
        (numpy.exceptions.AxisError(0), ValueError(), False),
        (numpy.exceptions.AxisError(0), IndexError(), False),
        (numpy.exceptions.AxisError(0), TypeError(), False),
        (numpy.linalg.LinAlgError(), ValueError(), False),
    ])
    def test_compatible(self, cupy_error, numpy_error, compatible):
        assert _loops._check_numpy_cupy_error_compatible(
            cupy_error, numpy_error) is compatible

    def test_cupy_axis_error_is_numpy_axis_error(self):
        import cupy.exceptions
        assert cupy.exceptions.AxisError is numpy.exceptions.AxisError


@pytest.mark.parametrize('skip', ['unittest', 'pytest'])
class TestSkip:

    @staticmethod
    def _skip(how, reason):
        if how == 'unittest':
            raise unittest.SkipTest(reason)
        pytest.skip(reason)

    @pytest.mark.parametrize('decorator', ALL_DECORATORS + [
        'numpy_cupy_equal', 'numpy_cupy_array_list_equal'])
    def test_both_skip(self, skip, decorator):
        @getattr(testing, decorator)()
        def f(xp):
            self._skip(skip, 'same reason')
        expected = (unittest.SkipTest if skip == 'unittest'
                    else pytest.skip.Exception)
        with pytest.raises(expected, match='same reason'):
            f()

    def test_different_reasons(self, skip):
        @testing.numpy_cupy_allclose()
        def f(xp):
            self._skip(skip, xp.__name__)
        with pytest.raises(AssertionError, match='different causes'):
            f()

    def test_different_classes(self, skip):
        @testing.numpy_cupy_allclose()
        def f(xp):
            self._skip('unittest' if xp is cupy else 'pytest', 'r')
        with pytest.raises(AssertionError, match='different exceptions'):
            f()

    def test_only_numpy_skips(self, skip):
        @testing.numpy_cupy_allclose()
        def f(xp):
            if xp is numpy:
                self._skip(skip, 'r')
            return on(xp, [1])
        with pytest.raises(AssertionError, match='Only numpy'):
            f()

    def test_only_cupy_skips(self, skip):
        @testing.numpy_cupy_allclose()
        def f(xp):
            if xp is cupy:
                self._skip(skip, 'r')
            return on(xp, [1])
        with pytest.raises(AssertionError, match='Only cupy'):
            f()

    def test_one_dtype_skipped(self, skip):
        seen = []

        @testing.for_all_dtypes()
        @testing.numpy_cupy_allclose()
        def f(xp, dtype):
            if dtype is numpy.float32:
                self._skip(skip, 'float32 skipped')
            seen.append(dtype)
            return on(xp, [True])
        f()
        assert numpy.float32 not in seen
        assert numpy.float64 in seen and numpy.complex128 in seen

    def test_one_dtype_skipped_on_cupy_only(self, skip):
        @testing.for_all_dtypes()
        @testing.numpy_cupy_allclose()
        def f(xp, dtype):
            if dtype is numpy.float32 and xp is cupy:
                self._skip(skip, 'r')
            return on(xp, [True])
        with pytest.raises(AssertionError, match='Only cupy'):
            f()


class TestNumpyCupyEqual:

    def test_equal(self):
        @testing.numpy_cupy_equal()
        def f(xp):
            return (1, 'a', [2.5])
        f()

    def test_not_equal(self):
        @testing.numpy_cupy_equal()
        def f(xp):
            return xp.__name__
        with pytest.raises(AssertionError, match='Results are not equal'):
            f()

    def test_name(self):
        @testing.numpy_cupy_equal(name='foo')
        def f(foo):
            return 1
        f()
        assert list(inspect.signature(f).parameters) == []

    def test_errors(self):
        @testing.numpy_cupy_equal()
        def f(xp):
            if xp is cupy:
                raise ValueError('only here')
            return 1
        with pytest.raises(AssertionError, match='Only cupy'):
            f()

    def test_both_raise(self):
        @testing.numpy_cupy_equal()
        def f(xp):
            raise ValueError()
        with pytest.raises(AssertionError, match='Both cupy and numpy'):
            f()


class TestNumpyCupyArrayListEqual:

    def test_equal(self):
        @testing.numpy_cupy_array_list_equal()
        def f(xp):
            return [on(xp, [1]), on(xp, [2, 3])]
        f()

    def test_not_equal(self):
        @testing.numpy_cupy_array_list_equal()
        def f(xp):
            return [on(xp, [1]), on(xp, [2, 3], [2, 4])]
        with pytest.raises(AssertionError):
            f()

    def test_lengths_differ(self):
        @testing.numpy_cupy_array_list_equal()
        def f(xp):
            return [on(xp, [1])] * (2 if xp is cupy else 1)
        with pytest.raises(AssertionError):
            f()


class TestNumpyCupyArrayLess:

    def test_less(self):
        @testing.numpy_cupy_array_less()
        def f(xp):
            return on(xp, [1], [2])
        f()

    def test_not_less(self):
        @testing.numpy_cupy_array_less()
        def f(xp):
            return on(xp, [2], [1])
        with pytest.raises(AssertionError):
            f()


class _Exception1(Exception):
    pass


class _Exception2(Exception):
    pass


class TestNumpyCupyRaises:

    def _decorate(self, f, **kwargs):
        with testing.assert_warns(DeprecationWarning):
            decorator = testing.numpy_cupy_raises(**kwargs)
        return decorator(f)

    def test_deprecated(self):
        with pytest.warns(DeprecationWarning):
            testing.numpy_cupy_raises()

    def test_both_succeed(self):
        f = self._decorate(lambda xp: None)
        with pytest.raises(AssertionError, match='expected to raise'):
            f()

    def test_cupy_only(self):
        def f(xp):
            if xp is cupy:
                raise Exception('xxxx')
        with pytest.raises(AssertionError, match='xxxx'):
            self._decorate(f)()

    def test_numpy_only(self):
        def f(xp):
            if xp is numpy:
                raise Exception('yyyy')
        with pytest.raises(AssertionError, match='yyyy'):
            self._decorate(f)()

    def test_different_errors(self):
        def f(xp):
            if xp is cupy:
                raise TypeError('xxxx')
            raise ValueError('yyyy')
        with pytest.raises(AssertionError, match='(?s)xxxx.*yyyy'):
            self._decorate(f)()

    def test_unrelated_private_errors(self):
        def f(xp):
            raise (_Exception1 if xp is cupy else _Exception2)('e')
        self._decorate(f)()

    def test_numpy_error_more_specific(self):
        def f(xp):
            raise (Exception if xp is cupy else IndexError)('e')
        with pytest.raises(AssertionError):
            self._decorate(f)()

    def test_same_error(self):
        def f(xp):
            raise Exception(xp.__name__)
        self._decorate(f, accept_error=Exception)()

    def test_not_accepted(self):
        def f(xp):
            raise (IndexError if xp is cupy else Exception)('e')
        with pytest.raises(AssertionError):
            self._decorate(f, accept_error=ValueError)()

    def test_forbidden(self):
        def f(xp):
            raise Exception(xp.__name__)
        with pytest.raises(AssertionError, match='(?s)cupy.*numpy'):
            self._decorate(f, accept_error=False)()

    @pytest.mark.parametrize('numpy_error', [TypeError, ValueError,
                                             IndexError])
    def test_axis_error_against_other(self, numpy_error):
        def f(xp):
            if xp is cupy:
                raise numpy.exceptions.AxisError('xxxx')
            raise numpy_error('yyyy')
        with pytest.raises(AssertionError, match='(?s)xxxx.*yyyy'):
            self._decorate(f)()

    def test_axis_errors(self):
        def f(xp):
            raise numpy.exceptions.AxisError('a')
        self._decorate(f)()


class TestScipyModules:

    @pytest.fixture
    def fake_cupyx_scipy(self, monkeypatch):
        scipy_mod = types.ModuleType('cupyx.scipy')
        sparse_mod = types.ModuleType('cupyx.scipy.sparse')
        scipy_mod.sparse = sparse_mod
        import cupyx
        monkeypatch.setattr(cupyx, 'scipy', scipy_mod, raising=False)
        monkeypatch.setitem(sys.modules, 'cupyx.scipy', scipy_mod)
        monkeypatch.setitem(sys.modules, 'cupyx.scipy.sparse', sparse_mod)
        return scipy_mod

    def test_scipy_name(self, fake_cupyx_scipy):
        import scipy
        seen = []

        @testing.numpy_cupy_array_equal(scipy_name='scp')
        def f(xp, scp):
            seen.append((xp, scp))
            return on(xp, [1])
        assert list(inspect.signature(f).parameters) == []
        f()
        assert seen == [(cupy, fake_cupyx_scipy), (numpy, scipy)]

    def test_sp_name(self, fake_cupyx_scipy):
        import scipy.sparse
        seen = []

        @testing.numpy_cupy_allclose(sp_name='sp')
        def f(xp, sp):
            seen.append(sp)
            return on(xp, [1.0])
        f()
        assert seen == [fake_cupyx_scipy.sparse, scipy.sparse]


class TestPytestIntegration:
    """Through pytest itself: xp/dtype are not taken for fixtures, and
    outcomes are what they should be."""

    def test_outcomes(self, pytester, run_pytest):
        pytester.makepyfile(textwrap.dedent('''
            import numpy
            import pytest
            import cupy
            from cupy import testing

            def arr(xp, v):
                return xp.asarray(numpy.asarray(v))

            class TestA:
                @testing.for_all_dtypes()
                @testing.numpy_cupy_array_equal()
                def test_pass(self, xp, dtype):
                    return arr(xp, numpy.arange(3).astype(dtype))

                @testing.numpy_cupy_allclose()
                def test_fail(self, xp):
                    return arr(xp, [1.0] if xp is cupy else [2.0])

                @testing.numpy_cupy_allclose()
                def test_skip(self, xp):
                    pytest.skip('both')

                @pytest.fixture
                def value(self):
                    return 5

                @testing.numpy_cupy_equal()
                def test_fixture(self, xp, value):
                    return value

            @testing.for_dtypes([numpy.float32, numpy.int8])
            @testing.numpy_cupy_array_equal(name='mod')
            def test_function(mod, dtype):
                return arr(mod, numpy.ones(2, dtype))
        '''))
        result = run_pytest()
        result.assert_outcomes(passed=3, failed=1, skipped=1)
