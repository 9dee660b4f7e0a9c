"""Typed errors of the CUDA libraries (DESIGN.md, "Errors"): each carries
the status code, its name and the library's own message
(``cudaGetErrorName``/``cudaGetErrorString``, ``cuGetErrorName``,
``nvrtcGetErrorString``; cuBLAS has no message function, so its names are
the ``cublasStatus_t`` enumerators of the cuBLAS reference)."""


class CUDAError(RuntimeError):
    """A CUDA library call failed: ``code``, ``name``, ``message`` and the
    ``function`` that returned it."""

    library = 'CUDA'

    def __init__(self, code, name, message, function=''):
        self.code = code
        self.name = name
        self.message = message
        self.function = function
        where = ' in {}'.format(function) if function else ''
        super().__init__('{}: {}{}'.format(name, message, where))

    def __reduce__(self):
        return (type(self), (self.code, self.name, self.message,
                             self.function))

    # CuPy's CUDARuntimeError exposes the code as `status`.
    @property
    def status(self):
        return self.code


class CUDARuntimeError(CUDAError):
    """A CUDA runtime API call failed (CuPy's name)."""


class CUDADriverError(CUDAError):
    """A CUDA driver API call failed (CuPy's name)."""


class NVRTCError(CUDAError):
    """NVRTC failed to compile; ``log`` holds the compiler's log."""

    def __init__(self, code, name, message, function='', log=''):
        self.log = log
        super().__init__(code, name, message, function)
        if log:
            self.args = ('{}\n{}'.format(self.args[0], log),)

    def __reduce__(self):
        return (type(self), (self.code, self.name, self.message,
                             self.function, self.log))


class CUBLASError(CUDAError):
    """A cuBLAS call failed (CuPy's name)."""


class CUDANotAvailableError(CUDAError):
    """No usable CUDA: the library or the driver or a GPU is missing."""

    def __init__(self, message):
        super().__init__(-1, 'CUDA_NOT_AVAILABLE', message)

    def __reduce__(self):
        return (type(self), (self.message,))


# cudaErrorMemoryAllocation (the CUDA Runtime API reference, cudaError).
CUDA_ERROR_MEMORY_ALLOCATION = 2
CUDA_ERROR_NO_DEVICE = 100
CUDA_ERROR_INSUFFICIENT_DRIVER = 35
CUDA_ERROR_NOT_READY = 600

# cublasStatus_t (the cuBLAS reference, "cublasStatus_t").
CUBLAS_STATUS_NAMES = {
    0: 'CUBLAS_STATUS_SUCCESS',
    1: 'CUBLAS_STATUS_NOT_INITIALIZED',
    3: 'CUBLAS_STATUS_ALLOC_FAILED',
    7: 'CUBLAS_STATUS_INVALID_VALUE',
    8: 'CUBLAS_STATUS_ARCH_MISMATCH',
    11: 'CUBLAS_STATUS_MAPPING_ERROR',
    13: 'CUBLAS_STATUS_EXECUTION_FAILED',
    14: 'CUBLAS_STATUS_INTERNAL_ERROR',
    15: 'CUBLAS_STATUS_NOT_SUPPORTED',
    16: 'CUBLAS_STATUS_LICENSE_ERROR',
}

# nvrtcResult enumerators (the NVRTC reference); the message comes from
# nvrtcGetErrorString.
NVRTC_NAMES = {
    0: 'NVRTC_SUCCESS',
    1: 'NVRTC_ERROR_OUT_OF_MEMORY',
    2: 'NVRTC_ERROR_PROGRAM_CREATION_FAILURE',
    3: 'NVRTC_ERROR_INVALID_INPUT',
    4: 'NVRTC_ERROR_INVALID_PROGRAM',
    5: 'NVRTC_ERROR_INVALID_OPTION',
    6: 'NVRTC_ERROR_COMPILATION',
    7: 'NVRTC_ERROR_BUILTIN_OPERATION_FAILURE',
    8: 'NVRTC_ERROR_NO_NAME_EXPRESSIONS_AFTER_COMPILATION',
    9: 'NVRTC_ERROR_NO_LOWERED_NAMES_BEFORE_COMPILATION',
    10: 'NVRTC_ERROR_NAME_EXPRESSION_NOT_VALID',
    11: 'NVRTC_ERROR_INTERNAL_ERROR',
}


class CUFFTError(CUDAError):
    """A cuFFT call failed (CuPy's name: cupy.cuda.cufft.CuFFTError)."""


# cufftResult enumerators (cuFFT API reference, "cufftResult")
CUFFT_RESULT_NAMES = {
    1: 'CUFFT_INVALID_PLAN', 2: 'CUFFT_ALLOC_FAILED',
    3: 'CUFFT_INVALID_TYPE', 4: 'CUFFT_INVALID_VALUE',
    5: 'CUFFT_INTERNAL_ERROR', 6: 'CUFFT_EXEC_FAILED',
    7: 'CUFFT_SETUP_FAILED', 8: 'CUFFT_INVALID_SIZE',
    9: 'CUFFT_UNALIGNED_DATA', 11: 'CUFFT_INVALID_DEVICE',
    13: 'CUFFT_NO_WORKSPACE', 14: 'CUFFT_NOT_IMPLEMENTED',
    16: 'CUFFT_NOT_SUPPORTED',
}


class CUSOLVERError(CUDAError):
    """A cuSOLVER call failed (CuPy's name:
    cupy_backends.cuda.libs.cusolver.CUSOLVERError)."""


# cusolverStatus_t (cuSOLVER reference, "cusolverStatus_t")
CUSOLVER_STATUS_NAMES = {
    1: 'CUSOLVER_STATUS_NOT_INITIALIZED', 2: 'CUSOLVER_STATUS_ALLOC_FAILED',
    3: 'CUSOLVER_STATUS_INVALID_VALUE', 4: 'CUSOLVER_STATUS_ARCH_MISMATCH',
    5: 'CUSOLVER_STATUS_MAPPING_ERROR', 6: 'CUSOLVER_STATUS_EXECUTION_FAILED',
    7: 'CUSOLVER_STATUS_INTERNAL_ERROR',
    8: 'CUSOLVER_STATUS_MATRIX_TYPE_NOT_SUPPORTED',
    9: 'CUSOLVER_STATUS_NOT_SUPPORTED', 10: 'CUSOLVER_STATUS_ZERO_PIVOT',
    11: 'CUSOLVER_STATUS_INVALID_LICENSE',
}
