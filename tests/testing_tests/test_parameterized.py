"""parameterize, product and product_dict."""

import sys
import textwrap
import unittest

import numpy
import pytest

from cupy import testing


@pytest.mark.parametrize('actual, expected', [
    ({'a': [1, 2], 'b': [3, 4, 5]},
     [{'a': 1, 'b': 3}, {'a': 1, 'b': 4}, {'a': 1, 'b': 5},
      {'a': 2, 'b': 3}, {'a': 2, 'b': 4}, {'a': 2, 'b': 5}]),
    ({'a': [1, 2]}, [{'a': 1}, {'a': 2}]),
    ({'a': [1, 2], 'b': []}, []),
    ({'a': []}, []),
    ({}, [{}]),
])
def test_product(actual, expected):
    assert testing.product(actual) == expected


@pytest.mark.parametrize('actual, expected', [
    ([[{'a': 1, 'b': 3}, {'a': 2, 'b': 4}], [{'c': 5}, {'c': 6}]],
     [{'a': 1, 'b': 3, 'c': 5}, {'a': 1, 'b': 3, 'c': 6},
      {'a': 2, 'b': 4, 'c': 5}, {'a': 2, 'b': 4, 'c': 6}]),
    ([[{'a': 1}, {'a': 2}], [{'b': 3}, {'b': 4}, {'b': 5}]],
     [{'a': 1, 'b': 3}, {'a': 1, 'b': 4}, {'a': 1, 'b': 5},
      {'a': 2, 'b': 3}, {'a': 2, 'b': 4}, {'a': 2, 'b': 5}]),
    ([[{'a': 1}, {'a': 2}]], [{'a': 1}, {'a': 2}]),
    ([[{'a': 1}, {'a': 2}], []], []),
    ([[]], []),
    ([], [{}]),
])
def test_product_dict(actual, expected):
    assert testing.product_dict(*actual) == expected


def f(x):
    return x


class C:

    def __repr__(self):
        return '<C object>'

    def __call__(self, x):
        return x

    def method(self, x):
        return x


CALLABLES = [{'callable': f}, {'callable': lambda x: x},
             {'callable': C()}, {'callable': C().method},
             {'callable': numpy.positive}]


# The unittest variant: generated classes, collected by pytest.
@testing.parameterize(*CALLABLES)
class TestUnittestCallables(unittest.TestCase):

    def test_callable(self):
        assert self.callable(1) in (1, 2)

    def test_skip(self):
        self.skipTest('skipping a parameterized test is not an error')


@testing.parameterize(*CALLABLES)
class TestPytestCallables:

    def test_callable(self):
        assert self.callable(1) in (1, 2)

    def test_skip(self):
        pytest.skip('skipping a parameterized test is not an error')


@testing.parameterize(*testing.product({'a': [1, 2], 'b': ['x']}))
class TestUnittestValues(unittest.TestCase):

    def setUp(self):
        self.seen_in_setup = (self.a, self.b)

    def test_values(self):
        assert self.a in (1, 2) and self.b == 'x'
        assert self.seen_in_setup == (self.a, self.b)
        assert type(self).a == self.a


@testing.parameterize({'a': 1}, {'a': 2})
class TestPytestSetupMethod:

    def setup_method(self):
        self.seen_in_setup = self.a

    def test_values(self):
        assert self.a in (1, 2)
        assert self.seen_in_setup == self.a


class TestGeneratedClasses:

    def test_names_in_module(self):
        module = sys.modules[__name__]
        assert module.TestUnittestValues is None
        names = sorted(n for n in vars(module)
                       if n.startswith('TestUnittestValues_param_'))
        assert names == ["TestUnittestValues_param_0_{a=1, b='x'}",
                         "TestUnittestValues_param_1_{a=2, b='x'}"]
        cls = getattr(module, names[1])
        assert issubclass(cls, unittest.TestCase)
        assert cls.a == 2 and cls.b == 'x'
        assert cls.__module__ == __name__

    def test_failure_names_parameters(self):
        class Base(unittest.TestCase):
            def test_fail(self):
                assert self.v == 0, 'v is not 0'
        Base.__module__ = __name__
        assert testing.parameterize({'v': 3})(Base) is None
        module = sys.modules[__name__]
        name = 'Base_param_0_{v=3}'
        cls = getattr(module, name)
        try:
            with pytest.raises(AssertionError, match='v is not 0') as e:
                cls('test_fail').test_fail()
            assert any('v: 3' in note for note in e.value.__notes__)
            assert '{v=3}' in str(cls('test_fail'))
        finally:
            delattr(module, name)


def _run(pytester, run_pytest, src):
    pytester.makepyfile(textwrap.dedent(
        'from cupy import testing\n' + textwrap.dedent(src)))
    return run_pytest('-v', '--tb=short')


