"""Direct ctypes access to the simulator's CANN ABI, for tests that make
deliberately bad calls (the library itself never makes them)."""

import ctypes

import numpy

from cupy_backends.ascend.simulator import _sim

c_int64_p = ctypes.POINTER(ctypes.c_int64)

ACL_FLOAT = 0
ACL_INT32 = 3
ACL_UINT8 = 4
ACL_DOUBLE = 11
ACL_COMPLEX64 = 16
ACL_INT64 = 9
ACL_FORMAT_ND = 2

# Status codes (aclnn.md section 7, runtime.md section 9).
PARAM_NULLPTR = 161001
PARAM_INVALID = 161002
INNER_NULLPTR = 561103
RT_PARAM_INVALID = 107000
AICORE_EXCEPTION = 507015
VECTOR_CORE_EXCEPTION = 507035

_lib = None


def lib():
    global _lib
    if _lib is None:
        import cupy  # NOQA: aclInit happens on the library's first use
        cupy.xpu.runtime.getDeviceCount()
        lib = ctypes.CDLL(_sim.__file__)
        vp = ctypes.c_void_p
        lib.aclCreateTensor.restype = vp
        lib.aclCreateTensor.argtypes = [
            c_int64_p, ctypes.c_uint64, ctypes.c_int, c_int64_p,
            ctypes.c_int64, ctypes.c_int, c_int64_p, ctypes.c_uint64, vp]
        lib.aclDestroyTensor.argtypes = [vp]
        lib.aclCreateScalar.restype = vp
        lib.aclCreateScalar.argtypes = [vp, ctypes.c_int]
        lib.aclDestroyScalar.argtypes = [vp]
        lib.aclCreateIntArray.restype = vp
        lib.aclCreateIntArray.argtypes = [c_int64_p, ctypes.c_uint64]
        lib.aclDestroyIntArray.argtypes = [vp]
        lib.aclCreateTensorList.restype = vp
        lib.aclCreateTensorList.argtypes = [ctypes.POINTER(vp),
                                            ctypes.c_uint64]
        lib.aclDestroyTensorList.argtypes = [vp]
        for name in ('aclnnInplaceZeroGetWorkspaceSize',):
            getattr(lib, name).argtypes = [
                vp, ctypes.POINTER(ctypes.c_uint64), ctypes.POINTER(vp)]
        lib.aclnnInplaceCopyGetWorkspaceSize.argtypes = [
            vp, vp, ctypes.POINTER(ctypes.c_uint64), ctypes.POINTER(vp)]
        lib.aclnnInplaceFillScalarGetWorkspaceSize.argtypes = [
            vp, vp, ctypes.POINTER(ctypes.c_uint64), ctypes.POINTER(vp)]
        tail = [ctypes.POINTER(ctypes.c_uint64), ctypes.POINTER(vp)]
        lib.aclnnCastGetWorkspaceSize.argtypes = [vp, ctypes.c_int, vp] + tail
        lib.aclnnIndexPutImplGetWorkspaceSize.argtypes = [
            vp, vp, vp, ctypes.c_bool, ctypes.c_bool] + tail
        for name in ('aclnnInplaceZero', 'aclnnInplaceCopy',
                     'aclnnInplaceFillScalar', 'aclnnCast',
                     'aclnnIndexPutImpl'):
            getattr(lib, name).argtypes = [vp, ctypes.c_uint64, vp, vp]
        lib.aclSetAclOpExecutorRepeatable.argtypes = [vp]
        lib.aclDestroyAclOpExecutor.argtypes = [vp]
        lib.aclSetInputTensorAddr.argtypes = [vp, ctypes.c_size_t, vp, vp]
        lib.aclSetOutputTensorAddr.argtypes = [vp, ctypes.c_size_t, vp, vp]
        lib.aclSetTensorAddr.argtypes = [vp, ctypes.c_size_t, vp, vp]
        lib.aclrtMalloc.argtypes = [ctypes.POINTER(vp), ctypes.c_size_t,
                                    ctypes.c_int]
        lib.aclrtFree.argtypes = [vp]
        lib.aclrtMemcpy.argtypes = [vp, ctypes.c_size_t, vp, ctypes.c_size_t,
                                    ctypes.c_int]
        lib.aclrtMemcpyAsync.argtypes = [vp, ctypes.c_size_t, vp,
                                         ctypes.c_size_t, ctypes.c_int, vp]
        lib.aclrtMemsetAsync.argtypes = [vp, ctypes.c_size_t, ctypes.c_int32,
                                         ctypes.c_size_t, vp]
        lib.aclrtSynchronizeStream.argtypes = [vp]
        lib.aclrtCreateStream.argtypes = [ctypes.POINTER(vp)]
        lib.aclrtDestroyStream.argtypes = [vp]
        lib.aclGetRecentErrMsg.restype = ctypes.c_char_p
        lib.aclrtSetDevice(0)
        _lib = lib
    return _lib


