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


class DeviceFault(Exception):
    """What real hardware would turn into an AI-core fault (an index out of
    range, ...): the runner counts it as a sanitizer error, and the next
    synchronize reports ACL_ERROR_RT_AICORE_EXCEPTION (507015)."""

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
    res = self[_index_key('Index', self, indices)]
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
    idx = numpy.argwhere(self)
    out[:idx.shape[0]] = idx


def _reduce_sum(self, dims, keep_dims, dtype, out):
    axis = tuple(dims) if dims and self.ndim else None
    # the input is cast to dtype first (ops.md 5: dtype is the
    # accumulation and output type)
    work = numpy.empty(self.shape, out.dtype)
    _assign(work, self)
    _assign(out, numpy.sum(work, axis=axis, keepdims=keep_dims,
                           dtype=out.dtype))


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
    'ReduceSum': _reduce_sum,
    'InplaceRemainderTensorScalar': _inplace_remainder_tensor_scalar,
}


# Operator families in their own modules (one concern per file): each has
# a KERNELS dict of its own, merged here.
from cupy_backends.ascend.simulator import kernels_reduce, kernels_linalg  # NOQA: E402,E501
KERNELS.update(kernels_reduce.KERNELS); KERNELS.update(kernels_linalg.KERNELS)  # NOQA: E702,E501
from cupy_backends.ascend.simulator import kernels_elementwise; KERNELS.update(kernels_elementwise.KERNELS)  # NOQA: E402,E702,E501
