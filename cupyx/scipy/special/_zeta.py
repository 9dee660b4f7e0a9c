"""The Hurwitz and Riemann zeta functions: zeta(x, q), zeta(x), zetac,
and through them polygamma(n >= 1, x).

Cephes' zeta.c (Hurwitz): the direct sum until its terms are below the
precision (at least 9 terms and q + terms > 9), then Euler-Maclaurin's
tail with 12 Bernoulli terms; q > 1e8 by the expansion's leading terms.
The Riemann function: zeta(x, 1) above 1, Euler-Maclaurin directly on
[0, 1) (the sum continues analytically there), the reflection
zeta(x) = 2^x pi^(x-1) sin(pi x / 2) Gamma(1 - x) zeta(1 - x) below 0
(in logarithms: the factors overflow long before the product);
zetac(x) = zeta(x, 2) above 1 (no cancellation in zeta - 1), zeta - 1
below.  SciPy's zetac has Cephes' rational approximations on [0, 10];
the bound in the tests says how close the two are.
"""

import math
from fractions import Fraction

import numpy
import scipy.special as _sc
import scipy.special._ufuncs as _scu

from cupyx.scipy.special import _xp
from cupyx.scipy.special import _rounds
from cupyx.scipy.special._gamma import gammaln, _sinpi
from cupyx.scipy.special._ufuncs import define

_MACHEP = 1.11022302462515654042E-16


def _bernoulli(n):
    """B_0 .. B_n as Fractions (the Akiyama-Tanigawa algorithm)."""
    out = []
    a = [Fraction(0)] * (n + 1)
    for m in range(n + 1):
        a[m] = Fraction(1, m + 1)
        for j in range(m, 0, -1):
            a[j - 1] = j * (a[j - 1] - a[j])
        out.append(a[0])
    return out


# zeta.c's A[i] = (2i + 2)! / B_(2i+2), i = 0..11 (12, -720, 30240, ...)
_B = _bernoulli(24)
_A = tuple(float(Fraction(math.factorial(2 * i + 2)) / _B[2 * i + 2])
           for i in range(12))


def _em_tail(x, a, s, b):
    """Euler-Maclaurin's tail of sum n^-x after the term b = a^-x (zeta.c
    from the label after its direct sum)."""
    w = a
    s = s + b * w / (x - 1.0) - 0.5 * b
    fac = x * 0.0 + 1.0
    k = 0.0
    for i in range(12):
        fac = fac * (x + k)
        b = b / w
        s = s + fac * b / _A[i]
        k += 1.0
        fac = fac * (x + k)
        b = b / w
        k += 1.0
    return s


def _hurwitz_sum(x, q, xp):
    """zeta(x, q) for x != 1 by zeta.c's sum and tail (q not a pole)."""
    def step(st):
        x, a, i, s, b = st
        a = a + 1.0
        b = xp.power(a, -x)
        return x, a, i + 1.0, s + b, b

    def done(st):
        x, a, i, s, b = st
        return ~(xp.absolute(b / s) >= _MACHEP) | ((i >= 9) & (a > 9.0))
    s = xp.power(q, -x)
    # q < -9990 takes more rounds than the bound: not covered (Cephes
    # loops until q + i > 9)
    x, a, i, s, b = _rounds.converge(
        xp, step, (x, q, q * 0.0, s, s), done, 10000)
    tail = _em_tail(x, a, s, b)
    return xp.where(xp.absolute(b / s) < _MACHEP, s, tail)


