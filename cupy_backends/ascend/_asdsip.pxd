# Vendor bindings for AsdSip's FFT (DESIGN.md, layer 1): the function table
# of include/cupy_asdsip.h, filled by dlsym from libasdsip.so (NNAL) or from
# the bundled simulator, which exports the same ABI.  Only this module and
# the FFT provider (ops/_fft.pyx) name AsdSip functions.

from libc.stdint cimport int32_t, int64_t

from cupy_backends.ascend._acl cimport aclTensor

cdef extern from *:
    """
    #define CUPY_ASDSIP_TABLE
    #define CUPY_ASDSIP_NO_PROTOTYPES
    #include "cupy_asdsip.h"
    """
    ctypedef void* asdFftHandle
    enum:
        ASCEND_FFT_C2C
        ASCEND_FFT_C2R
        ASCEND_FFT_R2C
        ASCEND_FFT_FORWARD
        ASCEND_FFT_INVERSE
        ASCEND_FFT_HORIZONTAL
        ASCEND_FFT_VERTICAL
        ASDSIP_FFT_MAX_SIZE
        ASDSIP_FFT_MAX_PRIME
        ASDSIP_FFT_MAX_ELEMENTS
        ASDSIP_FFT_OVERWRITE_MIN
    ctypedef struct cupy_asdsip_fft_table:
        int32_t (*asdFftCreate)(asdFftHandle* handle) noexcept nogil
        int32_t (*asdFftDestroy)(asdFftHandle handle) noexcept nogil
        int32_t (*asdFftSetStream)(asdFftHandle handle, void* stream) noexcept nogil
        int32_t (*asdFftMakePlan1D)(asdFftHandle handle, int64_t fftSize,
                                    int fftType, int direction,
                                    int64_t batchSize, int dimType) noexcept nogil
        int32_t (*asdFftMakePlan2D)(asdFftHandle handle, int64_t x, int64_t y,
                                    int fftType, int direction,
                                    int32_t batchSize) noexcept nogil
        int32_t (*asdFftMakePlan3D)(asdFftHandle handle, int64_t x, int64_t y,
                                    int64_t z, int fftType, int direction,
                                    int32_t batchSize) noexcept nogil
        int32_t (*asdFftGetWorkspaceSize)(asdFftHandle handle,
                                          size_t* size) noexcept nogil
        int32_t (*asdFftSetWorkspace)(asdFftHandle handle,
                                      void* workspace) noexcept nogil
        int32_t (*asdFftExecC2C)(asdFftHandle handle, const aclTensor* i,
                                 const aclTensor* o) noexcept nogil
        int32_t (*asdFftExecR2C)(asdFftHandle handle, const aclTensor* i,
                                 const aclTensor* o) noexcept nogil
        int32_t (*asdFftExecC2R)(asdFftHandle handle, const aclTensor* i,
                                 const aclTensor* o) noexcept nogil
        int32_t (*asdFftSynchronize)(asdFftHandle handle) noexcept nogil
        int32_t (*asdFftGetType)(asdFftHandle handle, int* fftType) noexcept nogil
    const char* cupy_asdsip_fft_table_load(void* handle,
                                           cupy_asdsip_fft_table* t)

# The loaded table (loading CANN first); raises AsdSipNotFoundError with
# what to install when CANN is in use without NNAL.  Never NULL on return.
cdef cupy_asdsip_fft_table* fft_table() except NULL
