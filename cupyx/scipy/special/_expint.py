"""Exponential integrals: exp1, expi, expn.

exp1 and expi are SciPy's (Zhang and Jin's specfun E1XB and EIX, as xsf
has them): the power series up to |x| = 1 (exp1) or 40 (expi), the
continued fraction of E1 with 20 + 80/x terms beyond, the asymptotic
series of Ei beyond 40.  expn is Cephes' expn.c: the power series for
x <= 1, the continued fraction beyond, the uniform asymptotic expansion
for n > 50 (DLMF 8.20.ii).  Series and fractions run until convergence
(``_rounds``); the fixed-length fraction of E1 runs backwards on all its
elements at once, each with its own length.
"""

import numpy
import scipy.special as _sc

from cupyx.scipy.special import _xp
from cupyx.scipy.special import _rounds
from cupyx.scipy.special._expint_complex import exp1_complex, expi_complex
from cupyx.scipy.special._gamma import gamma
from cupyx.scipy.special._ufuncs import define

_EULER = 0.5772156649015328606065120
_MACHEP = 1.11022302462515654042E-16
_MAXLOG = 7.09782712893383996843E2
_BIG = 1.44115188075855872E17           # expn.c's big = 2**57


def _e1_series(x, xp):
    """E1(x) for 0 < x <= 1 (E1XB: 25 terms, relative 1e-15)."""
    def step(st):
        x, k, r, e = st
        r = -r * k * x / ((k + 1.0) * (k + 1.0))
        return x, k + 1.0, r, e + r

    def done(st):
        return ~(xp.absolute(st[2]) > xp.absolute(st[3]) * 1e-15)
    one = x * 0.0 + 1.0
    st = _rounds.converge(xp, step, (x, one, one, one), done, 25)
    return -_EULER - xp.log(x) + x * st[3]


def _e1_cf(x, xp):
    """E1(x) for x > 1 (E1XB: the continued fraction, m = 20 + int(80/x)
    terms, evaluated from the last)."""
    m = 20.0 + xp.floor(80.0 / x)
    t0 = x * 0.0
    for k in range(100, 0, -1):
        t0 = xp.where(k <= m, k / (1.0 + k / (x + t0)), t0)
    return xp.exp(-x) / (x + t0)


def _e1(x, xp):
    out = x * 0.0 + numpy.nan
    _rounds.on_subset(xp, (x > 0) & (x <= 1),
                      lambda x: _e1_series(x, xp), (x,), (out,))
    _rounds.on_subset(xp, (x > 1) & xp.isfinite(x),
                      lambda x: _e1_cf(x, xp), (x,), (out,))
    out[...] = xp.where(x == 0, numpy.inf, xp.where(x == numpy.inf, 0.0,
                                                      out))
    return out


def exp1(x, xp=_xp):
    (x,), shape = _rounds.flat(xp, x)
    return _e1(x, xp).reshape(shape)


def _ei_series(x, xp):
    """Ei(x) for 0 < x <= 40 (EIX: up to 100 terms, relative 1e-15)."""
    def step(st):
        x, k, r, e = st
        r = r * k * x / ((k + 1.0) * (k + 1.0))
        return x, k + 1.0, r, e + r

    def done(st):
        return ~(xp.absolute(st[2] / st[3]) > 1e-15)
    one = x * 0.0 + 1.0
    st = _rounds.converge(xp, step, (x, one, one, one), done, 100)
    return _EULER + xp.log(x) + x * st[3]


def _ei_asym(x, xp):
    """Ei(x) for x > 40 (EIX: 20 terms of the asymptotic series)."""
    e = x * 0.0 + 1.0
    r = e
    for k in range(1, 21):
        r = r * k / x
        e = e + r
    return xp.exp(x) / x * e


def expi(x, xp=_xp):
    (x,), shape = _rounds.flat(xp, x)
    out = -_e1(-x, xp)
    _rounds.on_subset(xp, (x > 0) & (x <= 40),
                      lambda x: _ei_series(x, xp), (x,), (out,))
    _rounds.on_subset(xp, (x > 40) & xp.isfinite(x),
                      lambda x: _ei_asym(x, xp), (x,), (out,))
    out[...] = xp.where(x == 0, -numpy.inf,
                        xp.where(x == numpy.inf, numpy.inf, out))
    return out.reshape(shape)


def _expn_series(n, x, xp):
    """E_n(x) for x <= 1 (expn.c's power series), 1 <= n <= 50."""
    # psi(n) = -euler + sum_{i < n} 1/i
    psi = -_EULER - xp.log(x)
    for i in range(1, 50):
        psi = xp.where(i < n, psi + 1.0 / i, psi)
    z = -x

    def step(st):
        n, z, xk, yk, pk, ans, t = st
        xk = xk + 1.0
        yk = yk * z / xk
        pk = pk + 1.0
        nz = pk != 0
        ans = xp.where(nz, ans + yk / xp.where(nz, pk, 1.0), ans)
        t = xp.where(ans != 0, xp.absolute(yk / ans), 1.0)
        return n, z, xk, yk, pk, ans, t

    def done(st):
        return ~(st[6] > _MACHEP)
    zero = x * 0.0
    pk = 1.0 - n
    ans = xp.where(n == 1, 0.0, 1.0 / xp.where(n == 1, 1.0, pk))
    st = _rounds.converge(xp, step, (n, z, zero, zero + 1.0, pk, ans,
                                     zero + 1.0), done, 200)
    return xp.power(z, n - 1.0) * psi / gamma(n, xp) - st[5]


