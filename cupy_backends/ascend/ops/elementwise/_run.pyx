# cython: boundscheck=False, wraparound=False, cdivision=True
# The 'elementwise' operation of the ascend provider (operations.md): runs
# the program of one NumPy loop (_table.py) on aclnn operators.
#
# Per call: the operands' Views are simplified together (size-1 axes
# dropped, axes where out0 runs backwards flipped in every operand, axes
# ordered and merged), so most calls are 1-D; inputs that still run
# backwards are copied forwards (aclnn takes no negative strides).  Then
# the program runs in three passes: steps whose operands are all host
# scalars are folded on the host with NumPy (a SWhere with a host
# condition picks its operand), dead steps are dropped, the others become
# aclnn calls, each in the operator form that takes its scalar operands
# (Adds, EqScalar, ...), a scalar made a 1-element device tensor (a fill,
# no host transfer) where no form takes it.  Temporaries come from the
# memory pool; a temporary that is the result is written in the output
# itself.  An output that aliases an input is written through a temporary
# when a later step still reads that input.

import numpy

from libc.stdint cimport intptr_t, int64_t, uint64_t, INT64_MAX

from cupy_backends.ascend.ops._copy cimport copy_desc, fill_desc
from cupy_backends.ascend.ops._dtype cimport (
    ACL_BOOL, ACL_INT32, ACL_INT64, ACL_UINT64, ACL_DOUBLE, ACL_COMPLEX128)
from cupy_backends.ascend.ops.elementwise cimport _plan
from cupy_backends.ascend.ops.elementwise._plan cimport (
    Program, Step, plans_for, SIG_T, SIG_TT, SIG_TTA, SIG_TS, SIG_TSA,
    SIG_ST, SIG_TTT, SIG_TSS, SIG_NAN, SIG_TTTV, _MAXREG, _MAXSTEP, _ND, _MAXVIEW,
    _MAXOUT, K_IN, K_OUT, K_CONST, K_ATTR, K_TEMP, K_DERIVED, S_NONE,
    S_TENSOR, S_SCALAR, S_ALIAS, X_ACLNN, X_CAST, X_COPY, SP_NONE, SP_WHERE,
    SP_NAN, SP_POW)
from cupy_backends.ascend.ops._aclnn cimport (
    OpSymbol, op_symbol, Args, ScalarBytes, args_init, arg_tensor,
    arg_scalar, arg_float, aclnn_run)
from cupy_backends.ascend.ops._scratch cimport Scratch
from cupy_backends.ascend.ops import _executor_cache
from cupy.xpu.memory cimport MemoryPointer
from cupy.xpu.memory_pool cimport MemoryPool
from cupy.xpu.memory_pool import get_default_memory_pool
from libc.string cimport memset
from cupy_backends.ascend.ops._tensor cimport (
    Desc, desc_from_view, desc_flip_axis, desc_has_negative,
    desc_is_contiguous)
from cupy_backends.backend cimport api
from cupy_backends.backend.provider cimport View

from cupy_backends.backend.provider import OperationNotSupported
from cupy_backends.ascend.ops.elementwise import _table

cdef MemoryPool _pool = get_default_memory_pool()

# operands per signature
cdef int _nops(int sig) noexcept nogil:
    if sig == SIG_T or sig == SIG_NAN:
        return 1
    if sig == SIG_TTT or sig == SIG_TSS or sig == SIG_TTTV:
        return 3
    return 2

cdef struct Register:
    int state
    int alias
    int code            # aclDataType
    int itemsize
    int placed          # a temporary stored in output register `placed`
    bint owned          # a temporary in scratch memory of its own
    intptr_t base
    int64_t storage
    int64_t offset
    int64_t strides[8]




# ------------------------------------------------------------------ call --

cdef class _Context:
    cdef Program plan
    cdef list svals
    cdef Scratch sc
    cdef dict attrs
    cdef int ndim
    cdef int64_t numel
    cdef int64_t shape[8]


# One spare context: the steady state of a call makes none (issue 9).  The
# interpreter lock makes taking and giving back atomic; a call that finds
# none (another thread's, or a nested call) makes its own.
cdef _Context _spare = None


cdef _Context _take_context(Program p, dict attrs, intptr_t stream):
    global _spare
    cdef _Context c = _spare
    cdef Py_ssize_t i
    if c is None:
        c = _Context()
        c.sc = Scratch(stream)
    else:
        _spare = None
        c.sc.stream = stream
    c.plan = p
    c.attrs = attrs
    if c.svals is not None and len(c.svals) == p.nregs:
        for i in range(p.nregs):
            c.svals[i] = None
    else:
        c.svals = [None] * p.nregs
    return c


cdef void _give_back(_Context c) noexcept:
    global _spare
    c.plan = None
    c.attrs = None
    _spare = c


