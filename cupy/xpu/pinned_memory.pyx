# Page-locked (pinned) host memory and a pool of it, with CuPy's public API.
#
# Asynchronous copies read or write pinned memory after the call returns,
# so a freed block is reused only once an event, recorded on the current
# stream when it was freed, has completed.  Blocks are cached by their size
# rounded up to 512 bytes; they are not split or merged.

import gc
import operator
import weakref

cimport cython
from cpython.buffer cimport PyBUF_FORMAT, PyBUF_ND, PyBUF_STRIDES
from cpython.pyport cimport PY_SSIZE_T_MAX
from libc.stdint cimport intptr_t
from fastrlock cimport rlock

from cupy_backends.backend cimport api
from cupy.xpu.stream cimport get_current_stream_ptr

cdef enum:
    _ROUND = 512    # the device pool's granularity, for the same reason

# The buffer protocol needs a non-NULL address even for 0 bytes.
cdef char _empty_byte = 0


cdef inline Py_ssize_t _check_size(size) except -1:
    cdef Py_ssize_t n = operator.index(size)
    if n < 0:
        raise ValueError('size must be non-negative, got {}'.format(n))
    return n


@cython.auto_pickle(False)   # raw pointers must not be copied
cdef class PinnedMemory:
    """``size`` bytes of page-locked host memory, freed when the object
    dies (size 0: no allocation, ``ptr`` is 0).  ``flags`` is accepted for
    CuPy compatibility and must be 0.  Freeing waits for the current device,
    as asynchronous copies may still use the memory."""

    def __init__(self, size, flags=0):
        cdef Py_ssize_t n = _check_size(size)
        if flags:
            raise ValueError('pinned memory flags are not supported by this '
                             'backend; pass flags=0')
        self._owned = True
        self._sync_on_free = True
        if n > 0:
            self.ptr = api.xpuMallocHost(n)
        self.size = n

    def __dealloc__(self):
        cdef intptr_t ptr = self.ptr
        if not self._owned or ptr == 0:
            return
        self.ptr = 0
        if self._sync_on_free:
            try:
                api.xpuDeviceSynchronize()
            finally:
                api.xpuFreeHost(ptr)
        else:
            api.xpuFreeHost(ptr)


@cython.auto_pickle(False)   # raw pointers must not be copied
@cython.no_gc_clear   # __dealloc__ needs _block and _pool_ref
cdef class PooledPinnedMemory(PinnedMemory):
    """A block handed out by a PinnedMemoryPool; goes back to it when freed."""

    def __init__(self, *args, **kwargs):
        raise TypeError(
            'PooledPinnedMemory objects are made by a pinned memory pool')

    cpdef free(self):
        """Returns the block to its pool now (later calls do nothing)."""
        cdef _PinnedBlock block = self._block
        cdef object ref = self._pool_ref
        if block is None:
            return
        self._block = None
        self._pool_ref = None
        self.ptr = 0
        self.size = 0
        pool = ref() if ref is not None else None
        if pool is not None:
            (<PinnedMemoryPool>pool)._free_block(block)

    def __dealloc__(self):
        if self._block is not None:
            self.free()


@cython.auto_pickle(False)   # raw pointers must not be copied
cdef class PinnedMemoryPointer:
    """A pointer into pinned memory ``mem`` at byte ``offset``.  It exposes
    the ``size()`` bytes from ``ptr`` on through the buffer protocol, so
    ``numpy.frombuffer(p, dtype, count)`` views them."""

    def __init__(self, PinnedMemory mem not None, Py_ssize_t offset):
        if offset < 0 or offset > mem.size:
            raise ValueError('offset {} is outside the {} bytes of the '
                             'pinned buffer'.format(offset, mem.size))
        self.mem = mem
        self.ptr = mem.ptr + offset
        self._size = mem.size - offset

    cpdef Py_ssize_t size(self):
        """The bytes from ``ptr`` to the end of the buffer."""
        return self._size

    def __int__(self):
        return self.ptr

    def __getbuffer__(self, Py_buffer* buf, int flags):
        self._shape[0] = self._size
        self._strides[0] = 1
        buf.buf = <void*>self.ptr if self.ptr else <void*>&_empty_byte
        buf.obj = self
        buf.len = self._size
        buf.readonly = 0
        buf.itemsize = 1
        buf.format = <char*>b'B' if flags & PyBUF_FORMAT else <char*>NULL
        buf.ndim = 1
        buf.shape = NULL
        buf.strides = NULL
        if flags & PyBUF_ND:
            buf.shape = &self._shape[0]
        if (flags & PyBUF_STRIDES) == PyBUF_STRIDES:
            buf.strides = &self._strides[0]
        buf.suboffsets = NULL
        buf.internal = NULL

    def __releasebuffer__(self, Py_buffer* buf):
        pass

    def __repr__(self):
        return '<PinnedMemoryPointer 0x{:x}, {} bytes>'.format(
            self.ptr, self._size)


