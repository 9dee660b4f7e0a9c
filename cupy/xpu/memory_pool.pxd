# The stream-ordered caching pool of device memory (DESIGN.md, Memory).

from libc.stdint cimport intptr_t

from cupy.xpu.memory cimport MemoryPointer


# One device allocation made by the pool's allocator.
cdef class _Alloc:
    cdef MemoryPointer mp       # keeps the allocation alive
    cdef Py_ssize_t size
    cdef Py_ssize_t n_used      # chunks handed out
    cdef _Chunk head            # the chunk at offset 0 (never merged away)


# A contiguous piece of an allocation: handed out, or cached free.
cdef class _Chunk:
    cdef _Alloc alloc
    cdef intptr_t ptr
    cdef Py_ssize_t size
    cdef _Chunk prev            # address-order neighbours in the allocation
    cdef _Chunk next
    cdef bint in_use
    cdef intptr_t stream        # the stream it was allocated on (or -1)
    cdef tuple key              # free: the streams that may still use it
    cdef unsigned long long seq  # free: the pool's free counter at free time


# The free chunks carrying one stream key, binned by exact size.
cdef class _Arena:
    cdef dict bins              # size -> {chunk: None} (insertion ordered)
    cdef list sizes             # sorted sizes of the non-empty bins


cdef class SingleDeviceMemoryPool:
    cdef object __weakref__
    cdef object _self_ref       # weakref.ref(self), shared by its chunks
    cdef readonly int _device_id
    cdef object _allocator
    cdef object _lock
    cdef bint _busy
    cdef list _deferred         # (chunk, stream, has_stream) frees, or
                                # (None, stream, False) stream deaths, that
                                # arrived while busy (re-entry)
    cdef dict _arenas           # key tuple -> _Arena
    cdef dict _allocs           # _Alloc -> None
    cdef Py_ssize_t _used
    cdef Py_ssize_t _free
    cdef Py_ssize_t _total      # allocated from the device (+ reserved)
    cdef Py_ssize_t _n_free
    cdef Py_ssize_t _limit
    cdef unsigned long long _free_seq
    cdef dict _recent           # stream -> [[chunk] per size // unit]:
                                # small chunks freed on their own stream,
                                # kept unmerged for the next allocation of
                                # that size there

    cpdef MemoryPointer malloc(self, size)
    cpdef free_all_blocks(self, stream=*)
    cpdef Py_ssize_t n_free_blocks(self) except -1
    cpdef Py_ssize_t used_bytes(self) except -1
    cpdef Py_ssize_t free_bytes(self) except -1
    cpdef Py_ssize_t total_bytes(self) except -1
    cpdef set_limit(self, size=*, fraction=*)
    cpdef Py_ssize_t get_limit(self) except -1

    cdef int _enter(self) except -1
    cdef int _leave(self) except -1
    cdef _free_chunk(self, _Chunk chunk)
    cdef _free_locked(self, _Chunk chunk, intptr_t free_stream,
                      bint has_free_stream)
    cdef _drain_deferred(self)
    cdef _forget_stream(self, intptr_t stream)
    cdef _forget_locked(self, intptr_t stream)
    cdef _add_free(self, _Chunk chunk, tuple key)
    cdef _remove_free(self, _Chunk chunk)
    cdef _Chunk _best_fit(self, tuple key, Py_ssize_t size)
    cdef _Chunk _find(self, Py_ssize_t size, intptr_t stream)
    cdef _prune(self, intptr_t stream)
    cdef _rekey(self, tuple old_key, tuple new_key, unsigned long long max_seq)
    cdef _Chunk _take(self, _Chunk chunk, Py_ssize_t size, intptr_t stream)
    cdef _Chunk _try_reuse(self, Py_ssize_t size, intptr_t stream)
    cdef _Chunk _alloc_new(self, Py_ssize_t size, intptr_t stream)
    cdef _Chunk _recover(self, Py_ssize_t size, intptr_t stream)
    cdef _flush_recent(self)
    cdef list _kept(self, Py_ssize_t size, intptr_t stream, bint make)


cdef class MemoryPool:
    cdef object _allocator
    cdef dict _pools            # device id -> SingleDeviceMemoryPool
    cdef object _lock

    cdef SingleDeviceMemoryPool _device_pool(self)
    cpdef MemoryPointer malloc(self, size)
