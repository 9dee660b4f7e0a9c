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
from cupy._core import _routines_solve as _dev
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
    x = _dev.solve(a, b, loop)
    if x is not None:
        return x
    return _decomp.run('solve', numpy.linalg.solve, (a, b), loop)


def inv(a):
    """Inverse of stacked square matrices; LinAlgError if one is
    singular."""
    a = _square(a)
    loop = _decomp.loop_dtype(a.dtype)
    x = _dev.inv(a, loop)
    if x is not None:
        return x
    return _decomp.run('inv', numpy.linalg.inv, (a,), loop)


def det(a):
    """Determinant of stacked square matrices."""
    a = _square(a)
    loop = _decomp.loop_dtype(a.dtype)
    x = _dev.det(a, loop)
    if x is not None:
        return x
    return _decomp.run('det', numpy.linalg.det, (a,), loop)


def slogdet(a):
    """SlogdetResult(sign, logabsdet) of stacked square matrices."""
    a = _square(a)
    loop = _decomp.loop_dtype(a.dtype)
    res = _dev.slogdet(a, loop)
    if res is None:
        res = _decomp.run('slogdet', numpy.linalg.slogdet, (a,), loop)
    return SlogdetResult(*res)


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
    if b.ndim not in (1, 2):
        raise numpy.linalg.LinAlgError(
            '{}-dimensional array given. Array must be one or '
            'two-dimensional'.format(b.ndim))
    res = _dev.lstsq(a, b, rcond, loop)
    if res is not None:
        return res
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
    if m * n == 0:
        # NumPy keeps the input's dtype for an empty matrix
        return cupy.zeros(a.shape[:-2] + (n, m), a.dtype)
    u, s, vh = _decomposition.svd(a, full_matrices=False,
                                  hermitian=hermitian)
    return _dev.pinv_from_svd(u, s, vh, cupy.asarray(cut), loop)


def matrix_rank(A, tol=None, hermitian=False, *, rtol=None):
    """Rank from the number of singular values above ``tol`` (default
    ``S.max() * max(M, N) * eps``, or ``S.max() * rtol``)."""
    A = as_array(A)
    if A.ndim < 2:
        # a 0-d int64 array, as CuPy (NumPy: a Python int)
        return (A != 0).any().astype(numpy.int64)
    s = _decomposition.svd(A, compute_uv=False, hermitian=hermitian)
    if tol is None:
        if rtol is None:
            rtol = max(A.shape[-2:]) * numpy.finfo(s.dtype).eps
        else:
            rtol = cupy.asarray(rtol)[..., None]
        tol = s.max(axis=-1, keepdims=True, initial=0) * rtol
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
        r = s[..., -1] / s[..., 0] if p == -2 else s[..., 0] / s[..., -1]
    else:
        # norm(x) * norm(inv(x)), the inverse without inv's singular
        # check (NumPy's inverse goes on past a zero pivot)
        import cupyx
        from cupy.linalg import _norms
        with cupyx.errstate(linalg='ignore'):
            invx = inv(x)
        r = _norms.norm(x, p, axis=(-2, -1)) * _norms.norm(
            invx, p, axis=(-2, -1))
    # NumPy: a nan from a singular matrix is inf; from a nan in x, nan
    bad = cupy.isnan(r) & ~cupy.isnan(x).any(axis=(-2, -1))
    return cupy.where(bad, cupy.inf, r).astype(r.dtype)


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
