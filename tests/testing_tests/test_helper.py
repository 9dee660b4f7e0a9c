"""Test data, requirements, assert_warns and AssertFunctionIsCalled."""

import io
import textwrap
import unittest
import warnings

import numpy
import pytest

import cupy
from cupy import testing


def host(a):
    return cupy.asnumpy(a) if isinstance(a, cupy.ndarray) else a


ALL_DTYPES = [numpy.float64, numpy.float32, numpy.float16, numpy.int8,
              numpy.int16, numpy.int32, numpy.int64, numpy.uint8,
              numpy.uint16, numpy.uint32, numpy.uint64, numpy.bool_,
              numpy.complex64, numpy.complex128]

XPS = pytest.mark.parametrize('xp', [numpy, cupy], ids=['numpy', 'cupy'])


@XPS
class TestShapedArange:

    @pytest.mark.parametrize('dtype', ALL_DTYPES)
    def test_values(self, xp, dtype):
        a = testing.shaped_arange((2, 3), xp, dtype)
        assert isinstance(a, xp.ndarray)
        assert a.shape == (2, 3)
        assert a.dtype == dtype
        v = numpy.arange(1, 7).reshape(2, 3)
        if dtype is numpy.bool_:
            expected = v % 2 == 0
        elif numpy.dtype(dtype).kind == 'c':
            expected = v + v * 1j
        else:
            expected = v
        numpy.testing.assert_array_equal(host(a), expected.astype(dtype))

    def test_defaults(self, xp):
        a = testing.shaped_arange((4,), xp)
        assert a.dtype == numpy.float32
        numpy.testing.assert_array_equal(host(a), [1, 2, 3, 4])

    def test_default_module_is_cupy(self, xp):
        assert isinstance(testing.shaped_arange((2,)), cupy.ndarray)

    def test_order(self, xp):
        a = testing.shaped_arange((2, 3), xp, order='F')
        assert a.flags.f_contiguous and not a.flags.c_contiguous
        assert a.shape == (2, 3)

    def test_empty(self, xp):
        a = testing.shaped_arange((2, 0), xp)
        assert a.shape == (2, 0)


class TestShapedArangeHost:

    def test_zero_dim(self):
        a = testing.shaped_arange((), numpy, numpy.int32)
        assert a.shape == () and a == 1

    def test_fortran_values(self):
        a = testing.shaped_arange((2, 3), numpy, order='F')
        numpy.testing.assert_array_equal(a, [[1, 2, 3], [4, 5, 6]])


@XPS
class TestShapedReverseArange:

    @pytest.mark.parametrize('dtype', ALL_DTYPES)
    def test_values(self, xp, dtype):
        a = testing.shaped_reverse_arange((3, 2), xp, dtype)
        assert isinstance(a, xp.ndarray)
        assert a.dtype == dtype
        v = numpy.arange(6, 0, -1).reshape(3, 2)
        if dtype is numpy.bool_:
            expected = v % 2 == 0
        elif numpy.dtype(dtype).kind == 'c':
            expected = v + v * 1j
        else:
            expected = v
        numpy.testing.assert_array_equal(host(a), expected.astype(dtype))


@XPS
class TestShapedLinspace:

    @pytest.mark.parametrize('dtype', 'bhilqefdFD')
    def test_signed(self, xp, dtype):
        a = testing.shaped_linspace(-3, 3, (20, 30), xp, dtype)
        e = numpy.linspace(-3, 3, 600).reshape(20, 30).astype(dtype)
        assert isinstance(a, xp.ndarray)
        assert a.shape == (20, 30) and a.dtype == dtype
        numpy.testing.assert_allclose(host(a), e)

    @pytest.mark.parametrize('dtype', 'BHILQ')
    def test_unsigned(self, xp, dtype):
        a = testing.shaped_linspace(-3, 3, (20, 30), xp, dtype)
        e = numpy.linspace(0, 3, 600).reshape(20, 30).astype(dtype)
        assert a.dtype == dtype
        numpy.testing.assert_allclose(host(a), e)

    def test_bool(self, xp):
        a = testing.shaped_linspace(-3, 3, (20, 30), xp, numpy.bool_)
        e = numpy.linspace(0, 1, 600).reshape(20, 30).astype(numpy.bool_)
        numpy.testing.assert_array_equal(host(a), e)


