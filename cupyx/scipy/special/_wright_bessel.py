"""wright_bessel(a, b, x): Wright's generalised Bessel function
Phi(a, b; x) = sum_k x^k / (k! Gamma(a k + b)) (DLMF 10.46.1) on SciPy's
domain a, b, x >= 0.

SciPy's regimes (xsf's wright_bessel.h, C. Lorentzen), each on the
elements that take it (``_rounds.on_subset``):
- x == 0: 1/Gamma(b); a == 0: e^x / Gamma(b).
- tiny a (SciPy's thresholds on a, b and x): the Taylor expansion in a,
  Phi = e^x/Gamma(b) sum_n (a^n/n!) T_n(x) D_n(b), to SciPy's order 2..5,
  where T_n are Touchard's polynomials (sum_k k^n x^k/k! = e^x T_n(x)) and
  D_n(b) = Gamma(b) (d/db)^n 1/Gamma(b) is a polynomial in digamma(b) and
  the polygammas (Hurwitz zeta); for b <= 1e-3 the expansion of 1/Gamma
  at 0 in both a k and b instead (its poles cancel there).
- x <= 2: the series itself, 18 terms (x <= 1) or 20, as SciPy.
- otherwise the series summed in logarithms on a window of terms around
  its largest one: every term is positive, so nothing cancels and the
  window (nine standard deviations of the terms' bell each side) loses
  nothing above 1e-17 of the sum.  SciPy sums such a window for a >= 5;
  for smaller a it uses Wright's asymptotic expansion (to 1/Z^8) or
  Luchko's integral representation (Gauss-Laguerre/Legendre, 50 nodes),
  both documented there to 1e-11 .. 1e-8 relative: where those lose
  digits this is the more accurate (the test's bound says how far the
  two are).  SciPy's NaN region (0.5 <= a <= 1.8, b >= 100, x >= 1e5
  outside the asymptotic one) is kept NaN.
The window is a 2-d grid (elements x terms) evaluated by whole-array
steps: two gammaln calls and one row sum.
"""

import math

import numpy
import scipy.special as _sc

import cupy
from cupyx.scipy.special import _rounds
from cupyx.scipy.special._gamma import digamma, gammaln, rgamma
from cupyx.scipy.special._ufuncs import define
from cupyx.scipy.special._zeta import hurwitz

# xsf's rgamma_zero: 1/Gamma(y) is 0 in float64 beyond it; SciPy returns
# NaN for a or b at or above it
_RGAMMA_ZERO = 178.47241115886637
_EXP_INF = 709.78271289338403      # log(DBL_MAX)
_SIGMAS = 9.0                      # exp(-9^2/2) ~ 2.6e-18 of the top term
_MAX_WINDOW = 4096


def _inv_gamma_taylor():
    """The Taylor coefficients c_j of 1/Gamma(z) at 0 (j = 0..5):
    1/Gamma(z) = z exp(gamma z - sum_k>=2 (-1)^k zeta(k) z^k / k)."""
    g = 0.57721566490153286061     # Euler's constant
    log_series = [0.0, g] + [-(-1.0) ** k * float(_sc.zeta(k)) / k
                             for k in range(2, 6)]
    # exp of a power series, term by term (J. C. P. Miller's recurrence)
    e = [1.0] + [0.0] * 5
    for n in range(1, 6):
        e[n] = sum(k * log_series[k] * e[n - k] for k in range(1, n + 1)) / n
    return [0.0] + e[:5]


_C = _inv_gamma_taylor()
# (j + 1)! c_(j+1): the coefficients SciPy names C[0..4]
_CB = [math.factorial(j + 1) * _C[j + 1] for j in range(5)]


def _touchard(x):
    """T_1..T_5 at x (sum_k k^n x^k / k! = e^x T_n(x))."""
    return (x, x * (x + 1.0), x * (x * (x + 3.0) + 1.0),
            x * (x * (x * (x + 6.0) + 7.0) + 1.0),
            x * (x * (x * (x * (x + 10.0) + 25.0) + 15.0) + 1.0))


