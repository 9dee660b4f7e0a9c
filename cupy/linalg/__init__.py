"""Linear algebra (``numpy.linalg``): products and the functions built on
them.  Decompositions and solvers are not written yet (TODO.md)."""

from cupy.linalg._einsum import einsum  # NOQA
from cupy.linalg._norms import trace  # NOQA
from cupy.linalg._product import linalg_cross as cross  # NOQA
from cupy.linalg._product import matmul  # NOQA
from cupy.linalg._product import matrix_power  # NOQA
from cupy.linalg._product import outer  # NOQA
from cupy.linalg._product import tensordot  # NOQA
from cupy._manipulation.transpose import matrix_transpose  # NOQA
