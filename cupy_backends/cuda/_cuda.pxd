# Vendor bindings for CUDA (DESIGN.md layer 1): one table of function
# pointers per library (include/cupy_cuda.h), filled by dlsym on first use.
# Only this package's layer-2 implementation (_xpu_api.pxi) and its
# provider (ops/) cimport this.

from libc.stdint cimport intptr_t

cdef extern from "cupy_cuda.h" nogil:
    ctypedef void* cudaStream_t
    ctypedef void* cudaEvent_t
    ctypedef void* CUmodule
    ctypedef void* CUfunction
    ctypedef void* nvrtcProgram
    ctypedef void* cublasHandle_t
    ctypedef void (*cupy_host_fn)(void*) noexcept nogil
    ctypedef struct cupy_ipc_handle:
        char reserved[64]
    ctypedef struct cupy_pointer_attributes:
        int type
        int device
        void* devicePointer
        void* hostPointer

    ctypedef struct cupy_cudart_table:
        int (*cudaGetDeviceCount)(int*) noexcept nogil
        int (*cudaGetDevice)(int*) noexcept nogil
        int (*cudaSetDevice)(int) noexcept nogil
        int (*cudaDeviceSynchronize)() noexcept nogil
        int (*cudaMemGetInfo)(size_t*, size_t*) noexcept nogil
        int (*cudaMalloc)(void**, size_t) noexcept nogil
        int (*cudaFree)(void*) noexcept nogil
        int (*cudaMallocHost)(void**, size_t) noexcept nogil
        int (*cudaFreeHost)(void*) noexcept nogil
        int (*cudaMallocManaged)(void**, size_t, unsigned int) noexcept nogil
        int (*cudaHostRegister)(void*, size_t, unsigned int) noexcept nogil
        int (*cudaHostUnregister)(void*) noexcept nogil
        int (*cudaMemcpy)(void*, const void*, size_t, int) noexcept nogil
        int (*cudaMemcpyAsync)(void*, const void*, size_t, int, cudaStream_t) noexcept nogil
        int (*cudaMemcpyPeer)(void*, int, const void*, int, size_t) noexcept nogil
        int (*cudaMemcpyPeerAsync)(void*, int, const void*, int, size_t,
                                   cudaStream_t) noexcept nogil
        int (*cudaMemset)(void*, int, size_t) noexcept nogil
        int (*cudaMemsetAsync)(void*, int, size_t, cudaStream_t) noexcept nogil
        int (*cudaStreamCreateWithFlags)(cudaStream_t*, unsigned int) noexcept nogil
        int (*cudaStreamCreateWithPriority)(cudaStream_t*, unsigned int, int) noexcept nogil
        int (*cudaStreamDestroy)(cudaStream_t) noexcept nogil
        int (*cudaStreamSynchronize)(cudaStream_t) noexcept nogil
        int (*cudaStreamQuery)(cudaStream_t) noexcept nogil
        int (*cudaStreamWaitEvent)(cudaStream_t, cudaEvent_t, unsigned int) noexcept nogil
        int (*cudaLaunchHostFunc)(cudaStream_t, cupy_host_fn, void*) noexcept nogil
        int (*cudaEventCreateWithFlags)(cudaEvent_t*, unsigned int) noexcept nogil
        int (*cudaEventDestroy)(cudaEvent_t) noexcept nogil
        int (*cudaEventRecord)(cudaEvent_t, cudaStream_t) noexcept nogil
        int (*cudaEventSynchronize)(cudaEvent_t) noexcept nogil
        int (*cudaEventQuery)(cudaEvent_t) noexcept nogil
        int (*cudaEventElapsedTime)(float*, cudaEvent_t, cudaEvent_t) noexcept nogil
        const char* (*cudaGetErrorName)(int) noexcept nogil
        const char* (*cudaGetErrorString)(int) noexcept nogil
        int (*cudaGetLastError)() noexcept nogil
        int (*cudaRuntimeGetVersion)(int*) noexcept nogil
        int (*cudaDriverGetVersion)(int*) noexcept nogil
        int (*cudaDeviceGetAttribute)(int*, int, int) noexcept nogil
        int (*cudaDeviceCanAccessPeer)(int*, int, int) noexcept nogil
        int (*cudaDeviceEnablePeerAccess)(int, unsigned int) noexcept nogil
        int (*cudaPointerGetAttributes)(cupy_pointer_attributes*, const void*) noexcept nogil
        int (*cudaIpcGetMemHandle)(cupy_ipc_handle*, void*) noexcept nogil
        int (*cudaIpcOpenMemHandle)(void**, cupy_ipc_handle, unsigned int) noexcept nogil
        int (*cudaIpcCloseMemHandle)(void*) noexcept nogil
        int (*cudaIpcGetEventHandle)(cupy_ipc_handle*, cudaEvent_t) noexcept nogil
        int (*cudaIpcOpenEventHandle)(cudaEvent_t*, cupy_ipc_handle) noexcept nogil
        int (*cudaProfilerStart)() noexcept nogil
        int (*cudaProfilerStop)() noexcept nogil
        int (*cudaMallocAsync)(void**, size_t, cudaStream_t) noexcept nogil
        int (*cudaFreeAsync)(void*, cudaStream_t) noexcept nogil
        # CUDA graphs (stream capture; cudaGraph_t, cudaGraphExec_t as void*)
        int (*cudaStreamBeginCapture)(cudaStream_t, int) noexcept nogil
        int (*cudaStreamEndCapture)(cudaStream_t, void**) noexcept nogil
        int (*cudaStreamIsCapturing)(cudaStream_t, int*) noexcept nogil
        int (*cudaGraphInstantiate)(void**, void*, unsigned long long) noexcept nogil
        int (*cudaGraphLaunch)(void*, cudaStream_t) noexcept nogil
        int (*cudaGraphUpload)(void*, cudaStream_t) noexcept nogil
        int (*cudaGraphDestroy)(void*) noexcept nogil
        int (*cudaGraphExecDestroy)(void*) noexcept nogil

    ctypedef struct cupy_cuda_driver_table:
        int (*cuInit)(unsigned int) noexcept nogil
        int (*cuDriverGetVersion)(int*) noexcept nogil
        int (*cuDeviceGetName)(char*, int, int) noexcept nogil
        int (*cuGetErrorName)(int, const char**) noexcept nogil
        int (*cuGetErrorString)(int, const char**) noexcept nogil
        int (*cuModuleLoadData)(CUmodule*, const void*) noexcept nogil
        int (*cuModuleUnload)(CUmodule) noexcept nogil
        int (*cuModuleGetFunction)(CUfunction*, CUmodule, const char*) noexcept nogil
        int (*cuFuncSetAttribute)(CUfunction, int, int) noexcept nogil
        int (*cuFuncGetAttribute)(int*, int, CUfunction) noexcept nogil
        int (*cuLaunchKernel)(CUfunction, unsigned int, unsigned int,
                              unsigned int, unsigned int, unsigned int,
                              unsigned int, unsigned int, cudaStream_t,
                              void**, void**) noexcept nogil

    ctypedef struct cupy_nvrtc_table:
        const char* (*nvrtcGetErrorString)(int) noexcept nogil
        int (*nvrtcVersion)(int*, int*) noexcept nogil
        int (*nvrtcCreateProgram)(nvrtcProgram*, const char*, const char*,
                                  int, const char* const*, const char* const*) noexcept nogil
        int (*nvrtcDestroyProgram)(nvrtcProgram*) noexcept nogil
        int (*nvrtcCompileProgram)(nvrtcProgram, int, const char* const*) noexcept nogil
        int (*nvrtcGetProgramLogSize)(nvrtcProgram, size_t*) noexcept nogil
        int (*nvrtcGetProgramLog)(nvrtcProgram, char*) noexcept nogil
        int (*nvrtcGetPTXSize)(nvrtcProgram, size_t*) noexcept nogil
        int (*nvrtcGetPTX)(nvrtcProgram, char*) noexcept nogil
        int (*nvrtcGetCUBINSize)(nvrtcProgram, size_t*) noexcept nogil
        int (*nvrtcGetCUBIN)(nvrtcProgram, char*) noexcept nogil
        int (*nvrtcAddNameExpression)(nvrtcProgram, const char*) noexcept nogil
        int (*nvrtcGetLoweredName)(nvrtcProgram, const char*, const char**) noexcept nogil

    ctypedef struct cupy_cublas_table:
        int (*cublasCreate_v2)(cublasHandle_t*) noexcept nogil
        int (*cublasDestroy_v2)(cublasHandle_t) noexcept nogil
        int (*cublasGetVersion_v2)(cublasHandle_t, int*) noexcept nogil
        int (*cublasSetStream_v2)(cublasHandle_t, cudaStream_t) noexcept nogil
        int (*cublasSetMathMode)(cublasHandle_t, int) noexcept nogil
        int (*cublasSetWorkspace_v2)(cublasHandle_t, void*, size_t) noexcept nogil
        int (*cublasGemmStridedBatchedEx)(
            cublasHandle_t, int, int, int, int, int, const void*,
            const void*, int, int, long long, const void*, int, int,
            long long, const void*, void*, int, int, long long, int, int,
            int) noexcept nogil


