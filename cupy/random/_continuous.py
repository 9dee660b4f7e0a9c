"""The continuous distributions, composed on the device from the core's
uniform and normal draws (cupy/_core/_routines_random.py).

How each is made (the parameters p are scalars or arrays broadcast to the
result; every function takes the generator's core Stream first):
- inverse CDF of a uniform u: exponential, gumbel, laplace, logistic,
  pareto, power, rayleigh, triangular, weibull, geometric (in
  _discrete.py), uniform with array bounds;
- normal draws: lognormal, standard_cauchy (ratio of two normals),
  wald (Michael, Schucany and Haas 1976), multivariate_normal;
- gamma by Marsaglia and Tsang (2000), with rejection in bounded rounds
  on the device (_rejection.py); shape < 1 by the boost
  gamma(a) = gamma(a + 1) * u**(1/a); then beta, chisquare, dirichlet, f,
  standard_t, noncentral_chisquare and noncentral_f from gammas,
  normals and Poisson draws;
- vonmises by Best and Fisher (1979), rejection in bounded rounds.
"""

import math

import numpy

import cupy
from cupy._core import _routines_random as _rr
from cupy.random import _params
from cupy.random._params import as_param, check, full, out_shape
from cupy.random._rejection import rejection


# ----------------------------------------------------------- the bricks --

def random(stream, size, dtype=numpy.float64):
    return _rr.uniform(stream, size, _params.float_dtype(dtype))


def _open_unit(stream, shape, dtype):
    """Uniform in (0, 1]: 1 - u (log is finite)."""
    u = _rr.uniform(stream, shape, dtype)
    return cupy.subtract(1, u, out=u)


def standard_normal(stream, size, dtype=numpy.float64):
    return _rr.normal(stream, size, _params.float_dtype(dtype))


def standard_exponential(stream, size, dtype=numpy.float64):
    dtype = _params.float_dtype(dtype)
    e = cupy.log(_open_unit(stream, _rr._shape(size), dtype))
    return cupy.negative(e, out=e)


def uniform(stream, low, high, size, dtype=numpy.float64):
    dtype = _params.float_dtype(dtype)
    low, high = as_param(low), as_param(high)
    shape = out_shape(size, low, high)
    if not isinstance(low, cupy.ndarray) and not isinstance(
            high, cupy.ndarray):
        span = high - low
        if not math.isfinite(span):
            raise OverflowError('Range exceeds valid bounds')
        if span >= 0:
            return _rr.uniform(stream, shape, dtype, low, high)
    u = _rr.uniform(stream, shape, dtype)
    return (u * (high - low) + low).astype(dtype, copy=False)


def normal(stream, loc, scale, size, dtype=numpy.float64):
    dtype = _params.float_dtype(dtype)
    loc, scale = as_param(loc), as_param(scale)
    check('scale < 0', lambda s: s < 0, scale)
    shape = out_shape(size, loc, scale)
    if isinstance(loc, cupy.ndarray) or isinstance(scale, cupy.ndarray):
        z = _rr.normal(stream, shape, dtype)
        return (z * scale + loc).astype(dtype, copy=False)
    return _rr.normal(stream, shape, dtype, loc, scale)


def _scaled(x, scale, loc, dtype):
    return (x * scale + loc).astype(dtype, copy=False)


def _unary(stream, size, dtype, params, make):
    """make(shape, dtype, *params) after the shape is known."""
    dtype = _params.float_dtype(dtype)
    shape = out_shape(size, *params)
    return make(shape, dtype, *params).astype(dtype, copy=False)


# ------------------------------------------------------- inverse CDFs --

def exponential(stream, scale, size, dtype=numpy.float64):
    scale = as_param(scale)
    check('scale < 0', lambda s: s < 0, scale)
    return _unary(stream, size, dtype, (scale,), lambda shape, dt, s: (
        standard_exponential(stream, shape, dt) * s))


