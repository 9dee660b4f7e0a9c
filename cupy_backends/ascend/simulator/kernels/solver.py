"""NumPy kernels of the simulator's decompositions (wave2_ops.md, "Linear
algebra"; operators in csrc/sim_ops_solver.c).

aclnnLinalgQr computes Householder QR as LAPACK's geqrf/orgqr, which is
what ``numpy.linalg.qr`` runs, so the signs of R's diagonal are LAPACK's
[inferred: the operator's documentation does not state the sign
convention].  float16 is computed in float32 and rounded.
"""

import numpy

_MODES = {0: 'reduced', 1: 'complete', 2: 'r'}


def _linalg_qr(self, mode, q, r):
    a = self
    if a.dtype == numpy.float16:
        a = a.astype(numpy.float32)
    res = numpy.linalg.qr(a, mode=_MODES[int(mode)])
    if int(mode) == 2:
        r[...] = res
    else:
        q[...] = res.Q
        r[...] = res.R


def _triangular_solve(self, a, upper, transpose, unitriangular, x, m):
    # x = op(A)^-1 b per matrix, by substitution on the chosen triangle;
    # a zero pivot gives NaN (the device reports no error)
    import scipy.linalg
    m[...] = a
    bs = self.reshape((-1,) + self.shape[-2:])
    As = a.reshape((-1,) + a.shape[-2:])
    xs = x.reshape((-1,) + x.shape[-2:])
    for i in range(len(As)):
        try:
            xs[i] = scipy.linalg.solve_triangular(
                As[i], bs[i], trans=1 if transpose else 0,
                lower=not upper, unit_diagonal=bool(unitriangular),
                check_finite=False)
        except numpy.linalg.LinAlgError:
            xs[i] = numpy.nan


def _svd(self, full_matrices, compute_uv, sigma, u, v):
    # LAPACK's gesdd as numpy.linalg.svd; v is V (its conjugate transpose
    # of NumPy's vh), wave2_ops.md.  Input with NaN or inf: NaN results
    # [simulator choice: the reference is silent; LAPACK does not converge]
    if not numpy.isfinite(self).all():
        sigma[...] = numpy.nan
        if compute_uv:
            u[...] = numpy.nan
            v[...] = numpy.nan
        return
    if not compute_uv:
        sigma[...] = numpy.linalg.svd(self, compute_uv=False)
        return
    uu, ss, vh = numpy.linalg.svd(self, full_matrices=bool(full_matrices))
    sigma[...] = ss
    u[...] = uu
    v[...] = numpy.swapaxes(vh, -1, -2).conj()


def _slogdet(self, sign, logabs):
    # LU with partial pivoting as numpy.linalg.slogdet: sign 0 and -inf
    # exactly where a pivot is zero
    res = numpy.linalg.slogdet(self)
    sign[...] = res.sign
    logabs[...] = res.logabsdet


def _nan_where(bad, out):
    # the simulator's choice for a failed factorisation: NaN-filled
    out.reshape((-1,) + out.shape[-2:])[bad.reshape(-1)] = numpy.nan


def _inverse(self, out):
    a = self.astype(numpy.float32) if self.dtype == numpy.float16 else self
    singular = numpy.linalg.slogdet(a).sign == 0
    a = numpy.where(singular[..., None, None], numpy.eye(a.shape[-1]), a)
    out[...] = numpy.linalg.inv(a)
    _nan_where(singular, out)


def _cholesky(self, upper, out):
    a = numpy.asarray(self, numpy.float32)
    flat = a.reshape((-1,) + a.shape[-2:])
    res = numpy.full(flat.shape, numpy.nan, numpy.float32)
    for i, m in enumerate(flat):
        try:
            res[i] = numpy.linalg.cholesky(m, upper=bool(upper))
        except numpy.linalg.LinAlgError:
            pass
    out[...] = res.reshape(a.shape)


KERNELS = {
    'LinalgQr': _linalg_qr,
    'TriangularSolve': _triangular_solve,
    'Svd': _svd,
    'Slogdet': _slogdet,
    'Inverse': _inverse,
    'LinalgCholesky': _cholesky,
}