cdef int _follow(Register* regs, int r) noexcept:
    while regs[r].state == S_ALIAS:
        r = regs[r].alias
    return r


cdef int _key(_Context c, Register* regs, int r) noexcept:
    # the register that owns r's storage or value
    while True:
        if c.plan.kind[r] == K_DERIVED:
            r = c.plan.index[r]
        elif regs[r].state == S_ALIAS:
            r = regs[r].alias
        else:
            return r


cdef bint _is_scalar(_Context c, Register* regs, int r) noexcept:
    return regs[_key(c, regs, r)].state == S_SCALAR


cdef object _scalar(_Context c, Register* regs, int r):
    # the host value of a scalar register (derived values computed)
    r = _follow(regs, r)
    if c.plan.kind[r] != K_DERIVED or c.svals[r] is not None:
        return c.svals[r]
    v = _scalar(c, regs, c.plan.index[r])
    dt = c.plan.npdt[r]
    if c.plan.part[r] == 0:
        v = v.real
    elif c.plan.part[r] == 1:
        v = v.imag
    if v.dtype != dt:
        v = numpy.array(v).view(dt)[()]
    c.svals[r] = v
    if regs[r].state == S_NONE:
        regs[r].state = S_SCALAR
    return v


cdef int _set_contiguous(_Context c, Register* g, intptr_t base, int code,
                         int itemsize) noexcept:
    cdef int64_t acc = 1
    cdef int i
    g.base = base
    g.code = code
    g.itemsize = itemsize
    g.offset = 0
    g.storage = c.numel
    g.placed = -1
    for i in range(c.ndim - 1, -1, -1):
        g.strides[i] = acc
        acc *= c.shape[i]
    g.state = S_TENSOR
    return 0


cdef int _alloc(_Context c, Register* g, int code, int itemsize) except -1:
    _set_contiguous(c, g, c.sc.alloc(c.numel * itemsize), code, itemsize)
    return 0


cdef void _to_desc(_Context c, const Register* g, Desc* d) noexcept:
    cdef int i
    d.base = g.base
    d.storage = g.storage
    d.offset = g.offset
    d.dtype = g.code
    d.itemsize = g.itemsize
    d.ndim = c.ndim
    for i in range(c.ndim):
        d.shape[i] = c.shape[i]
        d.strides[i] = g.strides[i]


cdef int _scalar_bytes(object v, char kind, ScalarBytes* out) except -1:
    if kind == b'b':
        out.b = 1 if v else 0
        return ACL_BOOL
    if kind == b'i':
        out.i = int(v)
        return ACL_INT64
    if kind == b'u':
        x = int(v)
        if x > INT64_MAX:
            out.u = x
            return ACL_UINT64
        out.i = x
        return ACL_INT64
    if kind == b'f':
        out.f = float(v)
        return ACL_DOUBLE
    z = complex(v)
    out.c[0] = z.real
    out.c[1] = z.imag
    return ACL_COMPLEX128


cdef bint _is_zero(object v, char kind):
    if kind == b'f':
        return v == 0 and not numpy.signbit(v)
    if kind == b'c':
        return v == 0 and not numpy.signbit(v.real) and \
            not numpy.signbit(v.imag)
    return v == 0


cdef OpSymbol _fill_op = None

# The literal scalars of programs (Horner coefficients, the literal self of
# a fused step) made 1-element tensors, kept per device, stream, dtype and
# value bits: a replayed kernel fills none of them again (Black-Scholes:
# 10 fills a call).  Keyed by stream, so a constant is only read after
# its fill on that stream (in order); read-only (a step never writes a
# const register).  Bounded: past _max_constants a value is filled per
# call as before.  Emptied with the executor cache (its on_clear hook:
# at exit, on a device reset, before the test run's leak check).
cdef int _max_constants = 256     # 1-element tensors: 256 pool blocks
cdef dict _constants = {}


def clear_constants():
    _constants.clear()


def constants(max_count=None):
    """The number of cached constant tensors; with max_count, the bound is
    set to it first (returns (count, previous bound)) -- for tests."""
    global _max_constants
    old = _max_constants
    if max_count is not None:
        _max_constants = max_count
        return len(_constants), old
    return len(_constants)


_executor_cache.on_clear(clear_constants)


cdef int _fill_one(intptr_t p, int code, int isz, char kind, object v,
                   Scratch sc) except -1:
    global _fill_op
    cdef Desc d
    cdef ScalarBytes sb
    cdef Args a
    cdef int sdt
    if _is_zero(v, kind):
        api.xpuMemsetAsync(p, 0, isz, sc.stream)
        return 0
    if _fill_op is None:
        _fill_op = op_symbol('InplaceFillScalar')
    d.base = p
    d.storage = 1
    d.offset = 0
    d.dtype = code
    d.itemsize = isz
    d.ndim = 1
    d.shape[0] = 1
    d.strides[0] = 1
    sdt = _scalar_bytes(v, kind, &sb)
    args_init(&a)
    arg_tensor(&a, &d)
    arg_scalar(&a, &sb, sdt)
    aclnn_run(_fill_op, &a, sc)
    return 0


