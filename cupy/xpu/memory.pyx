# Device memory (DESIGN.md, Memory): allocations, pointers into them and
# the allocator that alloc() uses, with CuPy's public API.  The caching
# pool is memory_pool.pyx; its public names are re-exported here.

import gc
import threading
import operator

cimport cython
from cpython.buffer cimport (PyObject_CheckBuffer, PyObject_GetBuffer,
                             PyBuffer_Release, PyBUF_SIMPLE, PyBUF_WRITABLE)
from libc.stdint cimport intptr_t

from cupy_backends.backend cimport api
from cupy.xpu.device cimport Device
# Aliased: a cimported name of the same spelling would silently keep the
# Python-level re-export below from binding it in this module.
from cupy.xpu.memory_pool cimport SingleDeviceMemoryPool as _DevicePool
from cupy.xpu.stream cimport get_current_stream_ptr

# memory_pool cimports this module, so it is completely loaded (by the
# cimport above) before this module's code runs.
from cupy.xpu.memory_pool import (  # NOQA
    MemoryPool, SingleDeviceMemoryPool, _stream_destroying,
    get_default_memory_pool)

import ctypes


cdef inline Py_ssize_t _check_size(size) except -1:
    # a Python int (every size the core computes) without looking up
    # operator.index: about 0.05 us of every allocation (issue 9)
    cdef Py_ssize_t n = size if type(size) is int else operator.index(size)
    if n < 0:
        raise ValueError('size must be non-negative, got {}'.format(n))
    return n


cdef inline int _use_device(int device) except -1:
    """Makes ``device`` current and returns the device that was."""
    cdef int prev = api.xpuGetDevice()
    if prev != device:
        api.xpuSetDevice(device)
    return prev


cdef inline int _restore_device(int prev, int device) except -1:
    if prev != device:
        api.xpuSetDevice(prev)
    return 0


cdef intptr_t _stream_ptr(stream) except? -1:
    if stream is None:
        return get_current_stream_ptr()
    if isinstance(stream, int):
        return stream
    return stream.ptr


class OutOfMemoryError(MemoryError):
    """The device memory (or the pool's limit) cannot satisfy a request.

    ``size``: the bytes requested; ``total``: the bytes the pool held;
    ``limit``: the pool's limit in bytes, 0 when it has none.
    """

    def __init__(self, size, total, limit=0):
        self.size = size
        self.total = total
        self.limit = limit
        if limit:
            state = ('the memory pool holds {:,} bytes and its limit is '
                     '{:,} bytes, so {:,} bytes are available under it'.format(
                         total, limit, max(limit - total, 0)))
        else:
            state = ('the memory pool holds {:,} bytes and no limit is '
                     'set; {}'.format(total, _device_room()))
        super().__init__(
            'Out of memory allocating {:,} bytes: {}. Free the arrays you no '
            'longer need, release cached blocks with '
            'cupy.get_default_memory_pool().free_all_blocks(), or change the '
            'limit with MemoryPool.set_limit() or CUPY_GPU_MEMORY_LIMIT.'
            .format(size, state))

    def __reduce__(self):
        return (type(self), (self.size, self.total, self.limit))


def _device_room():
    """What the current device has left, for OutOfMemoryError's message."""
    try:
        free, total = api.xpuMemGetInfo()
    except Exception:
        return 'the device has no room left'
    return 'the device has {:,} of its {:,} bytes free'.format(free, total)


# ---------------------------------------------------------------- memory --

@cython.auto_pickle(False)   # raw pointers must not be copied
cdef class BaseMemory:
    """A device memory buffer: ``ptr``, ``size`` (bytes) and ``device_id``."""

    @property
    def device(self):
        return Device(self.device_id)


