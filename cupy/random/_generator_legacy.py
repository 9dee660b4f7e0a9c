"""``cupy.random.RandomState``: NumPy's legacy generator API on the
device.  The numbers differ from NumPy's for the same seed (as CuPy's
do): the same seed gives the same numbers on the same backend and build.
Every method is a thin signature over cupy/random/_continuous.py,
_discrete.py and _permutations.py, drawing from one core stream."""

import functools
import inspect
import operator
import warnings

import numpy

from cupy._core import _routines_random as _rr
from cupy.random import _discrete as _d
from cupy.random import _continuous as _c
from cupy.random import _permutations as _perm
from cupy.random import _seeding
from cupy.random._params import as_param, out_shape
from cupy.random._rejection import rejection

_I8 = numpy.dtype(numpy.int64)


def _int_bounds(low, high, dtype, endpoint=False):
    """NumPy's checks of integer bounds; (low, high) with high exclusive
    (scalars as Python ints, arrays as int64 device arrays)."""
    dtype = numpy.dtype(dtype)
    if dtype.kind not in 'biu':
        raise TypeError('Unsupported dtype {!r} for randint'.format(
            dtype.name))
    info = (numpy.iinfo(numpy.uint8 if dtype.kind == 'b' else dtype))
    lo_lim, hi_lim = (0, 1) if dtype.kind == 'b' else (info.min, info.max)
    if high is None:
        low, high = 0, low
    lo, hi = as_param(low, _I8), as_param(high, _I8)
    scalars = not hasattr(lo, 'shape') and not hasattr(hi, 'shape')
    if scalars:
        if endpoint:
            hi += 1
        if lo < lo_lim:
            raise ValueError('low is out of bounds for {}'.format(dtype.name))
        if hi - 1 > hi_lim:
            raise ValueError('high is out of bounds for {}'.format(
                dtype.name))
        if lo >= hi:
            raise ValueError('low >= high' if not endpoint else 'low > high')
    return lo, hi, scalars


def _integers(stream, low, high, size, dtype, endpoint=False):
    import cupy
    dtype = numpy.dtype(dtype)
    lo, hi, scalars = _int_bounds(low, high, dtype, endpoint)
    if scalars:
        shape = _rr._shape(size)
        span = hi - lo
        if span > _WIDE_SPAN and span & (span - 1):
            return _integers_rejection(stream, shape, dtype, lo, span)
        return _rr.integers(stream, shape, dtype, lo, hi)
    if endpoint:
        hi = hi + 1
    shape = out_shape(size, lo, hi)
    span = hi - lo
    if bool(cupy.any(cupy.asarray(span) <= 0)):
        raise ValueError('low >= high' if not endpoint else 'low > high')
    # array bounds: low + r mod span for r uniform in [0, 2**62) (the
    # modulo's bias is below span / 2**62)
    r = _rr.integers(stream, shape, _I8, 0, 1 << 62)
    return (lo + r % span).astype(dtype)


def _any_dtype(method):
    """A distribution method that also takes an integer dtype (as CuPy's):
    drawn in float64, then cast."""
    sig = inspect.signature(method)

    @functools.wraps(method)
    def wrapper(*args, **kwargs):
        bound = sig.bind(*args, **kwargs)
        bound.apply_defaults()
        dtype = numpy.dtype(bound.arguments['dtype'])
        if dtype.kind not in 'biu':
            return method(*bound.args, **bound.kwargs)
        bound.arguments['dtype'] = numpy.float64
        return method(*bound.args, **bound.kwargs).astype(dtype)
    return wrapper


# Above this span a 64-bit word mod span is visibly biased (the device's
# InplaceRandom takes word mod (to - from), like torch's random_): draw
# k-bit numbers (exact, a power of two) and reject those >= span.
_WIDE_SPAN = 1 << 32
_U64 = numpy.dtype(numpy.uint64)


def _integers_rejection(stream, shape, dtype, lo, span):
    k = (span - 1).bit_length()

    def propose():
        r = _rr.integers(stream, shape, _U64, 0, 1 << k)
        return r, r < _U64.type(span)
    r = rejection(propose)
    r += _U64.type(lo & ((1 << 64) - 1))       # wraps as int64 addition
    return (r if dtype == _U64 else r.view(_I8)).astype(dtype, copy=False)


