"""exp1 and expi of complex arguments on the device (their D->D loops;
F->F computes in complex128 and rounds once).

SciPy's algorithm (Zhang and Jin's E1Z as xsf has it): the power series
E1(z) = -gamma - log z - sum (-z)^k / (k k!) where |z| < 5 or, in the
wedge around the negative real axis where the continued fraction
converges slowly, up to |z| = 40; the continued fraction of DLMF 6.9
elsewhere (at least 21 rounds); both until the term is below 1e-15 of
the sum, at most 500 rounds; on the negative real axis the side of the
cut is taken from the sign of the imaginary zero.  Ei(z) = -E1(-z) +- i
pi (the sign of Im z).  Complex loops the device has (add, multiply,
divide, exp, log, abs) carry it; the iterations run on the elements
still active (``_rounds``).
"""

import math

import numpy

import cupy
from cupyx.scipy.special import _rounds

_EULER = 0.577215664901532860606512090082402431
_MAX_ROUNDS = 500       # E1Z's bound on both loops
_TOL = 1e-15            # E1Z's relative term bound


def _series(z):
    """sum_k>=0 of E1Z's series terms (the factor of z in E1)."""
    # an element stops adding at the term E1Z stops at (a batch of
    # rounds may run past it: ``live`` freezes its sum)
    def step(st):
        z, k, cr, ce1, live = st
        cr = -cr * z * (k / ((k + 1.0) * (k + 1.0)))
        ce1 = cupy.where(live, ce1 + cr, ce1)
        live = live & (cupy.abs(cr) >= cupy.abs(ce1) * _TOL)
        return z, k + 1.0, cr, ce1, live

    def done(st):
        return ~st[4]
    one = z * 0 + 1
    st = _rounds.converge(cupy, step, (z, one.real, one, one,
                                       cupy.isfinite(one.real)),
                          done, _MAX_ROUNDS)
    return st[3]


def _fraction(z):
    """E1Z's continued fraction (without the factor exp(-z))."""
    def step(st):
        z, k, zd, zdc, zc, live = st
        zd = 1.0 / (zd * k + 1.0)
        zdc = zdc * (zd - 1.0)
        nc = zc + zdc
        zd = 1.0 / (zd * k + z)
        zdc = zdc * (z * zd - 1.0)
        nc = nc + zdc
        zc = cupy.where(live, nc, zc)
        live = live & ~((cupy.abs(zdc) <= cupy.abs(nc) * _TOL) & (k > 20))
        return z, k + 1.0, zd, zdc, zc, live

    def done(st):
        return ~st[5]
    zd = 1.0 / z
    one = (z * 0).real + 1.0
    st = _rounds.converge(cupy, step, (z, one, zd, zd, zd,
                                       cupy.isfinite(one)),
                          done, _MAX_ROUNDS)
    return st[4]


def exp1_complex(z):
    (z,), shape = _rounds.flat(cupy, z)
    x = z.real
    y = z.imag
    a0 = cupy.abs(z)
    by_series = (a0 < 5.0) | ((x < -2.0 * cupy.abs(y)) & (a0 < 40.0))
    ok = (a0 > 0) & cupy.isfinite(a0)
    out = z * 0 + complex(numpy.nan, numpy.nan)
    cut = (x <= 0.0) & (y == 0.0)
    # the side of the cut: -i pi copysign(1, Im z)
    side = -1j * cupy.copysign(math.pi, y)

    def series(z, cut, side):
        lz = cupy.where(cut, cupy.log(-z), cupy.log(z))
        return -_EULER - lz + z * _series(z) + cupy.where(cut, side, 0)
    _rounds.on_subset(cupy, ok & by_series, series, (z, cut, side), (out,))

    def fraction(z, cut):
        return cupy.exp(-z) * _fraction(z) - cupy.where(cut, 1j * math.pi,
                                                         0)
    _rounds.on_subset(cupy, ok & ~by_series, fraction, (z, cut), (out,))
    out = cupy.where(a0 == 0, complex(numpy.inf, 0), out)
    return out.reshape(shape)


def expi_complex(z):
    cei = -exp1_complex(-z)
    y = z.imag
    shift = cupy.where(y > 0, math.pi, cupy.where(y < 0, -math.pi, 0.0))
    # on the real axis: +i pi copysign(1, Im z) for Re z > 0
    shift = cupy.where((y == 0) & (z.real > 0), cupy.copysign(math.pi, y),
                       shift)
    return cei + 1j * shift
