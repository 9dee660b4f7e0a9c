# DLPack (https://dmlc.github.io/dlpack/latest/): zero-copy exchange of
# device arrays with other libraries, as capsules of the versioned (1.x,
# "dltensor_versioned") and legacy ("dltensor") managed tensors.
#
# Device type: kDLCUDA on a CUDA build; on Ascend kDLExtDev (12), the type
# torch_npu gives NPU tensors (Ascend/pytorch,
# torch_npu/csrc/aten/common/DLConvertor.cpp, getDLDevice/getATenDevice:
# DeviceType::PrivateUse1 <-> kDLExtDev), so the two share NPU memory.
# The CANN simulator reports the same (12, device id): its device memory is
# host memory, but it is only valid through the simulated runtime.
#
# Streams: the consumer passes its stream; the producer makes that stream
# wait for the work queued on the producer's current stream by an event
# (never a device synchronisation).  stream=None (torch_npu's from_dlpack
# passes none) has no stream to wait on: the host waits for that event.
# -1 asks for no ordering.

from cpython.pycapsule cimport (
    PyCapsule_New, PyCapsule_IsValid, PyCapsule_GetPointer,
    PyCapsule_SetName)
from cpython.ref cimport Py_INCREF, Py_DECREF
from libc.stdint cimport (
    int32_t, int64_t, intptr_t, uint8_t, uint16_t, uint32_t, uint64_t)
from libc.stdlib cimport malloc, free

import numpy

from cupy._core.core cimport ndarray
from cupy.xpu.memory cimport MemoryPointer, UnownedMemory


# ------------------------------------------------------- the DLPack ABI --
# (dlpack.h v1.1; the struct layouts are the ABI, the names are ours)

cdef struct DLDevice:
    int32_t device_type
    int32_t device_id

cdef struct DLDataType:
    uint8_t code
    uint8_t bits
    uint16_t lanes

cdef struct DLTensor:
    void* data
    DLDevice device
    int32_t ndim
    DLDataType dtype
    int64_t* shape
    int64_t* strides
    uint64_t byte_offset

cdef struct DLManagedTensor:
    DLTensor dl_tensor
    void* manager_ctx
    void (*deleter)(DLManagedTensor*) noexcept

cdef struct DLPackVersion:
    uint32_t major
    uint32_t minor

cdef struct DLManagedTensorVersioned:
    DLPackVersion version
    void* manager_ctx
    void (*deleter)(DLManagedTensorVersioned*) noexcept
    uint64_t flags
    DLTensor dl_tensor

# DLDeviceType values
kDLCPU = 1
kDLCUDA = 2
kDLCUDAHost = 3
kDLExtDev = 12
# DLDataTypeCode values
cdef enum:
    kDLInt = 0
    kDLUInt = 1
    kDLFloat = 2
    kDLBfloat = 4
    kDLComplex = 5
    kDLBool = 6
# DLManagedTensorVersioned.flags bits
cdef uint64_t FLAG_READ_ONLY = 1
cdef uint64_t FLAG_IS_COPIED = 2

# the DLPack version this module implements
cdef uint32_t VERSION_MAJOR = 1
cdef uint32_t VERSION_MINOR = 0

cdef const char* NAME = 'dltensor'
cdef const char* NAME_VER = 'dltensor_versioned'
cdef const char* USED_NAME = 'used_dltensor'
cdef const char* USED_NAME_VER = 'used_dltensor_versioned'


cdef int _device_type = 0


def device_type():
    """The DLDeviceType of this build's device memory."""
    global _device_type
    if _device_type == 0:
        from cupy_backends import get_backend_name
        _device_type = kDLCUDA if get_backend_name() == 'cuda' else kDLExtDev
    return _device_type


def dlpack_device(int device_id):
    return (device_type(), device_id)


# ----------------------------------------------------------- exporting --

cdef DLDataType _dl_dtype(dtype) except *:
    cdef DLDataType t
    kind = dtype.kind
    t.lanes = 1
    t.bits = dtype.itemsize * 8
    if kind == 'b':
        t.code = kDLBool
    elif kind == 'i':
        t.code = kDLInt
    elif kind == 'u':
        t.code = kDLUInt
    elif kind == 'f':
        t.code = kDLFloat
    elif kind == 'c':
        t.code = kDLComplex
    elif dtype.name == 'bfloat16':     # ml_dtypes' bfloat16 (kind 'V')
        t.code = kDLBfloat
    else:
        raise BufferError(
            'dtype {} is not supported for DLPack export'.format(dtype))
    return t


