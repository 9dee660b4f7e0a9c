from libc.stdint cimport intptr_t

from cupy_backends.backend.provider cimport View

cdef object run_arange(View dst, dict attrs, intptr_t stream)
# name: 'Tril' or 'Triu'
cdef object run_tri(str name, View dst, View src, dict attrs,
                    intptr_t stream)
