"""The simulator's operators beyond copy/fill/zero, called through ctypes:
results against NumPy, the Atlas A2 dtype sets and rank limits of
shared/reference/cann/ops.md (a rejected dtype per operator), and the
documented argument checks."""

import ctypes

import numpy
import pytest

from tests.simulator_tests import acl_ctypes as acl

PARAM_INVALID = 161002
AICORE_EXCEPTION = 507015

# runtime.md section 10
ACL = {
    numpy.dtype('float32'): 0, numpy.dtype('float16'): 1,
    numpy.dtype('int8'): 2, numpy.dtype('int32'): 3,
    numpy.dtype('uint8'): 4, numpy.dtype('int16'): 6,
    numpy.dtype('uint16'): 7, numpy.dtype('uint32'): 8,
    numpy.dtype('int64'): 9, numpy.dtype('uint64'): 10,
    numpy.dtype('float64'): 11, numpy.dtype('bool'): 12,
    numpy.dtype('complex64'): 16, numpy.dtype('complex128'): 17,
}
ACL_STRING = 13

vp = ctypes.c_void_p
u64p = ctypes.POINTER(ctypes.c_uint64)
exp = ctypes.POINTER(vp)

# First-phase parameters before (workspaceSize, executor) (ops.md).
_SIGNATURES = {
    'Cast': [vp, ctypes.c_int, vp],
    'Flip': [vp, vp, vp],
    'Arange': [vp, vp, vp, vp],
    'Tril': [vp, ctypes.c_int64, vp],
    'Triu': [vp, ctypes.c_int64, vp],
    'Index': [vp, vp, vp],
    'IndexPutImpl': [vp, vp, vp, ctypes.c_bool, ctypes.c_bool],
    'Nonzero': [vp, vp],
    'ReduceSum': [vp, vp, ctypes.c_bool, ctypes.c_int, vp],
}


def _fn(name):
    lib = acl.lib()
    f = getattr(lib, 'aclnn' + name + 'GetWorkspaceSize')
    f.argtypes = _SIGNATURES[name] + [u64p, exp]
    getattr(lib, 'aclnn' + name).argtypes = [vp, ctypes.c_uint64, vp, vp]
    return f


def phase1(name, *args):
    """(status, workspace size, executor)."""
    ws = ctypes.c_uint64()
    ex = vp()
    st = _fn(name)(*args, ctypes.byref(ws), ctypes.byref(ex))
    return st, ws.value, ex.value


def execute(name, *args):
    """Both phases and a synchronize; returns the synchronize status."""
    st, ws_size, ex = phase1(name, *args)
    assert st == 0, acl.last_message()
    ws = acl.malloc(ws_size) if ws_size else None
    assert acl.run(name, ws, ws_size, ex) == 0, acl.last_message()
    rc = acl.sync()
    if ws:
        acl.free(ws)
    return rc