def gumbel(stream, loc, scale, size, dtype=numpy.float64):
    loc, scale = as_param(loc), as_param(scale)
    check('scale < 0', lambda s: s < 0, scale)
    return _unary(stream, size, dtype, (loc, scale), lambda shape, dt, m, s: (
        m - s * cupy.log(standard_exponential(stream, shape, dt))))


def laplace(stream, loc, scale, size, dtype=numpy.float64):
    loc, scale = as_param(loc), as_param(scale)
    check('scale < 0', lambda s: s < 0, scale)

    def make(shape, dt, m, s):
        # a symmetric exponential: sign from a second uniform
        e = standard_exponential(stream, shape, dt)
        u = _rr.uniform(stream, shape, dt)
        return m + s * cupy.where(u < 0.5, -e, e)
    return _unary(stream, size, dtype, (loc, scale), make)


def logistic(stream, loc, scale, size, dtype=numpy.float64):
    loc, scale = as_param(loc), as_param(scale)
    check('scale < 0', lambda s: s < 0, scale)

    def make(shape, dt, m, s):
        u = _open_unit(stream, shape, dt)        # (0, 1]
        return m + s * cupy.log(u / (1 - u))
    return _unary(stream, size, dtype, (loc, scale), make)


def pareto(stream, a, size, dtype=numpy.float64):
    a = as_param(a)
    check('a <= 0', lambda x: x <= 0, a)
    # exp(E / a) - 1 (expm1 has no float64 loop on the device)
    return _unary(stream, size, dtype, (a,), lambda shape, dt, a_: (
        cupy.exp(standard_exponential(stream, shape, dt) / a_) - 1.0))


def power(stream, a, size, dtype=numpy.float64):
    a = as_param(a)
    check('a <= 0', lambda x: x <= 0, a)
    # u**(1/a), u uniform in (0, 1] (the inverse CDF x**a)
    return _unary(stream, size, dtype, (a,), lambda shape, dt, a_: (
        cupy.power(_open_unit(stream, shape, dt), 1.0 / a_)))


def rayleigh(stream, scale, size, dtype=numpy.float64):
    scale = as_param(scale)
    check('scale < 0', lambda s: s < 0, scale)
    return _unary(stream, size, dtype, (scale,), lambda shape, dt, s: (
        s * cupy.sqrt(2.0 * standard_exponential(stream, shape, dt))))


def weibull(stream, a, size, dtype=numpy.float64):
    a = as_param(a)
    check('a < 0', lambda x: x < 0, a)

    def make(shape, dt, a_):
        e = standard_exponential(stream, shape, dt)
        af = full(a_, shape, numpy.float64)
        w = cupy.power(e, 1.0 / cupy.where(af == 0, 1.0, af))
        return cupy.where(af == 0, 0.0, w)     # a == 0 gives 0 (NumPy)
    return _unary(stream, size, dtype, (a,), make)


def triangular(stream, left, mode, right, size, dtype=numpy.float64):
    left, mode, right = as_param(left), as_param(mode), as_param(right)
    shape = out_shape(size, left, mode, right)
    dtype = _params.float_dtype(dtype)
    lf, md, rt = (full(x, shape, numpy.float64) for x in (left, mode, right))
    if bool(cupy.any(lf > md)):
        raise ValueError('left > mode')
    if bool(cupy.any(md > rt)):
        raise ValueError('mode > right')
    if bool(cupy.any(lf == rt)):
        raise ValueError('left == right')
    u = _rr.uniform(stream, shape, numpy.float64)
    base = rt - lf
    lbase = md - lf
    ratio = lbase / base
    lo = lf + cupy.sqrt(u * base * lbase)
    hi = rt - cupy.sqrt((1.0 - u) * base * (rt - md))
    return cupy.where(u <= ratio, lo, hi).astype(dtype)


# ------------------------------------------------------ normal based --

def lognormal(stream, mean, sigma, size, dtype=numpy.float64):
    mean, sigma = as_param(mean), as_param(sigma)
    check('sigma < 0', lambda s: s < 0, sigma)
    return cupy.exp(normal(stream, mean, sigma, size, dtype))


