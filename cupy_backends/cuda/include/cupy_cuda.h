/* The CUDA functions this package calls, each declared once (DESIGN.md,
 * "Layers": one table of function pointers per vendor library, filled by
 * dlsym at run time, so building needs no CUDA toolkit).
 *
 * Each library is an X-macro list of rows X(return, name, (args)) for the
 * functions every supported version exports and O(...) for optional ones
 * (newer than the oldest supported version: the pointer stays NULL and
 * the caller raises a clear error when it is used).  Handles are opaque
 * pointers; enum arguments are int.  Signatures restate the CUDA Runtime,
 * Driver, NVRTC and cuBLAS API references (CUDA 12.x / 13.x). */

#ifndef CUPY_CUDA_H
#define CUPY_CUDA_H

#include <dlfcn.h>
#include <stddef.h>
#include <stdint.h>

typedef void* cudaStream_t;
typedef void* cudaEvent_t;
typedef void* CUmodule;
typedef void* CUfunction;
typedef void* nvrtcProgram;
typedef void* cublasHandle_t;
typedef void (*cupy_host_fn)(void*);

/* cudaIpcMemHandle_t / cudaIpcEventHandle_t: 64 opaque bytes. */
typedef struct { char reserved[64]; } cupy_ipc_handle;

/* cudaPointerAttributes (CUDA >= 11: type, device, devicePointer,
 * hostPointer; a few reserved words after them in newer versions, so the
 * buffer is generous). */
typedef struct {
    int type;
    int device;
    void* devicePointer;
    void* hostPointer;
    long long reserved[8];
} cupy_pointer_attributes;

/* ---- the CUDA runtime (libcudart) ---- */
#define CUPY_CUDART_FUNCS(X, O) \
    X(int, cudaGetDeviceCount, (int*)) \
    X(int, cudaGetDevice, (int*)) \
    X(int, cudaSetDevice, (int)) \
    X(int, cudaDeviceSynchronize, (void)) \
    X(int, cudaMemGetInfo, (size_t*, size_t*)) \
    X(int, cudaMalloc, (void**, size_t)) \
    X(int, cudaFree, (void*)) \
    X(int, cudaMallocHost, (void**, size_t)) \
    X(int, cudaFreeHost, (void*)) \
    X(int, cudaMallocManaged, (void**, size_t, unsigned int)) \
    X(int, cudaHostRegister, (void*, size_t, unsigned int)) \
    X(int, cudaHostUnregister, (void*)) \
    X(int, cudaMemcpy, (void*, const void*, size_t, int)) \
    X(int, cudaMemcpyAsync, (void*, const void*, size_t, int, cudaStream_t)) \
    X(int, cudaMemcpyPeer, (void*, int, const void*, int, size_t)) \
    X(int, cudaMemcpyPeerAsync, (void*, int, const void*, int, size_t, \
                                 cudaStream_t)) \
    X(int, cudaMemset, (void*, int, size_t)) \
    X(int, cudaMemsetAsync, (void*, int, size_t, cudaStream_t)) \
    X(int, cudaStreamCreateWithFlags, (cudaStream_t*, unsigned int)) \
    X(int, cudaStreamCreateWithPriority, (cudaStream_t*, unsigned int, int)) \
    X(int, cudaStreamDestroy, (cudaStream_t)) \
    X(int, cudaStreamSynchronize, (cudaStream_t)) \
    X(int, cudaStreamQuery, (cudaStream_t)) \
    X(int, cudaStreamWaitEvent, (cudaStream_t, cudaEvent_t, unsigned int)) \
    X(int, cudaLaunchHostFunc, (cudaStream_t, cupy_host_fn, void*)) \
    X(int, cudaEventCreateWithFlags, (cudaEvent_t*, unsigned int)) \
    X(int, cudaEventDestroy, (cudaEvent_t)) \
    X(int, cudaEventRecord, (cudaEvent_t, cudaStream_t)) \
    X(int, cudaEventSynchronize, (cudaEvent_t)) \
    X(int, cudaEventQuery, (cudaEvent_t)) \
    X(int, cudaEventElapsedTime, (float*, cudaEvent_t, cudaEvent_t)) \
    X(const char*, cudaGetErrorName, (int)) \
    X(const char*, cudaGetErrorString, (int)) \
    X(int, cudaGetLastError, (void)) \
    X(int, cudaRuntimeGetVersion, (int*)) \
    X(int, cudaDriverGetVersion, (int*)) \
    X(int, cudaDeviceGetAttribute, (int*, int, int)) \
    X(int, cudaDeviceCanAccessPeer, (int*, int, int)) \
    X(int, cudaDeviceEnablePeerAccess, (int, unsigned int)) \
    X(int, cudaPointerGetAttributes, (cupy_pointer_attributes*, const void*)) \
    X(int, cudaIpcGetMemHandle, (cupy_ipc_handle*, void*)) \
    X(int, cudaIpcOpenMemHandle, (void**, cupy_ipc_handle, unsigned int)) \
    X(int, cudaIpcCloseMemHandle, (void*)) \
    X(int, cudaIpcGetEventHandle, (cupy_ipc_handle*, cudaEvent_t)) \
    X(int, cudaIpcOpenEventHandle, (cudaEvent_t*, cupy_ipc_handle)) \
    X(int, cudaProfilerStart, (void)) \
    X(int, cudaProfilerStop, (void)) \
    O(int, cudaMallocAsync, (void**, size_t, cudaStream_t)) \
    O(int, cudaFreeAsync, (void*, cudaStream_t)) \
    O(int, cudaStreamBeginCapture, (cudaStream_t, int)) \
    O(int, cudaStreamEndCapture, (cudaStream_t, void**)) \
    O(int, cudaStreamIsCapturing, (cudaStream_t, int*)) \
    O(int, cudaGraphInstantiate, (void**, void*, unsigned long long)) \
    O(int, cudaGraphLaunch, (void*, cudaStream_t)) \
    O(int, cudaGraphUpload, (void*, cudaStream_t)) \
    O(int, cudaGraphDestroy, (void*)) \
    O(int, cudaGraphExecDestroy, (void*))

