"""The simulator's fused operators (csrc/sim_ops_fused.c,
kernels/fused.py) through ctypes: aclnnAddcmul (self + value * tensor1 *
tensor2) and aclnnAddcdiv (self + value * tensor1 / tensor2) round each
step to the compute dtype (the product or quotient, times value, plus
self), broadcast their inputs, and refuse what hicann/ops-math's docs
refuse; aclnnAdd/aclnnSub with alpha give self +- alpha * other rounded
twice.  (Their A2 dtype sets: test_ops_elementwise.py, which checks every
operator of the provider's table.)"""

import numpy
import pytest

from tests.simulator_tests import acl_ctypes as acl
from tests.simulator_tests import test_ops_elementwise  # NOQA: signatures
from tests.simulator_tests.test_ops import PARAM_INVALID, vp, execute
from tests.simulator_tests.test_ops import phase1
from tests.simulator_tests.test_ops import dev  # NOQA: the fixture


def _rand(n, dtype, seed, lo=-3.0, hi=3.0):
    return numpy.random.default_rng(seed).uniform(lo, hi, n).astype(dtype)


def _fused(dev, name, s, a, b, value, value_dtype, out_dtype=None):
    out_dtype = numpy.dtype(out_dtype or s.dtype)
    _, ts = dev.array(s)
    _, ta = dev.array(a)
    _, tb = dev.array(b)
    shape = numpy.broadcast_shapes(s.shape, a.shape, b.shape)
    po, o = dev.empty(shape, out_dtype)
    assert execute(name, vp(ts), vp(ta), vp(tb),
                   vp(dev.scalar(value, value_dtype)), vp(o)) == 0
    return dev.read(po, shape, out_dtype)


@pytest.mark.parametrize('dtype', ['f4', 'f8'])
@pytest.mark.parametrize('value', [1.0, -1.0, 0.3])
def test_addcmul_rounds_each_step(dev, dtype, value):
    s, a, b = (_rand(1000, dtype, k) for k in range(3))
    got = _fused(dev, 'Addcmul', s, a, b, value, 'float64')
    t = numpy.dtype(dtype).type
    want = s + (a * b) * t(value)       # each step rounded to dtype
    numpy.testing.assert_array_equal(got, want)


@pytest.mark.parametrize('dtype', ['f4', 'f8'])
def test_addcdiv_rounds_each_step(dev, dtype):
    s, a = _rand(500, dtype, 0), _rand(500, dtype, 1)
    b = _rand(500, dtype, 2, 0.5, 2.0)
    got = _fused(dev, 'Addcdiv', s, a, b, -1.0, 'float64')
    numpy.testing.assert_array_equal(got, s - a / b)


def test_broadcast_self_and_strided_fallback(dev):
    # a one-element self (the fast loop's stride 0) and a tensor1 that
    # broadcasts along a new axis (the NumPy path)
    s = numpy.array([0.5])
    a = _rand(12, 'f8', 3).reshape(3, 4)
    b = _rand(4, 'f8', 4)
    got = _fused(dev, 'Addcmul', s, a, b, 2.0, 'float64')
    numpy.testing.assert_array_equal(got, s + (a * b) * 2.0)


def test_integer_addcmul_is_exact(dev):
    s = numpy.array([2 ** 40, -7, 3, 0], numpy.int64)
    a = numpy.array([2 ** 30, 5, -4, 9], numpy.int64)
    b = numpy.array([3, 3, 3, 3], numpy.int64)
    got = _fused(dev, 'Addcmul', s, a, b, 2, 'int64')
    numpy.testing.assert_array_equal(got, s + a * b * 2)


def test_mixed_dtypes_promote_and_cast_into_out(dev):
    s = numpy.array([1, 2, 3, 4], numpy.int32)
    a = numpy.array([0.5, 1.5, 2.5, 3.5], numpy.float32)
    b = numpy.array([2.0, 2.0, 2.0, 2.0], numpy.float64)
    got = _fused(dev, 'Addcmul', s, a, b, 1.0, 'float64', 'f8')
    numpy.testing.assert_array_equal(got, s + a.astype('f8') * b)


def _refused(dev, name, dts, out_dt, value_dtype='float64', shapes=None):
    shapes = shapes or [(4,)] * 4
    ts = [dev.array(numpy.ones(sh, dt))[1] for sh, dt in zip(shapes, dts)]
    _, o = dev.empty(shapes[3], out_dt)
    st = phase1(name, vp(ts[0]), vp(ts[1]), vp(ts[2]),
                vp(dev.scalar(1, value_dtype)), vp(o))[0]
    return st == PARAM_INVALID, acl.last_message()


def test_refusals_of_the_docs(dev):
    # int8 with uint8 promotes to int16: not a compute dtype of Addcmul
    bad, msg = _refused(dev, 'Addcmul', ['i1', 'u1', 'i1'], 'i2')
    assert bad and 'int16' in msg
    # a float compute dtype cannot be cast into an integer out
    bad, msg = _refused(dev, 'Addcmul', ['f4', 'f4', 'f4'], 'i4')
    assert bad and 'out' in msg
    # a float value for an integer compute dtype
    bad, msg = _refused(dev, 'Addcmul', ['i4', 'i4', 'i4'], 'i4')
    assert bad and 'value' in msg
    # int32 is not in Addcdiv's A2 list
    bad, msg = _refused(dev, 'Addcdiv', ['i4', 'i4', 'i4'], 'i4', 'int64')
    assert bad and 'int32' in msg
    # shapes that do not broadcast to out
    bad, msg = _refused(dev, 'Addcmul', ['f4'] * 3, 'f4',
                        shapes=[(4,), (3,), (4,), (4,)])
    assert bad and 'broadcast' in msg


@pytest.mark.parametrize('dtype', ['f4', 'f8'])
@pytest.mark.parametrize('name', ['Add', 'Sub'])
def test_add_sub_alpha_round_twice(dev, dtype, name):
    x, y = _rand(700, dtype, 5), _rand(700, dtype, 6)
    _, tx = dev.array(x)
    _, ty = dev.array(y)
    po, o = dev.empty(x.shape, dtype)
    assert execute(name, vp(tx), vp(ty), vp(dev.scalar(0.3, 'float64')),
                   vp(o)) == 0
    got = dev.read(po, x.shape, dtype)
    t = numpy.dtype(dtype).type
    want = x + y * t(0.3) if name == 'Add' else x - y * t(0.3)
    numpy.testing.assert_array_equal(got, want)
