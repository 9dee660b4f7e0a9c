"""loggamma, gamma and rgamma of complex arguments (their D->D loops;
F->F computes in complex128 and rounds once).

SciPy's algorithm (xsf's loggamma.h, J. Wilson after Hare, "Computing the
principal branch of log-Gamma", J. Algorithms 1997): Stirling's series
where Re z > 7 or |Im z| > 7; the Taylor series of loggamma about 1
within 0.2 of 1, and of 2 (with log(z - 1) by its series about 1);
the reflection formula (Hare's Proposition 3.1, the branch fixed by
2 pi i floor(Re z / 2 + 1/4)) for Re z < 0.1; elsewhere the recurrence
up to Re z > 7 with Hare's count of the sign changes of the product's
imaginary part (Proposition 2.2).  gamma = exp(loggamma), rgamma =
exp(-loggamma), with SciPy's poles and zeros.  Every branch runs only on
its elements (``_rounds.on_subset``); the recurrence is 7 masked rounds
(the most it takes from Re z >= 0.1).
"""

import math

import numpy
import scipy.special as _sc

import cupy
from cupyx.scipy.special import _clog, _rounds
from cupyx.scipy.special._log_exp_complex import make, parts
from cupyx.scipy.special._zeta import _bernoulli

_SMALL = 7.0            # xsf: Stirling beyond Re z = 7 or |Im z| = 7
_TAYLOR_RADIUS = 0.2
_HLOG2PI = 0.918938533204672742   # log(2 pi)/2
_LOGPI = 1.1447298858494001741434262
_EULER = 0.57721566490153286061

# Stirling's series: B_2n / (2n (2n - 1)), n = 1..8 (DLMF 5.11.1)
_B = _bernoulli(16)
_STIRLING = tuple(float(_B[2 * n]) / (2 * n * (2 * n - 1))
                  for n in range(1, 9))
# loggamma(1 + w) = -gamma w + sum_k>=2 (-1)^k zeta(k) w^k / k
# (DLMF 5.7.3), to w^23 as xsf
_TAYLOR = (-_EULER,) + tuple((-1.0) ** k * float(_sc.zeta(k)) / k
                             for k in range(2, 24))


def _horner(coefs, w):
    """sum_i coefs[i] w^i."""
    acc = w * 0 + coefs[-1]
    for c in coefs[-2::-1]:
        acc = acc * w + c
    return acc


def _stirling(z):
    # log z as glibc's clog rounds it: (z - 1/2) multiplies its last bit
    # (``_clog``)
    rz = 1.0 / z
    rzz = rz / z
    return (z - 0.5) * _clog.clog(z) - z + _HLOG2PI + rz * _horner(
        _STIRLING, rzz)


def _taylor1(z):
    w = z - 1.0
    return w * _horner(_TAYLOR, w)


def log_near_1(z):
    """log z by its series about 1 (16 terms) within 0.1 of 1, else
    log z (xsf's zlog1)."""
    w = z - 1.0
    near = cupy.absolute(w) <= 0.1
    ws = cupy.where(near, w, 0.0)
    # log(1 + w) = sum_n (-1)^(n+1) w^n / n
    s = _horner((0.0,) + tuple((-1.0) ** (n + 1) / n for n in range(1, 17)),
                ws)
    return cupy.where(near, s, cupy.log(cupy.where(near, 1.0, z)))


def _recurrence(z):
    """Hare's recurrence (Im z >= 0, 0.1 <= Re z <= 7)."""
    shift = z
    z = z + 1.0
    flips = cupy.zeros(z.shape, numpy.float64)
    sb = cupy.zeros(z.shape, numpy.bool_)
    for _ in range(8):
        live = z.real <= _SMALL
        nshift = shift * z
        shift = cupy.where(live, nshift, shift)
        nsb = cupy.signbit(shift.imag)
        flips = cupy.where(live & nsb & ~sb, flips + 1.0, flips)
        sb = cupy.where(live, nsb, sb)
        z = cupy.where(live, z + 1.0, z)
    return _stirling(z) - cupy.log(shift) - flips * (2j * math.pi)


def sinpi_parts(x, y):
    """sin(pi (x + iy)) as parts, with sin(pi x) and cos(pi x) exact at
    the integers and half-integers."""
    # x - 2 round(x/2) in [-1, 1] is exact; then the nearest quarter
    r = x - 2.0 * cupy.rint(0.5 * x)
    q = cupy.rint(2.0 * r)                       # -2..2
    t = math.pi * (r - 0.5 * q)                  # [-pi/4, pi/4]
    s, c = cupy.sin(t), cupy.cos(t)
    qm = q - 4.0 * cupy.floor(0.25 * q)          # 0..3
    sp = cupy.where(qm == 0, s, cupy.where(qm == 1, c, cupy.where(
        qm == 2, -s, -c)))
    cp = cupy.where(qm == 0, c, cupy.where(qm == 1, -s, cupy.where(
        qm == 2, -c, s)))
    py = math.pi * y
    return sp * cupy.cosh(py), cp * cupy.sinh(py)