cdef intptr_t _constant(_Context c, int code, int isz, char kind,
                        object v) except 0:
    # the cached 1-element tensor of value v, filled at its first use
    cdef ScalarBytes sb
    cdef MemoryPointer mp
    cdef intptr_t p
    memset(&sb, 0, sizeof(ScalarBytes))
    sdt = _scalar_bytes(v, kind, &sb)
    key = (api.xpuGetDevice(), c.sc.stream, code, sdt,
           (<char*>&sb)[:sizeof(ScalarBytes)])
    mp = _constants.get(key)
    if mp is not None:
        return mp.ptr
    if len(_constants) >= _max_constants:
        p = c.sc.alloc(isz)
    else:
        mp = _pool.malloc(isz)
        p = mp.ptr
    _fill_one(p, code, isz, kind, v, c.sc)
    if mp is not None:
        _constants[key] = mp
    return p


cdef int _materialize(_Context c, Register* regs, int r) except -1:
    # a scalar register as a 1-element device tensor broadcast to the
    # shape (a fill: nothing crosses from the host; a literal's tensor is
    # kept, see _constants)
    cdef int code = c.plan.code[r], isz = c.plan.isz[r], i
    cdef char kind = c.plan.kind_char[r]
    cdef intptr_t p
    v = _scalar(c, regs, r)
    if c.plan.kind[r] == K_CONST:
        p = _constant(c, code, isz, kind, v)
    else:
        p = c.sc.alloc(isz)
        _fill_one(p, code, isz, kind, v, c.sc)
    # r itself becomes the tensor (derived or not: its own entry)
    regs[r].state = S_TENSOR
    regs[r].base = p
    regs[r].code = code
    regs[r].itemsize = isz
    regs[r].storage = 1
    regs[r].offset = 0
    regs[r].placed = -1
    for i in range(c.ndim):
        regs[r].strides[i] = 0
    return r


cdef int _tensor(_Context c, Register* regs, int r) except -1:
    # r's register holding a device tensor (allocating a temporary, making
    # a derived view, materializing a scalar); returns its index
    cdef int b, i, o
    cdef Register* g
    cdef Register* src
    r = _follow(regs, r)
    g = &regs[r]
    if g.state == S_TENSOR:
        return r
    if g.state == S_SCALAR:
        return _materialize(c, regs, r)
    if c.plan.kind[r] == K_DERIVED:
        b = c.plan.index[r]
        if _is_scalar(c, regs, b):
            _scalar(c, regs, r)
            return _materialize(c, regs, r)
        b = _tensor(c, regs, b)
        src = &regs[b]
        g[0] = src[0]
        g.placed = -1
        g.owned = False
        if c.plan.part[r] >= 0:
            for i in range(c.ndim):
                g.strides[i] = src.strides[i] * 2
            g.offset = src.offset * 2 + c.plan.part[r]
            g.storage = src.storage * 2
        g.code = c.plan.code[r]
        g.itemsize = c.plan.isz[r]
        g.state = S_TENSOR
        return r
    # a temporary written now: in its output if placed there
    o = g.placed
    if o >= 0:
        src = &regs[o]          # the output's own storage
        g[0] = src[0]
        g.placed = o
        g.owned = False
        g.code = c.plan.code[r]
        g.itemsize = c.plan.isz[r]
        g.state = S_TENSOR
        return r
    _alloc(c, g, c.plan.code[r], c.plan.isz[r])
    g.owned = True
    return r


# ------------------------------------------------------------- execution --

cdef int _exec_copy(_Context c, Register* regs, Step st) except -1:
    cdef Desc d, s
    cdef int dr = _tensor(c, regs, st.dst)
    _to_desc(c, &regs[dr], &d)
    if _is_scalar(c, regs, st.args[0]):
        fill_desc(&d, c.plan.npdt[st.dst], _scalar(c, regs, st.args[0]),
                  c.sc)
        return 0
    cdef int sr = _tensor(c, regs, st.args[0])
    _to_desc(c, &regs[sr], &s)
    return copy_desc(&d, &s, c.sc)


cdef object _attr_float(_Context c, str key, object dt, int which):
    v = c.attrs.get(key)
    if v is None:
        if which == 0:
            return 0.0
        fi = numpy.finfo(dt)
        return float(fi.max if which > 0 else fi.min)
    return float(v)


