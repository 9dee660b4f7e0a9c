"""Arrays from existing data: array, asarray, asnumpy, copy ..."""

import numpy

from cupy._core import core
from cupy._core._routines_creation import array  # NOQA
from cupy._core._routines_creation import asarray  # NOQA


def asanyarray(a, dtype=None, order=None, *, device=None, copy=None,
               blocking=False):
    return asarray(a, dtype, order, device=device, copy=copy)


def ascontiguousarray(a, dtype=None):
    """A C-contiguous array of at least one dimension (no copy when ``a``
    already is one), as numpy.ascontiguousarray."""
    return array(a, dtype, copy=None, order='C', ndmin=1)


def asfortranarray(a, dtype=None):
    """A Fortran-contiguous array of at least one dimension (no copy when
    ``a`` already is one), as numpy.asfortranarray."""
    return array(a, dtype, copy=None, order='F', ndmin=1)


def copy(a, order='K'):
    """A copy of ``a`` on the device."""
    return array(a, copy=True, order=order)


def asnumpy(a, stream=None, order='C', out=None, *, blocking=True):
    """A NumPy array from ``a`` (a device array is copied to the host; any
    other object goes through ``numpy.asarray``)."""
    if isinstance(a, core.ndarray):
        return a.get(stream=stream, order=order, out=out)
    from cupy._core import _array_interface
    if _array_interface.stands_for_device_array(a):
        return _array_interface.to_device_array(a).get(
            stream=stream, order=order, out=out)
    if out is not None:
        out[...] = a
        return out
    return numpy.asarray(a, order=order)


def get_array_module(*args):
    """``cupy`` if any argument is a cupy array, else ``numpy``."""
    for a in args:
        if isinstance(a, core.ndarray):
            import cupy
            return cupy
    return numpy
