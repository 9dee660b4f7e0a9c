# The executor cache: see _executor_cache.pxd.

import atexit
import os

from cpython.ref cimport PyObject, Py_INCREF, Py_DECREF
from libc.stdint cimport intptr_t, int64_t, uint64_t
from libc.stdlib cimport malloc, free, calloc
from libc.string cimport memcpy, memcmp

from cupy_backends.ascend cimport _acl
from cupy_backends.ascend._acl cimport aclOpExecutor, cupy_aclnn_base_table
from cupy_backends.backend cimport api
from cupy.xpu.memory cimport MemoryPointer, _restore_device, _use_device
from cupy.xpu.memory_pool cimport MemoryPool
from cupy.xpu.stream cimport get_current_stream_ptr

from cupy.xpu.memory_pool import get_default_memory_pool

cdef enum:
    _BUCKETS = 4096         # a power of two, above the default capacity
    _DEFAULT_ENTRIES = 1024
    # Cached workspaces in all: past this, workspaces come from the pool
    # per call (most elementwise operators need none).
    _DEFAULT_WORKSPACE_BYTES = 64 << 20

cdef MemoryPool _pool = get_default_memory_pool()
cdef Entry* _buckets[_BUCKETS]
cdef Entry* _head = NULL        # most recently used
cdef Entry* _tail = NULL
cdef int _count = 0
cdef int _max_entries = _DEFAULT_ENTRIES
cdef uint64_t _ws_bytes = 0
cdef uint64_t _max_ws_bytes = _DEFAULT_WORKSPACE_BYTES
cdef long long _hits = 0, _misses = 0, _uncached = 0, _evictions = 0
cdef long long _rebinds = 0
cdef int _executors = 0         # entries holding one


def _entries_from_env():
    v = os.environ.get('CUPY_ASCEND_EXECUTOR_CACHE', '')
    if v == '':
        return _DEFAULT_ENTRIES
    try:
        n = int(v)
    except ValueError:
        raise ValueError('CUPY_ASCEND_EXECUTOR_CACHE must be an integer '
                         '(0 turns the executor cache off), not '
                         '{!r}'.format(v)) from None
    if n < 0:
        raise ValueError('CUPY_ASCEND_EXECUTOR_CACHE must be >= 0')
    return n


_max_entries = _entries_from_env()


cdef bint enabled() noexcept:
    return _max_entries > 0


cdef uint64_t hash_key(const int64_t* key, int n) noexcept nogil:
    cdef uint64_t h = 0x9E3779B97F4A7C15ULL ^ <uint64_t>n
    cdef int i
    for i in range(n):
        h ^= <uint64_t>key[i]
        h *= 0xBF58476D1CE4E5B9ULL
        h ^= h >> 31
    return h


# ------------------------------------------------------------ descriptors --

cdef void held_init(Held* h) noexcept nogil:
    h.ntensors = h.nscalars = h.narrays = h.nlists = 0


cdef int held_release(Held* h, bint check) except -1:
    cdef cupy_aclnn_base_table* nn = _acl.aclnn_table()
    cdef int i, st, first = 0
    cdef const char* what = NULL
    with nogil:
        for i in range(h.nlists):
            st = nn.aclDestroyTensorList(h.lists[i])
            if st != 0 and first == 0:
                first, what = st, 'aclDestroyTensorList'
        for i in range(h.ntensors):
            if h.in_list[i]:
                continue        # destroyed with its list (aclnn.md 4.2)
            st = nn.aclDestroyTensor(h.tensors[i])
            if st != 0 and first == 0:
                first, what = st, 'aclDestroyTensor'
        for i in range(h.nscalars):
            st = nn.aclDestroyScalar(h.scalars[i])
            if st != 0 and first == 0:
                first, what = st, 'aclDestroyScalar'
        for i in range(h.narrays):
            st = nn.aclDestroyIntArray(h.arrays[i])
            if st != 0 and first == 0:
                first, what = st, 'aclDestroyIntArray'
    held_init(h)
    if check and first != 0:
        _acl.check(first, what.decode())
    return 0


# ---------------------------------------------------------------- entries --