cdef int _choose_form(_Context c, Register* regs, Step st, int* scalar_mask) except -1:
    # The operator form taking the step's host-scalar operands (Adds for
    # a scalar addend ...) when it runs this dtype and the scalars are in
    # its range; otherwise form 0, the scalars made device tensors.
    cdef int i, k, mask = 0, vr, code
    cdef int64_t limit
    for i in range(st.nargs):
        if _is_scalar(c, regs, st.args[i]):
            mask |= 1 << i
    scalar_mask[0] = 0
    if not mask:
        return 0
    vr = st.args[1] if st.special == SP_WHERE else st.args[0]
    code = c.plan.code[vr]
    for k in range(1, st.nforms):
        if st.mask[k] != mask:
            continue
        if st.syms[k] is None or not (st.dtypes[k] >> code) & 1:
            break
        limit = st.limit[k]
        if limit and (code == ACL_INT32 or code == ACL_INT64):
            for i in range(st.nargs):
                if mask & (1 << i) and \
                        abs(int(_scalar(c, regs, st.args[i]))) > limit:
                    return _no_scalar_form(c, regs, st, mask)
        scalar_mask[0] = mask
        return k
    return _no_scalar_form(c, regs, st, mask)


cdef int _no_scalar_form(_Context c, Register* regs, Step st, int mask) except -1:
    cdef int i
    for i in range(st.nargs):
        if mask & (1 << i):
            _tensor(c, regs, st.args[i])
    return 0


cdef int _push_operands(_Context c, Register* regs, Step st, int form, int mask,
                        Args* a, Desc* descs, ScalarBytes* values) except -1:
    # The step's operands in the form's order: host scalars as aclScalars,
    # the others as tensors (descs and values live until the call).
    cdef int i, pos, reg
    for i in range(_nops(st.sig[form])):
        pos = st.order[form][i]
        reg = st.args[pos]
        if mask & (1 << pos):
            arg_scalar(a, &values[i], _scalar_bytes(
                _scalar(c, regs, reg), c.plan.kind_char[reg], &values[i]))
        else:
            _to_desc(c, &regs[_tensor(c, regs, reg)], &descs[i])
            arg_tensor(a, &descs[i])
    return 0


cdef int _push_attributes(_Context c, Step st, int form, Args* a,
                          ScalarBytes* alpha) except -1:
    # alpha = 1 of Add/Sub (bool for bool operands), or the step's literal
    # (Axpy's alpha, Addcmul's and Addcdiv's value, in the operands' kind);
    # nan, posinf, neginf of NanToNum (float arguments, NumPy's defaults)
    cdef int sig = st.sig[form]
    if (sig == SIG_TTA or sig == SIG_TSA or sig == SIG_TTTV) and \
            st.alpha is not None:
        arg_scalar(a, alpha, _scalar_bytes(
            st.alpha, c.plan.kind_char[st.args[0]], alpha))
    elif sig == SIG_TTA or sig == SIG_TSA:
        if c.plan.kind_char[st.args[0]] == b'b':
            alpha.b = 1
            arg_scalar(a, alpha, ACL_BOOL)
        else:
            alpha.i = 1
            arg_scalar(a, alpha, ACL_INT64)
    elif sig == SIG_NAN:
        dt = c.plan.npdt[st.args[0]]
        arg_float(a, _attr_float(c, 'nan', dt, 0))
        arg_float(a, _attr_float(c, 'posinf', dt, 1))
        arg_float(a, _attr_float(c, 'neginf', dt, -1))
    return 0


cdef int _exec_aclnn(_Context c, Register* regs, Step st) except -1:
    # One aclnn call; into a contiguous temporary when the operator wants
    # a contiguous out and the destination is strided.
    cdef int mask, form = _choose_form(c, regs, st, &mask)
    cdef int dst_reg = _tensor(c, regs, st.dst)
    cdef Register* dst = &regs[dst_reg]
    cdef Register tmp
    cdef Args a
    cdef Desc descs[4]
    cdef ScalarBytes values[4]
    cdef bint through_temp
    _to_desc(c, dst, &descs[3])
    through_temp = st.contig[form] and not desc_is_contiguous(&descs[3])
    if through_temp:
        _alloc(c, &tmp, dst.code, dst.itemsize)
        _to_desc(c, &tmp, &descs[3])
    args_init(&a)
    _push_operands(c, regs, st, form, mask, &a, descs, values)
    _push_attributes(c, st, form, &a, &values[3])
    arg_tensor(&a, &descs[3])
    aclnn_run(<OpSymbol>st.syms[form], &a, c.sc)
    if through_temp:
        _to_desc(c, &regs[dst_reg], &descs[0])
        _to_desc(c, &tmp, &descs[1])
        copy_desc(&descs[0], &descs[1], c.sc)
    return 0