def sanitizer_errors(sim):
    """The simulator's count of sanitizer errors so far."""
    return sim.counters()['sanitizer_errors']


def last_message():
    m = lib().aclGetRecentErrMsg()
    return m.decode() if m else ''


def malloc(size):
    p = ctypes.c_void_p()
    st = lib().aclrtMalloc(ctypes.byref(p), size, 0)
    assert st == 0, (st, last_message())
    return p.value


def free(ptr):
    return lib().aclrtFree(ctypes.c_void_p(ptr))


def _arr(values):
    values = list(values)
    return (ctypes.c_int64 * max(len(values), 1))(*values)


def tensor(shape, dtype, data, strides=None, offset=0, storage=None):
    """aclCreateTensor; strides in elements (None: C-contiguous)."""
    shape = list(shape)
    if strides is None:
        strides = []
        acc = 1
        for d in reversed(shape):
            strides.insert(0, acc)
            acc *= d
    if storage is None:
        storage = [max(1, int(numpy.prod(shape)))]
    t = lib().aclCreateTensor(
        _arr(shape), len(shape), dtype, _arr(strides), offset, ACL_FORMAT_ND,
        _arr(storage), len(storage), ctypes.c_void_p(data))
    assert t, 'aclCreateTensor returned NULL'
    return t


def destroy(t):
    assert lib().aclDestroyTensor(ctypes.c_void_p(t)) == 0


def zero_phase1(t):
    """aclnnInplaceZeroGetWorkspaceSize: (status, workspace size, executor)."""
    ws = ctypes.c_uint64()
    ex = ctypes.c_void_p()
    st = lib().aclnnInplaceZeroGetWorkspaceSize(
        ctypes.c_void_p(t), ctypes.byref(ws), ctypes.byref(ex))
    return st, ws.value, ex.value


def copy_phase1(dst, src):
    ws = ctypes.c_uint64()
    ex = ctypes.c_void_p()
    st = lib().aclnnInplaceCopyGetWorkspaceSize(
        ctypes.c_void_p(dst), ctypes.c_void_p(src), ctypes.byref(ws),
        ctypes.byref(ex))
    return st, ws.value, ex.value


def phase1(name, *args):
    """aclnn<name>GetWorkspaceSize(*args, ...): (status, workspace size,
    executor)."""
    ws = ctypes.c_uint64()
    ex = ctypes.c_void_p()
    st = getattr(lib(), 'aclnn' + name + 'GetWorkspaceSize')(
        *args, ctypes.byref(ws), ctypes.byref(ex))
    return st, ws.value, ex.value


def rebind(side, executor, index, tensor, addr):
    """aclSet<side>TensorAddr (side: 'Input', 'Output' or '')."""
    return getattr(lib(), 'aclSet' + side + 'TensorAddr')(
        ctypes.c_void_p(executor), index, ctypes.c_void_p(tensor),
        ctypes.c_void_p(addr))


def repeatable(executor):
    assert lib().aclSetAclOpExecutorRepeatable(
        ctypes.c_void_p(executor)) == 0


def destroy_executor(executor):
    return lib().aclDestroyAclOpExecutor(ctypes.c_void_p(executor))


def run(name, workspace, ws_size, executor, stream=None):
    return getattr(lib(), 'aclnn' + name)(
        ctypes.c_void_p(workspace), ws_size, ctypes.c_void_p(executor),
        ctypes.c_void_p(stream))


def sync(stream=None):
    return lib().aclrtSynchronizeStream(ctypes.c_void_p(stream))


def to_host(ptr, nbytes, dtype):
    out = numpy.empty(nbytes // numpy.dtype(dtype).itemsize, dtype)
    st = lib().aclrtMemcpy(ctypes.c_void_p(out.ctypes.data), nbytes,
                           ctypes.c_void_p(ptr), nbytes, 2)
    assert st == 0, last_message()
    return out


def to_device(ptr, array):
    array = numpy.ascontiguousarray(array)
    st = lib().aclrtMemcpy(ctypes.c_void_p(ptr), array.nbytes,
                           ctypes.c_void_p(array.ctypes.data), array.nbytes,
                           1)
    assert st == 0, last_message()
