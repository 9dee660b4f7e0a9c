/*
 * The one declaration of every AsdSip (AscendSiPBoost, NNAL package)
 * function this package calls: the FFT plan API of fft_api.h.
 *
 * Facts restate shared/reference/cann/blas_fft.md section 3 and wave2_ops.md
 * "FFT facts": the FFT functions have C linkage (torch_npu resolves them by
 * plain name with dlsym); C++ reference parameters (asdFftHandle&,
 * size_t&, asdFftType&) are pointers at the ABI level; the header's default
 * argument (dimType) does not exist for a dlsym caller and is passed
 * explicitly.  Status values are ACL codes (AspbStatus = int32_t).
 *
 * As cupy_acl.h: one X-macro list, expanded into prototypes (the
 * simulator's csrc/sim_fft.c is compiled against them), into a table of
 * function pointers and into the dlsym loop that fills it.
 */
#ifndef CUPY_ASDSIP_H
#define CUPY_ASDSIP_H

#include "cupy_acl.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef int32_t AspbStatus;
typedef void *asdFftHandle;
typedef int asdFftType;
typedef int asdFftDirection;
typedef int asdFft1dDimType;

/* blas_fft.md 3.3: unscoped int-sized enums. */
#define ASCEND_FFT_C2C 0x10
#define ASCEND_FFT_C2R 0x11
#define ASCEND_FFT_R2C 0x12
#define ASCEND_FFT_FORWARD 0x10
#define ASCEND_FFT_INVERSE 0x11
#define ASCEND_FFT_HORIZONTAL 0x10
#define ASCEND_FFT_VERTICAL 0x11

/* blas_fft.md 3.3 constraints: sizes <= 2^27, prime factors <= 199;
 * wave2_ops.md: a whole transform <= 2^30 elements. */
#define ASDSIP_FFT_MAX_SIZE (INT64_C(1) << 27)
#define ASDSIP_FFT_MAX_PRIME 199
#define ASDSIP_FFT_MAX_ELEMENTS (INT64_C(1) << 30)
/* Horizontal 1-D plans of a power of two >= 2^15 overwrite their input. */
#define ASDSIP_FFT_OVERWRITE_MIN (INT64_C(1) << 15)

/* X(return type, name, (parameters), (argument names)); libasdsip.so. */
#define CUPY_ASDSIP_FFT_FUNCS(X) \
    X(AspbStatus, asdFftCreate, (asdFftHandle *handle), (handle)) \
    X(AspbStatus, asdFftDestroy, (asdFftHandle handle), (handle)) \
    X(AspbStatus, asdFftSetStream, (asdFftHandle handle, void *stream), (handle, stream)) \
    X(AspbStatus, asdFftMakePlan1D, (asdFftHandle handle, int64_t fftSize, asdFftType fftType, asdFftDirection direction, int64_t batchSize, asdFft1dDimType dimType), (handle, fftSize, fftType, direction, batchSize, dimType)) \
    X(AspbStatus, asdFftMakePlan2D, (asdFftHandle handle, int64_t fftSizeX, int64_t fftSizeY, asdFftType fftType, asdFftDirection direction, int32_t batchSize), (handle, fftSizeX, fftSizeY, fftType, direction, batchSize)) \
    X(AspbStatus, asdFftMakePlan3D, (asdFftHandle handle, int64_t fftSizeX, int64_t fftSizeY, int64_t fftSizeZ, asdFftType fftType, asdFftDirection direction, int32_t batchSize), (handle, fftSizeX, fftSizeY, fftSizeZ, fftType, direction, batchSize)) \
    X(AspbStatus, asdFftGetWorkspaceSize, (asdFftHandle handle, size_t *workspaceSize), (handle, workspaceSize)) \
    X(AspbStatus, asdFftSetWorkspace, (asdFftHandle handle, void *workspace), (handle, workspace)) \
    X(AspbStatus, asdFftExecC2C, (asdFftHandle handle, const aclTensor *input, const aclTensor *output), (handle, input, output)) \
    X(AspbStatus, asdFftExecR2C, (asdFftHandle handle, const aclTensor *input, const aclTensor *output), (handle, input, output)) \
    X(AspbStatus, asdFftExecC2R, (asdFftHandle handle, const aclTensor *input, const aclTensor *output), (handle, input, output)) \
    X(AspbStatus, asdFftSynchronize, (asdFftHandle handle), (handle)) \
    X(AspbStatus, asdFftGetType, (asdFftHandle handle, asdFftType *fftType), (handle, fftType))

#ifndef CUPY_ASDSIP_NO_PROTOTYPES
#define CUPY_ASDSIP_PROTO(ret, name, params, args) ret name params;
CUPY_ASDSIP_FFT_FUNCS(CUPY_ASDSIP_PROTO)
#undef CUPY_ASDSIP_PROTO
#endif

#ifdef CUPY_ASDSIP_TABLE
#include <dlfcn.h>
#define CUPY_ASDSIP_FIELD(ret, name, params, args) ret(*name) params;
typedef struct {
    CUPY_ASDSIP_FFT_FUNCS(CUPY_ASDSIP_FIELD)
} cupy_asdsip_fft_table;
#undef CUPY_ASDSIP_FIELD

/* Fill the table from a dlopen handle; NULL, or the first missing name. */
#define CUPY_ASDSIP_LOAD(ret, name, params, args)              \
    t->name = (ret(*) params)dlsym(handle, #name);            \
    if (t->name == NULL) return #name;
static inline const char *cupy_asdsip_fft_table_load(void *handle,
                                                     cupy_asdsip_fft_table *t) {
    CUPY_ASDSIP_FFT_FUNCS(CUPY_ASDSIP_LOAD)
    return NULL;
}
#undef CUPY_ASDSIP_LOAD
#endif

#ifdef __cplusplus
}
#endif
#endif /* CUPY_ASDSIP_H */
