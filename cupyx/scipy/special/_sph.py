"""The spherical Bessel function of the second kind, spherical_yn.

For real arguments: SciPy's algorithm (xsf's sph_bessel_y): y_0 =
-cos(x)/x, y_1 = (y_0 - sin x)/x and the upward recurrence y_{k+1} =
(2k + 1)/x y_k - y_{k-1} (DLMF 10.51.1), which stops where it overflows;
negative x by the reflection y_n(-x) = (-1)^(n+1) y_n(x) (DLMF 10.47.14);
the derivative by DLMF 10.51.2.  The recurrence runs to the largest
order in n (one read of it), each element keeping the term of its own
order.  Complex arguments run SciPy on the host (counted).
"""

import numpy
import scipy.special as _sc

import cupy
from cupyx.scipy.special._host import host_call


def _yn_real(n, x):
    """y_n(x) for float64 x and int64 n of one shape (n >= 0)."""
    ax = cupy.absolute(x)
    xs = cupy.where((ax > 0) & cupy.isfinite(ax), ax, 1.0)
    s0 = -cupy.cos(xs) / xs
    s1 = (s0 - cupy.sin(xs)) / xs
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


def spherical_yn(n, z, derivative=False):
    """The spherical Bessel function of the second kind y_n(z) (or its
    derivative)."""
    n = cupy.asarray(n)
    z = cupy.asarray(z)
    if z.dtype.kind == 'c' or n.dtype.kind not in 'biuf':
        return host_call('spherical_yn', _sc.spherical_yn, n, z,
                         derivative=derivative)
    # SciPy's loop takes n as a C long (a float n is truncated)
    n = n.astype(numpy.int64)
    n, z = cupy.broadcast_arrays(n, z.astype(numpy.float64))
    if not derivative:
        return _yn_real(n, z)
    # DLMF 10.51.2: y_n' = y_{n-1} - (n + 1)/z y_n; y_0' = -y_1
    ynm = _yn_real(cupy.where(n == 0, 1, n - 1), z)
    yn = _yn_real(n, z)
    d = ynm - (n + 1) * yn / z
    d = cupy.where(n == 0, -ynm, d)
    return cupy.where(n < 0, numpy.nan, d)
