from libc.stdint cimport intptr_t

from cupy_backends.backend.provider cimport View

# The 'matmul' operation (operations.md): out (..., n, m) = a @ b.
cdef object run_matmul(View out, View a, View b, dict attrs, intptr_t stream)
