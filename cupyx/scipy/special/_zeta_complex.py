"""The Riemann zeta function of complex arguments (the D->D loop of
zeta(z); zeta(z, q) of complex z is the real Hurwitz function on the
real axis and NaN off it, as SciPy 1.17).

SciPy's algorithm (xsf's zeta.h, after M. Haberland): on the real axis
the real function; for Re z >= 1/2 Borwein's algorithm 2 (P. Borwein,
"An efficient algorithm for the Riemann zeta function", 1995; n = 50,
its coefficients d_k/d_n computed here once in exact rationals) as one
2-d step (elements x 50 terms), or where |Im z| > 50 and Re z < 50 the
Euler-Maclaurin formula with N = max(|Im z|/4, 50) direct terms (in
blocks of columns) and its Bernoulli tail in logarithms (masked
rounds until a term is below eps of the sum); for Re z < 1/2 the
reflection 2 (2 pi)^(z-1) sin(pi z/2) Gamma(1 - z) zeta(1 - z), in
logarithms where that overflows.  SciPy gives up (NaN) for 0 <= Re z <
2.5 with |Im z| > 1e9; so does this.

SciPy's value is itself far from the exact zeta where its algorithm
amplifies roundings (10^7 ulp next to the pole at 1); matching it takes
the C library's roundings in those steps, which a device's 1-2 ulp
exp/log/sin/cos (CUDA's) are not: k^-z as polar(pow(k, -x), -y log k)
with log k of the host's C library and sin/cos correctly rounded
(``_trig``), 2^(1 - x) correctly rounded (``_exp2``), the direct sums
added term by term in SciPy's order (the device's cumsum), and
loggamma's log z rounded as glibc's clog (``_clog``).  Checked with
every elementary function of the device moved by 1-2 ulp
(tests/.../test_zeta_libm.py).
"""

import math
from fractions import Fraction

import numpy

import cupy
from cupyx.scipy.special import _clog, _exp2, _rounds, _trig
from cupyx.scipy.special._log_exp_complex import make, parts
from cupyx.scipy.special._loggamma_complex import (
    gamma_complex, loggamma_complex, sinpi_parts)
from cupyx.scipy.special._zeta import _bernoulli, riemann

_N = 50                 # Borwein's n (xsf)
_EM_MIN = 50.0          # xsf: at least 50 direct terms, |Im z|/4 above
_EM_ROUNDS = 200        # the tail's terms fall by ~0.4 per round
_BLOCK = 2048           # columns of the direct sum per step
_EPS = numpy.finfo(numpy.float64).eps
_LOG2 = math.log(2.0)
_LOGPI = math.log(math.pi)
_LOG2PI = math.log(2.0 * math.pi)


def _borwein_coefficients(n):
    """d_k / d_n, k < n, with d_k = n sum_i<=k (n+i-1)! 4^i /
    ((n-i)! (2i)!)."""
    s = Fraction(0)
    d = []
    for i in range(n + 1):
        s += Fraction(math.factorial(n + i - 1) * 4 ** i,
                      math.factorial(n - i) * math.factorial(2 * i))
        d.append(n * s)
    return [float(dk / d[-1]) for dk in d[:-1]]


_D = numpy.array(_borwein_coefficients(_N))
_BERN = _bernoulli(2 * _EM_ROUNDS + 2)
# B_2k / (2k)!: the Euler-Maclaurin coefficients (k = 1..), as
# logarithms of their size and their sign
_EM_COEF = [Fraction(_BERN[2 * k]) / math.factorial(2 * k)
            for k in range(1, _EM_ROUNDS + 2)]
_EM_LOG = numpy.array([math.log(abs(float(c))) if float(c) != 0 else
                       -math.inf for c in _EM_COEF])
_EM_SIGN = numpy.array([1.0 if c > 0 else -1.0 for c in _EM_COEF])


def _polar(mag, angle):
    """mag (cos, sin)(angle) as parts, sin/cos correctly rounded in
    practice (``_trig``; the C library's, glibc's, are): 1 - 2^(1 - z)
    cancels the cosine near z = 1, which a device's 1-2 ulp cos (CUDA's)
    moved by up to 10^6 ulp of zeta."""
    s, c = _trig.sincos(angle)
    return mag * c, mag * s


def _pow_neg(base, base_log, x, y):
    """base^-(x + iy) as parts (broadcast): SciPy's std::pow(base, w) of
    a positive real base is polar(pow(base, Re w), Im w log(base)), log
    from the C library (a constant here, or `_int_logs`): the phase
    carries |Im z| ulp of log(base), which a device's 1-2 ulp log would
    add.  The modulus is the device's power (not amplified)."""
    return _polar(cupy.power(base, -x), -y * base_log)


