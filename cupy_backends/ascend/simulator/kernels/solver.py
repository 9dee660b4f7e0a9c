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


KERNELS = {
    'LinalgQr': _linalg_qr,
    'TriangularSolve': _triangular_solve,
}
