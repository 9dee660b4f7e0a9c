cpdef int get_device_id() except -1

cdef class Device:
    cdef readonly int id
