"""The translation of user kernels (cupy.ElementwiseKernel,
cupy.ReductionKernel) from their C source into whole-array device steps,
for backends that cannot compile CUDA C (the ascend backend).

_lexer and _parser read the C subset into a tree; _interp runs it over
whole arrays with C's semantics (_values, _mathfns); _program caches the
parsed program per source and runs it for one call.
"""

from cupy._core._ckernel._errors import KernelSyntaxError  # NOQA
from cupy._core._ckernel._errors import UnsupportedKernelError  # NOQA
