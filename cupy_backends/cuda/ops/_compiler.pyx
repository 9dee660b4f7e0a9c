# Compiling generated CUDA C with NVRTC, and launching (DESIGN.md, "The
# CUDA backend").
#
# A kernel is compiled once per (source, options, device): to a cubin for
# the device's architecture (sm_XY from its compute capability), kept in
# memory and on disk under CUPY_CACHE_DIR (default ~/.cupy/kernel_cache,
# CuPy's), the file named by a hash of the source, the options, the NVRTC
# version and the architecture, so a changed compiler or GPU never reuses
# a stale binary.  Modules load into the device's primary context (the
# runtime's).  compile_module() is the hook for user kernels (RawModule,
# RawKernel, ElementwiseKernel on this backend).

import hashlib
import os
import tempfile
import threading

from libc.stdint cimport intptr_t
from libc.string cimport memcpy

from cupy_backends.backend cimport api
from cupy_backends.cuda cimport _cuda
from cupy_backends.cuda import _cuda as _cuda_py
from cupy_backends.cuda._cuda cimport (
    cupy_cuda_driver_table, cupy_nvrtc_table, nvrtcProgram, CUmodule,
    CUfunction, cudaStream_t)

# cudaDevAttrComputeCapabilityMajor/Minor, cudaDevAttrMultiProcessorCount
# (CUDA Runtime API reference, cudaDeviceAttr).
cdef enum:
    _ATTR_CC_MAJOR = 75
    _ATTR_CC_MINOR = 76
    _ATTR_SM_COUNT = 16

_lock = threading.RLock()
_functions = {}         # (source, name, options, device) -> Function
_modules = {}           # (source, options, names, device) -> Module
_arch = {}              # device -> 'sm_XY'
_sm_count = {}


def cache_dir():
    """Where compiled kernels are kept (CUPY_CACHE_DIR, CuPy's variable)."""
    return os.environ.get('CUPY_CACHE_DIR') or os.path.join(
        os.path.expanduser('~'), '.cupy', 'kernel_cache')


def _attribute(int attr, int device):
    cdef int v = 0
    _cuda.check(_cuda.rt().cudaDeviceGetAttribute(&v, attr, device),
                'cudaDeviceGetAttribute')
    return v


def arch(int device=-1):
    """'sm_XY' of `device` (the current one by default)."""
    if device < 0:
        device = api.xpuGetDevice()
    try:
        return _arch[device]
    except KeyError:
        pass
    a = 'sm_{}{}'.format(_attribute(_ATTR_CC_MAJOR, device),
                         _attribute(_ATTR_CC_MINOR, device))
    _arch[device] = a
    return a


cpdef int multiprocessor_count() except -1:
    cdef int device = api.xpuGetDevice()
    try:
        return _sm_count[device]
    except KeyError:
        pass
    n = _attribute(_ATTR_SM_COUNT, device)
    _sm_count[device] = n
    return n


def nvrtc_version():
    return _cuda_py.nvrtc_get_version()


cdef bytes _nvrtc_compile(str source, tuple options, tuple names,
                          dict lowered):
    cdef cupy_nvrtc_table* t = _cuda.nvrtc()
    cdef nvrtcProgram prog = NULL
    cdef bytes src = source.encode()
    cdef list opts = [o.encode() for o in options]
    cdef const char* copts[64]
    cdef size_t size = 0
    cdef int status, i, nopts = len(opts)
    cdef const char* low = NULL
    if len(opts) > 64:
        raise ValueError('too many compiler options')
    for i in range(len(opts)):
        copts[i] = <const char*>(<bytes>opts[i])
    _cuda.check_nvrtc(t.nvrtcCreateProgram(&prog, src, b'cupy_kernel.cu', 0,
                                           NULL, NULL), 'nvrtcCreateProgram')
    try:
        bnames = [n.encode() for n in names]
        for b in bnames:
            _cuda.check_nvrtc(t.nvrtcAddNameExpression(prog, <bytes>b),
                              'nvrtcAddNameExpression')
        with nogil:
            status = t.nvrtcCompileProgram(prog, nopts, copts)
        if status != 0:
            t.nvrtcGetProgramLogSize(prog, &size)
            log = bytearray(size + 1)
            t.nvrtcGetProgramLog(prog, <char*>log)
            from cupy_backends.cuda._errors import NVRTCError, NVRTC_NAMES
            raise NVRTCError(status, NVRTC_NAMES.get(status, str(status)),
                             'compilation failed', 'nvrtcCompileProgram',
                             log.rstrip(b'\0').decode(errors='replace'))
        for n, b in zip(names, bnames):
            _cuda.check_nvrtc(t.nvrtcGetLoweredName(prog, <bytes>b, &low),
                              'nvrtcGetLoweredName')
            lowered[n] = low.decode()
        _cuda.check_nvrtc(t.nvrtcGetCUBINSize(prog, &size),
                          'nvrtcGetCUBINSize')
        image = bytearray(size)
        _cuda.check_nvrtc(t.nvrtcGetCUBIN(prog, <char*>image),
                          'nvrtcGetCUBIN')
        return bytes(image)
    finally:
        t.nvrtcDestroyProgram(&prog)


