/*
 * The one declaration of every CANN function this package calls.
 *
 * Types, enum values and prototypes restate shared/reference/cann/runtime.md
 * and aclnn.md (which cite acl_base_rt.h, acl_rt.h, acl_meta.h, aclnn_base.h).
 * Each function appears once, in an X-macro list.  The list is expanded
 *  - into prototypes (so the simulator's definitions are checked by the
 *    compiler against the same signatures),
 *  - into a table of function pointers that the binding fills with dlsym,
 *  - into the loader that does the dlsym.
 * Operators (aclnnXxx) are not listed: they are resolved by name at first use.
 */
#ifndef CUPY_ACL_H
#define CUPY_ACL_H

/* The build passes CUPY_USE_<BACKEND> (install/build_config.py): these
 * bindings exist only in builds of the ascend backend. */
#ifndef CUPY_USE_ASCEND
#error "cupy_acl.h is for builds of the ascend backend (CUPY_USE_ASCEND)"
#endif

#include <stddef.h>
#include <stdint.h>
#include <stdbool.h>

#ifdef __cplusplus
extern "C" {
#endif

/* ---- basic types (runtime.md section 2, aclnn.md section 2) ---- */
typedef int aclError;
typedef int32_t aclnnStatus;
typedef void *aclrtStream;
typedef void *aclrtEvent;
typedef void *aclrtContext;
typedef int aclDataType;
typedef int aclFormat;
typedef int aclrtMemMallocPolicy;
typedef int aclrtMemcpyKind;
typedef int aclrtMemAttr;
typedef int aclrtEventRecordedStatus;
typedef int aclrtStreamStatus;
typedef void (*aclrtHostFunc)(void *args);

typedef struct aclTensor aclTensor;
typedef struct aclScalar aclScalar;
typedef struct aclIntArray aclIntArray;
typedef struct aclFloatArray aclFloatArray;
typedef struct aclBoolArray aclBoolArray;
typedef struct aclTensorList aclTensorList;
typedef struct aclScalarList aclScalarList;
typedef struct aclOpExecutor aclOpExecutor;

/* ---- status codes (runtime.md 9.1, 9.2; aclnn.md 7) ---- */
#define ACL_SUCCESS 0
#define ACL_ERROR_INVALID_PARAM 100000
#define ACL_ERROR_UNINITIALIZE 100001
#define ACL_ERROR_REPEAT_INITIALIZE 100002
#define ACL_ERROR_OP_NOT_FOUND 100024
#define ACL_ERROR_UNSUPPORTED_DATA_TYPE 100026
#define ACL_ERROR_REPEAT_FINALIZE 100037
#define ACL_ERROR_BAD_ALLOC 200000
#define ACL_ERROR_INVALID_DEVICE 200002
#define ACL_ERROR_RT_PARAM_INVALID 107000
#define ACL_ERROR_RT_INVALID_DEVICEID 107001
#define ACL_ERROR_RT_CONTEXT_NULL 107002
#define ACL_ERROR_RT_STREAM_CONTEXT 107003
#define ACL_ERROR_RT_EVENT_TIMESTAMP_INVALID 107006
#define ACL_ERROR_RT_INVALID_HANDLE 107017
#define ACL_ERROR_RT_FEATURE_NOT_SUPPORT 207000
#define ACL_ERROR_RT_MEMORY_ALLOCATION 207001
#define ACL_ERROR_RT_MEMORY_FREE 207002
#define ACL_ERROR_RT_INTERNAL_ERROR 507000
#define ACL_ERROR_RT_AICORE_EXCEPTION 507015
#define ACL_ERROR_RT_VECTOR_CORE_EXCEPTION 507035

#define ACLNN_SUCCESS 0
#define ACLNN_ERR_PARAM_NULLPTR 161001
#define ACLNN_ERR_PARAM_INVALID 161002
#define ACLNN_ERR_RUNTIME_ERROR 361001
#define ACLNN_ERR_INNER 561000
#define ACLNN_ERR_INNER_NULLPTR 561103

/* ---- enums (runtime.md 7, 5, 6, 10) ---- */
#define ACL_MEM_MALLOC_HUGE_FIRST 0
#define ACL_MEM_MALLOC_HUGE_ONLY 1
#define ACL_MEM_MALLOC_NORMAL_ONLY 2

#define ACL_MEMCPY_HOST_TO_HOST 0
#define ACL_MEMCPY_HOST_TO_DEVICE 1
#define ACL_MEMCPY_DEVICE_TO_HOST 2
#define ACL_MEMCPY_DEVICE_TO_DEVICE 3
#define ACL_MEMCPY_DEFAULT 4

#define ACL_HBM_MEM 1

#define ACL_STREAM_STATUS_COMPLETE 0
#define ACL_STREAM_STATUS_NOT_READY 1

/* note: 0 = not ready for aclrtQueryEventStatus (runtime.md section 6) */
#define ACL_EVENT_RECORDED_STATUS_NOT_READY 0
#define ACL_EVENT_RECORDED_STATUS_COMPLETE 1

#define ACL_EVENT_SYNC 0x1u
#define ACL_EVENT_CAPTURE_STREAM_PROGRESS 0x2u
#define ACL_EVENT_TIME_LINE 0x8u

#define ACL_DT_UNDEFINED (-1)
#define ACL_FLOAT 0
#define ACL_FLOAT16 1
#define ACL_INT8 2
#define ACL_INT32 3
#define ACL_UINT8 4
#define ACL_INT16 6
#define ACL_UINT16 7
#define ACL_UINT32 8
#define ACL_INT64 9
#define ACL_UINT64 10
#define ACL_DOUBLE 11
#define ACL_BOOL 12
#define ACL_STRING 13
#define ACL_COMPLEX64 16
#define ACL_COMPLEX128 17
#define ACL_BF16 27

#define ACL_FORMAT_ND 2

/*
 * X(return type, name, (parameters), (argument names))
 * ACL runtime: libascendcl.so (8.x) / libacl_rt.so (9.x); runtime.md.
 */
#define CUPY_ACL_RT_FUNCS(X) \
    X(aclError, aclInit, (const char *configPath), (configPath)) \
    X(aclError, aclFinalize, (void), ()) \
    X(const char *, aclrtGetSocName, (void), ()) \
    X(aclError, aclrtGetDeviceCount, (uint32_t *count), (count)) \
    X(aclError, aclrtSetDevice, (int32_t deviceId), (deviceId)) \
    X(aclError, aclrtGetDevice, (int32_t *deviceId), (deviceId)) \
    X(aclError, aclrtResetDevice, (int32_t deviceId), (deviceId)) \
    X(aclError, aclrtSynchronizeDevice, (void), ()) \
    X(aclError, aclrtCreateStream, (aclrtStream *stream), (stream)) \
    X(aclError, aclrtDestroyStream, (aclrtStream stream), (stream)) \
    X(aclError, aclrtSynchronizeStream, (aclrtStream stream), (stream)) \
    X(aclError, aclrtStreamQuery, (aclrtStream stream, aclrtStreamStatus *status), (stream, status)) \
    X(aclError, aclrtStreamWaitEvent, (aclrtStream stream, aclrtEvent event), (stream, event)) \
    X(aclError, aclrtCreateEvent, (aclrtEvent *event), (event)) \
    X(aclError, aclrtCreateEventWithFlag, (aclrtEvent *event, uint32_t flag), (event, flag)) \
    X(aclError, aclrtRecordEvent, (aclrtEvent event, aclrtStream stream), (event, stream)) \
    X(aclError, aclrtSynchronizeEvent, (aclrtEvent event), (event)) \
    X(aclError, aclrtQueryEventStatus, (aclrtEvent event, aclrtEventRecordedStatus *status), (event, status)) \
    X(aclError, aclrtEventElapsedTime, (float *ms, aclrtEvent startEvent, aclrtEvent endEvent), (ms, startEvent, endEvent)) \
    X(aclError, aclrtDestroyEvent, (aclrtEvent event), (event)) \
    X(aclError, aclrtMalloc, (void **devPtr, size_t size, aclrtMemMallocPolicy policy), (devPtr, size, policy)) \
    X(aclError, aclrtFree, (void *devPtr), (devPtr)) \
    X(aclError, aclrtMallocHost, (void **hostPtr, size_t size), (hostPtr, size)) \
    X(aclError, aclrtFreeHost, (void *hostPtr), (hostPtr)) \
    X(aclError, aclrtGetMemInfo, (aclrtMemAttr attr, size_t *freeBytes, size_t *totalBytes), (attr, freeBytes, totalBytes)) \
    X(aclError, aclrtMemcpy, (void *dst, size_t destMax, const void *src, size_t count, aclrtMemcpyKind kind), (dst, destMax, src, count, kind)) \
    X(aclError, aclrtMemcpyAsync, (void *dst, size_t destMax, const void *src, size_t count, aclrtMemcpyKind kind, aclrtStream stream), (dst, destMax, src, count, kind, stream)) \
    X(aclError, aclrtMemset, (void *devPtr, size_t maxCount, int32_t value, size_t count), (devPtr, maxCount, value, count)) \
    X(aclError, aclrtMemsetAsync, (void *devPtr, size_t maxCount, int32_t value, size_t count, aclrtStream stream), (devPtr, maxCount, value, count, stream)) \
    X(const char *, aclGetRecentErrMsg, (void), ())

/* Runtime functions resolved if present (NULL otherwise): not in every
 * CANN 8.x (aclrtLaunchHostFunc is documented from 8.3.RC1,
 * aclrtCtxGetCurrentDefaultStream from 8.2.RC1: the default stream's
 * handle, for libraries that refuse NULL such as AsdSip's FFT). */
#define CUPY_ACL_RT_OPTIONAL_FUNCS(X) \
    X(aclError, aclrtLaunchHostFunc, (aclrtStream stream, aclrtHostFunc fn, void *args), (stream, fn, args)) \
    X(aclError, aclrtCtxGetCurrentDefaultStream, (aclrtStream *stream), (stream))

/* aclnn object API: libnnopbase.so; aclnn.md sections 3, 4, 6. */
#define CUPY_ACLNN_BASE_OPTIONAL_FUNCS(X) \
    X(aclnnStatus, aclnnInit, (const char *configPath), (configPath))

#define CUPY_ACLNN_BASE_FUNCS(X) \
    X(aclTensor *, aclCreateTensor, (const int64_t *viewDims, uint64_t viewDimsNum, aclDataType dataType, const int64_t *stride, int64_t offset, aclFormat format, const int64_t *storageDims, uint64_t storageDimsNum, void *tensorData), (viewDims, viewDimsNum, dataType, stride, offset, format, storageDims, storageDimsNum, tensorData)) \
    X(aclScalar *, aclCreateScalar, (void *value, aclDataType dataType), (value, dataType)) \
    X(aclIntArray *, aclCreateIntArray, (const int64_t *value, uint64_t size), (value, size)) \
    X(aclFloatArray *, aclCreateFloatArray, (const float *value, uint64_t size), (value, size)) \
    X(aclBoolArray *, aclCreateBoolArray, (const bool *value, uint64_t size), (value, size)) \
    X(aclTensorList *, aclCreateTensorList, (const aclTensor *const *value, uint64_t size), (value, size)) \
    X(aclScalarList *, aclCreateScalarList, (const aclScalar *const *value, uint64_t size), (value, size)) \
    X(aclnnStatus, aclDestroyTensor, (const aclTensor *tensor), (tensor)) \
    X(aclnnStatus, aclDestroyScalar, (const aclScalar *scalar), (scalar)) \
    X(aclnnStatus, aclDestroyIntArray, (const aclIntArray *array), (array)) \
    X(aclnnStatus, aclDestroyFloatArray, (const aclFloatArray *array), (array)) \
    X(aclnnStatus, aclDestroyBoolArray, (const aclBoolArray *array), (array)) \
    X(aclnnStatus, aclDestroyTensorList, (const aclTensorList *array), (array)) \
    X(aclnnStatus, aclDestroyScalarList, (const aclScalarList *array), (array)) \
    X(aclnnStatus, aclGetViewOffset, (const aclTensor *tensor, int64_t *offset), (tensor, offset)) \
    X(aclnnStatus, aclGetDataType, (const aclTensor *tensor, aclDataType *dataType), (tensor, dataType)) \
    X(aclnnStatus, aclSetRawTensorAddr, (aclTensor *tensor, void *addr), (tensor, addr)) \
    X(aclnnStatus, aclGetRawTensorAddr, (const aclTensor *tensor, void **addr), (tensor, addr)) \
    X(aclnnStatus, aclSetAclOpExecutorRepeatable, (aclOpExecutor *executor), (executor)) \
    X(aclnnStatus, aclDestroyAclOpExecutor, (aclOpExecutor *executor), (executor)) \
    X(aclnnStatus, aclSetInputTensorAddr, (aclOpExecutor *executor, const size_t index, aclTensor *tensor, void *addr), (executor, index, tensor, addr)) \
    X(aclnnStatus, aclSetOutputTensorAddr, (aclOpExecutor *executor, const size_t index, aclTensor *tensor, void *addr), (executor, index, tensor, addr))

/* Second phase of every operator (aclnn.md section 5). */
typedef aclnnStatus (*aclnnRunFunc)(void *workspace, uint64_t workspaceSize,
                                    aclOpExecutor *executor, aclrtStream stream);

/* A build may give every listed function another symbol name: the
 * simulator defines them as sim_real_<name> and wraps them under the real
 * names for fault injection (simulator/csrc/sim_faults.c). */
#ifdef CUPY_ACL_PROTO_ASM
#define CUPY_ACL_PROTO(ret, name, params, args) ret name params __asm__(CUPY_ACL_PROTO_ASM(name));
#else
#define CUPY_ACL_PROTO(ret, name, params, args) ret name params;
#endif
#ifndef CUPY_ACL_NO_PROTOTYPES
CUPY_ACL_RT_FUNCS(CUPY_ACL_PROTO)
CUPY_ACL_RT_OPTIONAL_FUNCS(CUPY_ACL_PROTO)
CUPY_ACLNN_BASE_FUNCS(CUPY_ACL_PROTO)
CUPY_ACLNN_BASE_OPTIONAL_FUNCS(CUPY_ACL_PROTO)
#endif

#ifdef __cplusplus
}
#endif
#endif /* CUPY_ACL_H */