cdef cupy_cudart_table* rt() except NULL
cdef cupy_cuda_driver_table* drv() except NULL
cdef cupy_nvrtc_table* nvrtc() except NULL
cdef cupy_cublas_table* cublas() except NULL

# Raise the typed error of a failed call (status != 0).
cdef int check(int status, str function) except -1
cdef int check_driver(int status, str function) except -1
cdef int check_nvrtc(int status, str function) except -1
cdef int check_cublas(int status, str function) except -1


# cuFFT (the provider's fft family, ops/_fft.pyx)
cdef extern from "cupy_cuda.h" nogil:
    ctypedef int cufftHandle
    ctypedef struct cupy_cufft_table:
        int (*cufftGetVersion)(int*) noexcept nogil
        int (*cufftPlanMany)(cufftHandle*, int, int*, int*, int, int, int*,
                             int, int, int, int) noexcept nogil
        int (*cufftDestroy)(cufftHandle) noexcept nogil
        int (*cufftSetStream)(cufftHandle, cudaStream_t) noexcept nogil
        int (*cufftGetSize)(cufftHandle, size_t*) noexcept nogil
        int (*cufftExecC2C)(cufftHandle, void*, void*, int) noexcept nogil
        int (*cufftExecR2C)(cufftHandle, void*, void*) noexcept nogil
        int (*cufftExecC2R)(cufftHandle, void*, void*) noexcept nogil
        int (*cufftExecZ2Z)(cufftHandle, void*, void*, int) noexcept nogil
        int (*cufftExecD2Z)(cufftHandle, void*, void*) noexcept nogil
        int (*cufftExecZ2D)(cufftHandle, void*, void*) noexcept nogil