def _exp_rgamma(x, b):
    """e^x / Gamma(b) for b >= 0, without overflow of either factor."""
    plain = cupy.exp(cupy.minimum(x, _EXP_INF)) * rgamma(b)
    # in logarithms only where a factor or the product leaves the normal
    # range (x - gammaln(b) carries |gammaln(b)| eps of error)
    safe = cupy.exp(x - gammaln(cupy.where(b > 0, b, 1.0)))
    use_log = (x >= _EXP_INF) | (b > 171.0) | (cupy.absolute(plain) <
                                                 2.3e-308)
    return cupy.where(use_log & (b > 0), safe, plain)


def _order(a, x):
    """SciPy's order of the expansion in a (2..5) by a and x."""
    def pick(t1, t2, t3):
        return cupy.where(x <= t1, 2.0, cupy.where(
            x <= t2, 3.0, cupy.where(x <= t3, 4.0, 5.0)))
    return cupy.where(a <= 1e-5, pick(1.0, 10.0, 100.0), cupy.where(
        a <= 1e-4, pick(1e-2, 1.0, 10.0), pick(1e-5, 1e-1, 1.0)))


def _small_a(a, b, x):
    """The expansion in a = 0 (SciPy's branch 3)."""
    order = _order(a, x)
    out = cupy.empty_like(x)

    def small_b(a, b, x):
        # 1/Gamma(b + a k) to total degree 5 in (b, a k)
        tt = _touchard(x)
        s = rgamma(b)
        an = cupy.ones_like(a)
        for n in range(1, 6):
            an = an * a / n
            bi = cupy.ones_like(b)
            poly = _CB[n - 1] * bi
            for i in range(1, 6 - n):
                bi = bi * b / i
                poly = poly + _CB[n - 1 + i] * bi
            s = s + an * tt[n - 1] * poly
        return cupy.exp(x) * s

    def general(a, b, x, order):
        tt = _touchard(x)
        dg = digamma(b)
        p1 = hurwitz(2.0, b)
        p2 = -2.0 * hurwitz(3.0, b)
        p3 = 6.0 * hurwitz(4.0, b)
        p4 = -24.0 * hurwitz(5.0, b)
        # D_n = Gamma(b) (d/db)^n 1/Gamma(b): D_(n+1) = D_n' - psi D_n
        d = (-dg, dg * dg - p1,
             (-dg * dg + 3.0 * p1) * dg - p2,
             ((dg * dg - 6.0 * p1) * dg + 4.0 * p2) * dg + 3.0 * p1 * p1
             - p3,
             (((-dg * dg + 10.0 * p1) * dg - 10.0 * p2) * dg
              - 15.0 * p1 * p1 + 5.0 * p3) * dg + 10.0 * p1 * p2 - p4)
        s = cupy.ones_like(x)
        an = cupy.ones_like(a)
        for n in range(1, 6):
            an = an * a / n
            s = s + cupy.where(order >= n, an * tt[n - 1] * d[n - 1], 0.0)
        return s * _exp_rgamma(x, b)
    tiny_b = b <= 1e-3
    _rounds.on_subset(cupy, tiny_b, small_b, (a, b, x), (out,))
    _rounds.on_subset(cupy, ~tiny_b, general, (a, b, x, order), (out,))
    return out


def _series(a, b, x, nterms):
    """sum_k<nterms x^k/k! / Gamma(a k + b) (SciPy's branch 1)."""
    k = cupy.arange(nterms, dtype=numpy.float64)
    ak = a[:, None] * k + b[:, None]
    # x^k / k! (k! exact in float64 up to 20!), 1/Gamma by rgamma (its
    # zeros at the poles)
    fact = cupy.asarray([float(math.factorial(i)) for i in range(nterms)])
    terms = cupy.power(x[:, None], k) / fact * rgamma(ak)
    # SciPy stops where a k + b passes rgamma_zero
    terms = cupy.where(ak <= _RGAMMA_ZERO, terms, 0.0)
    return terms.sum(axis=1)


