# cython: boundscheck=False, wraparound=False
# The one aclnn call layer: see _aclnn.pxd.

from cpython.pythread cimport PyThread_get_thread_ident
from libc.stdint cimport intptr_t, int64_t, uint64_t
from libc.string cimport memcpy, memset

from cupy_backends.ascend cimport _acl
from cupy_backends.ascend._acl cimport (
    aclTensor, aclOpExecutor, aclrtStream, cupy_aclnn_base_table)
from cupy_backends.ascend.ops cimport _dtype
from cupy_backends.ascend.ops._executor_cache cimport (
    Held, Entry, HELD_TENSORS, HELD_SMALL, KEY_WORDS, SEEN, NEVER,
    held_init, held_release, enabled, hash_key, lookup, insert,
    take_executor, keep_workspace, drop, unpin, count_hit, count_miss)
from cupy_backends.ascend.ops._scratch cimport Scratch
from cupy_backends.ascend.ops._tensor cimport Desc, create_tensor, desc_numel
from cupy_backends.backend cimport api

from cupy_backends.ascend._errors import OperatorNotFoundError
from cupy_backends.backend.provider import OperationNotSupported

cdef enum:
    _ACLNN_ERR_INNER = 561000       # aclnn.md section 7

cdef dict _symbols = {}
cdef dict _rows = {
    (<bytes>cupy_aclnn_ops[i].name).decode(): i
    for i in range(CUPY_ACLNN_NOPS)}


# ---------------------------------------------------------------- symbols --

cdef class OpSymbol:

    def __init__(self, str name):
        cdef int row = _rows.get(name, -1)
        if row < 0:
            raise RuntimeError('aclnn{} is not declared in '
                               'include/cupy_aclnn_ops.h'.format(name))
        self.name = name
        self.index = row
        self.phase1 = cupy_aclnn_ops[row].phase1
        self.repeatable = cupy_aclnn_ops[row].repeatable != 0
        try:
            self.ws = _acl.op_workspace_fn(name)
            self.run = _acl.op_run_fn(name)
        except OperatorNotFoundError as e:
            raise OperationNotSupported(str(e)) from e

    def __repr__(self):
        return 'OpSymbol(aclnn{})'.format(self.name)


cdef OpSymbol op_symbol(str name):
    cdef OpSymbol op = _symbols.get(name)
    if op is None:
        op = OpSymbol(name)
        _symbols[name] = op
    return op


cdef OpSymbol op_symbol_or_none(str name):
    try:
        return op_symbol(name)
    except OperationNotSupported:
        return None


# -------------------------------------------------------------- arguments --

cdef inline Arg* _next(Args* a, int kind) noexcept nogil:
    cdef Arg* g = &a.a[a.n]
    g.kind = kind
    a.n += 1
    return g


cdef void arg_tensor(Args* a, const Desc* d) noexcept nogil:
    _next(a, ARG_TENSOR).desc = d


cdef void arg_scalar(Args* a, const void* value, int dtype) noexcept nogil:
    cdef Arg* g = _next(a, ARG_SCALAR)
    cdef int n = _dtype.code_itemsize(dtype)
    g.dtype = dtype
    memset(g.scalar, 0, 16)     # the signature reads all 16 bytes
    memcpy(g.scalar, value, n if 0 < n <= 16 else 16)


cdef void arg_tensor_list(Args* a, const Desc* descs, int n) noexcept nogil:
    cdef Arg* g = _next(a, ARG_LIST)
    g.desc = descs
    g.n = n


cdef void arg_int_array(Args* a, const int64_t* values,
                        int n) noexcept nogil:
    cdef Arg* g = _next(a, ARG_INTS)
    g.ints = values
    g.n = n


cdef void arg_int(Args* a, int64_t v) noexcept nogil:
    _next(a, ARG_INT).i = v


cdef void arg_float(Args* a, double v) noexcept nogil:
    _next(a, ARG_FLOAT).f = v


cdef inline int _category(char letter) noexcept nogil:
    if letter == b't' or letter == b'o' or letter == b'r' or letter == b'x':
        return ARG_TENSOR
    if letter == b's':
        return ARG_SCALAR
    if letter == b'l':
        return ARG_LIST
    if letter == b'a':
        return ARG_INTS
    if letter == b'f':
        return ARG_FLOAT
    return ARG_INT


