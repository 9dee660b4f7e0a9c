"""The spherical Bessel function of the second kind, spherical_yn, and
the spherical harmonics sph_harm_y.

For real arguments: SciPy's algorithm (xsf's sph_bessel_y): y_0 =
-cos(x)/x, y_1 = (y_0 - sin x)/x and the upward recurrence y_{k+1} =
(2k + 1)/x y_k - y_{k-1} (DLMF 10.51.1), which stops where it overflows;
negative x by the reflection y_n(-x) = (-1)^(n+1) y_n(x) (DLMF 10.47.14);
the derivative by DLMF 10.51.2.  The recurrence runs to the largest
order in n (one read of it), each element keeping the term of its own
order.  Complex arguments: ``_sph_complex.py``.

sph_harm_y(n, m, theta, phi) is the normalised associated Legendre
function (Condon-Shortley phase) times e^(i m phi), the Legendre factor
by the standard stable recurrences in the degree for fixed order (DLMF
14.10.3 normalised; the diagonal P_m^m from sin(theta)^m, then P_(m+1)^m,
then upwards), run to the largest degree (one read), each element
keeping its own; m < 0 by Y_n^-m = (-1)^m conj(Y_n^m), 0 where |m| > n
or n < 0 (SciPy).  The derivatives (diff_n = 1, 2) from the same
function at the neighbouring orders (DLMF 14.10.1/14.10.2).  SciPy has
no complex loop and no diff_n > 2: both raise SciPy's errors.
"""

import math
import numbers

import numpy
import scipy.special as _sc
from scipy.special import _ufuncs as _sc_ufuncs

import cupy
from cupyx.scipy.special import _sph_complex
from cupyx.scipy.special import _trig
from cupyx.scipy.special._ufuncs import define


def _yn_real(n, x):
    """y_n(x) for float64 x and int64 n of one shape (n >= 0)."""
    ax = cupy.absolute(x)
    xs = cupy.where((ax > 0) & cupy.isfinite(ax), ax, 1.0)
    # sin/cos rounded as SciPy's (the recurrence carries their last bit)
    sn, cs = _trig.sincos(xs, cupy)
    s0 = -cs / xs
    s1 = (s0 - sn) / xs
    res = cupy.where(n == 0, s0, s1)
    top = int(n.max()) if n.size else 0
    for k in range(top - 1):
        sn = (2 * k + 3) * s1 / xs - s0
        # an overflowed term is kept (xsf returns it at once)
        sn = cupy.where(cupy.isinf(s1), s1, sn)
        s0 = cupy.where(cupy.isinf(s1), s0, s1)
        s1 = sn
        res = cupy.where(n == k + 2, s1, res)
    odd = (n % 2) == 1
    res = cupy.where(x < 0, cupy.where(odd, res, -res), res)
    res = cupy.where(cupy.isinf(x), cupy.where(x < 0, -0.0, 0.0), res)
    res = cupy.where(cupy.isinf(x) & (x < 0) & odd, 0.0, res)
    res = cupy.where(x == 0, -numpy.inf, res)
    res = cupy.where(cupy.isnan(x), numpy.nan, res)
    return cupy.where(n < 0, numpy.nan, res)


def _yn_loop(n, z):
    """The float loops of SciPy's _spherical_yn (n comes as float64)."""
    n, z = cupy.broadcast_arrays(n.astype(numpy.int64), z)
    return _yn_real(n, z)


def _yn_d_loop(n, z):
    """The float loops of SciPy's _spherical_yn_d: DLMF 10.51.2, y_n' =
    y_(n-1) - (n + 1)/z y_n, y_0' = -y_1."""
    n, z = cupy.broadcast_arrays(n.astype(numpy.int64), z)
    ynm = _yn_real(cupy.where(n == 0, 1, n - 1), z)
    d = ynm - (n + 1) * _yn_real(n, z) / z
    d = cupy.where(n == 0, -ynm, d)
    return cupy.where(n < 0, numpy.nan, d)


def _complex_loop(fn):
    """A complex loop of SciPy's (lD->D; n comes as complex128)."""
    def loop(n, z):
        with numpy.errstate(all='ignore'):
            return fn(cupy, n.real.astype(numpy.int64), z)
    return loop


