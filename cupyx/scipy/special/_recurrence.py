"""Functions computed by integer-step recurrences: yn, poch, binom.

yn: Cephes' yn.c, the forward recurrence from y0 and y1 (stable for Y:
it grows with n), n - 1 steps, stopped where it overflows.  poch: Cephes'
poch.c, the integer part of m as products (stopped at overflow or zero),
the rest by log-gammas.  binom: xsf's binom, the product formula for an
integer k below 20, else through beta.  The step loops run as masked
rounds on the elements still stepping (``_rounds``).
"""

import math

import numpy
import scipy.special as _sc

from cupyx.scipy.special import _xp
from cupyx.scipy.special import _rounds
from cupyx.scipy.special._bessel import y0, y1
from cupyx.scipy.special._beta import beta, betaln
from cupyx.scipy.special._gamma import gamma, gammaln, gammasgn
from cupyx.scipy.special._ufuncs import define

# the longest integer-step loop taken (Cephes' loops end at overflow,
# which comes within a few hundred steps except where the product
# stays near 1)
_MAX_STEPS = 100000


def _int(k, xp):
    return xp.where(k < 0, xp.ceil(k), xp.floor(k))


def _yn_rec(n, x, xp):
    """Y_n(x) for n >= 2, x > 0: a_{k+1} = 2k/x a_k - a_{k-1}."""
    def active(n, k, am1):
        return (k < n) & xp.isfinite(am1)

    def step(st):
        n, x, k, am2, am1 = st
        m = active(n, k, am1)
        an = 2.0 * k * am1 / x - am2
        return (n, x, xp.where(m, k + 1.0, k), xp.where(m, am1, am2),
                xp.where(m, an, am1))

    def done(st):
        n, x, k, am2, am1 = st
        return ~active(n, k, am1)
    st = _rounds.converge(xp, step, (n, x, x * 0.0 + 1.0, y0(x, xp),
                                     y1(x, xp)), done, _MAX_STEPS)
    return st[4]


def yn(n, x, xp=_xp):
    (n, x), shape = _rounds.flat(xp, n, x)
    n = _int(n, xp)
    sign = xp.where((n < 0) & (xp.fmod(n, 2.0) != 0), -1.0, 1.0)
    n = xp.absolute(n)
    xs = xp.where(x > 0, x, 1.0)
    out = xp.where(n == 0, y0(xs, xp), y1(xs, xp))
    _rounds.on_subset(xp, (n >= 2) & (x > 0) & xp.isfinite(x),
                      lambda n, x: _yn_rec(n, x, xp), (n, x), (out,))
    r = sign * out
    r = xp.where(x == 0, -sign * numpy.inf, r)
    r = xp.where((x < 0) | xp.isnan(x) | xp.isnan(n), numpy.nan, r)
    # the recurrence's 0/inf steps: SciPy's NaN at x = inf for n >= 2
    r = xp.where((x == numpy.inf) & (n >= 2), numpy.nan, r)
    return r.reshape(shape)


def _is_nonpos_int(x, xp):
    # poch.c's test (1e13: beyond it every double is an integer)
    return (x <= 0) & (x == xp.floor(x)) & (xp.absolute(x) < 1e13)


def _poch_steps(a, m, xp):
    """poch.c's integer steps: m down to [0, 1) (or up to (-1, 0]) with
    the products, stopped where a + m hits its pole or r overflows."""
    def step(st):
        a, m, r = st
        down = (m >= 1.0) & (a + m != 1.0) & xp.isfinite(r) & (r != 0)
        m = xp.where(down, m - 1.0, m)
        r = xp.where(down, r * (a + m), r)
        up = (m <= -1.0) & (a + m != 0.0) & xp.isfinite(r) & (r != 0)
        r = xp.where(up, r / (a + m), r)
        return a, xp.where(up, m + 1.0, m), r

    def done(st):
        a, m, r = st
        stop = ~xp.isfinite(r) | (r == 0)
        return stop | ~(((m >= 1.0) & (a + m != 1.0)) |
                        ((m <= -1.0) & (a + m != 0.0)))
    a, m, r = _rounds.converge(xp, step, (a, m, _rounds.full(
        xp, a.size, 1.0)), done, _MAX_STEPS)
    return m, r


