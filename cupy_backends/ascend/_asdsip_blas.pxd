# Vendor bindings for AsdSip's BLAS (DESIGN.md, layer 1): the function
# table of include/cupy_asdsip_blas.h, the C exports of the C++ shim
# (shim/asdsip_blas.cc), which forwards to libasdsip.so's C++ functions
# or to the bundled simulator's.  Only this module and the matmul
# provider (ops/_cgemm.pyx) name AsdSip BLAS functions.

from libc.stdint cimport int32_t, int64_t

from cupy_backends.ascend._acl cimport aclTensor

cdef extern from *:
    """
    #define CUPY_ASDSIP_BLAS_TABLE
    #define CUPY_ASDSIP_BLAS_NO_PROTOTYPES
    #include "cupy_asdsip_blas.h"
    """
    ctypedef void* asdBlasHandle
    enum:
        CUPY_ASDBLAS_OP_N
        ASDSIP_CGEMM_MAX_DIM
    ctypedef struct cupy_asdsip_blas_table:
        int32_t (*cupy_asdBlasCreate)(asdBlasHandle* handle) noexcept nogil
        int32_t (*cupy_asdBlasDestroy)(asdBlasHandle handle) noexcept nogil
        int32_t (*cupy_asdBlasSetStream)(asdBlasHandle handle,
                                         void* stream) noexcept nogil
        int32_t (*cupy_asdBlasMakeCgemmPlan)(
            asdBlasHandle handle, int transa, int transb, int64_t m,
            int64_t n, int64_t k, int64_t lda, int64_t ldb,
            int64_t ldc) noexcept nogil
        int32_t (*cupy_asdBlasMakeCgemmBatchedPlan)(
            asdBlasHandle handle) noexcept nogil
        int32_t (*cupy_asdBlasGetWorkspaceSize)(asdBlasHandle handle,
                                                size_t* size) noexcept nogil
        int32_t (*cupy_asdBlasSetWorkspace)(asdBlasHandle handle,
                                            void* workspace) noexcept nogil
        int32_t (*cupy_asdBlasCgemm)(
            asdBlasHandle handle, int transa, int transb, int64_t m,
            int64_t n, int64_t k, const float* alpha, aclTensor* A,
            int64_t lda, aclTensor* B, int64_t ldb, const float* beta,
            aclTensor* C, int64_t ldc) noexcept nogil
        int32_t (*cupy_asdBlasCgemmBatched)(
            asdBlasHandle handle, int transa, int transb, int64_t m,
            int64_t n, int64_t k, const float* alpha, aclTensor* A,
            int64_t lda, aclTensor* B, int64_t ldb, const float* beta,
            aclTensor* C, int64_t ldc, int64_t batchCount) noexcept nogil
    const char* cupy_asdsip_blas_table_load(void* handle,
                                            cupy_asdsip_blas_table* t)

# The loaded table (AsdSip, or the simulator, first); raises
# AsdSipNotFoundError where AsdSip or the shim cannot be loaded.  Never
# NULL on return.
cdef cupy_asdsip_blas_table* blas_table() except NULL