cdef inline int _bucket(uint64_t h) noexcept nogil:
    return <int>(h & (_BUCKETS - 1))


cdef void _lru_unlink(Entry* e) noexcept:
    global _head, _tail
    if e.prev is not NULL:
        e.prev.next = e.next
    else:
        _head = e.next
    if e.next is not NULL:
        e.next.prev = e.prev
    else:
        _tail = e.prev
    e.prev = e.next = NULL


cdef void _lru_push_front(Entry* e) noexcept:
    global _head, _tail
    e.prev = NULL
    e.next = _head
    if _head is not NULL:
        _head.prev = e
    _head = e
    if _tail is NULL:
        _tail = e


cdef Entry* lookup(const int64_t* key, int nkey, uint64_t h) noexcept:
    cdef Entry* e = _buckets[_bucket(h)]
    while e is not NULL:
        if e.hash == h and e.nkey == nkey and \
                memcmp(e.key, key, nkey * sizeof(int64_t)) == 0:
            if e is not _head:
                _lru_unlink(e)
                _lru_push_front(e)
            return e
        e = e.chain
    return NULL


cdef void drop(Entry* e) noexcept:
    # No interpreter-lock release in here: once it returns, no other
    # thread can find e.
    global _count
    cdef Entry** p
    if not e.linked:
        return
    p = &_buckets[_bucket(e.hash)]
    while p[0] is not NULL:
        if p[0] is e:
            p[0] = e.chain
            break
        p = &p[0].chain
    _lru_unlink(e)
    e.linked = False
    _count -= 1


cdef int _release_workspace(Entry* e) except -1:
    # The pool orders the reuse of freed memory after the current stream
    # of the current device; the workspace was used on the null stream of
    # e's device (keep_workspace), so that stream finishes first unless it
    # is the current one.
    global _ws_bytes
    cdef object ws
    cdef int prev
    if e.ws is NULL:
        return 0
    ws = <object>e.ws
    Py_DECREF(ws)
    e.ws = NULL
    e.ws_ptr = 0
    _ws_bytes -= e.ws_size
    prev = _use_device(e.device)
    try:
        if prev != e.device or get_current_stream_ptr() != 0:
            api.xpuStreamSynchronize(0)
    finally:
        _restore_device(prev, e.device)
    del ws
    return 0


cdef int _destroy(Entry* e, bint check) except -1:
    # e is dropped and unpinned: nobody else can reach it.
    global _executors
    cdef cupy_aclnn_base_table* nn = _acl.aclnn_table()
    cdef int st = 0
    try:
        if e.executor is not NULL:
            with nogil:
                st = nn.aclDestroyAclOpExecutor(e.executor)
            e.executor = NULL
            _executors -= 1
        held_release(&e.held, False)
        _release_workspace(e)
        if check:
            _acl.check(st, 'aclDestroyAclOpExecutor')
    finally:
        free(e.key)
        free(e)
    return 0


cdef int unpin(Entry* e) except -1:
    e.busy -= 1
    if e.busy == 0 and not e.linked:
        _destroy(e, False)
    return 0


cdef Entry* _oldest_idle(bint with_workspace) noexcept:
    cdef Entry* e = _tail
    while e is not NULL and (e.busy or (with_workspace and e.ws is NULL)):
        e = e.prev
    return e


cdef int _evict(int keep_entries) except -1:
    # Oldest first, skipping pinned entries.  From the tail again after
    # each one: destroying releases the interpreter lock, and another
    # thread may change the list meanwhile.
    global _evictions
    cdef Entry* e
    while _count > keep_entries:
        e = _oldest_idle(False)
        if e is NULL:
            return 0
        drop(e)
        _evictions += 1
        _destroy(e, True)
    return 0


cdef int _trim_workspaces(uint64_t keep_bytes) except -1:
    # Oldest first, the workspaces alone: their entries stay cached and
    # take a workspace from the pool per call.
    cdef Entry* e
    while _ws_bytes > keep_bytes:
        e = _oldest_idle(True)
        if e is NULL:
            return 0
        e.busy += 1
        try:
            _release_workspace(e)
        finally:
            unpin(e)
    return 0