cdef cupy_cufft_table* cufft() except NULL
cdef int check_cufft(int status, str function) except -1


# cuSOLVER dense and cuBLAS's trsm (the linalg family, ops/_linalg.pyx):
# one function-pointer type per signature, a field per dtype (include/
# cupy_cuda.h CUPY_CUSOLVER_FUNCS); matrices are void*.
cdef extern from "cupy_cuda.h" nogil:
    ctypedef void* cusolverDnHandle_t
    ctypedef void* gesvdjInfo_t
    ctypedef void* syevjInfo_t

# the signatures (declared here, not taken from the header: its fields
# have exactly these types)
# getrf, potrf, geqrf _bufferSize: (handle, m or uplo, n, A, lda, lwork)
ctypedef int (*bufsize_t)(cusolverDnHandle_t, int, int, void*, int,
                          int*) noexcept nogil
ctypedef int (*getrf_t)(cusolverDnHandle_t, int, int, void*, int, void*,
                        int*, int*) noexcept nogil
ctypedef int (*getrs_t)(cusolverDnHandle_t, int, int, int, const void*,
                        int, const int*, void*, int, int*) noexcept nogil
ctypedef int (*potrf_t)(cusolverDnHandle_t, int, int, void*, int, void*,
                        int, int*) noexcept nogil
ctypedef int (*geqrf_t)(cusolverDnHandle_t, int, int, void*, int, void*,
                        void*, int, int*) noexcept nogil
ctypedef int (*orgqr_bufsize_t)(cusolverDnHandle_t, int, int, int,
                                const void*, int, const void*,
                                int*) noexcept nogil
ctypedef int (*orgqr_t)(cusolverDnHandle_t, int, int, int, void*, int,
                        const void*, void*, int, int*) noexcept nogil
