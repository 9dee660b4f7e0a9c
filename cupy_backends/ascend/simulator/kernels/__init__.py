"""NumPy kernels of the CANN simulator: the registry.

``KERNELS[op]`` runs operator ``aclnn<op>`` once its executor reaches the
head of its stream.  The runner in ``_sim.pyx`` calls it with the operator's
arguments in declaration order: tensors as NumPy views of the simulated
device memory (write results into them), scalars as NumPy scalars, plain
numbers as Python numbers, arrays as tuples, tensor lists as lists of views.
An exception becomes the device fault reported by the next synchronize
(``device.DeviceFault`` marks what real hardware would fault on).  The views
point into simulated device memory: do not keep them after the kernel
returns.

Each operator family is one module, paired with its C file
(``csrc/sim_ops_<family>.c``), with a ``KERNELS`` table of its own; this
module only merges them.  Device semantics that differ from NumPy follow
shared/reference/cann/ops.md.
"""

from cupy_backends.ascend.simulator.kernels import blas
from cupy_backends.ascend.simulator.kernels import data
from cupy_backends.ascend.simulator.kernels import elementwise
from cupy_backends.ascend.simulator.kernels import fft
from cupy_backends.ascend.simulator.kernels import fused
from cupy_backends.ascend.simulator.kernels import linalg
from cupy_backends.ascend.simulator.kernels import random
from cupy_backends.ascend.simulator.kernels import reduce
from cupy_backends.ascend.simulator.kernels import solver
from cupy_backends.ascend.simulator.kernels import sort


def _merge(families):
    table = {}
    for family in families:
        twice = table.keys() & family.KERNELS.keys()
        if twice:
            raise ImportError('{} registers kernels another family has: '
                              '{}'.format(family.__name__, sorted(twice)))
        table.update(family.KERNELS)
    return table


KERNELS = _merge((data, elementwise, reduce, linalg, solver, random, fft,
                  sort, blas, fused))