class Device:
    """Device allocations and descriptors made by one test, released at
    the end."""

    def __init__(self):
        self.ptrs = []
        self.objs = []

    def alloc(self, nbytes):
        p = acl.malloc(max(nbytes, 1))
        self.ptrs.append(p)
        return p

    def array(self, a):
        """A device copy of `a` and its contiguous descriptor."""
        a = numpy.array(a, order='C')   # keeps 0-d, unlike ascontiguousarray
        p = self.alloc(a.nbytes)
        if a.nbytes:
            acl.to_device(p, a)
        return p, self.tensor(a.shape, a.dtype, p)

    def empty(self, shape, dtype):
        dtype = numpy.dtype(dtype)
        n = int(numpy.prod(shape)) * dtype.itemsize
        p = self.alloc(n)
        return p, self.tensor(shape, dtype, p)

    def tensor(self, shape, dtype, p, strides=None, offset=0, storage=None,
               owned=True):
        t = acl.tensor(shape, ACL[numpy.dtype(dtype)], p, strides=strides,
                       offset=offset, storage=storage)
        if owned:
            self.objs.append(('tensor', t))
        return t

    def scalar(self, value, dtype):
        v = numpy.array(value, dtype)
        s = acl.lib().aclCreateScalar(vp(v.ctypes.data), ACL[v.dtype])
        assert s
        self.objs.append(('scalar', s))
        return s

    def int_array(self, values):
        arr = (ctypes.c_int64 * max(len(values), 1))(*values)
        a = acl.lib().aclCreateIntArray(arr, len(values))
        assert a
        self.objs.append(('int_array', a))
        return a

    def tensor_list(self, tensors):
        """A list of tensors made with owned=False (the list owns them)."""
        arr = (vp * len(tensors))(*tensors)
        tl = acl.lib().aclCreateTensorList(arr, len(tensors))
        assert tl
        self.objs.append(('tensor_list', tl))
        return tl

    def read(self, p, shape, dtype):
        dtype = numpy.dtype(dtype)
        n = int(numpy.prod(shape))
        if n == 0:
            return numpy.empty(shape, dtype)
        return acl.to_host(p, n * dtype.itemsize, dtype).reshape(shape)

    def release(self):
        lib = acl.lib()
        destroy = {'tensor': lib.aclDestroyTensor,
                   'scalar': lib.aclDestroyScalar,
                   'int_array': lib.aclDestroyIntArray,
                   'tensor_list': lib.aclDestroyTensorList}
        for kind, o in reversed(self.objs):
            assert destroy[kind](vp(o)) == 0
        assert acl.sync() == 0
        for p in self.ptrs:
            assert acl.free(p) == 0


@pytest.fixture
def dev():
    lib = acl.lib()
    lib.aclCreateScalar.restype = vp
    lib.aclCreateScalar.argtypes = [vp, ctypes.c_int]
    lib.aclDestroyScalar.argtypes = [vp]
    d = Device()
    yield d
    d.release()


# ------------------------------------------------------------------ Cast --

def test_cast_float_to_int_nan_is_zero(dev):
    src = numpy.array([[numpy.nan, 2.5], [-3.5, 4.0]], numpy.float32)
    _, s = dev.array(src)
    p, o = dev.empty((2, 2), numpy.int32)
    assert execute('Cast', vp(s), ACL[numpy.dtype('int32')], vp(o)) == 0
    numpy.testing.assert_array_equal(dev.read(p, (2, 2), numpy.int32),
                                     [[0, 2], [-3, 4]])


@pytest.mark.parametrize('to', ['bool', 'uint64', 'complex128', 'float16'])
def test_cast_strided_input(dev, to):
    src = numpy.arange(12, dtype=numpy.int16).reshape(3, 4)
    p_src, _ = dev.array(src)
    s = dev.tensor((4, 3), numpy.int16, p_src, strides=(1, 4), storage=[12])
    p, o = dev.empty((4, 3), to)
    assert execute('Cast', vp(s), ACL[numpy.dtype(to)], vp(o)) == 0
    numpy.testing.assert_array_equal(dev.read(p, (4, 3), to),
                                     src.T.astype(to))


def test_cast_rejects_dtype_and_strided_bool(dev):
    _, s = dev.array(numpy.ones(4, numpy.float32))
    _, o = dev.empty((4,), numpy.float32)
    assert phase1('Cast', vp(s), ACL_STRING, vp(o))[0] == PARAM_INVALID
    assert 'string' in acl.last_message()
    # out's dtype must be the requested one
    assert phase1('Cast', vp(s), ACL[numpy.dtype('int32')],
                  vp(o))[0] == PARAM_INVALID
    # bool input must be contiguous
    p_b, _ = dev.array(numpy.ones(8, numpy.bool_))
    b = dev.tensor((4,), numpy.bool_, p_b, strides=(2,), storage=[8])
    assert phase1('Cast', vp(b), ACL[numpy.dtype('float32')],
                  vp(o))[0] == PARAM_INVALID


# ------------------------------------------------------------------ Flip --

@pytest.mark.parametrize('dims', [(0,), (1,), (0, 1), (-1,)])
def test_flip(dev, dims):
    src = numpy.arange(12, dtype=numpy.float64).reshape(3, 4)
    _, s = dev.array(src)
    p, o = dev.empty((3, 4), numpy.float64)
    assert execute('Flip', vp(s), vp(dev.int_array(list(dims))), vp(o)) == 0
    numpy.testing.assert_array_equal(dev.read(p, (3, 4), numpy.float64),
                                     numpy.flip(src, dims))


