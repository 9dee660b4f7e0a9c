"""The simulator's aclnnSort and aclnnKthvalue (csrc/sim_ops_sort.c)
through ctypes: results against NumPy (NaN last, stable), the Atlas A2
dtype sets (float64, uint16+ and complex refused; kthvalue without bool)
and the argument checks (dim, k, output shapes)."""

import ctypes

import numpy
import pytest

from tests.simulator_tests import acl_ctypes as acl
from tests.simulator_tests import test_ops as base
from tests.simulator_tests.test_ops import PARAM_INVALID, vp
from tests.simulator_tests.test_ops import dev  # NOQA: the fixture

c_bool, i64 = ctypes.c_bool, ctypes.c_int64

base._SIGNATURES.update({
    'Sort': [vp, c_bool, i64, c_bool, vp, vp],
    'Kthvalue': [vp, i64, i64, c_bool, vp, vp],
})
phase1, execute = base.phase1, base.execute


def _src(dtype):
    x = numpy.array([[3, 1, 2, 1, 0, 5], [4, 4, 0, 9, 1, 2]], dtype)
    if x.dtype.kind == 'f':
        x[0, 2], x[1, 0], x[1, 4] = numpy.nan, -0.0, 0.0
    return x


@pytest.mark.parametrize('dtype', ['?', 'i1', 'i2', 'i4', 'i8', 'u1', 'f2',
                                   'f4'])
@pytest.mark.parametrize('dim', [0, 1, -1])
def test_sort(dev, dtype, dim):
    src = _src(dtype)
    _, s = dev.array(src)
    pv, v = dev.empty(src.shape, src.dtype)
    pi, i = dev.empty(src.shape, numpy.int64)
    assert execute('Sort', vp(s), True, dim, False, vp(v), vp(i)) == 0
    want = numpy.argsort(src, axis=dim, kind='stable')
    numpy.testing.assert_array_equal(
        dev.read(pi, src.shape, numpy.int64), want)
    numpy.testing.assert_array_equal(
        dev.read(pv, src.shape, src.dtype),
        numpy.take_along_axis(src, want, dim))


@pytest.mark.parametrize('dtype', ['i4', 'f4', 'i8'])
def test_kthvalue(dev, dtype):
    src = _src(dtype)
    _, s = dev.array(src)
    for k in range(1, 7):
        pv, v = dev.empty((2,), src.dtype)
        pi, i = dev.empty((2,), numpy.int64)
        assert execute('Kthvalue', vp(s), k, 1, False, vp(v), vp(i)) == 0
        want = numpy.sort(src, axis=1)[:, k - 1]
        got = dev.read(pv, (2,), src.dtype)
        numpy.testing.assert_array_equal(got, want)
        idx = dev.read(pi, (2,), numpy.int64)
        numpy.testing.assert_array_equal(src[[0, 1], idx], want)


@pytest.mark.parametrize('dtype', ['f8', 'u2', 'u4', 'u8', 'c8'])
def test_sort_rejected_dtypes(dev, dtype):
    src = numpy.ones((3,), dtype)
    _, s = dev.array(src)
    _, v = dev.empty((3,), dtype)
    _, i = dev.empty((3,), numpy.int64)
    assert phase1('Sort', vp(s), True, 0, False, vp(v),
                  vp(i))[0] == PARAM_INVALID
    assert numpy.dtype(dtype).name in acl.last_message()


def test_kthvalue_rejects(dev):
    for dtype in ('?', 'f8'):
        _, s = dev.array(numpy.ones((4,), dtype))
        _, v = dev.empty((), dtype)
        _, i = dev.empty((), numpy.int64)
        assert phase1('Kthvalue', vp(s), 1, 0, False, vp(v),
                      vp(i))[0] == PARAM_INVALID
    _, s = dev.array(numpy.ones((4,), numpy.float32))
    _, v = dev.empty((), numpy.float32)
    _, i = dev.empty((), numpy.int64)
    for k in (0, 5):
        assert phase1('Kthvalue', vp(s), k, 0, False, vp(v),
                      vp(i))[0] == PARAM_INVALID
    _, bad = dev.empty((2,), numpy.float32)
    assert phase1('Kthvalue', vp(s), 1, 0, False, vp(bad),
                  vp(i))[0] == PARAM_INVALID