def standard_cauchy(stream, size, dtype=numpy.float64):
    dtype = _params.float_dtype(dtype)
    shape = _rr._shape(size)
    return _rr.normal(stream, shape, dtype) / _rr.normal(stream, shape, dtype)


def wald(stream, mean, scale, size, dtype=numpy.float64):
    mean, scale = as_param(mean), as_param(scale)
    check('mean <= 0', lambda m: m <= 0, mean)
    check('scale <= 0', lambda s: s <= 0, scale)

    def make(shape, dt, mu, lam):
        # Michael, Schucany and Haas (1976)
        y = _rr.normal(stream, shape, numpy.float64)
        y *= y
        mu_y = mu * y
        x = mu + mu / (2 * lam) * (mu_y - cupy.sqrt(
            4 * lam * mu_y + mu_y * mu_y))
        u = _rr.uniform(stream, shape, numpy.float64)
        return cupy.where(u <= mu / (mu + x), x, mu * mu / x)
    return _unary(stream, size, dtype, (mean, scale), make)


def multivariate_normal(stream, mean, cov, size, check_valid, tol, method,
                        dtype=numpy.float64):
    """mean + z @ factor.T with factor @ factor.T == cov.  The k x k
    factor of the (small) parameter cov is computed on the host with
    NumPy (svd, cholesky or eigh, as `method`): a copy of the parameter,
    not of the draws, which stay on the device."""
    dtype = _params.float_dtype(dtype)
    mean_h = numpy.asarray(cupy.asnumpy(mean), dtype=numpy.float64)
    cov_h = numpy.asarray(cupy.asnumpy(cov), dtype=numpy.float64)
    if mean_h.ndim != 1:
        raise ValueError('mean must be 1 dimensional')
    if cov_h.ndim != 2 or cov_h.shape[0] != cov_h.shape[1]:
        raise ValueError('cov must be 2 dimensional and square')
    if mean_h.shape[0] != cov_h.shape[0]:
        raise ValueError('mean and cov must have same length')
    if check_valid not in ('warn', 'raise', 'ignore'):
        raise ValueError("check_valid must equal 'warn', 'raise', or "
                         "'ignore'")
    if method == 'cholesky':
        factor = numpy.linalg.cholesky(cov_h)
    else:
        if method == 'eigh':
            s, v = numpy.linalg.eigh(cov_h)
            s = numpy.maximum(s, 0)
            factor = v * numpy.sqrt(s)
        elif method == 'svd':
            u, s, vh = numpy.linalg.svd(cov_h)
            factor = vh.T * numpy.sqrt(s)
            psd = numpy.allclose(factor @ factor.T, cov_h, rtol=tol, atol=tol)
            if not psd and check_valid != 'ignore':
                msg = 'covariance is not symmetric positive-semidefinite.'
                if check_valid == 'raise':
                    raise ValueError(msg)
                import warnings
                warnings.warn(msg, RuntimeWarning, stacklevel=3)
        else:
            raise ValueError("method must be one of {'eigh', 'svd', "
                             "'cholesky'}")
    k = mean_h.shape[0]
    shape = _rr._shape(size) + (k,)
    z = _rr.normal(stream, shape, dtype)
    f = cupy.asarray(factor.T.astype(dtype))
    # z @ f as a broadcast product and a sum (the device has no float64
    # matmul, ops.md 7; k is small)
    y = cupy.sum(z[..., :, None] * f, axis=-2)
    return y + cupy.asarray(mean_h.astype(dtype))


# ---------------------------------------------------------- gamma family --

