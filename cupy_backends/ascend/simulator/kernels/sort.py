"""NumPy kernels of the simulator's sort and kthvalue (ops.md section 6;
operators in csrc/sim_ops_sort.c).

aclnnSort's NaN placement is [unconfirmed] in ops.md; the kernels follow
torch's documented order (NaN greater than every number, so last in an
ascending sort), and -0.0 ties with 0.0 (IEEE comparison).  The sort is
always stable (a stable sort is a valid result of an unstable one); a
descending sort reverses the ascending order, so ties come out reversed.

Speed (the simulator stands in for the device in the benchmarks): the
rows are sorted by the C radix sort of csrc/sim_ops_sort.c
(_sim.sort_rows, without the GIL) on order-preserving unsigned keys, which
writes the values and the stable permutation in one go; NumPy's sorts with
an index payload (argsort) are several times slower than its value sort.
"""

import numpy


def _contiguous_out(out, like):
    # the kernel writes C-contiguous rows that must not overlap its input
    if out.flags.c_contiguous and not numpy.may_share_memory(out, like):
        return out
    return numpy.empty(out.shape, out.dtype)


def _sort(self, stable, dim, descending, values_out, indices_out):
    from cupy_backends.ascend.simulator import _sim
    x = self if self.ndim else self.reshape(1)
    if x.size == 0:
        return
    axis = int(dim) % x.ndim
    moved = numpy.moveaxis(x, axis, -1)
    rows = numpy.ascontiguousarray(moved).reshape(-1, moved.shape[-1])
    vo = numpy.moveaxis(values_out.reshape(x.shape), axis, -1)
    io = numpy.moveaxis(indices_out.reshape(x.shape), axis, -1)
    vals, idx = _contiguous_out(vo, rows), _contiguous_out(io, rows)
    _sim.sort_rows(rows, bool(descending), vals.reshape(rows.shape),
                   idx.reshape(rows.shape))
    if vals is not vo:
        vo[...] = vals
    if idx is not io:
        io[...] = idx


def _kthvalue(self, k, dim, keepdim, values_out, indices_out):
    # NumPy's partition puts NaN last and ties -0.0 with 0.0, as Sort.  The
    # index is the first element equal to the value (a value partition and
    # one comparison are cheaper than an index partition).
    axis = int(dim) % self.ndim
    kk = int(k) - 1
    vals = numpy.take(numpy.partition(self, kk, axis=axis), [kk], axis=axis)
    hit = self == vals
    if self.dtype.kind == 'f':
        nan = numpy.isnan(vals)
        if nan.any():
            hit |= numpy.isnan(self) & nan
    pos = numpy.argmax(hit, axis=axis, keepdims=True)
    indices_out[...] = pos.reshape(indices_out.shape)
    values_out[...] = vals.reshape(values_out.shape)


KERNELS = {
    'Sort': _sort,
    'Kthvalue': _kthvalue,
}