/* ---- the CUDA driver (libcuda): modules and launches only ---- */
#define CUPY_CUDA_DRIVER_FUNCS(X, O) \
    X(int, cuInit, (unsigned int)) \
    X(int, cuDriverGetVersion, (int*)) \
    X(int, cuDeviceGetName, (char*, int, int)) \
    X(int, cuGetErrorName, (int, const char**)) \
    X(int, cuGetErrorString, (int, const char**)) \
    X(int, cuModuleLoadData, (CUmodule*, const void*)) \
    X(int, cuModuleUnload, (CUmodule)) \
    X(int, cuModuleGetFunction, (CUfunction*, CUmodule, const char*)) \
    X(int, cuFuncSetAttribute, (CUfunction, int, int)) \
    X(int, cuFuncGetAttribute, (int*, int, CUfunction)) \
    X(int, cuLaunchKernel, (CUfunction, unsigned int, unsigned int, \
                            unsigned int, unsigned int, unsigned int, \
                            unsigned int, unsigned int, cudaStream_t, \
                            void**, void**))

/* ---- NVRTC (libnvrtc) ---- */
#define CUPY_NVRTC_FUNCS(X, O) \
    X(const char*, nvrtcGetErrorString, (int)) \
    X(int, nvrtcVersion, (int*, int*)) \
    X(int, nvrtcCreateProgram, (nvrtcProgram*, const char*, const char*, \
                                int, const char* const*, \
                                const char* const*)) \
    X(int, nvrtcDestroyProgram, (nvrtcProgram*)) \
    X(int, nvrtcCompileProgram, (nvrtcProgram, int, const char* const*)) \
    X(int, nvrtcGetProgramLogSize, (nvrtcProgram, size_t*)) \
    X(int, nvrtcGetProgramLog, (nvrtcProgram, char*)) \
    X(int, nvrtcGetPTXSize, (nvrtcProgram, size_t*)) \
    X(int, nvrtcGetPTX, (nvrtcProgram, char*)) \
    X(int, nvrtcGetCUBINSize, (nvrtcProgram, size_t*)) \
    X(int, nvrtcGetCUBIN, (nvrtcProgram, char*)) \
    X(int, nvrtcAddNameExpression, (nvrtcProgram, const char*)) \
    X(int, nvrtcGetLoweredName, (nvrtcProgram, const char*, const char**))

