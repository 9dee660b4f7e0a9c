"""digamma (psi) of complex arguments (the D->D loop; F->F computes in
complex128 and rounds once).

SciPy's algorithm (xsf's digamma.h, J. Wilson): the Taylor series about
the two zeros nearest the origin (within 0.3 of the negative one, 0.5 of
the positive one; coefficients zeta(n + 1, root), DLMF 5.15.1, computed
once on the host), the reflection formula (DLMF 5.5.4) left of the
imaginary axis within 16 of the real axis, one step of the recurrence
(DLMF 5.5.2) away from the pole at 0, the asymptotic series (DLMF
5.11.2) beyond |z| = 16 and the recurrence from there (up to 17 masked
steps) below.  Every branch runs on its own elements only.
"""

import math

import numpy
import scipy.special as _sc

import cupy
from cupyx.scipy.special import _rounds
from cupyx.scipy.special._log_exp_complex import make, parts
from cupyx.scipy.special._loggamma_complex import _horner, sinpi_parts
from cupyx.scipy.special._zeta import _bernoulli

# the zeros of digamma nearest 0 and the values there (xsf, from mpmath)
_POSROOT = 1.4616321449683623
_POSROOTVAL = -9.2412655217294275e-17
_NEGROOT = -0.504083008264455409
_NEGROOTVAL = 7.2897639029768949e-17
_BIG = 16.0             # xsf's smallabsz
_TERMS = 99             # xsf's bound on the root series


def _root_series(root, value):
    # psi(root + w) = value + sum_n>=1 (-1)^(n+1) zeta(n + 1, root) w^n
    return (value,) + tuple((-1.0) ** (n + 1) * float(_sc.zeta(n + 1, root))
                            for n in range(1, _TERMS + 1))


_NEG = _root_series(_NEGROOT, _NEGROOTVAL)
_POS = _root_series(_POSROOT, _POSROOTVAL)
_B = _bernoulli(32)
# DLMF 5.11.2: psi(z) ~ log z - 1/(2z) - sum_k B_2k / (2k z^2k), k <= 16
_ASY = (0.0,) + tuple(-float(_B[2 * k]) / (2 * k) for k in range(1, 17))


def _asymptotic(z):
    return cupy.log(z) - 0.5 / z + _horner(_ASY, 1.0 / (z * z))


def _cot_pi(z):
    """pi cos(pi z) / sin(pi z) (|Im z| < 16: no overflow)."""
    x, y = parts(z)
    sr, si = sinpi_parts(x, y)
    cr, ci = sinpi_parts(x + 0.5, y)
    return math.pi * make(cr, ci) / make(sr, si)


def _recurring(z):
    """psi(z) for |z| <= 16 off the roots: from the asymptotic series
    at z + n (Re z >= 0) or z - n, n stepping |z| past 16."""
    az = cupy.absolute(z)
    right = z.real >= 0.0
    n = cupy.where(right, cupy.trunc(_BIG - az) + 1.0,
                   cupy.trunc(_BIG - az) - 1.0)
    n = cupy.maximum(n, 0.0)
    start = cupy.where(right, z + n, z - n)
    res = _asymptotic(start)
    top = int(n.max()) if n.size else 0
    for k in range(1, top + 1):
        live = k <= n
        # right: psi(w - 1) = psi(w) - 1/(w - 1); left: psi(w + 1) =
        # psi(w) + 1/w
        step = cupy.where(right, -1.0 / (start - k), 1.0 / (start + (k - 1)))
        res = cupy.where(live, res + step, res)
    return res


def _reflected_part(z):
    """The terms added before the final branch: (shift, z')."""
    x = z.real
    refl = (x < 0) & (cupy.absolute(z.imag) < _BIG)
    zs = cupy.where(refl, 1.0 - z, z)
    res = cupy.where(refl, -_cot_pi(cupy.where(refl, z, 0.5)), 0.0 * z)
    small = cupy.absolute(zs) < 0.5
    res = cupy.where(small, res - 1.0 / cupy.where(small, zs, 1.0), res)
    zs = cupy.where(small, zs + 1.0, zs)
    return res, zs


def _finite(z):
    res, zs = _reflected_part(z)
    out = res * 0
    pos = cupy.absolute(zs - _POSROOT) < 0.5
    _rounds.on_subset(cupy, pos, lambda w: _horner(_POS, w - _POSROOT),
                      (zs,), (out,))
    asy = ~pos & (cupy.absolute(zs) > _BIG)
    _rounds.on_subset(cupy, asy, _asymptotic, (zs,), (out,))
    _rounds.on_subset(cupy, ~pos & ~asy, _recurring, (zs,), (out,))
    return res + out


def digamma_complex(z):
    (z,), shape = _rounds.flat(cupy, z)
    x, y = parts(z)
    finite = cupy.isfinite(x) & cupy.isfinite(y)
    pole = (x <= 0) & (x == cupy.ceil(x)) & (y == 0)
    out = cupy.full(z.shape, complex(numpy.nan, numpy.nan))
    neg = finite & ~pole & (cupy.absolute(z - _NEGROOT) < 0.3)
    _rounds.on_subset(cupy, neg, lambda w: _horner(_NEG, w - _NEGROOT),
                      (z,), (out,))
    _rounds.on_subset(cupy, finite & ~pole & ~neg, _finite, (z,), (out,))
    # non-finite z: log z (SciPy 1.17), NaN where Re z is -inf or NaN
    lim = ~finite & ~cupy.isnan(x) & ~cupy.isnan(y) & (x != -numpy.inf)
    out = cupy.where(lim, cupy.log(cupy.where(lim, z, 1.0)), out)
    return out.reshape(shape)