class TestPytestImpl:

    def test_simple(self, pytester, run_pytest):
        result = _run(pytester, run_pytest, '''
            @testing.parameterize({'a': 1}, {'a': 2})
            class TestA:
                def test_a(self):
                    assert self.a == 1
        ''')
        result.stdout.fnmatch_lines([
            '*::TestA::test_a?_param_0_{a=1}? PASSED*',
            '*::TestA::test_a?_param_1_{a=2}? FAILED*'])
        result.assert_outcomes(passed=1, failed=1)

    def test_different_keys(self, pytester, run_pytest):
        result = _run(pytester, run_pytest, '''
            @testing.parameterize({'a': 1}, {'b': 2})
            class TestA:
                def test_a(self):
                    a = getattr(self, 'a', 3)
                    b = getattr(self, 'b', 4)
                    assert (a, b) in [(1, 4), (3, 2)]
        ''')
        result.assert_outcomes(passed=2)

    def test_values_not_copied(self, pytester, run_pytest):
        # The same object is handed to every test of a parameter set; an
        # in-place change is seen by the next test, a rebinding is not.
        result = _run(pytester, run_pytest, '''
            import numpy
            @testing.parameterize({'a': numpy.array(1)}, {'a': 1})
            class TestA:
                def test_first(self):
                    assert self.a == 1
                    self.a += 2
                def test_second(self):
                    assert self.a == 1
                    self.a += 2
        ''')
        result.stdout.fnmatch_lines([
            '*test_second?_param_0_{a=array(1)}? FAILED*'])
        result.assert_outcomes(passed=3, failed=1)

    def test_class_attributes(self, pytester, run_pytest):
        result = _run(pytester, run_pytest, '''
            @testing.parameterize({'a': 1, 'b': 4}, {'a': 2, 'b': 3})
            class TestA:
                c = 5
                a = 'class default'
                def test_a(self):
                    assert self.a + self.b == self.c

            def test_restored():
                assert TestA.a == 'class default'
                assert not hasattr(TestA, 'b')
        ''')
        result.assert_outcomes(passed=3)

    def test_with_pytest_parametrize_and_fixtures(self, pytester,
                                                  run_pytest):
        result = _run(pytester, run_pytest, '''
            import pytest
            @pytest.mark.parametrize('outer', ['E', 'e'])
            @testing.parameterize({'x': 'D'}, {'x': 'd'})
            @pytest.mark.parametrize('inner', ['c', 'C'])
            class TestA:
                @pytest.fixture
                def fix(self):
                    return 'f'

                @pytest.mark.parametrize(('fn1', 'fn2'),
                                         [('A', 'b'), ('a', 'B')])
                def test_a(self, fn2, inner, outer, fn1, fix):
                    assert fix == 'f'
                    assert ((fn1 + fn2 + inner + self.x + outer).lower()
                            == 'abcde')
        ''')
        result.assert_outcomes(passed=16)

    def test_stacked(self, pytester, run_pytest):
        result = _run(pytester, run_pytest, '''
            @testing.parameterize({'a': 1}, {'a': 2})
            @testing.parameterize({'b': 10}, {'b': 20}, {'b': 30})
            class TestA:
                seen = set()
                def test_a(self):
                    TestA.seen.add((self.a, self.b))

            def test_all_seen():
                assert TestA.seen == {(a, b) for a in (1, 2)
                                      for b in (10, 20, 30)}
        ''')
        result.assert_outcomes(passed=7)

    def test_with_numpy_cupy_decorators(self, pytester, run_pytest):
        result = _run(pytester, run_pytest, '''
            import numpy
            @testing.parameterize(*testing.product({
                'shape': [(2, 3), (4,)], 'order': ['C', 'F']}))
            class TestA:
                @testing.for_float_dtypes(no_float16=True)
                @testing.numpy_cupy_array_equal()
                def test_arange(self, xp, dtype):
                    return xp.asarray(
                        numpy.arange(6).reshape(self.shape if
                        len(self.shape) == 2 else (6,)).astype(dtype))
        ''')
        result.assert_outcomes(passed=4)

    def test_subclass(self, pytester, run_pytest):
        result = _run(pytester, run_pytest, '''
            @testing.parameterize({'a': 1}, {'a': 2})
            class TestBase:
                def test_a(self):
                    assert self.a in (1, 2)

            class TestChild(TestBase):
                def test_b(self):
                    assert self.a in (1, 2)
        ''')
        result.assert_outcomes(passed=6)

    def test_unittest_generated(self, pytester, run_pytest):
        result = _run(pytester, run_pytest, '''
            import unittest
            @testing.parameterize({'a': 1}, {'a': 2})
            class TestA(unittest.TestCase):
                def setUp(self):
                    self.b = self.a * 10
                def test_a(self):
                    assert self.b == self.a * 10
                    assert self.a == 1
        ''')
        result.stdout.fnmatch_lines([
            '*::TestA_param_0_{a=1}::test_a PASSED*',
            '*::TestA_param_1_{a=2}::test_a FAILED*'])
        result.assert_outcomes(passed=1, failed=1)

    def test_empty(self, pytester, run_pytest):
        result = _run(pytester, run_pytest, '''
            import unittest
            @testing.parameterize(*testing.product({'a': []}))
            class TestA(unittest.TestCase):
                def test_a(self):
                    pass

            def test_other():
                pass
        ''')
        result.assert_outcomes(passed=1)

    def test_no_deprecated_pytest_pattern(self, pytester, run_pytest):
        # CuPy's projects run with DeprecationWarning as an error; pytest 9
        # deprecates class-scoped fixtures written as instance methods
        # (PytestRemovedIn10Warning), which failed every test of the class.
        pytester.makepyfile(textwrap.dedent('''
            from cupy import testing
            @testing.parameterize(*testing.product({'a': [1, 2]}))
            class TestA:
                def setup_method(self):
                    self.b = self.a * 2
                def test_a(self):
                    assert self.b == 2 * self.a
                def test_b(self):
                    assert self.a in (1, 2)
        '''))
        result = run_pytest('-W', 'error::DeprecationWarning', '-W',
                            'error::pytest.PytestWarning')
        result.assert_outcomes(passed=4)
