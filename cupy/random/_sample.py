"""The module-level functions of ``cupy.random``: the methods of the
current device's global RandomState (``get_random_state``), seeded from
``CUPY_SEED`` when set, else from OS entropy."""

import os
import threading

from cupy import xpu
from cupy.random._generator_legacy import RandomState

_lock = threading.Lock()
_states = {}        # device id -> RandomState


def get_random_state():
    """The RandomState of the current device."""
    dev = xpu.Device().id
    rs = _states.get(dev)
    if rs is None:
        with _lock:
            rs = _states.get(dev)
            if rs is None:
                rs = _states[dev] = RandomState(
                    os.environ.get('CUPY_SEED') and
                    int(os.environ['CUPY_SEED']))
    return rs


def set_random_state(rs):
    """Make `rs` the RandomState of the current device."""
    if not isinstance(rs, RandomState):
        raise TypeError('set_random_state takes a cupy.random.RandomState, '
                        'not {}'.format(type(rs).__name__))
    _states[xpu.Device().id] = rs


def seed(seed=None):
    """Reseed the current device's RandomState."""
    get_random_state().seed(seed)


def reset_states():
    """Forget every device's RandomState."""
    with _lock:
        _states.clear()


def _method(name):
    def f(*args, **kwargs):
        return getattr(get_random_state(), name)(*args, **kwargs)
    f.__name__ = f.__qualname__ = name
    f.__doc__ = getattr(RandomState, name).__doc__
    return f


_NAMES = (
    'rand', 'randn', 'randint', 'random_integers', 'random_sample',
    'uniform', 'normal', 'standard_normal', 'standard_exponential',
    'exponential', 'standard_gamma', 'gamma', 'beta', 'chisquare',
    'noncentral_chisquare', 'f', 'noncentral_f', 'standard_t',
    'standard_cauchy', 'dirichlet', 'gumbel', 'laplace', 'logistic',
    'lognormal', 'multivariate_normal', 'pareto', 'power', 'rayleigh',
    'triangular', 'vonmises', 'wald', 'weibull', 'binomial',
    'negative_binomial', 'poisson', 'geometric', 'hypergeometric',
    'logseries', 'zipf', 'multinomial', 'choice', 'shuffle', 'permutation',
    'bytes')
FUNCTIONS = {name: _method(name) for name in _NAMES}
for _alias in ('random', 'ranf', 'sample'):
    FUNCTIONS[_alias] = _method('random_sample')
    FUNCTIONS[_alias].__name__ = _alias