# log(i) of the integers i < 2^16 by the host's C library (math.log:
# SciPy's std::log, glibc's, which misrounds a few of them: 9170 is the
# first), kept on the host (a device copy would stay allocated); from 2^16
# on, the correctly rounded ``_clog.log``
_TABLE_SIZE = 2 ** 16
_TABLE = []


def _int_logs(i, top):
    """log i of positive integers i < top (float64) on the device: the
    phases Im z log i carry |Im z| times an ulp of log i, and the device's
    log may be 1-2 ulp off."""
    if not _TABLE:
        _TABLE.append(numpy.array(
            [-math.inf] + [math.log(k) for k in range(1, _TABLE_SIZE)]))
    size = min(top, _TABLE_SIZE)
    near = cupy.take(cupy.asarray(_TABLE[0][:size]),
                     cupy.minimum(i, size - 1).astype(numpy.int64))
    if top <= _TABLE_SIZE:
        return near
    return cupy.where(i < _TABLE_SIZE, near, _clog.log(i))


def _sum_in_order(acc, terms):
    """acc + terms[:, 0] + terms[:, 1] + ..., added one at a time as
    SciPy's loops do (the device's cumsum scans each row in order), so the
    sum rounds as SciPy's for the same terms."""
    both = cupy.concatenate([acc[:, None], terms], axis=1)
    return cupy.cumsum(both, axis=1)[:, -1]


def _borwein(z):
    x, y = parts(z)
    k = cupy.arange(1, _N + 1, dtype=numpy.float64)
    pr, pi_ = _pow_neg(k, _int_logs(k, _N + 1), x[:, None], y[:, None])
    w = cupy.asarray(numpy.where(numpy.arange(_N) % 2 == 0, 1.0, -1.0)
                     * (_D - 1.0))
    # SciPy adds the terms from k = 49 down to 0
    zero = x * 0.0
    sr = _sum_in_order(zero, (w * pr)[:, ::-1])
    si = _sum_in_order(zero, (w * pi_)[:, ::-1])
    # -1 / (1 - 2^(1 - z)), the modulus 2^(1 - x) correctly rounded
    # (``_exp2``): 1 - 2^(1 - z) cancels it near z = 1
    tr, ti = _polar(_exp2.exp2(1.0 - x), -y * _LOG2)
    return -make(sr, si) / make(1.0 - tr, -ti)


def _euler_maclaurin(z):
    x, y = parts(z)
    n = cupy.floor(cupy.maximum(cupy.absolute(y) / 4.0, _EM_MIN))
    top = int(n.max()) if n.size else 0
    sr = cupy.zeros_like(x)
    si = cupy.zeros_like(x)
    for start in range(1, top, _BLOCK):
        stop = min(start + _BLOCK, top)
        i = cupy.arange(start, stop, dtype=numpy.float64)
        pr, pi_ = _pow_neg(i, _int_logs(i, stop), x[:, None], y[:, None])
        keep = i < n[:, None]
        sr = _sum_in_order(sr, cupy.where(keep, pr, 0.0))
        si = _sum_in_order(si, cupy.where(keep, pi_, 0.0))
    s = make(sr, si)
    logn = _int_logs(n, top + 1)
    br, bi = _pow_neg(n, logn, x, y)
    s = s + make(br, bi) * (0.5 + n / (z - 1.0))
    # T_k = B_2k/(2k)! N^(1 - z - 2k) z (z+1) ... (z + 2k - 2)
    log_poch = cupy.log(z)
    log_factor = -(z + 1.0) * logn

    def step(st):
        z, logn, k, log_poch, log_factor, s, live = st
        ki = k.astype(numpy.int64)
        c = cupy.asarray(_EM_LOG)[ki]
        sg = cupy.asarray(_EM_SIGN)[ki]
        t = cupy.exp(c + log_factor + log_poch) * sg
        s = cupy.where(live, s + t, s)
        live = live & ~(cupy.absolute(t) <= _EPS * cupy.absolute(s))
        log_poch = log_poch + cupy.log(z + (2.0 * k + 1.0)) + \
            cupy.log(z + (2.0 * k + 2.0))
        log_factor = log_factor - 2.0 * logn
        return z, logn, k + 1.0, log_poch, log_factor, s, live
    zero = x * 0.0
    st = _rounds.converge(cupy, step, (z, logn, zero, log_poch, log_factor,
                                       s, cupy.isfinite(x)),
                          lambda st: ~st[6], _EM_ROUNDS)
    return st[5]


