"""``fix_random`` and ``generate_seed``: reproducible random numbers in
tests.

Inside a test decorated with ``fix_random()`` the random states of
Python's ``random``, of ``numpy.random`` and (when the array library has
it) of ``cupy.random`` are seeded with fixed values, and restored
afterwards.  With ``CUPY_TEST_RANDOM_NONDETERMINISTIC=1`` they are seeded
from fresh entropy instead (to look for seed-dependent tests).
"""

import atexit
import functools
import inspect
import os
import random
import types
import unittest

import numpy

# Fixed seeds of the three generators inside fix_random.
_PYTHON_SEED = 99
_NUMPY_SEED = 100
_CUPY_SEED = 101

_nest_count = 0
_saved = None


def _cupy_random():
    """``cupy.random`` when the array library provides seeding, else None.
    """
    try:
        import cupy
        module = cupy.random
    except (ImportError, AttributeError):
        return None
    return module if hasattr(module, 'seed') else None


def _save_cupy_state(module):
    generator = getattr(module, '_generator', None)
    if generator is not None and hasattr(generator, '_random_states'):
        return ('states', dict(generator._random_states))
    if hasattr(module, 'get_random_state'):
        return ('state', module.get_random_state())
    return None


def _restore_cupy_state(module, saved):
    if saved is None:
        return
    kind, value = saved
    if kind == 'states':
        states = module._generator._random_states
        states.clear()
        states.update(value)
    elif kind == 'state' and hasattr(module, 'set_random_state'):
        module.set_random_state(value)


def do_setup(deterministic=True):
    """Save the random states and seed them (see the module docstring)."""
    global _saved
    cupy_random = _cupy_random()
    _saved = (random.getstate(), numpy.random.get_state(), cupy_random,
              _save_cupy_state(cupy_random) if cupy_random else None)
    if cupy_random is not None and hasattr(cupy_random, 'reset_states'):
        cupy_random.reset_states()
    if deterministic:
        random.seed(_PYTHON_SEED)
        numpy.random.seed(_NUMPY_SEED)
        if cupy_random is not None:
            cupy_random.seed(_CUPY_SEED)
    else:
        random.seed()
        numpy.random.seed()
        if cupy_random is not None:
            cupy_random.seed()


def do_teardown():
    """Restore the random states saved by :func:`do_setup`."""
    global _saved
    python_state, numpy_state, cupy_random, cupy_state = _saved
    random.setstate(python_state)
    numpy.random.set_state(numpy_state)
    if cupy_random is not None:
        _restore_cupy_state(cupy_random, cupy_state)
    _saved = None


def _setup_random():
    global _nest_count
    if _nest_count == 0:
        nondeterministic = os.environ.get(
            'CUPY_TEST_RANDOM_NONDETERMINISTIC', '0') not in ('', '0')
        do_setup(not nondeterministic)
    _nest_count += 1


def _teardown_random():
    global _nest_count
    assert _nest_count > 0, '_setup_random has not been called'
    _nest_count -= 1
    if _nest_count == 0:
        do_teardown()


@atexit.register
def _check_teardown():
    assert _nest_count == 0, (
        '_setup_random() and _teardown_random() must be called in pairs.')


def generate_seed():
    """A random seed drawn from the (fixed) NumPy random state; only
    inside a test decorated with :func:`fix_random`."""
    assert _nest_count > 0, 'generate_seed() must be called in fix_random'
    return numpy.random.randint(0x7fffffff)


def _wrap_test(impl):
    @functools.wraps(impl)
    def test_func(*args, **kwargs):
        _setup_random()
        try:
            return impl(*args, **kwargs)
        finally:
            _teardown_random()
    return test_func


def fix_random():
    """Decorator that fixes the random numbers of a test.

    Applies to a test function or method (named ``test*``), to a
    ``unittest.TestCase`` class (seeded in ``setUp``, restored in
    ``tearDown``), or to a plain test class (each ``test*`` method is
    wrapped).  Apply it outside ``repeat``/``retry``: inside them every
    repetition would see the same numbers.
    """
    def decorator(impl):
        if (isinstance(impl, types.FunctionType)
                and impl.__name__.startswith('test')):
            return _wrap_test(impl)
        if isinstance(impl, type) and issubclass(impl, unittest.TestCase):
            klass = impl
            orig_setup = klass.setUp
            orig_teardown = klass.tearDown

            @functools.wraps(orig_setup)
            def setUp(self):
                _setup_random()
                try:
                    orig_setup(self)
                except BaseException:
                    # unittest does not call tearDown when setUp fails.
                    _teardown_random()
                    raise

            @functools.wraps(orig_teardown)
            def tearDown(self):
                try:
                    orig_teardown(self)
                finally:
                    _teardown_random()

            klass.setUp = setUp
            klass.tearDown = tearDown
            return klass
        if isinstance(impl, type):
            for name in dir(impl):
                if not name.startswith('test'):
                    continue
                value = inspect.getattr_static(impl, name)
                if isinstance(value, types.FunctionType):
                    setattr(impl, name, _wrap_test(value))
            return impl
        raise ValueError("Can't apply fix_random to {}".format(impl))
    return decorator
