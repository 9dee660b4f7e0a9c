"""Solvers composed on the device from the provider's decompositions
(operations.md, "Linear algebra"): NumPy's rules for solve, inv, det,
slogdet, lstsq, svd and cholesky, then

- svd, slogdet, cholesky, inv: the provider's operations of those names
  where it lists the loop (ascend: aclnnSvd, aclnnSlogdet for f d F D;
  aclnnLinalgCholesky and aclnnInverse for float32 only);
- solve and the inverse of the other loops: QR (the provider's 'qr') and a
  triangular solve, x = R^-1 (Q^H b); Householder QR is backward stable,
  so the residual is LAPACK's order, and no data leaves the device;
- det: sign * exp(log|det|) of 'slogdet';
- lstsq: from 'svd', as LAPACK's gelsd (singular values at or below
  rcond * s_max count as zero).

A loop none of this covers returns None from these functions and the
caller takes the counted host fallback of ``_routines_decomp``.

NumPy's LinAlgError for a singular matrix (solve, inv) comes from the LU
factorisation's exact zero pivot; the device QR has no such event, so the
check is the provider's 'slogdet' (LU with partial pivoting, sign 0 where
a pivot is zero): one more O(n^3) operation and one read of the batch's
flags per call.  A matrix that is not positive definite gives a NaN
factor (cholesky): one read of the diagonal's flags.  Under
``cupyx.errstate(linalg='ignore')`` neither check runs and the device's
numbers are returned, as CuPy does.
"""

import math

import numpy

from cupy._core import _dispatch
from cupy._core import _routines_logic
from cupy._core import _routines_manipulation
from cupy._core import _routines_math
from cupy._core import _routines_ufuncs as _uf
from cupy._core import core
from cupy_backends.backend.provider import OperationNotSupported


def checks_on():
    """Whether LinAlgError checks run: NumPy's behaviour (cupyx.geterr()
    reads 'raise' by default), unless ``cupyx.errstate(linalg='ignore')``
    (or seterr) asked to skip them."""
    from cupyx import _errstate      # cupyx imports cupy: late
    return _errstate._linalg() != 'ignore'


def _real(loop):
    return numpy.dtype(numpy.dtype(loop).char.lower())


def _run(op, outs, ins, attrs=None):
    # True when the provider ran it; False when it declined the operands
    try:
        core._run(op, tuple(o._as_view() for o in outs),
                  tuple(x._as_view() for x in ins), attrs or {})
    except OperationNotSupported:
        return False
    return True


def _as_loop(a, loop):
    return a if a.dtype == loop else a.astype(loop)


def _ct(x):
    # the conjugate transpose of a stack, C-contiguous
    t = x.swapaxes(-1, -2)
    if x.dtype.kind != 'c':
        return t.copy()
    out = core._empty(t.shape, x.dtype)
    _uf.conjugate(t, out=out)
    return out


def _eye_like(shape, dtype):
    # identity matrices of shape (..., n, n), made on the device
    out = core._empty(shape, dtype)
    out.fill(0)
    n = shape[-1]
    if out.size:
        out.reshape(-1, n * n)[:, ::n + 1].fill(1)
    return out


# elements of one broadcast product block of matmul_any: 2^24 (128 MiB of
# complex128) bounds its temporary [our choice]
_DOT_BLOCK = 1 << 24


