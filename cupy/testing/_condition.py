"""Decorators for tests whose outcome is probabilistic: ``repeat``,
``retry`` and ``repeat_with_success_at_least``."""

import functools
import traceback
import unittest

from cupy.testing._pytest_impl import skip_classes


def _run_trial(f, args, kwargs):
    instance = args[0] if args else None
    if not isinstance(instance, unittest.TestCase):
        f(*args, **kwargs)
        return
    # A fresh TestCase per trial, with its own setUp and tearDown, so that
    # trials do not see each other's state.
    trial = type(instance)(instance._testMethodName)
    trial.setUp()
    try:
        f(trial, *args[1:], **kwargs)
    finally:
        trial.tearDown()


def repeat_with_success_at_least(times, min_success):
    """Decorator that runs the test up to ``times`` times and passes when
    at least ``min_success`` of the trials pass.

    It stops as soon as the outcome is decided.  A trial that is skipped
    skips the test.  The failure message includes the first error.
    """
    assert times >= min_success, (
        'min_success ({}) must not exceed times ({})'.format(
            min_success, times))

    def decorator(f):
        @functools.wraps(f)
        def wrapper(*args, **kwargs):
            successes = 0
            failures = []
            for _ in range(times):
                if successes >= min_success:
                    break
                if len(failures) > times - min_success:
                    break
                try:
                    _run_trial(f, args, kwargs)
                except skip_classes():
                    raise
                except Exception as e:
                    failures.append(e)
                else:
                    successes += 1
            if successes >= min_success:
                return
            first = failures[0]
            raise AssertionError(
                'Fail the test: {} of {} trials failed, {} successes '
                'required.\nfirst error message:\n{}'.format(
                    len(failures), len(failures) + successes, min_success,
                    ''.join(traceback.format_exception(
                        type(first), first, first.__traceback__)))
            ) from first
        return wrapper
    return decorator


def repeat(times, intensive_times=None):
    """Decorator that runs the test ``times`` times; every trial must
    pass.  ``intensive_times`` (CuPy's count for intensive runs) is
    accepted and not used: there is no intensive mode here."""
    return repeat_with_success_at_least(times, times)


def retry(times):
    """Decorator that runs the test up to ``times`` times until one trial
    passes."""
    return repeat_with_success_at_least(times, 1)
