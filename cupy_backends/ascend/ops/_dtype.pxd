# aclDataType values and the NumPy dtypes that map to them
# (shared/reference/cann/runtime.md section 10), and the dtype sets of the
# operators the provider calls (the "A2 dtypes" of reference/cann/ops.md).

from libc.stdint cimport uint64_t

cdef enum:
    ACL_DT_UNDEFINED = -1
    ACL_FLOAT = 0
    ACL_FLOAT16 = 1
    ACL_INT8 = 2
    ACL_INT32 = 3
    ACL_UINT8 = 4
    ACL_INT16 = 6
    ACL_UINT16 = 7
    ACL_UINT32 = 8
    ACL_INT64 = 9
    ACL_UINT64 = 10
    ACL_DOUBLE = 11
    ACL_BOOL = 12
    ACL_COMPLEX64 = 16
    ACL_COMPLEX128 = 17

# Bit (1 << aclDataType) sets.
cdef uint64_t DS_ALL          # the 14 NumPy dtypes
cdef uint64_t DS_COMPLEX
cdef uint64_t DS_FLIP
cdef uint64_t DS_ZERO         # aclnnInplaceZero
cdef uint64_t DS_TRIL
cdef uint64_t DS_INDEX        # aclnnIndex self/out
cdef uint64_t DS_INDEX_PUT    # aclnnIndexPutImpl selfRef/values
cdef uint64_t DS_ARANGE_OUT

cdef inline bint in_set(uint64_t dtypes, int code) noexcept nogil:
    return 0 <= code < 64 and (dtypes >> code) & 1

# The aclDataType of a NumPy dtype (-1 if none); *itemsize set.
cdef int acl_code(object dtype, int* itemsize) except -2
# The signed integer aclDataType of an itemsize (1, 2, 4, 8), or -1.
cdef int int_code(int itemsize) noexcept nogil
# The real type of a complex type's parts (f32, f64), or -1.
cdef int part_code(int code) noexcept nogil
cdef int code_itemsize(int code) noexcept nogil
cdef bint is_complex(int code) noexcept nogil
