"""NumPy kernels of the CANN simulator.

``KERNELS[op]`` runs operator ``aclnn<op>`` once its executor reaches the
head of its stream.  The runner in ``_sim.pyx`` calls it with the operator's
arguments in declaration order: tensors as NumPy views of the simulated
device memory (write results into them), scalars as NumPy scalars, plain
numbers as Python numbers, arrays as tuples, tensor lists as lists of views.
An exception becomes the device fault reported by the next synchronize.
The views point into simulated device memory: do not keep them after the
kernel returns.

Device semantics that differ from NumPy follow shared/reference/cann/ops.md.
"""

import numpy

# ops.md section 4 (aclnnCast): float -> integer turns NaN into 0.  Other
# out-of-range values keep NumPy's result; NumPy's warnings are silenced,
# as a device cast raises none.


def _assign(dst, src):
    """``dst[...] = src`` (broadcast) with the device's cast semantics."""
    dk, sk = dst.dtype.kind, src.dtype.kind
    if dst.dtype == src.dtype:
        numpy.copyto(dst, src)
        return
    if sk == 'c' and dk in 'iuf':
        src = src.real   # complex -> real keeps the real part
        sk = 'f'
    if sk == 'f' and dk in 'iu':
        src = numpy.where(numpy.isnan(src), 0, src)
    with numpy.errstate(all='ignore'):
        numpy.copyto(dst, src, casting='unsafe')


def _inplace_copy(self_ref, src):
    _assign(self_ref, src)


def _inplace_fill_scalar(self_ref, value):
    _assign(self_ref, numpy.asarray(value))


def _inplace_zero(self_ref):
    self_ref[...] = 0


KERNELS = {
    'InplaceCopy': _inplace_copy,
    'InplaceFillScalar': _inplace_fill_scalar,
    'InplaceZero': _inplace_zero,
}
