"""The incomplete gamma and beta functions, the distributions built on
them and the exponential integrals against SciPy over their domains:
relative error (the bound is written per case, with why), edges, float32,
and the device path (no host fallback)."""

import warnings

import numpy
import pytest
import scipy.special as sc

import cupy
import cupyx.scipy.special as cs
from tests.cupyx_tests.scipy_tests.special_tests.test_accuracy import (  # NOQA
    no_fallback)


def rel(got, want, floor=1e-290):
    """|got - want| / max(|want|, floor); equal values (NaN with NaN, inf
    with inf) count 0.  The floor: SciPy flushes results below ~1e-300
    (its prefactors underflow) where the compositions keep them."""
    got = numpy.asarray(got, numpy.float64)
    want = numpy.asarray(want, numpy.float64)
    same = (got == want) | (numpy.isnan(got) & numpy.isnan(want))
    with numpy.errstate(all='ignore'):
        e = numpy.abs(got - want) / numpy.maximum(numpy.abs(want), floor)
    return numpy.where(same, 0.0, numpy.where(numpy.isnan(e), numpy.inf, e))


def _check(name, args, bound, floor=1e-290):
    got = getattr(cs, name)(*[cupy.asarray(a) for a in args])
    assert got.dtype == numpy.float64
    with numpy.errstate(all='ignore'), warnings.catch_warnings():
        # SciPy warns where it truncates a float argument to an integer
        warnings.simplefilter('ignore', RuntimeWarning)
        want = getattr(sc, name)(*args)
    e = rel(got.get(), want, floor).ravel()
    i = int(numpy.argmax(e))
    flat = [numpy.broadcast_to(a, e.size and numpy.broadcast(*args).shape)
            .ravel()[i] for a in args]
    assert e[i] <= bound, '{}{} = {!r}, SciPy {!r}: {:.3g} > {}'.format(
        name, tuple(flat), got.get().ravel()[i], want.ravel()[i], e[i],
        bound)


SHAPE = numpy.array([0.0, 1e-300, 1e-20, 1e-5, 0.01, 0.1, 0.5, 0.9, 1.0,
                     1.1, 1.5, 2.0, 3.0, 5.0, 10.0, 19.5, 20.0, 25.0, 50.0,
                     100.0, 150.0, 200.0, 250.0, 1e3, 1e4, 1e5, 1e6, 1e10,
                     numpy.inf, numpy.nan, -1.0])
ARG = numpy.concatenate([SHAPE, numpy.linspace(0.01, 60, 120)])


@pytest.mark.parametrize('name', ['gammainc', 'gammaincc'])
def test_igam_grid(name, no_fallback):
    # Cephes' series and fraction, Temme's expansion where a is large;
    # SciPy's prefactor loses ~2e-13 in the far tails (P(250, 55) ~ 5e-82)
    a, x = numpy.meshgrid(SHAPE, ARG)
    _check(name, (a, x), 1e-12)


@pytest.mark.parametrize('name', ['gammainc', 'gammaincc'])
def test_igam_near_mean(name, no_fallback):
    # x near a, large a: Temme's expansion and its borders.  SciPy's own
    # prefactor (Lanczos, a log x - x - lgamma(a) beyond |x - a| > 0.4 a)
    # loses ~1e-11 relative in the far tails for a >= 1e3 (mpmath agrees
    # with the composition there: Q(1e4, 14025) = 9.753824318669273e-282)
    a = numpy.array([0.5, 1, 3, 20, 21, 50, 100, 199, 201, 500, 1e3,
                     1e4, 1e5, 1e6])[:, None]
    x = a * numpy.linspace(0.5, 1.5, 201)[None, :]
    _check(name, (a, x), 2e-11)
    got = cs.gammaincc(cupy.asarray(1e4), cupy.asarray(14024.999999999998))
    assert abs(float(got) / 9.753824318669273e-282 - 1) < 1e-13


