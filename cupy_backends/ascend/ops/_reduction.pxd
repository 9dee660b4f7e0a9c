from libc.stdint cimport intptr_t

from cupy_backends.ascend.ops._scratch cimport Scratch
from cupy_backends.ascend.ops._tensor cimport Desc
from cupy_backends.backend.provider cimport View

# The 'reduce' operation (operations.md): out = name(src) over attrs['axes'].
cdef object run_reduce(View out, View src, dict attrs, intptr_t stream)
# The 'scan' operation: cumsum / cumprod along attrs['axis'].
cdef object run_scan(View out, View src, dict attrs, intptr_t stream)

# aclnnProdDim of s over axis `dim` (no keepdim) into o, in aclDataType
# `dtype` (used by the complex matmul to negate: a product with -1).
cdef int prod_dim(const Desc* s, int dim, int dtype, const Desc* o,
                  Scratch sc) except -1
