# The compiled loop programs of the elementwise provider: see
# _plan.pyx.

from libc.stdint cimport int64_t, uint64_t

cdef enum:
    SIG_T = 1
    SIG_TT
    SIG_TTA
    SIG_TS
    SIG_TSA
    SIG_ST
    SIG_TTT
    SIG_TSS
    SIG_NAN
    SIG_TTTV


cdef enum:
    _MAXREG = 160
    _MAXSTEP = 64
    _ND = 8                 # ACLNN_MAX_DIMS
    # operands of a program: 8 inputs (_compile.INPUTS) and 4 outputs
    _MAXVIEW = 12
    _MAXOUT = 4
    # register kinds
    K_IN = 0
    K_OUT
    K_CONST
    K_ATTR
    K_TEMP
    K_DERIVED
    # runtime states
    S_NONE = 0              # a temporary not written yet
    S_TENSOR
    S_SCALAR
    S_ALIAS
    # step kinds
    X_ACLNN = 0
    X_CAST
    X_COPY
    # special steps
    SP_NONE = 0
    SP_WHERE
    SP_NAN
    SP_POW


cdef class Step:
    cdef int op
    cdef int dst
    cdef int nargs
    cdef int args[3]
    cdef int nforms
    cdef int mask[4]
    cdef int sig[4]
    cdef int order[4][3]
    cdef uint64_t dtypes[4]
    cdef int64_t limit[4]
    cdef bint contig[4]
    cdef list syms
    cdef object fold
    cdef int special
    cdef str name
    cdef object alpha           # the literal attribute of Axpy, Addcmul ..


cdef class Program:
    cdef readonly str name
    cdef readonly str loop
    cdef int nregs, nin, nout, nsteps
    cdef int kind[_MAXREG]
    cdef int code[_MAXREG]
    cdef int isz[_MAXREG]
    cdef int index[_MAXREG]     # in/out index; derived: base register
    cdef int part[_MAXREG]      # derived: -1, 0 (re), 1 (im)
    cdef char kind_char[_MAXREG]      # dtype kind
    cdef list npdt              # NumPy dtypes
    cdef list obj               # const values, attr names
    cdef list steps
    cdef readonly object source     # the compiled table entry


# name -> {loop: {variant: Program}}, built at first use
cdef dict plans_for(str name)
cpdef frozenset elementwise_loops(str name)
