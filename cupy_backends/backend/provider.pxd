# The operation contract (DESIGN.md, "The operation contract"): what the
# array core (layer 4) hands a provider (layer 5).
#
# The core decides everything NumPy decides (shapes, broadcasting, result
# dtypes, overlap, axis normalisation, allocation) and asks the provider to
# run one neutral operation on operands described as Views.  The provider
# runs it on its stream, asynchronously, on vendor kernels.

from libc.stdint cimport intptr_t


cdef class View:
    # The allocation holding the view: its start and its size in bytes
    # (a pool chunk; start aligned to 512 bytes).
    cdef readonly intptr_t base
    cdef readonly Py_ssize_t nbytes
    cdef readonly object dtype         # numpy.dtype (native byte order)
    cdef readonly tuple shape
    cdef readonly tuple strides        # elements; may be negative or 0
    cdef readonly Py_ssize_t offset    # elements from base to [0, ..., 0]
    cdef readonly int device_id


cdef class Provider:
    # Run `op` (a neutral operation name) writing `outs` from `ins` with
    # the operation's attributes, on `stream` (0: the null stream of the
    # operands' device, which is current).  Raises NotImplementedError
    # (subclass OperationNotSupported) when the provider has no way to run
    # this op on these dtypes, so the core can take the capability path.
    cpdef run(self, str op, tuple outs, tuple ins, dict attrs,
              intptr_t stream)

    # The capability table (DESIGN.md): {loop key: route} of the loops of
    # `op` this provider runs, route 'native' (one vendor kernel), 'cast'
    # (one kernel between exact casts) or 'composed' (several kernels).
    # `op`: the ufunc name for elementwise loops (key: the loop string,
    # 'ff->f'), the reduction or scan name for 'reduce'/'scan' (key: the
    # loop dtype), else the operation's own name (key: the dtype).  A loop
    # not listed is not run: the core takes the capability path.
    cpdef dict routes(self, str op)


# A provider whose operations and routes are tables merged from its family
# modules (merge_tables): `run` looks the entry up, `routes` the table,
# and a name with no table of its own is an elementwise name, answered by
# `elementwise_routes(name)`.  The ascend and CUDA providers are this.
cdef class TableProvider(Provider):
    cdef dict _operations
    cdef dict _routes
    cdef object _elementwise_routes

