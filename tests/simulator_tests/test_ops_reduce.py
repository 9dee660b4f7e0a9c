"""The simulator's reductions, scans and products (csrc/sim_ops_reduce.c,
csrc/sim_ops_linalg.c) through ctypes: results against NumPy, the Atlas
A2 dtype sets and rank limits of shared/reference/cann/ops.md (a rejected
dtype per operator) and the documented argument checks."""

import ctypes

import numpy
import pytest

from tests.simulator_tests import acl_ctypes as acl
from tests.simulator_tests import test_ops as base
from tests.simulator_tests.test_ops import ACL, PARAM_INVALID, vp
from tests.simulator_tests.test_ops import dev  # NOQA: the fixture

c_bool, c_int, i64, i8 = ctypes.c_bool, ctypes.c_int, ctypes.c_int64, \
    ctypes.c_int8

base._SIGNATURES.update({
    'ReduceNansum': [vp, vp, c_bool, c_int, vp],
    'Prod': [vp, c_int, vp],
    'ProdDim': [vp, i64, c_bool, c_int, vp],
    'Mean': [vp, vp, c_bool, c_int, vp],
    'Amax': [vp, vp, c_bool, vp], 'Amin': [vp, vp, c_bool, vp],
    'Max': [vp, vp], 'Min': [vp, vp],
    'ArgMax': [vp, i64, c_bool, vp], 'ArgMin': [vp, i64, c_bool, vp],
    'All': [vp, vp, c_bool, vp], 'Any': [vp, vp, c_bool, vp],
    'VarCorrection': [vp, vp, i64, c_bool, vp],
    'Std': [vp, vp, i64, c_bool, vp],
    'Cumsum': [vp, i64, c_int, vp],
    'Cumprod': [vp, vp, c_int, vp],
    'Matmul': [vp, vp, vp, i8], 'Mm': [vp, vp, vp, i8],
    'BatchMatMul': [vp, vp, vp, i8], 'Dot': [vp, vp, vp],
})
phase1, execute = base.phase1, base.execute
A = lambda d: ACL[numpy.dtype(d)]  # NOQA


def _src(dtype, shape=(2, 3, 4)):
    return (numpy.arange(int(numpy.prod(shape))).reshape(shape) % 5 + 1
            ).astype(dtype)


@pytest.mark.parametrize('name,func', [('Amax', numpy.max),
                                       ('Amin', numpy.min),
                                       ('All', numpy.all),
                                       ('Any', numpy.any)])
@pytest.mark.parametrize('dims,keep', [((), False), ((1,), False),
                                       ((0, 2), True)])
def test_dims_reductions(dev, name, func, dims, keep):
    src = _src(numpy.float32)
    _, s = dev.array(src)
    want = func(src, axis=dims or None, keepdims=keep)
    odt = want.dtype
    p, o = dev.empty(want.shape, odt)
    assert execute(name, vp(s), vp(dev.int_array(list(dims))), keep,
                   vp(o)) == 0
    numpy.testing.assert_array_equal(dev.read(p, want.shape, odt), want)


@pytest.mark.parametrize('name', ['ReduceNansum', 'Mean'])
def test_dims_dtype_reductions(dev, name):
    src = _src(numpy.float32)
    src[0, 0, 0] = numpy.nan
    _, s = dev.array(src)
    want = (numpy.nansum if name == 'ReduceNansum' else numpy.mean)(
        src, axis=(0, 2))
    p, o = dev.empty(want.shape, numpy.float32)
    assert execute(name, vp(s), vp(dev.int_array([0, 2])), False,
                   A('float32'), vp(o)) == 0
    numpy.testing.assert_allclose(dev.read(p, want.shape, numpy.float32),
                                  want, rtol=1e-6)


def test_prod_and_prod_dim(dev):
    src = _src(numpy.int32)
    _, s = dev.array(src)
    p, o = dev.empty((), numpy.int64)
    assert execute('Prod', vp(s), A('int64'), vp(o)) == 0
    assert dev.read(p, (), numpy.int64) == numpy.prod(src, dtype=numpy.int64)
    p, o = dev.empty((2, 4), numpy.int32)
    assert execute('ProdDim', vp(s), 1, False, A('int32'), vp(o)) == 0
    numpy.testing.assert_array_equal(dev.read(p, (2, 4), numpy.int32),
                                     src.prod(axis=1))


