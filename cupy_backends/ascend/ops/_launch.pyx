# The two-phase run: see _launch.pxd.

from libc.stdint cimport intptr_t, int64_t, uint64_t

from cupy_backends.ascend cimport _acl
from cupy_backends.ascend._acl cimport (
    aclTensor, aclScalar, aclIntArray, aclTensorList, aclOpExecutor,
    aclrtStream, cupy_aclnn_base_table)
from cupy_backends.ascend.ops._tensor cimport Desc, desc_contiguous
from cupy_backends.ascend.ops._tensor cimport create_tensor
from cupy_backends.backend cimport api
from cupy.xpu.memory cimport MemoryPointer
from cupy.xpu.memory_pool cimport MemoryPool
from cupy.xpu.stream cimport get_current_stream_ptr

from cupy_backends.ascend._errors import OperatorNotFoundError
from cupy_backends.backend.provider import OperationNotSupported
from cupy.xpu.memory_pool import get_default_memory_pool

cdef enum:
    _ACLNN_ERR_INNER = 561000       # aclnn.md section 7

cdef cupy_aclnn_base_table* _nn = NULL
cdef dict _symbols = {}
cdef MemoryPool _pool = get_default_memory_pool()


cdef inline cupy_aclnn_base_table* _table() except NULL:
    global _nn
    if _nn is NULL:
        _nn = _acl.aclnn_table()
    return _nn


cdef class OpSymbol:

    def __init__(self, str name):
        self.name = name

    cdef int resolve(self) except -1:
        if self.resolved:
            return 0
        try:
            self.ws = _acl.op_workspace_fn(self.name)
            self.run = _acl.op_run_fn(self.name)
        except OperatorNotFoundError as e:
            raise OperationNotSupported(str(e)) from e
        self.resolved = True
        return 0

    def __repr__(self):
        return 'OpSymbol(aclnn{})'.format(self.name)


cdef OpSymbol op_symbol(str name):
    cdef OpSymbol op = _symbols.get(name)
    if op is None:
        op = OpSymbol(name)
        _symbols[name] = op
    op.resolve()
    return op


# ------------------------------------------------------------ descriptors --

cdef void objs_init(Objs* o) noexcept nogil:
    o.ntensors = o.nscalars = o.narrays = o.nlists = 0


cdef aclTensor* objs_tensor(Objs* o, const Desc* d) except NULL:
    if o.ntensors == OBJS_TENSORS:
        raise RuntimeError('too many tensors in one aclnn call')
    cdef aclTensor* t = create_tensor(d)
    o.tensors[o.ntensors] = t
    o.ntensors += 1
    return t


cdef aclScalar* objs_scalar(Objs* o, void* value, int dtype) except NULL:
    cdef cupy_aclnn_base_table* nn = _table()
    cdef aclScalar* s
    if o.nscalars == OBJS_SMALL:
        raise RuntimeError('too many scalars in one aclnn call')
    with nogil:
        s = nn.aclCreateScalar(value, dtype)
    if s is NULL:
        _acl.check(_ACLNN_ERR_INNER, 'aclCreateScalar')
    o.scalars[o.nscalars] = s
    o.nscalars += 1
    return s


cdef aclIntArray* objs_int_array(Objs* o, const int64_t* values,
                                 uint64_t n) except NULL:
    cdef cupy_aclnn_base_table* nn = _table()
    cdef aclIntArray* a
    if o.narrays == OBJS_SMALL:
        raise RuntimeError('too many arrays in one aclnn call')
    with nogil:
        a = nn.aclCreateIntArray(values, n)
    if a is NULL:
        _acl.check(_ACLNN_ERR_INNER, 'aclCreateIntArray')
    o.arrays[o.narrays] = a
    o.narrays += 1
    return a


cdef aclTensorList* objs_tensor_list(Objs* o, aclTensor** tensors,
                                     uint64_t n) except NULL:
    cdef cupy_aclnn_base_table* nn = _table()
    cdef aclTensorList* tl
    cdef uint64_t k
    cdef int i, j
    if o.nlists == OBJS_SMALL:
        raise RuntimeError('too many tensor lists in one aclnn call')
    with nogil:
        tl = nn.aclCreateTensorList(<const aclTensor* const*>tensors, n)
    if tl is NULL:
        _acl.check(_ACLNN_ERR_INNER, 'aclCreateTensorList')
    o.lists[o.nlists] = tl
    o.nlists += 1
    # The list owns its members now: forget them.
    for k in range(n):
        for i in range(o.ntensors):
            if o.tensors[i] == tensors[k]:
                for j in range(i, o.ntensors - 1):
                    o.tensors[j] = o.tensors[j + 1]
                o.ntensors -= 1
                break
    return tl