def test_sort_checks(dev):
    _, s = dev.array(numpy.ones((2, 3), numpy.float32))
    _, v = dev.empty((2, 3), numpy.float32)
    _, i = dev.empty((2, 3), numpy.int64)
    _, vi = dev.empty((2, 3), numpy.int32)
    _, small = dev.empty((3, 2), numpy.float32)
    assert phase1('Sort', vp(s), True, 2, False, vp(v),
                  vp(i))[0] == PARAM_INVALID
    assert phase1('Sort', vp(s), True, 0, False, vp(small),
                  vp(i))[0] == PARAM_INVALID
    assert phase1('Sort', vp(s), True, 0, False, vp(v),
                  vp(vi))[0] == PARAM_INVALID


def _long_rows(dtype, n, seed):
    # rows past the insertion-sort size, so the radix passes run: many
    # ties, the extremes, and for floats NaNs (either sign), infinities
    # and both zeros
    rs = numpy.random.RandomState(seed)
    dt = numpy.dtype(dtype)
    if dt.kind == 'b':
        return rs.randint(0, 2, (3, n)).astype(dt)
    if dt.kind in 'iu':
        info = numpy.iinfo(dt)
        x = rs.randint(-50, 50, (3, n)).astype(dt)
        x[:, :3] = info.min
        x[:, 3:6] = info.max
        x[1] = rs.randint(info.min, info.max, n, dtype=dt)
        return x
    x = numpy.round(rs.standard_normal((3, n)) * 20).astype(dt)
    x[1] = rs.standard_normal(n).astype(dt) * numpy.float32(1e3)
    flat = x.reshape(-1)
    flat[::7] = numpy.nan
    flat[::11] = -numpy.float32(numpy.nan)
    flat[::13] = -0.0
    flat[::17] = 0.0
    flat[::19] = numpy.inf
    flat[::23] = -numpy.inf
    return x


@pytest.mark.parametrize('dtype', ['?', 'i1', 'i2', 'i4', 'i8', 'u1', 'f2',
                                   'f4'])
@pytest.mark.parametrize('descending', [False, True])
def test_sort_long_rows(dev, dtype, descending):
    src = _long_rows(dtype, 3000, 1)
    _, s = dev.array(src)
    pv, v = dev.empty(src.shape, src.dtype)
    pi, i = dev.empty(src.shape, numpy.int64)
    assert execute('Sort', vp(s), True, 1, descending, vp(v), vp(i)) == 0
    want = numpy.argsort(src, axis=1, kind='stable')
    if descending:
        want = want[:, ::-1]
    numpy.testing.assert_array_equal(
        dev.read(pi, src.shape, numpy.int64), want)
    # the values bit for bit: NaN payloads and zero signs come from the input
    got = dev.read(pv, src.shape, src.dtype)
    numpy.testing.assert_array_equal(
        got.view('u%d' % src.itemsize if src.itemsize > 1 else 'u1'),
        numpy.take_along_axis(src, want, 1).view(
            'u%d' % src.itemsize if src.itemsize > 1 else 'u1'))


def test_sort_long_rows_along_first_axis(dev):
    src = numpy.ascontiguousarray(_long_rows('f4', 500, 2).T)
    _, s = dev.array(src)
    pv, v = dev.empty(src.shape, src.dtype)
    pi, i = dev.empty(src.shape, numpy.int64)
    assert execute('Sort', vp(s), True, 0, False, vp(v), vp(i)) == 0
    want = numpy.argsort(src, axis=0, kind='stable')
    numpy.testing.assert_array_equal(
        dev.read(pi, src.shape, numpy.int64), want)


@pytest.mark.parametrize('dtype', ['i8', 'f4', 'f2'])
def test_kthvalue_long_rows(dev, dtype):
    src = _long_rows(dtype, 301, 3)
    _, s = dev.array(src)
    for k in (1, 150, 290, 301):
        pv, v = dev.empty((3,), src.dtype)
        pi, i = dev.empty((3,), numpy.int64)
        assert execute('Kthvalue', vp(s), k, 1, False, vp(v), vp(i)) == 0
        want = numpy.sort(src, axis=1)[:, k - 1]
        numpy.testing.assert_array_equal(dev.read(pv, (3,), src.dtype), want)
        idx = dev.read(pi, (3,), numpy.int64)
        # the index names an element of that value (NaN for NaN)
        numpy.testing.assert_array_equal(
            src[numpy.arange(3), idx], want)
