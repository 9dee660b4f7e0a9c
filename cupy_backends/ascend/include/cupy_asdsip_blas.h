/*
 * The C view of AsdSip's BLAS (AscendSiPBoost, NNAL package) that this
 * package calls: complex64 GEMM, single and batched.
 *
 * blas_api.h has no extern "C" (shared/reference/cann/blas_fft.md 3.2):
 * its asdBlas* functions are C++ names in namespace AsdSip, with enum
 * class and std::complex<float> const& parameters, so they cannot be
 * resolved by plain name.  The C++ shim shim/asdsip_blas.cc declares
 * them once, with our own declarations of those C++ types (no SDK), and
 * exports the C functions below, which forward to them; the C++ compiler
 * writes the mangled names.  The shim is loaded with dlopen after
 * libasdsip.so (or the simulator, which exports the same C++ symbols:
 * simulator/csrc/sim_blas.c) is loaded RTLD_GLOBAL, so its AsdSip
 * references resolve there.
 *
 * In the C view the enum classes are ints (their underlying type) and a
 * std::complex<float> const& is a pointer to two floats (re, im): the
 * same ABI.  Status values are ACL codes (AspbStatus = int32_t).
 *
 * Facts: blas_fft.md 3.4 (the call sequence, enum values, "lda/ldb/ldc
 * currently constrained to m/k/m"), wave2_ops.md "FFT facts" (m, n, k <=
 * 8192), AsdSip's Cgemm.md (column-major operands described as ND
 * tensors of shapes [m, k], [k, n], [m, n]; m, n, k in [1, 8192]; no
 * operand of 3 or more dims).
 */
#ifndef CUPY_ASDSIP_BLAS_H
#define CUPY_ASDSIP_BLAS_H

#include "cupy_acl.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef int32_t AspbStatus;
typedef void *asdBlasHandle;

/* asdBlasOperation_t (blas_fft.md 3.4) */
#define CUPY_ASDBLAS_OP_N 0
#define CUPY_ASDBLAS_OP_T 1
#define CUPY_ASDBLAS_OP_C 2

/* m, n, k of one product: [1, 8192] (Cgemm.md, wave2_ops.md) */
#define ASDSIP_CGEMM_MAX_DIM 8192

/* X(return type, name, (parameters), (argument names)): the shim's exports */
#define CUPY_ASDSIP_BLAS_FUNCS(X) \
    X(AspbStatus, cupy_asdBlasCreate, (asdBlasHandle *handle), (handle)) \
    X(AspbStatus, cupy_asdBlasDestroy, (asdBlasHandle handle), (handle)) \
    X(AspbStatus, cupy_asdBlasSetStream, (asdBlasHandle handle, void *stream), (handle, stream)) \
    X(AspbStatus, cupy_asdBlasMakeCgemmPlan, (asdBlasHandle handle, int transa, int transb, int64_t m, int64_t n, int64_t k, int64_t lda, int64_t ldb, int64_t ldc), (handle, transa, transb, m, n, k, lda, ldb, ldc)) \
    X(AspbStatus, cupy_asdBlasMakeCgemmBatchedPlan, (asdBlasHandle handle), (handle)) \
    X(AspbStatus, cupy_asdBlasGetWorkspaceSize, (asdBlasHandle handle, size_t *size), (handle, size)) \
    X(AspbStatus, cupy_asdBlasSetWorkspace, (asdBlasHandle handle, void *workspace), (handle, workspace)) \
    X(AspbStatus, cupy_asdBlasCgemm, (asdBlasHandle handle, int transa, int transb, int64_t m, int64_t n, int64_t k, const float *alpha, aclTensor *A, int64_t lda, aclTensor *B, int64_t ldb, const float *beta, aclTensor *C, int64_t ldc), (handle, transa, transb, m, n, k, alpha, A, lda, B, ldb, beta, C, ldc)) \
    X(AspbStatus, cupy_asdBlasCgemmBatched, (asdBlasHandle handle, int transa, int transb, int64_t m, int64_t n, int64_t k, const float *alpha, aclTensor *A, int64_t lda, aclTensor *B, int64_t ldb, const float *beta, aclTensor *C, int64_t ldc, int64_t batchCount), (handle, transa, transb, m, n, k, alpha, A, lda, B, ldb, beta, C, ldc, batchCount))

#ifndef CUPY_ASDSIP_BLAS_NO_PROTOTYPES
#define CUPY_ASDSIP_BLAS_PROTO(ret, name, params, args) ret name params;
CUPY_ASDSIP_BLAS_FUNCS(CUPY_ASDSIP_BLAS_PROTO)
#undef CUPY_ASDSIP_BLAS_PROTO
#endif

#ifdef CUPY_ASDSIP_BLAS_TABLE
#include <dlfcn.h>
#define CUPY_ASDSIP_BLAS_FIELD(ret, name, params, args) ret(*name) params;
typedef struct {
    CUPY_ASDSIP_BLAS_FUNCS(CUPY_ASDSIP_BLAS_FIELD)
} cupy_asdsip_blas_table;
#undef CUPY_ASDSIP_BLAS_FIELD

/* Fill the table from the shim's dlopen handle; NULL, or the first
 * missing name. */
#define CUPY_ASDSIP_BLAS_LOAD(ret, name, params, args)         \
    t->name = (ret(*) params)dlsym(handle, #name);            \
    if (t->name == NULL) return #name;
static inline const char *cupy_asdsip_blas_table_load(void *handle,
                                                      cupy_asdsip_blas_table *t) {
    CUPY_ASDSIP_BLAS_FUNCS(CUPY_ASDSIP_BLAS_LOAD)
    return NULL;
}
#undef CUPY_ASDSIP_BLAS_LOAD
#endif

#ifdef __cplusplus
}
#endif
#endif /* CUPY_ASDSIP_BLAS_H */
