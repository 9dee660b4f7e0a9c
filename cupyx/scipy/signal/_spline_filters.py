"""B-spline filters of ``scipy.signal`` on the device: symiirorder1,
cspline1d, qspline1d, cspline2d, qspline2d, spline_filter, sepfir2d,
gauss_spline, cspline1d_eval, qspline1d_eval.

The spline coefficients come from a causal and an anti-causal
first-order recursion with mirror-symmetric boundaries (Unser, Aldroubi
& Eden, "B-spline signal processing", IEEE Trans. Signal Processing
41(2), 1993).  Both recursions run through ``lfilter`` (the device's
parallel scan); the starting values are short device sums.  sepfir2d is
two ``cupyx.scipy.ndimage.convolve1d`` passes with SciPy's boundary
(``reflect``, the edge sample repeated).

Not implemented: symiirorder2 and the smoothing splines that need it
(cspline2d with lamb > 1/144).
"""

import math

import numpy

import cupy
from cupyx.scipy.signal._lfilter import lfilter

# the poles of the cubic and quadratic B-spline interpolation filters
# (Unser et al. 1993, table I): z^2 + 4z + 1 and z^2 + 6z + 1
_Z_CUBIC = -2.0 + math.sqrt(3.0)
_Z_QUADRATIC = -3.0 + 2.0 * math.sqrt(2.0)


def _floating(x):
    x = cupy.asarray(x)
    if x.dtype.kind not in 'fc':
        x = x.astype(numpy.float64)
    return x


def _default_precision(dtype, precision, lo=1e-6, hi=1e-11):
    """SciPy's defaults when precision is outside (0, 1]: 1e-6 for single,
    1e-11 for double precision (measured on scipy 1.17's symiirorder1)."""
    if precision <= 0.0 or precision > 1.0:
        return lo if dtype in (numpy.float32, numpy.complex64) else hi
    return precision


def _first_order_pair(x, y0, z1, c0, out_last_gain):
    """Causal pass y1[n] = x[n] + z1 y1[n-1] from y1[0] = y0, then the
    anti-causal pass out[n] = c0 y1[n] + z1 out[n+1] from
    out[N-1] = out_last_gain * y1[N-1]; along the last axis."""
    dt = x.dtype
    a = cupy.asarray([1.0, -z1]).astype(dt)
    y1 = x[..., :1] * 0 + y0[..., None]
    if x.shape[-1] > 1:
        rest, _ = lfilter(cupy.ones(1, dt), a, x[..., 1:],
                          zi=(z1 * y0)[..., None])
        y1 = cupy.concatenate([y1, rest.astype(dt)], axis=-1)
    out_last = out_last_gain * y1[..., -1]
    if x.shape[-1] == 1:
        return out_last[..., None].astype(dt)
    rev, _ = lfilter(cupy.asarray([c0]).astype(dt), a,
                     y1[..., -2::-1], zi=(z1 * out_last)[..., None])
    return cupy.concatenate([rev[..., ::-1], out_last[..., None]],
                            axis=-1).astype(dt)


def symiirorder1(signal, c0, z1, precision=-1.0):
    """c0 / ((1 - z1/z) (1 - z1 z)) with mirror-symmetric boundaries
    (``scipy.signal.symiirorder1``), along the last axis of a 1-D or 2-D
    signal."""
    x = _floating(signal)
    if abs(z1) >= 1:
        raise ValueError('|z1| must be less than 1.0')
    if x.ndim > 2:
        raise ValueError('Input must be 1D or 2D')
    n = x.shape[-1]
    precision = _default_precision(x.dtype, precision)
    # terms until |z1|**k <= precision; SciPy fails unless fewer than n
    k = 1
    while abs(z1) ** k > precision:
        k += 1
        if k >= n:
            break
    if k >= n:
        raise ValueError('Sum to find symmetric boundary conditions did not '
                         'converge.')
    powers = cupy.asarray(numpy.asarray(z1) ** numpy.arange(1, k + 1))
    y0 = x[..., 0] + (x[..., :k] * powers.astype(x.dtype)).sum(axis=-1)
    return _first_order_pair(x, y0.astype(x.dtype), z1, c0,
                             -c0 / (z1 - 1.0))


def _bspline_coeff(signal, z, gain):
    """Interpolating B-spline coefficients along the last axis (pole z,
    overall gain), starting from the whole-signal mirror sum."""
    x = _floating(signal)
    n = x.shape[-1]
    powers = cupy.asarray(z ** numpy.arange(n)).astype(x.dtype)
    y0 = x[..., 0] + z * (x * powers).sum(axis=-1)
    out = _first_order_pair(x, y0, z, -z, z / (z - 1.0))
    if n == 1:
        return out       # SciPy leaves a single sample unscaled
    return out * gain


