"""LU and Cholesky factorisations and solves, triangular solves, with
SciPy's signatures and results.  The work is the array core's neutral
operations (lu_factor, lu_solve, cholesky, triangular_solve): the
provider runs triangular_solve (ascend: aclnnTriangularSolve); LU and
its solves are composed on the device (cupy/_core/_routines_lu.py:
blocked right-looking LU with partial pivoting, LAPACK's ipiv); the
Cholesky factor is the array core's cholesky of the Hermitian matrix of
the triangle SciPy reads, its solve two triangular solves, all on the
device."""

import warnings

import numpy

from cupy._core import _routines_decomp as _decomp
from cupy._core import _routines_lu as _lu
from cupy._core import _routines_solve as _solve
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


def _check_finite(a, check_finite, b=None):
    # SciPy's ValueError for inf/NaN input (in a or b): one read of one
    # flag
    if not check_finite or a.size + (0 if b is None else b.size) == 0:
        return
    ok = _uf.isfinite(a).all()
    if b is not None:
        ok = _uf.logical_and(ok, _uf.isfinite(b).all())
    if not bool(ok):
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
    """x with op(a) x = b for a triangular ``a`` (..., n, n) and ``b``
    (..., n) or (..., n, k) of the same leading (batch) shape, as CuPy's;
    LinAlgError when ``a`` is singular, ValueError for inf/NaN input with
    ``check_finite``."""
    a = as_array(a)
    b = as_array(b)
    if a.ndim < 2:
        raise ValueError(
            'expected one square matrix or a batch of square matrices')
    if a.shape[-1] != a.shape[-2]:
        raise ValueError('expected square matrix' if a.ndim == 2 else
                         'expected a batch of square matrices')
    batch = a.shape[:-2]
    if (b.ndim not in (a.ndim - 1, a.ndim) or b.shape[:len(batch)] != batch
            or b.shape[len(batch)] != a.shape[-1]):
        raise ValueError('shapes of a {} and b {} are incompatible'.format(
            a.shape, b.shape))
    trans = {'N': 0, 'T': 1, 'C': 2}.get(trans, trans)
    if trans not in (0, 1, 2):
        raise ValueError('trans must be 0, 1, 2, N, T or C')
    loop = _decomp.loop_dtype(a.dtype, b.dtype)
    _check_finite(a, check_finite, b)
    return _decomp.triangular_solve(
        a, b, trans, lower, unit_diagonal, loop,
        lambda h, y: _scipy().solve_triangular(
            h, y, trans=trans, lower=lower, unit_diagonal=unit_diagonal,
            check_finite=check_finite))


def _hermitian_from(a, lower):
    # the Hermitian matrix of a's ``lower`` (or upper) triangle: potrf
    # reads that triangle only
    import cupy
    part = cupy.tril(a, -1) if lower else cupy.triu(a, 1)
    return part + part.T.conj() + cupy.diag(a.diagonal().real).astype(
        a.dtype)


def cho_factor(a, lower=False, overwrite_a=False, check_finite=True):
    """(c, lower): the Cholesky factor in the ``lower`` or upper triangle
    of c; the other triangle keeps a's entries (potrf does not touch it,
    as SciPy's).  On the device: the array core's cholesky (operations.md
    'cholesky'), LinAlgError where ``a`` is not positive definite."""
    import cupy
    a = _matrix(a)
    loop = _decomp.loop_dtype(a.dtype)
    _check_finite(a, check_finite)
    x = a.astype(loop)              # a copy: the input is never modified
    if x.size == 0:
        return x, bool(lower)
    factor = _solve.cholesky(_hermitian_from(x, lower), not lower, loop)
    if factor is None:
        c, low = _decomp.run('cholesky', lambda h: _scipy().cho_factor(
            h, lower=lower, check_finite=check_finite), (a,), loop)
        return c, bool(low)
    n = x.shape[0]
    rows = cupy.arange(n)[:, None]
    cols = cupy.arange(n)[None, :]
    inside = rows >= cols if lower else rows <= cols
    return cupy.where(inside, factor, x), bool(lower)


def cho_solve(c_and_lower, b, overwrite_b=False, check_finite=True):
    """x with a x = b from cho_factor's (c, lower): two triangular solves
    on the device (L y = b, L^H x = y; or U^H y = b, U x = y)."""
    c, lower = c_and_lower
    c = as_array(c)
    b = as_array(b)
    if c.ndim != 2 or c.shape[0] != c.shape[1]:
        raise ValueError('The factored matrix c is not square.')
    if b.ndim not in (1, 2) or b.shape[0] != c.shape[0]:
        raise ValueError('incompatible dimensions ({} and {})'.format(
            c.shape, b.shape))
    loop = _decomp.loop_dtype(c.dtype, b.dtype)
    _check_finite(c, check_finite, b)
    if b.size == 0:
        return b.astype(loop)

    x = b
    for trans in ((0, 2) if lower else (2, 0)):
        x = _decomp.triangular_solve(
            c, x, trans, lower, False, loop,
            lambda h, y, t=trans: _scipy().solve_triangular(
                h, y, trans=t, lower=lower, check_finite=False),
            check=False)
    return x


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