def matmul_any(a, b, loop):
    """a (..., n, k) @ b (..., k, m) in ``loop``: the provider's matmul
    where it has the loop, else on the vector unit (broadcast products
    summed over k, in row blocks): float64 and complex128 have no matrix
    unit on the 910B (blas_fft.md 2), and the host would move both
    operands."""
    a, b = _as_loop(a, loop), _as_loop(b, loop)
    if _dispatch.device_has('matmul', loop):
        return a @ b
    n, k, m = a.shape[-2], a.shape[-1], b.shape[-1]
    batch = numpy.broadcast_shapes(a.shape[:-2], b.shape[:-2])
    out = core._empty(batch + (n, m), loop)
    if out.size == 0:
        return out
    per_row = max(1, k * m * max(1, math.prod(batch)))
    rows = max(1, _DOT_BLOCK // per_row)
    bb = b[..., None, :, :]
    for i in range(0, n, rows):
        part = a[..., i:i + rows, :, None] * bb
        out[..., i:i + rows, :] = _routines_math.sum(part, axis=-2)
    return out


# ------------------------------------------------------------- slogdet --
def slogdet(a, loop):
    """(sign of ``loop``, log|det| real) of a square stack, or None."""
    batch, n = a.shape[:-2], a.shape[-1]
    sign = core._empty(batch, loop)
    logabs = core._empty(batch, _real(loop))
    if sign.size == 0 or n == 0:
        sign.fill(1)
        logabs.fill(0)
        return sign, logabs
    if not _dispatch.device_has('slogdet', loop):
        return None
    if not _run('slogdet', (sign, logabs), (_as_loop(a, loop),)):
        return None
    return sign, logabs


def det(a, loop):
    res = slogdet(a, loop)
    if res is None:
        return None
    sign, logabs = res
    return sign * _uf.exp(logabs)


def _explicit_raise():
    # whether the thread asked for the checks (errstate(linalg='raise'))
    from cupyx import _errstate      # cupyx imports cupy: late
    return _errstate._linalg_set() == 'raise'


def _check_singular(a, loop):
    # NumPy's LinAlgError where LU meets a zero pivot (one read)
    if not checks_on() or a.size == 0:
        return True
    res = slogdet(a, loop)
    if res is None:
        return False
    if bool(_routines_logic.any(res[0] == 0).get()):
        raise numpy.linalg.LinAlgError('Singular matrix')
    return True


# ------------------------------------------------------ solve and inv --
def _qr_solve(a, b, loop):
    # x = R^-1 (Q^H b) for a (..., n, n) and b (..., n, k) of one batch
    # shape, both non-empty; None when a piece is not on the device
    if not (_dispatch.device_has('qr', loop) and
            _dispatch.device_has('triangular_solve', loop)):
        return None
    q = core._empty(a.shape, loop)
    r = core._empty(a.shape, loop)
    if not _run('qr', (q, r), (_as_loop(a, loop),), {'mode': 'reduced'}):
        return None
    y = matmul_any(_ct(q), b, loop) if b is not None else _ct(q)
    if not y.flags.c_contiguous:
        y = y.copy()
    x = core._empty(y.shape, loop)
    if not _run('triangular_solve', (x,), (r, y),
                {'upper': True, 'trans': 0, 'unit': False}):
        return None
    return x


def solve(a, b, loop):
    """x with a @ x = b (b a vector only when 1-d, as NumPy 2), or None."""
    if b.ndim == 0:
        raise ValueError(
            'solve: Input operand 1 does not have enough dimensions (has 0, '
            'gufunc core with signature (m,m),(m,n)->(m,n) requires 2)')
    vector = b.ndim == 1
    n = a.shape[-1]
    bn = b.shape[0] if vector else b.shape[-2]
    if bn != n:
        raise ValueError(
            'solve: Input operand 1 has a mismatch in its core dimension 0 '
            '(size {} is different from {})'.format(bn, n))
    bb = b[:, None] if vector else b
    batch = numpy.broadcast_shapes(a.shape[:-2], bb.shape[:-2])
    k = bb.shape[-1]
    shape = batch + (n, k)
    aa = _routines_manipulation.broadcast_to(a, batch + (n, n))
    if not aa.flags.c_contiguous:
        aa = _as_loop(aa, loop).copy()
    if n and k and 0 not in batch and _dispatch.device_has('solve', loop):
        # the provider's gesv (getrf + getrs), one read of its flags
        x = _native_solve(aa, _routines_manipulation.broadcast_to(bb, shape),
                          loop)
        if x is not None:
            return x[..., 0] if vector else x
    # NumPy (OpenBLAS builds since 2.4) raises for a singular matrix even
    # with no right-hand side; CuPy does not unless errstate(linalg=
    # 'raise') was asked for, and its tests hold both: with nothing to
    # solve, the check (an O(n^3) operation and a read) runs only then
    if (k or _explicit_raise()) and not _check_singular(aa, loop):
        return None
    if n == 0 or k == 0 or 0 in batch:
        out = core._empty(shape, loop)
        out.fill(0)
        return out[..., 0] if vector else out
    bb = _as_loop(_routines_manipulation.broadcast_to(bb, shape), loop)
    x = _qr_solve(aa, bb, loop)
    if x is None:
        return None
    return x[..., 0] if vector else x


def _native_solve(a, b, loop):
    # x of a x = b by the provider's 'solve' (a and b non-empty stacks of
    # one batch shape), or None where it declines; NumPy's LinAlgError
    # where a pivot is exactly zero (one read of the info flags)
    x = core._empty(b.shape, loop)
    info = core._empty(a.shape[:-2], numpy.dtype(numpy.int32))
    aa, bb = _as_loop(a, loop), _as_loop(b, loop)
    if not _run('solve', (x, info), (aa, bb)):
        return None
    if checks_on() and bool(_routines_logic.any(info != 0).get()):
        raise numpy.linalg.LinAlgError('Singular matrix')
    return x


def inv(a, loop):
    """The inverse of a square stack, or None."""
    if a.size == 0:
        return _as_loop(a, loop).copy()
    if _dispatch.device_has('solve', loop):
        x = _native_solve(a, _eye_like(a.shape, loop), loop)
        if x is not None:
            return x
    if not _check_singular(a, loop):
        return None
    if _dispatch.device_has('inv', loop):
        out = core._empty(a.shape, loop)
        if _run('inv', (out,), (_as_loop(a, loop),)):
            return out
    return _qr_solve(a, None, loop)


# ------------------------------------------------------------ cholesky --
def cholesky(a, upper, loop):
    """The Cholesky factor, or None where the provider lacks ``loop``."""
    if a.size == 0:
        return _as_loop(a, loop).copy()
    if not _dispatch.device_has('cholesky', loop):
        return _cholesky_composed(a, upper, loop)
    out = core._empty(a.shape, loop)
    if not _run('cholesky', (out,), (_as_loop(a, loop),), {'upper': upper}):
        return None
    if checks_on():
        d = out.diagonal(0, -2, -1)
        if bool(_routines_logic.any(d != d).get()):     # the one read
            raise numpy.linalg.LinAlgError(
                'Matrix is not positive definite')
    return out


# ----------------------------------------------------------------- svd --
def svd(a, full_matrices, compute_uv, loop):
    """(u, s, vh) or s of NumPy's svd, or None."""
    batch, (m, n) = a.shape[:-2], a.shape[-2:]
    k = min(m, n)
    s = core._empty(batch + (k,), _real(loop))
    ku, kv = (m, n) if full_matrices else (k, k)
    u = core._empty(batch + (m, ku), loop)
    v = core._empty(batch + (n, kv), loop)
    if a.size == 0:
        # NumPy: identities where the full factors have rows
        if not compute_uv:
            return s
        u[...] = _eye_like(batch + (m, m), loop)[..., :ku]
        vh = _eye_like(batch + (n, n), loop)[..., :kv, :]
        return u, s, vh.copy()
    if not _dispatch.device_has('svd', loop):
        return None
    outs = (u, s, v) if compute_uv else (s,)
    if not _run('svd', outs, (_as_loop(a, loop),),
                {'full_matrices': bool(full_matrices)}):
        return None
    if checks_on() and bool(_routines_logic.any(s != s).get()):
        # NumPy: LAPACK does not converge on NaN or inf (one read)
        raise numpy.linalg.LinAlgError('SVD did not converge')
    if not compute_uv:
        return s
    return u, s, _ct(v)


# --------------------------------------------------------------- lstsq --
def lstsq(a, b, rcond, loop):
    """NumPy's (x, residuals, rank, s) for a 2-d ``a``, or None."""
    m, n = a.shape
    vector = b.ndim == 1
    if b.shape[0] != m:
        raise numpy.linalg.LinAlgError('Incompatible dimensions')
    bb = _as_loop(b[:, None] if vector else b, loop)
    real = _real(loop)
    if rcond is None:
        rcond = numpy.finfo(real).eps * max(m, n)
    res = svd(a, False, True, loop)
    if res is None:
        return None
    u, s, vh = res
    cut = s[:1] * rcond        # s descends: s[0] is the largest
    large = s > cut
    rank = int(_routines_math.sum(large).get())          # the one read
    sinv = _routines_math.where(large, 1 / _routines_math.where(
        large, s, 1), 0).astype(real)
    x = matmul_any(_ct(vh), sinv[:, None] * matmul_any(_ct(u), bb, loop),
                   loop)
    if rank == n and m > n:
        r = bb - matmul_any(a, x, loop)
        resid = _routines_math.sum(_uf.absolute(r) ** 2, axis=0).astype(real)
    else:
        resid = core._empty((0,), real)
    # NumPy's rank is gelsd's int32
    return (x[:, 0] if vector else x), resid, numpy.int32(rank), s


def pinv_from_svd(u, s, vh, cut, loop):
    """V diag(1/s) U^H, singular values at or below ``cut * max(s)``
    (``cut`` broadcast over the stack) taken as zero."""
    cutoff = cut[..., None] * s.max(axis=-1, keepdims=True)
    big = s > cutoff
    sinv = _routines_math.where(big, 1 / _routines_math.where(big, s, 1), 0)
    return matmul_any(_ct(vh), sinv[..., None].astype(s.dtype) * _ct(u),
                      loop)


# ---------------------------------------------------------------- eigh --
def eigh(a, uplo, compute_v, loop):
    """NumPy's eigh (w ascending, v) or eigvalsh (w) of the Hermitian
    matrices in triangle ``uplo`` of ``a``, or None.

    No device operator computes eigenvalues (wave2_ops.md), so the SVD of
    a shifted matrix does: B = A + sigma I with sigma >= -lambda_min
    (Gershgorin's bound, max_i sum_{j != i} |a_ij| - a_ii, at least 0) is
    positive semidefinite, so its singular values are its eigenvalues and
    its left singular vectors are eigenvectors of B and of A; w = s -
    sigma, in reverse order.  The error is the SVD's, eps * (||A|| +
    sigma) in absolute terms, the order of LAPACK's eps * ||A||.
    """
    batch, n = a.shape[:-2], a.shape[-1]
    real = _real(loop)
    if a.size == 0:
        w = core._empty(batch + (n,), real)
        if not compute_v:
            return w
        v = core._empty(a.shape, loop)
        return w, v
    if _dispatch.device_has('eigh', loop):
        # the provider's own eigensolver (CUDA: syevd/heevd)
        w = core._empty(batch + (n,), real)
        outs = (w, core._empty(a.shape, loop)) if compute_v else (w,)
        if _run('eigh', outs, (_as_loop(a, loop),), {'UPLO': uplo}):
            if checks_on() and bool(_routines_logic.any(w != w).get()):
                raise numpy.linalg.LinAlgError(
                    'Eigenvalues did not converge')
            return outs if compute_v else w
    if not _dispatch.device_has('svd', loop):
        return None
    from cupy._core._routines_creation import index_range
    a = _as_loop(a, loop)
    rows = index_range(n)[:, None]
    cols = index_range(n)[None, :]
    low = rows > cols if uplo == 'L' else rows < cols
    part = _routines_math.where(low, a, 0).astype(loop)
    diag = _routines_math.where(rows == cols, a.real, 0).astype(loop)
    h = part + _ct(part) + diag
    off = _routines_math.sum(_uf.absolute(part + _ct(part)), axis=-1)
    sigma = (off - h.diagonal(0, -2, -1).real).max(axis=-1, keepdims=True)
    sigma = _routines_math.where(sigma > 0, sigma, 0).astype(real)
    shifted = h + (_routines_math.where(rows == cols, 1, 0).astype(real) *
                   sigma[..., None])
    try:
        res = svd(shifted, False, compute_v, loop)
    except numpy.linalg.LinAlgError:
        raise numpy.linalg.LinAlgError(
            'Eigenvalues did not converge') from None
    if res is None:
        return None
    s = res[1] if compute_v else res
    w = s[..., ::-1] - sigma
    if not compute_v:
        return w.copy()
    return w.copy(), res[0][..., ::-1].copy()


def _cholesky_composed(a, upper, loop):
    """The Cholesky factor from the device's eigh and QR, for the loops
    aclnnLinalgCholesky lacks (float64, complex): A = V diag(w) V^H (the
    lower triangle, as LAPACK's potrf reads), B = diag(sqrt w) V^H has
    B^H B = A, and B = QR gives A = R^H R; R with its diagonal's phases
    taken out is the upper factor.  LinAlgError where an eigenvalue is
    not positive (one read of the flags); None where a piece is not on
    the device."""
    if not (_dispatch.device_has('svd', loop) and
            _dispatch.device_has('qr', loop)):
        return None
    w, v = eigh(a, 'L', True, loop)
    if checks_on() and bool(_routines_logic.any(w <= 0).get()):
        raise numpy.linalg.LinAlgError('Matrix is not positive definite')
    root = _uf.sqrt(_routines_math.where(w > 0, w, 0))
    b = (root[..., :, None] * _ct(v)).astype(loop)
    q = core._empty(a.shape, loop)
    r = core._empty(a.shape, loop)
    if not _run('qr', (q, r), (b,), {'mode': 'reduced'}):
        return None
    d = r.diagonal(0, -2, -1)
    mag = _uf.absolute(d)
    phase = _routines_math.where(mag > 0, d / _routines_math.where(
        mag > 0, mag, 1), 1).astype(loop)
    u = _uf.conjugate(phase)[..., :, None] * r
    return u if upper else _ct(u)
