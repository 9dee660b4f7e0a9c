# Vendor bindings for CANN (DESIGN.md, layer 1): the function tables filled
# by dlsym (from CANN or from the bundled simulator) and status checking.
# Only this module and the ascend implementation of the neutral API name
# CANN functions.

from libc.stdint cimport int32_t, int64_t, uint32_t, uint64_t

cdef extern from "cupy_acl_table.h" nogil:
    ctypedef void* aclrtStream
    ctypedef void* aclrtEvent
    ctypedef void (*aclrtHostFunc)(void* args)
    ctypedef struct aclTensor
    ctypedef struct aclScalar
    ctypedef struct aclIntArray
    ctypedef struct aclFloatArray
    ctypedef struct aclBoolArray
    ctypedef struct aclTensorList
    ctypedef struct aclScalarList
    ctypedef struct aclOpExecutor

    ctypedef int (*aclnnRunFunc)(void* workspace, uint64_t workspaceSize,
                                 aclOpExecutor* executor,
                                 aclrtStream stream) noexcept nogil

    ctypedef struct cupy_acl_rt_table:
        int (*aclInit)(const char* configPath) noexcept nogil
        int (*aclFinalize)() noexcept nogil
        const char* (*aclrtGetSocName)() noexcept nogil
        int (*aclrtGetDeviceCount)(uint32_t* count) noexcept nogil
        int (*aclrtSetDevice)(int32_t deviceId) noexcept nogil
        int (*aclrtGetDevice)(int32_t* deviceId) noexcept nogil
        int (*aclrtResetDevice)(int32_t deviceId) noexcept nogil
        int (*aclrtSynchronizeDevice)() noexcept nogil
        int (*aclrtCreateStream)(aclrtStream* stream) noexcept nogil
        int (*aclrtDestroyStream)(aclrtStream stream) noexcept nogil
        int (*aclrtSynchronizeStream)(aclrtStream stream) noexcept nogil
        int (*aclrtStreamQuery)(aclrtStream stream, int* status) noexcept nogil
        int (*aclrtStreamWaitEvent)(aclrtStream stream, aclrtEvent event) noexcept nogil
        int (*aclrtCreateEvent)(aclrtEvent* event) noexcept nogil
        int (*aclrtCreateEventWithFlag)(aclrtEvent* event, uint32_t flag) noexcept nogil
        int (*aclrtRecordEvent)(aclrtEvent event, aclrtStream stream) noexcept nogil
        int (*aclrtSynchronizeEvent)(aclrtEvent event) noexcept nogil
        int (*aclrtQueryEventStatus)(aclrtEvent event, int* status) noexcept nogil
        int (*aclrtEventElapsedTime)(float* ms, aclrtEvent start, aclrtEvent end) noexcept nogil
        int (*aclrtDestroyEvent)(aclrtEvent event) noexcept nogil
        int (*aclrtMalloc)(void** devPtr, size_t size, int policy) noexcept nogil
        int (*aclrtFree)(void* devPtr) noexcept nogil
        int (*aclrtMallocHost)(void** hostPtr, size_t size) noexcept nogil
        int (*aclrtFreeHost)(void* hostPtr) noexcept nogil
        int (*aclrtGetMemInfo)(int attr, size_t* free, size_t* total) noexcept nogil
        int (*aclrtMemcpy)(void* dst, size_t destMax, const void* src,
                           size_t count, int kind) noexcept nogil
        int (*aclrtMemcpyAsync)(void* dst, size_t destMax, const void* src,
                                size_t count, int kind, aclrtStream stream) noexcept nogil
        int (*aclrtMemset)(void* devPtr, size_t maxCount, int32_t value,
                           size_t count) noexcept nogil
        int (*aclrtMemsetAsync)(void* devPtr, size_t maxCount, int32_t value,
                                size_t count, aclrtStream stream) noexcept nogil
        int (*aclrtLaunchHostFunc)(aclrtStream stream, aclrtHostFunc fn,
                                   void* args) noexcept nogil
        int (*aclrtCtxGetCurrentDefaultStream)(
            aclrtStream* stream) noexcept nogil
        const char* (*aclGetRecentErrMsg)() noexcept nogil

    ctypedef struct cupy_aclnn_base_table:
        int (*aclnnInit)(const char* configPath) noexcept nogil
        aclTensor* (*aclCreateTensor)(
            const int64_t* viewDims, uint64_t viewDimsNum, int dataType,
            const int64_t* stride, int64_t offset, int format,
            const int64_t* storageDims, uint64_t storageDimsNum,
            void* tensorData) noexcept nogil
        aclScalar* (*aclCreateScalar)(void* value, int dataType) noexcept nogil
        aclIntArray* (*aclCreateIntArray)(const int64_t* value, uint64_t size) noexcept nogil
        aclFloatArray* (*aclCreateFloatArray)(const float* value, uint64_t size) noexcept nogil
        aclBoolArray* (*aclCreateBoolArray)(const bint* value, uint64_t size) noexcept nogil
        aclTensorList* (*aclCreateTensorList)(const aclTensor* const* value,
                                              uint64_t size) noexcept nogil
        aclScalarList* (*aclCreateScalarList)(const aclScalar* const* value,
                                              uint64_t size) noexcept nogil
        int (*aclDestroyTensor)(const aclTensor* tensor) noexcept nogil
        int (*aclDestroyScalar)(const aclScalar* scalar) noexcept nogil
        int (*aclDestroyIntArray)(const aclIntArray* array) noexcept nogil
        int (*aclDestroyFloatArray)(const aclFloatArray* array) noexcept nogil
        int (*aclDestroyBoolArray)(const aclBoolArray* array) noexcept nogil
        int (*aclDestroyTensorList)(const aclTensorList* array) noexcept nogil
        int (*aclDestroyScalarList)(const aclScalarList* array) noexcept nogil
        int (*aclGetViewOffset)(const aclTensor* tensor, int64_t* offset) noexcept nogil
        int (*aclGetDataType)(const aclTensor* tensor, int* dataType) noexcept nogil
        int (*aclSetRawTensorAddr)(aclTensor* tensor, void* addr) noexcept nogil
        int (*aclGetRawTensorAddr)(const aclTensor* tensor, void** addr) noexcept nogil
        int (*aclSetAclOpExecutorRepeatable)(aclOpExecutor* executor) noexcept nogil
        int (*aclDestroyAclOpExecutor)(aclOpExecutor* executor) noexcept nogil
        int (*aclSetInputTensorAddr)(aclOpExecutor* executor, size_t index,
                                     aclTensor* tensor, void* addr) noexcept nogil
        int (*aclSetOutputTensorAddr)(aclOpExecutor* executor, size_t index,
                                      aclTensor* tensor, void* addr) noexcept nogil

# The loaded tables (loading CANN or the simulator and calling aclInit on
# first use).  Never NULL on return.
cdef cupy_acl_rt_table* rt_table() except NULL
cdef cupy_aclnn_base_table* aclnn_table() except NULL
cdef bint is_simulator() except -1

# Raise AclError for a non-zero status, with aclGetRecentErrMsg's text.
# Call on the thread that made the failing call, right after it.
cdef int check(int status, str function) except -1

# The two symbols of operator `name` (without the "aclnn" prefix): the
# first-phase function (to be cast to its own signature) and the second.
cdef void* op_workspace_fn(str name) except NULL
cdef aclnnRunFunc op_run_fn(str name) except NULL