cdef int objs_release(Objs* o, bint check) except -1:
    cdef cupy_aclnn_base_table* nn = _table()
    cdef int i, st, first = 0
    cdef const char* what = NULL
    with nogil:
        for i in range(o.nlists):
            st = nn.aclDestroyTensorList(o.lists[i])
            if st != 0 and first == 0:
                first, what = st, 'aclDestroyTensorList'
        for i in range(o.ntensors):
            st = nn.aclDestroyTensor(o.tensors[i])
            if st != 0 and first == 0:
                first, what = st, 'aclDestroyTensor'
        for i in range(o.nscalars):
            st = nn.aclDestroyScalar(o.scalars[i])
            if st != 0 and first == 0:
                first, what = st, 'aclDestroyScalar'
        for i in range(o.narrays):
            st = nn.aclDestroyIntArray(o.arrays[i])
            if st != 0 and first == 0:
                first, what = st, 'aclDestroyIntArray'
    o.ntensors = o.nscalars = o.narrays = o.nlists = 0
    if check and first != 0:
        _acl.check(first, what.decode())
    return 0


# ---------------------------------------------------------------- scratch --

cdef class Scratch:

    def __init__(self, intptr_t stream):
        self.stream = stream
        self._held = []

    cdef intptr_t alloc(self, Py_ssize_t nbytes) except? 0:
        cdef MemoryPointer mp = _pool.malloc(nbytes if nbytes > 0 else 1)
        self._held.append(mp)
        return mp.ptr

    cdef int temp(self, Desc* d, int dtype, int itemsize, int ndim,
                  const int64_t* shape) except -1:
        cdef Py_ssize_t n = itemsize
        cdef int i
        for i in range(ndim):
            n *= shape[i]
        desc_contiguous(d, self.alloc(n), n if n > 0 else itemsize, dtype,
                        itemsize, ndim, shape)
        return 0

    cdef int release(self) except -1:
        if not self._held:
            return 0
        # The pool orders a free after the work of the current stream; work
        # queued on another stream must finish before the memory goes back.
        if self.stream != get_current_stream_ptr():
            api.xpuStreamSynchronize(self.stream)
        self._held.clear()
        return 0


# ----------------------------------------------------------------- launch --

cdef int _discard(aclOpExecutor* executor) noexcept:
    # A non-repeatable executor is freed only by phase 2 (aclnn.md 5);
    # a repeatable one can be destroyed.
    cdef cupy_aclnn_base_table* nn = _nn
    if executor is NULL or nn is NULL:
        return 0
    with nogil:
        if nn.aclSetAclOpExecutorRepeatable(executor) == 0:
            nn.aclDestroyAclOpExecutor(executor)
    return 0


cdef int launch(OpSymbol op, int status, uint64_t ws_size,
                aclOpExecutor* executor, Scratch scratch) except -1:
    cdef void* ws = NULL
    if status != 0:
        _acl.check(status, 'aclnn' + op.name + 'GetWorkspaceSize')
    _table()
    if ws_size:
        try:
            ws = <void*>scratch.alloc(<Py_ssize_t>ws_size)
        except BaseException:
            _discard(executor)
            raise
    with nogil:
        status = op.run(ws, ws_size, executor, <aclrtStream>scratch.stream)
    if status != 0:
        _acl.check(status, 'aclnn' + op.name)
    return 0


cdef int run_tensor_pair(OpSymbol op, const Desc* a, const Desc* b,
                         Scratch scratch) except -1:
    cdef Objs o
    cdef aclTensor* ta
    cdef aclTensor* tb
    cdef uint64_t ws = 0
    cdef aclOpExecutor* ex = NULL
    cdef int st
    objs_init(&o)
    try:
        ta = objs_tensor(&o, a)
        tb = objs_tensor(&o, b)
        with nogil:
            st = (<TensorPairWs>op.ws)(ta, tb, &ws, &ex)
        launch(op, st, ws, ex, scratch)
    except BaseException:
        objs_release(&o, False)
        raise
    return objs_release(&o, True)
