# Scratch memory of one provider operation: see _scratch.pxd.

from libc.stdint cimport intptr_t, int64_t

from cupy_backends.ascend.ops._tensor cimport Desc, desc_contiguous
from cupy_backends.backend cimport api
from cupy.xpu.memory cimport MemoryPointer
from cupy.xpu.memory_pool cimport MemoryPool
from cupy.xpu.stream cimport get_current_stream_ptr

from cupy.xpu.memory_pool import get_default_memory_pool

cdef MemoryPool _pool = get_default_memory_pool()


cdef class Scratch:

    def __init__(self, intptr_t stream):
        self.stream = stream
        self._held = None

    cdef intptr_t alloc(self, Py_ssize_t nbytes) except? 0:
        cdef MemoryPointer mp = _pool.malloc(nbytes if nbytes > 0 else 1)
        if self._held is None:
            self._held = [mp]
        else:
            self._held.append(mp)
        return mp.ptr

    cdef int temp(self, Desc* d, int dtype, int itemsize, int ndim,
                  const int64_t* shape) except -1:
        cdef Py_ssize_t n = itemsize
        cdef int i
        for i in range(ndim):
            n *= shape[i]
        desc_contiguous(d, self.alloc(n), n if n > 0 else itemsize, dtype,
                        itemsize, ndim, shape)
        return 0

    cdef int free(self, intptr_t ptr) except -1:
        cdef Py_ssize_t i
        if not self._held or self.stream != get_current_stream_ptr():
            return 0        # another stream's work: kept until release()
        for i in range(len(self._held) - 1, -1, -1):
            if (<MemoryPointer>self._held[i]).ptr == ptr:
                del self._held[i]
                return 0
        return 0

    cdef int release(self) except -1:
        if not self._held:
            return 0
        # The pool orders a free after the work of the current stream; work
        # queued on another stream must finish before the memory goes back.
        if self.stream != get_current_stream_ptr():
            api.xpuStreamSynchronize(self.stream)
        self._held = None
        return 0
