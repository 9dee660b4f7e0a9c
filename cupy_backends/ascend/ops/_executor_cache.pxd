# The executor cache of the aclnn call layer (DESIGN.md, "Performance
# principles"; shared/reference/cann/aclnn.md section 6).
#
# An operator call whose signature (operator, host thread, device, stream,
# and every argument but the tensors' data addresses: dtypes, shapes,
# strides, offsets, storage sizes, which tensors share memory, scalar
# values, attributes) was seen before reuses the repeatable executor made
# for it, with its descriptors: only the data addresses are rebound
# (aclSetInputTensorAddr / aclSetOutputTensorAddr), so the steady state
# runs no phase 1 and creates no descriptor.  The descriptors stay alive
# as long as their executor (aclSetInputTensorAddr writes into the
# aclTensor itself).
#
# A signature is cached the second time it is seen (a one-off call, such
# as a loop over rows at moving offsets, runs uncached and evicts
# nothing); one whose executor CANN refuses to make repeatable is
# remembered and never retried.
#
# Bounded and least-recently-used: at most `entries` signatures and
# `workspace_bytes` of cached workspaces (CUPY_ASCEND_EXECUTOR_CACHE=N sets
# the count, 0 turns the cache off).  Keyed by host thread, so no executor
# is ever rebound by two threads; keyed by stream, so an executor only runs
# on one stream, in order.  A launch copies the executor's addresses into
# the queued task [inferred: torch_npu's aclnn cache rebinds and relaunches
# without synchronising; the simulator snapshots each launch], so
# rebinding for the next call never changes work already queued.
#
# An entry in use is pinned (`busy`): never evicted, never handed to a
# second, re-entrant call (a finalizer run by an allocation), which runs
# uncached instead.  Entries are destroyed when evicted, by clear() (at
# exit, and by anyone who resets a device), and after a failed launch.

from cpython.ref cimport PyObject
from libc.stdint cimport intptr_t, int64_t, uint64_t

from cupy_backends.ascend._acl cimport (
    aclTensor, aclScalar, aclIntArray, aclTensorList, aclOpExecutor)

cdef enum:
    HELD_TENSORS = 24       # tensors of one call, list elements included
    HELD_SMALL = 8          # scalars, int arrays, lists of one call
    KEY_WORDS = 640         # longest signature cached, in int64 words
    # Entry.state
    SEEN = 0                # seen once: no executor yet
    CACHED = 1              # a repeatable executor with its descriptors
    NEVER = 2               # CANN would not make it repeatable


# The descriptors of one call, and where each tensor sits among the
# executor's inputs and outputs (-1: not there).
cdef struct Held:
    int ntensors
    int nscalars
    int narrays
    int nlists
    aclTensor* tensors[HELD_TENSORS]
    intptr_t bases[HELD_TENSORS]
    signed char in_index[HELD_TENSORS]
    signed char out_index[HELD_TENSORS]
    bint in_list[HELD_TENSORS]     # destroyed with its list
    aclScalar* scalars[HELD_SMALL]
    aclIntArray* arrays[HELD_SMALL]
    aclTensorList* lists[HELD_SMALL]

cdef void held_init(Held* h) noexcept nogil
# Destroy every descriptor; with check, raise on a failed destroy.
cdef int held_release(Held* h, bint check) except -1


cdef struct Entry:
    uint64_t hash
    int nkey
    int64_t* key
    int state
    aclOpExecutor* executor
    Held held
    uint64_t ws_size
    PyObject* ws            # the cached workspace (a MemoryPointer) or NULL
    intptr_t ws_ptr
    intptr_t stream
    int device
    int busy                # pins: never evicted or reused while > 0
    bint linked             # in the table (False once dropped)
    unsigned long long frees    # device frees seen when last bound
    Entry* prev             # LRU list, most recent first
    Entry* next
    Entry* chain            # next in its hash bucket


cdef bint enabled() noexcept
cdef uint64_t hash_key(const int64_t* key, int n) noexcept nogil
# The entry of `key` (made most recent), or NULL.
cdef Entry* lookup(const int64_t* key, int nkey, uint64_t h) noexcept
# A new SEEN entry for `key`, pinned; may evict others first.
cdef Entry* insert(const int64_t* key, int nkey, uint64_t h, intptr_t stream,
                   int device) except NULL
# e (pinned) takes over `executor` and `held`: CACHED.
cdef void take_executor(Entry* e, aclOpExecutor* executor,
                        Held* held) noexcept
# Give e a workspace of `size` bytes of its own (from the pool) if the
# budget allows and e belongs to the null stream; returns whether it did.
cdef bint keep_workspace(Entry* e, uint64_t size) except -1
# Out of the table; destroyed by unpin once nobody uses it.
cdef void drop(Entry* e) noexcept
# Undo one pin; destroys a dropped entry (its errors are not raised: it is
# called on error paths).
cdef int unpin(Entry* e) except -1

cdef void count_hit(int rebinds) noexcept
cdef void count_miss(bint cached) noexcept
