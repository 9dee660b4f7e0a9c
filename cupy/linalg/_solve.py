"""Solvers and numbers of matrices (``numpy.linalg``): solve, inv, lstsq,
pinv, det, slogdet, matrix_rank, cond, tensorsolve, tensorinv.  The
factorisations are the array core's neutral operations
(cupy/_core/_routines_decomp.py); pinv, matrix_rank and the 2-norm cond
are compositions on the device of the singular values."""

import collections
import operator

import numpy

import cupy
from cupy._core import _routines_decomp as _decomp
from cupy._core._operands import as_array
from cupy.linalg import _decomposition

SlogdetResult = collections.namedtuple('SlogdetResult',
                                       ['sign', 'logabsdet'])


def _square(a):
    a = as_array(a)
    _decomp.check_stacked(a)
    return a


def solve(a, b):
    """x with a @ x = b (b a vector only when 1-d, as NumPy 2);
    LinAlgError for a singular ``a``."""
    a = _square(a)
    b = as_array(b)
    loop = _decomp.loop_dtype(a.dtype, b.dtype)
    return _decomp.run('solve', numpy.linalg.solve, (a, b), loop)


def inv(a):
    """Inverse of stacked square matrices; LinAlgError if one is
    singular."""
    a = _square(a)
    return _decomp.run('inv', numpy.linalg.inv, (a,),
                       _decomp.loop_dtype(a.dtype))


def det(a):
    """Determinant of stacked square matrices."""
    a = _square(a)
    return _decomp.run('det', numpy.linalg.det, (a,),
                       _decomp.loop_dtype(a.dtype))


def slogdet(a):
    """SlogdetResult(sign, logabsdet) of stacked square matrices."""
    a = _square(a)
    return SlogdetResult(*_decomp.run('slogdet', numpy.linalg.slogdet, (a,),
                                      _decomp.loop_dtype(a.dtype)))


def lstsq(a, b, rcond=None):
    """Least-squares solution, residuals, rank and singular values of
    ``a`` (a plain tuple, as NumPy)."""
    a = as_array(a)
    b = as_array(b)
    _decomp.check_stacked(a, square=False)
    if a.ndim != 2:
        raise numpy.linalg.LinAlgError(
            '{}-dimensional array given. Array must be two-dimensional'
            .format(a.ndim))
    loop = _decomp.loop_dtype(a.dtype, b.dtype)
    return _decomp.run('lstsq', lambda x, y: numpy.linalg.lstsq(
        x, y, rcond=rcond), (a, b), loop)


def _rtol(rtol, rcond, default):
    if rcond is not None:
        if rtol is not None:
            raise ValueError("`rtol` and `rcond` can't be both set.")
        return rcond
    return default if rtol is None else rtol


def pinv(a, rcond=None, hermitian=False, *, rtol=None):
    """Pseudo-inverse from the SVD, singular values at or below
    ``rcond * max(s)`` cut (rcond: 1e-15, or max(M, N) * eps with rtol)."""
    a = as_array(a)
    _decomp.check_stacked(a, square=bool(hermitian))
    loop = _decomp.loop_dtype(a.dtype)
    if rcond is None and rtol is None:
        cut = 1e-15
    else:
        cut = _rtol(rtol, rcond, max(a.shape[-2:]) * numpy.finfo(loop).eps)
    m, n = a.shape[-2:]
    if a.size == 0:
        return cupy.zeros(a.shape[:-2] + (n, m), loop)
    u, s, vh = _decomposition.svd(a.conj(), full_matrices=False,
                                  hermitian=hermitian)
    cutoff = cupy.asarray(cut)[..., None] * s.max(axis=-1, keepdims=True)
    big = s > cutoff
    s = cupy.where(big, 1 / cupy.where(big, s, 1), 0)
    return cupy.matmul(vh.swapaxes(-1, -2), s[..., None] * u.swapaxes(-1,
                                                                      -2))


def matrix_rank(A, tol=None, hermitian=False, *, rtol=None):
    """Rank from the number of singular values above ``tol`` (default
    ``S.max() * max(M, N) * eps``, or ``S.max() * rtol``)."""
    A = as_array(A)
    if A.ndim < 2:
        return int(bool((A != 0).any()))
    s = _decomposition.svd(A, compute_uv=False, hermitian=hermitian)
    if tol is None:
        if rtol is None:
            rtol = max(A.shape[-2:]) * numpy.finfo(s.dtype).eps
        else:
            rtol = cupy.asarray(rtol)[..., None]
        tol = s.max(axis=-1, keepdims=True) * rtol
    else:
        tol = cupy.asarray(tol)[..., None]
    return cupy.count_nonzero(s > tol, axis=-1)


def cond(x, p=None):
    """Condition number in the norm ``p`` (None, 2, -2 from the singular
    values; 'fro', 'nuc', 1, -1, inf, -inf as norm(x) * norm(inv(x)),
    infinite for a singular matrix)."""
    x = as_array(x)
    _decomp.check_stacked(x, square=p not in (None, 2, -2))
    if x.shape[-2] * x.shape[-1] == 0:
        raise numpy.linalg.LinAlgError('cond is not defined on empty arrays')
    if p in (None, 2, -2):
        s = _decomposition.svdvals(x)
        with numpy.errstate(all='ignore'):
            if p == -2:
                return s[..., -1] / s[..., 0]
            return s[..., 0] / s[..., -1]
    # the inverse without inv's singular check: NumPy's cond gives inf
    # (or nan) there; the whole number is NumPy's, on the host
    return _decomp.run('inv', lambda h: numpy.asarray(
        numpy.linalg.cond(h, p)), (x,), _decomp.loop_dtype(x.dtype))


def tensorsolve(a, b, axes=None):
    """x with tensordot(a, x, x.ndim) = b."""
    a = as_array(a)
    b = as_array(b)
    if axes is not None:
        allaxes = list(range(a.ndim))
        for k in axes:
            allaxes.remove(k)
            allaxes.insert(a.ndim, k)
        a = a.transpose(allaxes)
    oldshape = a.shape[-(a.ndim - b.ndim):]
    prod = 1
    for k in oldshape:
        prod *= k
    if a.size != prod ** 2:
        raise numpy.linalg.LinAlgError(
            'Input arrays must satisfy the requirement '
            'prod(a.shape[b.ndim:]) == prod(a.shape[:b.ndim])')
    x = solve(a.reshape(prod, prod), b.ravel())
    return x.reshape(oldshape)


def tensorinv(a, ind=2):
    """Inverse of ``a`` for tensordot over its first ``ind`` axes."""
    a = as_array(a)
    ind = operator.index(ind)
    if ind <= 0:
        raise ValueError('Invalid ind argument.')
    oldshape = a.shape
    prod = 1
    for k in oldshape[ind:]:
        prod *= k
    invshape = oldshape[ind:] + oldshape[:ind]
    return inv(a.reshape(prod, -1)).reshape(invshape)
