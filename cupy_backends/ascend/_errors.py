"""Typed errors for CANN status codes.

Names and values restate shared/reference/cann/runtime.md section 9 (ACL and
runtime codes) and aclnn.md section 7 (aclnn status codes).
"""

_NAMES = {
    0: 'ACL_SUCCESS',
    # ACL codes (acl_base_rt.h)
    100000: 'ACL_ERROR_INVALID_PARAM',
    100001: 'ACL_ERROR_UNINITIALIZE',
    100002: 'ACL_ERROR_REPEAT_INITIALIZE',
    100003: 'ACL_ERROR_INVALID_FILE',
    100020: 'ACL_ERROR_OP_TYPE_NOT_MATCH',
    100021: 'ACL_ERROR_OP_INPUT_NOT_MATCH',
    100022: 'ACL_ERROR_OP_OUTPUT_NOT_MATCH',
    100023: 'ACL_ERROR_OP_ATTR_NOT_MATCH',
    100024: 'ACL_ERROR_OP_NOT_FOUND',
    100025: 'ACL_ERROR_OP_LOAD_FAILED',
    100026: 'ACL_ERROR_UNSUPPORTED_DATA_TYPE',
    100027: 'ACL_ERROR_FORMAT_NOT_MATCH',
    100037: 'ACL_ERROR_REPEAT_FINALIZE',
    148049: 'ACL_ERROR_INVALID_OPP_PATH',
    148051: 'ACL_ERROR_RELATIVE_RESOURCE_NOT_CLEARED',
    200000: 'ACL_ERROR_BAD_ALLOC',
    200001: 'ACL_ERROR_API_NOT_SUPPORT',
    200002: 'ACL_ERROR_INVALID_DEVICE',
    200003: 'ACL_ERROR_MEMORY_ADDRESS_UNALIGNED',
    200004: 'ACL_ERROR_RESOURCE_NOT_MATCH',
    200005: 'ACL_ERROR_INVALID_RESOURCE_HANDLE',
    200006: 'ACL_ERROR_FEATURE_UNSUPPORTED',
    300000: 'ACL_ERROR_STORAGE_OVER_LIMIT',
    500000: 'ACL_ERROR_INTERNAL_ERROR',
    500001: 'ACL_ERROR_FAILURE',
    500002: 'ACL_ERROR_GE_FAILURE',
    500003: 'ACL_ERROR_RT_FAILURE',
    500004: 'ACL_ERROR_DRV_FAILURE',
    500005: 'ACL_ERROR_PROFILING_FAILURE',
    # runtime codes (rt_error_codes.h)
    107000: 'ACL_ERROR_RT_PARAM_INVALID',
    107001: 'ACL_ERROR_RT_INVALID_DEVICEID',
    107002: 'ACL_ERROR_RT_CONTEXT_NULL',
    107003: 'ACL_ERROR_RT_STREAM_CONTEXT',
    107006: 'ACL_ERROR_RT_EVENT_TIMESTAMP_INVALID',
    107007: 'ACL_ERROR_RT_EVENT_TIMESTAMP_REVERSAL',
    107008: 'ACL_ERROR_RT_ADDR_UNALIGNED',
    107016: 'ACL_ERROR_RT_INVALID_MEMORY_TYPE',
    107017: 'ACL_ERROR_RT_INVALID_HANDLE',
    107018: 'ACL_ERROR_RT_INVALID_MALLOC_TYPE',
    107019: 'ACL_ERROR_RT_WAIT_TIMEOUT',
    107020: 'ACL_ERROR_RT_TASK_TIMEOUT',
    107022: 'ACL_ERROR_RT_DEVICE_TASK_ABORT',
    107023: 'ACL_ERROR_RT_STREAM_ABORT',
    107045: 'ACL_ERROR_RT_SUB_ACLGRAPH_IS_CAPTURING',
    207000: 'ACL_ERROR_RT_FEATURE_NOT_SUPPORT',
    207001: 'ACL_ERROR_RT_MEMORY_ALLOCATION',
    207002: 'ACL_ERROR_RT_MEMORY_FREE',
    207003: 'ACL_ERROR_RT_AICORE_OVER_FLOW',
    207004: 'ACL_ERROR_RT_NO_DEVICE',
    207005: 'ACL_ERROR_RT_RESOURCE_ALLOC_FAIL',
    207007: 'ACL_ERROR_RT_NO_EVENT_RESOURCE',
    207008: 'ACL_ERROR_RT_NO_STREAM_RESOURCE',
    207012: 'ACL_ERROR_RT_OVER_LIMIT',
    207016: 'ACL_ERROR_RT_AIVEC_OVER_FLOW',
    207017: 'ACL_ERROR_RT_OVER_FLOW',
    207018: 'ACL_ERROR_RT_DEVICE_OOM',
    207020: 'ACL_ERROR_RT_TIMEOUT',
    207021: 'ACL_ERROR_RT_LINK_TYPE_NOT_SUPPORTED',
    507000: 'ACL_ERROR_RT_INTERNAL_ERROR',
    507001: 'ACL_ERROR_RT_TS_ERROR',
    507004: 'ACL_ERROR_RT_STREAM_NOT_COMPLETE',
    507006: 'ACL_ERROR_RT_EVENT_NOT_COMPLETE',
    507008: 'ACL_ERROR_RT_SOC_VERSION',
    507011: 'ACL_ERROR_RT_MODEL_EXECUTE',
    507013: 'ACL_ERROR_RT_SYS_DMA',
    507014: 'ACL_ERROR_RT_AICORE_TIMEOUT',
    507015: 'ACL_ERROR_RT_AICORE_EXCEPTION',
    507016: 'ACL_ERROR_RT_AICORE_TRAP_EXCEPTION',
    507017: 'ACL_ERROR_RT_AICPU_TIMEOUT',
    507018: 'ACL_ERROR_RT_AICPU_EXCEPTION',
    507033: 'ACL_ERROR_RT_DEV_SETUP_ERROR',
    507034: 'ACL_ERROR_RT_VECTOR_CORE_TIMEOUT',
    507035: 'ACL_ERROR_RT_VECTOR_CORE_EXCEPTION',
    507036: 'ACL_ERROR_RT_VECTOR_CORE_TRAP_EXCEPTION',
    507046: 'ACL_ERROR_RT_STREAM_SYNC_TIMEOUT',
    507047: 'ACL_ERROR_RT_EVENT_SYNC_TIMEOUT',
    507053: 'ACL_ERROR_RT_DEVICE_MEM_ERROR',
    507054: 'ACL_ERROR_RT_HBM_MULTI_BIT_ECC_ERROR',
    507899: 'ACL_ERROR_RT_DRV_INTERNAL_ERROR',
    507900: 'ACL_ERROR_RT_AICPU_INTERNAL_ERROR',
    507901: 'ACL_ERROR_RT_SOCKET_CLOSE',
    # aclnn (op_errno.h)
    161001: 'ACLNN_ERR_PARAM_NULLPTR',
    161002: 'ACLNN_ERR_PARAM_INVALID',
    361001: 'ACLNN_ERR_RUNTIME_ERROR',
    561000: 'ACLNN_ERR_INNER',
    561001: 'ACLNN_ERR_INNER_INFERSHAPE_ERROR',
    561002: 'ACLNN_ERR_INNER_TILING_ERROR',
    561003: 'ACLNN_ERR_INNER_FIND_KERNEL_ERROR',
    561101: 'ACLNN_ERR_INNER_CREATE_EXECUTOR',
    561102: 'ACLNN_ERR_INNER_NOT_TRANS_EXECUTOR',
    561103: 'ACLNN_ERR_INNER_NULLPTR',
    561104: 'ACLNN_ERR_INNER_WRONG_ATTR_INFO_SIZE',
    561105: 'ACLNN_ERR_INNER_KEY_CONFLICT',
    561106: 'ACLNN_ERR_INNER_INVALID_IMPL_MODE',
    561107: 'ACLNN_ERR_INNER_OPP_PATH_NOT_FOUND',
}