cdef Entry* insert(const int64_t* key, int nkey, uint64_t h, intptr_t stream,
                   int device) except NULL:
    global _count
    cdef Entry* e
    _evict(_max_entries - 1)            # room first: nothing taken yet
    e = <Entry*>calloc(1, sizeof(Entry))
    if e is NULL:
        raise MemoryError()
    e.key = <int64_t*>malloc(nkey * sizeof(int64_t))
    if e.key is NULL:
        free(e)
        raise MemoryError()
    memcpy(e.key, key, nkey * sizeof(int64_t))
    e.nkey = nkey
    e.hash = h
    e.state = SEEN
    held_init(&e.held)
    e.stream = stream
    e.device = device
    e.busy = 1
    e.linked = True
    e.chain = _buckets[_bucket(h)]
    _buckets[_bucket(h)] = e
    _lru_push_front(e)
    _count += 1
    return e


cdef void take_executor(Entry* e, aclOpExecutor* executor,
                        Held* held) noexcept:
    global _executors
    e.executor = executor
    memcpy(&e.held, held, sizeof(Held))
    held_init(held)
    e.state = CACHED
    _executors += 1


cdef bint keep_workspace(Entry* e, uint64_t size) except -1:
    global _ws_bytes
    cdef MemoryPointer mp
    if size == 0 or size > _max_ws_bytes or e.stream != 0:
        # Another stream may be destroyed while the entry lives; its
        # workspaces come from the pool per call.
        return False
    _trim_workspaces(_max_ws_bytes - size)
    if _ws_bytes + size > _max_ws_bytes:
        return False
    mp = _pool.malloc(<Py_ssize_t>size)
    Py_INCREF(mp)
    e.ws = <PyObject*>mp
    e.ws_ptr = (<MemoryPointer>mp).ptr
    _ws_bytes += size
    return True


cdef void count_hit(int rebinds) noexcept:
    global _hits, _rebinds
    _hits += 1
    _rebinds += rebinds


cdef void count_miss(bint cached) noexcept:
    global _misses, _uncached
    if cached:
        _misses += 1
    else:
        _uncached += 1


# ---------------------------------------------------------------- control --

def clear():
    """Destroy every cached executor, its descriptors and its workspace
    (called at exit; call it after resetting a device).  Entries in use by
    a call are destroyed when it ends."""
    cdef Entry* e
    while _tail is not NULL:
        e = _tail
        drop(e)
        if not e.busy:
            _destroy(e, True)
    for fn in _clear_hooks:
        fn()


# Other caches of device objects made for operator calls (the elementwise
# runner's constant tensors): emptied with the executors, so that whoever
# resets a device or checks for leaks after clear() sees none of them.
_clear_hooks = []


def on_clear(fn):
    """Call fn() at every clear()."""
    _clear_hooks.append(fn)


def set_limits(entries=None, workspace_bytes=None):
    """Bound the cache: at most `entries` executors (0 turns it off) and
    `workspace_bytes` of cached workspaces.  Returns the previous limits."""
    global _max_entries, _max_ws_bytes
    old = (_max_entries, _max_ws_bytes)
    if entries is not None:
        if entries < 0:
            raise ValueError('entries must be >= 0')
        _max_entries = entries
    if workspace_bytes is not None:
        if workspace_bytes < 0:
            raise ValueError('workspace_bytes must be >= 0')
        _max_ws_bytes = workspace_bytes
    _evict(_max_entries)
    _trim_workspaces(_max_ws_bytes)
    return old


def stats():
    """Counts since start: hits (launches of a cached executor), misses
    (phase 1 run and the executor cached), uncached (phase 1 run for a
    call not cached: first seen, refused by CANN, re-entrant, or the cache
    off), evictions, rebinds (data addresses rebound on hits); and the live
    signatures (entries, with or without an executor) and cached workspace
    bytes."""
    return {'hits': _hits, 'misses': _misses, 'uncached': _uncached,
            'evictions': _evictions, 'rebinds': _rebinds,
            'entries': _count, 'executors': _executors,
            'workspace_bytes': _ws_bytes,
            'max_entries': _max_entries,
            'max_workspace_bytes': _max_ws_bytes}


atexit.register(clear)
