# Device memory: allocations and pointers into them (DESIGN.md, Memory).
# The array core cimports these types; the caching pool (memory_pool.pxd)
# cimports them and the helpers below.

from libc.stdint cimport intptr_t

from cupy.xpu.memory_pool cimport _Chunk


cdef class BaseMemory:
    cdef readonly intptr_t ptr
    cdef readonly Py_ssize_t size
    cdef readonly int device_id


cdef class Memory(BaseMemory):
    # False once the owner (the pool) has synchronised the device itself.
    cdef bint _sync_on_free


cdef class UnownedMemory(BaseMemory):
    cdef readonly object _owner


cdef class PooledMemory(BaseMemory):
    cdef _Chunk _chunk
    cdef object _pool_ref     # weakref to the SingleDeviceMemoryPool
    cpdef free(self)


cdef class MemoryPointer:
    cdef readonly BaseMemory mem
    cdef readonly intptr_t ptr
    cdef readonly int device_id

    cdef MemoryPointer _offset_by(self, Py_ssize_t delta)
    cpdef copy_from_device(self, MemoryPointer src, size)
    cpdef copy_from_device_async(self, MemoryPointer src, size, stream=*)
    cpdef copy_from_host(self, mem, size)
    cpdef copy_from_host_async(self, mem, size, stream=*)
    cpdef copy_from(self, mem, size)
    cpdef copy_from_async(self, mem, size, stream=*)
    cpdef copy_to_host(self, mem, size)
    cpdef copy_to_host_async(self, mem, size, stream=*)
    cpdef memset(self, int value, size)
    cpdef memset_async(self, int value, size, stream=*)


cpdef MemoryPointer alloc(size)
cpdef MemoryPointer _malloc(size)


# Shared with memory_pool.pyx.
cdef Py_ssize_t _check_size(size) except -1
# Makes ``device`` current and returns the device that was.
cdef int _use_device(int device) except -1
cdef int _restore_device(int prev, int device) except -1
# The handle of ``stream``: None (the current stream), an int or a stream.
cdef intptr_t _stream_ptr(stream) except? -1