def _window(a, b, x):
    """The series on a window of terms around its largest, in
    logarithms."""
    lx = cupy.log(x)
    # the largest term: log x = psi(k + 1) + a psi(a k + b) ~ log(k + 1)
    # + a log(a k + b + 1/2); Newton from Wright's k ~ (x a^-a)^(1/(1+a))
    k = cupy.exp((lx - a * cupy.log(a)) / (1.0 + a))
    for _ in range(6):
        k = cupy.maximum(k, 0.0)
        f = cupy.log(k + 1.0) + a * cupy.log(a * k + b + 0.5) - lx
        df = 1.0 / (k + 1.0) + a * a / (a * k + b + 0.5)
        k = k - f / df
    k = cupy.maximum(k, 0.0)
    kc = cupy.floor(k)
    # the terms' bell: log t_k'' ~ -(1/(k+1) + a^2/(a k + b))
    sig = 1.0 / cupy.sqrt(1.0 / (k + 1.0) + a * a / (a * k + b + 0.5))
    half = cupy.ceil(_SIGMAS * sig) + 8.0
    top = kc * lx - gammaln(kc + 1.0) - gammaln(a * kc + b)
    # a top term beyond the range: the sum overflows (needs no window)
    huge = top > _EXP_INF + 1.0
    half = cupy.where(huge, 0.0, half)
    width = int(min(float(half.max()) * 2.0 + 1.0, _MAX_WINDOW))
    start = cupy.maximum(kc - half, 0.0)
    j = cupy.arange(width, dtype=numpy.float64)
    kk = start[:, None] + j
    logt = kk * lx[:, None] - gammaln(kk + 1.0) - \
        gammaln(a[:, None] * kk + b[:, None])
    top = logt.max(axis=1)
    s = cupy.exp(logt - top[:, None]).sum(axis=1)
    res = cupy.exp(cupy.minimum(top, 800.0)) * s
    # results in the subnormal range: the sum in logarithms first
    low = top < -700.0
    return cupy.where(low, cupy.exp(top + cupy.log(s)), res)


def wright_bessel(a, b, x):
    (a, b, x), shape = _rounds.flat(cupy, a, b, x)
    out = _rounds.full(cupy, a.size, numpy.nan)
    nan = cupy.isnan(a) | cupy.isnan(b) | cupy.isnan(x) | \
        (a < 0) | (b < 0) | (x < 0)
    ainf = cupy.isinf(a) | cupy.isinf(b)
    big = (a >= _RGAMMA_ZERO) | (b >= _RGAMMA_ZERO)
    rest = ~nan & ~ainf & ~big & ~cupy.isinf(x)
    zero_x = rest & (x == 0)
    out = cupy.where(zero_x, rgamma(b), out)
    zero_a = rest & (x > 0) & (a == 0)
    _rounds.on_subset(cupy, zero_a, _exp_rgamma, (x, b), (out,))
    rest = rest & (x > 0) & (a > 0)
    small = rest & (
        ((a <= 1e-3) & (b <= 50) & (x <= 9)) |
        ((a <= 1e-4) & (b <= 70) & (x <= 100)) |
        ((a <= 1e-5) & (b <= 170) & (x < _EXP_INF)))
    _rounds.on_subset(cupy, small, _small_a, (a, b, x), (out,))
    rest = rest & ~small
    _rounds.on_subset(cupy, rest & (x <= 1),
                      lambda a, b, x: _series(a, b, x, 18), (a, b, x),
                      (out,))
    _rounds.on_subset(cupy, rest & (x > 1) & (x <= 2),
                      lambda a, b, x: _series(a, b, x, 20), (a, b, x),
                      (out,))
    rest = rest & (x > 2)
    # SciPy's NaN domain: below a = 5, not asymptotic, 0.5 <= a <= 1.8,
    # b >= 100, x >= 1e5
    z = cupy.power(a * x, 1.0 / (1.0 + a))
    asym = z >= 14.0 + b * b / (2.0 * (1.0 + a))
    hard = rest & (a < 5) & ~asym & (a >= 0.5) & (a <= 1.8) & \
        (b >= 100) & (x >= 1e5)
    _rounds.on_subset(cupy, rest & ~hard, _window, (a, b, x), (out,))
    out = cupy.where(~nan & ~ainf & ~big & cupy.isinf(x), numpy.inf, out)
    return out.reshape(shape)


wright_bessel_ = define(_sc.wright_bessel, wright_bessel)
