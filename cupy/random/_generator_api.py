"""NumPy's ``Generator`` API on the device: ``default_rng``,
``Generator``, the bit generators and ``SeedSequence`` seeding.

The bit generator is the device's counter-based generator: a 64-bit key
(from a SeedSequence) and a counter (the core stream's offset) that each
draw advances by exactly what it used.  ``Philox4x3210`` names it as
CuPy does; ``XORWOW`` and ``MRG32k3a`` are accepted for CuPy's API and
draw from the same counter-based generator (documented in TODO.md).
Spawned generators get keys from spawned SeedSequences: independent
streams.
"""

import numpy

import cupy
from cupy._core import _routines_random as _rr
from cupy.random import _discrete as _d
from cupy.random import _continuous as _c
from cupy.random import _generator_legacy as _legacy
from cupy.random import _permutations as _perm
from cupy.random import _seeding

SeedSequence = numpy.random.SeedSequence


class BitGenerator:
    """A counter-based stream of the device, keyed by a SeedSequence."""

    def __init__(self, seed=None):
        if isinstance(seed, numpy.random.SeedSequence):
            ss = seed
        elif isinstance(seed, numpy.random.bit_generator.ISeedSequence):
            ss = seed
        else:
            if seed is not None:
                _seeding.stream_seed(seed)      # NumPy's checks
                if isinstance(seed, cupy.ndarray):
                    seed = cupy.asnumpy(seed)
            ss = numpy.random.SeedSequence(seed)
        self._seed_seq = ss
        self._stream = _rr.Stream(_seeding.from_seed_sequence(ss))

    @property
    def seed_seq(self):
        return self._seed_seq

    @property
    def state(self):
        return {'bit_generator': type(self).__name__,
                'state': {'key': self._stream.seed,
                          'counter': self._stream.offset}}

    @state.setter
    def state(self, value):
        if not isinstance(value, dict) or 'state' not in value:
            raise TypeError('state must be a dict made by .state')
        st = value['state']
        self._stream = _rr.Stream(st['key'], st['counter'])

    def spawn(self, n_children):
        """n_children independent bit generators (SeedSequence.spawn)."""
        return [type(self)(s) for s in self._seed_seq.spawn(n_children)]

    def random_raw(self, size=None, output=True):
        """Raw 64-bit words (uint64)."""
        out = _rr.integers(self._stream, size, numpy.uint64, 0, 1 << 64)
        return out if output else None

    def __repr__(self):
        return '{}({})'.format(type(self).__name__, self._stream)


class Philox4x3210(BitGenerator):
    """The counter-based bit generator of the device."""


class XORWOW(BitGenerator):
    """CuPy's name; draws from the device's counter-based generator."""


class MRG32k3a(BitGenerator):
    """CuPy's name; draws from the device's counter-based generator."""


Philox = Philox4x3210       # NumPy's name


def _out(res, out, dtype):
    if out is None:
        return res
    if not isinstance(out, cupy.ndarray):
        raise TypeError('out must be a cupy.ndarray')
    if out.dtype != dtype:
        raise TypeError('Supplied output array has the wrong type. '
                        'Expected {}, got {}'.format(dtype, out.dtype))
    out[...] = res
    return out


def _float_dtype(dtype):
    # NumPy's Generator draws float32 or float64 (no float16)
    dtype = numpy.dtype(dtype)
    if dtype.char not in 'fd':
        raise TypeError('Unsupported dtype {!r}: float32 or float64'.format(
            dtype.name))
    return dtype


def _size_of(size, out):
    if out is not None:
        if size is not None and tuple(_rr._shape(size)) != out.shape:
            raise ValueError('size must match out.shape when used together')
        return out.shape
    return size