# SciPy's private ufuncs behind spherical_yn: their loops ('ld', 'lD',
# 'lf', 'lF') and dtype resolution, and scipy.special.spherical_yn(n,
# cupy_z) dispatches to them (__array_ufunc__)
_spherical_yn = define(
    _sc_ufuncs._spherical_yn, _yn_loop, ints='l',
    complex_compute=_complex_loop(_sph_complex.yn_complex))
_spherical_yn_d = define(
    _sc_ufuncs._spherical_yn_d, _yn_d_loop, ints='l',
    complex_compute=_complex_loop(_sph_complex.yn_complex_derivative))


def spherical_yn(n, z, derivative=False):
    """The spherical Bessel function of the second kind y_n(z) (or its
    derivative)."""
    n = cupy.asarray(n)
    if n.dtype.kind not in 'biuf':
        raise TypeError('spherical_yn: n must be an integer array, not %s'
                        % n.dtype)
    z = cupy.asarray(z)
    # SciPy's wrapper negates a bool z (TypeError)
    if z.dtype.kind == 'b':
        raise TypeError('spherical_yn: a bool z is not supported')
    # SciPy's wrapper runs real z through its loop (float16, float32 and
    # small integers: 'lf', float32 precision) and multiplies by an int64
    # sign, so the result is float64 with that precision; complex z:
    # 'lD' or 'lF'
    if z.dtype.kind != 'c':
        if numpy.can_cast(z.dtype, numpy.float32):
            n = n.astype(numpy.int64)
            fn = _spherical_yn_d if derivative else _spherical_yn
            return fn(n, z.astype(numpy.float32)).astype(numpy.float64)
        z = z.astype(numpy.float64, copy=False)
    # SciPy takes n as a C long (a float n is truncated)
    n = n.astype(numpy.int64)
    return (_spherical_yn_d if derivative else _spherical_yn)(n, z)


def _legendre_normalised(n, am, theta):
    """sqrt((2n+1)/(4 pi) (n-m)!/(n+m)!) P_n^m(cos theta), with the
    Condon-Shortley phase, for int64 n >= am >= 0 and float64 theta of
    one shape."""
    # P_n^m(x) of x = cos(theta): (1 - x^2)^(m/2) = |sin(theta)|
    s = cupy.absolute(cupy.sin(theta))
    c = cupy.cos(theta)
    amf = am.astype(numpy.float64)
    p = s * 0.0 + 1.0 / math.sqrt(4.0 * math.pi)
    top_m = int(am.max()) if am.size else 0
    for k in range(1, top_m + 1):
        step = -math.sqrt((2.0 * k + 1.0) / (2.0 * k)) * s * p
        p = cupy.where(am >= k, step, p)
    prev = p
    cur = cupy.sqrt(2.0 * amf + 3.0) * c * p
    res = cupy.where(n == am, p, cur)
    top = int((n - am).max()) if n.size else 0
    for j in range(2, top + 1):
        d = amf + j
        d2m = d * d - amf * amf
        a = cupy.sqrt((4.0 * d * d - 1.0) / d2m)
        b = cupy.sqrt(((d - 1.0) ** 2 - amf * amf) * (2.0 * d + 1.0)
                      / ((2.0 * d - 3.0) * d2m))
        nxt = a * c * cur - b * prev
        prev, cur = cur, nxt
        res = cupy.where(n - am == j, cur, res)
    return res


def _check_diff_n(diff_n):
    """SciPy's checks of diff_n (an integral value 0, 1 or 2)."""
    msg = 'diff_n must be a non-negative integer'
    if not isinstance(diff_n, numbers.Real):
        raise TypeError(msg)
    if diff_n < 0 or diff_n != int(diff_n):
        raise ValueError(msg)
    if diff_n > 2:
        raise ValueError('diff_n is currently only implemented for orders '
                         '0, 1, and 2, received: %s.' % (diff_n,))
    return int(diff_n)


