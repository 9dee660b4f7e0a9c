# Copying between strided device views with casts (aclnnInplaceCopy,
# aclnnFlip), and filling with a scalar (aclnnInplaceFillScalar,
# aclnnInplaceZero, memset).

from cupy_backends.ascend.ops._scratch cimport Scratch
from cupy_backends.ascend.ops._tensor cimport Desc

# dst[...] = src, cast to dst's dtype; same shapes (src may have 0 and
# negative strides, dst negative ones); no overlap.  Rank is unlimited.
cdef int copy_desc(const Desc* dst, const Desc* src, Scratch sc) except -1

# *d replaced by a C-contiguous temporary of scratch holding its values.
cdef int contiguous_copy(Desc* d, Scratch sc) except -1

# Every element of dst = `value`, a NumPy scalar or Python number, cast to
# `dtype` (dst's NumPy dtype) as NumPy's ndarray.fill casts it.
cdef int fill_desc(const Desc* dst, object dtype, object value,
                   Scratch sc) except -1