cdef int _check_args(OpSymbol op, Args* a) except -1:
    # A call site that disagrees with the table is a bug: say which.
    cdef const cupy_aclnn_op_info* row = &cupy_aclnn_ops[op.index]
    cdef int i
    if a.n == row.nargs:
        for i in range(a.n):
            if a.a[i].kind != _category(row.kinds[i]):
                break
        else:
            return 0
    raise TypeError('aclnn{}: arguments do not match its declaration '
                    '"{}" in cupy_aclnn_ops.h'.format(
                        op.name, (<bytes>row.kinds).decode()))


# ------------------------------------------------------------- signatures --

cdef inline int _key_tensor(const Desc* d, int64_t* key, int k) noexcept nogil:
    # -1 when no room or the tensor carries no address (empty: aclnn.md 8)
    cdef int i
    if k + 3 + 2 * d.ndim > KEY_WORDS or desc_numel(d) == 0:
        return -1
    key[k] = d.dtype | (<int64_t>d.ndim << 8)
    key[k + 1] = d.offset
    key[k + 2] = d.storage
    k += 3
    for i in range(d.ndim):
        key[k] = d.shape[i]
        key[k + 1] = d.strides[i]
        k += 2
    return k


cdef inline int _key_alias(intptr_t base, intptr_t* seen, int* nseen,
                           int64_t* key, int k) noexcept nogil:
    # Which earlier tensor of the call shares this one's allocation (-1:
    # none): a plan may differ when operands alias (aclnn.md 6).
    cdef int i
    key[k] = -1
    for i in range(nseen[0]):
        if seen[i] == base:
            key[k] = i
            break
    if nseen[0] < HELD_TENSORS:
        seen[nseen[0]] = base
        nseen[0] += 1
    return k + 1


cdef int _make_key(OpSymbol op, Args* a, intptr_t stream,
                   int64_t* key) except -2:
    # The signature of the call: everything but the data addresses.
    # Returns its length in words, or -1 when the call is not cached.
    cdef int i, j, k = 4, nseen = 0
    cdef intptr_t seen[HELD_TENSORS]
    cdef Arg* g
    key[0] = op.index
    key[1] = <int64_t>PyThread_get_thread_ident()
    key[2] = stream
    key[3] = api.xpuGetDevice()
    for i in range(a.n):
        g = &a.a[i]
        if k + 4 > KEY_WORDS:
            return -1
        if g.kind == ARG_TENSOR:
            k = _key_alias(g.desc.base, seen, &nseen, key, k)
            k = _key_tensor(g.desc, key, k)
        elif g.kind == ARG_LIST:
            key[k] = g.n
            k += 1
            for j in range(g.n):
                if k < 0 or k + 1 > KEY_WORDS:
                    return -1
                k = _key_alias(g.desc[j].base, seen, &nseen, key, k)
                k = _key_tensor(&g.desc[j], key, k)
        elif g.kind == ARG_SCALAR:
            key[k] = g.dtype
            memcpy(&key[k + 1], g.scalar, 16)
            k += 3
        elif g.kind == ARG_INTS:
            if k + 1 + g.n > KEY_WORDS:
                return -1
            key[k] = g.n
            memcpy(&key[k + 1], g.ints, g.n * sizeof(int64_t))
            k += 1 + g.n
        elif g.kind == ARG_FLOAT:
            memcpy(&key[k], &g.f, sizeof(double))
            k += 1
        else:
            key[k] = g.i
            k += 1
        if k < 0:
            return -1
    return k


# ------------------------------------------------------------ descriptors --

cdef int _hold_tensor(Held* h, const Desc* d, char letter, int* nin,
                      int* nout) except -1:
    # A tensor and its place among the executor's inputs and outputs
    # (include/cupy_aclnn_ops.h: r is an input, x both).
    cdef int i = h.ntensors
    if i == HELD_TENSORS:
        raise RuntimeError('too many tensors in one aclnn call')
    h.tensors[i] = create_tensor(d)
    h.ntensors += 1
    h.bases[i] = d.base
    h.in_list[i] = False
    h.in_index[i] = h.out_index[i] = -1
    if letter != b'o':
        h.in_index[i] = nin[0]
        nin[0] += 1
    if letter == b'o' or letter == b'x':
        h.out_index[i] = nout[0]
        nout[0] += 1
    return 0


cdef inline void* _created(void* obj, str function) except NULL:
    # The aclCreate* functions return NULL on failure (aclnn.md 4).
    if obj is NULL:
        _acl.check(_ACLNN_ERR_INNER, function)
    return obj