def test_igam_distributions(no_fallback):
    # the bound of test_igam_grid (SciPy's prefactor in the tails: mpmath
    # has pdtrc(1000, 250) = 1.9224365176683333e-279, SciPy 1.4e-12 away)
    a, x = numpy.meshgrid(SHAPE[:-3], ARG)
    for name in ('chdtr', 'chdtrc'):
        _check(name, (a, x), 1e-12)
    for name in ('gdtr', 'gdtrc'):
        _check(name, (numpy.array([0.5, 2.0])[:, None, None], a, x), 1e-12)
    k = numpy.concatenate([numpy.arange(-2, 60.0),
                           [0.5, 2.7, 100, 1e3, numpy.inf, numpy.nan]])
    kk, mm = numpy.meshgrid(k, ARG)
    for name in ('pdtr', 'pdtrc'):
        _check(name, (kk, mm), 2e-12)


BPAR = numpy.array([0.0, 1e-3, 0.01, 0.1, 0.5, 0.9, 1.0, 1.5, 2.0, 3.0,
                    5.0, 10.0, 20.0, 50.0, 100.0, 150.0, 200.0, 1e3, 1e4,
                    numpy.inf, numpy.nan, -1.0])
BX = numpy.concatenate([[0, 1e-300, 1e-10, 0.05, 0.95, 0.99, 1 - 1e-10, 1,
                         -0.1, 1.1, numpy.nan], numpy.linspace(0, 1, 21)])


def test_betainc_grid(no_fallback):
    # Cephes' incbet; SciPy's is Boost's ibeta.  Where b << 1 and x is
    # near 1 the two differ by ~2e-12 (the continued fraction's slow
    # convergence); the rest agrees to 1e-13
    a, b, x = numpy.meshgrid(BPAR, BPAR, BX, indexing='ij')
    _check('betainc', (a, b, x), 5e-12)
    # where Boost's prefix underflows the composition does not
    # (mpmath: I_0.48(1000, 20) = 7.0771819159384687e-285)
    got = float(cs.betainc(cupy.asarray(1000.0), 20.0, 0.48))
    assert abs(got / 7.0771819159384687e-285 - 1) < 1e-13
    # btdtr (CuPy's name) is betainc
    numpy.testing.assert_allclose(
        cs.btdtr(cupy.asarray(2.0), 3.0, cupy.asarray([0.1, 0.5])).get(),
        sc.betainc(2.0, 3.0, [0.1, 0.5]), rtol=1e-14)


def test_beta_distributions(no_fallback):
    k = numpy.array([-2, -1, 0, 1, 2, 3, 5, 8, 13, 21, 29, 0.5, 2.7, 100,
                     1e3, numpy.nan])
    n = numpy.array([-1, 0, 1, 2, 3, 5, 8, 13, 21, 34, 39, 60, 100, 1000])
    p = numpy.array([-0.1, 0, 1e-10, 0.001, 0.1, 0.3, 0.5, 0.7, 0.99, 1,
                     1.1, numpy.nan])
    k3, n3, p3 = numpy.meshgrid(k, n, p, indexing='ij')
    for name in ('bdtr', 'bdtrc', 'nbdtr', 'nbdtrc'):
        # n = 1000: SciPy's prefactor loses ~2e-12 there (mpmath:
        # bdtr(15, 1000, 0.1) = 6.7573452169304347e-28, SciPy 1.1e-12 away)
        _check(name, (k3, n3, p3), 3e-12)
    # degrees of freedom down to 0.1 here; b << 1 (incbet's slow continued
    # fraction, half of this test's time) is test_betainc_grid's, and
    # fdtr's own in the slow test below
    _f_distributions(numpy.array([0.0, 0.1, 0.5, 1.0, 2.0, 5.0, 10.0,
                                  100.0, 400.0, numpy.inf, numpy.nan, -1.0]))


_FX = numpy.array([-1, 0, 1e-10, 0.01, 0.1, 0.5, 1, 2, 5, 10, 100, 1e5,
                   numpy.inf, numpy.nan])


def _f_distributions(f):
    fa, fb, fx = numpy.meshgrid(f, f, _FX, indexing='ij')
    for name in ('fdtr', 'fdtrc'):
        # b << 1 with x just below the mean (~1): Cephes' continued
        # fraction converges slowly (fdtr(1e4, 0.01, 0.1) is 7e-12 off)
        _check(name, (fa, fb, fx), 1e-11)


