# Vendor bindings for AsdSip's FFT: see _asdsip.pxd.  Status codes are ACL
# codes (blas_fft.md 3.1) and are checked with _acl.check, which carries
# aclGetRecentErrMsg's text.

import threading

from posix.dlfcn cimport dlopen, dlerror, RTLD_NOW, RTLD_GLOBAL

from cupy_backends.ascend cimport _acl
from cupy_backends.ascend import _loader

cdef cupy_asdsip_fft_table _fft
cdef bint _loaded = False
_lock = threading.Lock()
_info = {}


cdef int _load() except -1:
    global _loaded
    cdef const char* missing
    cdef void* h
    _acl.rt_table()                 # CANN (or the simulator) first
    with _lock:
        if _loaded:
            return 0
        if _acl.is_simulator():
            # the simulator's shared object exports the AsdSip FFT ABI too
            from cupy_backends.ascend.simulator import _sim
            path = _sim.__file__
        else:
            path = _loader.find_asdsip()
            if path is None:
                raise _loader.AsdSipNotFoundError(
                    _loader.asdsip_missing_message())
        b = path.encode()
        h = dlopen(b, RTLD_NOW | RTLD_GLOBAL)
        if h is NULL:
            err = dlerror()
            raise _loader.AsdSipNotFoundError('cupy: cannot load {}: {}'.format(
                path, err.decode(errors='replace') if err is not NULL
                else '?'))
        missing = cupy_asdsip_fft_table_load(h, &_fft)
        if missing is not NULL:
            raise _loader.AsdSipNotFoundError(
                'cupy: {} does not export {}; this AsdSip version is not '
                'supported'.format(path, missing.decode()))
        _info['library'] = path
        _loaded = True
    return 0


cdef cupy_asdsip_fft_table* fft_table() except NULL:
    if not _loaded:
        _load()
    return &_fft


def library():
    """The path of the AsdSip library in use (loading it)."""
    fft_table()
    return _info['library']
