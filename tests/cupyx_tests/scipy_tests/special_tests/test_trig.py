"""The correctly rounded sin/cos the special functions use (_trig.py)
against long double (64-bit significand: 2^-11 of a double's ulp) values
on the host."""

import numpy
import pytest

import cupy
from cupyx.scipy.special import _trig

pytestmark = pytest.mark.skipif(
    numpy.finfo(numpy.longdouble).nmant < 63,
    reason='needs an 80-bit long double for the reference')


def _points():
    rs = numpy.random.default_rng(3)
    return numpy.concatenate([
        rs.uniform(-40, 40, 3000),
        rs.uniform(-1, 1, 1000) * 10.0 ** rs.uniform(-12, 6, 1000),
        numpy.arange(-64, 65) * (numpy.pi / 2),        # next to the zeros
        # Payne and Hanek's reduction from 2^20 on
        rs.uniform(1, 1.7, 500) * 10.0 ** rs.uniform(6, 307, 500),
        -rs.uniform(1, 1.7, 100) * 10.0 ** rs.uniform(6, 307, 100),
        [2.0 ** 20, 1e22, 1e283, 1.7e308, 2.0 ** 1023],
        [0.0, -0.0, 1e-300, 6.06, 14.802923715610994, -27.4, 2.0 ** 20 - 1]])


@pytest.mark.parametrize('xp', [numpy, cupy])
def test_sincos_correctly_rounded(xp):
    x = _points()
    s, c = _trig.sincos(xp.asarray(x), xp)
    s, c = cupy.asnumpy(s), cupy.asnumpy(c)
    xl = x.astype(numpy.longdouble)
    for got, want in ((s, numpy.sin(xl)), (c, numpy.cos(xl))):
        ulp = numpy.spacing(numpy.abs(want.astype(numpy.float64)))
        err = numpy.abs(got.astype(numpy.longdouble) - want) / ulp
        # half an ulp: the rounding; the reference's own error is below
        # 2^-11 of it
        assert float(err.max()) <= 0.501, x[err.argmax()]
    assert numpy.signbit(s[x.size - 6]) and s[x.size - 6] == 0


def test_sincos_edges():
    # NaN at the infinities and NaN; the shape kept
    x = cupy.asarray([[numpy.inf, -numpy.inf], [numpy.nan, 1e300]])
    with numpy.errstate(invalid='ignore'):
        s, c = _trig.sincos(x)
    assert s.shape == c.shape == (2, 2)
    for v in (s.get(), c.get()):
        numpy.testing.assert_array_equal(numpy.isnan(v),
                                         [[True, True], [True, False]])


@pytest.mark.parametrize('xp', [numpy, cupy])
def test_arcsin_correctly_rounded(xp):
    rs = numpy.random.default_rng(4)
    t = numpy.concatenate([rs.uniform(-0.9, 0.9, 3000),
                           rs.uniform(-1, 1, 500) * 10.0 ** rs.uniform(
                               -30, 0, 500), [0.0, 0.5, -0.25]])
    inner = numpy.abs(t) < 0.9
    got = cupy.asnumpy(_trig.arcsin(xp.asarray(t), xp))
    want = numpy.arcsin(t.astype(numpy.longdouble))
    ulp = numpy.spacing(numpy.abs(want.astype(numpy.float64)))
    err = numpy.abs(got.astype(numpy.longdouble) - want) / ulp
    assert float(err[inner].max()) <= 0.501, t[inner][err[inner].argmax()]
    # outside, the device's arcsin (within a few ulp)
    assert float(err.max()) <= 4
    # signed zero, the end points, NaN
    e = cupy.asnumpy(_trig.arcsin(xp.asarray([-0.0, 1.0, -1.0, numpy.nan]),
                                  xp))
    assert numpy.signbit(e[0]) and e[0] == 0
    numpy.testing.assert_allclose(e[1:3], [numpy.pi / 2, -numpy.pi / 2],
                                  rtol=1e-15)
    assert numpy.isnan(e[3])