@cython.auto_pickle(False)   # raw pointers must not be copied
cdef class Memory(BaseMemory):
    """One allocation of ``size`` bytes on the current device, freed when the
    object dies (size 0: no allocation, ``ptr`` is 0).  Freeing waits for the
    device first, because the backend's free does not wait for queued work."""

    def __init__(self, size):
        cdef Py_ssize_t n = _check_size(size)
        self.device_id = api.xpuGetDevice()
        self._sync_on_free = True
        if n > 0:
            self.ptr = api.xpuMalloc(n)
        self.size = n

    def __dealloc__(self):
        cdef intptr_t ptr = self.ptr
        cdef int prev
        if ptr == 0:
            return
        self.ptr = 0
        prev = _use_device(self.device_id)
        try:
            if self._sync_on_free:
                try:
                    api.xpuDeviceSynchronize()
                finally:
                    api.xpuFree(ptr)
            else:
                api.xpuFree(ptr)
        finally:
            _restore_device(prev, self.device_id)


@cython.auto_pickle(False)   # raw pointers must not be copied
cdef class UnownedMemory(BaseMemory):
    """Device memory allocated by someone else; ``owner`` is kept alive as
    long as this object.  ``device_id`` defaults to the current device."""

    def __init__(self, intptr_t ptr, size, owner, device_id=None):
        self.size = _check_size(size)
        self.ptr = ptr
        self._owner = owner
        self.device_id = (api.xpuGetDevice() if device_id is None
                          else device_id)


@cython.auto_pickle(False)   # raw pointers must not be copied
@cython.no_gc_clear   # __dealloc__ needs _chunk and _pool_ref
cdef class PooledMemory(BaseMemory):
    """A chunk handed out by a memory pool; goes back to it when freed."""

    def __init__(self, *args, **kwargs):
        raise TypeError('PooledMemory objects are made by a memory pool')

    cpdef free(self):
        """Returns the chunk to its pool now (later calls do nothing)."""
        cdef _Chunk chunk = self._chunk
        cdef object ref = self._pool_ref
        if chunk is None:
            return
        self._chunk = None
        self._pool_ref = None
        self.ptr = 0
        self.size = 0
        pool = ref() if ref is not None else None
        if pool is not None:
            if not _hooked:
                (<_DevicePool>pool)._free_chunk(chunk)
                return
            from cupy.xpu import memory_hook
            info = {'device_id': self.device_id, 'mem_size': chunk.size,
                    'mem_ptr': chunk.ptr, 'pmem_id': id(pool)}
            memory_hook._call_hooks('free_preprocess', info)
            (<_DevicePool>pool)._free_chunk(chunk)
            memory_hook._call_hooks('free_postprocess', info)

    def __dealloc__(self):
        if self._chunk is not None:
            self.free()


# --------------------------------------------------------------- pointer --

cdef inline int _check_extent(MemoryPointer p, Py_ssize_t n) except -1:
    cdef Py_ssize_t avail = p.mem.size - (p.ptr - p.mem.ptr)
    if p.ptr < p.mem.ptr:
        # a pooled chunk's neighbours lie before it in the same allocation
        raise ValueError(
            'the pointer is {} bytes before the start of its device buffer'
            .format(p.mem.ptr - p.ptr))
    if n > avail:
        raise ValueError(
            'copy of {} bytes runs past the end of the device buffer '
            '({} bytes left after this pointer)'.format(n, max(avail, 0)))
    return 0


