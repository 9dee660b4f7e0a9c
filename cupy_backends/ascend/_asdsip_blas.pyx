# Vendor bindings for AsdSip's BLAS: see _asdsip_blas.pxd.  AsdSip itself
# (or the simulator's shared object, which exports the same C++ symbols)
# is loaded RTLD_GLOBAL by the FFT bindings (_asdsip); the shim, built
# beside this module, is then opened and its undefined AsdSip references
# resolve against it.  Status codes are ACL codes (blas_fft.md 3.1),
# checked by the caller with _acl.check.

import importlib.util
import threading

from posix.dlfcn cimport dlopen, dlerror, RTLD_NOW, RTLD_LOCAL

from cupy_backends.ascend cimport _asdsip
from cupy_backends.ascend import _loader

# the C++ shim's extension name (install/extensions.py)
_SHIM = 'cupy_backends.ascend._asdsip_blas_shim'

cdef cupy_asdsip_blas_table _blas
cdef bint _loaded = False
_lock = threading.Lock()
_info = {}


cdef int _load() except -1:
    global _loaded
    cdef const char* missing
    cdef void* h
    _asdsip.fft_table()         # libasdsip.so (or the simulator), global
    with _lock:
        if _loaded:
            return 0
        spec = importlib.util.find_spec(_SHIM)
        if spec is None or spec.origin is None:
            raise _loader.AsdSipNotFoundError(
                'cupy: the AsdSip BLAS shim ({}) was not built; reinstall '
                'cupy with a C++ compiler'.format(_SHIM))
        h = dlopen(spec.origin.encode(), RTLD_NOW | RTLD_LOCAL)
        if h is NULL:
            err = dlerror()
            raise _loader.AsdSipNotFoundError(
                'cupy: cannot load the AsdSip BLAS shim {}: {} (this AsdSip '
                'lacks a BLAS function the shim calls)'.format(
                    spec.origin, err.decode(errors='replace')
                    if err is not NULL else '?'))
        missing = cupy_asdsip_blas_table_load(h, &_blas)
        if missing is not NULL:
            raise _loader.AsdSipNotFoundError(
                'cupy: {} does not export {}'.format(spec.origin,
                                                     missing.decode()))
        _info['shim'] = spec.origin
        _loaded = True
    return 0


cdef cupy_asdsip_blas_table* blas_table() except NULL:
    if not _loaded:
        _load()
    return &_blas


def shim():
    """The path of the loaded AsdSip BLAS shim (loading it)."""
    blas_table()
    return _info['shim']
