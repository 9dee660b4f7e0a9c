# Vendor bindings for CUDA: see _cuda.pxd and include/cupy_cuda.h.
#
# Each library is opened on first use (so `import cupy` needs neither a
# GPU nor CUDA), from the folder _loader found, or by soname through the
# system loader.  A library's dependencies in the same folder
# (libcublasLt beside libcublas, libnvrtc-builtins beside libnvrtc) are
# opened first, global, so that a toolkit folder missing from the loader's
# path still works.

import glob
import os
import threading

from posix.dlfcn cimport dlopen, dlerror, RTLD_NOW, RTLD_LOCAL, RTLD_GLOBAL

from cupy_backends.cuda import _errors
from cupy_backends.cuda import _loader

cdef extern from "cupy_cuda.h" nogil:
    const char* cupy_cudart_table_load(void* handle, cupy_cudart_table* t)
    const char* cupy_cuda_driver_table_load(void* handle,
                                            cupy_cuda_driver_table* t)
    const char* cupy_nvrtc_table_load(void* handle, cupy_nvrtc_table* t)
    const char* cupy_cublas_table_load(void* handle, cupy_cublas_table* t)

cdef cupy_cudart_table _rt
cdef cupy_cuda_driver_table _drv
cdef cupy_nvrtc_table _nvrtc
cdef cupy_cublas_table _cublas
cdef bint _rt_loaded = False
cdef bint _drv_loaded = False
cdef bint _nvrtc_loaded = False
cdef bint _cublas_loaded = False
_lock = threading.Lock()

# key -> path (or soname) actually loaded, for `python -m cupy info`.
loaded = {}

# Neighbours opened first (see the module comment).
_DEPENDENCIES = {'cublas': ('cublasLt',), 'nvrtc': ('nvrtc-builtins',),
                 'cusolver': ('cublasLt', 'cublas', 'cusparse', 'nvJitLink')}


cdef void* _try_open(str path, int mode):
    return dlopen(path.encode(), mode)


cdef str _last_dlerror():
    cdef const char* e = dlerror()
    return e.decode(errors='replace') if e is not NULL else '?'


cdef size_t _open_library(str key) except 0:
    """Open library `key` of _loader.LIBRARIES; raise
    CUDANotAvailableError naming what was searched."""
    cdef void* h = NULL
    errors = []
    found = _loader.find_library(key)
    if found is not None:
        folder = os.path.dirname(found.path)
        for dep in _DEPENDENCIES.get(key, ()):
            for p in sorted(glob.glob(os.path.join(folder,
                                                   'lib{}.so*'.format(dep)))):
                if _try_open(p, RTLD_NOW | RTLD_GLOBAL) is not NULL:
                    break
        h = _try_open(found.path, RTLD_NOW | RTLD_GLOBAL)
        if h is not NULL:
            loaded[key] = found.path
            return <size_t>h
        errors.append('{}: {}'.format(found.path, _last_dlerror()))
    for name in _loader.system_names(key):
        h = _try_open(name, RTLD_NOW | RTLD_GLOBAL)
        if h is not NULL:
            loaded[key] = name
            return <size_t>h
    raise _errors.CUDANotAvailableError(
        'the CUDA {} library (lib{}.so) was not found or could not be '
        'loaded{}. Searched {}. Install the NVIDIA wheel (pip install '
        'nvidia-cuda-runtime nvidia-cuda-nvrtc nvidia-cublas) or the CUDA '
        'toolkit, or set CUDA_PATH.'.format(
            key, _loader.LIBRARIES[key],
            ' ({})'.format('; '.join(errors)) if errors else '',
            _loader.searched_text()))


cdef int _missing(str lib, const char* name) except -1:
    if name is NULL:
        return 0
    raise _errors.CUDANotAvailableError(
        '{} does not export {}: this CUDA version is too old for this '
        'package (CUDA 12 or newer is needed)'.format(lib, name.decode()))


cdef cupy_cudart_table* rt() except NULL:
    global _rt_loaded
    cdef size_t h
    if _rt_loaded:
        return &_rt
    with _lock:
        if not _rt_loaded:
            h = _open_library('runtime')
            _missing(loaded['runtime'],
                     cupy_cudart_table_load(<void*>h, &_rt))
            _rt_loaded = True
    return &_rt


