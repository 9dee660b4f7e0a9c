"""NumPy kernel of the simulator's AsdSip BLAS (csrc/sim_blas.c;
shared/reference/cann/blas_fft.md section 3.4, AsdSip's Cgemm.md).

``AsdCgemm(A, B, C, m, n, k, batchCount, alphaRe, alphaIm, betaRe,
betaIm)``: C = alpha A B + beta C on column-major complex64 matrices
(lda = m, ldb = k, ldc = m), described as ND tensors of shapes [m, k],
[k, n], [m, n] (with a leading batchCount for CgemmBatched, batchCount 0
otherwise): the memory of the [m, k] tensor is the column-major m x k
matrix.  NumPy's complex64 matmul accumulates in complex64, as a complex
GEMM does.
"""

import numpy


def _colmajor(view, batch, rows, cols):
    # the column-major rows x cols matrices held by a contiguous view
    flat = view.reshape(-1)
    if batch:
        return flat.reshape(batch, cols, rows).transpose(0, 2, 1)
    return flat.reshape(cols, rows).T


def _cgemm(a, b, c, m, n, k, batch, alpha_re, alpha_im, beta_re, beta_im):
    ma = _colmajor(a, batch, m, k)
    mb = _colmajor(b, batch, k, n)
    mc = _colmajor(c, batch, m, n)
    alpha = numpy.complex64(complex(alpha_re, alpha_im))
    beta = numpy.complex64(complex(beta_re, beta_im))
    with numpy.errstate(all='ignore'):       # a device does not warn
        prod = numpy.matmul(ma, mb) * alpha
        if beta != 0:
            prod += beta * mc
        mc[...] = prod


KERNELS = {'AsdCgemm': _cgemm}