cdef void _delete_legacy(DLManagedTensor* t) noexcept with gil:
    Py_DECREF(<object>t.manager_ctx)
    free(t)


cdef void _delete_versioned(DLManagedTensorVersioned* t) noexcept with gil:
    Py_DECREF(<object>t.manager_ctx)
    free(t)


cdef void _capsule_destructor(object capsule) noexcept:
    # A capsule nobody consumed still owns its tensor (a consumer renames
    # it to "used_..." and calls the deleter itself).
    cdef DLManagedTensor* t
    cdef DLManagedTensorVersioned* tv
    if PyCapsule_IsValid(capsule, NAME_VER):
        tv = <DLManagedTensorVersioned*>PyCapsule_GetPointer(capsule,
                                                            NAME_VER)
        tv.deleter(tv)
    elif PyCapsule_IsValid(capsule, NAME):
        t = <DLManagedTensor*>PyCapsule_GetPointer(capsule, NAME)
        t.deleter(t)


cdef int _fill(DLTensor* dl, object owner, int32_t dev_type, int32_t dev_id,
               intptr_t ptr, tuple shape, tuple strides, Py_ssize_t itemsize,
               DLDataType dtype, int64_t* dims) except -1:
    cdef int i, ndim = len(shape)
    dl.data = <void*>ptr
    dl.device.device_type = dev_type
    dl.device.device_id = dev_id
    dl.ndim = ndim
    dl.dtype = dtype
    dl.shape = dims
    dl.strides = dims + ndim
    dl.byte_offset = 0
    for i in range(ndim):
        dims[i] = shape[i]
        dims[ndim + i] = strides[i] // itemsize
    return 0


cdef object _capsule(object owner, int32_t dev_type, int32_t dev_id,
                     intptr_t ptr, tuple shape, tuple strides, dtype,
                     bint versioned, uint64_t flags):
    """A capsule of ``ptr`` described by shape/strides (bytes); ``owner``
    keeps the memory alive until the consumer calls the deleter."""
    cdef DLDataType dt = _dl_dtype(dtype)
    cdef Py_ssize_t itemsize = dtype.itemsize, s
    cdef int ndim = len(shape)
    cdef DLManagedTensor* t
    cdef DLManagedTensorVersioned* tv
    cdef size_t head
    for s in strides:
        if s % itemsize:
            raise BufferError('DLPack strides count elements: this array '
                              'has strides that are not a multiple of its '
                              'itemsize; export a copy')
    # one block: the managed tensor, then its shape and strides
    head = (sizeof(DLManagedTensorVersioned) if versioned
            else sizeof(DLManagedTensor))
    head = (head + 7) // 8 * 8
    cdef char* block = <char*>malloc(head + 2 * max(ndim, 1) *
                                     sizeof(int64_t))
    if block == NULL:
        raise MemoryError()
    cdef int64_t* dims = <int64_t*>(block + head)
    if versioned:
        tv = <DLManagedTensorVersioned*>block
        _fill(&tv.dl_tensor, owner, dev_type, dev_id, ptr, shape, strides,
              itemsize, dt, dims)
        tv.version.major = VERSION_MAJOR
        tv.version.minor = VERSION_MINOR
        tv.flags = flags
        tv.manager_ctx = <void*>owner
        tv.deleter = _delete_versioned
        Py_INCREF(owner)
        return PyCapsule_New(tv, NAME_VER, _capsule_destructor)
    t = <DLManagedTensor*>block
    _fill(&t.dl_tensor, owner, dev_type, dev_id, ptr, shape, strides,
          itemsize, dt, dims)
    t.manager_ctx = <void*>owner
    t.deleter = _delete_legacy
    Py_INCREF(owner)
    return PyCapsule_New(t, NAME, _capsule_destructor)


def _order_for_consumer(int device_id, stream):
    """Make the consumer's ``stream`` see the work queued so far on the
    current stream (module header)."""
    from cupy.xpu import stream as _stream
    if stream is not None and not isinstance(stream, int):
        raise TypeError('stream must be an int (a stream handle) or None, '
                        'not {}'.format(type(stream).__name__))
    if stream == -1:
        return
    current = _stream.get_current_stream(device_id)
    if stream is None:
        current.record().synchronize()
        return
    if stream < -1:
        raise ValueError('stream must be -1, None or a stream handle, not '
                         '{}'.format(stream))
    if device_type() == kDLCUDA and stream in (1, 2):
        stream = 0          # CUDA's legacy / per-thread default streams
    if stream == current.ptr:
        return
    consumer = _stream.ExternalStream(stream, device_id)
    consumer.wait_event(current.record())


