// The C++ shim over AsdSip's BLAS (include/cupy_asdsip_blas.h says why):
// our own declarations of the blas_api.h functions this package calls
// (shared/reference/cann/blas_fft.md 3.4; the types as the header spells
// them: namespace AsdSip, enum class, int64_t, std::complex<float> const&,
// asdBlasHandle& for the out-handle, size_t& for the workspace size), and
// extern "C" functions that forward to them.  The AsdSip symbols stay
// undefined here: they resolve at dlopen against libasdsip.so or the
// simulator, loaded RTLD_GLOBAL first (cupy_backends/ascend/_asdsip_blas).
// No C++ runtime is needed: nothing here allocates, throws or uses RTTI.

#include <complex>
#include <cstddef>
#include <cstdint>

#define CUPY_ASDSIP_BLAS_NO_PROTOTYPES
#include "cupy_asdsip_blas.h"

namespace AsdSip {
using asdBlasHandle = void *;
enum class asdBlasOperation_t { ASDBLAS_OP_N = 0, ASDBLAS_OP_T, ASDBLAS_OP_C };

AspbStatus asdBlasCreate(asdBlasHandle &handle);
AspbStatus asdBlasDestroy(asdBlasHandle handle);
AspbStatus asdBlasSetStream(asdBlasHandle handle, void *stream);
AspbStatus asdBlasMakeCgemmPlan(asdBlasHandle handle, asdBlasOperation_t transa,
                                asdBlasOperation_t transb, int64_t m, int64_t n, int64_t k,
                                int64_t lda, int64_t ldb, int64_t ldc);
AspbStatus asdBlasMakeCgemmBatchedPlan(asdBlasHandle handle);
AspbStatus asdBlasGetWorkspaceSize(asdBlasHandle handle, size_t &workspaceSize);
AspbStatus asdBlasSetWorkspace(asdBlasHandle handle, void *workSpace);
AspbStatus asdBlasCgemm(asdBlasHandle handle, asdBlasOperation_t transa,
                        asdBlasOperation_t transb, const int64_t m, const int64_t n,
                        const int64_t k, const std::complex<float> &alpha, aclTensor *A,
                        const int64_t lda, aclTensor *B, const int64_t ldb,
                        const std::complex<float> &beta, aclTensor *C, const int64_t ldc);
AspbStatus asdBlasCgemmBatched(asdBlasHandle handle, asdBlasOperation_t transa,
                               asdBlasOperation_t transb, const int64_t m, const int64_t n,
                               const int64_t k, const std::complex<float> &alpha,
                               aclTensor *A, const int64_t lda, aclTensor *B,
                               const int64_t ldb, const std::complex<float> &beta,
                               aclTensor *C, const int64_t ldc, const int64_t batchCount);
}  // namespace AsdSip

namespace {
AsdSip::asdBlasOperation_t op(int v) { return static_cast<AsdSip::asdBlasOperation_t>(v); }
// std::complex<float> is an array of two floats (C++11 [complex.numbers]/4)
const std::complex<float> &cplx(const float *v)
{
    return *reinterpret_cast<const std::complex<float> *>(v);
}
}  // namespace

extern "C" {
__attribute__((visibility("default"))) AspbStatus cupy_asdBlasCreate(asdBlasHandle *handle)
{
    return AsdSip::asdBlasCreate(*handle);
}

__attribute__((visibility("default"))) AspbStatus cupy_asdBlasDestroy(asdBlasHandle handle)
{
    return AsdSip::asdBlasDestroy(handle);
}

__attribute__((visibility("default"))) AspbStatus cupy_asdBlasSetStream(asdBlasHandle handle,
                                                                         void *stream)
{
    return AsdSip::asdBlasSetStream(handle, stream);
}

__attribute__((visibility("default"))) AspbStatus cupy_asdBlasMakeCgemmPlan(
    asdBlasHandle handle, int transa, int transb, int64_t m, int64_t n, int64_t k, int64_t lda,
    int64_t ldb, int64_t ldc)
{
    return AsdSip::asdBlasMakeCgemmPlan(handle, op(transa), op(transb), m, n, k, lda, ldb, ldc);
}

__attribute__((visibility("default"))) AspbStatus cupy_asdBlasMakeCgemmBatchedPlan(
    asdBlasHandle handle)
{
    return AsdSip::asdBlasMakeCgemmBatchedPlan(handle);
}

__attribute__((visibility("default"))) AspbStatus cupy_asdBlasGetWorkspaceSize(
    asdBlasHandle handle, size_t *size)
{
    return AsdSip::asdBlasGetWorkspaceSize(handle, *size);
}

__attribute__((visibility("default"))) AspbStatus cupy_asdBlasSetWorkspace(asdBlasHandle handle,
                                                                            void *workspace)
{
    return AsdSip::asdBlasSetWorkspace(handle, workspace);
}

__attribute__((visibility("default"))) AspbStatus cupy_asdBlasCgemm(
    asdBlasHandle handle, int transa, int transb, int64_t m, int64_t n, int64_t k,
    const float *alpha, aclTensor *A, int64_t lda, aclTensor *B, int64_t ldb, const float *beta,
    aclTensor *C, int64_t ldc)
{
    return AsdSip::asdBlasCgemm(handle, op(transa), op(transb), m, n, k, cplx(alpha), A, lda, B,
                                ldb, cplx(beta), C, ldc);
}

__attribute__((visibility("default"))) AspbStatus cupy_asdBlasCgemmBatched(
    asdBlasHandle handle, int transa, int transb, int64_t m, int64_t n, int64_t k,
    const float *alpha, aclTensor *A, int64_t lda, aclTensor *B, int64_t ldb, const float *beta,
    aclTensor *C, int64_t ldc, int64_t batchCount)
{
    return AsdSip::asdBlasCgemmBatched(handle, op(transa), op(transb), m, n, k, cplx(alpha), A,
                                       lda, B, ldb, cplx(beta), C, ldc, batchCount);
}
}  // extern "C"