@XPS
class TestShapedRandom:

    @pytest.mark.parametrize('shape', [(3, 2), (3, 0, 2)])
    @pytest.mark.parametrize('dtype', ALL_DTYPES)
    def test_shape_and_dtype(self, xp, shape, dtype):
        a = testing.shaped_random(shape, xp, dtype)
        assert isinstance(a, xp.ndarray)
        assert a.shape == shape
        assert a.dtype == dtype

    @pytest.mark.parametrize('dtype', [d for d in ALL_DTYPES
                                       if d is not numpy.bool_
                                       and numpy.dtype(d).kind != 'c'])
    def test_value_range(self, xp, dtype):
        a = host(testing.shaped_random((10, 10), xp, dtype))
        assert (0 <= a).all() and (a < 10).all()
        assert len(numpy.unique(a)) > 1

    @pytest.mark.parametrize('dtype', [numpy.complex64, numpy.complex128])
    def test_complex(self, xp, dtype):
        a = host(testing.shaped_random((10, 10), xp, dtype))
        for part in (a.real, a.imag):
            assert (0 <= part).all() and (part < 10).all()
        assert a.imag.any()

    def test_bool(self, xp):
        a = host(testing.shaped_random(10000, xp, numpy.bool_))
        assert a.shape == (10000,)
        assert 4000 < a.sum() < 6000

    def test_scale(self, xp):
        a = host(testing.shaped_random((100,), xp, numpy.float64, scale=1))
        assert (a < 1).all() and a.max() > 0.5

    def test_reproducible(self, xp):
        a = host(testing.shaped_random((5, 5), xp))
        b = host(testing.shaped_random((5, 5), xp))
        c = host(testing.shaped_random((5, 5), xp, seed=1))
        numpy.testing.assert_array_equal(a, b)
        assert (a != c).any()

    def test_from_random_state(self, xp):
        a = host(testing.shaped_random((4, 3), xp, numpy.float64, seed=5))
        e = numpy.random.RandomState(5).random_sample((4, 3)) * 10
        numpy.testing.assert_array_equal(a, e)

    def test_global_state_untouched(self, xp):
        state = numpy.random.get_state()
        testing.shaped_random((3,), xp)
        after = numpy.random.get_state()
        assert state[0] == after[0]
        numpy.testing.assert_array_equal(state[1], after[1])
        assert state[2:] == after[2:]

    def test_order(self, xp):
        a = testing.shaped_random((3, 4), xp, order='F')
        assert a.flags.f_contiguous and not a.flags.c_contiguous


def test_shaped_random_same_for_both_modules():
    a = testing.shaped_random((3, 4), numpy, numpy.int32)
    b = testing.shaped_random((3, 4), cupy, numpy.int32)
    numpy.testing.assert_array_equal(a, host(b))


def _sorted_singular_values(sv, shape):
    return numpy.sort(numpy.broadcast_to(sv, shape), axis=-1)[..., ::-1]


class TestGenerateMatrix:

    @pytest.mark.parametrize('dtype', [numpy.float16, numpy.float32,
                                       numpy.float64, numpy.complex64,
                                       numpy.complex128])
    @pytest.mark.parametrize('x_shape, s_shape', [
        ((0, 0), (0,)), ((2, 2), (2,)), ((2, 3), (2,)), ((3, 2), (2,)),
        ((2, 2), ()), ((4, 3, 2), (4, 2)), ((4, 3, 2), (2,))])
    @XPS
    def test_singular_values(self, xp, dtype, x_shape, s_shape):
        sv = numpy.random.RandomState(0).uniform(0.5, 1.5, s_shape)
        x = testing.generate_matrix(x_shape, xp=xp, dtype=dtype,
                                    singular_values=sv)
        assert isinstance(x, xp.ndarray)
        assert x.shape == x_shape
        assert x.dtype == dtype
        if 0 in x_shape:
            return
        s = numpy.linalg.svd(host(x).astype(numpy.complex128),
                             full_matrices=False, compute_uv=False)
        rtol = 2e-3 if dtype == numpy.float16 else 1e-5
        if numpy.dtype(dtype).char in 'dD':
            rtol = 1e-7
        numpy.testing.assert_allclose(
            s, _sorted_singular_values(sv, s.shape), rtol=rtol)

    def test_cupy_singular_values(self):
        sv = cupy.array(numpy.array([2.0, 1.0]))
        x = testing.generate_matrix((2, 2), numpy, numpy.float64,
                                    singular_values=sv)
        numpy.testing.assert_allclose(
            numpy.linalg.svd(x, compute_uv=False), [2.0, 1.0])

    def test_no_singular_values(self):
        with pytest.raises(TypeError):
            testing.generate_matrix((2, 2))

    def test_invalid_shape(self):
        with pytest.raises(ValueError):
            testing.generate_matrix((2,), singular_values=1)

    def test_complex_singular_values(self):
        with pytest.raises(TypeError):
            testing.generate_matrix((2, 2), singular_values=1 + 0j)

    def test_integer_dtype(self):
        with pytest.raises(TypeError):
            testing.generate_matrix((2, 2), dtype=numpy.int32,
                                    singular_values=1)

    def test_negative_singular_values(self):
        with pytest.raises(ValueError):
            testing.generate_matrix((2, 2), singular_values=[1, -1])

    @pytest.mark.parametrize('shape', [(2, 2), (0, 2, 2)])
    def test_shape_mismatch(self, shape):
        with pytest.raises(ValueError):
            testing.generate_matrix(shape, singular_values=numpy.ones(3))