class Generator:
    """NumPy's ``Generator`` (``numpy.random.Generator``) on the device."""

    def __init__(self, bit_generator):
        if not isinstance(bit_generator, BitGenerator):
            raise TypeError('bit_generator must be a cupy.random '
                            'BitGenerator')
        self._bit_generator = bit_generator

    @property
    def bit_generator(self):
        return self._bit_generator

    @bit_generator.setter
    def bit_generator(self, value):
        if not isinstance(value, BitGenerator):
            raise TypeError('bit_generator must be a cupy.random '
                            'BitGenerator')
        self._bit_generator = value

    @property
    def _stream(self):
        return self._bit_generator._stream

    def __repr__(self):
        return 'Generator({})'.format(type(self._bit_generator).__name__)

    def spawn(self, n_children):
        return [Generator(b) for b in self._bit_generator.spawn(n_children)]

    # ---------------------------------------------------------- basics --
    def random(self, size=None, dtype=numpy.float64, out=None):
        dtype = _float_dtype(dtype)
        return _out(_c.random(self._stream, _size_of(size, out), dtype),
                    out, dtype)

    def integers(self, low, high=None, size=None, dtype=numpy.int64,
                 endpoint=False):
        return _legacy._integers(self._stream, low, high, size, dtype,
                                 endpoint)

    def standard_normal(self, size=None, dtype=numpy.float64, out=None):
        dtype = _float_dtype(dtype)
        return _out(_c.standard_normal(self._stream, _size_of(size, out),
                                       dtype), out, dtype)

    def standard_exponential(self, size=None, dtype=numpy.float64,
                             method='zig', out=None):
        if method not in ('zig', 'inv'):
            raise ValueError("method must be 'zig' or 'inv'")
        dtype = _float_dtype(dtype)
        return _out(_c.standard_exponential(self._stream, _size_of(
            size, out), dtype), out, dtype)

    def standard_gamma(self, shape, size=None, dtype=numpy.float64,
                       out=None):
        dtype = _float_dtype(dtype)
        return _out(_c.standard_gamma(self._stream, shape, _size_of(
            size, out), dtype), out, dtype)

    def bytes(self, length):
        return _perm.random_bytes(self._stream, length)

    # ----------------------------------------------------- continuous --
    def uniform(self, low=0.0, high=1.0, size=None):
        return _c.uniform(self._stream, low, high, size)

    def normal(self, loc=0.0, scale=1.0, size=None):
        return _c.normal(self._stream, loc, scale, size)

    def exponential(self, scale=1.0, size=None):
        return _c.exponential(self._stream, scale, size)

    def gamma(self, shape, scale=1.0, size=None):
        return _c.gamma(self._stream, shape, scale, size)

    def beta(self, a, b, size=None):
        return _c.beta(self._stream, a, b, size)

    def chisquare(self, df, size=None):
        return _c.chisquare(self._stream, df, size)

    def noncentral_chisquare(self, df, nonc, size=None):
        return _c.noncentral_chisquare(self._stream, df, nonc, size)

    def f(self, dfnum, dfden, size=None):
        return _c.f(self._stream, dfnum, dfden, size)

    def noncentral_f(self, dfnum, dfden, nonc, size=None):
        return _c.noncentral_f(self._stream, dfnum, dfden, nonc, size)

    def standard_t(self, df, size=None):
        return _c.standard_t(self._stream, df, size)

    def standard_cauchy(self, size=None):
        return _c.standard_cauchy(self._stream, size)

    def dirichlet(self, alpha, size=None):
        return _c.dirichlet(self._stream, alpha, size)

    def gumbel(self, loc=0.0, scale=1.0, size=None):
        return _c.gumbel(self._stream, loc, scale, size)

    def laplace(self, loc=0.0, scale=1.0, size=None):
        return _c.laplace(self._stream, loc, scale, size)

    def logistic(self, loc=0.0, scale=1.0, size=None):
        return _c.logistic(self._stream, loc, scale, size)

    def lognormal(self, mean=0.0, sigma=1.0, size=None):
        return _c.lognormal(self._stream, mean, sigma, size)

    def multivariate_normal(self, mean, cov, size=None, check_valid='warn',
                            tol=1e-8, *, method='svd'):
        return _c.multivariate_normal(self._stream, mean, cov, size,
                                      check_valid, tol, method)

    def pareto(self, a, size=None):
        return _c.pareto(self._stream, a, size)

    def power(self, a, size=None):
        return _c.power(self._stream, a, size)

    def rayleigh(self, scale=1.0, size=None):
        return _c.rayleigh(self._stream, scale, size)

    def triangular(self, left, mode, right, size=None):
        return _c.triangular(self._stream, left, mode, right, size)

    def vonmises(self, mu, kappa, size=None):
        return _c.vonmises(self._stream, mu, kappa, size)

    def wald(self, mean, scale, size=None):
        return _c.wald(self._stream, mean, scale, size)

    def weibull(self, a, size=None):
        return _c.weibull(self._stream, a, size)

    # ------------------------------------------------------- discrete --
    def binomial(self, n, p, size=None):
        return _d.binomial(self._stream, n, p, size)

    def negative_binomial(self, n, p, size=None):
        return _d.negative_binomial(self._stream, n, p, size)

    def poisson(self, lam=1.0, size=None):
        return _d.poisson(self._stream, lam, size)

    def geometric(self, p, size=None):
        return _d.geometric(self._stream, p, size)

    def hypergeometric(self, ngood, nbad, nsample, size=None):
        return _d.hypergeometric(self._stream, ngood, nbad, nsample, size)

    def logseries(self, p, size=None):
        return _d.logseries(self._stream, p, size)

    def zipf(self, a, size=None):
        return _d.zipf(self._stream, a, size)

    def multinomial(self, n, pvals, size=None):
        return _d.multinomial(self._stream, n, pvals, size)

    def multivariate_hypergeometric(self, colors, nsample, size=None,
                                    method='marginals'):
        return _d.multivariate_hypergeometric(self._stream, colors, nsample,
                                              size, method)

    # --------------------------------------------------- permutations --
    def choice(self, a, size=None, replace=True, p=None, axis=0,
               shuffle=True):
        return _perm.choice(self._stream, a, size, replace, p, axis)

    def shuffle(self, x, axis=0):
        _perm.shuffle(self._stream, x, axis)

    def permutation(self, x, axis=0):
        return _perm.permutation(self._stream, x, axis)

    def permuted(self, x, *, axis=None, out=None):
        return _perm.permuted(self._stream, x, axis, out)


def default_rng(seed=None):
    """A Generator on the device's counter-based bit generator
    (``numpy.random.default_rng``)."""
    if isinstance(seed, Generator):
        return seed
    if isinstance(seed, BitGenerator):
        return Generator(seed)
    return Generator(Philox4x3210(seed))
