"""fix_random and generate_seed."""

import random
import textwrap
import unittest

import numpy
import pytest

from cupy import testing
from cupy.testing import _random


def _draw():
    return (random.random(), numpy.random.random(),
            numpy.random.randint(1 << 30))


class TestFixRandom:

    def test_function_is_reproducible(self):
        @testing.fix_random()
        def test_f():
            return _draw()
        assert test_f() == test_f()

    def test_state_restored(self):
        numpy.random.seed(1)
        random.seed(1)
        expected = _draw()
        numpy.random.seed(1)
        random.seed(1)

        @testing.fix_random()
        def test_f():
            _draw()
        test_f()
        assert _draw() == expected

    def test_state_restored_after_failure(self):
        numpy.random.seed(2)
        expected = numpy.random.random()
        numpy.random.seed(2)

        @testing.fix_random()
        def test_f():
            raise ValueError()
        with pytest.raises(ValueError):
            test_f()
        assert numpy.random.random() == expected
        assert _random._nest_count == 0

    def test_nested(self):
        @testing.fix_random()
        def test_inner():
            return _draw()

        @testing.fix_random()
        def test_outer():
            first = _draw()
            # Inside an active fix_random the state is not reseeded.
            return first, test_inner()
        first, inner = test_outer()
        assert first != inner
        assert test_outer() == (first, inner)

    def test_nondeterministic(self, monkeypatch):
        monkeypatch.setenv('CUPY_TEST_RANDOM_NONDETERMINISTIC', '1')

        @testing.fix_random()
        def test_f():
            return _draw()
        assert test_f() != test_f()

    def test_signature_kept(self):
        import inspect

        @testing.fix_random()
        def test_f(self, dtype):
            pass
        assert list(inspect.signature(test_f).parameters) == [
            'self', 'dtype']

    def test_invalid_target(self):
        with pytest.raises(ValueError):
            testing.fix_random()(lambda: None)

    def test_unittest_class(self):
        results = []

        @testing.fix_random()
        class T(unittest.TestCase):
            def setUp(self):
                self.first = numpy.random.random()

            def test_a(self):
                results.append((self.first, numpy.random.random()))

        for _ in range(2):
            unittest.TestSuite([T('test_a')]).run(unittest.TestResult())
        assert len(results) == 2 and results[0] == results[1]
        assert _random._nest_count == 0

    def test_plain_class(self):
        @testing.fix_random()
        class T:
            def test_a(self):
                return _draw()
        assert T().test_a() == T().test_a()


class TestGenerateSeed:

    def test_inside(self):
        @testing.fix_random()
        def test_f():
            return testing.generate_seed(), testing.generate_seed()
        a, b = test_f()
        assert a != b
        assert (a, b) == test_f()
        assert isinstance(a, (int, numpy.integer))

    def test_outside(self):
        with pytest.raises(AssertionError):
            testing.generate_seed()


def test_fix_random_under_pytest(pytester, run_pytest):
    pytester.makepyfile(textwrap.dedent('''
        import numpy
        import pytest
        from cupy import testing

        values = []

        @pytest.mark.parametrize('i', [0, 1])
        @testing.fix_random()
        def test_draw(i):
            values.append(numpy.random.random())

        def test_same():
            assert values[0] == values[1]
    '''))
    run_pytest().assert_outcomes(passed=3)