cdef intptr_t _host_address(mem, Py_ssize_t n, bint writable,
                            Py_buffer* view, bint* held) except? -1:
    """The address of host memory ``mem``: an int, a ctypes pointer or
    c_void_p, or an object with a (contiguous) buffer of >= n bytes, which
    is then held in ``view`` until the caller releases it."""
    cdef intptr_t addr
    held[0] = False
    if isinstance(mem, int):
        addr = mem
    elif isinstance(mem, ctypes.c_void_p):
        addr = mem.value or 0
    elif isinstance(mem, ctypes._Pointer):
        addr = ctypes.cast(mem, ctypes.c_void_p).value or 0
    elif PyObject_CheckBuffer(mem):
        try:
            PyObject_GetBuffer(
                mem, view, PyBUF_WRITABLE if writable else PyBUF_SIMPLE)
        except (BufferError, ValueError) as e:
            raise ValueError(
                'host memory of type {} must be a contiguous{} buffer: {}'
                .format(type(mem).__name__,
                        ' writable' if writable else '', e)) from e
        held[0] = True
        if view.len < n:
            PyBuffer_Release(view)
            held[0] = False
            raise ValueError(
                'host buffer has {} bytes, the copy needs {}'.format(
                    view.len, n))
        addr = <intptr_t>view.buf
    else:
        raise TypeError(
            'host memory must be an int address, a ctypes pointer or an '
            'object with the buffer protocol, not {}'.format(
                type(mem).__name__))
    if addr == 0:
        if held[0]:
            PyBuffer_Release(view)
            held[0] = False
        raise ValueError('host memory pointer is NULL')
    return addr


cdef int _memcpy(int device, intptr_t dst, intptr_t src, Py_ssize_t n,
                 int kind, stream, bint sync) except -1:
    # A synchronous copy waits for the work already queued on the stream,
    # then copies: a plain xpuMemcpy does not wait for any stream
    # (runtime.md section 11).  Waiting first rather than queueing the copy
    # and waiting for it spares two hand-offs to the stream's worker, which
    # dominate small copies.
    cdef int prev = _use_device(device)
    cdef intptr_t s
    try:
        s = _stream_ptr(stream)
        if sync:
            api.xpuStreamSynchronize(s)
            api.xpuMemcpy(dst, src, n, kind)
        else:
            api.xpuMemcpyAsync(dst, src, n, kind, s)
    finally:
        _restore_device(prev, device)
    return 0


cdef object _syncdetect = None


cdef inline int _declare_synchronize() except -1:
    # cupyx.allow_synchronize(False) forbids waiting for the device
    global _syncdetect
    if _syncdetect is None:
        from cupy._core import syncdetect
        _syncdetect = syncdetect
    _syncdetect._declare_synchronize()
    return 0


cdef Py_ssize_t _host_copies = 0


def host_copy_count():
    """How many copies between host and device memory were made so far
    (a recorded user-kernel run that made one cannot be replayed:
    cupy/_core/_ckernel/_replay.py)."""
    return _host_copies


cdef int _host_copy(MemoryPointer dev, mem, Py_ssize_t n, bint to_host,
                    stream, bint sync) except -1:
    global _host_copies
    cdef Py_buffer view
    cdef bint held = False
    cdef intptr_t addr
    if n == 0:
        return 0
    _host_copies += 1
    _check_extent(dev, n)
    addr = _host_address(mem, n, to_host, &view, &held)
    try:
        if to_host:
            if sync:
                _declare_synchronize()
            _memcpy(dev.device_id, addr, dev.ptr, n,
                    api.xpuMemcpyDeviceToHost, stream, sync)
        else:
            _memcpy(dev.device_id, dev.ptr, addr, n,
                    api.xpuMemcpyHostToDevice, stream, sync)
    finally:
        if held:
            PyBuffer_Release(&view)
    return 0


cdef int _device_copy(MemoryPointer dst, MemoryPointer src, Py_ssize_t n,
                      stream, bint sync) except -1:
    if n == 0:
        return 0
    _check_extent(dst, n)
    _check_extent(src, n)
    if dst.device_id == src.device_id:
        return _memcpy(dst.device_id, dst.ptr, src.ptr, n,
                       api.xpuMemcpyDeviceToDevice, stream, sync)
    # The neutral API has no peer access: stage through host memory, which
    # makes a copy between devices synchronous.
    staging = bytearray(n)
    _host_copy(src, staging, n, True, None, True)
    return _host_copy(dst, staging, n, False, stream, True)


