"""LU factorisation with partial pivoting composed on the device
(operations.md, "Linear algebra": the neutral 'lu_factor' and 'lu_solve'
where the provider has no loop; no Ascend library has a general LU:
aclnn has none, hicann ops-solver's float32 signature is [check] in
wave2_ops.md).

Blocked right-looking LU, LAPACK getrf's order of work:
  for each panel of ``_BLOCK`` columns:
    for each column k of the panel: the pivot p = argmax |a[k:, k]|
      (LAPACK's |re| + |im| for complex), rows k and p swapped over the
      whole width (getrf's laswp of the left and right blocks), the
      column scaled by 1 / a[k, k] (left as is when the pivot is 0, as
      getf2), and a rank-1 update of the rest of the panel;
    U12 = L11^-1 A12 (the provider's unit lower triangular solve);
    A22 -= L21 U12 (matmul: the matrix unit where the loop has one,
      else the vector unit through matmul_any).
The pivot stays on the device: the row swap is a gather and a scatter
with index vectors computed from it, so the factorisation reads nothing
back; the pivots are LAPACK's ipiv (0-based, as SciPy returns them).
The caller reads the diagonal's zero flags once (zero_pivot) for
SciPy's LinAlgWarning on an exactly singular matrix.

lu_solve turns ipiv into a permutation on the host (a read and an upload
of n integers, O(n), never the matrix), then two triangular solves.

A provider that lists 'lu_factor' and 'lu_solve' (CUDA: getrf/getrs)
gets the request instead (factor_stack, solve_stack): stacks of
matrices, lu with each matrix column-major (SciPy's layout, which the
libraries factor in place), piv int32 0-based.
"""

import numpy

from cupy._core import _dispatch
from cupy._core import _routines_decomp as _decomp
from cupy._core import _routines_math
from cupy._core import _routines_sorting
from cupy._core import _routines_solve
from cupy._core import _routines_ufuncs as _uf
from cupy._core import core
from cupy._core._operands import as_array

# columns per panel: the panel's per-column work is ~10 small device
# operations, the trailing update one product; 64 balances the two on
# the simulator's per-operation cost [our measurement, RESULTS.md linalg]
_BLOCK = 64


def _pivot_magnitude(col):
    # LAPACK's i?amax: |re| + |im| for complex vectors (BLAS's cabs1)
    if col.dtype.kind == 'c':
        return _uf.absolute(col.real) + _uf.absolute(col.imag)
    return _uf.absolute(col)


def _swap_rows(a, k, p, unit):
    # rows k and p of `a` exchanged, p a 0-d device index: the index
    # vector [k, p] is made on the device from `unit` (the 2x2 identity),
    # so nothing is read back; its reverse is a view
    there = unit[0] * k + unit[1] * p
    a[there[::-1]] = a[there]


def _factor_panel(a, piv, j0, j1, unit):
    m = a.shape[0]
    one = a.dtype.type(1)
    for k in range(j0, j1):
        p = _routines_sorting.argmax(_pivot_magnitude(a[k:, k])) + k
        _swap_rows(a, k, p, unit)
        piv[k:k + 1] = p
        d = a[k, k]
        zero = d == 0
        scale = _routines_math.where(
            zero, one, one / _routines_math.where(zero, one, d))
        if k + 1 < m:
            a[k + 1:, k] *= scale
            if k + 1 < j1:
                a[k + 1:, k + 1:j1] -= a[k + 1:, k, None] * a[k, None,
                                                              k + 1:j1]


def native(loop):
    """Whether the provider runs 'lu_factor' and 'lu_solve' of ``loop``."""
    return (_dispatch.device_has('lu_factor', loop) and
            _dispatch.device_has('lu_solve', loop))


def _fortran_stack(shape, dtype):
    # a new (..., m, n) array whose matrices are each column-major
    return core._empty(shape[:-2] + (shape[-1], shape[-2]),
                       dtype).swapaxes(-1, -2)


def factor_stack(a, loop):
    """(lu, piv) of a non-empty stack (..., m, n) by the provider's
    'lu_factor': lu with column-major matrices, piv int32 (..., min(m,
    n)), 0-based."""
    m, n = a.shape[-2:]
    lu = _fortran_stack(a.shape, loop)
    piv = core._empty(a.shape[:-2] + (min(m, n),),
                      numpy.dtype(numpy.int32))
    x = a if a.dtype == loop else a.astype(loop)
    core._run('lu_factor', (lu._as_view(), piv._as_view()),
              (x._as_view(),), {})
    return lu, piv


