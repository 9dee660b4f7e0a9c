"""NumPy arrays over pinned (page-locked) host memory from the pinned
pool, for fast asynchronous copies (CuPy's ``cupyx.empty_pinned`` ...)."""

import numpy

import cupy


def _pinned(shape, dtype, order):
    shape = (shape,) if numpy.ndim(shape) == 0 else tuple(shape)
    dtype = numpy.dtype(dtype)
    if order not in ('C', 'F'):
        raise ValueError("order must be 'C' or 'F'")
    nbytes = int(numpy.prod(shape, dtype=numpy.int64)) * dtype.itemsize
    if nbytes == 0:
        # nothing to pin; NumPy's own empty array keeps NumPy's strides
        return numpy.empty(shape, dtype, order)
    mem = cupy.xpu.alloc_pinned_memory(nbytes)
    # the array keeps `mem` (its buffer) alive, which returns the block to
    # the pinned pool when the array goes
    return numpy.ndarray(shape, dtype, buffer=mem, order=order)


def _like_args(a, dtype, order, shape):
    dtype = a.dtype if dtype is None else dtype
    if order == 'K' or order == 'A':
        order = 'F' if a.flags.f_contiguous and not a.flags.c_contiguous \
            else 'C'
    return (a.shape if shape is None else shape), dtype, order


def empty_pinned(shape, dtype=float, order='C'):
    """An uninitialised NumPy array in pinned memory."""
    return _pinned(shape, dtype, order)


def zeros_pinned(shape, dtype=float, order='C'):
    """A NumPy array of zeros in pinned memory."""
    out = _pinned(shape, dtype, order)
    out[...] = 0
    return out


def empty_like_pinned(a, dtype=None, order='K', subok=None, shape=None):
    """``empty_pinned`` with the shape/dtype of `a`."""
    return _pinned(*_like_args(a, dtype, order, shape))


def zeros_like_pinned(a, dtype=None, order='K', subok=None, shape=None):
    """``zeros_pinned`` with the shape/dtype of `a`."""
    out = _pinned(*_like_args(a, dtype, order, shape))
    out[...] = 0
    return out
