# Vendor bindings for CANN: see _acl.pxd.

import threading

from posix.dlfcn cimport dlopen, dlsym, dlerror, RTLD_NOW, RTLD_LOCAL, RTLD_GLOBAL

from cupy_backends.ascend import _errors
from cupy_backends.ascend import _loader

cdef extern from "cupy_acl_table.h" nogil:
    const char* cupy_acl_rt_table_load(void* handle, cupy_acl_rt_table* t)
    const char* cupy_aclnn_base_table_load(void* handle,
                                           cupy_aclnn_base_table* t)

# ACL_ERROR_REPEAT_INITIALIZE may be ignored (runtime.md section 3).
cdef enum:
    _REPEAT_INITIALIZE = 100002

cdef cupy_acl_rt_table _rt
cdef cupy_aclnn_base_table _nn
cdef bint _loaded = False
cdef list _op_handles = []       # dlopen handles (as int) searched for ops
cdef dict _op_cache = {}         # name -> (workspace fn, run fn) as ints
_load_lock = threading.Lock()

# What was loaded, for diagnostics (cupy_backends.ascend.runtime_info()).
_info = {}


cdef size_t _open(str path, int mode) except 0:
    cdef bytes b = path.encode()
    cdef void* h = dlopen(b, mode)
    if h is NULL:
        err = dlerror()
        raise ImportError('cupy: cannot load {}: {}'.format(
            path, err.decode(errors='replace') if err is not NULL else '?'))
    return <size_t>h


cdef int _load() except -1:
    global _loaded
    cdef const char* missing
    cdef void* h_rt
    cdef void* h_nn
    cdef int status
    with _load_lock:
        if _loaded:
            return 0
        use_sim, libs, notice = _loader.choose()
        if use_sim:
            # Importing the module registers its kernel runner; its shared
            # object exports the CANN ABI, loaded here like CANN itself.
            from cupy_backends.ascend.simulator import _sim
            handle = _open(_sim.__file__, RTLD_NOW | RTLD_LOCAL)
            h_rt = h_nn = <void*><size_t>handle
            op_handles = [handle]
            _info.update(simulator=True, version='simulator',
                         libraries=(_sim.__file__,))
        else:
            # The runtime first, global, so that nnopbase and the operator
            # libraries resolve their dependencies against it.
            h_rt = <void*>_open(libs.runtime, RTLD_NOW | RTLD_GLOBAL)
            h_nn = <void*>_open(libs.nnopbase, RTLD_NOW | RTLD_GLOBAL)
            op_handles = [_open(p, RTLD_NOW | RTLD_GLOBAL)
                          for p in libs.opapi]
            _info.update(simulator=False, version=libs.version or 'unknown',
                         libraries=(libs.runtime, libs.nnopbase) + libs.opapi)
        missing = cupy_acl_rt_table_load(h_rt, &_rt)
        if missing is not NULL:
            raise ImportError(
                'cupy: {} does not export {}; this CANN version is not '
                'supported'.format(_info['libraries'][0], missing.decode()))
        missing = cupy_aclnn_base_table_load(h_nn, &_nn)
        if missing is not NULL:
            raise ImportError(
                'cupy: {} does not export {}; this CANN version is not '
                'supported'.format(_info['libraries'][-1], missing.decode()))
        with nogil:
            status = _rt.aclInit(NULL)
        if status != 0 and status != _REPEAT_INITIALIZE:
            check(status, 'aclInit')
        _op_handles.extend(op_handles)
        _loaded = True
    _loader.print_notice(notice)
    return 0


cdef cupy_acl_rt_table* rt_table() except NULL:
    if not _loaded:
        _load()
    return &_rt


cdef cupy_aclnn_base_table* aclnn_table() except NULL:
    if not _loaded:
        _load()
    return &_nn


cdef bint is_simulator() except -1:
    if not _loaded:
        _load()
    return _info['simulator']


cdef int check(int status, str function) except -1:
    cdef const char* msg
    if status == 0:
        return 0
    text = ''
    # Also before _loaded is set: aclInit's own failure has a message.
    if _rt.aclGetRecentErrMsg is not NULL:
        with nogil:
            msg = _rt.aclGetRecentErrMsg()
        if msg is not NULL:
            text = msg.decode(errors='replace')
    if status == _errors.ACL_ERROR_RT_MEMORY_ALLOCATION:
        raise AclMemoryError(status, function, text)
    raise _errors.AclError(status, function, text)


class AclMemoryError(_errors.AclError, MemoryError):
    """The device allocator itself failed (ACL_ERROR_RT_MEMORY_ALLOCATION);
    the memory pool turns it into OutOfMemoryError after freeing its cache
    and retrying."""


cdef tuple _lookup_op(str name):
    cdef void* ws
    cdef void* run
    cdef bytes ws_name = ('aclnn' + name + 'GetWorkspaceSize').encode()
    cdef bytes run_name = ('aclnn' + name).encode()
    if not _loaded:
        _load()
    entry = _op_cache.get(name)
    if entry is not None:
        return entry
    for handle in _op_handles:
        ws = dlsym(<void*><size_t>handle, ws_name)
        run = dlsym(<void*><size_t>handle, run_name)
        if ws is not NULL and run is not NULL:
            entry = (<size_t>ws, <size_t>run)
            _op_cache[name] = entry
            return entry
    raise _errors.OperatorNotFoundError(
        'aclnn' + name, _info.get('version', 'unknown'),
        _info.get('libraries', ()))


cdef void* op_workspace_fn(str name) except NULL:
    return <void*><size_t>_lookup_op(name)[0]


cdef aclnnRunFunc op_run_fn(str name) except NULL:
    return <aclnnRunFunc><size_t>_lookup_op(name)[1]


def has_operator(str name):
    """True if operator aclnn<name> is exported by the libraries in use."""
    try:
        _lookup_op(name)
    except _errors.OperatorNotFoundError:
        return False
    return True


def operator_symbols(str name):
    """(first-phase, second-phase) function addresses of aclnn<name>;
    raises OperatorNotFoundError when the CANN in use lacks it."""
    return _lookup_op(name)


def runtime_info():
    """What was loaded: {'simulator', 'version', 'libraries', 'soc'}."""
    cdef const char* soc
    rt_table()
    info = dict(_info)
    with nogil:
        soc = _rt.aclrtGetSocName()
    info['soc'] = soc.decode() if soc is not NULL else None
    return info