cpdef PinnedMemoryPointer _malloc(size):
    """Allocates without a pool (set_pinned_memory_allocator(None))."""
    return PinnedMemoryPointer(PinnedMemory(size), 0)


@cython.auto_pickle(False)   # raw pointers must not be copied
cdef class _PinnedBlock:
    pass


cdef bint _event_done(_PinnedBlock b) except -1:
    cdef int prev = api.xpuGetDevice()
    if prev != b.event_device:
        api.xpuSetDevice(b.event_device)
    try:
        return api.xpuEventQuery(b.event)
    finally:
        if prev != b.event_device:
            api.xpuSetDevice(prev)


cdef int _event_finish(_PinnedBlock b, bint wait) except -1:
    cdef int prev
    cdef intptr_t ev = b.event
    if ev == 0:
        return 0
    b.event = 0
    prev = api.xpuGetDevice()
    if prev != b.event_device:
        api.xpuSetDevice(b.event_device)
    try:
        if wait:
            try:
                api.xpuEventSynchronize(ev)
            finally:
                api.xpuEventDestroy(ev)
        else:
            api.xpuEventDestroy(ev)
    finally:
        if prev != b.event_device:
            api.xpuSetDevice(prev)
    return 0


@cython.auto_pickle(False)   # raw pointers must not be copied
cdef class PinnedMemoryPool:
    """A cache of pinned host blocks.  ``allocator``: a callable
    size -> PinnedMemoryPointer (default: one xpuMallocHost per call)."""

    def __init__(self, allocator=None):
        self._allocator = _malloc if allocator is None else allocator
        self._lock = rlock.create_fastrlock()
        self._busy = False
        self._deferred = []
        self._free_lists = {}
        self._self_ref = weakref.ref(self)

    # Frees may run inside any Python allocation of this thread (garbage
    # collection), even during a pool operation: they are deferred to its
    # end, as in the device pool.

    cdef int _enter(self) except -1:
        rlock.lock_fastrlock(self._lock, -1, True)
        if self._busy:
            rlock.unlock_fastrlock(self._lock)
            raise RuntimeError(
                'the pinned memory pool was re-entered from a callback that '
                'ran during one of its own operations')
        self._busy = True
        return 0

    cdef int _leave(self) except -1:
        cdef _PinnedBlock b
        try:
            while self._deferred:
                b = self._deferred.pop()
                self._put_free(b)
        finally:
            self._busy = False
            rlock.unlock_fastrlock(self._lock)
        return 0

    cdef _put_free(self, _PinnedBlock b):
        lst = self._free_lists.get(b.size)
        if lst is None:
            lst = []
            self._free_lists[b.size] = lst
        lst.append(b)
        self._used -= b.size
        self._free += b.size
        self._n_free += 1

    cdef _PinnedBlock _reuse(self, Py_ssize_t size):
        cdef _PinnedBlock b
        cdef Py_ssize_t i
        self._enter()
        try:
            lst = self._free_lists.get(size)
            if not lst:
                return None
            for i in range(len(lst)):
                b = lst[i]
                if b.event == 0 or _event_done(b):
                    _event_finish(b, False)
                    del lst[i]
                    self._used += b.size
                    self._free -= b.size
                    self._n_free -= 1
                    return b
            return None
        finally:
            self._leave()

    cdef _PinnedBlock _allocate(self, Py_ssize_t size):
        cdef PinnedMemoryPointer mp
        cdef _PinnedBlock b
        try:
            mp = self._allocator(size)
        except MemoryError:
            self.free_all_blocks()
            gc.collect()
            mp = self._allocator(size)
        b = _PinnedBlock.__new__(_PinnedBlock)
        b.mp = mp
        b.ptr = mp.ptr
        b.size = size
        self._enter()
        try:
            self._used += size
        finally:
            self._leave()
        return b

    cpdef PinnedMemoryPointer malloc(self, size):
        """A PinnedMemoryPointer to at least ``size`` bytes (rounded up to
        512); size() of the pointer is the rounded size."""
        cdef Py_ssize_t n = _check_size(size)
        cdef _PinnedBlock b
        cdef PooledPinnedMemory mem
        cdef PinnedMemoryPointer p
        if n == 0:
            return PinnedMemoryPointer(PinnedMemory(0), 0)
        if n > PY_SSIZE_T_MAX - _ROUND:     # rounding up would overflow
            raise MemoryError(
                'cannot allocate {:,} bytes of pinned host memory'.format(n))
        n = (n + _ROUND - 1) // _ROUND * _ROUND
        b = self._reuse(n)
        if b is None:
            b = self._allocate(n)
        mem = PooledPinnedMemory.__new__(PooledPinnedMemory)
        mem.ptr = b.ptr
        mem.size = b.size
        mem._owned = False
        mem._block = b
        mem._pool_ref = self._self_ref
        p = PinnedMemoryPointer.__new__(PinnedMemoryPointer)
        p.mem = mem
        p.ptr = b.ptr
        p._size = b.size
        return p

    cdef _free_block(self, _PinnedBlock b):
        cdef intptr_t stream, ev = 0
        cdef int device = 0
        # Copies queued on the current stream may still use the block.
        try:
            device = api.xpuGetDevice()
            stream = get_current_stream_ptr()
            if not api.xpuStreamQuery(stream):
                ev = api.xpuEventCreate(False)
                try:
                    api.xpuEventRecord(ev, stream)
                except BaseException:
                    api.xpuEventDestroy(ev)
                    ev = 0
                    raise
        except Exception:
            # Without an event, wait for the device instead.
            try:
                api.xpuDeviceSynchronize()
            except Exception:
                pass
        b.event = ev
        b.event_device = device
        rlock.lock_fastrlock(self._lock, -1, True)
        try:
            if self._busy:      # re-entered from this thread's own operation
                self._deferred.append(b)
                return
            self._busy = True
            try:
                self._put_free(b)
                while self._deferred:
                    self._put_free(self._deferred.pop())
            finally:
                self._busy = False
        finally:
            rlock.unlock_fastrlock(self._lock)

    cpdef free_all_blocks(self):
        """Releases every cached free block (waiting for its event)."""
        cdef _PinnedBlock b
        cdef list blocks = []
        self._enter()
        try:
            for lst in self._free_lists.values():
                blocks.extend(lst)
            self._free_lists.clear()
            self._free = 0
            self._n_free = 0
        finally:
            self._leave()
        try:
            for b in blocks:
                _event_finish(b, True)
                if isinstance(b.mp.mem, PinnedMemory):
                    (<PinnedMemory>b.mp.mem)._sync_on_free = False
                b.mp = None     # the host memory is freed here, unlocked
        finally:
            b = None
            del blocks[:]

    cpdef Py_ssize_t n_free_blocks(self) except -1:
        """The number of free blocks cached."""
        return self._n_free

    cpdef Py_ssize_t used_bytes(self) except -1:
        """Bytes in blocks handed out."""
        return self._used

    cpdef Py_ssize_t free_bytes(self) except -1:
        """Bytes in free blocks cached."""
        return self._free

    cpdef Py_ssize_t total_bytes(self) except -1:
        """used_bytes() + free_bytes()."""
        return self._used + self._free


cdef PinnedMemoryPool _default_pinned_memory_pool = PinnedMemoryPool()
cdef object _current_allocator = _default_pinned_memory_pool.malloc


def get_default_pinned_memory_pool():
    """The process-wide PinnedMemoryPool behind the default allocator."""
    return _default_pinned_memory_pool


cpdef PinnedMemoryPointer alloc_pinned_memory(size):
    """Allocates ``size`` bytes of pinned memory with the current allocator."""
    return _current_allocator(size)


def set_pinned_memory_allocator(allocator=None):
    """Sets the allocator (a callable size -> PinnedMemoryPointer) used by
    alloc_pinned_memory(); None allocates each buffer without a pool."""
    global _current_allocator
    if allocator is None:
        allocator = _malloc
    elif not callable(allocator):
        raise TypeError('allocator must be callable, got {}'.format(
            type(allocator).__name__))
    _current_allocator = allocator