def test_max_min_argmax(dev):
    src = _src(numpy.int16)
    _, s = dev.array(src)
    p, o = dev.empty((1,), numpy.int16)
    assert execute('Max', vp(s), vp(o)) == 0
    assert dev.read(p, (1,), numpy.int16)[0] == src.max()
    p, o = dev.empty((2, 1, 4), numpy.int64)
    assert execute('ArgMin', vp(s), -2, True, vp(o)) == 0
    numpy.testing.assert_array_equal(dev.read(p, (2, 1, 4), numpy.int64),
                                     src.argmin(axis=1)[:, None])


@pytest.mark.parametrize('name,func', [('VarCorrection', numpy.var),
                                       ('Std', numpy.std)])
def test_var_std(dev, name, func):
    src = _src(numpy.float32)
    _, s = dev.array(src)
    p, o = dev.empty((3,), numpy.float32)
    assert execute(name, vp(s), vp(dev.int_array([0, 2])), 1, False,
                   vp(o)) == 0
    numpy.testing.assert_allclose(dev.read(p, (3,), numpy.float32),
                                  func(src, axis=(0, 2), ddof=1), rtol=1e-6)
    # dim NULL: every axis
    p, o = dev.empty((), numpy.float32)
    assert execute(name, vp(s), None, 0, False, vp(o)) == 0
    numpy.testing.assert_allclose(dev.read(p, (), numpy.float32),
                                  func(src), rtol=1e-6)


def test_cumsum_cumprod(dev):
    src = _src(numpy.uint8)
    _, s = dev.array(src)
    p, o = dev.empty(src.shape, numpy.int64)
    assert execute('Cumsum', vp(s), 2, A('int64'), vp(o)) == 0
    numpy.testing.assert_array_equal(dev.read(p, src.shape, numpy.int64),
                                     src.cumsum(axis=2, dtype=numpy.int64))
    p, o = dev.empty(src.shape, numpy.uint8)
    dim = dev.scalar(1, numpy.int32)
    assert execute('Cumprod', vp(s), vp(dim), -1, vp(o)) == 0
    numpy.testing.assert_array_equal(dev.read(p, src.shape, numpy.uint8),
                                     src.cumprod(axis=1, dtype=numpy.uint8))


@pytest.mark.parametrize('name,sa,sb', [('Mm', (3, 4), (4, 5)),
                                        ('BatchMatMul', (2, 3, 4),
                                         (1, 4, 5)),
                                        ('Matmul', (2, 1, 3, 4), (5, 4, 2)),
                                        ('Matmul', (4,), (4,))])
def test_matmul_family(dev, name, sa, sb):
    rs = numpy.random.RandomState(0)
    ha = rs.uniform(-1, 1, sa).astype(numpy.float32)
    hb = rs.uniform(-1, 1, sb).astype(numpy.float32)
    _, a = dev.array(ha)
    _, b = dev.array(hb)
    want = numpy.matmul(ha, hb)
    p, o = dev.empty(want.shape, numpy.float32)
    assert execute(name, vp(a), vp(b), vp(o), 0) == 0
    numpy.testing.assert_allclose(dev.read(p, want.shape, numpy.float32),
                                  want, rtol=1e-6, atol=1e-6)


def test_dot(dev):
    ha = numpy.arange(5, dtype=numpy.int8) * 30
    _, a = dev.array(ha)
    p, o = dev.empty((), numpy.int8)
    assert execute('Dot', vp(a), vp(a), vp(o)) == 0
    # the input dtype, wrapping (ops.md 7)
    assert dev.read(p, (), numpy.int8) == numpy.dot(ha, ha)