def test_flip_rejects(dev):
    _, s = dev.array(numpy.ones((2, 2), numpy.uint16))
    _, o = dev.empty((2, 2), numpy.uint16)
    st, _, _ = phase1('Flip', vp(s), vp(dev.int_array([0])), vp(o))
    assert st == PARAM_INVALID and 'uint16' in acl.last_message()
    _, s = dev.array(numpy.ones((2, 2), numpy.int32))
    _, o = dev.empty((2, 2), numpy.int32)
    for dims in ([0, 0], [2], [-3]):
        assert phase1('Flip', vp(s), vp(dev.int_array(dims)),
                      vp(o))[0] == PARAM_INVALID
    _, z = dev.array(numpy.ones((), numpy.int32))       # rank 1-8
    _, zo = dev.empty((), numpy.int32)
    assert phase1('Flip', vp(z), vp(dev.int_array([])),
                  vp(zo))[0] == PARAM_INVALID


# ---------------------------------------------------------------- Arange --

@pytest.mark.parametrize('out,start,end,step,sdt', [
    ('float64', 0.5, 10.0, 0.75, 'float64'),
    ('float32', 1.0, -2.0, -0.1, 'float64'),
    ('int64', 3, 40, 7, 'int64'),
    ('int32', 10, -10, -3, 'int64'),
    ('float16', 0, 7, 2, 'int32'),
])
def test_arange(dev, out, start, end, step, sdt):
    n = int(numpy.ceil((end - start) / step))
    p, o = dev.empty((n,), out)
    args = [vp(dev.scalar(v, sdt)) for v in (start, end, step)]
    assert execute('Arange', *args, vp(o)) == 0
    got = dev.read(p, (n,), out)
    if out == 'float32':
        want = (numpy.float32(start) + numpy.arange(n, dtype=numpy.float32) *
                numpy.float32(step))
    else:
        want = numpy.arange(start, end, step, dtype=numpy.float64).astype(out)
    numpy.testing.assert_array_equal(got, want)


def test_arange_rejects(dev):
    _, o = dev.empty((4,), numpy.uint8)       # out dtype not on A2
    args = [vp(dev.scalar(v, 'int64')) for v in (0, 4, 1)]
    st, _, _ = phase1('Arange', *args, vp(o))
    assert st == PARAM_INVALID and 'uint8' in acl.last_message()
    _, o = dev.empty((4,), numpy.int64)
    bad = [vp(dev.scalar(v, 'uint16')) for v in (0, 4, 1)]
    assert phase1('Arange', *bad, vp(o))[0] == PARAM_INVALID
    wrong_len = [vp(dev.scalar(v, 'int64')) for v in (0, 5, 1)]
    assert phase1('Arange', *wrong_len, vp(o))[0] == PARAM_INVALID
    zero_step = [vp(dev.scalar(v, 'int64')) for v in (0, 5, 0)]
    assert phase1('Arange', *zero_step, vp(o))[0] == PARAM_INVALID
    bad_sign = [vp(dev.scalar(v, 'double')) for v in (0, 4, -1)]
    assert phase1('Arange', *bad_sign, vp(o))[0] == PARAM_INVALID


# ------------------------------------------------------------ Tril/Triu --

@pytest.mark.parametrize('name', ['Tril', 'Triu'])
@pytest.mark.parametrize('k', [-2, -1, 0, 1, 3])
@pytest.mark.parametrize('dtype', ['float32', 'uint64', 'bool', 'complex64'])
def test_tril_triu(dev, name, k, dtype):
    src = (numpy.arange(2 * 3 * 4).reshape(2, 3, 4) % 5 + 1).astype(dtype)
    _, s = dev.array(src)
    p, o = dev.empty(src.shape, dtype)
    assert execute(name, vp(s), k, vp(o)) == 0
    want = numpy.tril(src, k) if name == 'Tril' else numpy.triu(src, k)
    numpy.testing.assert_array_equal(dev.read(p, src.shape, dtype), want)