cdef cupy_cuda_driver_table* drv() except NULL:
    global _drv_loaded
    cdef void* h
    cdef int status = 0
    if _drv_loaded:
        return &_drv
    with _lock:
        if not _drv_loaded:
            h = _try_open(_loader.DRIVER_NAME, RTLD_NOW | RTLD_GLOBAL)
            if h is NULL:
                raise _errors.CUDANotAvailableError(
                    'the NVIDIA driver library ({}) could not be loaded ({}): '
                    'this machine has no NVIDIA driver. A GPU and its driver '
                    'are needed to run kernels.'.format(
                        _loader.DRIVER_NAME, _last_dlerror()))
            _missing(_loader.DRIVER_NAME,
                     cupy_cuda_driver_table_load(h, &_drv))
            loaded['driver'] = _loader.DRIVER_NAME
            status = _drv.cuInit(0)
            _drv_loaded = True
    check_driver(status, 'cuInit')
    return &_drv


cdef cupy_nvrtc_table* nvrtc() except NULL:
    global _nvrtc_loaded
    cdef size_t h
    if _nvrtc_loaded:
        return &_nvrtc
    with _lock:
        if not _nvrtc_loaded:
            h = _open_library('nvrtc')
            _missing(loaded['nvrtc'],
                     cupy_nvrtc_table_load(<void*>h, &_nvrtc))
            _nvrtc_loaded = True
    return &_nvrtc


cdef cupy_cublas_table* cublas() except NULL:
    global _cublas_loaded
    cdef size_t h
    if _cublas_loaded:
        return &_cublas
    with _lock:
        if not _cublas_loaded:
            h = _open_library('cublas')
            _missing(loaded['cublas'],
                     cupy_cublas_table_load(<void*>h, &_cublas))
            _cublas_loaded = True
    return &_cublas


# ------------------------------------------------------------- errors --

def runtime_error(int status, str function=''):
    """The CUDARuntimeError of `status` (with the runtime's own name and
    message)."""
    cdef const char* n = NULL
    cdef const char* m = NULL
    if _rt_loaded:
        n = _rt.cudaGetErrorName(status)
        m = _rt.cudaGetErrorString(status)
    name = n.decode() if n is not NULL else 'cudaError {}'.format(status)
    msg = m.decode(errors='replace') if m is not NULL else ''
    if status == _errors.CUDA_ERROR_NO_DEVICE:
        msg += ' (this machine has no NVIDIA GPU visible to CUDA)'
    elif status == _errors.CUDA_ERROR_INSUFFICIENT_DRIVER:
        msg += (' (no NVIDIA driver, or one older than this CUDA runtime: '
                'install a driver for CUDA {})'.format(_runtime_version()))
    if status == _errors.CUDA_ERROR_MEMORY_ALLOCATION:
        return CUDAMemoryError(status, name, msg, function)
    return _errors.CUDARuntimeError(status, name, msg, function)


