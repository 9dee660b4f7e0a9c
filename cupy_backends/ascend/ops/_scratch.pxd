# Device memory that must outlive the work one provider operation queues
# on `stream`: workspaces and temporaries from the default memory pool,
# kept until the operation has enqueued everything, then handed back to
# the stream-ordered pool.

from libc.stdint cimport intptr_t, int64_t

from cupy_backends.ascend.ops._tensor cimport Desc


cdef class Scratch:
    cdef readonly intptr_t stream
    cdef list _held
    # `nbytes` (at least 1) of device memory; returns its address.
    cdef intptr_t alloc(self, Py_ssize_t nbytes) except? 0
    # A C-contiguous temporary of `shape`, described in *d.
    cdef int temp(self, Desc* d, int dtype, int itemsize, int ndim,
                  const int64_t* shape) except -1
    # Hand one allocation of alloc() back early (its last reader is
    # queued: the stream-ordered pool reuses it only after that work).
    cdef int free(self, intptr_t ptr) except -1
    cdef int release(self) except -1
