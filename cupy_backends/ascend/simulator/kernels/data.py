"""NumPy kernels of the simulator's data operators (copy, cast, fill,
arange, flip, tril/triu, indexing, nonzero; operators in
csrc/sim_ops_data.c).

Device semantics that differ from NumPy follow shared/reference/cann/ops.md.
"""

import numpy

from cupy_backends.ascend.simulator.kernels.device import DeviceFault
from cupy_backends.ascend.simulator.kernels.device import assign as _assign


def _inplace_copy(self_ref, src):
    _assign(self_ref, src)


def _inplace_fill_scalar(self_ref, value):
    _assign(self_ref, numpy.asarray(value))


def _inplace_zero(self_ref):
    self_ref[...] = 0


def _cast(self, dtype, out):
    _assign(out, self)


def _flip(self, dims, out):
    out[...] = numpy.flip(self, axis=tuple(dims))


# aclnnArange (ops.md 4).  Integer outputs are computed in int64 (from
# integer scalars) or float64; float outputs in the output's compute type
# (float32 for float16/float32, float64 for float64): start + i * step,
# the formula NumPy's arange fill uses [inferred for the device].
def _arange(start, end, step, out):
    n = out.shape[0]
    if out.dtype.kind in 'iu':
        if all(numpy.asarray(v).dtype.kind in 'biu' for v in (start, step)):
            with numpy.errstate(all='ignore'):
                vals = (numpy.int64(start) +
                        numpy.arange(n, dtype=numpy.int64) * numpy.int64(step))
        else:
            vals = (float(start) +
                    numpy.arange(n, dtype=numpy.float64) * float(step))
    else:
        ct = numpy.float64 if out.dtype == numpy.float64 else numpy.float32
        with numpy.errstate(all='ignore'):
            vals = ct(start) + numpy.arange(n, dtype=ct) * ct(step)
    _assign(out, vals)


def _tril(self, diagonal, out):
    out[...] = numpy.tril(self, diagonal) if self.ndim else self


def _triu(self, diagonal, out):
    out[...] = numpy.triu(self, diagonal) if self.ndim else self


def _index_key(op, self, indices):
    """The NumPy index of a torch-style index list: bool masks become
    their nonzero() tensors; an index out of range is a device fault."""
    key = []
    for t in indices:
        if t.dtype == numpy.bool_:
            key.extend(numpy.nonzero(t))
        else:
            key.append(t)
    for axis, t in enumerate(key):
        n = self.shape[axis]
        if t.size and (t.min() < -n or t.max() >= n):
            bad = t[(t < -n) | (t >= n)].flat[0]
            raise DeviceFault(
                'aclnn{}: index {} is out of range for dim {} of size {}: '
                'the device behaviour is undefined (it may fault or read '
                'or write anywhere)'.format(op, bad, axis, n))
    return tuple(key)


def _index(self, indices, out):
    key = _index_key('Index', self, indices)
    if len(key) == 1 and out.shape == key[0].shape + self.shape[1:]:
        # one index array (the common gather): straight into out, without
        # self[key]'s temporary and its copy (a third of the time of a
        # 2^24-element gather); in range already, so 'wrap' only maps the
        # negative indices, and unlike 'raise' it does not buffer out
        numpy.take(self, key[0], axis=0, out=out, mode='wrap')
        return
    res = self[key]
    if res.shape != out.shape:
        raise DeviceFault('aclnnIndex: the result has shape {} but out has '
                          'shape {}'.format(res.shape, out.shape))
    out[...] = res


def _index_put_impl(self_ref, indices, values, accumulate, unsafe):
    key = _index_key('IndexPutImpl', self_ref, indices)
    if accumulate:
        target_shape = self_ref[key].shape
        numpy.add.at(self_ref, key, numpy.broadcast_to(values, target_shape))
    else:
        # duplicates: the last write wins here (the device does not say
        # which one wins)
        self_ref[key] = values


def _nonzero(self, out):
    if self.ndim == 1:
        # argwhere's (count, 1) result is a transposed copy of nonzero's:
        # the positions straight into out's column
        idx = self.nonzero()[0]
        out[:idx.shape[0], 0] = idx
        return
    idx = numpy.argwhere(self)
    out[:idx.shape[0]] = idx


def _inplace_remainder_tensor_scalar(self_ref, other):
    # ops.md: Python's sign convention (the divisor's sign); integer x % 0
    # returns x on the device (NumPy gives 0).
    other = self_ref.dtype.type(other)
    if self_ref.dtype.kind in 'iu' and other == 0:
        return
    with numpy.errstate(all='ignore'):
        numpy.remainder(self_ref, other, out=self_ref)


KERNELS = {
    'InplaceCopy': _inplace_copy,
    'InplaceFillScalar': _inplace_fill_scalar,
    'InplaceZero': _inplace_zero,
    'Cast': _cast,
    'Flip': _flip,
    'Arange': _arange,
    'Tril': _tril,
    'Triu': _triu,
    'Index': _index,
    'IndexPutImpl': _index_put_impl,
    'Nonzero': _nonzero,
    'InplaceRemainderTensorScalar': _inplace_remainder_tensor_scalar,
}

