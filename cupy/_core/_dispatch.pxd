from libc.stdint cimport intptr_t

from cupy_backends.backend.provider cimport Provider


# The provider every operation of the core runs on (the only holder).
cdef Provider provider()

# Run neutral operation `op` on the provider (operations.md); a loop hidden
# with hide() raises OperationNotSupported as a provider without it would.
cpdef run(str op, tuple outs, tuple ins, dict attrs, intptr_t stream)
