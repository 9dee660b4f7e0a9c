"""LU and Cholesky factorisations and solves, triangular solves, with
SciPy's signatures and results.  The work is the array core's neutral
operations (lu_factor, lu_solve, cholesky, triangular_solve): the
provider runs triangular_solve (ascend: aclnnTriangularSolve); the others
take the counted host fallback, where SciPy computes (its LinAlgError and
LinAlgWarning included)."""


from cupy._core import _routines_decomp as _decomp
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


def lu_factor(a, overwrite_a=False, check_finite=True):
    """(lu, piv): the packed LU factors of ``a`` and its 0-based pivots."""
    a = _matrix(a, square=False)
    return _decomp.run('lu_factor', lambda h: _scipy().lu_factor(
        h, check_finite=check_finite), (a,), _decomp.loop_dtype(a.dtype))


def lu(a, permute_l=False, overwrite_a=False, check_finite=True,
       p_indices=False):
    """(p, l, u) with a = p @ l @ u, or (p @ l, u) with ``permute_l``."""
    a = _matrix(a, square=False)
    return _decomp.run('lu_factor', lambda h: _scipy().lu(
        h, permute_l=permute_l, check_finite=check_finite,
        p_indices=p_indices), (a,), _decomp.loop_dtype(a.dtype))


def lu_solve(lu_and_piv, b, trans=0, overwrite_b=False, check_finite=True):
    """x with a x = b (trans 0), a^T x = b (1) or a^H x = b (2)."""
    lu_, piv = lu_and_piv
    lu_ = _matrix(lu_)
    b = as_array(b)
    loop = _decomp.loop_dtype(lu_.dtype, b.dtype)
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