@pytest.mark.slow
def test_f_distributions_small_dof(no_fallback):
    _f_distributions(numpy.array([0.01, 0.1, 1.0, 1e3, 1e4]))


def test_int_loops(no_fallback):
    # SciPy's 'dld->d' / 'lld->d' / 'ld->d' loops: the integer arguments
    k = numpy.arange(0, 8)
    numpy.testing.assert_allclose(
        cs.bdtr(cupy.asarray(k), 7, 0.3).get(), sc.bdtr(k, 7, 0.3),
        rtol=1e-14)
    numpy.testing.assert_allclose(
        cs.nbdtr(cupy.asarray(k), cupy.asarray(k + 1), 0.3).get(),
        sc.nbdtr(k, k + 1, 0.3), rtol=1e-14)
    numpy.testing.assert_allclose(
        cs.expn(cupy.asarray(k), 1.5).get(), sc.expn(k, 1.5), rtol=1e-14)


EXPX = numpy.concatenate([
    numpy.linspace(-50, 50, 2001), numpy.logspace(-300, 2.9, 400),
    -numpy.logspace(-300, 2.9, 400),
    [0, -0.0, numpy.inf, -numpy.inf, numpy.nan, 700, 709, 710, 720, -700,
     -745, -750, 0.3725074107813666]])


@pytest.mark.parametrize('name', ['exp1', 'expi'])
def test_exp_integrals(name, no_fallback):
    # the same series and fractions as SciPy (Zhang and Jin's specfun)
    _check(name, (EXPX,), 4e-15)


def test_expn(no_fallback):
    n = numpy.concatenate([numpy.arange(-1, 51.0), [2.5, numpy.nan]])
    x = numpy.concatenate([[0, 1e-300, 1e-10, 0.01, 0.5, 1, 1.5, 2, 5, 10,
                            50, 100, 500, 700, 710, numpy.inf, -1,
                            numpy.nan], numpy.linspace(0.01, 20, 60)])
    _check('expn', (n[:, None], x[None]), 1e-14)
    # n > 50: DLMF 8.20's expansion; SciPy's table there is off by ~1e-7
    # at x = n / 2, so mpmath's values are the reference
    got = cs.expn(cupy.asarray([100.0, 1000.0, 60.0]),
                  cupy.asarray([50.0, 500.0, 1.0])).get()
    want = [1.29154787778474849e-24, 4.75182858947098929e-221,
            sc.expn(60, 1.0)]
    numpy.testing.assert_allclose(got, want, rtol=1e-14)


@pytest.mark.parametrize('name,nargs', [
    ('gammainc', 2), ('gammaincc', 2), ('betainc', 3), ('exp1', 1),
    ('expi', 1), ('chdtr', 2), ('fdtr', 3)])
def test_float32(name, nargs, no_fallback):
    rng = numpy.random.default_rng(0)
    args = [rng.uniform(0.05, 5, 200).astype(numpy.float32)
            for _ in range(nargs)]
    if name == 'betainc':
        args[2] = args[2] / numpy.float32(5.0)
    got = getattr(cs, name)(*[cupy.asarray(a) for a in args])
    assert got.dtype == getattr(sc, name)(*args).dtype == numpy.float32
    # computed in float64 and rounded once: SciPy's float64 result,
    # rounded (SciPy's own float32 betainc is Boost's float instantiation,
    # 1.5e-5 relative away on this sample)
    want = getattr(sc, name)(*[a.astype(numpy.float64) for a in args])
    numpy.testing.assert_allclose(got.get(), want.astype(numpy.float32),
                                  rtol=1.2e-7, atol=1e-37)


def test_shapes_and_out(no_fallback):
    a = cupy.asarray([[0.5], [2.0], [7.0]])
    x = cupy.asarray([0.1, 1.0, 3.0, 9.0])
    out = cupy.empty((3, 4))
    r = cs.gammainc(a, x, out=out)
    assert r is out
    numpy.testing.assert_allclose(out.get(), sc.gammainc(a.get(), x.get()),
                                  rtol=1e-14)
    assert cs.gammainc(cupy.asarray(2.0), cupy.asarray(1.0)).shape == ()
    e = cs.expi(cupy.empty((0, 3)))
    assert e.shape == (0, 3)
