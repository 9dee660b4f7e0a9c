"""The non-ufunc functions of the list: polygamma, multigammaln, sinc,
zeta, lambertw, sph_harm_y, and the names SciPy 1.17 has
dropped but CuPy 14 keeps (btdtr, btdtri, sph_harm)."""

import math

import numpy
import scipy.special as _sc

import cupy
from cupyx.scipy.special import (
    _exp_log, _gamma, _incbet, _inverse, _lambertw, _log_exp_complex,
    _loggamma_complex, _sph, _zeta)


def zeta(x, q=None, out=None):
    """The Hurwitz zeta function (Riemann's for q=None)."""
    if q is None:
        return _zeta.riemann_zeta_(x, out=out)
    return _zeta.zeta2_(x, q, out=out)


def polygamma(n, x):
    """The n-th derivative of digamma: (-1)**(n+1) n! zeta(n+1, x)."""
    # SciPy's formula, so that the dtypes are SciPy's too
    n = cupy.asarray(n)
    x = cupy.asarray(x)
    fac2 = (-1.0) ** (n + 1) * _gamma.gamma_(n + 1.0) * zeta(n + 1, x)
    return cupy.where(n == 0, _gamma.digamma_(x), fac2)


def multigammaln(a, d):
    """The log of the multivariate gamma function of dimension d."""
    d = int(d) if numpy.isscalar(d) and d == int(d) else d
    if not numpy.isscalar(d) or int(d) != d:
        raise ValueError('d should be a positive integer (dimension)')
    a = cupy.asarray(a)
    if bool(cupy.any(a <= 0.5 * (d - 1))):
        raise ValueError('condition a ({}) > 0.5 * (d-1) ({}) not met'
                         .format(a, 0.5 * (d - 1)))
    # a NumPy float64 (not a weak Python float), as SciPy's: the result
    # is float64 for every input dtype
    res = numpy.float64(d * (d - 1) * 0.25) * numpy.log(numpy.pi)
    for j in range(d):
        res = res + _gamma.gammaln_(a - 0.5 * j)
    return res


def sinc(x):
    """sin(pi x) / (pi x), 1 at 0 (``numpy.sinc``, which SciPy
    re-exports)."""
    x = cupy.asarray(x)
    if x.dtype.kind not in 'fc':
        x = x.astype(numpy.float64)
    if x.dtype.kind == 'c':
        return _sinc_complex(x.astype(numpy.complex128)).astype(x.dtype)
    xd = x.astype(numpy.float64)
    return _exp_log.sinc(xd).astype(x.dtype)


def _sinc_complex(z):
    # sin(pi z) with sin(pi x), cos(pi x) exact (as the real sinc), over
    # pi z; 1 at 0 (NumPy's 1e-20 in place of 0)
    z0 = z == 0
    x = cupy.where(z0, 1.0e-20, z.real)
    y = cupy.where(z0, 0.0, z.imag)
    sr, si = _loggamma_complex.sinpi_parts(x, y)
    return _log_exp_complex.make(sr, si) / (
        math.pi * _log_exp_complex.make(x, y))


def lambertw(z, k=0, tol=1e-8):
    """The Lambert W function, branch k, to relative tolerance tol."""
    z = cupy.asarray(z)
    # SciPy's loop for these types (a one-element host call decides it)
    with numpy.errstate(all='ignore'):
        dtype = _sc.lambertw(numpy.ones(1, z.dtype), 0, 1e-8).dtype
    # SciPy takes k as a C long; tol (a float or an array) broadcasts
    k = cupy.asarray(k).astype(numpy.int64)
    if numpy.isscalar(tol):
        tol = float(tol)
    return _lambertw.lambertw_device(z, k, tol).astype(dtype)


def sph_harm_y(n, m, theta, phi, *, diff_n=0):
    """Spherical harmonics (SciPy's new argument order)."""
    return _sph.sph_harm_y(n, m, theta, phi, diff_n=diff_n)


def sph_harm(m, n, theta, phi):
    """CuPy's (SciPy < 1.17's) spherical harmonics: theta the azimuthal
    angle, phi the polar one; sph_harm_y(n, m, phi, theta)."""
    return sph_harm_y(n, m, phi, theta)


def btdtr(a, b, x, out=None):
    """The beta distribution's CDF: betainc(a, b, x)."""
    return _incbet.betainc_(a, b, x, out=out)


def btdtri(a, b, p, out=None):
    """The beta distribution's quantile: betaincinv(a, b, p)."""
    return _inverse.betaincinv_(a, b, p, out=out)