class RandomState:
    """A generator of random numbers on the device, with NumPy's
    ``RandomState`` methods (``numpy.random.RandomState``).

    Args:
        seed (None or int or array of ints): the seed; None draws one
            from the operating system.
    """

    def __init__(self, seed=None):
        self._stream = _rr.Stream(_seeding.stream_seed(seed))

    def seed(self, seed=None):
        """Restart the stream from `seed`."""
        self._stream = _rr.Stream(_seeding.stream_seed(seed))

    def __repr__(self):
        return 'RandomState({!r})'.format(self._stream)

    # ------------------------------------------------------- uniform --
    def random_sample(self, size=None, dtype=float):
        """Floats in [0, 1)."""
        return _c.random(self._stream, size, dtype)

    random = random_sample
    ranf = random_sample
    sample = random_sample

    def rand(self, *size, **kwargs):
        """Floats in [0, 1) of shape `size`."""
        dtype = kwargs.pop('dtype', float)
        if kwargs:
            raise TypeError('rand() got unexpected keyword arguments '
                            '{}'.format(', '.join(kwargs)))
        return _c.random(self._stream, size, dtype)

    def randn(self, *size, **kwargs):
        """Standard normal floats of shape `size`."""
        dtype = kwargs.pop('dtype', float)
        if kwargs:
            raise TypeError('randn() got unexpected keyword arguments '
                            '{}'.format(', '.join(kwargs)))
        return _c.standard_normal(self._stream, size, dtype)

    def randint(self, low, high=None, size=None, dtype='l'):
        """Integers in [low, high) (in [0, low) when high is None)."""
        return _integers(self._stream, low, high, size, dtype)

    def random_integers(self, low, high=None, size=None):
        """Integers in [low, high] (in [1, low] when high is None);
        deprecated in NumPy for randint."""
        warnings.warn('This function is deprecated. Please call '
                      'randint({}, {} + 1) instead'.format(
                          1 if high is None else low,
                          low if high is None else high),
                      DeprecationWarning, stacklevel=2)
        if high is None:
            low, high = 1, low
        return _integers(self._stream, low, high, size, _I8, endpoint=True)

    def uniform(self, low=0.0, high=1.0, size=None, dtype=float):
        return _c.uniform(self._stream, low, high, size, dtype)

    def tomaxint(self, size=None):
        return _integers(self._stream, 0, numpy.iinfo(_I8).max, size, _I8)

    # ----------------------------------------------------- continuous --
    def normal(self, loc=0.0, scale=1.0, size=None, dtype=float):
        return _c.normal(self._stream, loc, scale, size, dtype)

    def standard_normal(self, size=None, dtype=float):
        return _c.standard_normal(self._stream, size, dtype)

    @_any_dtype
    def standard_exponential(self, size=None, dtype=float):
        return _c.standard_exponential(self._stream, size, dtype)

    @_any_dtype
    def exponential(self, scale=1.0, size=None, dtype=float):
        return _c.exponential(self._stream, scale, size, dtype)

    @_any_dtype
    def standard_gamma(self, shape, size=None, dtype=float):
        return _c.standard_gamma(self._stream, shape, size, dtype)

    @_any_dtype
    def gamma(self, shape, scale=1.0, size=None, dtype=float):
        return _c.gamma(self._stream, shape, scale, size, dtype)

    @_any_dtype
    def beta(self, a, b, size=None, dtype=float):
        return _c.beta(self._stream, a, b, size, dtype)

    @_any_dtype
    def chisquare(self, df, size=None, dtype=float):
        return _c.chisquare(self._stream, df, size, dtype)

    @_any_dtype
    def noncentral_chisquare(self, df, nonc, size=None, dtype=float):
        return _c.noncentral_chisquare(self._stream, df, nonc, size, dtype)

    @_any_dtype
    def f(self, dfnum, dfden, size=None, dtype=float):
        return _c.f(self._stream, dfnum, dfden, size, dtype)

    @_any_dtype
    def noncentral_f(self, dfnum, dfden, nonc, size=None, dtype=float):
        return _c.noncentral_f(self._stream, dfnum, dfden, nonc, size, dtype)

    @_any_dtype
    def standard_t(self, df, size=None, dtype=float):
        return _c.standard_t(self._stream, df, size, dtype)

    @_any_dtype
    def standard_cauchy(self, size=None, dtype=float):
        return _c.standard_cauchy(self._stream, size, dtype)

    @_any_dtype
    def dirichlet(self, alpha, size=None, dtype=float):
        return _c.dirichlet(self._stream, alpha, size, dtype)

    @_any_dtype
    def gumbel(self, loc=0.0, scale=1.0, size=None, dtype=float):
        return _c.gumbel(self._stream, loc, scale, size, dtype)

    @_any_dtype
    def laplace(self, loc=0.0, scale=1.0, size=None, dtype=float):
        return _c.laplace(self._stream, loc, scale, size, dtype)

    @_any_dtype
    def logistic(self, loc=0.0, scale=1.0, size=None, dtype=float):
        return _c.logistic(self._stream, loc, scale, size, dtype)

    @_any_dtype
    def lognormal(self, mean=0.0, sigma=1.0, size=None, dtype=float):
        return _c.lognormal(self._stream, mean, sigma, size, dtype)

    def multivariate_normal(self, mean, cov, size=None, check_valid='ignore',
                            tol=1e-08, method='cholesky', dtype=float):
        return _c.multivariate_normal(self._stream, mean, cov, size,
                                      check_valid, tol, method, dtype)

    @_any_dtype
    def pareto(self, a, size=None, dtype=float):
        return _c.pareto(self._stream, a, size, dtype)

    @_any_dtype
    def power(self, a, size=None, dtype=float):
        return _c.power(self._stream, a, size, dtype)

    @_any_dtype
    def rayleigh(self, scale=1.0, size=None, dtype=float):
        return _c.rayleigh(self._stream, scale, size, dtype)

    @_any_dtype
    def triangular(self, left, mode, right, size=None, dtype=float):
        return _c.triangular(self._stream, left, mode, right, size, dtype)

    @_any_dtype
    def vonmises(self, mu, kappa, size=None, dtype=float):
        return _c.vonmises(self._stream, mu, kappa, size, dtype)

    @_any_dtype
    def wald(self, mean, scale, size=None, dtype=float):
        return _c.wald(self._stream, mean, scale, size, dtype)

    @_any_dtype
    def weibull(self, a, size=None, dtype=float):
        return _c.weibull(self._stream, a, size, dtype)

    # ------------------------------------------------------- discrete --
    def binomial(self, n, p, size=None, dtype=int):
        return _d.binomial(self._stream, n, p, size).astype(dtype, copy=False)

    def negative_binomial(self, n, p, size=None, dtype=int):
        return _d.negative_binomial(self._stream, n, p, size).astype(
            dtype, copy=False)

    def poisson(self, lam=1.0, size=None, dtype=int):
        return _d.poisson(self._stream, lam, size).astype(dtype, copy=False)

    def geometric(self, p, size=None, dtype=int):
        return _d.geometric(self._stream, p, size).astype(dtype, copy=False)

    def hypergeometric(self, ngood, nbad, nsample, size=None, dtype=int):
        return _d.hypergeometric(self._stream, ngood, nbad, nsample,
                                 size).astype(dtype, copy=False)

    def logseries(self, p, size=None, dtype=int):
        return _d.logseries(self._stream, p, size).astype(dtype, copy=False)

    def zipf(self, a, size=None, dtype=int):
        return _d.zipf(self._stream, a, size).astype(dtype, copy=False)

    def multinomial(self, n, pvals, size=None):
        return _d.multinomial(self._stream, n, pvals, size)

    # --------------------------------------------------- permutations --
    def choice(self, a, size=None, replace=True, p=None):
        return _perm.choice(self._stream, a, size, replace, p)

    def shuffle(self, a):
        _perm.shuffle(self._stream, a)

    def permutation(self, num):
        return _perm.permutation(self._stream, num)

    def bytes(self, length):
        return _perm.random_bytes(self._stream, operator.index(length))
