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


KERNELS = {
    'LinalgQr': _linalg_qr,
}
