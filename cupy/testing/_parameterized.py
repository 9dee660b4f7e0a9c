"""``parameterize``, ``product`` and ``product_dict``.

On a ``unittest.TestCase`` class, ``parameterize`` generates one class per
parameter set, named ``<Base>_param_<i>_{k=v, ...}``, in the module of the
decorated class, and returns None so that the unparameterised base class
is not collected.  On any other class it uses pytest's parametrisation
(see ``_pytest_impl.parameterize``).
"""

import functools
import inspect
import itertools
import sys
import types
import unittest

from cupy.testing import _pytest_impl


def product(parameter):
    """All combinations of the values of a dict of lists.

    ``product({'a': [1, 2], 'b': [3]})`` is
    ``[{'a': 1, 'b': 3}, {'a': 2, 'b': 3}]``.  The first key varies
    slowest, as in ``itertools.product``.
    """
    keys = list(parameter.keys())
    value_lists = [parameter[k] for k in keys]
    return [dict(zip(keys, values))
            for values in itertools.product(*value_lists)]


def product_dict(*parameters):
    """All combinations of one dict from each list, merged into one dict.

    ``product_dict([{'a': 1}, {'a': 2}], [{'b': 3}])`` is
    ``[{'a': 1, 'b': 3}, {'a': 2, 'b': 3}]``.
    """
    result = []
    for dicts in itertools.product(*parameters):
        merged = {}
        for d in dicts:
            merged.update(d)
        result.append(merged)
    return result


def _note_parameters(method, base, param):
    """Wrap a test method so that a failure says which parameters failed.

    The exception is re-raised unchanged (same object, type and message);
    the parameters are added as a note, which pytest and the traceback
    module print after the message.
    """
    @functools.wraps(method)
    def test_method(self, *args, **kwargs):
        try:
            return method(self, *args, **kwargs)
        except unittest.SkipTest:
            raise
        except Exception as e:
            lines = ['Parameterized test failed.',
                     'Base test method: {}.{}'.format(
                         base.__name__, method.__name__),
                     'Test parameters:']
            lines += ['  {}: {!r}'.format(k, v)
                      for k, v in sorted(param.items())]
            e.add_note('\n'.join(lines))
            raise
    return test_method


def _generate_test_cases(base, params):
    module = sys.modules[base.__module__]
    for i, param in enumerate(params):
        param = dict(param)
        name = '{}{}'.format(base.__name__, _pytest_impl.param_id(i, param))
        members = {k: _pytest_impl._as_class_attribute(v)
                   for k, v in param.items()}
        for attr in dir(base):
            if not attr.startswith('test'):
                continue
            # Only plain methods: a staticmethod or a data attribute named
            # test* must stay what it is.
            if isinstance(inspect.getattr_static(base, attr),
                          types.FunctionType):
                members[attr] = _note_parameters(
                    getattr(base, attr), base, param)

        def __str__(self, _param=param):
            return '{}  parameter: {}'.format(
                unittest.TestCase.__str__(self),
                _pytest_impl.param_str(_param))

        members['__str__'] = __str__
        members['__module__'] = base.__module__
        members['__qualname__'] = name
        members['_cupy_testing_parameters'] = param
        setattr(module, name, type(name, (base,), members))


def parameterize(*params, **kwargs):
    """Class decorator: run every test of the class once per parameter set.

    Each parameter set is a dict; its items become attributes of the test
    (``self.key``).  Works on ``unittest.TestCase`` classes and on plain
    pytest classes.  Combine with :func:`product` or
    :func:`product_dict` for cartesian products.
    """
    def decorator(cls):
        if isinstance(cls, type) and issubclass(cls, unittest.TestCase):
            _generate_test_cases(cls, params)
            # The base class must not be collected without parameters.
            return None
        return _pytest_impl.parameterize(*params, **kwargs)(cls)
    return decorator