def sph_harm_y(n, m, theta, phi, *, diff_n=0):
    """The spherical harmonic Y_n^m(theta, phi) (theta polar, phi
    azimuthal: SciPy >= 1.15's order)."""
    diff_n = _check_diff_n(diff_n)
    args = [cupy.asarray(a) for a in (n, m, theta, phi)]
    # SciPy's loops decide the result dtype (and refuse a float n or m)
    with numpy.errstate(all='ignore'):
        dtype = _sc.sph_harm_y(*[numpy.ones(1, a.dtype) for a in args]).dtype
    n, m, theta, phi = cupy.broadcast_arrays(
        args[0].astype(numpy.int64), args[1].astype(numpy.int64),
        args[2].astype(numpy.float64), args[3].astype(numpy.float64))
    if diff_n:
        return _sph_harm_derivatives(n, m, theta, phi, diff_n, dtype)
    am = cupy.absolute(m)
    valid = (n >= 0) & (am <= n)
    nn = cupy.where(valid, n, 0)
    am = cupy.where(valid, am, 0)
    p = _legendre_normalised(nn, am, theta)
    # m < 0: (-1)^m conj(Y_n^|m|)
    sign = cupy.where((m < 0) & (am % 2 == 1), -1.0, 1.0)
    ang = am.astype(numpy.float64) * phi
    re = cupy.where(valid, sign * p * cupy.cos(ang), 0.0)
    im = cupy.where(valid, p * cupy.sin(ang), 0.0)
    im = cupy.where(m < 0, -sign * im, im)
    out = cupy.empty(re.shape, numpy.complex128)
    out.real[...] = re
    out.imag[...] = im
    return out.astype(dtype, copy=False)


def _pbar(n, k, theta):
    """The normalised P_n^k(cos theta) of any integer k (0 for |k| > n or
    n < 0): P^-k = (-1)^k P^k."""
    ak = cupy.absolute(k)
    valid = (n >= 0) & (ak <= n)
    p = _legendre_normalised(cupy.where(valid, n, 0), cupy.where(
        valid, ak, 0), theta)
    sign = cupy.where((k < 0) & (ak % 2 == 1), -1.0, 1.0)
    return cupy.where(valid, sign * p, 0.0)


def _sph_harm_derivatives(n, m, theta, phi, diff_n, dtype):
    """(Y, [dY/dtheta, dY/dphi]) and for diff_n = 2 the Hessian, from
    dP^m/dtheta = (b_m P^(m+1) - a_m P^(m-1))/2, a_k = sqrt((n+k)(n-k+1)),
    b_k = sqrt((n-k)(n+k+1)) (DLMF 14.10.1/14.10.2 normalised), twice
    for the second derivative; the phi-derivatives are i m and -m^2."""
    nf = n.astype(numpy.float64)

    def coef(k):
        kf = k.astype(numpy.float64)
        a = cupy.sqrt(cupy.maximum((nf + kf) * (nf - kf + 1.0), 0.0))
        b = cupy.sqrt(cupy.maximum((nf - kf) * (nf + kf + 1.0), 0.0))
        return a, b
    p = {d: _pbar(n, m + d, theta) for d in range(-diff_n, diff_n + 1)}
    am_, bm_ = coef(m)
    dp = 0.5 * (bm_ * p[1] - am_ * p[-1])
    # P(cos theta) is taken with |sin theta|^m: where sin theta < 0 the
    # first derivative in theta changes sign (the second does not)
    dp = cupy.where(cupy.sin(theta) < 0, -dp, dp)
    mf = m.astype(numpy.float64)
    ang = mf * phi
    c, s = cupy.cos(ang), cupy.sin(ang)

    def times_e(v):
        out = cupy.empty(v.shape, numpy.complex128)
        out.real[...] = v * c
        out.imag[...] = v * s
        return out
    y = times_e(p[0])
    dth = times_e(dp)
    dph = 1j * mf * y
    jac = cupy.stack([dth, dph], axis=-1)
    if diff_n == 1:
        return y.astype(dtype), jac.astype(dtype)
    a1, b1 = coef(m - 1)
    a2, b2 = coef(m + 1)
    dpm = 0.5 * (b1 * p[0] - a1 * p[-2])
    dpp = 0.5 * (b2 * p[2] - a2 * p[0])
    d2 = times_e(0.5 * (bm_ * dpp - am_ * dpm))
    cross = 1j * mf * dth
    hess = cupy.stack([cupy.stack([d2, cross], axis=-1),
                       cupy.stack([cross, -(mf * mf) * y], axis=-1)],
                      axis=-2)
    return y.astype(dtype), jac.astype(dtype), hess.astype(dtype)