def test_tril_triu_reject(dev):
    _, s = dev.array(numpy.ones((2, 2), numpy.complex128))
    _, o = dev.empty((2, 2), numpy.complex128)
    for name in ('Tril', 'Triu'):
        st, _, _ = phase1(name, vp(s), 0, vp(o))
        assert st == PARAM_INVALID and 'complex128' in acl.last_message()
    _, v = dev.array(numpy.ones(3, numpy.float32))
    _, vo = dev.empty((3,), numpy.float32)
    assert phase1('Tril', vp(v), 0, vp(vo))[0] == PARAM_INVALID
    assert phase1('Triu', vp(v), 0, vp(vo))[0] == PARAM_INVALID
    _, z = dev.array(numpy.ones((), numpy.float32))
    _, zo = dev.empty((), numpy.float32)
    assert phase1('Tril', vp(z), 0, vp(zo))[0] == PARAM_INVALID
    assert execute('Triu', vp(z), 0, vp(zo)) == 0     # Triu takes 0-d


# ----------------------------------------------------------------- Index --

def _index_list(dev, arrays):
    ts = []
    for a in arrays:
        a = numpy.array(a, order='C')   # keeps 0-d, unlike ascontiguousarray
        p = dev.alloc(a.nbytes)
        if a.nbytes:
            acl.to_device(p, a)
        ts.append(dev.tensor(a.shape, a.dtype, p, owned=False))
    return dev.tensor_list(ts)


@pytest.mark.parametrize('itype', ['int32', 'int64'])
def test_index_broadcasts_indices(dev, itype):
    src = numpy.arange(4 * 5 * 2, dtype=numpy.float32).reshape(4, 5, 2)
    _, s = dev.array(src)
    i0 = numpy.array([[3], [0]], itype)
    i1 = numpy.array([4, -1, 2], itype)     # negative: torch-style wrap
    want = src[i0, i1]
    p, o = dev.empty(want.shape, numpy.float32)
    assert execute('Index', vp(s), vp(_index_list(dev, [i0, i1])),
                   vp(o)) == 0
    numpy.testing.assert_array_equal(dev.read(p, want.shape, numpy.float32),
                                     want)


@pytest.mark.parametrize('idx', [[4, 0, 3, 3], [-1, 2, -4], [[1, 0], [2, -2]]])
def test_index_one_tensor_gathers_rows(dev, idx):
    # one index tensor along dim 0 (the gather the core's a[idx] makes)
    src = numpy.arange(5 * 3, dtype=numpy.float64).reshape(5, 3)
    _, s = dev.array(src)
    i0 = numpy.array(idx, numpy.int64)
    want = src[i0]
    p, o = dev.empty(want.shape, numpy.float64)
    assert execute('Index', vp(s), vp(_index_list(dev, [i0])), vp(o)) == 0
    numpy.testing.assert_array_equal(dev.read(p, want.shape, numpy.float64),
                                     want)


def test_index_bool_mask(dev):
    src = numpy.arange(12, dtype=numpy.int16).reshape(3, 4)
    mask = (src % 3 == 0)
    _, s = dev.array(src)
    want = src[mask]
    p, o = dev.empty(want.shape, numpy.int16)
    assert execute('Index', vp(s), vp(_index_list(dev, [mask])), vp(o)) == 0
    numpy.testing.assert_array_equal(dev.read(p, want.shape, numpy.int16),
                                     want)


def test_index_out_of_range_faults(dev, sim):
    before = sim.counters()['sanitizer_errors']
    _, s = dev.array(numpy.zeros(4, numpy.float32))
    _, o = dev.empty((2,), numpy.float32)
    tl = _index_list(dev, [numpy.array([1, 4], numpy.int64)])
    st, _, ex = phase1('Index', vp(s), vp(tl), vp(o))
    assert st == 0
    assert acl.run('Index', None, 0, ex) == 0
    assert acl.sync() == AICORE_EXCEPTION
    assert 'out of range' in acl.last_message()
    assert sim.counters()['sanitizer_errors'] == before + 1
    assert acl.sync() == 0      # reported once