def _disk_key(str source, tuple options, tuple names, str sm):
    h = hashlib.sha256()
    for part in (source, '\0'.join(options), '\0'.join(names), sm,
                 '{}.{}'.format(*nvrtc_version())):
        h.update(part.encode())
        h.update(b'\1')
    return h.hexdigest()


def _compile_cached(str source, tuple options, tuple names, str sm):
    """(cubin bytes, {name expression: lowered name}) from the disk cache
    or NVRTC."""
    key = _disk_key(source, options, names, sm)
    path = os.path.join(cache_dir(), key + '.cubin')
    lowered = {}
    try:
        with open(path, 'rb') as f:
            data = f.read()
        head, _, image = data.partition(b'\0\0CUBIN\0\0')
        if image:
            for line in head.decode().splitlines():
                n, _, low = line.partition('\t')
                lowered[n] = low
            return image, lowered
    except OSError:
        pass
    image = _nvrtc_compile(source, options, names, lowered)
    head = '\n'.join('{}\t{}'.format(n, l) for n, l in lowered.items())
    try:
        os.makedirs(cache_dir(), exist_ok=True)
        # write then rename: readers never see a partial file
        fd, tmp = tempfile.mkstemp(dir=cache_dir())
        with os.fdopen(fd, 'wb') as f:
            f.write(head.encode() + b'\0\0CUBIN\0\0' + image)
        os.replace(tmp, path)
    except OSError:
        pass        # a read-only home still runs, from memory
    return image, lowered


class Module:
    """A compiled CUDA module on one device: ``get_function(name)``;
    ``lowered`` maps each name expression to its mangled name."""

    def __init__(self, intptr_t handle, int device, dict lowered):
        self.handle = handle
        self.device = device
        self.lowered = lowered
        self._functions = {}

    def get_function(self, str name):
        cdef CUfunction f = NULL
        cdef cupy_cuda_driver_table* d
        name = self.lowered.get(name, name)
        try:
            return self._functions[name]
        except KeyError:
            pass
        d = _cuda.drv()
        _cuda.check_driver(d.cuModuleGetFunction(
            &f, <CUmodule><intptr_t>self.handle, name.encode()), 'cuModuleGetFunction')
        fn = Function.__new__(Function)
        (<Function>fn).ptr = <intptr_t>f
        (<Function>fn).name = name
        (<Function>fn).module = self
        self._functions[name] = fn
        return fn


def compile_module(str source, tuple options=(), tuple name_expressions=()):
    """Compile `source` for the current device (cached in memory and on
    disk) and load it: a Module.  Options are NVRTC's; the architecture
    option is added."""
    cdef int device = api.xpuGetDevice()
    cdef CUmodule m = NULL
    key = (source, options, name_expressions, device)
    try:
        return _modules[key]
    except KeyError:
        pass
    with _lock:
        if key in _modules:
            return _modules[key]
        sm = arch(device)
        full = options + ('--gpu-architecture=' + sm, '-std=c++17')
        image, lowered = _compile_cached(source, full, name_expressions, sm)
        d = _cuda.drv()
        _cuda.check_driver(d.cuModuleLoadData(&m, <const char*>image),
                           'cuModuleLoadData')
        mod = Module(<intptr_t>m, device, lowered)
        _modules[key] = mod
        return mod


cpdef Function get_function(str source, str name, tuple options=()):
    cdef int device = api.xpuGetDevice()
    key = (source, name, options, device)
    try:
        return _functions[key]
    except KeyError:
        pass
    fn = compile_module(source, options).get_function(name)
    _functions[key] = fn
    return fn


def clear_memory_cache():
    """Forget the loaded modules (tests of the disk cache)."""
    with _lock:
        _functions.clear()
        _modules.clear()


cdef class Function:
    """A kernel of a loaded module."""

    def __repr__(self):
        return '<cupy CUDA function {}>'.format(self.name)


cdef class ArgPack:

    def __cinit__(self):
        self.used = 0
        self.count = 0

    cdef int add(self, const void* value, int size) except -1:
        cdef int at = (self.used + 15) & ~15
        if at + size > 4096 or self.count >= 128:
            raise ValueError('too many kernel arguments')
        memcpy(self.buf + at, value, size)
        self.slots[self.count] = <void*>(self.buf + at)
        self.count += 1
        self.used = at + size
        return 0

    cdef int add_ptr(self, intptr_t p) except -1:
        return self.add(&p, sizeof(intptr_t))

    cdef int add_i64(self, long long v) except -1:
        return self.add(&v, 8)

    cdef int add_i32(self, int v) except -1:
        return self.add(&v, 4)

    cdef int add_f64(self, double v) except -1:
        return self.add(&v, 8)

    def add_bytes(self, bytes b):
        self.add(<const char*>b, len(b))


cdef int launch(intptr_t func, unsigned int grid, unsigned int block,
                unsigned int shmem, intptr_t stream, ArgPack args) except -1:
    cdef cupy_cuda_driver_table* d = _cuda.drv()
    # launches are asynchronous: no need to release the GIL
    cdef int status = d.cuLaunchKernel(
        <CUfunction>func, grid, 1, 1, block, 1, 1, shmem,
        <cudaStream_t>stream, args.slots, NULL)
    _cuda.check_driver(status, 'cuLaunchKernel')
    return 0
