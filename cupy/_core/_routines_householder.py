"""``numpy.linalg.qr(a, mode='raw')`` composed on the device: LAPACK
geqrf's Householder vectors and scalars, which the device QR operator
(aclnnLinalgQr) does not return.

Unblocked Householder QR, LAPACK's geqr2 order and conventions, over
the whole stack at once (every step is an elementwise operation, a
reduction or a product over the batch axes):

    for j in range(min(m, n)):
        x = A[j:, j]; alpha = x[0]; xnorm = ||x[1:]||
        larfg: beta = -sign(re alpha) * sqrt(|alpha|^2 + xnorm^2),
               tau = (beta - alpha) / beta, v = [1, x[1:] / (alpha - beta)]
               (tau = 0, H = I, where xnorm = 0 and alpha is real)
        A[j, j] = beta, A[j+1:, j] = v[1:]
        A[j:, j+1:] -= conj(tau) v (v^H A[j:, j+1:])      (H^H applied)
NumPy returns h = the factored array transposed (the Fortran array
LAPACK wrote, as a C view) and tau.  LAPACK's rescaling of tiny norms
(larfg's safmin loop) is not done: inputs near the underflow threshold
lose accuracy here.  Nothing is read back; ~10 device operations per
column, so it suits the small and medium matrices mode 'raw' is used
for.
"""

import numpy

from cupy._core import _routines_math
from cupy._core import _routines_solve
from cupy._core import _routines_ufuncs as _uf
from cupy._core import core


def _abs2(x):
    if x.dtype.kind == 'c':
        return x.real * x.real + x.imag * x.imag
    return x * x


def qr_raw(a, loop):
    """(h, tau) of NumPy's qr mode 'raw' for a non-empty stack ``a``."""
    w = a.astype(loop)          # a copy: the input is never modified
    m, n = w.shape[-2:]
    k = min(m, n)
    real = numpy.dtype(loop.char.lower())
    tau = core._empty(w.shape[:-2] + (k,), loop)
    one = loop.type(1)
    for j in range(k):
        alpha = w[..., j, j]
        tail = w[..., j + 1:, j]
        xnorm2 = _routines_math.sum(_abs2(tail), axis=-1).astype(real)
        if loop.kind == 'c':
            ar, ai = alpha.real, alpha.imag
        else:
            ar, ai = alpha, None
        norm = _uf.sqrt(_abs2(alpha).astype(real) + xnorm2)
        beta = _routines_math.where(ar >= 0, -norm, norm).astype(real)
        trivial = xnorm2 == 0
        if ai is not None:
            trivial = _uf.logical_and(trivial, ai == 0)
        safe_beta = _routines_math.where(trivial, 1, beta).astype(real)
        t = _routines_math.where(trivial, 0, (beta - alpha) / safe_beta)
        denom = _routines_math.where(trivial, one, alpha - beta)
        scale = _routines_math.where(trivial, 0, one / denom).astype(loop)
        tau[..., j] = t
        w[..., j + 1:, j] = tail * scale[..., None]
        w[..., j, j] = _routines_math.where(trivial, alpha, beta)
        if j + 1 < n:
            v = core._empty(w.shape[:-2] + (m - j, 1), loop)
            v[..., 0, 0] = 1
            v[..., 1:, 0] = w[..., j + 1:, j]
            sub = w[..., j:, j + 1:]
            vh = _uf.conjugate(v.swapaxes(-1, -2)) if loop.kind == 'c' \
                else v.swapaxes(-1, -2)
            row = _routines_solve.matmul_any(vh, sub, loop)
            ct = _uf.conjugate(t) if loop.kind == 'c' else t
            w[..., j:, j + 1:] = sub - _routines_solve.matmul_any(
                v * ct.astype(loop)[..., None, None], row, loop)
    return w.swapaxes(-1, -2), tau