def _runtime_version():
    cdef int v = 0
    if _rt_loaded and _rt.cudaRuntimeGetVersion(&v) == 0:
        return '{}.{}'.format(v // 1000, v % 1000 // 10)
    return '?'


class CUDAMemoryError(_errors.CUDARuntimeError, MemoryError):
    """cudaErrorMemoryAllocation: the device is out of memory."""


cdef int check(int status, str function) except -1:
    if status == 0:
        return 0
    if _rt_loaded:
        _rt.cudaGetLastError()      # clear the sticky-free error state
    raise runtime_error(status, function)


cdef int check_driver(int status, str function) except -1:
    cdef const char* n = NULL
    cdef const char* m = NULL
    if status == 0:
        return 0
    if _drv.cuGetErrorName is not NULL:
        _drv.cuGetErrorName(status, &n)
        _drv.cuGetErrorString(status, &m)
    raise _errors.CUDADriverError(
        status, n.decode() if n is not NULL else 'CUresult {}'.format(status),
        m.decode(errors='replace') if m is not NULL else '', function)


cdef int check_nvrtc(int status, str function) except -1:
    cdef const char* m = NULL
    if status == 0:
        return 0
    if _nvrtc.nvrtcGetErrorString is not NULL:
        m = _nvrtc.nvrtcGetErrorString(status)
    raise _errors.NVRTCError(
        status, _errors.NVRTC_NAMES.get(status, 'nvrtcResult {}'.format(
            status)), m.decode() if m is not NULL else '', function)


cdef int check_cublas(int status, str function) except -1:
    if status == 0:
        return 0
    name = _errors.CUBLAS_STATUS_NAMES.get(status, 'cublasStatus {}'.format(
        status))
    raise _errors.CUBLASError(status, name, 'cuBLAS returned ' + name,
                              function)


# ------------------------------------------------------------ versions --

def runtime_get_version():
    cdef int v = 0
    check(rt().cudaRuntimeGetVersion(&v), 'cudaRuntimeGetVersion')
    return v


def driver_get_version():
    cdef int v = 0
    check(rt().cudaDriverGetVersion(&v), 'cudaDriverGetVersion')
    return v


def nvrtc_get_version():
    cdef int major = 0, minor = 0
    check_nvrtc(nvrtc().nvrtcVersion(&major, &minor), 'nvrtcVersion')
    return major, minor


def runtime_info():
    """What is loaded or would be: {'libraries': {key: path or message},
    'runtime': version or None, 'driver': version or None, 'error': the
    reason when CUDA cannot be used}."""
    info = {'libraries': {}, 'runtime': None, 'driver': None, 'error': None}
    for key in _loader.LIBRARIES:
        found = _loader.find_library(key)
        info['libraries'][key] = loaded.get(key) or (
            '{} (from {})'.format(found.path, found.origin) if found
            else 'not found (searched {})'.format(_loader.searched_text()))
    try:
        info['runtime'] = runtime_get_version()
        info['driver'] = driver_get_version()
    except _errors.CUDAError as e:
        info['error'] = str(e)
    return info


# ---------------------------------------------------------------- cuFFT --

cdef extern from "cupy_cuda.h" nogil:
    const char* cupy_cufft_table_load(void* handle, cupy_cufft_table* t)

cdef cupy_cufft_table _cufft
cdef bint _cufft_loaded = False


cdef cupy_cufft_table* cufft() except NULL:
    global _cufft_loaded
    cdef size_t h
    if _cufft_loaded:
        return &_cufft
    with _lock:
        if not _cufft_loaded:
            h = _open_library('cufft')
            _missing(loaded['cufft'],
                     cupy_cufft_table_load(<void*>h, &_cufft))
            _cufft_loaded = True
    return &_cufft


cdef int check_cufft(int status, str function) except -1:
    if status == 0:
        return 0
    name = _errors.CUFFT_RESULT_NAMES.get(status, 'cufftResult {}'.format(
        status))
    raise _errors.CUFFTError(status, name, 'cuFFT call failed', function)


# ------------------------------------------- cuSOLVER and cuBLAS trsm --

cdef extern from "cupy_cuda.h" nogil:
    const char* cupy_cusolver_table_load(void* handle, cupy_cusolver_table* t)
    const char* cupy_cublas_solver_table_load(void* handle,
                                              cupy_cublas_solver_table* t)

cdef cupy_cusolver_table _cusolver
cdef cupy_cublas_solver_table _cublas_solver
cdef bint _cusolver_loaded = False
cdef bint _cublas_solver_loaded = False


cdef cupy_cusolver_table* cusolver() except NULL:
    global _cusolver_loaded
    cdef size_t h
    if _cusolver_loaded:
        return &_cusolver
    with _lock:
        if not _cusolver_loaded:
            h = _open_library('cusolver')
            _missing(loaded['cusolver'],
                     cupy_cusolver_table_load(<void*>h, &_cusolver))
            _cusolver_loaded = True
    return &_cusolver


cdef cupy_cublas_solver_table* cublas_solver() except NULL:
    global _cublas_solver_loaded
    cdef size_t h
    if _cublas_solver_loaded:
        return &_cublas_solver
    with _lock:
        if not _cublas_solver_loaded:
            h = _open_library('cublas')
            _missing(loaded['cublas'],
                     cupy_cublas_solver_table_load(<void*>h, &_cublas_solver))
            _cublas_solver_loaded = True
    return &_cublas_solver


cdef int check_cusolver(int status, str function) except -1:
    if status == 0:
        return 0
    name = _errors.CUSOLVER_STATUS_NAMES.get(
        status, 'cusolverStatus {}'.format(status))
    raise _errors.CUSOLVERError(status, name, 'cuSOLVER returned ' + name,
                                function)
