"""NumPy kernels of the simulator's sort and kthvalue (ops.md section 6;
operators in csrc/sim_ops_sort.c).

aclnnSort's NaN placement is [unconfirmed] in ops.md; the kernels follow
torch's documented order (NaN greater than every number, so last in an
ascending sort), and -0.0 ties with 0.0 (IEEE comparison).  The sort is
always stable (a stable sort is a valid result of an unstable one); a
descending sort reverses the ascending order, so ties come out reversed.

Speed (the simulator stands in for the device in the benchmarks): each
value becomes an order-preserving unsigned key (32 bits for the dtypes up
to 32 bits, 64 for int64) and the rows are sorted by the C radix sort of
csrc/sim_ops_sort.c (_sim.radix_argsort, without the GIL), which returns
the stable permutation; NumPy's sorts with an index payload (argsort) are
several times slower than its value sort.
"""

import numpy

_U32 = numpy.uint32
_U64 = numpy.uint64
_SIGN32 = _U32(0x80000000)
_SIGN64 = _U64(0x8000000000000000)


def _key32(x):
    """An order-preserving uint32 key of x (<= 32-bit dtypes), NaN last,
    -0.0 equal to 0.0."""
    k = x.dtype.kind
    if k in 'bu':
        return x.astype(_U32)
    if k == 'i':
        return x.astype(numpy.int32).view(_U32) ^ _SIGN32
    f = x.astype(numpy.float32)
    bits = f.view(_U32)
    key = numpy.where(bits >> _U32(31), ~bits, bits | _SIGN32)
    key[f == 0] = _SIGN32
    key[numpy.isnan(f)] = _U32(0xFFFFFFFF)
    return key


def _key(rows):
    if rows.dtype.itemsize == 8:          # int64: the sign bit flipped
        return numpy.ascontiguousarray(rows).view(_U64) ^ _SIGN64
    return _key32(rows)


def _sort(self, stable, dim, descending, values_out, indices_out):
    from cupy_backends.ascend.simulator import _sim
    x = self if self.ndim else self.reshape(1)
    axis = int(dim) % x.ndim
    moved = numpy.moveaxis(x, axis, -1)
    rows = moved.reshape(-1, moved.shape[-1])
    idx = _sim.radix_argsort(numpy.ascontiguousarray(_key(rows)))
    vals = numpy.take_along_axis(rows, idx, 1).reshape(moved.shape)
    idx = idx.reshape(moved.shape)
    if descending:
        idx, vals = idx[..., ::-1], vals[..., ::-1]
    numpy.moveaxis(values_out.reshape(x.shape), axis, -1)[...] = vals
    numpy.moveaxis(indices_out.reshape(x.shape), axis, -1)[...] = idx


def _kthvalue(self, k, dim, keepdim, values_out, indices_out):
    # NumPy's partition puts NaN last and ties -0.0 with 0.0, as Sort
    axis = int(dim) % self.ndim
    idx = numpy.argpartition(self, int(k) - 1, axis=axis)
    pos = numpy.take(idx, [int(k) - 1], axis=axis)
    vals = numpy.take_along_axis(self, pos, axis)
    indices_out[...] = pos.reshape(indices_out.shape)
    values_out[...] = vals.reshape(values_out.shape)


KERNELS = {
    'Sort': _sort,
    'Kthvalue': _kthvalue,
}