cdef int _make_descriptors(OpSymbol op, Args* a, Held* h,
                           cupy_aclnn_arg* vals) except -1:
    cdef cupy_aclnn_base_table* nn = _acl.aclnn_table()
    cdef const char* kinds = cupy_aclnn_ops[op.index].kinds
    cdef int i, j, first, nin = 0, nout = 0
    cdef Arg* g
    cdef void* obj
    for i in range(a.n):
        g = &a.a[i]
        if g.kind == ARG_TENSOR:
            _hold_tensor(h, g.desc, kinds[i], &nin, &nout)
            vals[i].p = h.tensors[h.ntensors - 1]
        elif g.kind == ARG_INT:
            vals[i].i = g.i
        elif g.kind == ARG_FLOAT:
            vals[i].f = g.f
        else:
            if h.nscalars == HELD_SMALL or h.narrays == HELD_SMALL or \
                    h.nlists == HELD_SMALL:
                raise RuntimeError('too many arguments in one aclnn call')
            if g.kind == ARG_SCALAR:
                with nogil:
                    obj = nn.aclCreateScalar(g.scalar, g.dtype)
                h.scalars[h.nscalars] = <_acl.aclScalar*>_created(
                    obj, 'aclCreateScalar')
                h.nscalars += 1
            elif g.kind == ARG_INTS:
                with nogil:
                    obj = nn.aclCreateIntArray(g.ints, g.n)
                h.arrays[h.narrays] = <_acl.aclIntArray*>_created(
                    obj, 'aclCreateIntArray')
                h.narrays += 1
            else:
                first = h.ntensors
                for j in range(g.n):
                    _hold_tensor(h, &g.desc[j], b't', &nin, &nout)
                with nogil:
                    obj = nn.aclCreateTensorList(
                        <const aclTensor* const*>&h.tensors[first], g.n)
                h.lists[h.nlists] = <_acl.aclTensorList*>_created(
                    obj, 'aclCreateTensorList')
                h.nlists += 1
                # the list owns its tensors now (aclnn.md 4.2)
                for j in range(first, h.ntensors):
                    h.in_list[j] = True
            vals[i].p = obj
    return 0


cdef int _bases(Args* a, intptr_t* bases) noexcept nogil:
    # The data addresses of this call, in the order of Held.tensors.
    cdef int i, j, n = 0
    for i in range(a.n):
        if a.a[i].kind == ARG_TENSOR:
            bases[n] = a.a[i].desc.base
            n += 1
        elif a.a[i].kind == ARG_LIST:
            for j in range(a.a[i].n):
                bases[n] = a.a[i].desc[j].base
                n += 1
    return n


# ----------------------------------------------------------------- launch --

cdef int _discard(aclOpExecutor* executor) noexcept:
    # A non-repeatable executor is freed only by phase 2 (aclnn.md 5): make
    # it repeatable to destroy it.
    cdef cupy_aclnn_base_table* nn = _acl.aclnn_table()
    if executor is NULL:
        return 0
    with nogil:
        if nn.aclSetAclOpExecutorRepeatable(executor) == 0:
            nn.aclDestroyAclOpExecutor(executor)
    return 0


cdef int _rebind(Entry* e, Args* a, const char** failed) except -1:
    # Point the cached executor at this call's memory; returns 0 or the
    # failing status (its function in *failed).  After a free went back to
    # the backend every address is rebound, since a new allocation may sit
    # where a freed one was.
    cdef cupy_aclnn_base_table* nn = _acl.aclnn_table()
    cdef intptr_t bases[HELD_TENSORS]
    cdef unsigned long long frees = api.xpuFreeCount()
    cdef bint every = frees != e.frees
    cdef int i, st = 0, n = 0
    cdef Held* h = &e.held
    _bases(a, bases)
    for i in range(h.ntensors):
        if not every and bases[i] == h.bases[i]:
            continue
        with nogil:
            if h.in_index[i] >= 0:
                st = nn.aclSetInputTensorAddr(
                    e.executor, h.in_index[i], h.tensors[i], <void*>bases[i])
                if st != 0:
                    failed[0] = 'aclSetInputTensorAddr'
            if st == 0 and h.out_index[i] >= 0:
                st = nn.aclSetOutputTensorAddr(
                    e.executor, h.out_index[i], h.tensors[i],
                    <void*>bases[i])
                if st != 0:
                    failed[0] = 'aclSetOutputTensorAddr'
        if st != 0:
            return st
        h.bases[i] = bases[i]
        n += 1
    e.frees = frees
    count_hit(n)
    return 0