def _gamma_ge1(stream, a, shape):
    """gamma(a) for a >= 1 (float64 array of `shape`): Marsaglia and
    Tsang (2000), ACM TOMS 26(3), rejection in rounds."""
    d = a - 1.0 / 3.0
    c = 1.0 / cupy.sqrt(9.0 * d)

    def propose():
        x = _rr.normal(stream, shape, numpy.float64)
        v = 1.0 + c * x
        v = v * v * v
        u = _open_unit(stream, shape, numpy.float64)
        pos = v > 0
        vs = cupy.where(pos, v, 1.0)
        ok = pos & (cupy.log(u) < 0.5 * x * x + d - d * vs +
                    d * cupy.log(vs))
        return d * vs, ok
    return rejection(propose)


def standard_gamma(stream, shape_param, size, dtype=numpy.float64):
    k = as_param(shape_param)
    check('shape < 0', lambda s: s < 0, k)
    dtype = _params.float_dtype(dtype)
    shape = out_shape(size, k)
    return _standard_gamma(stream, k, shape).astype(dtype, copy=False)


def _standard_gamma(stream, k, shape):
    # float64; k >= 0 (scalar or array broadcasting to shape)
    a = full(k, shape, numpy.float64)
    if a.size == 0:
        return cupy.empty(shape, numpy.float64)
    small = a < 1.0
    g = _gamma_ge1(stream, cupy.where(small, a + 1.0, a), shape)
    if isinstance(k, cupy.ndarray) or k < 1.0:
        # the boost for a < 1: gamma(a + 1) * u**(1/a)
        u = _open_unit(stream, shape, numpy.float64)
        boost = cupy.power(u, 1.0 / cupy.where(small, a, 1.0))
        g = cupy.where(small, g * boost, g)
        g = cupy.where(a == 0, 0.0, g)
    return g


def gamma(stream, shape_param, scale, size, dtype=numpy.float64):
    k, scale = as_param(shape_param), as_param(scale)
    check('shape < 0', lambda s: s < 0, k)
    check('scale < 0', lambda s: s < 0, scale)
    dtype = _params.float_dtype(dtype)
    shape = out_shape(size, k, scale)
    return (_standard_gamma(stream, k, shape) * scale).astype(dtype)


def beta(stream, a, b, size, dtype=numpy.float64):
    a, b = as_param(a), as_param(b)
    check('a <= 0', lambda x: x <= 0, a)
    check('b <= 0', lambda x: x <= 0, b)
    dtype = _params.float_dtype(dtype)
    shape = out_shape(size, a, b)
    x = _standard_gamma(stream, a, shape)
    y = _standard_gamma(stream, b, shape)
    return (x / (x + y)).astype(dtype)


def chisquare(stream, df, size, dtype=numpy.float64):
    df = as_param(df)
    check('df <= 0', lambda x: x <= 0, df)
    dtype = _params.float_dtype(dtype)
    shape = out_shape(size, df)
    return _chisq(stream, df, shape).astype(dtype)


def _chisq(stream, df, shape):
    return 2.0 * _standard_gamma(stream, df / 2.0, shape)


def f(stream, dfnum, dfden, size, dtype=numpy.float64):
    dfnum, dfden = as_param(dfnum), as_param(dfden)
    check('dfnum <= 0', lambda x: x <= 0, dfnum)
    check('dfden <= 0', lambda x: x <= 0, dfden)
    dtype = _params.float_dtype(dtype)
    shape = out_shape(size, dfnum, dfden)
    num = _chisq(stream, dfnum, shape) / dfnum
    den = _chisq(stream, dfden, shape) / dfden
    return (num / den).astype(dtype)


def standard_t(stream, df, size, dtype=numpy.float64):
    df = as_param(df)
    check('df <= 0', lambda x: x <= 0, df)
    dtype = _params.float_dtype(dtype)
    shape = out_shape(size, df)
    z = _rr.normal(stream, shape, numpy.float64)
    return (z / cupy.sqrt(_chisq(stream, df, shape) / df)).astype(dtype)