/* ---- cuBLAS (libcublas) ---- */
#define CUPY_CUBLAS_FUNCS(X, O) \
    X(int, cublasCreate_v2, (cublasHandle_t*)) \
    X(int, cublasDestroy_v2, (cublasHandle_t)) \
    X(int, cublasGetVersion_v2, (cublasHandle_t, int*)) \
    X(int, cublasSetStream_v2, (cublasHandle_t, cudaStream_t)) \
    X(int, cublasSetMathMode, (cublasHandle_t, int)) \
    X(int, cublasSetWorkspace_v2, (cublasHandle_t, void*, size_t)) \
    X(int, cublasGemmStridedBatchedEx, \
      (cublasHandle_t, int, int, int, int, int, const void*, const void*, \
       int, int, long long, const void*, int, int, long long, const void*, \
       void*, int, int, long long, int, int, int))

#define CUPY_DECLARE_FIELD(ret, name, args) ret (*name) args;

typedef struct { CUPY_CUDART_FUNCS(CUPY_DECLARE_FIELD, CUPY_DECLARE_FIELD) }
    cupy_cudart_table;
typedef struct {
    CUPY_CUDA_DRIVER_FUNCS(CUPY_DECLARE_FIELD, CUPY_DECLARE_FIELD) }
    cupy_cuda_driver_table;
typedef struct { CUPY_NVRTC_FUNCS(CUPY_DECLARE_FIELD, CUPY_DECLARE_FIELD) }
    cupy_nvrtc_table;
typedef struct { CUPY_CUBLAS_FUNCS(CUPY_DECLARE_FIELD, CUPY_DECLARE_FIELD) }
    cupy_cublas_table;

/* Fill a table from a dlopen handle: NULL on success, else the name of
 * the first required function the library lacks. */