def _right(z):
    """zeta(z) for Re z >= 1/2 off the real axis."""
    x, y = parts(z)
    out = cupy.full(z.shape, complex(numpy.nan, numpy.nan))
    em = (x < 50.0) & (cupy.absolute(y) > 50.0)
    give_up = em & (x >= 0.0) & (x < 2.5) & (cupy.absolute(y) > 1e9)
    _rounds.on_subset(cupy, em & ~give_up, _euler_maclaurin, (z,), (out,))
    _rounds.on_subset(cupy, ~em, _borwein, (z,), (out,))
    return out


def _exp_neg(c, x, y):
    """exp(-c (x + iy)) as parts (where logarithms have taken over from
    overflowing products: no cancellation to match)."""
    e = cupy.exp(-x * c)
    return e * cupy.cos(-y * c), e * cupy.sin(-y * c)


def _log_sinpi(z):
    """A logarithm of sin(pi z) (any branch: it is exponentiated)."""
    x, y = parts(z)
    sr, si = sinpi_parts(x, y)
    plain = cupy.log(make(sr, si))
    # sin(pi z) = (e^(i pi z) - e^(-i pi z)) / 2i with the larger factor
    # taken out where it overflows
    up = y > 0
    e2r, e2i = _exp_neg(math.pi, cupy.where(up, 2.0 * y, -2.0 * y),
                        cupy.where(up, -2.0 * x, 2.0 * x))
    # up: (e^(2 i pi z) - 1)/(2i); down: (1 - e^(-2 i pi z))/(2i)
    nr = cupy.where(up, e2r - 1.0, 1.0 - e2r)
    ni = cupy.where(up, e2i, -e2i)
    rest = cupy.log(make(0.5 * ni, -0.5 * nr))
    lead = cupy.where(up, 1.0, -1.0) * (-1j * math.pi) * z
    ok = cupy.isfinite(plain.real) & cupy.isfinite(plain.imag)
    return cupy.where(ok, plain, lead + rest)


def _reflect(z):
    x, y = parts(z)
    w = 1.0 - z
    pr, pi_ = _pow_neg(2.0 * math.pi, _LOG2PI, 1.0 - x, -y)  # (2 pi)^(z-1)
    hr, hi = sinpi_parts(0.5 * x, 0.5 * y)
    factor = 2.0 * make(pr, pi_) * make(hr, hi) * gamma_complex(w)
    fin = cupy.isfinite(factor.real) & cupy.isfinite(factor.imag)
    logs = z * _LOG2 + (z - 1.0) * _LOGPI + _log_sinpi(0.5 * z) + \
        loggamma_complex(w)
    lr, li = parts(logs)
    e = cupy.exp(0.5 * lr)
    by_logs = make(e * (e * cupy.cos(li)), e * (e * cupy.sin(li)))
    factor = cupy.where(fin, factor, by_logs)
    right = _right(w)
    return cupy.where(right == 1.0, factor, factor * right)


def riemann_complex(z):
    (z,), shape = _rounds.flat(cupy, z)
    x, y = parts(z)
    out = cupy.full(z.shape, complex(numpy.nan, numpy.nan))
    real = y == 0
    out = cupy.where(real, riemann(x) + 0j, out)
    finite = cupy.isfinite(x) & cupy.isfinite(y)
    _rounds.on_subset(cupy, ~real & finite & (x >= 0.5), _right, (z,),
                      (out,))
    _rounds.on_subset(cupy, ~real & finite & (x < 0.5), _reflect, (z,),
                      (out,))
    # Re z = +inf: every term but 1 vanishes (SciPy: 1 - 0j)
    out = cupy.where((x == numpy.inf) & cupy.isfinite(y), complex(1.0, -0.0),
                     out)
    return out.reshape(shape)


def hurwitz_complex(z, q):
    """zeta(z, q) of complex z and real q (passed as complex): the real
    function on the real axis, NaN off it (SciPy 1.17, also at q = 1)."""
    from cupyx.scipy.special._zeta import hurwitz
    z, q = cupy.broadcast_arrays(z, q)
    x, y = parts(z)
    qr = q.real.astype(numpy.float64)
    return cupy.where(y == 0, hurwitz(x, qr) + 0j,
                      complex(numpy.nan, numpy.nan))