def export(ndarray a, stream, max_version, dl_device, copy):
    """``a.__dlpack__(...)`` (array API standard 2023.12 signature)."""
    cdef int dev = a.data.device_id
    cdef bint versioned = (max_version is not None and
                           int(max_version[0]) >= VERSION_MAJOR)
    cdef uint64_t flags = 0
    own = (device_type(), dev)
    if dl_device is not None:
        dl_device = tuple(dl_device)
    if dl_device is None or dl_device == own:
        if copy:
            a = a.copy()
            flags |= FLAG_IS_COPIED
        _order_for_consumer(dev, stream)
        return _capsule(a, own[0], dev, a.data.ptr, a._shape, a._strides,
                        a.dtype, versioned, flags)
    if dl_device == (kDLCPU, 0):
        if copy is False:
            raise ValueError('device memory cannot be exported to the host '
                             'without a copy (copy=False was given)')
        host = a.get()          # waits for the current stream's work
        return _capsule(host, kDLCPU, 0, host.ctypes.data, host.shape,
                        host.strides, host.dtype, versioned,
                        flags | FLAG_IS_COPIED)
    raise BufferError('unsupported dl_device {!r}: this array lives on {!r}'
                      .format(dl_device, own))


# ----------------------------------------------------------- importing --

cdef class _ManagedTensor:
    """Owns a consumed capsule's tensor: calls its deleter when the last
    array viewing it dies."""
    cdef DLManagedTensor* legacy
    cdef DLManagedTensorVersioned* versioned

    def __dealloc__(self):
        if self.versioned != NULL:
            if self.versioned.deleter != NULL:
                self.versioned.deleter(self.versioned)
        elif self.legacy != NULL:
            if self.legacy.deleter != NULL:
                self.legacy.deleter(self.legacy)


cdef object _np_dtype(DLDataType t):
    cdef int bits = t.bits
    if t.lanes != 1:
        raise ValueError('vector dtypes (lanes={}) are not supported'
                         .format(t.lanes))
    if t.code == kDLBool and bits == 8:
        return numpy.dtype(numpy.bool_)
    names = {kDLInt: 'int', kDLUInt: 'uint', kDLFloat: 'float',
             kDLComplex: 'complex'}
    cdef tuple widths = (8, 16, 32, 64)
    if t.code == kDLComplex:
        widths = (64, 128)
    if t.code in names and bits in widths:
        if t.code == kDLFloat and bits == 8:
            raise TypeError('float8 is not supported')
        return numpy.dtype('{}{}'.format(names[t.code], bits))
    if t.code == kDLBfloat and bits == 16:
        try:
            import ml_dtypes
        except ImportError:
            raise TypeError('bfloat16 needs the ml_dtypes package') from None
        return numpy.dtype(ml_dtypes.bfloat16)
    raise TypeError('unsupported DLPack dtype (code {}, {} bits)'.format(
        t.code, bits))


# storage of an imported tensor starts at an address aligned like a device
# allocation (aclTensor data pointers are 32-byte aligned, DESIGN.md
# "Ascend specifics"); the view's offset says where the tensor begins
cdef intptr_t _BASE_ALIGN = 32


