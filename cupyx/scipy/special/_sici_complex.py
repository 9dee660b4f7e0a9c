"""sici and shichi of complex arguments (their D->DD loops; F->FF computes
in complex128 and rounds once).

SciPy's algorithm (xsf's sici.h, after mpmath): the power series of DLMF
6.6.5/6.6.6 below |z| = 0.8 (15 terms: the 15th is below 1e-35 there,
xsf stops at the machine epsilon), elsewhere the exponential integrals
(DLMF 6.5.5/6.5.6 with 6.4.4/6.4.6/6.4.7) through the device's complex
Ei (``_expint_complex``), with the branch constants xsf adds.
"""

import math

import numpy

import cupy
from cupyx.scipy.special import _rounds
from cupyx.scipy.special._expint_complex import expi_complex
from cupyx.scipy.special._log_exp_complex import make, parts

_EULER = 0.577215664901532860606512090082402431
_SERIES_RADIUS = 0.8
_TERMS = 15


def _series(z, sgn):
    """(sum of Si or Shi's series, Ci or Chi's series without gamma +
    log z); sgn -1 for si/ci, +1 for shi/chi."""
    fac = z
    s = z
    c = z * 0
    for n in range(1, _TERMS + 1):
        fac = fac * z * (sgn / (2.0 * n))
        c = c + fac / (2.0 * n)
        fac = fac * z / (2.0 * n + 1.0)
        s = s + fac / (2.0 * n + 1.0)
    return s, c


def _run(z, ei_part, sgn, at_inf):
    (z,), shape = _rounds.flat(cupy, z)
    x, y = parts(z)
    nan = complex(numpy.nan, numpy.nan)
    first = cupy.full(z.shape, nan)
    second = cupy.full(z.shape, nan)
    near = cupy.absolute(z) < _SERIES_RADIUS

    def series(z):
        s, c = _series(z, sgn)
        zs = cupy.where(z == 0, 1.0, z)
        c = c + _EULER + cupy.log(zs)
        c = cupy.where(z == 0, complex(-numpy.inf, numpy.nan), c)
        return s, c
    _rounds.on_subset(cupy, near, series, (z,), (first, second))
    far = ~near & cupy.isfinite(x) & cupy.isfinite(y)
    _rounds.on_subset(cupy, far, ei_part, (z,), (first, second))
    for value, (a, b) in at_inf.items():
        hit = (x == value) & (y == 0)
        first = cupy.where(hit, a, first)
        second = cupy.where(hit, b, second)
    return first.reshape(shape), second.reshape(shape)


def _sici_far(z):
    x, y = parts(z)
    t1 = expi_complex(make(-y, x))          # Ei(iz)
    t2 = expi_complex(make(y, -x))          # Ei(-iz)
    d, s = parts(t1 - t2)
    si = make(0.5 * s, -0.5 * d)            # -i (t1 - t2) / 2
    ci = 0.5 * (t1 + t2)
    half = 0.5 * math.pi
    # the branch constants (xsf)
    si = si + cupy.where(x > 0, -half, cupy.where(x < 0, half, 0.0))
    shift = cupy.where(x == 0, cupy.where(y > 0, half, cupy.where(
        y < 0, -half, 0.0)), cupy.where(x < 0, cupy.where(
            y >= 0, math.pi, -math.pi), 0.0))
    return si, ci + 1j * shift


def _shichi_far(z):
    t1 = expi_complex(z)
    t2 = expi_complex(-z)
    shi = 0.5 * (t1 - t2)
    chi = 0.5 * (t1 + t2)
    x, y = parts(z)
    half = 0.5 * math.pi
    d_shi = cupy.where(y > 0, -half, cupy.where(y < 0, half, 0.0))
    d_chi = cupy.where(y > 0, half, cupy.where(y < 0, -half, cupy.where(
        x < 0, math.pi, 0.0)))
    return shi + 1j * d_shi, chi + 1j * d_chi


def sici_complex(z):
    inf = numpy.inf
    return _run(z, _sici_far, -1.0,
                {inf: (0.5 * math.pi, 0.0),
                 -inf: (-0.5 * math.pi, complex(0.0, math.pi))})


def shichi_complex(z):
    inf = numpy.inf
    return _run(z, _shichi_far, 1.0,
                {inf: (inf, inf), -inf: (-inf, inf)})