cdef bint _overlap(_Context c, const Register* a, const Register* b) noexcept:
    # byte ranges of two views of one allocation intersect
    cdef int64_t alo, ahi, blo, bhi, s
    cdef int i
    if a.base != b.base:
        return False
    alo = ahi = a.offset * a.itemsize
    blo = bhi = b.offset * b.itemsize
    for i in range(c.ndim):
        s = a.strides[i] * (c.shape[i] - 1) * a.itemsize
        if s < 0:
            alo += s
        else:
            ahi += s
        s = b.strides[i] * (c.shape[i] - 1) * b.itemsize
        if s < 0:
            blo += s
        else:
            bhi += s
    return alo < bhi + b.itemsize and blo < ahi + a.itemsize


cdef int _fold_on_host(_Context c, Register* regs, Step st,
                       unsigned char* pending) except -1:
    # Pass 1 for one step: fold it on the host when all its operands are
    # host scalars, decide a select on a host condition, turn a copy into
    # an alias; otherwise leave it pending for the device.
    cdef Program p = c.plan
    cdef int j, d = st.dst
    pending[0] = 0
    if p.kind[d] == K_DERIVED:
        pending[0] = 1
        return 0
    if st.op == X_ACLNN and st.special == SP_WHERE and \
            _is_scalar(c, regs, st.args[0]):
        _alias(c, regs, d, st.args[1] if _scalar(c, regs, st.args[0])
               else st.args[2])
        return 0
    if st.op == X_COPY:
        # done by the aliasing (an output is filled or copied at the end,
        # or written in place by the step that makes the value)
        return _alias(c, regs, d, st.args[0])
    for j in range(st.nargs):
        if not _is_scalar(c, regs, st.args[j]):
            pending[0] = 1
            return 0
    if st.op == X_ACLNN and (st.fold is None or st.special == SP_WHERE):
        pending[0] = 1
        return 0
    with numpy.errstate(all='ignore'):
        if st.op == X_CAST:
            v = numpy.asarray(_scalar(c, regs, st.args[0]))
        else:
            v = numpy.asarray(st.fold(*[_scalar(c, regs, st.args[j])
                                        for j in range(st.nargs)]))
        c.svals[d] = v.astype(p.npdt[d])[()]
    regs[d].state = S_SCALAR
    return 0


cdef int _drop_dead_steps(_Context c, Register* regs,
                          unsigned char* pending) except -1:
    # Pass 2: keep the pending steps whose results an output needs;
    # returns how many are left.
    cdef Program p = c.plan
    cdef unsigned char needed[_MAXREG]
    cdef Step st
    cdef int i, j, k, live = 0
    for i in range(p.nregs):
        needed[i] = 0
    for k in range(p.nout):
        needed[_key(c, regs, p.nin + k)] = 1
    for i in range(p.nsteps - 1, -1, -1):
        if not pending[i]:
            continue
        st = <Step>p.steps[i]
        if not needed[_key(c, regs, st.dst)]:
            pending[i] = 0
            continue
        live += 1
        for j in range(st.nargs):
            needed[_key(c, regs, st.args[j])] = 1
    return live


cdef bint _read_after_written(_Context c, Register* regs, int o,
                              const unsigned char* pending):
    # Whether a step after the one that writes output o reads an input
    # that overlaps o (then o is written through a temporary).
    cdef Program p = c.plan
    cdef Step st
    cdef int i, j, r
    cdef bint written = False
    for i in range(p.nsteps):
        if not pending[i]:
            continue
        st = <Step>p.steps[i]
        if not written:
            r = _key(c, regs, st.dst)
            written = r == o or regs[r].placed == o
            continue
        for j in range(st.nargs):
            r = _key(c, regs, st.args[j])
            if p.kind[r] == K_IN and regs[r].state == S_TENSOR and \
                    _overlap(c, &regs[r], &regs[o]):
                return True
    return False


cdef int _write_output(_Context c, Register* regs, int o) except -1:
    # An output not written in place by its step: filled (a value folded
    # on the host) or copied from the register that holds its value.
    cdef Program p = c.plan
    cdef Desc dst, src
    cdef int r = _follow(regs, o)
    if r == o and regs[o].state == S_SCALAR:
        _to_desc(c, &regs[o], &dst)
        return fill_desc(&dst, p.npdt[o], c.svals[o], c.sc)
    if r == o or (regs[r].state == S_TENSOR and regs[r].placed == o):
        return 0
    _to_desc(c, &regs[o], &dst)
    if _is_scalar(c, regs, r):
        return fill_desc(&dst, p.npdt[o], _scalar(c, regs, r), c.sc)
    _to_desc(c, &regs[_tensor(c, regs, r)], &src)
    if not _same_view(&dst, &src):
        copy_desc(&dst, &src, c.sc)
    return 0


