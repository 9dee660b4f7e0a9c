# The one aclnn call layer (DESIGN.md, "Adding a family", step 4).
#
# Every operator is declared once, in include/cupy_aclnn_ops.h, with its
# argument kinds; a call site names it (op_symbol), lists its arguments in
# the operator's order (args_*), and calls aclnn_run, which builds the
# descriptors, runs phase 1 and phase 2 (shared/reference/cann/aclnn.md
# section 5) with a workspace from the call's Scratch, and releases what
# it made.  Calls whose signature repeats reuse a cached repeatable
# executor and its descriptors (_executor_cache.pxd): no phase 1 and no
# descriptor creation in the steady state.
#
# Usage:
#     cdef Args a
#     args_init(&a); arg_tensor(&a, &src); arg_tensor(&a, &dst)
#     aclnn_run(op_symbol('Neg'), &a, scratch)

from libc.stdint cimport intptr_t, int64_t, uint64_t

from cupy_backends.ascend._acl cimport aclOpExecutor, aclnnRunFunc
from cupy_backends.ascend.ops._scratch cimport Scratch
from cupy_backends.ascend.ops._tensor cimport Desc

cdef extern from *:
    """
    #define CUPY_ACLNN_TABLE
    #include "cupy_aclnn_ops.h"
    """
    ctypedef union cupy_aclnn_arg:
        const void* p
        int64_t i
        double f
    ctypedef int (*cupy_aclnn_phase1)(
        void* fn, const cupy_aclnn_arg* a, uint64_t* workspaceSize,
        aclOpExecutor** executor) noexcept nogil
    ctypedef struct cupy_aclnn_op_info:
        const char* name
        int repeatable
        int nargs
        const char* kinds
        cupy_aclnn_phase1 phase1
    const cupy_aclnn_op_info cupy_aclnn_ops[]
    enum: CUPY_ACLNN_NOPS

cdef enum:
    ARGS_MAX = 8            # arguments of one operator
    # argument categories (the table's letters: t o r x -> tensor, s,
    # l, a, i b -> int, f)
    ARG_TENSOR = 1
    ARG_SCALAR = 2
    ARG_LIST = 3
    ARG_INTS = 4
    ARG_INT = 5
    ARG_FLOAT = 6


cdef struct Arg:
    int kind                # ARG_*
    int dtype               # scalar: aclDataType of `scalar`
    int n                   # int array / tensor list: its length
    const Desc* desc        # tensor; list: the first of n
    const int64_t* ints     # int array
    int64_t i               # int, bool, aclDataType, int8
    double f
    unsigned char scalar[16]


# A host scalar as arg_scalar takes it: the value in the field of its
# aclDataType (bool b, int64 i, uint64 u, double f, complex128 c).
cdef union ScalarBytes:
    unsigned char b
    int64_t i
    uint64_t u
    double f
    double c[2]


cdef struct Args:
    int n
    Arg a[ARGS_MAX]


cdef class OpSymbol:
    cdef readonly str name          # without the aclnn prefix
    cdef int index                  # row of cupy_aclnn_ops
    cdef void* ws                   # aclnn<name>GetWorkspaceSize
    cdef aclnnRunFunc run           # aclnn<name>
    cdef cupy_aclnn_phase1 phase1   # calls ws with arguments from an array
    cdef readonly bint repeatable   # its executor may be cached


# An operator of the table by name, resolved (one lookup per name);
# OperationNotSupported when this CANN lacks it.
cdef OpSymbol op_symbol(str name)
# The same, or None when this CANN lacks it.
cdef OpSymbol op_symbol_or_none(str name)

cdef inline void args_init(Args* a) noexcept nogil:
    a.n = 0

# The arguments, in the operator's order.  Descriptions and arrays are
# read by aclnn_run, not copied: they must live until it returns.
cdef void arg_tensor(Args* a, const Desc* d) noexcept nogil
# `value` points to a value of aclDataType `dtype` (copied).
cdef void arg_scalar(Args* a, const void* value, int dtype) noexcept nogil
cdef void arg_tensor_list(Args* a, const Desc* descs, int n) noexcept nogil
cdef void arg_int_array(Args* a, const int64_t* values, int n) noexcept nogil
# int64_t, bool, aclDataType, int8_t arguments
cdef void arg_int(Args* a, int64_t v) noexcept nogil
cdef void arg_float(Args* a, double v) noexcept nogil

# Run the operator on `scratch.stream`, asynchronously.
cdef int aclnn_run(OpSymbol op, Args* a, Scratch scratch) except -1
