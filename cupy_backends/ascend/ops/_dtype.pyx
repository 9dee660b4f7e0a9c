# aclDataType values and dtype sets: see _dtype.pxd.

import numpy

from libc.stdint cimport uint64_t


cdef inline uint64_t _bit(int code):
    return (<uint64_t>1) << code


DS_ALL = (
    _bit(ACL_BOOL) | _bit(ACL_INT8) | _bit(ACL_INT16) | _bit(ACL_INT32) |
    _bit(ACL_INT64) | _bit(ACL_UINT8) | _bit(ACL_UINT16) | _bit(ACL_UINT32) |
    _bit(ACL_UINT64) | _bit(ACL_FLOAT16) | _bit(ACL_FLOAT) |
    _bit(ACL_DOUBLE) | _bit(ACL_COMPLEX64) | _bit(ACL_COMPLEX128))
DS_COMPLEX = _bit(ACL_COMPLEX64) | _bit(ACL_COMPLEX128)
# The A2 dtypes of ops.md (bfloat16 left out: NumPy has no such dtype).
# Section 4: aclnnInplaceZero, aclnnArange's out.
DS_ZERO = DS_ALL & ~(_bit(ACL_UINT32) | _bit(ACL_UINT64))
DS_ARANGE_OUT = (_bit(ACL_FLOAT16) | _bit(ACL_FLOAT) | _bit(ACL_DOUBLE) |
                 _bit(ACL_INT32) | _bit(ACL_INT64))
# Section 8: aclnnFlip, aclnnTril/Triu, aclnnIndex, aclnnIndexPutImpl.
DS_FLIP = DS_ALL & ~(_bit(ACL_UINT16) | _bit(ACL_UINT32) | _bit(ACL_UINT64))
DS_TRIL = DS_ALL & ~_bit(ACL_COMPLEX128)
DS_INDEX = DS_ALL & ~(_bit(ACL_UINT16) | _bit(ACL_UINT32) |
                      _bit(ACL_UINT64) | DS_COMPLEX)
DS_INDEX_PUT = DS_INDEX

# NumPy type number -> aclDataType; by kind and size, so that aliases
# (int64 as 'l' and 'q') map alike.
cdef int _by_num[64]
cdef int _sizes[64]
_KIND_SIZE = {
    ('b', 1): ACL_BOOL, ('i', 1): ACL_INT8, ('i', 2): ACL_INT16,
    ('i', 4): ACL_INT32, ('i', 8): ACL_INT64, ('u', 1): ACL_UINT8,
    ('u', 2): ACL_UINT16, ('u', 4): ACL_UINT32, ('u', 8): ACL_UINT64,
    ('f', 2): ACL_FLOAT16, ('f', 4): ACL_FLOAT, ('f', 8): ACL_DOUBLE,
    ('c', 8): ACL_COMPLEX64, ('c', 16): ACL_COMPLEX128,
}


cdef _init_tables():
    cdef int i
    for i in range(64):
        _by_num[i] = -1
        _sizes[i] = 0
    for ch in numpy.typecodes['All']:
        try:
            dt = numpy.dtype(ch)
        except TypeError:
            continue
        code = _KIND_SIZE.get((dt.kind, dt.itemsize))
        if code is not None and 0 <= dt.num < 64:
            _by_num[dt.num] = code
            _sizes[code] = dt.itemsize


_init_tables()


# The last dtype objects asked about (NumPy's native builtin dtypes are
# singletons), held so that their ids stay theirs: their answers without
# Python attribute lookups.
cdef list _seen_dtype = [None, None, None, None]
cdef int _seen_code[4]
cdef int _seen_size[4]
cdef int _seen_next = 0


cdef int acl_code(object dtype, int* itemsize) except -2:
    global _seen_next
    cdef int i
    for i in range(4):
        if <object>_seen_dtype[i] is dtype:
            itemsize[0] = _seen_size[i]
            return _seen_code[i]
    cdef int code = _acl_code(dtype, itemsize)
    i = _seen_next
    _seen_code[i] = code
    _seen_size[i] = itemsize[0]
    _seen_dtype[i] = dtype
    _seen_next = (i + 1) % 4
    return code


cdef int _acl_code(object dtype, int* itemsize) except -2:
    cdef int num = dtype.num
    cdef int code = _by_num[num] if 0 <= num < 64 else -1
    if code >= 0 and dtype.isnative:
        itemsize[0] = _sizes[code]
        return code
    itemsize[0] = dtype.itemsize
    return -1


cdef int int_code(int itemsize) noexcept nogil:
    if itemsize == 1:
        return ACL_INT8
    if itemsize == 2:
        return ACL_INT16
    if itemsize == 4:
        return ACL_INT32
    if itemsize == 8:
        return ACL_INT64
    return -1


cdef int part_code(int code) noexcept nogil:
    if code == ACL_COMPLEX64:
        return ACL_FLOAT
    if code == ACL_COMPLEX128:
        return ACL_DOUBLE
    return -1


cdef int code_itemsize(int code) noexcept nogil:
    return _sizes[code] if 0 <= code < 64 else 0


cdef bint is_complex(int code) noexcept nogil:
    return code == ACL_COMPLEX64 or code == ACL_COMPLEX128