cdef int _run_program(_Context c, Register* regs) except -1:
    cdef Program p = c.plan
    cdef Step st
    cdef int i, k, o, state, alias
    cdef unsigned char pending[_MAXSTEP]
    cdef Register saved[_MAXOUT]
    cdef bint redirected[_MAXOUT]
    cdef int last[_MAXREG]
    cdef Desc dst, src
    for i in range(p.nsteps):
        _fold_on_host(c, regs, <Step>p.steps[i], &pending[i])
    for k in range(p.nout):
        redirected[k] = False
    if _drop_dead_steps(c, regs, pending) > 1:
        # outputs that alias an input a later step reads: through
        # temporaries, copied at the end
        for k in range(p.nout):
            o = p.nin + k
            if _read_after_written(c, regs, o, pending):
                saved[k] = regs[o]
                state, alias = regs[o].state, regs[o].alias
                _alloc(c, &regs[o], regs[o].code, regs[o].itemsize)
                regs[o].state, regs[o].alias = state, alias
                redirected[k] = True
    _last_uses(c, regs, pending, last)
    for i in range(p.nsteps):
        if pending[i]:
            st = <Step>p.steps[i]
            if st.op == X_ACLNN:
                _exec_aclnn(c, regs, st)
            else:
                _exec_copy(c, regs, st)
            _free_dead(c, regs, st, i, last)
    for k in range(p.nout):
        o = p.nin + k
        _write_output(c, regs, o)
        if redirected[k]:
            _to_desc(c, &saved[k], &dst)
            _to_desc(c, &regs[o], &src)
            copy_desc(&dst, &src, c.sc)
    return 0


cdef int _last_uses(_Context c, Register* regs, const unsigned char* pending,
                    int* last) except -1:
    # last[r]: the last pending step that reads or writes the storage of
    # register r (an output's, read at the end, counts as never)
    cdef Program p = c.plan
    cdef Step st
    cdef int i, j
    for i in range(p.nregs):
        last[i] = -1
    for i in range(p.nsteps):
        if pending[i]:
            st = <Step>p.steps[i]
            last[_key(c, regs, st.dst)] = i
            for j in range(st.nargs):
                last[_key(c, regs, st.args[j])] = i
    for i in range(p.nout):
        last[_key(c, regs, p.nin + i)] = p.nsteps
    return 0


cdef int _free_dead(_Context c, Register* regs, Step st, int i,
                    const int* last) except -1:
    # The temporaries step i used last go back to the pool now, so the
    # next steps reuse their memory (as a sequence of ufunc calls does)
    # instead of touching a new buffer per step.
    cdef int j, r
    for j in range(-1, st.nargs):
        r = _key(c, regs, st.dst if j < 0 else st.args[j])
        if last[r] == i and regs[r].owned and regs[r].state == S_TENSOR:
            c.sc.free(regs[r].base)
            regs[r].owned = False
    return 0


cdef bint _same_view(const Desc* a, const Desc* b) noexcept:
    cdef int i
    if a.base != b.base or a.offset != b.offset or a.dtype != b.dtype:
        return False
    for i in range(a.ndim):
        if a.strides[i] != b.strides[i]:
            return False
    return True


cdef int _alias(_Context c, Register* regs, int d, int src) except -1:
    # d takes src's value; an output taking a temporary not yet written
    # gets it written in place
    cdef int r = _follow(regs, src)
    if r == d:
        return 0
    if c.plan.kind[d] == K_OUT and c.plan.kind[r] == K_TEMP and \
            regs[r].state == S_NONE and regs[r].placed < 0 and \
            c.plan.code[r] == c.plan.code[d]:
        regs[r].placed = d
    regs[d].state = S_ALIAS
    regs[d].alias = r
    return 0


# ------------------------------------------------------- operand layout --

cdef void _simplify(Desc** ds, int n) noexcept:
    # all of one shape; ds[0] (out0) leads: its backward axes are flipped
    # in every operand, axes are ordered by its strides and merged where
    # every operand allows
    cdef Desc* a = ds[0]
    cdef int i, j, k, m = 0, nd = a.ndim
    cdef int64_t t
    cdef bint ok
    for i in range(nd):
        if a.shape[i] == 1:
            continue
        if a.strides[i] < 0:
            for k in range(n):
                desc_flip_axis(ds[k], i)
        for k in range(n):
            ds[k].shape[m] = ds[k].shape[i]
            ds[k].strides[m] = ds[k].strides[i]
        m += 1
    for k in range(n):
        ds[k].ndim = m
    for i in range(1, m):
        j = i
        while j > 0 and a.strides[j - 1] < a.strides[j]:
            for k in range(n):
                t = ds[k].shape[j - 1]
                ds[k].shape[j - 1] = ds[k].shape[j]
                ds[k].shape[j] = t
                t = ds[k].strides[j - 1]
                ds[k].strides[j - 1] = ds[k].strides[j]
                ds[k].strides[j] = t
            j -= 1
    if m < 2:
        return
    j = 0
    for i in range(1, m):
        ok = True
        for k in range(n):
            if ds[k].strides[j] != ds[k].strides[i] * ds[k].shape[i]:
                ok = False
                break
        if ok:
            for k in range(n):
                ds[k].shape[j] *= ds[k].shape[i]
                ds[k].strides[j] = ds[k].strides[i]
        else:
            j += 1
            for k in range(n):
                ds[k].shape[j] = ds[k].shape[i]
                ds[k].strides[j] = ds[k].strides[i]
    for k in range(n):
        ds[k].ndim = j + 1


