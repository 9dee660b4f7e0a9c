"""NumPy's polynomial routines (coefficients highest power first), on
the device: Horner's rule, padded sums, convolve and arange weights."""

import operator

import cupy
from cupy._core import core


def _vec(a):
    a = a if isinstance(a, core.ndarray) else cupy.asarray(a)
    return cupy.atleast_1d(a)


def polyval(p, x):
    """The polynomial `p` at `x` (Horner's rule, one multiply-add per
    coefficient)."""
    p = p if isinstance(p, core.ndarray) else cupy.asarray(p)
    x = x if isinstance(x, core.ndarray) else cupy.asarray(x)
    y = cupy.zeros_like(x)
    for i in range(p.shape[0] if p.ndim else 0):
        y = y * x + p[i]
    return y


def _padded(a1, a2):
    a1, a2 = _vec(a1), _vec(a2)
    diff = a2.shape[0] - a1.shape[0]
    if diff > 0:
        a1 = cupy.concatenate([cupy.zeros(diff, a1.dtype), a1])
    elif diff < 0:
        a2 = cupy.concatenate([cupy.zeros(-diff, a2.dtype), a2])
    return a1, a2


def polyadd(a1, a2):
    """The sum of two polynomials."""
    a1, a2 = _padded(a1, a2)
    return a1 + a2


def polysub(a1, a2):
    """The difference of two polynomials."""
    a1, a2 = _padded(a1, a2)
    return a1 - a2


def polymul(a1, a2):
    """The product of two polynomials (their convolution)."""
    return cupy.convolve(_vec(a1), _vec(a2))


def polyder(p, m=1):
    """The m-th derivative of `p`."""
    m = operator.index(m)
    if m < 0:
        raise ValueError('Order of derivative must be positive (see polyint)')
    p = p if isinstance(p, core.ndarray) else cupy.asarray(p)
    for _ in range(m):
        n = p.shape[0] - 1
        p = p[:-1] * cupy.arange(n, 0, -1)
    return p


def polyint(p, m=1, k=None):
    """The m-th antiderivative of `p`, with integration constants `k`
    (one per order; a scalar is used for every order)."""
    m = operator.index(m)
    if m < 0:
        raise ValueError('Order of integral must be positive (see polyder)')
    k = cupy.zeros(m) if k is None else _vec(k)
    if k.shape[0] == 1 and m > 1:
        k = cupy.broadcast_to(k, (m,))
    if k.shape[0] < m:
        raise ValueError(
            'k must be a scalar or a rank-1 array of length 1 or >m.')
    p = p if isinstance(p, core.ndarray) else cupy.asarray(p)
    for i in range(m):
        p = cupy.concatenate([p / cupy.arange(p.shape[0], 0, -1),
                              k[i:i + 1]])
    return p
