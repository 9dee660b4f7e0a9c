"""The module-level sampling functions of ``cupy.random``: rand, randn,
randint, random_integers, random_sample (and its aliases), choice,
shuffle, permutation and bytes, on the current device's RandomState
(_generator.get_random_state)."""

from cupy.random import _distributions
from cupy.random import _generator


def rand(*size, **kwarg):
    """Floats in [0, 1) of shape `size` (``numpy.random.rand``)."""
    dtype = kwarg.pop('dtype', float)
    if kwarg:
        raise TypeError('rand() got unexpected keyword arguments {}'.format(
            ', '.join(kwarg.keys())))
    return random_sample(size=size, dtype=dtype)


def randn(*size, **kwarg):
    """Standard normal floats of shape `size` (``numpy.random.randn``)."""
    dtype = kwarg.pop('dtype', float)
    if kwarg:
        raise TypeError('randn() got unexpected keyword arguments '
                        '{}'.format(', '.join(kwarg.keys())))
    return _distributions.normal(size=size, dtype=dtype)


def randint(low, high=None, size=None, dtype='l'):
    """Integers in [low, high) (``numpy.random.randint``)."""
    return _generator.get_random_state().randint(low, high, size, dtype)


def random_integers(low, high=None, size=None):
    """Integers in [low, high] (in [1, low] when high is None)."""
    if high is None:
        high = low
        low = 1
    return randint(low, high + 1, size)


def random_sample(size=None, dtype=float):
    """Floats in [0, 1) (``numpy.random.random_sample``)."""
    return _generator.get_random_state().random_sample(size=size,
                                                       dtype=dtype)


random = random_sample
ranf = random_sample
sample = random_sample


def choice(a, size=None, replace=True, p=None):
    """Samples from `a` (``numpy.random.choice``)."""
    return _generator.get_random_state().choice(a, size, replace, p)


def shuffle(a):
    """Shuffle `a` along its first axis, in place."""
    _generator.get_random_state().shuffle(a)


def permutation(num):
    """A permuted range(num), or a permuted copy of an array."""
    return _generator.get_random_state().permutation(num)


def bytes(length):
    """`length` random bytes."""
    return _generator.get_random_state().bytes(length)
