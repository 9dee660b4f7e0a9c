"""Arrays from existing data: array, asarray, asnumpy, copy ..."""

import numpy

from cupy._core import _dtype
from cupy._core import _transfer
from cupy._core import core


def array(obj, dtype=None, copy=True, order='K', subok=False, ndmin=0):
    """A device array from ``obj`` (a cupy or NumPy array, nested lists,
    a scalar).  ``copy=False`` returns ``obj`` itself when no copy is
    needed; ``ndmin`` prepends size-1 axes."""
    if isinstance(obj, core.ndarray):
        dt = obj.dtype if dtype is None else _dtype.get_dtype(dtype)
        if copy is False or copy is None:
            if dt == obj.dtype and _order_ok(obj, order):
                a = obj
            elif copy is False:
                raise ValueError('Unable to avoid copy while creating an '
                                 'array as requested.')
            else:
                a = obj.astype(dt, order=_copy_order(obj, order))
        else:
            a = obj.astype(dt, order=_copy_order(obj, order))
    elif isinstance(obj, (list, tuple)) and _has_device_array(obj):
        import cupy
        a = cupy.stack([array(o, dtype, True, 'K') for o in obj])
        if dtype is not None:
            a = a.astype(dtype, copy=False)
    else:
        if copy is False:
            raise ValueError('Unable to avoid copy while creating an array '
                             'from host data.')
        host = numpy.asarray(obj, dtype=dtype)
        a = _transfer.from_host(host, None, order)
    if ndmin > a.ndim:
        a = a.reshape((1,) * (ndmin - a.ndim) + a.shape)
    return a


def _has_device_array(seq):
    for o in seq:
        if isinstance(o, core.ndarray):
            return True
        if isinstance(o, (list, tuple)) and _has_device_array(o):
            return True
    return False


def _order_ok(a, order):
    if order == 'C':
        return a.flags.c_contiguous
    if order == 'F':
        return a.flags.f_contiguous
    return True


def _copy_order(a, order):
    return 'K' if order in (None, 'K', 'A') else order


def asarray(a, dtype=None, order=None, *, blocking=False):
    """``array(a, dtype, copy=None, order)``: no copy when not needed."""
    return array(a, dtype, copy=None, order='K' if order is None else order)


def asanyarray(a, dtype=None, order=None):
    return asarray(a, dtype, order)


def ascontiguousarray(a, dtype=None):
    """A C-contiguous array (no copy when it already is one)."""
    return array(a, dtype, copy=None, order='C')


def asfortranarray(a, dtype=None):
    return array(a, dtype, copy=None, order='F')


def copy(a, order='K'):
    """A copy of ``a`` on the device."""
    return array(a, copy=True, order=order)


def asnumpy(a, stream=None, order='C', out=None, *, blocking=True):
    """A NumPy array from ``a`` (a device array is copied to the host; any
    other object goes through ``numpy.asarray``)."""
    if isinstance(a, core.ndarray):
        return a.get(stream=stream, order=order, out=out)
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