def solve_stack(lu, piv, b, trans, loop):
    """x of op(a) x = b by the provider's 'lu_solve' from factor_stack's
    (lu, piv): b (..., n, k) of lu's batch shape, non-empty; x with
    column-major matrices."""
    x = _fortran_stack(b.shape, loop)
    # the converted operands stay referenced until the call has queued
    # its work (a View does not keep its memory alive)
    piv = as_array(piv).astype(numpy.int32, copy=False)
    lu = lu.astype(loop, copy=False)
    b = b.astype(loop, copy=False)
    core._run('lu_solve', (x._as_view(),),
              (lu._as_view(), piv._as_view(), b._as_view()),
              {'trans': trans})
    return x


def lu_factor(a, loop):
    """(lu, piv) of a 2-D matrix in ``loop``: LAPACK getrf's result."""
    if a.size and native(loop):
        return factor_stack(a, loop)
    m, n = a.shape
    lu = a.astype(loop)         # a copy: the input is never modified
    kmax = min(m, n)
    piv = core._empty((kmax,), numpy.dtype(numpy.int32))
    if kmax == 0:
        return lu, piv
    unit = as_array(numpy.eye(2, dtype=numpy.int64))
    for j0 in range(0, kmax, _BLOCK):
        j1 = min(j0 + _BLOCK, kmax)
        _factor_panel(lu, piv, j0, j1, unit)
        if j1 < n:
            u12 = _decomp.triangular_solve(
                lu[j0:j1, j0:j1], lu[j0:j1, j1:], 0, True, True, loop,
                None, check=False)
            lu[j0:j1, j1:] = u12
            if j1 < m:
                lu[j1:, j1:] -= _routines_solve.matmul_any(
                    lu[j1:, j0:j1], u12, loop)
    return lu, piv


def zero_pivot(lu):
    """The first exactly zero diagonal element of the factor U (SciPy's
    LinAlgWarning), or None: one read of min(m, n) booleans."""
    zero = numpy.flatnonzero((lu.diagonal() == 0).get())
    return int(zero[0]) if zero.size else None


def composable(loop):
    """Whether this module runs ``loop`` on the device: the provider's
    LU, or the route _routines_decomp gives 'lu_factor' (the provider's
    triangular solve of the loop; the elementwise parts exist for every
    linalg loop)."""
    return native(loop) or _dispatch.route('lu_factor', loop) == 'composed'



def permutation(piv, m):
    """The row order ``perm`` with ``(P^T a)[i] = a[perm[i]]`` from
    LAPACK's sequential swaps ``piv`` (read back: O(n) integers)."""
    perm = numpy.arange(m)
    for i, p in enumerate(piv.get() if isinstance(piv, core.ndarray)
                          else numpy.asarray(piv)):
        perm[i], perm[p] = perm[p], perm[i]
    return perm


def _solve_tri(a, b, trans, lower, unit, loop):
    return _decomp.triangular_solve(a, b, trans, lower, unit, loop, None,
                                    check=False)


def lu_solve(lu, piv, b, trans, loop):
    """x with a x = b (0), a^T x = b (1), a^H x = b (2) from lu_factor's
    (lu, piv), on the device but for the permutation (O(n) bytes)."""
    n = lu.shape[0]
    piv = as_array(piv)
    if b.size and n and b.ndim in (1, 2) and piv.shape == (n,) and \
            native(loop):
        x = solve_stack(lu, piv, b if b.ndim == 2 else b[:, None], trans,
                        loop)
        return x if b.ndim == 2 else x[:, 0]
    perm = as_array(permutation(piv, n))
    lu = lu.astype(loop, copy=False)
    b = b.astype(loop, copy=False)
    if b.size == 0 or n == 0:
        return b.copy()
    if trans == 0:
        y = _solve_tri(lu, b[perm], 0, True, True, loop)
        return _solve_tri(lu, y, 0, False, False, loop)
    y = _solve_tri(lu, b, trans, False, False, loop)
    z = _solve_tri(lu, y, trans, True, True, loop)
    x = core._empty(z.shape, loop)
    x[perm] = z
    return x
