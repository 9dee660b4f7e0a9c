"""NumPy's polynomial routines (coefficients highest power first), on
the device: Horner's rule, padded sums, convolutions, and the linear
algebra routines for ``roots`` (companion eigenvalues) and ``polyfit``
(scaled least squares).

Each routine takes arrays, scalars or ``poly1d`` objects; as in NumPy a
``poly1d`` operand makes the result a ``poly1d``."""

import operator
import warnings

import numpy

import cupy
from cupy._core import core
from cupy.linalg import _decomposition


def _poly1d_type():
    from cupy._poly.poly1d import poly1d
    return poly1d


def _is_poly1d(x):
    return isinstance(x, _poly1d_type())


def _vec(a):
    """A 1-d device coefficient array (poly1d: its trimmed coefficients)."""
    if _is_poly1d(a):
        return a.coeffs
    a = a if isinstance(a, core.ndarray) else cupy.asarray(a)
    return cupy.atleast_1d(a)


def _wrap(truepoly, val):
    return _poly1d_type()(val) if truepoly else val


def _any_poly1d(*args):
    return any([_is_poly1d(a) for a in args])


def polyval(p, x):
    """The polynomial ``p`` at ``x`` (Horner's rule, one multiply-add per
    coefficient); ``x`` may be a ``poly1d`` (composition)."""
    if _is_poly1d(p):
        p = p.coeffs
    p = p if isinstance(p, core.ndarray) else cupy.asarray(p)
    if p.ndim == 0:
        raise TypeError('iteration over a 0-d array')
    if p.ndim > 1:
        raise ValueError('p must be a 1-d array of coefficients')
    if _is_poly1d(x):
        y = 0
        for i in range(p.shape[0]):
            y = y * x + p[i]
        return y
    x = x if isinstance(x, core.ndarray) else cupy.asarray(x)
    # NumPy's zeros_like(x) * x + p[i]: the type of x with p's
    dtype = numpy.result_type(x.dtype, p.dtype)
    y = cupy.zeros(x.shape, dtype)
    for i in range(p.shape[0]):
        y = y * x + p[i]
    return y


def _padded(a1, a2):
    diff = a2.shape[0] - a1.shape[0]
    if diff > 0:
        a1 = cupy.concatenate([cupy.zeros(diff, a1.dtype), a1])
    elif diff < 0:
        a2 = cupy.concatenate([cupy.zeros(-diff, a2.dtype), a2])
    return a1, a2


def _check_1d(*arrays):
    for a in arrays:
        if a.ndim > 1:
            raise ValueError('Multidimensional inputs are not supported')


def polyadd(a1, a2):
    """The sum of two polynomials."""
    truepoly = _any_poly1d(a1, a2)
    a1, a2 = _vec(a1), _vec(a2)
    _check_1d(a1, a2)
    a1, a2 = _padded(a1, a2)
    return _wrap(truepoly, a1 + a2)


def polysub(a1, a2):
    """The difference of two polynomials."""
    truepoly = _any_poly1d(a1, a2)
    a1, a2 = _vec(a1), _vec(a2)
    _check_1d(a1, a2)
    a1, a2 = _padded(a1, a2)
    return _wrap(truepoly, a1 - a2)


def _trimmed(a):
    # NumPy's poly1d(a).coeffs: leading zeros dropped, [0] if nothing left
    a = _vec(a)
    if a.ndim > 1:
        raise ValueError('Polynomial must be 1d only.')
    t = cupy.trim_zeros(a, trim='f')
    return t if t.size else cupy.zeros(1, a.dtype)


def polymul(a1, a2):
    """The product of two polynomials (their convolution)."""
    truepoly = _any_poly1d(a1, a2)
    return _wrap(truepoly, cupy.convolve(_trimmed(a1), _trimmed(a2)))


def polydiv(u, v):
    """Quotient and remainder of the division of ``u`` by ``v``."""
    truepoly = _any_poly1d(u, v)
    u, v = _vec(u), _vec(v)
    _check_1d(u, v)
    # NumPy computes in the inexact type common to both
    w_dtype = numpy.result_type(u.dtype, v.dtype, 0.0)
    u = u.astype(w_dtype)
    v = v.astype(w_dtype)
    m = u.shape[0] - 1
    n = v.shape[0] - 1
    scale = 1. / v[0]
    q = cupy.zeros((max(m - n + 1, 1),), w_dtype)
    r = u.copy()
    for k in range(m - n + 1):
        d = scale * r[k]
        q[k] = d
        r[k:k + n + 1] -= d * v
    # drop the remainder's leading (near) zeros: one read-back
    small = cupy.isclose(r, 0, rtol=1e-14, atol=1e-8)
    lead = int(cupy.argmin(small)) if not bool(small.all()) \
        else r.shape[0] - 1
    r = r[lead:]
    if truepoly:
        return _poly1d_type()(q), _poly1d_type()(r)
    return q, r


def polyder(p, m=1):
    """The m-th derivative of ``p``."""
    m = operator.index(m)
    if m < 0:
        raise ValueError('Order of derivative must be positive (see polyint)')
    truepoly = _any_poly1d(p)
    p = _vec(p)
    for _ in range(m):
        n = p.shape[0] - 1
        p = p[:-1] * cupy.arange(n, 0, -1)
    return _wrap(truepoly, p)