def test_rejected_dtypes(dev):
    f64 = dev.array(numpy.ones((2, 2)))[1]
    f64o = dev.empty((2, 2), numpy.float64)[1]
    # matmul: bf16 f16 f32 only
    assert phase1('Mm', vp(f64), vp(f64), vp(f64o), 0)[0] == PARAM_INVALID
    assert 'float64' in acl.last_message()
    # var/std: f16 f32 only
    o = dev.empty((), numpy.float64)[1]
    assert phase1('VarCorrection', vp(f64), vp(dev.int_array([])), 0,
                  False, vp(o))[0] == PARAM_INVALID
    # ArgMax: no bool
    b = dev.array(numpy.ones(4, bool))[1]
    io = dev.empty((), numpy.int64)[1]
    assert phase1('ArgMax', vp(b), 0, False, vp(io))[0] == PARAM_INVALID
    # Cumsum: no uint16; Amax: no uint32; nansum: no float64
    u16 = dev.array(numpy.ones(4, numpy.uint16))[1]
    u16o = dev.empty((4,), numpy.uint16)[1]
    assert phase1('Cumsum', vp(u16), 0, A('uint16'),
                  vp(u16o))[0] == PARAM_INVALID
    u32 = dev.array(numpy.ones(4, numpy.uint32))[1]
    u32o = dev.empty((), numpy.uint32)[1]
    assert phase1('Amax', vp(u32), vp(dev.int_array([])), False,
                  vp(u32o))[0] == PARAM_INVALID
    f64v = dev.array(numpy.ones(4))[1]
    assert phase1('ReduceNansum', vp(f64v), vp(dev.int_array([])), False,
                  A('float64'), vp(o))[0] == PARAM_INVALID
    # Any writes bool only
    f32 = dev.array(numpy.ones(4, numpy.float32))[1]
    f32o = dev.empty((), numpy.float32)[1]
    assert phase1('Any', vp(f32), vp(dev.int_array([])), False,
                  vp(f32o))[0] == PARAM_INVALID


def test_argument_checks(dev):
    s = dev.array(numpy.ones((2, 3), numpy.float32))[1]
    o2 = dev.empty((2,), numpy.float32)[1]
    # Mean: an empty dim list is not documented
    assert phase1('Mean', vp(s), vp(dev.int_array([])), False, A('float32'),
                  vp(o2))[0] == PARAM_INVALID
    # Prod: out has one element
    assert phase1('Prod', vp(s), A('float32'), vp(o2))[0] == PARAM_INVALID
    # max of an empty axis has no identity
    e = dev.tensor((0, 3), numpy.float32, dev.alloc(4))
    o3 = dev.empty((3,), numpy.float32)[1]
    assert phase1('Amax', vp(e), vp(dev.int_array([0])), False,
                  vp(o3))[0] == PARAM_INVALID
    # matmul: cubeMathType 0..4, shapes that fit, contiguous out
    a = dev.array(numpy.ones((2, 3), numpy.float32))[1]
    b = dev.array(numpy.ones((3, 4), numpy.float32))[1]
    p, o = dev.empty((2, 4), numpy.float32)
    assert phase1('Mm', vp(a), vp(b), vp(o), 7)[0] == PARAM_INVALID
    assert phase1('Mm', vp(a), vp(a), vp(o), 0)[0] == PARAM_INVALID
    ot = dev.tensor((2, 4), numpy.float32, dev.alloc(64), strides=(1, 2),
                    storage=[8])
    assert phase1('Mm', vp(a), vp(b), vp(ot), 0)[0] == PARAM_INVALID
    assert 'contiguous' in acl.last_message()
    # BatchMatMul: batch sizes equal or 1
    x = dev.array(numpy.ones((2, 2, 3), numpy.float32))[1]
    y = dev.array(numpy.ones((3, 3, 4), numpy.float32))[1]
    z = dev.empty((3, 2, 4), numpy.float32)[1]
    assert phase1('BatchMatMul', vp(x), vp(y), vp(z), 0)[0] == PARAM_INVALID
    # Matmul: at most 6 dims
    big = dev.array(numpy.ones((1,) * 7 + (2,), numpy.float32))[1]
    assert phase1('Matmul', vp(big), vp(b), vp(o), 0)[0] == PARAM_INVALID
    # Dot: one length
    v3 = dev.array(numpy.ones(3, numpy.float32))[1]
    v4 = dev.array(numpy.ones(4, numpy.float32))[1]
    od = dev.empty((), numpy.float32)[1]
    assert phase1('Dot', vp(v3), vp(v4), vp(od))[0] == PARAM_INVALID
