"""Every distribution of RandomState and Generator against scipy.stats:
a Kolmogorov-Smirnov test (continuous) or a chi-square test (discrete) at
a fixed seed, the sample mean, and the same test rejecting a wrong
parameter (so the test can fail).  Run with CUPY_HOST_FALLBACK=error: no
distribution leaves the device."""

import numpy
import pytest
from scipy import stats

import cupy

N = 20000
ALPHA = 1e-3        # accept above, and the wrong parameter must fall below

# name: (args, scipy distribution, wrong scipy distribution)
CONTINUOUS = {
    'random_sample': ((), stats.uniform(), stats.uniform(0, 1.05)),
    'standard_normal': ((), stats.norm(), stats.norm(0.05)),
    'normal': ((1.5, 2.0), stats.norm(1.5, 2.0), stats.norm(1.5, 2.2)),
    'uniform': ((-2.0, 3.0), stats.uniform(-2, 5), stats.uniform(-2, 5.2)),
    'standard_exponential': ((), stats.expon(), stats.expon(scale=1.05)),
    'exponential': ((2.0,), stats.expon(scale=2), stats.expon(scale=2.1)),
    'standard_gamma': ((2.5,), stats.gamma(2.5), stats.gamma(2.6)),
    'gamma_small': ((0.4, 2.0), stats.gamma(0.4, scale=2),
                    stats.gamma(0.43, scale=2)),
    'gamma': ((3.0, 0.5), stats.gamma(3.0, scale=0.5),
              stats.gamma(3.15, scale=0.5)),
    'beta': ((2.0, 5.0), stats.beta(2, 5), stats.beta(2.15, 5)),
    'chisquare': ((3.0,), stats.chi2(3), stats.chi2(3.15)),
    'f': ((5.0, 8.0), stats.f(5, 8), stats.f(6, 8)),
    'standard_t': ((4.0,), stats.t(4), stats.t(2.5)),
    'standard_cauchy': ((), stats.cauchy(), stats.cauchy(scale=1.1)),
    'gumbel': ((0.5, 2.0), stats.gumbel_r(0.5, 2), stats.gumbel_r(0.6, 2)),
    'laplace': ((1.0, 2.0), stats.laplace(1, 2), stats.laplace(1.1, 2)),
    'logistic': ((1.0, 2.0), stats.logistic(1, 2),
                 stats.logistic(1.2, 2)),
    'lognormal': ((0.5, 0.8), stats.lognorm(0.8, scale=numpy.exp(0.5)),
                  stats.lognorm(0.88, scale=numpy.exp(0.5))),
    'pareto': ((3.0,), stats.lomax(3.0), stats.lomax(3.2)),
    'power': ((2.5,), stats.powerlaw(2.5), stats.powerlaw(2.65)),
    'rayleigh': ((2.0,), stats.rayleigh(scale=2), stats.rayleigh(scale=2.1)),
    'triangular': ((-1.0, 0.5, 2.0), stats.triang(0.5, -1, 3),
                   stats.triang(0.6, -1, 3)),
    # (SciPy's vonmises with loc is not wrapped to [-pi, pi): loc 0)
    'vonmises': ((0.0, 2.0), stats.vonmises(2.0), stats.vonmises(2.3)),
    'wald': ((1.5, 3.0), stats.invgauss(0.5, scale=3.0),
             stats.invgauss(0.55, scale=3.0)),
    'weibull': ((1.7,), stats.weibull_min(1.7), stats.weibull_min(1.85)),
    'noncentral_chisquare': ((3.0, 2.0), stats.ncx2(3, 2),
                             stats.ncx2(3, 2.4)),
    'noncentral_f': ((5.0, 8.0, 2.0), stats.ncf(5, 8, 2),
                     stats.ncf(5, 8, 2.8)),
}
# wald(mean, scale) is invgauss(mean / scale, scale=scale) in SciPy