cdef void* _entry_workspace(Entry* e, Scratch sc) except? NULL:
    # e's kept workspace, or one from the pool for this call (an
    # allocation may run finalizers: e is pinned, so they cannot reuse or
    # evict it).
    if e.ws_size == 0:
        return NULL
    if e.ws is not NULL:
        return <void*>e.ws_ptr
    return <void*>sc.alloc(<Py_ssize_t>e.ws_size)


cdef int _launch(OpSymbol op, Entry* e, void* ws, Scratch sc) except -1:
    # Phase 2 of e's executor (e pinned); a failure drops e.
    cdef int st
    with nogil:
        st = op.run(ws, e.ws_size, e.executor, <aclrtStream>sc.stream)
    if st != 0:
        drop(e)
        _acl.check(st, 'aclnn' + op.name)
    return 0


cdef int _run_cached(OpSymbol op, Entry* e, Args* a, Scratch sc) except -1:
    cdef const char* failed = NULL
    cdef void* ws = _entry_workspace(e, sc)
    cdef int st = _rebind(e, a, &failed)
    if st != 0:
        drop(e)
        _acl.check(st, failed.decode())
    return _launch(op, e, ws, sc)


cdef int _adopt(OpSymbol op, Entry* e, aclOpExecutor* executor, Held* held,
                uint64_t ws_size, Scratch sc) except -1:
    # A repeatable executor just planned becomes e's; its first launch.
    cdef void* ws
    keep_workspace(e, ws_size)
    e.ws_size = ws_size
    take_executor(e, executor, held)
    e.frees = api.xpuFreeCount()
    count_miss(True)
    ws = _entry_workspace(e, sc)
    return _launch(op, e, ws, sc)


cdef int _run_planned(OpSymbol op, Args* a, Scratch sc, Entry* e) except -1:
    # Descriptors and phase 1, then: with e (pinned, SEEN), the executor
    # made repeatable and kept in e; otherwise (or if CANN refuses) run once
    # and released.
    cdef cupy_aclnn_base_table* nn = _acl.aclnn_table()
    cdef cupy_aclnn_arg vals[ARGS_MAX]
    cdef Held held
    cdef uint64_t ws_size = 0
    cdef aclOpExecutor* ex = NULL
    cdef void* ws = NULL
    cdef int st
    held_init(&held)
    try:
        _make_descriptors(op, a, &held, vals)
        with nogil:
            st = op.phase1(op.ws, vals, &ws_size, &ex)
        if st != 0:
            ex = NULL
            _acl.check(st, 'aclnn' + op.name + 'GetWorkspaceSize')
        if e is not NULL:
            with nogil:
                st = nn.aclSetAclOpExecutorRepeatable(ex)
            if st == 0:
                _adopt(op, e, ex, &held, ws_size, sc)
                return 0
            # this plan cannot be repeated (aclnn.md 6): not again
            e.state = NEVER
        count_miss(False)
        if ws_size:
            ws = <void*>sc.alloc(<Py_ssize_t>ws_size)
        with nogil:
            st = op.run(ws, ws_size, ex, <aclrtStream>sc.stream)
        ex = NULL               # consumed by phase 2, whatever its status
        if st != 0:
            _acl.check(st, 'aclnn' + op.name)
    except BaseException:
        if e is NULL or e.executor is not ex:
            _discard(ex)
        held_release(&held, False)
        raise
    return held_release(&held, True)


cdef int aclnn_run(OpSymbol op, Args* a, Scratch scratch) except -1:
    cdef int64_t key[KEY_WORDS]
    cdef int nkey = -1
    cdef uint64_t h
    cdef Entry* e
    _check_args(op, a)
    if op.repeatable and enabled():
        nkey = _make_key(op, a, scratch.stream, key)
    if nkey <= 0:
        return _run_planned(op, a, scratch, NULL)
    h = hash_key(key, nkey)
    e = lookup(key, nkey, h)
    if e is NULL:
        # first seen: remembered, run once (one-off calls cost no cache)
        unpin(insert(key, nkey, h, scratch.stream, <int>key[3]))
        return _run_planned(op, a, scratch, NULL)
    if e.busy or e.state == NEVER:
        return _run_planned(op, a, scratch, NULL)   # re-entrant, refused
    e.busy += 1
    try:
        if e.state == SEEN:
            return _run_planned(op, a, scratch, e)
        return _run_cached(op, e, a, scratch)
    finally:
        unpin(e)