def _loggamma_right(z):
    """loggamma for Re z >= 0.1 (or beyond the reflection's range)."""
    out = z * 0
    stir = (z.real > _SMALL) | (cupy.absolute(z.imag) > _SMALL)
    _rounds.on_subset(cupy, stir, _stirling, (z,), (out,))
    rest = ~stir
    t1 = rest & (cupy.absolute(z - 1.0) < _TAYLOR_RADIUS)
    _rounds.on_subset(cupy, t1, _taylor1, (z,), (out,))
    rest = rest & ~t1
    t2 = rest & (cupy.absolute(z - 2.0) < _TAYLOR_RADIUS)
    _rounds.on_subset(cupy, t2, lambda z: log_near_1(z - 1.0) +
                      _taylor1(z - 1.0), (z,), (out,))
    rest = rest & ~t2

    def rec(z):
        up = ~cupy.signbit(z.imag)
        zz = cupy.where(up, z, cupy.conj(z))
        r = _recurrence(zz)
        return cupy.where(up, r, cupy.conj(r))
    _rounds.on_subset(cupy, rest, rec, (z,), (out,))
    return out


def _reflect(z):
    """Hare's reflection (Re z < 0.1, |Im z| <= 7)."""
    x, y = parts(z)
    tmp = cupy.copysign(2.0 * math.pi, y) * cupy.floor(0.5 * x + 0.25)
    sr, si = sinpi_parts(x, y)
    return make(_LOGPI, tmp) - cupy.log(make(sr, si)) - \
        _loggamma_right(1.0 - z)


def loggamma_complex(z):
    (z,), shape = _rounds.flat(cupy, z)
    x, y = parts(z)
    nan = cupy.isnan(x) | cupy.isnan(y)
    pole = (x <= 0) & (x == cupy.floor(x)) & (y == 0)
    ok = ~nan & ~pole
    out = cupy.full(z.shape, complex(numpy.nan, numpy.nan))
    refl = ok & (x < 0.1) & (cupy.absolute(y) <= _SMALL)
    _rounds.on_subset(cupy, refl, _reflect, (z,), (out,))
    _rounds.on_subset(cupy, ok & ~refl, _loggamma_right, (z,), (out,))
    return out.reshape(shape)


_LOG_MAX = math.log(numpy.finfo(numpy.float64).max)
_SQRT_MAX = math.sqrt(numpy.finfo(numpy.float64).max)


def _exp(w):
    """exp of a complex array by parts: exp(-inf + i y) = 0, and a
    modulus beyond the float64 range is applied in two halves (so a part
    that is still finite stays finite)."""
    wr, wi = parts(w)
    h = cupy.exp(0.5 * wr)
    return make(cupy.where(h == 0, 0.0, h * (h * cupy.cos(wi))),
                cupy.where(h == 0, 0.0, h * (h * cupy.sin(wi))))


def gamma_complex(z):
    x, y = parts(z)
    lg = loggamma_complex(z)
    res = _exp(lg)
    lr = lg.real
    zero_im = cupy.copysign(0.0, y)
    re, im = parts(res)
    re = cupy.where(lr == -numpy.inf, 0.0, re)
    im = cupy.where(lr == -numpy.inf, zero_im, im)
    real_over = (lr > _LOG_MAX) & (y == 0)
    re = cupy.where(real_over, numpy.inf, re)
    im = cupy.where(real_over, zero_im, im)
    big = (lr > _LOG_MAX) & (x > _SQRT_MAX) & (cupy.absolute(y) > _SQRT_MAX)
    re = cupy.where(big, -numpy.inf, re)
    im = cupy.where(big, cupy.copysign(numpy.inf, y), im)
    # Re z <= -2^53: every float there is an even integer's neighbour:
    # Gamma underflows to a signed zero
    far = x <= -2.0 ** 53
    re = cupy.where(far, 0.0, re)
    im = cupy.where(far, zero_im, im)
    bad = ~(cupy.isfinite(x) & cupy.isfinite(y)) | \
        ((x <= 0) & (x == cupy.floor(x)) & (y == 0) & ~far)
    return make(cupy.where(bad, numpy.nan, re), cupy.where(bad, numpy.nan,
                                                           im))


def rgamma_complex(z):
    x, y = parts(z)
    lg = loggamma_complex(z)
    re, im = parts(_exp(-lg))
    lr = lg.real
    re = cupy.where(lr == numpy.inf, 0.0, re)
    im = cupy.where(lr == numpy.inf, cupy.copysign(0.0, y), im)
    zero = (x <= 0) & (x == cupy.floor(x)) & (y == 0)
    re = cupy.where(zero, 0.0, re)
    im = cupy.where(zero, 0.0, im)
    bad = ~(cupy.isfinite(x) & cupy.isfinite(y))
    # SciPy 1.17: rgamma(-inf + 0j) = 0
    zero = (x == -numpy.inf) & (y == 0)
    return make(cupy.where(zero, 0.0, cupy.where(bad, numpy.nan, re)),
                cupy.where(zero, 0.0, cupy.where(bad, numpy.nan, im)))