def _coeff_smooth(lam):
    """Pole (rho, omega) of the smoothing cubic spline of parameter lam
    (Unser et al. 1993, eq. 3.22)."""
    xi = 1 - 96 * lam + 24 * lam * math.sqrt(3 + 144 * lam)
    omega = math.atan2(math.sqrt(144 * lam - 1), math.sqrt(xi))
    rho = (24 * lam - 1 - math.sqrt(xi)) / (24 * lam)
    rho = rho * math.sqrt((48 * lam + 24 * lam *
                           math.sqrt(3 + 144 * lam)) / xi)
    return rho, omega


def _smooth_coeff(x, lam):
    """Smoothing cubic spline coefficients: a second-order causal and
    anti-causal recursion (poles rho e^{+-i omega}) with starting values
    from the closed-form impulse responses (Unser et al. 1993)."""
    rho, omega = _coeff_smooth(lam)
    cs = 1 - 2 * rho * math.cos(omega) + rho * rho
    n = x.shape[-1]
    k = cupy.arange(n, dtype=numpy.float64)

    def hc(j):
        return cs / math.sin(omega) * rho ** j * cupy.sin(omega * (j + 1)) \
            * (j > -1)

    g0 = (cs * cs * (1 + rho * rho) / (1 - rho * rho) /
          (1 - 2 * rho * rho * math.cos(2 * omega) + rho ** 4))
    gamma = (1 - rho * rho) / (1 + rho * rho) / math.tan(omega)

    def hs(j):
        aj = cupy.abs(j)
        return g0 * rho ** aj * (cupy.cos(omega * aj) +
                                 gamma * cupy.sin(omega * aj))

    a = cupy.asarray([1.0, -2 * rho * math.cos(omega), rho * rho])
    b = cupy.asarray([cs])
    # forward: yp[0], yp[1] from the causal response, then the recursion
    y0 = float(hc(cupy.zeros(1))[0]) * x[0] + (hc(k + 1) * x).sum()
    y1 = (float(hc(cupy.zeros(1))[0]) * x[0] +
          float(hc(cupy.ones(1))[0]) * x[1] + (hc(k + 2) * x).sum())
    zi = _lfiltic2(a, y1, y0)
    yp, _ = lfilter(b, a, x[2:], zi=zi)
    yp = cupy.concatenate([cupy.stack([y0, y1]), yp])
    xr = x[::-1]
    e0 = ((hs(k) + hs(k + 1)) * xr).sum()
    e1 = ((hs(k - 1) + hs(k + 2)) * xr).sum()
    zi = _lfiltic2(a, e1, e0)
    y, _ = lfilter(b, a, yp[-3::-1], zi=zi)
    return cupy.concatenate([y[::-1], cupy.stack([e1, e0])])


def _lfiltic2(a, y_prev1, y_prev2):
    """Direct-form II transposed state of an all-pole second-order filter
    whose last two outputs were y_prev1 (most recent) and y_prev2."""
    return cupy.stack([-a[1] * y_prev1 - a[2] * y_prev2, -a[2] * y_prev1])


def cspline1d(signal, lamb=0.0):
    """Cubic spline coefficients of a rank-1 signal
    (``scipy.signal.cspline1d``)."""
    if lamb != 0.0:
        return _smooth_coeff(_floating(signal).astype(numpy.float64), lamb)
    return _bspline_coeff(signal, _Z_CUBIC, 6.0)


def qspline1d(signal, lamb=0.0):
    """Quadratic spline coefficients of a rank-1 signal
    (``scipy.signal.qspline1d``)."""
    if lamb != 0.0:
        raise ValueError('Smoothing quadratic splines not supported yet.')
    return _bspline_coeff(signal, _Z_QUADRATIC, 8.0)


def _along(func, x, axis, *args):
    x = cupy.moveaxis(x, axis, -1)
    shape = x.shape
    out = func(x.reshape(-1, shape[-1]), *args)
    return cupy.ascontiguousarray(cupy.moveaxis(out.reshape(shape), -1,
                                                axis))


def _spline2d(signal, c0, z1, precision):
    x = _floating(signal)
    if x.ndim != 2:
        raise ValueError('signal must be 2-dimensional')
    if precision < 0.0 or precision >= 1.0:
        # cspline2d/qspline2d's own defaults (scipy 1.17)
        single = x.dtype in (numpy.float32, numpy.complex64)
        precision = 1e-3 if single else 1e-6
    out = _along(symiirorder1, x, -1, c0, z1, precision)
    return _along(symiirorder1, out, 0, c0, z1, precision)


def cspline2d(signal, lamb=0.0, precision=-1.0):
    """Cubic B-spline coefficients of a 2-D image
    (``scipy.signal.cspline2d``; mirror-symmetric boundaries)."""
    if lamb > 1 / 144.0:
        raise NotImplementedError(
            'cspline2d with lamb > 1/144 needs symiirorder2, which is not '
            'implemented on this backend')
    return _spline2d(signal, -_Z_CUBIC * 6.0, _Z_CUBIC, precision)