@cython.auto_pickle(False)   # raw pointers must not be copied
cdef class MemoryPointer:
    """A pointer into device memory ``mem`` at byte ``offset``.

    ``ptr`` is ``mem.ptr + offset``; adding or subtracting an int gives a
    new pointer into the same ``mem``.  Host memory arguments may be an int
    address, a ctypes pointer / c_void_p, or a contiguous buffer object
    (NumPy arrays included) of at least ``size`` bytes.  ``stream=None``
    means the current stream; a stream object or an int handle may be given.
    The synchronous methods wait for the work queued on the current stream,
    then copy.
    The asynchronous ones need the host memory to stay alive until the
    stream has run the copy.
    """

    def __init__(self, BaseMemory mem not None, Py_ssize_t offset):
        self.mem = mem
        self.device_id = mem.device_id
        self.ptr = mem.ptr + offset

    @property
    def device(self):
        return Device(self.device_id)

    cdef MemoryPointer _offset_by(self, Py_ssize_t delta):
        cdef MemoryPointer p
        if self.ptr == 0 and delta != 0:
            raise ValueError('cannot offset a pointer to a zero-size buffer')
        p = MemoryPointer.__new__(MemoryPointer)
        p.mem = self.mem
        p.device_id = self.device_id
        p.ptr = self.ptr + delta
        return p

    def __int__(self):
        return self.ptr

    def __add__(self, offset):
        try:
            delta = operator.index(offset)
        except TypeError:
            return NotImplemented
        return self._offset_by(delta)

    def __radd__(self, offset):
        return self.__add__(offset)

    def __iadd__(self, offset):
        return self.__add__(offset)

    def __sub__(self, offset):
        try:
            delta = operator.index(offset)
        except TypeError:
            return NotImplemented
        return self._offset_by(-delta)

    def __isub__(self, offset):
        return self.__sub__(offset)

    def __eq__(self, other):
        if not isinstance(other, MemoryPointer):
            return NotImplemented
        return self.ptr == (<MemoryPointer>other).ptr

    def __ne__(self, other):
        if not isinstance(other, MemoryPointer):
            return NotImplemented
        return self.ptr != (<MemoryPointer>other).ptr

    def __lt__(self, other):
        if not isinstance(other, MemoryPointer):
            return NotImplemented
        return self.ptr < (<MemoryPointer>other).ptr

    def __le__(self, other):
        if not isinstance(other, MemoryPointer):
            return NotImplemented
        return self.ptr <= (<MemoryPointer>other).ptr

    def __gt__(self, other):
        if not isinstance(other, MemoryPointer):
            return NotImplemented
        return self.ptr > (<MemoryPointer>other).ptr

    def __ge__(self, other):
        if not isinstance(other, MemoryPointer):
            return NotImplemented
        return self.ptr >= (<MemoryPointer>other).ptr

    def __hash__(self):
        return hash(self.ptr)

    def __repr__(self):
        return '<MemoryPointer 0x{:x} on device {}>'.format(
            self.ptr, self.device_id)

    cpdef copy_from_device(self, MemoryPointer src, size):
        """Copies ``size`` bytes from device pointer ``src``."""
        _device_copy(self, src, _check_size(size), None, True)

    cpdef copy_from_device_async(self, MemoryPointer src, size, stream=None):
        """Queues a copy of ``size`` bytes from device pointer ``src``."""
        _device_copy(self, src, _check_size(size), stream, False)

    cpdef copy_from_host(self, mem, size):
        """Copies ``size`` bytes from host memory ``mem``."""
        _host_copy(self, mem, _check_size(size), False, None, True)

    cpdef copy_from_host_async(self, mem, size, stream=None):
        """Queues a copy of ``size`` bytes from host memory ``mem``."""
        _host_copy(self, mem, _check_size(size), False, stream, False)

    cpdef copy_from(self, mem, size):
        """Copies from a MemoryPointer or from host memory."""
        if isinstance(mem, MemoryPointer):
            self.copy_from_device(mem, size)
        else:
            self.copy_from_host(mem, size)

    cpdef copy_from_async(self, mem, size, stream=None):
        """Queues a copy from a MemoryPointer or from host memory."""
        if isinstance(mem, MemoryPointer):
            self.copy_from_device_async(mem, size, stream)
        else:
            self.copy_from_host_async(mem, size, stream)

    cpdef copy_to_host(self, mem, size):
        """Copies ``size`` bytes to host memory ``mem``."""
        _host_copy(self, mem, _check_size(size), True, None, True)

    cpdef copy_to_host_async(self, mem, size, stream=None):
        """Queues a copy of ``size`` bytes to host memory ``mem``."""
        _host_copy(self, mem, _check_size(size), True, stream, False)

    cpdef memset(self, int value, size):
        """Sets ``size`` bytes to ``value``."""
        _memset(self, value, _check_size(size), None, True)

    cpdef memset_async(self, int value, size, stream=None):
        """Queues setting ``size`` bytes to ``value``."""
        _memset(self, value, _check_size(size), stream, False)


