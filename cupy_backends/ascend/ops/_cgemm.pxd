# complex64 products on AsdSip's asdBlasCgemm / asdBlasCgemmBatched: see
# _cgemm.pyx.

from cupy_backends.ascend.ops._scratch cimport Scratch
from cupy_backends.ascend.ops._tensor cimport Desc

# o (..., M, N) = a (..., M, K) @ b (..., K, N), complex64, one batch
# shape (broadcast axes at stride 0 allowed); 1 when it ran on AsdSip, 0
# when it does not fit (sizes above 8192) or AsdSip's BLAS is not
# available: the caller composes.
cdef int cgemm(Desc* o, Desc* a, Desc* b, int device, Scratch sc) except -1
