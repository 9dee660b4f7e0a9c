"""``scipy.linalg`` on the device: LU and Cholesky factors and solves,
triangular solves (the array core's neutral operations,
cupy/_core/_routines_decomp.py), and the special matrices (compositions
of gathers)."""

from cupyx.scipy.linalg._decomp import cho_factor  # NOQA
from cupyx.scipy.linalg._decomp import cho_solve  # NOQA
from cupyx.scipy.linalg._decomp import lu  # NOQA
from cupyx.scipy.linalg._decomp import lu_factor  # NOQA
from cupyx.scipy.linalg._decomp import lu_solve  # NOQA
from cupyx.scipy.linalg._decomp import solve_triangular  # NOQA
from cupyx.scipy.linalg._special import block_diag  # NOQA
from cupyx.scipy.linalg._special import circulant  # NOQA
from cupyx.scipy.linalg._special import hankel  # NOQA
from cupyx.scipy.linalg._special import hilbert  # NOQA
from cupyx.scipy.linalg._special import khatri_rao  # NOQA
from cupyx.scipy.linalg._special import toeplitz  # NOQA
from cupyx.scipy.linalg._matfuncs import expm  # NOQA
from cupyx.scipy.linalg._special_more import bandwidth  # NOQA
from cupyx.scipy.linalg._special_more import companion  # NOQA
from cupyx.scipy.linalg._special_more import convolution_matrix  # NOQA
from cupyx.scipy.linalg._special_more import dft  # NOQA
from cupyx.scipy.linalg._special_more import fiedler  # NOQA
from cupyx.scipy.linalg._special_more import fiedler_companion  # NOQA
from cupyx.scipy.linalg._special_more import hadamard  # NOQA
from cupyx.scipy.linalg._special_more import helmert  # NOQA
from cupyx.scipy.linalg._special_more import leslie  # NOQA
