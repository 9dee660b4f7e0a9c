# The two-phase run of an aclnn operator (shared/reference/cann/aclnn.md
# section 5) and what it needs around it: the operator's symbols, resolved
# once; the descriptors (aclTensor, aclScalar, arrays, lists) of one call,
# destroyed right after phase 2 or on any error; device scratch memory
# (workspaces and temporaries) from the default memory pool.
#
# Usage, per call: Objs o; objs_init(&o); make descriptors with objs_*;
# phase 1 through op.ws cast to the operator's signature, with nogil;
# launch(op, status, ws_size, executor, stream, scratch);
# objs_release(&o, True) (or objs_release(&o, False) on the error path).

from libc.stdint cimport intptr_t, int64_t, uint64_t

from cupy_backends.ascend._acl cimport (
    aclTensor, aclScalar, aclIntArray, aclTensorList, aclOpExecutor,
    aclnnRunFunc)
from cupy_backends.ascend.ops._tensor cimport Desc


cdef class OpSymbol:
    cdef readonly str name          # without the aclnn prefix
    cdef void* ws                   # aclnn<name>GetWorkspaceSize
    cdef aclnnRunFunc run           # aclnn<name>
    cdef bint resolved
    # Resolve once; OperationNotSupported when this CANN lacks the op.
    cdef int resolve(self) except -1


# An operator by name, resolved (cached: one lookup per name).
cdef OpSymbol op_symbol(str name)


cdef enum:
    OBJS_TENSORS = 24
    OBJS_SMALL = 4

cdef struct Objs:
    int ntensors
    int nscalars
    int narrays
    int nlists
    aclTensor* tensors[OBJS_TENSORS]
    aclScalar* scalars[OBJS_SMALL]
    aclIntArray* arrays[OBJS_SMALL]
    aclTensorList* lists[OBJS_SMALL]

cdef void objs_init(Objs* o) noexcept nogil
cdef aclTensor* objs_tensor(Objs* o, const Desc* d) except NULL
cdef aclScalar* objs_scalar(Objs* o, void* value, int dtype) except NULL
cdef aclIntArray* objs_int_array(Objs* o, const int64_t* values,
                                 uint64_t n) except NULL
# A list of tensors made by objs_tensor; the list takes them over
# (aclDestroyTensorList destroys them, aclnn.md 4.2).
cdef aclTensorList* objs_tensor_list(Objs* o, aclTensor** tensors,
                                     uint64_t n) except NULL
# Destroy everything; with check, raise on a failed destroy.
cdef int objs_release(Objs* o, bint check) except -1


# Device memory that must outlive the work queued on `stream` by one
# provider operation: kept until the operation has enqueued everything,
# then handed back to the stream-ordered pool.
cdef class Scratch:
    cdef intptr_t stream
    cdef list _held
    # `nbytes` (at least 1) of device memory; returns its address.
    cdef intptr_t alloc(self, Py_ssize_t nbytes) except? 0
    # A C-contiguous temporary of `shape`, described in *d.
    cdef int temp(self, Desc* d, int dtype, int itemsize, int ndim,
                  const int64_t* shape) except -1
    cdef int release(self) except -1


# Check phase 1's status, take the workspace from `scratch`, run phase 2
# on `stream`, check it.  A failure after phase 1 succeeded leaves no
# executor behind.
cdef int launch(OpSymbol op, int status, uint64_t ws_size,
                aclOpExecutor* executor, Scratch scratch) except -1

# The whole run of an operator whose first phase takes two tensors, then
# workspaceSize and executor (aclnnInplaceCopy(selfRef, src),
# aclnnNonzero(self, out), ...).
ctypedef int (*TensorPairWs)(
    aclTensor* a, aclTensor* b, uint64_t* workspaceSize,
    aclOpExecutor** executor) noexcept nogil
cdef int run_tensor_pair(OpSymbol op, const Desc* a, const Desc* b,
                         Scratch scratch) except -1