cdef int _load(Register* g, const Desc* d) noexcept:
    cdef int i
    g.state = S_TENSOR
    g.base = d.base
    g.storage = d.storage
    g.offset = d.offset
    g.code = d.dtype
    g.itemsize = d.itemsize
    g.placed = -1
    for i in range(d.ndim):
        g.strides[i] = d.strides[i]
    return 0


cdef int _execute(_Context c, Desc* ds, int* vreg, int nv) except -1:
    # ds: the simplified operand descriptions (all of one shape), vreg
    # their registers
    cdef Register regs[_MAXREG]
    cdef Desc sub[_MAXVIEW]
    cdef Program p = c.plan
    cdef int i, k, r
    cdef int64_t j
    if ds[0].ndim > _ND:
        # too many axes for aclnn: one program per index of the first
        for j in range(ds[0].shape[0]):
            for k in range(nv):
                sub[k] = ds[k]
                sub[k].offset += j * ds[k].strides[0]
                for i in range(ds[k].ndim - 1):
                    sub[k].shape[i] = ds[k].shape[i + 1]
                    sub[k].strides[i] = ds[k].strides[i + 1]
                sub[k].ndim -= 1
            _execute(c, sub, vreg, nv)
        return 0
    c.ndim = ds[0].ndim
    c.numel = 1
    for i in range(c.ndim):
        c.shape[i] = ds[0].shape[i]
        c.numel *= c.shape[i]
    if c.ndim == 0:
        c.ndim = 1
        c.shape[0] = 1
        for k in range(nv):
            ds[k].ndim = 1
            ds[k].shape[0] = 1
            ds[k].strides[0] = 1
    for r in range(p.nregs):
        regs[r].state = S_NONE
        regs[r].placed = -1
        regs[r].owned = False
        if p.kind[r] == K_CONST or p.kind[r] == K_ATTR or \
                (p.kind[r] == K_IN and c.svals[r] is not None):
            regs[r].state = S_SCALAR
    for k in range(nv):
        _load(&regs[vreg[k]], &ds[k])
    return _run_program(c, regs)


cdef object _attr_value(dict attrs, str key, object dt):
    if key == 'scale':
        return numpy.array(10.0 ** abs(int(attrs.get('decimals', 0)))
                           ).astype(dt)[()]
    v = attrs.get(key)
    if v is None:
        if key == 'nan':
            v = 0.0
        else:
            fi = numpy.finfo(dt)
            v = fi.max if key == 'posinf' else fi.min
    with numpy.errstate(all='ignore'):
        return numpy.array(v).astype(dt)[()]


cdef Program _select(dict variants, tuple ins, dict attrs):
    cdef Program p
    cdef int mask = 0, i
    if 'decimals' in attrs:
        dec = int(attrs['decimals'])
        if dec > 0:
            return variants.get('decimals_pos', variants[''])
        if dec < 0:
            p = variants.get('decimals_neg')
            if p is None:
                raise OperationNotSupported('round: negative decimals')
            return p
        return variants['']
    if len(variants) == 1:
        return variants['']
    for i in range(len(ins)):
        if not isinstance(ins[i], View):
            mask |= 1 << i
    for key, p in variants.items():
        if isinstance(key, tuple) and key[0] == 'scalars' and \
                (mask & key[1]) == key[1]:
            return p
    return variants['']


cpdef frozenset elementwise_loops(str name):
    """The loops of `name` the provider runs on device."""
    return _plan.elementwise_loops(name)


cdef Program _program_of(str name, str loop, tuple ins, tuple outs,
                         dict attrs):
    cdef dict plans = plans_for(name)
    cdef dict variants = plans.get(loop)
    cdef Program p
    if variants is None:
        variants = plans.get(_table.normalize(loop))
        if variants is None:
            raise OperationNotSupported(
                'elementwise {} {}: not on device'.format(name, loop))
    p = _select(variants, ins, attrs)
    if len(ins) != p.nin or len(outs) != p.nout:
        raise ValueError('elementwise {} {}: {} inputs and {} outputs '
                         'given'.format(name, loop, len(ins), len(outs)))
    return p


