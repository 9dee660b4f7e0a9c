# Operand descriptions and aclCreateTensor: see _tensor.pxd.

from libc.stdint cimport intptr_t, int64_t

from cupy_backends.ascend cimport _acl
from cupy_backends.ascend._acl cimport aclTensor, cupy_aclnn_base_table
from cupy_backends.ascend.ops cimport _dtype
from cupy_backends.backend.provider cimport View

from cupy_backends.backend.provider import OperationNotSupported

cdef enum:
    _ACL_FORMAT_ND = 2              # runtime.md section 10
    _ACLNN_ERR_INNER = 561000       # aclnn.md section 7

cdef cupy_aclnn_base_table* _nn = NULL


cdef int desc_from_view(Desc* d, View v) except -1:
    cdef int itemsize = 0
    cdef int code = _dtype.acl_code(v.dtype, &itemsize)
    cdef tuple shape = v.shape, strides = v.strides
    cdef Py_ssize_t i, n = len(shape)
    if code < 0:
        raise OperationNotSupported(
            'dtype {} has no aclDataType'.format(v.dtype))
    if n > MAX_DIMS - 2:
        raise OperationNotSupported('{} dimensions'.format(n))
    cdef int64_t lo, hi, step
    d.base = v.base
    d.storage = v.nbytes // itemsize
    d.offset = v.offset
    d.dtype = code
    d.itemsize = itemsize
    d.ndim = <int>n
    lo = hi = d.offset
    for i in range(n - 1, -1, -1):
        d.shape[i] = shape[i]
        d.strides[i] = strides[i]
        if d.shape[i] == 1:
            # never walked: give it a stride aclnn accepts (not negative)
            d.strides[i] = 1 if i == n - 1 else \
                abs(d.strides[i + 1]) * d.shape[i + 1]
    for i in range(n):
        if d.shape[i] == 0:
            return 0        # empty: no element to check
        step = d.strides[i] * (d.shape[i] - 1)
        if step < 0:
            lo += step
        else:
            hi += step
    # Everything the view reaches lies in its allocation: aclnn would
    # refuse it anyway, a plain copy would not.
    if lo < 0 or hi >= d.storage:
        raise ValueError('{!r} reaches outside its allocation'.format(v))
    return 0


cdef void desc_contiguous(Desc* d, intptr_t base, Py_ssize_t nbytes,
                          int dtype, int itemsize, int ndim,
                          const int64_t* shape) noexcept nogil:
    cdef int i
    cdef int64_t acc = 1
    d.base = base
    d.storage = nbytes // itemsize
    d.offset = 0
    d.dtype = dtype
    d.itemsize = itemsize
    d.ndim = ndim
    for i in range(ndim - 1, -1, -1):
        d.shape[i] = shape[i]
        d.strides[i] = acc
        acc *= shape[i]


cdef int64_t desc_numel(const Desc* d) noexcept nogil:
    cdef int64_t n = 1
    cdef int i
    for i in range(d.ndim):
        n *= d.shape[i]
    return n


cdef bint desc_is_contiguous(const Desc* d) noexcept nogil:
    cdef int64_t expect = 1
    cdef int i
    if desc_numel(d) == 0:
        return True
    for i in range(d.ndim - 1, -1, -1):
        if d.shape[i] == 1:
            continue
        if d.strides[i] != expect:
            return False
        expect *= d.shape[i]
    return True


cdef bint desc_has_negative(const Desc* d) noexcept nogil:
    cdef int i
    for i in range(d.ndim):
        if d.strides[i] < 0 and d.shape[i] > 1:
            return True
    return False


cdef void desc_retype(Desc* d, int dtype) noexcept nogil:
    d.dtype = dtype


cdef void desc_as_pairs(Desc* d) noexcept nogil:
    cdef int i
    for i in range(d.ndim):
        d.strides[i] *= 2
    d.shape[d.ndim] = 2
    d.strides[d.ndim] = 1
    d.ndim += 1
    d.offset *= 2
    d.storage *= 2
    d.itemsize //= 2
    d.dtype = _dtype.part_code(d.dtype)


cdef void desc_flip_axis(Desc* d, int axis) noexcept nogil:
    d.offset += d.strides[axis] * (d.shape[axis] - 1)
    d.strides[axis] = -d.strides[axis]


cdef void desc_drop_axis(Desc* d, int axis) noexcept nogil:
    cdef int i
    for i in range(axis, d.ndim - 1):
        d.shape[i] = d.shape[i + 1]
        d.strides[i] = d.strides[i + 1]
    d.ndim -= 1


cdef void desc_at_least_1d(Desc* d) noexcept nogil:
    if d.ndim == 0:
        d.ndim = 1
        d.shape[0] = 1
        d.strides[0] = 1


cdef void desc_flatten(Desc* d) noexcept nogil:
    d.shape[0] = desc_numel(d)
    d.strides[0] = 1
    d.ndim = 1


cdef aclTensor* create_tensor(const Desc* d) except NULL:
    global _nn
    cdef aclTensor* t
    cdef int64_t storage = d.storage
    cdef void* data = <void*>d.base
    if _nn is NULL:
        _nn = _acl.aclnn_table()
    if desc_numel(d) == 0:
        data = NULL         # aclnn.md section 8: empty tensors carry NULL
    with nogil:
        t = _nn.aclCreateTensor(d.shape, d.ndim, d.dtype, d.strides,
                                d.offset, _ACL_FORMAT_ND, &storage, 1, data)
    if t is NULL:
        _acl.check(_ACLNN_ERR_INNER, 'aclCreateTensor')
    return t
