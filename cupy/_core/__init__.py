"""The array core (DESIGN.md layer 4): ndarray and the machinery routines
build on.  Backend-neutral: device work goes to the provider."""

from cupy._core.core import ndarray  # NOQA

from cupy._core._accelerator import get_reduction_accelerators  # NOQA
from cupy._core._accelerator import get_routine_accelerators  # NOQA
from cupy._core._accelerator import set_reduction_accelerators  # NOQA
from cupy._core._accelerator import set_routine_accelerators  # NOQA

# User kernels (issue 18), where CuPy also has them, and CuPy's internal
# reduction factory over ReductionKernel
from cupy._core._kernel_elementwise import ElementwiseKernel  # NOQA
from cupy._core._kernel_elementwise import elementwise_copy  # NOQA
from cupy._core._kernel_reduction import ReductionKernel  # NOQA
from cupy._core._kernel_reduction import create_reduction_func  # NOQA

# CuPy's matrix-product compute-type settings (kept, see the module)
from cupy._core._compute_type import get_compute_type  # NOQA
from cupy._core._compute_type import set_compute_type  # NOQA