def hurwitz(x, q, xp=_xp):
    """zeta(x, q), SciPy's domain: x > 1 (x == 1: inf)."""
    (x, q), shape = _rounds.flat(xp, x, q)
    out = _rounds.full(xp, x.size, numpy.nan)
    qint = q == xp.floor(q)
    # q <= 0: a pole where q is an integer; a real value only for an
    # integer x
    pole = (q <= 0) & qint
    ok = (x > 1) & xp.isfinite(x) & ~pole & \
        ((q > 0) | (x == xp.floor(x))) & ~xp.isnan(q)
    big = ok & (q > 1e8)
    _rounds.on_subset(
        xp, big, lambda x, q: (1.0 / (x - 1.0) + 0.5 / q) *
        xp.power(q, 1.0 - x), (x, q), (out,))
    _rounds.on_subset(xp, ok & ~big, lambda x, q: _hurwitz_sum(x, q, xp),
                      (x, q), (out,))
    r = xp.where(((x > 1) | xp.isnan(x)) & pole, numpy.inf, out)
    # SciPy's edges: q = inf gives 0, q = -inf inf; x = inf: inf below
    # q = 1, 1 at 1, NaN above, 0 beyond 1e8 (the expansion's branch);
    # x = 1: inf whatever q
    r = xp.where((x > 1) & (q == numpy.inf), 0.0, r)
    r = xp.where((x > 1) & (q == -numpy.inf), numpy.inf, r)
    xinf = x == numpy.inf
    r = xp.where(xinf & (q < 1), numpy.inf, r)
    r = xp.where(xinf & (q == 1), 1.0, r)
    r = xp.where(xinf & (q > 1) & (q <= 1e8), numpy.nan, r)
    r = xp.where(xinf & (q > 1e8), 0.0, r)
    return xp.where(x == 1, numpy.inf, r).reshape(shape)


def _em_direct(x, xp):
    """zeta(x) for -1/2 < x < 1: 9 terms and the tail at a = 10 (the
    terms and the tail cancel more as x goes down: reflection below)."""
    s = x * 0.0
    for n in range(1, 10):
        s = s + xp.power(float(n), -x)
    b = xp.power(10.0, -x)
    return _em_tail(x, x * 0.0 + 10.0, s + b, b)


_LOG2 = math.log(2.0)
_LOGPI = math.log(math.pi)


def _reflect(x, xp):
    """zeta(x) for x < 0 from zeta(1 - x) (1 - x > 1)."""
    y = 1.0 - x
    z1 = 1.0 + hurwitz(y, 2.0, xp)
    lg = x * _LOG2 + (x - 1.0) * _LOGPI + gammaln(y, xp)
    s = _sinpi(0.5 * x, xp)
    # exp overflows before the sine's and zeta's factors bring it back
    mag = xp.exp(xp.minimum(lg, 709.0)) * z1
    r = s * mag
    r = xp.where(lg > 709.0, s * xp.exp(lg - 709.0) * (mag * 1.0), r)
    # the trivial zeros: sin(pi x / 2) = 0 at even negative integers
    return xp.where(s == 0, 0.0, r)


def riemann(x, xp=_xp):
    (x,), shape = _rounds.flat(xp, x)
    out = _rounds.full(xp, x.size, numpy.nan)
    _rounds.on_subset(xp, x > 1, lambda x: 1.0 + hurwitz(x, 2.0, xp),
                      (x,), (out,))
    _rounds.on_subset(xp, (x > -0.5) & (x < 1),
                      lambda x: _em_direct(x, xp), (x,), (out,))
    _rounds.on_subset(xp, (x <= -0.5) & xp.isfinite(x),
                      lambda x: _reflect(x, xp), (x,), (out,))
    out[...] = xp.where(x == 1, numpy.inf,
                        xp.where(x == numpy.inf, 1.0, out))
    return out.reshape(shape)


def zetac(x, xp=_xp):
    (x,), shape = _rounds.flat(xp, x)
    r = riemann(x, xp) - 1.0
    _rounds.on_subset(xp, x > 1, lambda x: hurwitz(x, 2.0, xp),
                      (x,), (r,))
    # Cephes' zetac is 0 from 127 on (2^-127 and less: SciPy's values)
    return xp.where(x >= 127.0, 0.0, r).reshape(shape)


zeta2_ = define(_scu._zeta, hurwitz)
riemann_zeta_ = define(_scu._riemann_zeta, riemann)
zetac_ = define(_sc.zetac, zetac)