def test_index_rejects(dev):
    _, s = dev.array(numpy.zeros(4, numpy.complex64))    # no c64 on A2
    _, o = dev.empty((1,), numpy.complex64)
    tl = _index_list(dev, [numpy.array([1], numpy.int64)])
    st, _, _ = phase1('Index', vp(s), vp(tl), vp(o))
    assert st == PARAM_INVALID and 'complex64' in acl.last_message()
    _, s = dev.array(numpy.zeros(4, numpy.float32))
    _, o = dev.empty((2,), numpy.float32)
    for idx in ([numpy.array([1], numpy.int16)],          # index dtype
                [numpy.array([1, 2], numpy.int64)] * 2,   # too many
                [numpy.array([1, 2, 3], numpy.int64)]):   # out shape
        tl = _index_list(dev, idx)
        assert phase1('Index', vp(s), vp(tl), vp(o))[0] == PARAM_INVALID


# ---------------------------------------------------------- IndexPutImpl --

@pytest.mark.parametrize('accumulate', [False, True])
def test_index_put(dev, accumulate):
    base = numpy.arange(12, dtype=numpy.float64).reshape(4, 3)
    p, s = dev.array(base)
    i0 = numpy.array([2, 0, 2], numpy.int64)
    vals = numpy.array([10.0, 20.0, 30.0])[:, None] * numpy.ones(3)
    _, v = dev.array(vals)
    assert execute('IndexPutImpl', vp(s), vp(_index_list(dev, [i0])), vp(v),
                   accumulate, False) == 0
    want = base.copy()
    if accumulate:
        numpy.add.at(want, (i0,), vals)
    else:
        want[i0] = vals
    numpy.testing.assert_array_equal(dev.read(p, (4, 3), numpy.float64),
                                     want)


def test_index_put_broadcast_values(dev):
    base = numpy.zeros((3, 4), numpy.int8)
    p, s = dev.array(base)
    i0 = numpy.array([[0], [2]], numpy.int32)
    i1 = numpy.array([1, 3], numpy.int32)
    _, v = dev.array(numpy.array(7, numpy.int8))
    assert execute('IndexPutImpl', vp(s), vp(_index_list(dev, [i0, i1])),
                   vp(v), False, False) == 0
    base[i0, i1] = 7
    numpy.testing.assert_array_equal(dev.read(p, (3, 4), numpy.int8), base)


def test_index_put_rejects(dev):
    _, s = dev.array(numpy.zeros(4, numpy.uint16))
    _, v = dev.array(numpy.zeros(1, numpy.uint16))
    tl = _index_list(dev, [numpy.array([1], numpy.int64)])
    st, _, _ = phase1('IndexPutImpl', vp(s), vp(tl), vp(v), False, False)
    assert st == PARAM_INVALID and 'uint16' in acl.last_message()
    _, s = dev.array(numpy.zeros(4, numpy.float32))
    _, v = dev.array(numpy.zeros(3, numpy.float32))       # (3,) to (1,)
    tl = _index_list(dev, [numpy.array([1], numpy.int64)])
    assert phase1('IndexPutImpl', vp(s), vp(tl), vp(v), False,
                  False)[0] == PARAM_INVALID
    _, v = dev.array(numpy.zeros(1, numpy.float64))       # dtype differs
    tl = _index_list(dev, [numpy.array([1], numpy.int64)])
    assert phase1('IndexPutImpl', vp(s), vp(tl), vp(v), False,
                  False)[0] == PARAM_INVALID


# --------------------------------------------------------------- Nonzero --

@pytest.mark.parametrize('dtype', ['bool', 'float32', 'int64', 'uint8'])
def test_nonzero(dev, dtype):
    src = (numpy.arange(24).reshape(2, 3, 4) % 5 == 1).astype(dtype)
    if dtype == 'float32':
        src[0, 0, 0] = -0.0
        src[1, 2, 3] = numpy.nan
    _, s = dev.array(src)
    p, o = dev.empty((src.size, 3), numpy.int64)
    assert execute('Nonzero', vp(s), vp(o)) == 0
    want = numpy.argwhere(src)
    got = dev.read(p, (src.size, 3), numpy.int64)
    numpy.testing.assert_array_equal(got[:len(want)], want)