def qspline2d(signal, lamb=0.0, precision=-1.0):
    """Quadratic B-spline coefficients of a 2-D image
    (``scipy.signal.qspline2d``)."""
    if lamb > 0:
        raise ValueError('lambda must be negative or zero')
    return _spline2d(signal, -_Z_QUADRATIC * 8.0, _Z_QUADRATIC, precision)


def sepfir2d(input, hrow, hcol):
    """Separable 2-D FIR filter with mirror-symmetric boundaries
    (``scipy.signal.sepfir2d``): hrow along the rows (axis 1), then hcol
    along the columns."""
    from cupyx.scipy import ndimage
    x = cupy.asarray(input)
    if x.ndim != 2:
        raise ValueError('input must be 2-dimensional')
    # SciPy computes in at least single precision (float16, bool and
    # small integers give float32; 32/64-bit integers float64)
    x = x.astype(numpy.promote_types(x.dtype, numpy.float32), copy=False)
    hrow = cupy.asarray(hrow).astype(x.dtype)
    hcol = cupy.asarray(hcol).astype(x.dtype)
    out = ndimage.convolve1d(x, hrow, axis=1, mode='reflect')
    return ndimage.convolve1d(out, hcol, axis=0, mode='reflect')


def spline_filter(Iin, lmbda=5.0):
    """Smoothing spline (cubic) filtering of a rank-2 array
    (``scipy.signal.spline_filter``)."""
    x = cupy.asarray(Iin)
    if x.dtype not in (numpy.float32, numpy.float64, numpy.complex64,
                       numpy.complex128):
        raise TypeError('Invalid data type for Iin: Iin.dtype = %s'
                        % x.dtype)
    intype = x.dtype
    # SciPy filters complex input in single precision (scipy gh-9209)
    if intype == numpy.complex128:
        x = x.astype(numpy.complex64)
    hcol = cupy.asarray(numpy.array([1.0, 4.0, 1.0], numpy.float32) / 6.0)
    ck = cspline2d(x, lmbda)
    return sepfir2d(ck, hcol, hcol).astype(intype)


def gauss_spline(x, n):
    """Gaussian approximation of the B-spline basis function of order n
    (``scipy.signal.gauss_spline``)."""
    x = cupy.asarray(x)
    signsq = (n + 1) / 12.0
    return 1 / math.sqrt(2 * math.pi * signsq) * cupy.exp(-x ** 2 / 2 /
                                                          signsq)


def _cubic_kernel(x):
    ax = cupy.abs(x)
    return cupy.where(ax < 1, 2.0 / 3 - ax ** 2 + ax ** 3 / 2,
                      cupy.where(ax < 2, (2 - ax) ** 3 / 6, 0.0))


def _quadratic_kernel(x):
    ax = cupy.abs(x)
    return cupy.where(ax < 0.5, 0.75 - ax ** 2,
                      cupy.where(ax < 1.5, (ax - 1.5) ** 2 / 2, 0.0))


def _spline_eval(cj, newx, dx, x0, kernel, width, out_dtype):
    newx = (cupy.asarray(newx, dtype=numpy.float64) - x0) / float(dx)
    cj = cupy.asarray(cj)
    if cj.size == 0:
        raise ValueError("Spline coefficients 'cj' must not be empty.")
    if newx.size == 0:
        return cupy.zeros_like(newx, dtype=out_dtype(cj))
    n = cj.shape[0]
    # mirror-symmetric extension: fold x into [0, n-1]
    if n > 1:
        period = 2.0 * (n - 1)
        y = cupy.abs(newx) % period
        newx = cupy.where(y > n - 1, period - y, y)
    else:
        newx = cupy.zeros_like(newx)
    jlower = cupy.floor(newx - width).astype(numpy.int64) + 1
    res = cupy.zeros(newx.shape, dtype=out_dtype(cj))
    for i in range(int(2 * width)):
        j = jlower + i
        res = res + cj[cupy.clip(j, 0, n - 1)] * kernel(newx - j)
    return res.astype(out_dtype(cj))


def cspline1d_eval(cj, newx, dx=1.0, x0=0):
    """Evaluate a cubic spline at new points
    (``scipy.signal.cspline1d_eval``)."""
    return _spline_eval(cj, newx, dx, x0, _cubic_kernel, 2,
                        lambda c: c.dtype)


def qspline1d_eval(cj, newx, dx=1.0, x0=0):
    """Evaluate a quadratic spline at new points
    (``scipy.signal.qspline1d_eval``)."""
    return _spline_eval(cj, newx, dx, x0, _quadratic_kernel, 1.5,
                        lambda c: numpy.float64)
