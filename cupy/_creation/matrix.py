"""Matrices: eye, identity, diag, diagflat, tri, tril, triu."""

import operator

import numpy

from cupy._core import _dtype
from cupy._core import core


def _diagonal_view(a, k):
    """The k-th diagonal of 2-d `a` as a writable 1-d view."""
    n, m = a.shape
    s0, s1 = a.strides
    if k >= 0:
        length = max(0, min(n, m - k))
        offset = k * s1 if length else 0
    else:
        length = max(0, min(n + k, m))
        offset = -k * s0 if length else 0
    return a._view_py((length,), (s0 + s1,), offset)


def _order(order):
    if order is None:
        return 'C'      # as numpy.eye
    if isinstance(order, str) and order.upper() in ('C', 'F'):
        return order.upper()        # NumPy takes 'c' and 'f' too
    raise ValueError("only 'C' or 'F' order is permitted")


def eye(N, M=None, k=0, dtype=float, order='C'):
    """A 2-d array with ones on the k-th diagonal and zeros elsewhere."""
    N = operator.index(N)
    M = N if M is None else operator.index(M)
    k = operator.index(k)
    if N < 0 or M < 0:
        raise ValueError('negative dimensions are not allowed')
    dt = _dtype.get_dtype(float if dtype is None else dtype)
    out = core._empty((N, M), dt, _order(order))
    core._fill(out, 0)
    d = _diagonal_view(out, k)
    if d.size:
        core._fill(d, 1)
    return out


def identity(n, dtype=None):
    """The n x n identity matrix (float64 unless ``dtype``)."""
    return eye(n, dtype=dtype)


def diag(v, k=0):
    """The k-th diagonal of 2-d ``v`` (a view), or a 2-d array with 1-d
    ``v`` on its k-th diagonal."""
    import cupy
    v = cupy.asarray(v)
    k = operator.index(k)
    if v.ndim == 1:
        n = v.shape[0] + abs(k)
        out = core._empty((n, n), v.dtype)
        core._fill(out, 0)
        core._copy_to(_diagonal_view(out, k), v)
        return out
    if v.ndim == 2:
        return _diagonal_view(v, k)
    raise ValueError('Input must be 1- or 2-d.')


def diagflat(v, k=0):
    """A 2-d array with the flattened input on its k-th diagonal."""
    import cupy
    return diag(cupy.asarray(v).ravel(), k)


def _triangle(op, m, k):
    import cupy
    m = cupy.asarray(m)
    k = operator.index(k)
    if m.ndim == 0:
        raise TypeError("tri() missing 1 required positional argument: 'N'")
    if m.ndim == 1:
        # NumPy broadcasts a vector against the (n, n) mask
        m = core._broadcast_to(m, (m.shape[0], m.shape[0]))
    out = core._empty(m.shape, m.dtype)
    if out.size:
        core._run(op, (out._as_view(),), (m._as_view(),), {'k': k})
    return out


def _min_int(lo, hi):
    """The smallest signed integer type holding [lo, hi] (the type
    numpy.tri counts rows and columns in)."""
    for t in (numpy.int8, numpy.int16, numpy.int32):
        info = numpy.iinfo(t)
        if info.min <= lo and hi <= info.max:
            return t
    return numpy.int64


def tri(N, M=None, k=0, dtype=float):
    """An N x M array with ones at and below the k-th diagonal.

    As numpy.tri: ``T[i, j] = i >= c[j]`` with the row numbers
    ``arange(N)`` and the column offsets ``c = arange(-k, M - k)``, both
    in a small integer type, so that non-integer N, M and k count as
    NumPy's arange counts them (tri(3.5) is 4 x 4).
    """
    if M is None:
        M = N
    rows = numpy.arange(N, dtype=_min_int(0, N))
    cols = numpy.arange(-k, M - k, dtype=_min_int(-k, M - k))
    dt = _dtype.get_dtype(float if dtype is None else dtype)
    n, m = len(rows), len(cols)
    out = core._empty((n, m), dt)
    if not out.size:
        return out
    # cols is c0 + j * step, step 1 (or 0 when NumPy's integer arange
    # truncated both of its first values to the same integer)
    c0 = int(cols[0])
    step = int(cols[1]) - c0 if m > 1 else 1
    if step == 1:
        ones = core._empty((n, m), dt)
        core._fill(ones, 1)
        return _triangle('tril', ones, -c0)
    # every column is c0: the rows from c0 on are ones
    core._fill(out, 0)
    if c0 < n:
        core._fill(out[max(c0, 0):], 1)
    return out


def tril(m, k=0):
    """A copy of ``m`` with the elements above the k-th diagonal zeroed
    (over the last two axes)."""
    return _triangle('tril', m, k)


def triu(m, k=0):
    """A copy of ``m`` with the elements below the k-th diagonal zeroed
    (over the last two axes)."""
    return _triangle('triu', m, k)



def vander(x, N=None, increasing=False):
    """The Vandermonde matrix of 1-d ``x``: columns ``x**(N-1), ...,
    x**0`` (reversed with ``increasing``), built by repeated multiplication
    as NumPy does, in ``promote_types(x.dtype, int)``."""
    import cupy
    x = cupy.asarray(x)
    if x.ndim != 1:
        raise ValueError('x must be a one-dimensional array or sequence.')
    N = x.shape[0] if N is None else operator.index(N)
    if N < 0:
        raise ValueError('negative dimensions are not allowed')
    dt = numpy.promote_types(x.dtype, numpy.dtype(int))
    v = core._empty((x.shape[0], N), dt)
    if N > 0 and x.shape[0] > 0:
        core._fill(v[:, 0], 1)
        if N > 1:
            core._copy_to(v[:, 1], x)
        for j in range(2, N):
            cupy.multiply(v[:, j - 1], x, out=v[:, j])
    if not increasing:
        v = cupy.ascontiguousarray(v[:, ::-1])
    return v
