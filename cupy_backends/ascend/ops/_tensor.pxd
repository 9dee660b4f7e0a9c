# Operands as the provider manipulates them before they become aclTensors
# (shared/reference/cann/aclnn.md section 4.1): the allocation base as
# tensorData (aligned), storage dims [allocation bytes // itemsize], and
# shape, strides and offset in elements.  The helpers rewrite a
# description without touching memory: reinterpretation as another dtype
# of the same size, complex as pairs of reals, flipped axes, dropped and
# merged axes.

from libc.stdint cimport intptr_t, int64_t

from cupy_backends.ascend._acl cimport aclTensor
from cupy_backends.backend.provider cimport View

cdef enum:
    MAX_DIMS = 66       # NumPy's 64, one axis of complex pairs, one spare
    ACLNN_MAX_DIMS = 8  # aclnn.md section 8

cdef struct Desc:
    intptr_t base       # allocation start
    int64_t storage     # elements of `itemsize` bytes in the allocation
    int64_t offset      # elements from base to element [0, ..., 0]
    int dtype           # aclDataType
    int itemsize
    int ndim
    int64_t shape[MAX_DIMS]
    int64_t strides[MAX_DIMS]

# From a View; OperationNotSupported for a dtype with no aclDataType.
cdef int desc_from_view(Desc* d, View v) except -1
# A C-contiguous description of `shape` over an allocation.
cdef void desc_contiguous(Desc* d, intptr_t base, Py_ssize_t nbytes,
                          int dtype, int itemsize, int ndim,
                          const int64_t* shape) noexcept nogil

cdef int64_t desc_numel(const Desc* d) noexcept nogil
# C-contiguous, ignoring size-1 axes (the aclnn definition, aclnn.md 8).
cdef bint desc_is_contiguous(const Desc* d) noexcept nogil
cdef bint desc_has_negative(const Desc* d) noexcept nogil
# Same elements as another dtype of the same size.
cdef void desc_retype(Desc* d, int dtype) noexcept nogil
# A complex description as its (real, imag) parts: a trailing axis of 2.
cdef void desc_as_pairs(Desc* d) noexcept nogil
# Element 0 moves to the other end of the axis; its stride changes sign.
cdef void desc_flip_axis(Desc* d, int axis) noexcept nogil
# Drop axis `axis` (of size 1 or fixed by the caller through the offset).
cdef void desc_drop_axis(Desc* d, int axis) noexcept nogil
# Rank 0 as shape (1,), for operators that need rank >= 1.
cdef void desc_at_least_1d(Desc* d) noexcept nogil
# Collapse a C-contiguous description to shape (numel,).
cdef void desc_flatten(Desc* d) noexcept nogil

# aclCreateTensor (ND format) of a description; raises AclError on NULL.
cdef aclTensor* create_tensor(const Desc* d) except NULL