cdef int _memset(MemoryPointer p, int value, Py_ssize_t n, stream,
                 bint sync) except -1:
    cdef int prev
    cdef intptr_t s
    if n == 0:
        return 0
    _check_extent(p, n)
    prev = _use_device(p.device_id)
    try:
        s = _stream_ptr(stream)
        if sync:    # as in _memcpy
            api.xpuStreamSynchronize(s)
            api.xpuMemset(p.ptr, value, n)
        else:
            api.xpuMemsetAsync(p.ptr, value, n, s)
    finally:
        _restore_device(prev, p.device_id)
    return 0


cpdef MemoryPointer _malloc(size):
    """Allocates without a pool (the allocator of set_allocator(None))."""
    cdef Py_ssize_t n = _check_size(size)
    try:
        return MemoryPointer(Memory(n), 0)
    except MemoryError:
        pass
    gc.collect()
    try:
        return MemoryPointer(Memory(n), 0)
    except MemoryError as e:
        raise OutOfMemoryError(n, 0, 0) from e


cdef object _current_allocator = get_default_memory_pool().malloc


# issue 14: using_allocator (per thread) and memory hooks.  Both are
# looked up only while in use (the counts), so alloc() stays one call.
cdef int _overrides = 0        # threads inside using_allocator
cdef int _hooked = 0           # memory hooks registered (all threads)
cdef object _tls = threading.local()


cpdef MemoryPointer alloc(size):
    """Allocates ``size`` bytes with the current allocator."""
    if _overrides or _hooked:
        return _alloc_special(size)
    return _current_allocator(size)


cdef MemoryPointer _alloc_special(size):
    allocator = getattr(_tls, 'allocator', None) if _overrides else None
    if allocator is None:
        allocator = _current_allocator
    if not _hooked:
        return allocator(size)
    from cupy.xpu import memory_hook
    return memory_hook._hooked_malloc(allocator, size)


def _push_allocator(allocator):
    """Make ``allocator`` this thread's (using_allocator); returns the
    previous one for _pop_allocator."""
    global _overrides
    prev = getattr(_tls, 'allocator', None)
    _tls.allocator = allocator
    _overrides += 1
    return prev


def _pop_allocator(prev):
    global _overrides
    _tls.allocator = prev
    _overrides -= 1


def _thread_allocator():
    """The allocator alloc() uses in this thread."""
    a = getattr(_tls, 'allocator', None) if _overrides else None
    return _current_allocator if a is None else a


def _hooks_changed(int count):
    global _hooked
    _hooked = count


def set_allocator(allocator=None):
    """Sets the allocator (a callable size -> MemoryPointer) used by alloc();
    None allocates each buffer from the device, without a pool."""
    global _current_allocator
    if allocator is None:
        allocator = _malloc
    elif not callable(allocator):
        raise TypeError('allocator must be callable, got {}'.format(
            type(allocator).__name__))
    _current_allocator = allocator


def get_allocator():
    """The allocator alloc() uses (in this thread: using_allocator's
    inside its block)."""
    return _thread_allocator()
