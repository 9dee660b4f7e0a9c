"""Host <-> device transfers of whole arrays."""

import numpy

from cupy._core import _dtype
from cupy._core import _layout
from cupy._core import core


def from_host(arr, dtype=None, order='K'):
    """A new device array with the contents of NumPy array ``arr`` (any
    strides and byte order), cast to ``dtype`` on the host if given, laid
    out as NumPy's ``numpy.array(arr, order=order)`` would be."""
    arr = numpy.asarray(arr)
    if dtype is None:
        # a host array in the other byte order keeps its values
        dtype = arr.dtype if arr.dtype.isnative else \
            arr.dtype.newbyteorder('=')
    dt = _dtype.get_dtype(dtype)
    layout = _layout.layout_of(arr, order)
    out = _layout.empty(arr.shape, dt, layout)
    if not out.size:
        return out
    if isinstance(layout, tuple):
        # a dense block in the order of arr's strides: the same strides on
        # both sides, so the bytes go over as they are
        host = numpy.empty_like(arr, dtype=dt, order='K')
        numpy.copyto(host, arr, casting='unsafe')
    else:
        host = numpy.asarray(arr, dtype=dt, order=layout)
    out.data.copy_from_host(host.ctypes.data, host.nbytes)
    return out


def _check_stream(stream):
    # anything else would reach the vendor as a stream handle
    from cupy.xpu import stream as _stream
    if stream is not None and not isinstance(stream, _stream._BaseStream):
        raise TypeError('stream must be a cupy.cuda.Stream or None, not '
                        '{}'.format(type(stream).__name__))


def to_host(a, stream=None, order='C', out=None):
    """``a.get()``: a NumPy copy, or the contents copied into ``out``."""
    _check_stream(stream)
    if out is not None:
        if not isinstance(out, numpy.ndarray):
            raise TypeError('out must be a numpy.ndarray, not {}'.format(
                type(out).__name__))
        if out.shape != a.shape:
            raise ValueError('Shape mismatch: out has {} but the array has {}'
                             .format(out.shape, a.shape))
        if out.dtype != a.dtype:
            raise TypeError('dtype mismatch: out has {} but the array has {}'
                            .format(out.dtype, a.dtype))
        if out.flags.c_contiguous:
            order = 'C'
        elif out.flags.f_contiguous:
            order = 'F'
        else:
            out[...] = to_host(a, stream)
            return out
    order = _layout.check_order(order, 'C')
    if order in ('A', 'K'):
        order = 'F' if _layout.is_fortran(a) else 'C'
    src = a
    if not (a.flags.c_contiguous if order == 'C' else a.flags.f_contiguous):
        src = a.copy(order)
    if out is None:
        out = numpy.empty(a.shape, a.dtype, order)
    if a.size:
        if stream is None:
            src.data.copy_to_host(out.ctypes.data, out.nbytes)
        else:
            src.data.copy_to_host_async(out.ctypes.data, out.nbytes, stream)
            stream.synchronize()
    return out


def set_from_host(a, arr, stream=None):
    """``a.set(arr)``: copy NumPy array ``arr`` of the same shape into ``a``."""
    _check_stream(stream)
    if not isinstance(arr, numpy.ndarray):
        raise TypeError('Only numpy.ndarray can be set to cupy.ndarray')
    if arr.shape != a.shape:
        raise ValueError('Shape mismatch. Old shape: {}, new shape: {}'
                         .format(a.shape, arr.shape))
    if arr.dtype != a.dtype:
        raise TypeError('{} array cannot be set to {} array'.format(
            arr.dtype, a.dtype))
    if a.flags.c_contiguous:
        host = numpy.asarray(arr, dtype=a.dtype, order='C')
    elif a.flags.f_contiguous:
        host = numpy.asarray(arr, dtype=a.dtype, order='F')
    else:
        core._copy_to(a, from_host(arr))
        return
    if a.size:
        a.data.copy_from_host(host.ctypes.data, host.nbytes)