cdef int _load_operands(_Context c, tuple outs, tuple ins, Desc* ds,
                        int* vreg) except -1:
    # The device operands (outputs first) as descriptions, each with its
    # register; host scalars cast to their loop dtype.  Returns how many
    # device operands there are.
    cdef Program p = c.plan
    cdef tuple shape = (<View>outs[0]).shape
    cdef int j, k, nv = 0, n = p.nin + p.nout
    cdef View v
    for j in range(n):
        k = (j + p.nin) % n     # outputs first: _simplify leads with out0
        x = outs[k - p.nin] if k >= p.nin else ins[k]
        if k >= p.nin and not isinstance(x, View):
            raise TypeError('elementwise {}: output {} is not a View'.format(
                p.name, k - p.nin))
        if not isinstance(x, View):
            dt = p.npdt[k]
            if getattr(x, 'dtype', None) != dt:
                with numpy.errstate(all='ignore'):
                    x = numpy.array(x).astype(dt)[()]
            c.svals[k] = x
            continue
        v = x
        if v.shape != shape:
            raise ValueError('elementwise {}: operand shape {} is not the '
                             'output shape {}'.format(p.name, v.shape, shape))
        desc_from_view(&ds[nv], v)
        if ds[nv].dtype != p.code[k]:
            raise TypeError('elementwise {} {}: operand {} has dtype '
                            '{}'.format(p.name, p.loop, k, v.dtype))
        vreg[nv] = k
        nv += 1
    return nv


cpdef run_elementwise(tuple outs, tuple ins, dict attrs, intptr_t stream):
    cdef Program p = _program_of(attrs['name'], attrs['loop'], ins, outs,
                                 attrs)
    cdef _Context c
    cdef Desc ds[_MAXVIEW]
    cdef Desc* dp[_MAXVIEW]
    cdef Desc t
    cdef Desc back[_MAXVIEW]
    cdef int back_i[_MAXVIEW]
    cdef int vreg[_MAXVIEW]
    cdef int nv, i, r, nback = 0
    c = _take_context(p, attrs, stream)
    nv = _load_operands(c, outs, ins, ds, vreg)
    if 0 in (<View>outs[0]).shape:
        _give_back(c)
        return None             # nothing to compute (operations.md)
    for r in range(p.nregs):
        if p.kind[r] == K_CONST:
            c.svals[r] = p.obj[r]
        elif p.kind[r] == K_ATTR:
            c.svals[r] = _attr_value(attrs, p.obj[r], p.npdt[r])
    for i in range(nv):
        dp[i] = &ds[i]
    try:
        _simplify(dp, nv)
        for i in range(nv):
            if not desc_has_negative(&ds[i]):
                continue
            t = ds[i]
            c.sc.temp(&ds[i], t.dtype, t.itemsize, t.ndim, t.shape)
            if vreg[i] >= p.nin:
                # an output running backwards: written forwards into a
                # temporary, copied at the end
                back[nback] = t
                back_i[nback] = i
                nback += 1
            else:
                copy_desc(&ds[i], &t, c.sc)
        _execute(c, ds, vreg, nv)
        for i in range(nback):
            copy_desc(&back[i], &ds[back_i[i]], c.sc)
    finally:
        c.sc.release()
    _give_back(c)
    return None


# ------------------------------------------------- the provider's tables --
# OPERATIONS: op -> entry(outs, ins, attrs, stream).  The routes of the
# elementwise loops are computed on demand (their plans compile when first
# asked for): routes(name) -> {loop: route}.  _provider.pyx merges every
# family's tables.

OPERATIONS = {'elementwise': run_elementwise}

_CASTS = frozenset(['Widen', 'Cast'])
_routes_of = {}


def _route_of_plan(plan):
    # one aclnn operator: native; one between exact casts: cast; more:
    # composed
    steps = [step[0] for step in plan.source.steps]
    ops = [op for op in steps if op not in _CASTS]
    if len(ops) > 1:
        return 'composed'
    return 'cast' if len(ops) < len(steps) else 'native'


def routes(str name):
    """{loop: 'native' | 'cast' | 'composed'} of elementwise `name`, the
    loops written as NumPy's ufunc.types writes them (int64 both as 'l'
    and 'q')."""
    r = _routes_of.get(name)
    if r is None:
        from cupy_backends.ascend.ops.elementwise._plan import plan_of
        r = {}
        for loop in elementwise_loops(name):
            r[loop] = _route_of_plan(plan_of(name, loop))
        _routes_of[name] = r
    return r
