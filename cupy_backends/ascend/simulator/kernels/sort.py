"""NumPy kernel of the simulator's sort (ops.md section 6; operator in
csrc/sim_ops_sort.c).

aclnnSort's NaN placement is [unconfirmed] in ops.md; the kernel follows
torch's documented order (NaN greater than every number, so last in an
ascending sort), and -0.0 ties with 0.0 (IEEE comparison).  The kernel is
always stable (a stable sort is a valid result of an unstable one); a
descending sort reverses the ascending order, so ties come out reversed.
"""

import numpy


def _sort(self, stable, dim, descending, values_out, indices_out):
    x = self if self.ndim else self.reshape(1)
    axis = int(dim) % x.ndim
    idx = numpy.argsort(x, axis=axis, kind='stable')
    if descending:
        idx = numpy.flip(idx, axis)
    indices_out[...] = idx.reshape(indices_out.shape)
    values_out[...] = numpy.take_along_axis(x, idx, axis).reshape(
        values_out.shape)


KERNELS = {
    'Sort': _sort,
}
