"""The parts of cupy.testing that need pytest: markers, multi-device
skipping and ``parameterize`` for plain (non-unittest) test classes.

pytest is imported when one of these is used, not when cupy.testing is
imported (``import cupy`` imports cupy.testing), and is optional: without
it they raise a RuntimeError that says so.
"""

import itertools
import os
import sys
import types
import unittest


def _import_pytest():
    try:
        import pytest
    except ImportError as e:
        return None, e
    return pytest, None


def is_available():
    """True when pytest can be imported."""
    return _import_pytest()[0] is not None


def check_available(feature):
    """pytest, or RuntimeError naming ``feature`` when it is missing."""
    pytest, error = _import_pytest()
    if pytest is None:
        raise RuntimeError(
            'cupy.testing: {} needs pytest, which cannot be imported '
            '({}: {})'.format(feature, type(error).__name__, error))
    return pytest


def skip_classes():
    """The exceptions that mean "skip this test": unittest's, and pytest's
    once pytest is imported (nothing raises it before)."""
    outcomes = sys.modules.get('_pytest.outcomes')
    if outcomes is None:
        return (unittest.SkipTest,)
    return (unittest.SkipTest, outcomes.Skipped)


# ---------------------------------------------------------------- markers

def slow(*args, **kwargs):
    """Mark a test (function or class) as slow: ``pytest.mark.slow``.

    Use it bare (``@testing.slow``) or with arguments like any pytest mark.
    Deselect slow tests with ``-m 'not slow'``.
    """
    pytest = check_available('slow')
    return pytest.mark.slow(*args, **kwargs)


def _gpu_limit():
    # CUPY_TEST_GPU_LIMIT < 0 (the default) means no limit.
    try:
        return int(os.environ.get('CUPY_TEST_GPU_LIMIT', '-1'))
    except ValueError:
        return -1


def _device_count():
    try:
        import cupy
        return cupy.cuda.runtime.getDeviceCount()
    except Exception:
        # No runtime, no driver, no device: nothing multi-device can run.
        return 0


class _TooFewDevices:
    """A skipif condition that is evaluated when the test is set up, not
    when it is decorated, so that importing a test module does not start
    the device runtime.  pytest calls bool() on non-string conditions."""

    def __init__(self, gpu_num):
        self.gpu_num = gpu_num

    def __bool__(self):
        limit = _gpu_limit()
        if 0 <= limit < self.gpu_num:
            return True
        return _device_count() < self.gpu_num

    def __repr__(self):
        return 'fewer than {} devices'.format(self.gpu_num)


def multi_gpu(gpu_num):
    """Declare that a test (function or class) needs ``gpu_num`` devices.

    The test is marked ``multi_gpu`` and skipped when fewer devices exist,
    or when the environment variable ``CUPY_TEST_GPU_LIMIT`` is set to a
    value ``>= 0`` that is smaller than ``gpu_num``.
    """
    pytest = check_available('multi_gpu')

    def decorator(f):
        f = pytest.mark.multi_gpu(f)
        return pytest.mark.skipif(
            _TooFewDevices(gpu_num),
            reason='{} GPUs required'.format(gpu_num))(f)
    return decorator


# -------------------------------------------------- parameterize for pytest

_MISSING = object()
_fixture_ids = itertools.count()


def _as_class_attribute(value):
    # A plain function stored on a class would become a method and receive
    # ``self``; a parameter must read back as the object it was given.
    if isinstance(value, types.FunctionType):
        return staticmethod(value)
    return value


def _shorten(text, limit):
    if len(text) <= limit:
        return text
    half = (limit - 5) // 2
    return text[:half] + ' ... ' + text[-half:]


def param_str(param):
    """``{a=1, b='x'}``: how a parameter set is shown in ids and names."""
    items = ', '.join(
        '{}={}'.format(k, _shorten(repr(v), 100))
        for k, v in sorted(param.items()))
    return '{' + _shorten(items, 5000) + '}'


def param_id(index, param):
    return '_param_{}_{}'.format(index, param_str(param))


def parameterize(*params, _ids=True):
    """``testing.parameterize`` for a plain pytest class.

    Each parameter set becomes one pytest parameter of the class (ids
    ``_param_<i>_{k=v, ...}``).  A class-scoped autouse fixture sets the
    set's values as class attributes before the first test of that set
    runs (so ``setup_method`` and the tests read them as ``self.k``) and
    restores the class afterwards.  Values are not copied.
    """
    pytest = check_available('parameterize')
    params = [dict(p) for p in params]

    def decorator(cls):
        if not isinstance(cls, type):
            raise TypeError(
                'testing.parameterize decorates a test class, not {!r}'
                .format(cls))
        argname = '_cupy_testing_param_{}'.format(next(_fixture_ids))

        # A classmethod: pytest 9 deprecates class-scoped fixtures that
        # are instance methods (PytestRemovedIn10Warning), which CuPy's
        # warning filters turn into errors.
        def set_params(cls, request):
            target = request.cls
            saved = {}
            for key, value in request.param.items():
                saved[key] = target.__dict__.get(key, _MISSING)
                setattr(target, key, _as_class_attribute(value))
            try:
                yield
            finally:
                for key, old in saved.items():
                    if old is _MISSING:
                        delattr(target, key)
                    else:
                        setattr(target, key, old)

        set_params.__name__ = argname
        setattr(cls, argname, pytest.fixture(
            scope='class', autouse=True, name=argname)(
                classmethod(set_params)))
        if _ids:
            ids = [param_id(i, p) for i, p in enumerate(params)]
        else:
            ids = None
        return pytest.mark.parametrize(
            argname, params, indirect=True, ids=ids)(cls)
    return decorator
