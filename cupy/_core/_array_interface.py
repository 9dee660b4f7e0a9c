"""Arrays from objects that describe device memory of this library's
devices: ``__cupy_get_ndarray__`` (the object returns the array) and the
``__cuda_array_interface__`` dictionary (versions 0 to 3: shape,
typestr, data pointer, optional strides, mask and stream).

The interface's data pointer must be device memory of the current device
(on ascend: memory this library or another CANN user allocated); the new
array is a view of it that keeps the object alive, nothing is copied.
A stream in the dictionary is waited for (synchronised) before the view
is used, as the interface asks of consumers."""

import numpy

from cupy._core import _dtype
from cupy._core import core
from cupy._core._layout import c_strides
from cupy.xpu import memory as _memory


def stands_for_device_array(obj):
    t = type(obj)
    return (hasattr(t, '__cupy_get_ndarray__')
            or hasattr(t, '__cuda_array_interface__'))


def to_device_array(obj):
    """The device array ``obj`` stands for (a view, never a copy)."""
    if isinstance(obj, core.ndarray):
        # ndarray's own __cuda_array_interface__ (CUDA builds) is the array
        return obj
    if hasattr(type(obj), '__cupy_get_ndarray__'):
        a = obj.__cupy_get_ndarray__()
        if not isinstance(a, core.ndarray):
            raise TypeError('__cupy_get_ndarray__ must return a '
                            'cupy.ndarray, not {}'.format(type(a).__name__))
        return a
    return _from_interface(obj, obj.__cuda_array_interface__)


def _dtype_of(desc):
    typestr = desc['typestr']
    dt = numpy.dtype(typestr)
    descr = desc.get('descr')
    if dt.kind == 'V' and descr and not (
            len(descr) == 1 and descr[0][0] == ''):
        dt = numpy.dtype(descr)       # a structured type: its fields
    if dt.byteorder == '>' or (dt.byteorder == '=' and
                               numpy.little_endian is False):
        raise ValueError('big-endian data ({}) is not supported: device '
                         'arrays are little-endian'.format(typestr))
    return _dtype.get_container_dtype(dt)


def _from_interface(obj, desc):
    version = desc.get('version', 0)
    if not 0 <= version <= 3:
        raise ValueError('unknown __cuda_array_interface__ version '
                         '{}'.format(version))
    if desc.get('mask') is not None:
        raise ValueError('the array library does not support masked '
                         '__cuda_array_interface__ arrays')
    shape = tuple(int(s) for s in desc['shape'])
    dt = _dtype_of(desc)
    ptr = int(desc['data'][0])
    strides = desc.get('strides')
    if strides is None:
        strides = c_strides(shape, dt.itemsize)
    else:
        strides = tuple(int(s) for s in strides)
    stream = desc.get('stream')
    if stream is not None and version >= 3:
        if stream == 0:
            raise ValueError('stream 0 is not allowed in '
                             '__cuda_array_interface__ (use 1 or 2)')
        from cupy_backends.backend import api
        # the producer's legacy (1) / per-thread (2) default streams are
        # this backend's null stream
        api.xpuStreamSynchronize(0 if stream in (1, 2) else stream)
    size = 1
    for s in shape:
        size *= s
    if size == 0:
        mem = _memory.UnownedMemory(0, 0, obj)
        return _array(shape, dt, _memory.MemoryPointer(mem, 0), strides)
    lo = sum((n - 1) * s for n, s in zip(shape, strides) if s < 0)
    hi = sum((n - 1) * s for n, s in zip(shape, strides) if s > 0)
    # the memory object starts at the aligned address at or below the
    # lowest byte: operators take the allocation base, aligned, and the
    # view's offset (DESIGN.md, aclTensor); device allocations start
    # aligned, so the bytes before the pointer belong to the same one
    start = (ptr + lo) - (ptr + lo) % _ALIGN
    extent = ptr + hi + dt.itemsize - start
    mem = _memory.UnownedMemory(start, extent, obj)
    return _array(shape, dt, _memory.MemoryPointer(mem, ptr - start),
                  strides)


def _array(shape, dt, memptr, strides):
    if not _dtype.is_container(dt):
        return core.ndarray(shape, dt, memptr, strides)
    # a dtype device arrays only hold: the bytes as uint8, viewed as dt
    raw = core.ndarray(tuple(shape) + (dt.itemsize,), numpy.uint8, memptr,
                       tuple(strides) + (1,))
    return raw._view_py(tuple(shape), tuple(strides), 0, dt)


# the start alignment of device allocations (runtime.md 7.1: aclrtMalloc
# addresses are 64-byte aligned)
_ALIGN = 64


# ------------------------------------------------------------- issue 19 --
# Export (``ndarray.__cuda_array_interface__``, version 3) where this
# backend's device pointers are CUDA device pointers.

def _is_cuda_memory():
    from cupy_backends.backend import api
    return api.xpuBackendName() == 'cuda'


def export(a):
    if not _is_cuda_memory():
        raise AttributeError(
            "'cupy.ndarray' has no __cuda_array_interface__ on this backend: "
            'its device memory is not CUDA memory (use DLPack)')
    from cupy.xpu import stream as _stream
    s = _stream.get_current_stream_ptr()
    return {
        'shape': a.shape,
        'typestr': a.dtype.str,
        'descr': a.dtype.descr,
        # C-contiguous arrays give None, as the protocol allows
        'strides': None if a.flags.c_contiguous else a.strides,
        'data': (a.data.ptr if a.size else 0, False),
        'version': 3,
        # the legacy default stream is 1 in the protocol (0 is not allowed)
        'stream': s if s else 1,
    }
