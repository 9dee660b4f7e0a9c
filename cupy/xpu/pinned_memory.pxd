# Page-locked host memory and its pool (DESIGN.md, Memory): the host side
# of asynchronous copies.

from libc.stdint cimport intptr_t


cdef class PinnedMemory:
    cdef readonly intptr_t ptr
    cdef readonly Py_ssize_t size
    cdef bint _owned            # freed with xpuFreeHost when it dies
    cdef bint _sync_on_free     # False once the pool has waited itself


cdef class PooledPinnedMemory(PinnedMemory):
    cdef _PinnedBlock _block
    cdef object _pool_ref       # weakref to the PinnedMemoryPool
    cpdef free(self)


cdef class PinnedMemoryPointer:
    cdef readonly PinnedMemory mem
    cdef readonly intptr_t ptr
    cdef Py_ssize_t _size
    cdef Py_ssize_t _shape[1]   # buffer protocol: one dimension of bytes
    cdef Py_ssize_t _strides[1]
    cpdef Py_ssize_t size(self)


# One allocation of the pool's allocator; free blocks keep the event
# recorded when they were freed (0: none pending).
cdef class _PinnedBlock:
    cdef PinnedMemoryPointer mp
    cdef intptr_t ptr
    cdef Py_ssize_t size
    cdef intptr_t event
    cdef int event_device


cdef class PinnedMemoryPool:
    cdef object __weakref__
    cdef object _self_ref
    cdef object _allocator
    cdef object _lock
    cdef bint _busy
    cdef list _deferred
    cdef dict _free_lists       # size -> [_PinnedBlock], oldest first
    cdef Py_ssize_t _used
    cdef Py_ssize_t _free
    cdef Py_ssize_t _n_free

    cpdef PinnedMemoryPointer malloc(self, size)
    cpdef free_all_blocks(self)
    cpdef Py_ssize_t n_free_blocks(self) except -1
    cpdef Py_ssize_t used_bytes(self) except -1
    cpdef Py_ssize_t free_bytes(self) except -1
    cpdef Py_ssize_t total_bytes(self) except -1

    cdef int _enter(self) except -1
    cdef int _leave(self) except -1
    cdef _PinnedBlock _reuse(self, Py_ssize_t size)
    cdef _PinnedBlock _allocate(self, Py_ssize_t size)
    cdef _free_block(self, _PinnedBlock block)
    cdef _put_free(self, _PinnedBlock block)


cpdef PinnedMemoryPointer alloc_pinned_memory(size)
cpdef PinnedMemoryPointer _malloc(size)
