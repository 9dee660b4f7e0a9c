"""Linear algebra (``numpy.linalg``): products, norms, decompositions and
solvers.  The decompositions are neutral operations of the array core
(cupy/_core/_routines_decomp.py); see TODO.md for which run on the host."""

from numpy.linalg import LinAlgError  # NOQA  (CuPy raises NumPy's class)

from cupy.linalg._decomposition import cholesky  # NOQA
from cupy.linalg._decomposition import eig  # NOQA
from cupy.linalg._decomposition import eigh  # NOQA
from cupy.linalg._decomposition import eigvals  # NOQA
from cupy.linalg._decomposition import eigvalsh  # NOQA
from cupy.linalg._decomposition import qr  # NOQA
from cupy.linalg._decomposition import svd  # NOQA
from cupy.linalg._decomposition import svdvals  # NOQA
from cupy.linalg._einsum import einsum  # NOQA
from cupy.linalg._norms import diagonal  # NOQA
from cupy.linalg._norms import matrix_norm  # NOQA
from cupy.linalg._norms import norm  # NOQA
from cupy.linalg._norms import trace  # NOQA
from cupy.linalg._norms import vector_norm  # NOQA
from cupy.linalg._product import linalg_cross as cross  # NOQA
from cupy.linalg._product import linalg_outer as outer  # NOQA
from cupy.linalg._product import matmul  # NOQA
from cupy.linalg._product import matrix_power  # NOQA
from cupy.linalg._product import matvec  # NOQA
from cupy.linalg._product import multi_dot  # NOQA
from cupy.linalg._product import tensordot  # NOQA
from cupy.linalg._product import vecdot  # NOQA
from cupy.linalg._product import vecmat  # NOQA
from cupy.linalg._solve import cond  # NOQA
from cupy.linalg._solve import det  # NOQA
from cupy.linalg._solve import inv  # NOQA
from cupy.linalg._solve import lstsq  # NOQA
from cupy.linalg._solve import matrix_rank  # NOQA
from cupy.linalg._solve import pinv  # NOQA
from cupy.linalg._solve import slogdet  # NOQA
from cupy.linalg._solve import solve  # NOQA
from cupy.linalg._solve import tensorinv  # NOQA
from cupy.linalg._solve import tensorsolve  # NOQA
from cupy._manipulation.transpose import matrix_transpose  # NOQA