class TestRequirements:

    def test_installed(self):
        assert testing.installed('numpy')
        assert testing.installed('numpy>=1.10,<=3.0')
        assert testing.installed('numpy>=1.12', 'pytest')
        assert not testing.installed('numpy>=3.0')
        assert not testing.installed('numpy>1.10,<1.9')
        assert not testing.installed('numpy', 'numpy<1')
        assert not testing.installed('supercalifragilisticexpialidocious')

    def test_installed_source_tree_package(self):
        # cupy is used from its source tree here: no distribution
        # metadata, its __version__ counts.
        assert testing.installed('cupy')
        assert testing.installed('cupy=={}'.format(cupy.__version__))
        assert not testing.installed('cupy>{}'.format(cupy.__version__))

    def test_numpy_satisfies(self):
        assert testing.numpy_satisfies('>1.10')
        assert testing.numpy_satisfies('=={}'.format(numpy.__version__))
        assert not testing.numpy_satisfies('>=3.0')

    def test_invalid_specifier(self):
        with pytest.raises(Exception):
            testing.installed('numpy>>1')

    def test_is_after_baseline(self):
        # the oldest supported NumPy is 1.26 (setup.py); SciPy has none
        from cupy.testing._helper import is_after_baseline
        assert is_after_baseline(numpy='2.0')
        assert not is_after_baseline(numpy='1.26')
        assert not is_after_baseline(numpy='1.20')
        assert is_after_baseline(scipy='1.17')
        for bad in ({}, {'numpy': '2.0', 'scipy': '1.17'}):
            with pytest.raises(ValueError):
                is_after_baseline(**bad)

    def test_skip_if_after_baseline(self):
        from cupy.testing._helper import skip_if_after_baseline
        skip = skip_if_after_baseline(numpy='1.0', reason='r')
        assert not skip.args[0]         # 1.0 predates the oldest supported
        skip = skip_if_after_baseline(numpy='1.27', reason='r')
        assert skip.args[0] == testing.installed('numpy>=1.27')

    def test_with_requires(self, pytester, run_pytest):
        pytester.makepyfile(textwrap.dedent('''
            import unittest
            import pytest
            from cupy import testing

            @testing.with_requires('numpy>3.0')
            def test_skipped():
                pytest.fail('must not run')

            @testing.with_requires('numpy>=1.0', 'pytest')
            def test_runs():
                pass

            @testing.with_requires('supercalifragilisticexpialidocious')
            class TestClass:
                def test_a(self):
                    pytest.fail('must not run')

            @testing.with_requires('numpy<1')
            class TestCase(unittest.TestCase):
                def test_a(self):
                    self.fail('must not run')
        '''))
        result = run_pytest('-rs')
        result.assert_outcomes(passed=1, skipped=3)
        result.stdout.fnmatch_lines(['*requires: numpy>3.0*'])