def dirichlet(stream, alpha, size, dtype=numpy.float64):
    dtype = _params.float_dtype(dtype)
    alpha_h = numpy.asarray(cupy.asnumpy(alpha), dtype=numpy.float64)
    if alpha_h.ndim != 1:
        raise ValueError('object too deep for desired array')
    if numpy.any(alpha_h < 0) or numpy.any(numpy.isnan(alpha_h)):
        raise ValueError('alpha < 0')
    shape = _rr._shape(size) + alpha_h.shape
    g = _standard_gamma(stream, cupy.asarray(alpha_h), shape)
    return (g / cupy.sum(g, axis=-1, keepdims=True)).astype(dtype)


def noncentral_chisquare(stream, df, nonc, size, dtype=numpy.float64):
    from cupy.random import _discrete
    df, nonc = as_param(df), as_param(nonc)
    check('df <= 0', lambda x: x <= 0, df)
    check('nonc < 0', lambda x: x < 0, nonc)
    dtype = _params.float_dtype(dtype)
    shape = out_shape(size, df, nonc)
    return _noncentral_chisq(stream, df, nonc, shape, _discrete).astype(dtype)


def _noncentral_chisq(stream, df, nonc, shape, _discrete):
    # chi2(df + 2 * poisson(nonc / 2)): exact for every df > 0
    dff = full(df, shape, numpy.float64)
    j = _discrete._poisson(stream, full(nonc, shape, numpy.float64) / 2.0,
                           shape)
    return _chisq(stream, dff + 2.0 * j, shape)


def noncentral_f(stream, dfnum, dfden, nonc, size, dtype=numpy.float64):
    from cupy.random import _discrete
    dfnum, dfden, nonc = as_param(dfnum), as_param(dfden), as_param(nonc)
    check('dfnum <= 0', lambda x: x <= 0, dfnum)
    check('dfden <= 0', lambda x: x <= 0, dfden)
    check('nonc < 0', lambda x: x < 0, nonc)
    dtype = _params.float_dtype(dtype)
    shape = out_shape(size, dfnum, dfden, nonc)
    t = _noncentral_chisq(stream, dfnum, nonc, shape, _discrete) * dfden
    return (t / (_chisq(stream, dfden, shape) * dfnum)).astype(dtype)


def vonmises(stream, mu, kappa, size, dtype=numpy.float64):
    mu, kappa = as_param(mu), as_param(kappa)
    check('kappa < 0', lambda x: x < 0, kappa)
    dtype = _params.float_dtype(dtype)
    shape = out_shape(size, mu, kappa)
    kap = full(kappa, shape, numpy.float64)
    tiny = kap < 1e-8
    kp = cupy.where(tiny, 1.0, kap)
    # Best and Fisher (1979): s = (1 + rho**2) / (2 rho)
    r = 1.0 + cupy.sqrt(1.0 + 4.0 * kp * kp)
    rho = (r - cupy.sqrt(2.0 * r)) / (2.0 * kp)
    s = (1.0 + rho * rho) / (2.0 * rho)

    def propose():
        u = _rr.uniform(stream, shape, numpy.float64)
        z = cupy.cos(numpy.pi * u)
        w = (1.0 + s * z) / (s + z)
        y = kp * (s - w)
        v = _open_unit(stream, shape, numpy.float64)
        ok = (y * (2.0 - y) - v >= 0) | (cupy.log(y / v) + 1.0 - y >= 0)
        return w, ok
    w = rejection(propose)
    sign = _rr.uniform(stream, shape, numpy.float64) < 0.5
    theta = cupy.arccos(cupy.clip(w, -1.0, 1.0))
    theta = cupy.where(sign, -theta, theta)
    flat = (_rr.uniform(stream, shape, numpy.float64) * 2.0 - 1.0) * numpy.pi
    theta = cupy.where(tiny, flat, theta) + mu
    # wrapped to [-pi, pi)
    theta = cupy.fmod(theta + numpy.pi, 2 * numpy.pi)
    theta = cupy.where(theta < 0, theta + 2 * numpy.pi, theta) - numpy.pi
    return theta.astype(dtype)
