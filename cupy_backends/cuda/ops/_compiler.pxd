from libc.stdint cimport intptr_t


cdef class Function:
    cdef readonly intptr_t ptr          # CUfunction
    cdef readonly str name
    cdef readonly object module


cdef class ArgPack:
    # The parameters of one launch: values copied into an inline buffer,
    # one pointer per parameter (cuLaunchKernel's kernelParams).
    cdef char buf[4096]
    cdef void* slots[128]
    cdef int used
    cdef int count
    cdef int add(self, const void* value, int size) except -1
    cdef int add_ptr(self, intptr_t p) except -1
    cdef int add_i64(self, long long v) except -1
    cdef int add_i32(self, int v) except -1
    cdef int add_f64(self, double v) except -1


cdef int launch(intptr_t func, unsigned int grid, unsigned int block,
                unsigned int shmem, intptr_t stream, ArgPack args) except -1
cpdef Function get_function(str source, str name, tuple options=*)
cpdef int multiprocessor_count() except -1
