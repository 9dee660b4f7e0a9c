# The 'elementwise' operation (operations.md): see _run.pyx.

from libc.stdint cimport intptr_t

cpdef run_elementwise(tuple outs, tuple ins, dict attrs, intptr_t stream)
cpdef frozenset elementwise_loops(str name)
