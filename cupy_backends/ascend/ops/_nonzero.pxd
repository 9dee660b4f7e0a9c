from libc.stdint cimport intptr_t

from cupy_backends.backend.provider cimport View

# Returns the count (an int); synchronises the stream.
cdef object run_nonzero(View out, View src, intptr_t stream)
