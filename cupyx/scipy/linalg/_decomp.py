"""LU and Cholesky factorisations and solves, triangular solves, with
SciPy's signatures and results.  The work is the array core's neutral
operations (lu_factor, lu_solve, cholesky, triangular_solve): the
provider runs triangular_solve (ascend: aclnnTriangularSolve); LU and
its solves are composed on the device (cupy/_core/_routines_lu.py:
blocked right-looking LU with partial pivoting, LAPACK's ipiv); the
Cholesky factor and solve take the counted host fallback, where SciPy
computes (its LinAlgError included)."""

import warnings

import numpy

from cupy._core import _routines_decomp as _decomp
from cupy._core import _routines_lu as _lu
from cupy._core import _routines_ufuncs as _uf
from cupy._core import core
from cupy._core._operands import as_array


def _scipy():
    try:
        import scipy.linalg
    except ImportError:
        raise ImportError('cupyx.scipy.linalg runs these factorisations on '
                          'the host through SciPy, which is not installed')
    return scipy.linalg


def _matrix(a, square=True):
    a = as_array(a)
    if a.ndim != 2 or (square and a.shape[0] != a.shape[1]):
        raise ValueError('expected square matrix' if square else
                         'expected a 2-D array')
    return a


def _check_finite(a, check_finite):
    # SciPy's ValueError for inf/NaN input: one read of one flag
    if check_finite and a.size and not bool(_uf.isfinite(a).all()):
        raise ValueError('array must not contain infs or NaNs')


def _factor(a, check_finite):
    """(lu, piv) on the device, with SciPy's checks and warning, or None
    where the loop has no device route."""
    loop = _decomp.loop_dtype(a.dtype)
    if not _lu.composable(loop):
        return None
    _check_finite(a, check_finite)
    lu_, piv = _lu.lu_factor(a, loop)
    zero = _lu.zero_pivot(lu_) if lu_.size else None
    if zero is not None:
        from scipy.linalg import LinAlgWarning
        warnings.warn('Diagonal number {} is exactly zero. Singular '
                      'matrix.'.format(zero + 1), LinAlgWarning,
                      stacklevel=3)
    return lu_, piv


def lu_factor(a, overwrite_a=False, check_finite=True):
    """(lu, piv): the packed LU factors of ``a`` and its 0-based pivots."""
    a = _matrix(a, square=False)
    res = _factor(a, check_finite)
    if res is not None:
        return res
    return _decomp.run('lu_factor', lambda h: _scipy().lu_factor(
        h, check_finite=check_finite), (a,), _decomp.loop_dtype(a.dtype))


def lu(a, permute_l=False, overwrite_a=False, check_finite=True,
       p_indices=False):
    """(p, l, u) with a = p @ l @ u, or (p @ l, u) with ``permute_l``."""
    a = _matrix(a, square=False)
    res = _factor(a, check_finite) if a.size else None
    if res is not None:
        return _unpack(res[0], res[1], a.shape, permute_l, p_indices)
    return _decomp.run('lu_factor', lambda h: _scipy().lu(
        h, permute_l=permute_l, check_finite=check_finite,
        p_indices=p_indices), (a,), _decomp.loop_dtype(a.dtype))


def lu_solve(lu_and_piv, b, trans=0, overwrite_b=False, check_finite=True):
    """x with a x = b (trans 0), a^T x = b (1) or a^H x = b (2)."""
    lu_, piv = lu_and_piv
    lu_ = _matrix(lu_)
    b = as_array(b)
    loop = _decomp.loop_dtype(lu_.dtype, b.dtype)
    if trans not in (0, 1, 2):
        raise ValueError('trans must be 0, 1 or 2')
    if b.shape[:1] != lu_.shape[:1]:
        raise ValueError('Shapes of lu {} and b {} are incompatible'.format(
            lu_.shape, b.shape))
    if _lu.composable(loop):
        _check_finite(b, check_finite)
        x = _lu.lu_solve(lu_, piv, b, trans, loop)
        # SciPy's getrs result is Fortran-ordered
        return x if x.ndim < 2 else x.T.copy().T
    return _decomp.run('lu_solve', lambda h, p, y: _scipy().lu_solve(
        (h, p), y, trans=trans, check_finite=check_finite),
        (lu_, as_array(piv), b), loop)


def solve_triangular(a, b, trans=0, lower=False, unit_diagonal=False,
                     overwrite_b=False, check_finite=True):
    """x with op(a) x = b for a triangular ``a``; LinAlgError when ``a``
    is singular."""
    a = _matrix(a)
    b = as_array(b)
    trans = {'N': 0, 'T': 1, 'C': 2}.get(trans, trans)
    if trans not in (0, 1, 2):
        raise ValueError('trans must be 0, 1, 2, N, T or C')
    if b.ndim not in (1, 2) or b.shape[0] != a.shape[0]:
        raise ValueError('shapes of a {} and b {} are incompatible'.format(
            a.shape, b.shape))
    loop = _decomp.loop_dtype(a.dtype, b.dtype)
    return _decomp.triangular_solve(
        a, b, trans, lower, unit_diagonal, loop,
        lambda h, y: _scipy().solve_triangular(
            h, y, trans=trans, lower=lower, unit_diagonal=unit_diagonal,
            check_finite=check_finite))


def cho_factor(a, lower=False, overwrite_a=False, check_finite=True):
    """(c, lower): the Cholesky factor in the ``lower`` or upper triangle
    of c (the other triangle is not zeroed, as SciPy's)."""
    a = _matrix(a)
    c, low = _decomp.run('cholesky', lambda h: _scipy().cho_factor(
        h, lower=lower, check_finite=check_finite), (a,),
        _decomp.loop_dtype(a.dtype))
    return c, bool(low)


def cho_solve(c_and_lower, b, overwrite_b=False, check_finite=True):
    """x with a x = b from cho_factor's (c, lower)."""
    c, lower = c_and_lower
    c = _matrix(c)
    b = as_array(b)
    loop = _decomp.loop_dtype(c.dtype, b.dtype)
    return _decomp.run('triangular_solve', lambda h, y: _scipy().cho_solve(
        (h, lower), y, check_finite=check_finite), (c, b), loop)




def _unpack(lu_, piv, shape, permute_l, p_indices):
    """SciPy's lu() outputs from the packed factors: p (or its row
    indices), l (m, k) unit lower, u (k, n) upper; with ``permute_l``
    (p @ l, u)."""
    m, n = shape
    k = min(m, n)
    import cupy
    lower = cupy.tril(lu_[:, :k], -1)
    lower[cupy.arange(k), cupy.arange(k)] = 1     # the unit diagonal
    upper = cupy.triu(lu_[:k, :])
    order = _lu.permutation(piv, m)
    perm = as_array(order)
    if p_indices:
        # SciPy's row indices: a = l[p] @ u, the inverse of `order`
        rows = numpy.empty(m, numpy.int32)
        rows[order] = numpy.arange(m, dtype=numpy.int32)
        return as_array(rows), lower, upper
    if permute_l:
        pl = core._empty(lower.shape, lower.dtype)
        pl[perm] = lower
        return pl, upper
    p = cupy.zeros((m, m), lu_.dtype.char.lower())
    p[perm, cupy.arange(m)] = 1
    return p, lower, upper
