"""repeat, retry and repeat_with_success_at_least."""

import unittest

import pytest

from cupy import testing


SKIP_REASON = 'test skip reason'


class Counter:

    def __init__(self, outcomes):
        # outcomes: a string of 's' (success), 'f' (failure), 'e' (error),
        # 'k' (skip), cycled.
        self.outcomes = outcomes
        self.calls = 0

    def __call__(self, *args):
        outcome = self.outcomes[self.calls % len(self.outcomes)]
        self.calls += 1
        if outcome == 'f':
            raise AssertionError('failure number {}'.format(self.calls))
        if outcome == 'e':
            raise RuntimeError('error')
        if outcome == 'k':
            pytest.skip(SKIP_REASON)


def _decorated(decorator, outcomes):
    counter = Counter(outcomes)

    @decorator
    def f():
        counter()
    return f, counter


class TestRepeatWithSuccessAtLeast:

    def test_all_fail(self):
        f, c = _decorated(testing.repeat_with_success_at_least(10, 1), 'f')
        with pytest.raises(AssertionError, match='first error message:'):
            f()
        assert c.calls == 10

    def test_first_error_reported(self):
        f, c = _decorated(testing.repeat_with_success_at_least(3, 3), 'f')
        with pytest.raises(AssertionError, match='failure number 1'):
            f()

    def test_zero_required(self):
        f, c = _decorated(testing.repeat_with_success_at_least(10, 0), 'f')
        f()
        assert c.calls <= 10

    def test_errors_count_as_failures(self):
        f, c = _decorated(testing.repeat_with_success_at_least(10, 1), 'e')
        with pytest.raises(AssertionError, match='first error message:'):
            f()

    def test_all_succeed(self):
        f, c = _decorated(testing.repeat_with_success_at_least(10, 10), 's')
        f()
        assert c.calls == 10

    def test_too_many_required(self):
        with pytest.raises(AssertionError):
            testing.repeat_with_success_at_least(10, 11)

    def test_half_succeed(self):
        f, c = _decorated(testing.repeat_with_success_at_least(10, 5), 'fs')
        f()
        assert c.calls <= 10

    def test_half_succeed_not_enough(self):
        f, c = _decorated(testing.repeat_with_success_at_least(10, 6), 'fs')
        with pytest.raises(AssertionError):
            f()
        assert c.calls <= 10

    def test_skip(self):
        f, c = _decorated(testing.repeat_with_success_at_least(10, 5), 'k')
        with pytest.raises(pytest.skip.Exception, match=SKIP_REASON):
            f()
        assert c.calls == 1


class TestRepeatAndRetry:

    def test_repeat_failure(self):
        f, c = _decorated(testing.repeat(10), 'sssf')
        with pytest.raises(AssertionError, match='first error message:'):
            f()
        assert c.calls == 4

    def test_repeat_success(self):
        f, c = _decorated(testing.repeat(10), 's')
        f()
        assert c.calls == 10

    def test_retry_failure(self):
        f, c = _decorated(testing.retry(10), 'f')
        with pytest.raises(AssertionError):
            f()
        assert c.calls == 10

    def test_retry_success(self):
        f, c = _decorated(testing.retry(10), 'ffs')
        f()
        assert c.calls == 3


class TestUnittest:

    def test_fresh_instance_per_trial(self):
        instances = []

        class T(unittest.TestCase):
            def setUp(self):
                self.ready = True

            @testing.repeat(3)
            def test_a(self):
                assert self.ready
                instances.append(self)

        result = unittest.TestResult()
        unittest.TestSuite([T('test_a')]).run(result)
        assert result.wasSuccessful()
        assert len(instances) == 3 and len(set(map(id, instances))) == 3

    def test_unittest_skip(self):
        class T(unittest.TestCase):
            @testing.retry(3)
            def test_a(self):
                self.skipTest(SKIP_REASON)

        result = unittest.TestResult()
        unittest.TestSuite([T('test_a')]).run(result)
        assert [r for _, r in result.skipped] == [SKIP_REASON]
