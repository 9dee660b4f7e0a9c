"""may_share_memory / shares_memory of device arrays.

The question is about addresses only, so it is answered by NumPy's own
solver on NumPy arrays laid over the device addresses (built through
``__array_interface__``; NumPy never reads them).  The answer is then as
exact as NumPy's for the same strides, with the same ``max_work``
meaning and TooHardError.
"""

import numpy

from cupy._core import core


class _AddressLayout:
    """An object whose only content is an array interface naming a device
    address: NumPy wraps it without reading the memory."""

    def __init__(self, a):
        self.__array_interface__ = {
            'data': (a.data.ptr, True), 'shape': a.shape,
            'strides': a.strides, 'typestr': a.dtype.str, 'version': 3}


def _layouts(a, b):
    """NumPy arrays over the addresses of `a` and `b`, or None when the two
    cannot share memory at all (other memory space, other device, empty)."""
    a_dev = isinstance(a, core.ndarray)
    b_dev = isinstance(b, core.ndarray)
    if not (a_dev and b_dev):
        if a_dev or b_dev:
            return None         # device memory is never host memory
        return numpy.asarray(a), numpy.asarray(b)
    if a.size == 0 or b.size == 0:
        return None
    if a.data.device_id != b.data.device_id:
        return None
    return (numpy.asarray(_AddressLayout(a)),
            numpy.asarray(_AddressLayout(b)))


def byte_bounds(a):
    """(lowest, one past the highest) device address of the bytes ``a``
    spans (``numpy.lib.array_utils.byte_bounds`` of a device array)."""
    if not isinstance(a, core.ndarray):
        raise TypeError('byte_bounds expects a cupy.ndarray, not {}'.format(
            type(a).__name__))
    low = high = a.data.ptr
    if a.size == 0:
        return low, high
    for n, s in zip(a.shape, a.strides):
        if s < 0:
            low += (n - 1) * s
        else:
            high += (n - 1) * s
    return low, high + a.itemsize


def may_share_memory(a, b, max_work=None):
    """Whether `a` and `b` might share memory; by default only their
    address bounds are compared (NumPy's MAY_SHARE_BOUNDS)."""
    pair = _layouts(a, b)
    if pair is None:
        return False
    return bool(numpy.may_share_memory(pair[0], pair[1], max_work=max_work))


def shares_memory(a, b, max_work=None):
    """Whether `a` and `b` share memory, exactly by default (NumPy's
    MAY_SHARE_EXACT; TooHardError past `max_work`)."""
    pair = _layouts(a, b)
    if pair is None:
        return False
    return bool(numpy.shares_memory(pair[0], pair[1], max_work=max_work))
