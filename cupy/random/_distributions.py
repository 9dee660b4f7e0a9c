"""The module-level distribution functions of ``cupy.random``
(``cupy.random.normal`` ...): each calls the method of the current
device's RandomState (_generator.get_random_state) with its arguments."""

from cupy.random import _generator
from cupy.random._generator_legacy import RandomState


def _method(name):
    def f(*args, **kwargs):
        return getattr(_generator.get_random_state(), name)(*args, **kwargs)
    f.__name__ = f.__qualname__ = name
    f.__doc__ = getattr(RandomState, name).__doc__
    return f


NAMES = (
    'beta', 'binomial', 'chisquare', 'dirichlet', 'exponential', 'f',
    'gamma', 'geometric', 'gumbel', 'hypergeometric', 'laplace', 'logistic',
    'lognormal', 'logseries', 'multinomial', 'multivariate_normal',
    'negative_binomial', 'noncentral_chisquare', 'noncentral_f', 'normal',
    'pareto', 'poisson', 'power', 'rayleigh', 'standard_cauchy',
    'standard_exponential', 'standard_gamma', 'standard_normal',
    'standard_t', 'triangular', 'uniform', 'vonmises', 'wald', 'weibull',
    'zipf')
globals().update((name, _method(name)) for name in NAMES)