def _expn_cf(n, x, xp):
    """E_n(x) for x > 1 (expn.c's continued fraction)."""
    def step(st):
        n, x, k, pkm2, qkm2, pkm1, qkm1, ans, t = st
        k = k + 1.0
        odd = xp.fmod(k, 2.0) == 1
        yk = xp.where(odd, 1.0, x)
        xk = xp.where(odd, n + (k - 1.0) / 2.0, k / 2.0)
        pk = pkm1 * yk + pkm2 * xk
        qk = qkm1 * yk + qkm2 * xk
        nz = qk != 0
        r = pk / xp.where(nz, qk, 1.0)
        t = xp.where(nz, xp.absolute((ans - r) / r), 1.0)
        ans = xp.where(nz, r, ans)
        s = xp.where(xp.absolute(pk) > _BIG, 1.0 / _BIG, 1.0)
        return n, x, k, pkm1 * s, qkm1 * s, pk * s, qk * s, ans, t

    def done(st):
        return ~(st[8] > _MACHEP)
    one = x * 0.0 + 1.0
    qkm1 = x + n
    st = _rounds.converge(xp, step, (n, x, one, one, x, one, qkm1,
                                     1.0 / qkm1, one), done, 2000)
    return st[7] * xp.exp(-x)


def _large_n_polys(count):
    """A_k(l) of DLMF 8.20.E3: A_0 = 1, A_{k+1} = (1 - 2k l) A_k
    + l (l + 1) A_k'; integer coefficients, lowest degree first."""
    polys = [[1]]
    for k in range(count - 1):
        a = polys[-1]
        der = [i * c for i, c in enumerate(a)][1:]
        nxt = [0] * (len(a) + 1)
        for i, c in enumerate(a):
            nxt[i] += c
            nxt[i + 1] -= 2 * k * c
        for i, c in enumerate(der):   # l (l + 1) A' = (l + l^2) A'
            nxt[i + 1] += c
            nxt[i + 2] += c
        polys.append(nxt)
    return polys


# 13 terms, as expn.c's expn_large_n (n > 50: below double precision)
_A = _large_n_polys(13)


def _expn_large(n, x, xp):
    """E_n(x) for n > 50: e^(-l n) / ((l + 1) n) sum A_k(l) / ((l + 1)^2
    n)^k, l = x / n (DLMF 8.20.E2)."""
    lam = x / n
    mult = 1.0 / n / ((lam + 1.0) * (lam + 1.0))
    expfac = xp.exp(-lam * n) / (lam + 1.0) / n
    res = x * 0.0 + 1.0
    fac = res
    for poly in _A[1:]:
        fac = fac * mult
        v = x * 0.0 + float(poly[-1])
        for c in poly[-2::-1]:
            v = v * lam + float(c)
        res = res + fac * v
    return xp.where(expfac == 0, 0.0, expfac * res)


def _int(k, xp):
    return xp.where(k < 0, xp.ceil(k), xp.floor(k))


def expn(n, x, xp=_xp):
    (n, x), shape = _rounds.flat(xp, n, x)
    n = _int(n, xp)
    ok = ~xp.isnan(x) & ~xp.isnan(n) & (n >= 0) & (x >= 0)
    out = _rounds.full(xp, x.size, numpy.nan)
    reg = ok & (x > 0) & (x <= _MAXLOG) & (n > 0)
    _rounds.on_subset(xp, reg & (n > 50),
                      lambda n, x: _expn_large(n, x, xp), (n, x), (out,))
    small = reg & (n <= 50)
    _rounds.on_subset(xp, small & (x <= 1),
                      lambda n, x: _expn_series(n, x, xp), (n, x), (out,))
    _rounds.on_subset(xp, small & (x > 1),
                      lambda n, x: _expn_cf(n, x, xp), (n, x), (out,))
    zero_x = xp.where(n < 2, numpy.inf, 1.0 / xp.where(n < 2, 1.0, n - 1.0))
    r = xp.where(n == 0, xp.exp(-x) / x, out)
    r = xp.where(x == 0, zero_x, r)
    r = xp.where(x > _MAXLOG, 0.0, r)
    return xp.where(ok, r, numpy.nan).reshape(shape)


exp1_ = define(_sc.exp1, exp1, complex_compute=exp1_complex)
expi_ = define(_sc.expi, expi, complex_compute=expi_complex)
expn_ = define(_sc.expn, expn, ints='l')
