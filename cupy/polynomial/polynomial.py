"""Power series, coefficients lowest power first
(``numpy.polynomial.polynomial``), on the device."""

import numpy

import cupy
from cupy._core import core
from cupy.linalg import _decomposition
from cupy.polynomial import polyutils as pu


def _float_array(x):
    # NumPy's ``np.array(x, ndmin=1) + 0.0``: integers and bool become
    # float64, floating and complex types stay
    x = cupy.asarray(x)
    if x.ndim == 0:
        x = x.reshape(1)
    if x.dtype.kind in 'biu':
        x = x.astype(numpy.float64)
    return x


def polyvander(x, deg):
    """The Vandermonde matrix of ``x``: ``out[..., i] = x ** i`` for
    ``i`` up to ``deg``."""
    ideg = pu._as_int(deg, 'deg')
    if ideg < 0:
        raise ValueError('deg must be non-negative')
    x = _float_array(x)
    # built power-major, then the power axis moved last: NumPy's layout
    # (F-contiguous for a 1-d x)
    v = core._empty((ideg + 1,) + x.shape, x.dtype)
    v[0] = 1
    if ideg > 0:
        v[1] = x
    # successive products, as NumPy (x ** i would round differently)
    for i in range(2, ideg + 1):
        cupy.multiply(v[i - 1], x, out=v[i])
    v = cupy.moveaxis(v, 0, -1)
    return v


def polycompanion(c):
    """The companion matrix of the series ``c`` (its eigenvalues are the
    roots)."""
    [c] = pu.as_series([c])
    if c.shape[0] < 2:
        raise ValueError('Series must have maximum degree of at least 1.')
    if c.shape[0] == 2:
        return (-c[0] / c[1]).reshape(1, 1)
    n = c.shape[0] - 1
    mat = cupy.zeros((n, n), dtype=c.dtype)
    mat.reshape(-1)[n::n + 1] = 1
    mat[:, -1] -= c[:-1] / c[-1]
    return mat


def polyval(x, c, tensor=True):
    """The series ``c`` at ``x`` (Horner's rule).  A multidimensional
    ``c`` holds one series per column; ``tensor`` evaluates each of them
    at every ``x``."""
    c = cupy.asarray(c)
    if c.dtype.kind in 'biu':
        c = c.astype(numpy.float64)
    if c.ndim == 0:
        c = c.reshape(1)
    if isinstance(x, (tuple, list)):
        x = cupy.asarray(x)
    if isinstance(x, core.ndarray) and tensor:
        c = c.reshape(c.shape + (1,) * x.ndim)
    c0 = c[-1] + x * 0
    for i in range(2, c.shape[0] + 1):
        c0 = c[-i] + c0 * x
    return c0


def polyvalfromroots(x, r, tensor=True):
    """The product of ``x - r`` over the roots ``r``."""
    r = cupy.asarray(r)
    if r.ndim == 0:
        r = r.reshape(1)
    if r.dtype.kind in 'biu':
        r = r.astype(numpy.float64)
    if isinstance(x, (tuple, list)):
        x = cupy.asarray(x)
    if isinstance(x, core.ndarray):
        if tensor:
            r = r.reshape(r.shape + (1,) * x.ndim)
        elif x.ndim >= r.ndim:
            raise ValueError('x.ndim must be < r.ndim when tensor == False')
    return cupy.prod(x - r, axis=0)


def polyadd(c1, c2):
    """The sum of two series."""
    c1, c2 = pu.as_series([c1, c2])
    if c1.shape[0] < c2.shape[0]:
        c1, c2 = c2, c1
    out = c1.copy()
    out[:c2.shape[0]] += c2
    return pu.trimseq(out)


def polysub(c1, c2):
    """The difference of two series."""
    c1, c2 = pu.as_series([c1, c2])
    n = max(c1.shape[0], c2.shape[0])
    out = cupy.zeros(n, c1.dtype)
    out[:c1.shape[0]] += c1
    out[:c2.shape[0]] -= c2
    return pu.trimseq(out)


def polymulx(c):
    """The series ``c`` multiplied by x."""
    [c] = pu.as_series([c])
    out = cupy.zeros(c.shape[0] + 1, c.dtype)
    out[1:] = c
    return out