def poch(a, m, xp=_xp):
    # poch.c on every element (its edges, infinities and NaN included,
    # are what its steps give)
    (a, m), shape = _rounds.flat(xp, a, m)
    mm = m
    r = _rounds.full(xp, a.size, 1.0)
    idx = _rounds.positions(xp, xp.absolute(m) >= 1.0)
    if idx.size:
        m2, r2 = _poch_steps(a[idx], m[idx], xp)
        mm = mm.copy()
        mm[idx] = m2
        r[idx] = r2
    am = a + mm
    # a > 1e4, |m| <= 1: the expansion of Gamma(a + m) / Gamma(a)
    asym = r * xp.power(a, mm) * (
        1.0 + mm * (mm - 1.0) / (2.0 * a) +
        mm * (mm - 1.0) * (mm - 2.0) * (3.0 * mm - 1.0) / (24.0 * a * a) +
        mm * mm * (mm - 1.0) * (mm - 1.0) * (mm - 2.0) * (mm - 3.0) /
        (48.0 * a * a * a))
    lg = r * xp.exp(gammaln(am, xp) - gammaln(a, xp)) * \
        gammasgn(am, xp) * gammasgn(a, xp)
    res = xp.where((a > 1e4) & (xp.absolute(mm) <= 1.0), asym, lg)
    na, nam = _is_nonpos_int(a, xp), _is_nonpos_int(am, xp)
    res = xp.where(~nam & na, 0.0, res)
    res = xp.where(nam & ~na & (am != mm), numpy.inf, res)
    return xp.where(mm == 0, r, res).reshape(shape)


def _binom_small_k(n, k, xp):
    """The product n (n-1) ... (n-k+1) / k! for an integer 0 <= k < 20
    (xsf's loop, rescaled when the numerator passes 1e50)."""
    num = _rounds.full(xp, n.size, 1.0)
    den = num
    for i in range(1, 20):
        m = i <= k
        num = xp.where(m, num * (i + n - k), num)
        den = xp.where(m, den * i, den)
        big = m & (xp.absolute(num) > 1e50)
        num = xp.where(big, num / den, num)
        den = xp.where(big, 1.0, den)
    return num / den


def binom(n, k, xp=_xp):
    (n, k), shape = _rounds.flat(xp, n, k)
    kx = xp.floor(k)
    nx = xp.floor(n)
    # an integer n: k and n - k alike, the smaller one
    kk = xp.where((nx == n) & (kx > nx / 2) & (nx > 0), nx - kx, kx)
    small = (k == kx) & ((xp.absolute(n) > 1e-8) | (n == 0)) & \
        (kk >= 0) & (kk < 20)
    out = _rounds.full(xp, n.size, numpy.nan)
    _rounds.on_subset(xp, small, lambda n, k: _binom_small_k(n, k, xp),
                      (n, kk), (out,))
    rest = ~small
    huge_n = (n >= 1e10 * k) & (k > 0)
    big_k = (k > 1e8 * xp.absolute(n))
    n1 = xp.where(rest, n, 1.0)
    k1 = xp.where(rest, k, 1.0)
    via_beta = 1.0 / (n1 + 1.0) / beta(1.0 + n1 - k1, 1.0 + k1, xp)
    via_lbeta = xp.exp(-betaln(1.0 + n1 - k1, 1.0 + k1, xp) -
                       xp.log(n1 + 1.0))
    # k >> |n|: Gamma(1 + n) sin((k - n) pi) / (pi k^(n+1)) and its next
    # term (xsf); the integer part of k sets the sign
    ak = xp.absolute(k1)
    g = gamma(1.0 + n1, xp)
    num = (g / ak + g * n1 / (2.0 * k1 * k1)) / (math.pi *
                                                 xp.power(ak, n1))
    kint = xp.floor(k1)
    dk = xp.where(k1 > 0, k1 - kint, k1)
    sgn = xp.where((k1 > 0) & (xp.fmod(kint, 2.0) != 0), -1.0, 1.0)
    far = num * xp.sin((dk - n1) * math.pi) * sgn
    # k < 0 far out: xsf returns 0 for an integer k, else the same form
    far = xp.where((k1 < 0) & (k1 == kint), 0.0, far)
    r = xp.where(huge_n, via_lbeta, xp.where(big_k, far, via_beta))
    out[...] = xp.where(small, out, r)
    res = xp.where((n < 0) & (n == nx), numpy.nan, out)
    return xp.where(xp.isnan(n) | xp.isnan(k), numpy.nan, res).reshape(
        shape)


yn_ = define(_sc.yn, yn, ints='l')
poch_ = define(_sc.poch, poch)
binom_ = define(_sc.binom, binom)