DISCRETE = {
    'binomial': ((20, 0.3), stats.binom(20, 0.3), stats.binom(20, 0.32)),
    'binomial_btrs': ((500, 0.4), stats.binom(500, 0.4),
                      stats.binom(500, 0.41)),
    'binomial_flip': ((30, 0.9), stats.binom(30, 0.9),
                      stats.binom(30, 0.88)),
    'poisson': ((3.5,), stats.poisson(3.5), stats.poisson(3.7)),
    'poisson_ptrs': ((60.0,), stats.poisson(60), stats.poisson(61.5)),
    'geometric': ((0.3,), stats.geom(0.3), stats.geom(0.32)),
    'negative_binomial': ((4, 0.4), stats.nbinom(4, 0.4),
                          stats.nbinom(4, 0.42)),
    'hypergeometric': ((15, 25, 12), stats.hypergeom(40, 15, 12),
                       stats.hypergeom(40, 17, 12)),
    'logseries': ((0.7,), stats.logser(0.7), stats.logser(0.73)),
    'zipf': ((2.5,), stats.zipf(2.5), stats.zipf(2.4)),
}
_ALIASES = {'gamma_small': 'gamma', 'binomial_btrs': 'binomial',
            'binomial_flip': 'binomial', 'poisson_ptrs': 'poisson'}
_LEGACY_ONLY = {'random_sample'}


def _sampler(api, seed):
    if api == 'legacy':
        return cupy.random.RandomState(seed)
    return cupy.random.default_rng(seed)


def _method(rng, api, name):
    name = _ALIASES.get(name, name)
    if api == 'generator' and name == 'random_sample':
        name = 'random'
    return getattr(rng, name)


@pytest.fixture(autouse=True)
def _no_host(monkeypatch):
    monkeypatch.setenv('CUPY_HOST_FALLBACK', 'error')


def _chisquare_p(x, dist):
    """Chi-square p-value of integer sample x against dist, the bins with
    expected counts below 5 merged into the tails."""
    lo, hi = int(dist.ppf(1e-4)), int(dist.ppf(1 - 1e-4))
    ks = numpy.arange(lo, hi + 1)
    expected = dist.pmf(ks) * len(x)
    expected[0] += dist.cdf(lo - 1) * len(x)
    expected[-1] += dist.sf(hi) * len(x)
    observed = numpy.bincount(numpy.clip(x, lo, hi) - lo,
                              minlength=len(ks)).astype(float)
    keep = expected >= 5
    obs = numpy.append(observed[keep], observed[~keep].sum())
    exp = numpy.append(expected[keep], expected[~keep].sum())
    if exp[-1] == 0:
        obs, exp = obs[:-1], exp[:-1]
    exp *= obs.sum() / exp.sum()
    return stats.chisquare(obs, exp).pvalue


@pytest.mark.parametrize('api', ['legacy', 'generator'])
@pytest.mark.parametrize('name', sorted(CONTINUOUS))
def test_continuous(api, name):
    args, dist, wrong = CONTINUOUS[name]
    rng = _sampler(api, 1234)
    x = _method(rng, api, name)(*args, size=N)
    assert isinstance(x, cupy.ndarray) and x.shape == (N,)
    assert x.dtype == numpy.float64
    h = cupy.asnumpy(x)
    assert stats.kstest(h, dist.cdf).pvalue > ALPHA
    assert stats.kstest(h, wrong.cdf).pvalue < ALPHA


@pytest.mark.parametrize('api', ['legacy', 'generator'])
@pytest.mark.parametrize('name', sorted(DISCRETE))
def test_discrete(api, name):
    args, dist, wrong = DISCRETE[name]
    rng = _sampler(api, 4321)
    x = _method(rng, api, name)(*args, size=N)
    assert x.shape == (N,) and x.dtype.kind == 'i'
    h = cupy.asnumpy(x)
    assert _chisquare_p(h, dist) > ALPHA
    assert _chisquare_p(h, wrong) < ALPHA
    if numpy.isfinite(dist.var()):
        se = numpy.sqrt(dist.var() / N)
        assert abs(h.mean() - dist.mean()) < 5 * se


