from libc.stdint cimport intptr_t

from cupy_backends.backend.provider cimport View

# ins = (src, idx0, idx1, ...)
cdef object run_take(View dst, tuple ins, intptr_t stream)
# ins = (values, idx0, idx1, ...); accumulate: duplicates add up
# (numpy.add.at), else they overwrite
cdef object run_put(View dst, tuple ins, intptr_t stream,
                    bint accumulate=*)
# dst = src mod n (Python's sign: in [0, n)) for int64 index arrays.
cdef object run_wrap_index(View dst, View src, object n, intptr_t stream)
