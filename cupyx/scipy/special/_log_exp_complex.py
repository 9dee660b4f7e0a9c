"""The complex loops (D->D, F->F through complex128) of expm1, log1p,
xlogy and xlog1py, SciPy's algorithms (xsf's exp.h and log.h) written on
(real, imaginary) float64 parts, so only real device loops are needed:
- expm1(z) = (expm1(x) cos y + cosm1(y)) + i e^x sin y, -1 + i e^x sin y
  below x = -40;
- log1p(z): log(1 + z) where |z| >= 0.707; inside, Re = log1p(|z|^2 +
  2x)/2 with |z|^2 + 2x exact in double-double arithmetic where it
  cancels (x < 0 near -y^2/2), Im = atan2(y, 1 + x);
- xlogy(x, y) = x log y, 0 where x == 0 and y is not NaN; xlog1py the
  same with log1p.
"""

import numpy

import cupy
from cupyx.scipy.special._exp_log import cosm1, expm1

_SPLIT = 134217729.0        # 2^27 + 1: Veltkamp's splitting constant


def parts(z):
    """(real, imaginary) float64 parts of a complex array."""
    return (cupy.ascontiguousarray(z.real).astype(numpy.float64),
            cupy.ascontiguousarray(z.imag).astype(numpy.float64))


def make(re, im):
    """The complex128 array of parts re, im (no inf * 0j NaNs)."""
    re, im = cupy.broadcast_arrays(re, im)
    out = cupy.empty(re.shape, numpy.complex128)
    out.real[...] = re
    out.imag[...] = im
    return out


def _two_sum(a, b):
    s = a + b
    bb = s - a
    return s, (a - (s - bb)) + (b - bb)


def _two_prod(a, b):
    """a b = p + e exactly (Dekker's product by Veltkamp's split)."""
    p = a * b

    def split(v):
        t = _SPLIT * v
        hi = t - (t - v)
        return hi, v - hi
    ah, al = split(a)
    bh, bl = split(b)
    e = ((ah * bh - p) + ah * bl + al * bh) + al * bl
    return p, e


def expm1_complex(z):
    x, y = parts(z)
    em1 = expm1(x)
    re = cupy.where(x <= -40.0, -1.0, em1 * cupy.cos(y) + cosm1(y))
    im = cupy.where(x > -1.0, (em1 + 1.0) * cupy.sin(y),
                    cupy.exp(x) * cupy.sin(y))
    # the non-finite edges (xsf's C99 conventions)
    finite = cupy.isfinite(x) & cupy.isfinite(y)
    pinf = x == numpy.inf
    re = cupy.where(finite, re, cupy.where(
        x == -numpy.inf, -1.0, cupy.where(
            pinf & cupy.isfinite(y), numpy.inf * cupy.cos(y), cupy.where(
                pinf, numpy.inf, numpy.nan))))
    im = cupy.where(finite, im, cupy.where(
        x == -numpy.inf, 0.0, cupy.where(
            pinf & (y == 0), y, cupy.where(
                pinf & cupy.isfinite(y), numpy.inf * cupy.sin(y),
                numpy.nan))))
    # NaN + 0j: SciPy 1.17 stays on the real axis (imaginary 0), 1.18
    # gives NaN + NaNj; follow the installed SciPy
    if _nan0_imag() == 0:
        im = cupy.where(cupy.isnan(x) & (y == 0), 0.0, im)
    return make(re, im)


def _nan0_imag():
    """The imaginary part of the installed SciPy's expm1(NaN + 0j)."""
    global _NAN0_IMAG
    if _NAN0_IMAG is None:
        import scipy.special
        with numpy.errstate(all='ignore'):
            _NAN0_IMAG = scipy.special.expm1(complex(numpy.nan, 0.0)).imag
    return _NAN0_IMAG


_NAN0_IMAG = None


def log1p_complex(z):
    x, y = parts(z)
    xp1 = x + 1.0
    # |z + 1| and its angle: the plain log(1 + z)
    s = cupy.maximum(cupy.absolute(xp1), cupy.absolute(y))
    ss = cupy.where((s > 0) & cupy.isfinite(s), s, 1.0)
    mod = ss * cupy.sqrt((xp1 / ss) ** 2 + (y / ss) ** 2)
    mod = cupy.where((s > 0) & cupy.isfinite(s), mod, s)
    re = cupy.log(mod)
    im = cupy.arctan2(y, xp1)
    az = cupy.sqrt(x * x + y * y)
    small = (az < 0.707) & ~((y == 0) & (x >= -1.0))
    azs = cupy.where(az > 0, az, 1.0)
    near = small & (x < 0) & \
        (cupy.absolute(-x - y * y * 0.5) / cupy.where(x < 0, -x, 1.0) < 0.5)
    plain = 0.5 * cupy.log1p(azs * (azs + 2.0 * x / azs))
    # x^2 + y^2 + 2x in double-double (the cancelling case)
    r2, r2e = _two_prod(x, x)
    i2, i2e = _two_prod(y, y)
    hi, lo = _two_sum(r2, i2)
    lo = lo + (r2e + i2e)
    hi, lo = _two_sum(hi, lo)
    hi, lo2 = _two_sum(hi, 2.0 * x)
    dd = 0.5 * cupy.log1p(hi + (lo + lo2))
    re = cupy.where(small, cupy.where(near, dd, plain), re)
    # the real axis right of -1: the real log1p
    real = (y == 0) & (x >= -1.0)
    re = cupy.where(real, cupy.log1p(x), re)
    im = cupy.where(real, 0.0, im)
    nan = cupy.isnan(x) & cupy.isnan(y)
    return make(cupy.where(nan, numpy.nan, re), cupy.where(nan, numpy.nan, im))


def _xlog(x, y, log):
    """x log(y) (log the complex function), 0 where x == 0 and y is not
    NaN."""
    x, y = cupy.broadcast_arrays(x, y)
    xr, xi = parts(x)
    yr, yi = parts(y)
    lr, li = parts(log(y))
    re = xr * lr - xi * li
    im = xr * li + xi * lr
    zero = (xr == 0) & (xi == 0) & ~cupy.isnan(yr) & ~cupy.isnan(yi)
    return make(cupy.where(zero, 0.0, re), cupy.where(zero, 0.0, im))


def xlogy_complex(x, y):
    return _xlog(x, y, cupy.log)


def xlog1py_complex(x, y):
    return _xlog(x, y, log1p_complex)