@pytest.mark.parametrize('api', ['legacy', 'generator'])
def test_dirichlet(api):
    alpha = [1.0, 2.0, 3.5]
    x = cupy.asnumpy(_sampler(api, 7).dirichlet(alpha, size=N))
    assert x.shape == (N, 3)
    numpy.testing.assert_allclose(x.sum(axis=1), 1.0, rtol=1e-12)
    # the marginals are beta(a_i, sum - a_i)
    for i, a in enumerate(alpha):
        assert stats.kstest(x[:, i], stats.beta(a, 6.5 - a).cdf).pvalue > ALPHA
    assert stats.kstest(x[:, 0], stats.beta(1.2, 5.5).cdf).pvalue < ALPHA


@pytest.mark.parametrize('api', ['legacy', 'generator'])
def test_multinomial(api):
    p = [0.2, 0.5, 0.3]
    x = cupy.asnumpy(_sampler(api, 8).multinomial(30, p, size=N))
    assert x.shape == (N, 3)
    assert (x.sum(axis=1) == 30).all()
    for i, pi in enumerate(p):
        assert _chisquare_p(x[:, i], stats.binom(30, pi)) > ALPHA
    assert _chisquare_p(x[:, 0], stats.binom(30, 0.22)) < ALPHA


@pytest.mark.parametrize('api', ['legacy', 'generator'])
def test_multivariate_normal(api, monkeypatch):
    mean = [1.0, -2.0]
    cov = [[2.0, 0.8], [0.8, 1.0]]
    x = cupy.asnumpy(_sampler(api, 9).multivariate_normal(mean, cov,
                                                         size=N))
    assert x.shape == (N, 2)
    numpy.testing.assert_allclose(x.mean(axis=0), mean, atol=0.05)
    numpy.testing.assert_allclose(numpy.cov(x.T), cov, atol=0.06)
    # the projection on (1, 1) is normal(-1, 2 + 1 + 1.6)
    s = x.sum(axis=1)
    assert stats.kstest(s, stats.norm(-1, numpy.sqrt(4.6)).cdf).pvalue > ALPHA
    assert stats.kstest(s, stats.norm(-1, 2.0).cdf).pvalue < ALPHA


@pytest.mark.parametrize('dtype', [numpy.float32, numpy.float64])
@pytest.mark.parametrize('name', ['standard_normal', 'random_sample',
                                  'standard_exponential', 'standard_gamma',
                                  'normal', 'uniform'])
def test_legacy_float_dtypes(dtype, name):
    args = {'standard_gamma': (2.5,), 'normal': (1.0, 2.0),
            'uniform': (0.0, 2.0)}.get(name, ())
    x = getattr(cupy.random.RandomState(3), name)(*args, size=N,
                                                  dtype=dtype)
    assert x.dtype == dtype
    dist = CONTINUOUS[name][1] if name not in ('normal', 'uniform') else \
        {'normal': stats.norm(1, 2), 'uniform': stats.uniform(0, 2)}[name]
    assert stats.kstest(cupy.asnumpy(x).astype(float), dist.cdf).pvalue > \
        ALPHA


def test_float32_drawn_in_float32():
    # float32 uniform draws never reach 1 (no float64 rounded to float32)
    # and come from the float32 device loop
    from cupy._core import _dispatch
    assert _dispatch.device_has('random_uniform', numpy.float32)
    x = cupy.random.RandomState(0).random_sample(10 ** 5,
                                                 dtype=numpy.float32)
    h = cupy.asnumpy(x)
    assert h.max() < 1 and h.min() >= 0
    # 24-bit grid
    assert numpy.all(h * 2 ** 24 == numpy.floor(h * 2 ** 24))