#define CUPY_LOAD_REQUIRED(ret, name, args) \
    t->name = (ret (*) args)dlsym(h, #name); \
    if (t->name == NULL) return #name;
#define CUPY_LOAD_OPTIONAL(ret, name, args) \
    t->name = (ret (*) args)dlsym(h, #name);

static const char* cupy_cudart_table_load(void* h, cupy_cudart_table* t) {
    CUPY_CUDART_FUNCS(CUPY_LOAD_REQUIRED, CUPY_LOAD_OPTIONAL)
    return NULL;
}
static const char* cupy_cuda_driver_table_load(void* h,
                                               cupy_cuda_driver_table* t) {
    CUPY_CUDA_DRIVER_FUNCS(CUPY_LOAD_REQUIRED, CUPY_LOAD_OPTIONAL)
    return NULL;
}
static const char* cupy_nvrtc_table_load(void* h, cupy_nvrtc_table* t) {
    CUPY_NVRTC_FUNCS(CUPY_LOAD_REQUIRED, CUPY_LOAD_OPTIONAL)
    return NULL;
}
static const char* cupy_cublas_table_load(void* h, cupy_cublas_table* t) {
    CUPY_CUBLAS_FUNCS(CUPY_LOAD_REQUIRED, CUPY_LOAD_OPTIONAL)
    return NULL;
}

/* ---- cuFFT (libcufft): plans of batched 1-3-D transforms; cufftHandle
 * is an int, cufftType and the direction are int (cuFFT API reference,
 * "cufftPlanMany", "cufftExec*") ---- */
typedef int cufftHandle;
#define CUPY_CUFFT_FUNCS(X, O) \
    X(int, cufftGetVersion, (int*)) \
    X(int, cufftPlanMany, (cufftHandle*, int, int*, int*, int, int, int*, \
                           int, int, int, int)) \
    X(int, cufftDestroy, (cufftHandle)) \
    X(int, cufftSetStream, (cufftHandle, cudaStream_t)) \
    X(int, cufftGetSize, (cufftHandle, size_t*)) \
    X(int, cufftExecC2C, (cufftHandle, void*, void*, int)) \
    X(int, cufftExecR2C, (cufftHandle, void*, void*)) \
    X(int, cufftExecC2R, (cufftHandle, void*, void*)) \
    X(int, cufftExecZ2Z, (cufftHandle, void*, void*, int)) \
    X(int, cufftExecD2Z, (cufftHandle, void*, void*)) \
    X(int, cufftExecZ2D, (cufftHandle, void*, void*))

typedef struct { CUPY_CUFFT_FUNCS(CUPY_DECLARE_FIELD, CUPY_DECLARE_FIELD) }
    cupy_cufft_table;
static const char* cupy_cufft_table_load(void* h, cupy_cufft_table* t) {
    CUPY_CUFFT_FUNCS(CUPY_LOAD_REQUIRED, CUPY_LOAD_OPTIONAL)
    return NULL;
}

/* ---- cuSOLVER dense (libcusolver) and cuBLAS's triangular solve: the
 * linalg family (ops/_linalg.pyx).  The legacy typed API of the cuSOLVER
 * reference ("cuSolverDN: dense LAPACK"), one row per function and dtype
 * (S float32, D float64, C complex64, Z complex128); matrix and scalar
 * pointers are void* (the same ABI as float* ... cuDoubleComplex*), enum
 * arguments int (cublasFillMode_t, cublasOperation_t, cusolverEigMode_t).
 * Q is orgqr (real) or ungqr (complex), E syevd or heevd. ---- */
typedef void* cusolverDnHandle_t;
typedef void* gesvdjInfo_t;
#define CUPY_CUSOLVER_TYPED(X, T, Q, E) \
    X(int, cusolverDn##T##getrf_bufferSize, \
      (cusolverDnHandle_t, int, int, void*, int, int*)) \
    X(int, cusolverDn##T##getrf, \
      (cusolverDnHandle_t, int, int, void*, int, void*, int*, int*)) \
    X(int, cusolverDn##T##getrs, \
      (cusolverDnHandle_t, int, int, int, const void*, int, const int*, \
       void*, int, int*)) \
    X(int, cusolverDn##T##potrf_bufferSize, \
      (cusolverDnHandle_t, int, int, void*, int, int*)) \
    X(int, cusolverDn##T##potrf, \
      (cusolverDnHandle_t, int, int, void*, int, void*, int, int*)) \
    X(int, cusolverDn##T##geqrf_bufferSize, \
      (cusolverDnHandle_t, int, int, void*, int, int*)) \
    X(int, cusolverDn##T##geqrf, \
      (cusolverDnHandle_t, int, int, void*, int, void*, void*, int, int*)) \
    X(int, cusolverDn##T##Q##gqr_bufferSize, \
      (cusolverDnHandle_t, int, int, int, const void*, int, const void*, \
       int*)) \
    X(int, cusolverDn##T##Q##gqr, \
      (cusolverDnHandle_t, int, int, int, void*, int, const void*, void*, \
       int, int*)) \
    X(int, cusolverDn##T##gesvdj_bufferSize, \
      (cusolverDnHandle_t, int, int, int, int, const void*, int, \
       const void*, const void*, int, const void*, int, int*, \
       gesvdjInfo_t)) \
    X(int, cusolverDn##T##gesvdj, \
      (cusolverDnHandle_t, int, int, int, int, void*, int, void*, void*, \
       int, void*, int, void*, int, int*, gesvdjInfo_t)) \
    X(int, cusolverDn##T##E##evd_bufferSize, \
      (cusolverDnHandle_t, int, int, int, const void*, int, const void*, \
       int*)) \
    X(int, cusolverDn##T##E##evd, \
      (cusolverDnHandle_t, int, int, int, void*, int, void*, void*, int, \
       int*))
/* the batched forms of stacks of small matrices (cuSOLVER reference:
 * potrfBatched; syevjBatched/heevjBatched and gesvdjBatched, matrices of
 * at most 32 rows and columns, one after another lda * n elements apart);
 * E is sy or he */
typedef void* syevjInfo_t;
#define CUPY_CUSOLVER_BATCHED(X, T, E) \
    X(int, cusolverDn##T##potrfBatched, \
      (cusolverDnHandle_t, int, int, void**, int, int*, int)) \
    X(int, cusolverDn##T##E##evjBatched_bufferSize, \
      (cusolverDnHandle_t, int, int, int, const void*, int, const void*, \
       int*, syevjInfo_t, int)) \
    X(int, cusolverDn##T##E##evjBatched, \
      (cusolverDnHandle_t, int, int, int, void*, int, void*, void*, int, \
       int*, syevjInfo_t, int)) \
    X(int, cusolverDn##T##gesvdjBatched_bufferSize, \
      (cusolverDnHandle_t, int, int, int, const void*, int, const void*, \
       const void*, int, const void*, int, int*, gesvdjInfo_t, int)) \
    X(int, cusolverDn##T##gesvdjBatched, \
      (cusolverDnHandle_t, int, int, int, void*, int, void*, void*, int, \
       void*, int, void*, int, int*, gesvdjInfo_t, int))
#define CUPY_CUSOLVER_FUNCS(X, O) \
    X(int, cusolverGetVersion, (int*)) \
    X(int, cusolverDnCreate, (cusolverDnHandle_t*)) \
    X(int, cusolverDnDestroy, (cusolverDnHandle_t)) \
    X(int, cusolverDnSetStream, (cusolverDnHandle_t, cudaStream_t)) \
    X(int, cusolverDnCreateGesvdjInfo, (gesvdjInfo_t*)) \
    X(int, cusolverDnDestroyGesvdjInfo, (gesvdjInfo_t)) \
    X(int, cusolverDnCreateSyevjInfo, (syevjInfo_t*)) \
    X(int, cusolverDnDestroySyevjInfo, (syevjInfo_t)) \
    CUPY_CUSOLVER_TYPED(X, S, or, sy) \
    CUPY_CUSOLVER_TYPED(X, D, or, sy) \
    CUPY_CUSOLVER_TYPED(X, C, un, he) \
    CUPY_CUSOLVER_TYPED(X, Z, un, he) \
    CUPY_CUSOLVER_BATCHED(X, S, sy) \
    CUPY_CUSOLVER_BATCHED(X, D, sy) \
    CUPY_CUSOLVER_BATCHED(X, C, he) \
    CUPY_CUSOLVER_BATCHED(X, Z, he)

/* cublas<t>trsm_v2(handle, side, uplo, trans, diag, m, n, alpha, A, lda,
 * B, ldb): from libcublas, in a table of its own so that matmul's table
 * stays as it is. */
#define CUPY_CUBLAS_TRSM(X, T) \
    X(int, cublas##T##trsm_v2, \
      (cublasHandle_t, int, int, int, int, int, int, const void*, \
       const void*, int, void*, int))
/* cublas<t>getrfBatched(handle, n, A[], lda, ipiv, info, batch) and
 * cublas<t>getrsBatched(handle, trans, n, nrhs, A[], lda, ipiv, B[], ldb,
 * info, batch): LU of stacks of small matrices (cuBLAS reference,
 * "BLAS-like Extension"); getrsBatched's info is a host int */
#define CUPY_CUBLAS_LU_BATCHED(X, T) \
    X(int, cublas##T##getrfBatched, \
      (cublasHandle_t, int, void* const*, int, int*, int*, int)) \
    X(int, cublas##T##getrsBatched, \
      (cublasHandle_t, int, int, int, const void* const*, int, const int*, \
       void* const*, int, int*, int))
#define CUPY_CUBLAS_SOLVER_FUNCS(X, O) \
    CUPY_CUBLAS_TRSM(X, S) CUPY_CUBLAS_TRSM(X, D) \
    CUPY_CUBLAS_TRSM(X, C) CUPY_CUBLAS_TRSM(X, Z) \
    CUPY_CUBLAS_LU_BATCHED(X, S) CUPY_CUBLAS_LU_BATCHED(X, D) \
    CUPY_CUBLAS_LU_BATCHED(X, C) CUPY_CUBLAS_LU_BATCHED(X, Z)

typedef struct { CUPY_CUSOLVER_FUNCS(CUPY_DECLARE_FIELD, CUPY_DECLARE_FIELD) }
    cupy_cusolver_table;
typedef struct {
    CUPY_CUBLAS_SOLVER_FUNCS(CUPY_DECLARE_FIELD, CUPY_DECLARE_FIELD) }
    cupy_cublas_solver_table;
static const char* cupy_cusolver_table_load(void* h, cupy_cusolver_table* t) {
    CUPY_CUSOLVER_FUNCS(CUPY_LOAD_REQUIRED, CUPY_LOAD_OPTIONAL)
    return NULL;
}
static const char* cupy_cublas_solver_table_load(
        void* h, cupy_cublas_solver_table* t) {
    CUPY_CUBLAS_SOLVER_FUNCS(CUPY_LOAD_REQUIRED, CUPY_LOAD_OPTIONAL)
    return NULL;
}

#endif