def import_capsule(capsule):
    """An ndarray viewing the memory of a DLPack capsule (consumed)."""
    cdef _ManagedTensor owner = _ManagedTensor.__new__(_ManagedTensor)
    cdef DLTensor* dl
    cdef DLManagedTensorVersioned* tv = NULL
    cdef DLManagedTensor* t = NULL
    if PyCapsule_IsValid(capsule, NAME_VER):
        tv = <DLManagedTensorVersioned*>PyCapsule_GetPointer(capsule,
                                                            NAME_VER)
        if tv.version.major > VERSION_MAJOR:
            raise BufferError(
                'the DLPack tensor has version {}.{}; this library reads '
                'major version {}'.format(tv.version.major,
                                          tv.version.minor, VERSION_MAJOR))
        dl = &tv.dl_tensor
    elif PyCapsule_IsValid(capsule, NAME):
        t = <DLManagedTensor*>PyCapsule_GetPointer(capsule, NAME)
        dl = &t.dl_tensor
    elif (PyCapsule_IsValid(capsule, USED_NAME) or
          PyCapsule_IsValid(capsule, USED_NAME_VER)):
        raise ValueError('A DLPack tensor object cannot be consumed '
                         'multiple times')
    else:
        raise TypeError('expected a DLPack capsule (named "dltensor" or '
                        '"dltensor_versioned"), got {}'.format(
                            type(capsule).__name__))
    if dl.device.device_type != device_type():
        raise ValueError(
            'the DLPack tensor is on device type {} but this library '
            'reads device type {} (kDLCUDA=2, kDLExtDev=12 for NPU)'.format(
                dl.device.device_type, device_type()))
    dtype = _np_dtype(dl.dtype)
    cdef Py_ssize_t itemsize = dtype.itemsize
    cdef int ndim = dl.ndim, i
    shape = tuple([dl.shape[i] for i in range(ndim)])
    if dl.strides == NULL:        # C-contiguous (DLPack < 1.2)
        from cupy._core.core import contiguous_strides
        strides = contiguous_strides(shape, itemsize)
    else:
        strides = tuple([dl.strides[i] * itemsize for i in range(ndim)])
    # the bytes the view touches, relative to its first element
    cdef Py_ssize_t lo = 0, hi = 0, n = 1
    for i in range(ndim):
        n *= shape[i]
        if shape[i] > 1:
            if strides[i] < 0:
                lo += strides[i] * (shape[i] - 1)
            else:
                hi += strides[i] * (shape[i] - 1)
    cdef intptr_t first = <intptr_t>dl.data + <intptr_t>dl.byte_offset
    cdef intptr_t base = first + lo
    if n == 0:
        base = first
        hi = -itemsize
    base -= base % _BASE_ALIGN
    cdef Py_ssize_t size = first + hi + itemsize - base
    # the capsule is ours now: rename it, and let the owner call the deleter
    PyCapsule_SetName(capsule, USED_NAME_VER if tv != NULL else USED_NAME)
    owner.versioned = tv
    owner.legacy = t
    mem = UnownedMemory(base if n else 0, size if n else 0, owner,
                        dl.device.device_id)
    ptr = MemoryPointer(mem, first - base if n else 0)
    return ndarray(shape, dtype, ptr, strides)


def fromDlpack(dltensor):
    """A zero-copy :class:`cupy.ndarray` of a DLPack capsule (legacy API;
    use :func:`cupy.from_dlpack`, which takes any object with
    ``__dlpack__``)."""
    return import_capsule(dltensor)


def from_dlpack(x, *, device=None, copy=None):
    """A :class:`cupy.ndarray` sharing the memory of ``x`` (an object with
    ``__dlpack__``/``__dlpack_device__``, or a DLPack capsule), safe to use
    on the current stream.

    ``copy=True`` asks the producer for a copy; host (kDLCPU) arrays are
    copied to the device only then, as CuPy raises TypeError for them
    otherwise.  ``device`` may be a device of this namespace.
    """
    from cupy.xpu.device import Device
    if not hasattr(x, '__dlpack__'):
        return import_capsule(x)       # a capsule (the legacy protocol)
    if device is not None and not isinstance(device, Device):
        raise ValueError('device must be a cupy.cuda.Device, not {!r}'
                         .format(device))
    dev_type, dev_id = x.__dlpack_device__()
    if dev_type == kDLCPU:
        if copy is not True:
            raise TypeError(
                'CPU arrays cannot be imported to the device without a copy. '
                'Use `cupy.from_dlpack(x, copy=True)` or '
                '`cupy.asarray(numpy.from_dlpack(x))` instead.')
        from cupy._core import _transfer
        with (device or Device()):
            return _transfer.from_host(numpy.from_dlpack(x))
    if dev_type != device_type():
        raise TypeError('Unsupported array type: DLPack device type {} '
                        '(this library reads {})'.format(dev_type,
                                                        device_type()))
    with Device(dev_id):
        out = _import_from(x, copy)
    if device is not None and device.id != dev_id:
        from cupy._core import _routines_interop
        out = _routines_interop.to_device(out, device, None)
    return out


def _import_from(x, copy):
    from cupy.xpu import stream as _stream
    stream = _stream.get_current_stream_ptr()
    if device_type() == kDLCUDA and stream == 0:
        stream = 1          # DLPack's name for CUDA's legacy default stream
    try:
        capsule = x.__dlpack__(stream=stream,
                               max_version=(VERSION_MAJOR, VERSION_MINOR),
                               copy=copy)
    except TypeError:
        # a producer that predates DLPack 1.0 keywords
        if copy is not None:
            raise
        capsule = x.__dlpack__(stream=stream)
    return import_capsule(capsule)