class TestAssertWarns:

    def test_warned(self):
        with testing.assert_warns(DeprecationWarning):
            warnings.warn('old', DeprecationWarning)

    def test_subclass(self):
        with testing.assert_warns(Warning):
            warnings.warn('x', RuntimeWarning)

    def test_among_others(self):
        with testing.assert_warns(RuntimeWarning):
            warnings.warn('x', UserWarning)
            warnings.warn('y', RuntimeWarning)

    def test_not_warned(self):
        with pytest.raises(AssertionError, match='DeprecationWarning'):
            with testing.assert_warns(DeprecationWarning):
                pass

    def test_other_warning(self):
        with pytest.raises(AssertionError):
            with testing.assert_warns(DeprecationWarning):
                warnings.warn('x', UserWarning)

    def test_even_if_filtered(self):
        with warnings.catch_warnings():
            warnings.simplefilter('ignore')
            with testing.assert_warns(UserWarning):
                warnings.warn('x', UserWarning)


def target(x):
    return x + 1


_TARGET = __name__ + '.target'


class TestAssertFunctionIsCalled:

    def test_patch(self):
        orig = target
        with testing.AssertFunctionIsCalled(_TARGET) as handle:
            result = globals()['target'](1)
        assert globals()['target'] is orig
        assert handle.call_count == 1
        assert result is not 2  # NOQA: a MagicMock, not the function

    def test_wraps(self):
        with testing.AssertFunctionIsCalled(_TARGET, wraps=target):
            assert globals()['target'](1) == 2

    def test_not_called(self):
        with pytest.raises(AssertionError):
            with testing.AssertFunctionIsCalled(_TARGET):
                pass
        assert globals()['target'] is target

    def test_called_twice(self):
        with pytest.raises(AssertionError):
            with testing.AssertFunctionIsCalled(_TARGET):
                globals()['target'](1)
                globals()['target'](1)

    def test_times_called(self):
        with testing.AssertFunctionIsCalled(_TARGET, times_called=2):
            globals()['target'](1)
            globals()['target'](1)
        with testing.AssertFunctionIsCalled(_TARGET, times_called=0):
            pass

    def test_inner_error_propagates(self):
        with pytest.raises(numpy.exceptions.AxisError):
            with testing.AssertFunctionIsCalled(_TARGET):
                raise numpy.exceptions.AxisError('foo')
        assert globals()['target'] is target

    def test_patch_ndarray(self):
        orig = cupy.ndarray
        with testing.AssertFunctionIsCalled('cupy.ndarray'):
            a = cupy.ndarray((2, 3), numpy.float32)
        assert cupy.ndarray is orig
        assert not isinstance(a, cupy.ndarray)

    def test_spy_ndarray(self):
        orig = cupy.ndarray
        with testing.AssertFunctionIsCalled('cupy.ndarray', wraps=orig):
            a = cupy.ndarray((2, 3), numpy.float32)
        assert cupy.ndarray is orig
        assert isinstance(a, cupy.ndarray)


class TestNumpyAliasBases:

    def test_basic_base_passes_for_a_cupy_function(self):
        class T(testing.NumpyAliasBasicTestBase):
            func = 'isscalar'
        r = unittest.TextTestRunner(stream=io.StringIO()).run(
            unittest.defaultTestLoader.loadTestsFromTestCase(T))
        assert r.wasSuccessful() and r.testsRun == 2

    def test_basic_base_fails_for_numpy_alias(self):
        class T(testing.NumpyAliasBasicTestBase):
            func = 'isscalar'

            @property
            def cupy_func(self):
                return numpy.isscalar     # same docstring object
        r = unittest.TextTestRunner(stream=io.StringIO()).run(
            unittest.defaultTestLoader.loadTestsFromTestCase(T))
        assert len(r.failures) == 1

    def test_values_base(self):
        class T(testing.NumpyAliasValuesTestBase):
            func = 'isscalar'

            def setUp(self):
                self.args = (numpy.int32(1),)
        r = unittest.TextTestRunner(stream=io.StringIO()).run(
            unittest.defaultTestLoader.loadTestsFromTestCase(T))
        assert r.wasSuccessful() and r.testsRun == 1


def test_positive_mask_rerun_may_skip():
    # a case whose unsigned->intp rerun skips itself is skipped, not failed
    calls = []

    @testing.for_all_dtypes_combination(['d1', 'd2'], no_complex=True,
                                        no_float16=True)
    @testing.numpy_cupy_allclose()
    def f(xp, d1, d2):
        calls.append((d1, d2))
        if not numpy.can_cast(d1, d2):
            pytest.skip()
        return testing.shaped_arange((2, 3), xp, d1).astype(d2)
    f()
    assert calls