def polymul(c1, c2):
    """The product of two series (their convolution)."""
    c1, c2 = pu.as_series([c1, c2])
    return pu.trimseq(cupy.convolve(c1, c2))


def polyder(c, m=1, scl=1, axis=0):
    """The ``m``-th derivative of the series ``c`` along ``axis``, each
    differentiation multiplied by ``scl``."""
    c = cupy.array(c, ndmin=1, copy=True)
    if c.dtype.kind in 'biu':
        c = c.astype(numpy.float64)
    cnt = pu._as_int(m, 'the order of derivation')
    iaxis = pu._as_int(axis, 'the axis')
    if cnt < 0:
        raise ValueError('The order of derivation must be non-negative')
    iaxis = _normalize_axis(iaxis, c.ndim)
    if cnt == 0:
        return c
    c = cupy.moveaxis(c, iaxis, 0)
    n = c.shape[0]
    if cnt >= n:
        return cupy.moveaxis(c[:1] * 0, 0, iaxis)
    for _ in range(cnt):
        n = n - 1
        c = c * scl
        w = cupy.arange(1, n + 1, dtype=c.dtype).reshape(
            (n,) + (1,) * (c.ndim - 1))
        c = c[1:n + 1] * w
    return cupy.moveaxis(c, 0, iaxis)


def _normalize_axis(axis, ndim):
    if not -ndim <= axis < ndim:
        raise numpy.exceptions.AxisError(axis, ndim)
    return axis % ndim


def polyint(c, m=1, k=[], lbnd=0, scl=1, axis=0):
    """The ``m``-th integral of the series ``c`` along ``axis``, with
    integration constants ``k`` (values at ``lbnd``), each integration
    multiplied by ``scl``."""
    c = cupy.array(c, ndmin=1, copy=True)
    if c.dtype.kind in 'biu':
        c = c.astype(numpy.float64)
    if not numpy.iterable(k):
        k = [k]
    cnt = pu._as_int(m, 'the order of integration')
    iaxis = pu._as_int(axis, 'the axis')
    if cnt < 0:
        raise ValueError('The order of integration must be non-negative')
    if len(k) > cnt:
        raise ValueError('Too many integration constants')
    if numpy.ndim(lbnd) != 0:
        raise ValueError('lbnd must be a scalar.')
    if numpy.ndim(scl) != 0:
        raise ValueError('scl must be a scalar.')
    iaxis = _normalize_axis(iaxis, c.ndim)
    if cnt == 0:
        return c
    k = list(k) + [0] * (cnt - len(k))
    c = cupy.moveaxis(c, iaxis, 0)
    for i in range(cnt):
        n = c.shape[0]
        c = c * scl
        tmp = cupy.zeros((n + 1,) + c.shape[1:], dtype=c.dtype)
        w = cupy.arange(1, n + 1, dtype=c.dtype).reshape(
            (n,) + (1,) * (c.ndim - 1))
        tmp[1:] = c / w
        tmp[0] += k[i] - polyval(lbnd, tmp)
        c = tmp
    return cupy.moveaxis(c, 0, iaxis)


def polyfromroots(roots):
    """The series whose roots are ``roots`` (monic)."""
    [r] = pu.as_series([roots], trim=False)
    out = cupy.ones(1, r.dtype)
    for i in range(r.shape[0]):
        out = polymulx(out) - cupy.concatenate(
            [out * r[i], cupy.zeros(1, r.dtype)])
    return out


def polyroots(c):
    """The roots of the series ``c`` (eigenvalues of its companion
    matrix, sorted)."""
    [c] = pu.as_series([c])
    if c.shape[0] < 2:
        return cupy.array([], dtype=c.dtype)
    if c.shape[0] == 2:
        return (-c[0] / c[1]).reshape(1)
    m = polycompanion(c)[::-1, ::-1]
    r = _decomposition._eigvals_real_if_real(m)
    return cupy.sort(r)


def polyline(off, scl):
    """The series ``off + scl * x``."""
    if scl != 0:
        return cupy.array([off, scl])
    return cupy.array([off])