def polyint(p, m=1, k=None):
    """The m-th antiderivative of ``p``, with integration constants ``k``
    (one per order; a scalar is used for every order)."""
    m = operator.index(m)
    if m < 0:
        raise ValueError('Order of integral must be positive (see polyder)')
    truepoly = _any_poly1d(p)
    k = cupy.zeros(m) if k is None else cupy.atleast_1d(cupy.asarray(k))
    if k.shape[0] == 1 and m > 1:
        k = cupy.broadcast_to(k, (m,))
    if k.shape[0] < m:
        raise ValueError(
            'k must be a scalar or a rank-1 array of length 1 or >m.')
    p = _vec(p)
    for i in range(m):
        p = cupy.concatenate([p / cupy.arange(p.shape[0], 0, -1),
                              k[i:i + 1]])
    return _wrap(truepoly, p)


def poly(seq_of_zeros):
    """The coefficients of the monic polynomial with the given roots (of
    the eigenvalues of a square matrix)."""
    z = seq_of_zeros
    z = z if isinstance(z, core.ndarray) else cupy.asarray(z)
    z = cupy.atleast_1d(z)
    sh = z.shape
    if len(sh) == 2 and sh[0] == sh[1] and sh[0] != 0:
        if z.dtype.kind in 'fc' and cupy.array_equal(z, z.conj().T):
            z = cupy.linalg.eigvalsh(z)
        else:
            z = cupy.linalg.eigvals(z)
    elif len(sh) == 1:
        z = z.astype(numpy.mintypecode(z.dtype.char))
    else:
        raise ValueError('input must be 1d or non-empty square 2d array.')
    if z.shape[0] == 0:
        return 1.0
    a = cupy.ones(1, z.dtype)
    for i in range(z.shape[0]):
        term = cupy.concatenate([cupy.ones(1, z.dtype), -z[i:i + 1]])
        a = cupy.convolve(a, term)
    if a.dtype.kind == 'c':
        # conjugate pairs give real coefficients (NumPy's check, one
        # read-back)
        r = cupy.sort(z.astype(numpy.complex128))
        if bool(cupy.all(r == cupy.sort(r.conj()))):
            a = a.real.copy()
    return a


def roots(p):
    """The roots of the polynomial with coefficients ``p`` (eigenvalues
    of its companion matrix)."""
    if _is_poly1d(p):
        p = p.coeffs
    p = p if isinstance(p, core.ndarray) else cupy.asarray(p)
    if p.ndim == 0:
        raise TypeError('roots of a 0-d array: pass a 1-d array of '
                        'coefficients')
    if p.ndim != 1:
        raise ValueError('Input must be a rank-1 array.')
    nz = cupy.flatnonzero(p)
    if nz.size == 0:
        return cupy.array([])
    first, last = (int(v) for v in nz[::max(nz.size - 1, 1)].get()[[0, -1]])
    trailing = p.shape[0] - last - 1
    p = p[first:last + 1]
    if p.dtype.kind not in 'fc':
        p = p.astype(numpy.float64)
    n = p.shape[0]
    if n > 1:
        a = cupy.diag(cupy.ones((n - 2,), p.dtype), -1)
        a[0, :] = -p[1:] / p[0]
        r = _decomposition._eigvals_real_if_real(a)
    else:
        r = cupy.array([])
    return cupy.concatenate([r, cupy.zeros(trailing, r.dtype)])


def polyfit(x, y, deg, rcond=None, full=False, w=None, cov=False):
    """Least squares polynomial fit of degree ``deg`` (NumPy's scaled
    Vandermonde system, solved with ``cupy.linalg.lstsq``)."""
    order = int(deg) + 1
    # NumPy's ``asarray(x) + 0.0``: new arrays, integer and bool data as
    # float64 (the in-place updates below never touch the caller's data)
    x = cupy.asarray(x) + 0.0
    y = cupy.asarray(y) + 0.0
    if deg < 0:
        raise ValueError('expected deg >= 0')
    if x.ndim != 1:
        raise TypeError('expected 1D vector for x')
    if x.size == 0:
        raise TypeError('expected non-empty vector for x')
    if y.ndim < 1 or y.ndim > 2:
        raise TypeError('expected 1D or 2D array for y')
    if x.shape[0] != y.shape[0]:
        raise TypeError('expected x and y to have same length')
    if rcond is None:
        rcond = x.shape[0] * numpy.finfo(x.dtype).eps
    from cupy.polynomial.polynomial import polyvander
    # numpy.vander works in the type of x promoted with int64 (float32
    # data gives a float64 system)
    vx = x.astype(numpy.promote_types(x.dtype, numpy.int64), copy=False)
    lhs = polyvander(vx, order - 1)[:, ::-1]
    rhs = y
    if w is not None:
        w = cupy.asarray(w) + 0.0
        if w.ndim != 1:
            raise TypeError('expected a 1-d array for weights')
        if w.shape[0] != y.shape[0]:
            raise TypeError('expected w and y to have the same length')
        # in place, as NumPy: a weight of a wider kind (complex weights of
        # real data) is a casting error
        lhs *= w[:, None]
        rhs *= w[:, None] if rhs.ndim == 2 else w
    scale = cupy.sqrt((lhs * lhs).sum(axis=0))
    lhs /= scale
    c, resids, rank, s = cupy.linalg.lstsq(lhs, rhs, rcond)
    c = (c.T / scale).T
    if rank != order and not full:
        warnings.warn('Polyfit may be poorly conditioned',
                      numpy.exceptions.RankWarning, stacklevel=2)
    if full:
        return c, resids, rank, s, rcond
    if cov:
        vbase = cupy.linalg.inv(cupy.dot(lhs.T, lhs))
        vbase /= cupy.outer(scale, scale)
        if cov == 'unscaled':
            fac = 1
        else:
            if x.shape[0] <= order:
                raise ValueError('the number of data points must exceed '
                                 'order to scale the covariance matrix')
            fac = resids / (x.shape[0] - order)
        if y.ndim == 1:
            return c, vbase * fac
        return c, vbase[:, :, None] * fac
    return c