ctypedef int (*gesvdj_bufsize_t)(cusolverDnHandle_t, int, int, int, int,
                                 const void*, int, const void*,
                                 const void*, int, const void*, int,
                                 int*, gesvdjInfo_t) noexcept nogil
ctypedef int (*gesvdj_t)(cusolverDnHandle_t, int, int, int, int, void*,
                         int, void*, void*, int, void*, int, void*, int,
                         int*, gesvdjInfo_t) noexcept nogil
ctypedef int (*syevd_bufsize_t)(cusolverDnHandle_t, int, int, int,
                                const void*, int, const void*,
                                int*) noexcept nogil
ctypedef int (*syevd_t)(cusolverDnHandle_t, int, int, int, void*, int,
                        void*, void*, int, int*) noexcept nogil
ctypedef int (*trsm_t)(cublasHandle_t, int, int, int, int, int, int,
                       const void*, const void*, int, void*,
                       int) noexcept nogil
# the batched forms (include/cupy_cuda.h CUPY_CUSOLVER_BATCHED,
# CUPY_CUBLAS_LU_BATCHED)
ctypedef int (*potrf_batched_t)(cusolverDnHandle_t, int, int, void**, int,
                                int*, int) noexcept nogil
ctypedef int (*syevj_batched_bufsize_t)(cusolverDnHandle_t, int, int, int,
                                        const void*, int, const void*, int*,
                                        syevjInfo_t, int) noexcept nogil
ctypedef int (*syevj_batched_t)(cusolverDnHandle_t, int, int, int, void*,
                                int, void*, void*, int, int*, syevjInfo_t,
                                int) noexcept nogil
ctypedef int (*gesvdj_batched_bufsize_t)(
    cusolverDnHandle_t, int, int, int, const void*, int, const void*,
    const void*, int, const void*, int, int*, gesvdjInfo_t,
    int) noexcept nogil
ctypedef int (*gesvdj_batched_t)(cusolverDnHandle_t, int, int, int, void*,
                                 int, void*, void*, int, void*, int, void*,
                                 int, int*, gesvdjInfo_t, int) noexcept nogil
ctypedef int (*getrf_batched_t)(cublasHandle_t, int, void* const*, int, int*,
                                int*, int) noexcept nogil
ctypedef int (*getrs_batched_t)(cublasHandle_t, int, int, int,
                                const void* const*, int, const int*,
                                void* const*, int, int*, int) noexcept nogil
