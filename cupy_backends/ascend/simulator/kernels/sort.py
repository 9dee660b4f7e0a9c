"""NumPy kernels of the simulator's sort and kthvalue (ops.md section 6;
operators in csrc/sim_ops_sort.c).

aclnnSort's NaN placement is [unconfirmed] in ops.md; the kernel follows
torch's documented order (NaN greater than every number, so last in an
ascending sort), and -0.0 ties with 0.0 (IEEE comparison).  The <=32-bit
sorts are always stable (a stable sort is a valid result of an unstable
one), int64 only when asked; a
descending sort reverses the ascending order, so ties come out reversed.

Speed (the simulator stands in for the device in the benchmarks): dtypes
of at most 32 bits sort as one uint64 per element, an order-preserving
32-bit key of the value above its 32-bit position, with NumPy's default
(vectorised) sort: the positions make every key distinct, so the result
is the stable order, and values and indices come out of one sort instead
of a stable argsort (about 3x slower) and a gather.  int64 takes
NumPy's argsort (its stable kind when asked).
"""

import numpy

_U32 = numpy.uint32
_U64 = numpy.uint64
_SIGN32 = _U32(0x80000000)
_LOW32 = _U64(0xFFFFFFFF)


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


def _packed_sort(x):
    """(values, int64 indices) of each row of the 2-d x."""
    n = x.shape[1]
    packed = _key32(x).astype(_U64) << _U64(32)
    packed |= numpy.arange(n, dtype=_U64)
    packed.sort(axis=1)
    idx = (packed & _LOW32).astype(numpy.int64)
    if x.dtype == numpy.int32:
        vals = ((packed >> _U64(32)).astype(_U32) ^ _SIGN32).view(numpy.int32)
    else:
        vals = numpy.take_along_axis(x, idx, 1)
    return vals, idx


def _sort(self, stable, dim, descending, values_out, indices_out):
    x = self if self.ndim else self.reshape(1)
    axis = int(dim) % x.ndim
    moved = numpy.moveaxis(x, axis, -1)
    n = moved.shape[-1]
    if x.dtype.itemsize <= 4 and n < 2 ** 32 and n:
        vals, idx = _packed_sort(moved.reshape(-1, n))
        vals = vals.reshape(moved.shape)
        idx = idx.reshape(moved.shape)
    else:
        idx = numpy.argsort(moved, axis=-1,
                            kind='stable' if stable else None)
        vals = numpy.take_along_axis(moved, idx, -1)
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
