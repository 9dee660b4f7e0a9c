"""B-spline filters of ``scipy.signal`` on the device: symiirorder1,
symiirorder2, cspline1d, qspline1d, cspline2d, qspline2d, spline_filter, sepfir2d,
gauss_spline, cspline1d_eval, qspline1d_eval.

The spline coefficients come from a causal and an anti-causal
first-order recursion with mirror-symmetric boundaries (Unser, Aldroubi
& Eden, "B-spline signal processing", IEEE Trans. Signal Processing
41(2), 1993).  Both recursions run through ``lfilter`` (the device's
parallel scan); the starting values are short device sums.  sepfir2d is
two ``cupyx.scipy.ndimage.convolve1d`` passes with SciPy's boundary
(``reflect``, the edge sample repeated).

symiirorder2 (and cspline2d with lamb > 1/144, which uses it) is two
second-order passes through ``sosfilt`` from starting values that are
weighted sums of the signal, truncated as SciPy truncates them.
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


def _spline2d(signal, c0, z1, precision, func=None):
    """func (symiirorder1 with c0, z1, or symiirorder2 with r, omega)
    along the rows, then along the columns."""
    func = symiirorder1 if func is None else func
    x = _floating(signal)
    if x.ndim != 2:
        raise ValueError('signal must be 2-dimensional')
    if precision < 0.0 or precision >= 1.0:
        # cspline2d/qspline2d's own defaults (scipy 1.17)
        single = x.dtype in (numpy.float32, numpy.complex64)
        precision = 1e-3 if single else 1e-6
    out = _along(func, x, -1, c0, z1, precision)
    return _along(func, out, 0, c0, z1, precision)


def cspline2d(signal, lamb=0.0, precision=-1.0):
    """Cubic B-spline coefficients of a 2-D image
    (``scipy.signal.cspline2d``; mirror-symmetric boundaries)."""
    if lamb > 1 / 144.0:
        # the smoothing spline's pole pair r e^{+-i omega} (Unser et al.
        # 1993, eq. 3.22, in SciPy's arrangement)
        root = math.sqrt(3 + 144 * lamb)
        xi = 1 - 96 * lamb + 24 * lamb * root
        omega = math.atan(math.sqrt((144 * lamb - 1.0) / xi))
        r = ((24 * lamb - 1 - math.sqrt(xi)) / (24 * lamb) *
             math.sqrt(48 * lamb + 24 * lamb * root) / math.sqrt(xi))
        return _spline2d(signal, r, omega, precision, symiirorder2)
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


def _first_at_most(values, bound, start):
    """Index of the first of values[start:] at most bound, or None."""
    hits = numpy.flatnonzero(values[start:] <= bound)
    return int(hits[0]) + start if hits.size else None


def _symiir2_weights(r, omega, precision, n):
    """Weights over x of SciPy's mirror-symmetric starting values of
    symiirorder2: y[0], y[1] of the causal pass and out[n-1], out[n-2] of
    the whole filter, with SciPy 1.17's truncation (measured on its
    symiirorder2_ic_fwd/_bwd: the forward sums stop at the first causal
    response term with hc^2 <= precision^2, the backward ones at the
    first pair with (hs + hs)^2 <= precision)."""
    cs = 1 - 2 * r * math.cos(omega) + r * r
    k = numpy.arange(2 * n + 4, dtype=numpy.float64)
    s = math.sin(omega)
    if s != 0:
        hc = cs * r ** k * numpy.sin(omega * (k + 1)) / s
    else:
        # the limit sin((k+1) w) / sin(w) -> (k+1) cos(w)^k at w = 0, pi
        hc = cs * (k + 1) * (r * math.cos(omega)) ** k
    hs = _symmetric_response(r, omega, cs, k)
    # y[0] = sum_k hc[k] x[-k] and y[1] = sum_k hc[k] x[1-k] over the
    # mirrored signal x[-k] = x[k-1]; each sum stops after its first
    # term (from hc[1], resp. hc[2]) with hc^2 <= precision^2
    small = hc * hc <= precision * precision
    last0 = _first_at_most(~small, False, 1)
    last1 = _first_at_most(~small, False, 2)
    if last0 is None or last1 is None or last0 >= n or last1 >= n:
        return None
    w = numpy.zeros((4, n))
    w[0, 0] = hc[0]
    w[0, :last0] += hc[1:last0 + 1]
    w[1, 1] = hc[0]
    w[1, 0] += hc[1]
    w[1, :last1 - 1] += hc[2:last1 + 1]
    pair0 = hs[:-1] + hs[1:]
    pair1 = hs[numpy.abs(numpy.arange(len(hs) - 2) - 1)] + hs[2:]
    for row, pair in ((2, pair0), (3, pair1)):
        last = _first_at_most(pair * pair, precision, 0)
        if last is None or last >= n - 1:
            return None
        # backward sums run over x reversed
        w[row, n - 1 - last:] = pair[:last + 1][::-1]
    return w


def _symmetric_response(r, omega, cs, k):
    """hs[k] = sum_m hc[m] hc[m + k], the impulse response of the whole
    symmetric filter, in closed form (Unser et al. 1993, as
    ``_smooth_coeff``)."""
    r2 = r * r
    g0 = (cs * cs * (1 + r2) / (1 - r2) /
          (1 - 2 * r2 * math.cos(2 * omega) + r2 * r2))
    s = math.sin(omega)
    if s != 0:
        gamma = (1 - r2) / (1 + r2) * math.cos(omega) / s
        return g0 * r ** k * (numpy.cos(omega * k) +
                              gamma * numpy.sin(omega * k))
    # omega = 0 or pi: the limit of the same expression
    c = math.cos(omega)
    return g0 * (r * c) ** k * (1 + (1 - r2) / (1 + r2) * k)


def symiirorder2(input, r, omega, precision=-1.0):
    """cs^2 / ((1 - a2/z - a3/z^2) (1 - a2 z - a3 z^2)) with mirror-
    symmetric boundaries (``scipy.signal.symiirorder2``), a2 = 2 r
    cos(omega), a3 = -r^2, cs = 1 - 2 r cos(omega) + r^2: a causal and an
    anti-causal second-order pass (``sosfilt``) from starting values that
    are weighted sums of the signal."""
    from cupyx.scipy.signal._lfilter import sosfilt
    x = _floating(input)
    if x.dtype.kind == 'c':
        raise TypeError('symiirorder2 takes real signals only')
    r = float(r)
    omega = float(omega)
    if r >= 1.0:
        raise ValueError('r must be less than 1.0')
    if x.ndim > 2:
        raise ValueError('Input must be 1D or 2D')
    single = x.ndim == 1
    x2 = x[None] if single else x
    n = x2.shape[-1]
    if precision <= 0.0 or precision > 1.0:
        # SciPy 1.17's defaults (measured): 1e-6 single, 1e-11 double
        precision = 1e-6 if x.dtype == numpy.float32 else 1e-11
    w = None
    if n > 2:
        with numpy.errstate(over='ignore', invalid='ignore'):
            w = _symiir2_weights(r, omega, precision, n)
    if w is None:
        raise ValueError('Sum to find symmetric boundary conditions did '
                         'not converge.')
    dt = x.dtype
    starts = (x2[:, None, :] * cupy.asarray(w.astype(dt))).sum(axis=-1)
    a2 = 2 * r * math.cos(omega)
    a3 = -r * r
    cs = 1 - a2 + r * r
    sos = numpy.asarray([[cs, 0, 0, 1, -a2, -a3]], dtype=dt)

    def state(v0, v1):
        # sosfilt's zi after outputs v0, v1 (v1 the most recent)
        return cupy.stack([a3 * v0 + a2 * v1, a3 * v1], axis=-1)[None]

    fwd, _ = sosfilt(sos, x2[:, 2:], zi=state(starts[:, 0], starts[:, 1]))
    fwd = cupy.concatenate([starts[:, :2], fwd.astype(dt)], axis=-1)
    bwd, _ = sosfilt(sos, fwd[:, -3::-1],
                     zi=state(starts[:, 2], starts[:, 3]))
    out = cupy.concatenate([bwd[:, ::-1].astype(dt), starts[:, 3:1:-1]],
                           axis=-1)
    return out[0] if single else out