cdef extern from "cupy_cuda.h" nogil:
    ctypedef struct cupy_cusolver_table:
        int (*cusolverGetVersion)(int*) noexcept nogil
        int (*cusolverDnCreate)(cusolverDnHandle_t*) noexcept nogil
        int (*cusolverDnDestroy)(cusolverDnHandle_t) noexcept nogil
        int (*cusolverDnSetStream)(cusolverDnHandle_t, cudaStream_t) noexcept nogil
        int (*cusolverDnCreateGesvdjInfo)(gesvdjInfo_t*) noexcept nogil
        int (*cusolverDnDestroyGesvdjInfo)(gesvdjInfo_t) noexcept nogil
        int (*cusolverDnCreateSyevjInfo)(syevjInfo_t*) noexcept nogil
        int (*cusolverDnDestroySyevjInfo)(syevjInfo_t) noexcept nogil
        bufsize_t cusolverDnSgetrf_bufferSize
        getrf_t cusolverDnSgetrf
        getrs_t cusolverDnSgetrs
        bufsize_t cusolverDnSpotrf_bufferSize
        potrf_t cusolverDnSpotrf
        bufsize_t cusolverDnSgeqrf_bufferSize
        geqrf_t cusolverDnSgeqrf
        orgqr_bufsize_t cusolverDnSorgqr_bufferSize
        orgqr_t cusolverDnSorgqr
        gesvdj_bufsize_t cusolverDnSgesvdj_bufferSize
        gesvdj_t cusolverDnSgesvdj
        syevd_bufsize_t cusolverDnSsyevd_bufferSize
        syevd_t cusolverDnSsyevd
        bufsize_t cusolverDnDgetrf_bufferSize
        getrf_t cusolverDnDgetrf
        getrs_t cusolverDnDgetrs
        bufsize_t cusolverDnDpotrf_bufferSize
        potrf_t cusolverDnDpotrf
        bufsize_t cusolverDnDgeqrf_bufferSize
        geqrf_t cusolverDnDgeqrf
        orgqr_bufsize_t cusolverDnDorgqr_bufferSize
        orgqr_t cusolverDnDorgqr
        gesvdj_bufsize_t cusolverDnDgesvdj_bufferSize
        gesvdj_t cusolverDnDgesvdj
        syevd_bufsize_t cusolverDnDsyevd_bufferSize
        syevd_t cusolverDnDsyevd
        bufsize_t cusolverDnCgetrf_bufferSize
        getrf_t cusolverDnCgetrf
        getrs_t cusolverDnCgetrs
        bufsize_t cusolverDnCpotrf_bufferSize
        potrf_t cusolverDnCpotrf
        bufsize_t cusolverDnCgeqrf_bufferSize
        geqrf_t cusolverDnCgeqrf
        orgqr_bufsize_t cusolverDnCungqr_bufferSize
        orgqr_t cusolverDnCungqr
        gesvdj_bufsize_t cusolverDnCgesvdj_bufferSize
        gesvdj_t cusolverDnCgesvdj
        syevd_bufsize_t cusolverDnCheevd_bufferSize
        syevd_t cusolverDnCheevd
        bufsize_t cusolverDnZgetrf_bufferSize
        getrf_t cusolverDnZgetrf
        getrs_t cusolverDnZgetrs
        bufsize_t cusolverDnZpotrf_bufferSize
        potrf_t cusolverDnZpotrf
        bufsize_t cusolverDnZgeqrf_bufferSize
        geqrf_t cusolverDnZgeqrf
        orgqr_bufsize_t cusolverDnZungqr_bufferSize
        orgqr_t cusolverDnZungqr
        gesvdj_bufsize_t cusolverDnZgesvdj_bufferSize
        gesvdj_t cusolverDnZgesvdj
        syevd_bufsize_t cusolverDnZheevd_bufferSize
        syevd_t cusolverDnZheevd
        potrf_batched_t cusolverDnSpotrfBatched
        syevj_batched_bufsize_t cusolverDnSsyevjBatched_bufferSize
        syevj_batched_t cusolverDnSsyevjBatched
        gesvdj_batched_bufsize_t cusolverDnSgesvdjBatched_bufferSize
        gesvdj_batched_t cusolverDnSgesvdjBatched
        potrf_batched_t cusolverDnDpotrfBatched
        syevj_batched_bufsize_t cusolverDnDsyevjBatched_bufferSize
        syevj_batched_t cusolverDnDsyevjBatched
        gesvdj_batched_bufsize_t cusolverDnDgesvdjBatched_bufferSize
        gesvdj_batched_t cusolverDnDgesvdjBatched
        potrf_batched_t cusolverDnCpotrfBatched
        syevj_batched_bufsize_t cusolverDnCheevjBatched_bufferSize
        syevj_batched_t cusolverDnCheevjBatched
        gesvdj_batched_bufsize_t cusolverDnCgesvdjBatched_bufferSize
        gesvdj_batched_t cusolverDnCgesvdjBatched
        potrf_batched_t cusolverDnZpotrfBatched
        syevj_batched_bufsize_t cusolverDnZheevjBatched_bufferSize
        syevj_batched_t cusolverDnZheevjBatched
        gesvdj_batched_bufsize_t cusolverDnZgesvdjBatched_bufferSize
        gesvdj_batched_t cusolverDnZgesvdjBatched
    ctypedef struct cupy_cublas_solver_table:
        trsm_t cublasStrsm_v2
        trsm_t cublasDtrsm_v2
        trsm_t cublasCtrsm_v2
        trsm_t cublasZtrsm_v2
        getrf_batched_t cublasSgetrfBatched
        getrs_batched_t cublasSgetrsBatched
        getrf_batched_t cublasDgetrfBatched
        getrs_batched_t cublasDgetrsBatched
        getrf_batched_t cublasCgetrfBatched
        getrs_batched_t cublasCgetrsBatched
        getrf_batched_t cublasZgetrfBatched
        getrs_batched_t cublasZgetrsBatched

cdef cupy_cusolver_table* cusolver() except NULL
cdef cupy_cublas_solver_table* cublas_solver() except NULL
cdef int check_cusolver(int status, str function) except -1