ACL_ERROR_OP_NOT_FOUND = 100024
ACL_ERROR_RT_MEMORY_ALLOCATION = 207001


def error_name(code):
    """The symbolic name of a status code ('UNKNOWN_ERROR' when unknown)."""
    name = _NAMES.get(code)
    if name is not None:
        return name
    if 145000 <= code < 146000 or 245000 <= code < 246000 or \
            345000 <= code < 346000 or 545000 <= code < 546000:
        return 'ACL_ERROR_GE_{}'.format(code)
    return 'UNKNOWN_ERROR'


class AclError(RuntimeError):
    """A CANN call failed: ``code`` (numeric status), ``name`` (its symbolic
    name), ``vendor_message`` (the text of aclGetRecentErrMsg, may be '')
    and ``function`` (the CANN function that returned it)."""

    def __init__(self, code, function='', vendor_message=''):
        self.code = int(code)
        self.name = error_name(self.code)
        self.function = function
        self.vendor_message = (vendor_message or '').strip()
        text = '{} ({})'.format(self.name, self.code)
        if function:
            text = '{}: {}'.format(function, text)
        if self.vendor_message:
            text += ': ' + self.vendor_message
        super().__init__(text)

    def __reduce__(self):
        return (type(self), (self.code, self.function, self.vendor_message))


class OperatorNotFoundError(AclError):
    """An aclnn operator is not exported by the CANN libraries in use."""

    def __init__(self, operator, version, libraries=()):
        self.operator = operator
        self.cann_version = version
        msg = '{} is not available in CANN {} ({})'.format(
            operator, version, ', '.join(libraries) or 'no operator library')
        super().__init__(ACL_ERROR_OP_NOT_FOUND, operator, msg)

    def __reduce__(self):
        return (type(self), (self.operator, self.cann_version))