def test_nonzero_1d_blocks(dev):
    # a 1-d source is scanned in blocks (kernels/data.py): positions
    # across block boundaries, and rows past the count left alone
    n = 3 * (1 << 20) + 5
    src = numpy.zeros(n, numpy.bool_)
    src[[0, (1 << 20) - 1, 1 << 20, 2 << 20, n - 1]] = True
    src[1000:1010] = True
    _, s = dev.array(src)
    p, o = dev.empty((n, 1), numpy.int64)
    assert execute('Nonzero', vp(s), vp(o)) == 0
    want = numpy.flatnonzero(src)
    got = dev.read(p, (n, 1), numpy.int64)
    numpy.testing.assert_array_equal(got[:len(want), 0], want)


def test_nonzero_rejects(dev):
    _, s = dev.array(numpy.ones((2, 2), numpy.uint16))
    _, o = dev.empty((4, 2), numpy.int64)
    st, _, _ = phase1('Nonzero', vp(s), vp(o))
    assert st == PARAM_INVALID and 'uint16' in acl.last_message()
    _, s = dev.array(numpy.ones((2, 2), numpy.float32))
    _, small = dev.empty((3, 2), numpy.int64)         # not the worst case
    assert phase1('Nonzero', vp(s), vp(small))[0] == PARAM_INVALID
    p, _ = dev.empty((8, 2), numpy.int64)
    strided = dev.tensor((4, 2), numpy.int64, p, strides=(4, 1), storage=[16])
    assert phase1('Nonzero', vp(s), vp(strided))[0] == PARAM_INVALID


# ------------------------------------------------------------- ReduceSum --

@pytest.mark.parametrize('src_dtype,dtype', [
    ('bool', 'int64'), ('float32', 'float32'), ('int8', 'int64'),
    ('complex128', 'complex128'), ('uint8', 'float64')])
@pytest.mark.parametrize('dims,keep', [((), False), ((1,), False),
                                       ((0, 2), True), ((-1,), True)])
def test_reduce_sum(dev, src_dtype, dtype, dims, keep):
    src = (numpy.arange(24).reshape(2, 3, 4) % 7).astype(src_dtype)
    _, s = dev.array(src)
    want = numpy.sum(src.astype(dtype), axis=dims or None, keepdims=keep)
    p, o = dev.empty(want.shape, dtype)
    assert execute('ReduceSum', vp(s), vp(dev.int_array(list(dims))), keep,
                   ACL[numpy.dtype(dtype)], vp(o)) == 0
    numpy.testing.assert_allclose(dev.read(p, want.shape, dtype), want)


def test_reduce_sum_rejects(dev):
    _, s = dev.array(numpy.ones(4, numpy.uint16))
    _, o = dev.empty((), numpy.uint16)
    st, _, _ = phase1('ReduceSum', vp(s), vp(dev.int_array([])), False,
                      ACL[numpy.dtype('uint16')], vp(o))
    assert st == PARAM_INVALID and 'uint16' in acl.last_message()
    _, s = dev.array(numpy.ones((2, 3), numpy.float32))
    _, o = dev.empty((2,), numpy.float32)
    for dims, dtype in (([1, 1], 'float32'), ([2], 'float32'),
                        ([0], 'float32'), ([1], 'float64')):
        assert phase1('ReduceSum', vp(s), vp(dev.int_array(dims)), False,
                      ACL[numpy.dtype(dtype)], vp(o))[0] == PARAM_INVALID
    p, _ = dev.empty((1,), numpy.float32)
    empty = dev.tensor((0,), numpy.float32, p)
    _, co = dev.empty((), numpy.complex64)
    assert phase1('ReduceSum', vp(empty), vp(dev.int_array([])), False,
                  ACL[numpy.dtype('complex64')], vp(co))[0] == PARAM_INVALID
