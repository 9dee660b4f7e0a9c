"""Complex zeta on a device whose float64 exp/log/sin/cos/pow/... are 1-2
ulp off (CUDA's are; glibc's, SciPy's, round correctly in practice): the
steps zeta amplifies take correctly rounded pieces (_exp2.py, _clog.py,
_trig.py, the host's log of integers), checked here against exact
decimal (or 80-bit long double) references, and zeta itself with every
elementary function of the device perturbed by +-1..2 ulp."""

from decimal import Decimal, localcontext

import numpy
import pytest

import cupy
from cupyx.scipy.special import _clog, _exp2, _xp
from tests.cupyx_tests.scipy_tests.special_tests.test_accuracy import (  # NOQA
    no_fallback)
from tests.cupyx_tests.scipy_tests.special_tests.test_complex_loops import (
    zeta_errors)


def _exact(f, values):
    """float(f(Decimal(v))) at 60 digits: the correctly rounded double."""
    with localcontext() as ctx:
        ctx.prec = 60
        return numpy.array([float(f(Decimal(float(v)))) for v in values])


@pytest.mark.parametrize('xp', [numpy, cupy])
def test_exp2_correctly_rounded(xp):
    rs = numpy.random.default_rng(5)
    e = numpy.concatenate([rs.uniform(-60, 60, 1500),
                           rs.uniform(-1, 1, 500) * 10.0 ** rs.uniform(
                               -12, 0, 500),
                           numpy.arange(-40, 41.0), [1000.25, -1021.5]])
    got = cupy.asnumpy(_exp2.exp2(xp.asarray(e), xp))
    want = _exact(lambda d: Decimal(2) ** d, e)
    numpy.testing.assert_array_equal(got, want)


@pytest.mark.parametrize('xp', [numpy, cupy])
def test_log_and_hypot_correctly_rounded(xp):
    rs = numpy.random.default_rng(6)
    x = rs.uniform(-1, 1, 1500) * 10.0 ** rs.uniform(-100, 100, 1500)
    y = rs.uniform(-1, 1, 1500) * 10.0 ** rs.uniform(-100, 100, 1500)
    r = cupy.asnumpy(_clog._hypot(xp.asarray(x), xp.asarray(y), xp))
    with localcontext() as ctx:
        ctx.prec = 60
        want = numpy.array([float((Decimal(a) ** 2 + Decimal(b) ** 2).sqrt())
                            for a, b in zip(x, y)])
    numpy.testing.assert_array_equal(r, want)
    # integers (glibc's log misrounds 9170), powers of two and neighbours
    # of 1
    v = numpy.concatenate([r, numpy.arange(1.0, 3000.0), [9170.0, 2.0 ** 52,
                           0.5, 2.0 ** -1000, 1 + 2.0 ** -52, 1 - 2.0 ** -53]])
    got = cupy.asnumpy(_clog.log(xp.asarray(v), xp))
    numpy.testing.assert_array_equal(got, _exact(Decimal.ln, v))


@pytest.mark.skipif(numpy.finfo(numpy.longdouble).nmant < 63,
                    reason='needs an 80-bit long double for the reference')
@pytest.mark.parametrize('xp', [numpy, cupy])
def test_atan2_correctly_rounded(xp):
    rs = numpy.random.default_rng(7)
    x = rs.uniform(-400, 400, 3000)
    y = rs.uniform(-400, 400, 3000) * 10.0 ** rs.integers(-3, 4, 3000)
    got = cupy.asnumpy(_clog._atan2(xp.asarray(y), xp.asarray(x), xp))
    want = numpy.arctan2(y.astype(numpy.longdouble),
                         x.astype(numpy.longdouble))
    err = numpy.abs(got.astype(numpy.longdouble) - want) / numpy.spacing(
        numpy.abs(want.astype(numpy.float64)))
    assert float(err.max()) <= 0.501


def test_clog_edges():
    z = numpy.array([0j, complex(numpy.inf, 1), complex(numpy.nan, 0),
                     complex(-3, 0), complex(0, -2), 1e-200 + 1e-200j,
                     1e300 - 1e300j, 7 + 300j])
    with numpy.errstate(all='ignore'):
        got = _clog.clog(cupy.asarray(z)).get()
        want = numpy.log(z)
    numpy.testing.assert_allclose(got, want, rtol=1e-15)
    numpy.testing.assert_array_equal(numpy.isnan(got), numpy.isnan(want))


_PERTURBED = ('exp', 'log', 'cos', 'sin', 'cosh', 'sinh', 'absolute',
              'log1p', 'expm1', 'arctan2', 'hypot', 'power')


def _off_by_one_or_two(f, rs):
    """f with each float result moved by +-1 or +-2 ulp (exact powers of
    two kept: every C library gets 2^k right)."""
    def g(*args, **kwargs):
        r = f(*args, **kwargs)
        if not isinstance(r, cupy.ndarray) or r.dtype.kind not in 'fc':
            return r
        h = r.get()
        parts = [h.real, h.imag] if h.dtype.kind == 'c' else [h]
        for p in parts:
            step = rs.choice([-2, -1, 1, 2], size=p.shape)
            move = numpy.isfinite(p) & (p != 0) & (numpy.frexp(p)[0] != 0.5)
            p[...] = numpy.where(move, p + step * numpy.abs(
                numpy.spacing(p)), p)
        r[...] = cupy.asarray(h)
        return r
    return g


@pytest.mark.parametrize('seed', [0, 1])
def test_zeta_complex_on_a_1_2_ulp_libm(seed, monkeypatch, no_fallback):
    # test_complex_loops.test_zeta_complex's points and bounds
    rs = numpy.random.default_rng(seed)
    for name in _PERTURBED:
        g = _off_by_one_or_two(getattr(cupy, name), rs)
        monkeypatch.setattr(cupy, name, g)
        if hasattr(_xp, name):
            monkeypatch.setattr(_xp, name, g)
    e = zeta_errors()
    assert numpy.percentile(e, 99) <= 128
    assert e.max() <= 4096
