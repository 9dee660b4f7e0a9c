from libc.stdint cimport intptr_t

# The stream current on this host thread for the current device (set by
# ``with stream:`` / ``stream.use()``); 0 means the null stream.
cpdef intptr_t get_current_stream_ptr() except? -1

cdef class _BaseStream:
    cdef readonly intptr_t ptr
    cdef readonly int device_id
    cdef bint _owner
    cdef _make_current(self)

cdef class Event:
    cdef readonly intptr_t ptr
    cdef readonly int device_id
    cdef bint _timing
