"""The complex loops (D->D, F->F) of the special functions on the device
against SciPy: the error of each part in ulp of |want| (or of a floor
where the function has zeros or cancels), the bound written per
function; special values; no host fallback."""

import numpy
import pytest
import scipy.special as sc

import cupy
import cupyx.scipy.special as cs
from tests.cupyx_tests.scipy_tests.special_tests.test_accuracy import (  # NOQA
    no_fallback, ulps)

_R = numpy.concatenate([-numpy.logspace(-8, 2.5, 24), [0.0],
                        numpy.logspace(-8, 2.5, 24),
                        [-1, 1, 2, -2, 0.5, -0.5, 5, -5, 7, -7, 10, 1.5,
                         -0.504, 1.4616, 0.3, -2.5, 6.5, 27.0]])
_RE, _IM = numpy.meshgrid(_R, _R)
Z = (_RE + 1j * _IM).ravel()
SPECIAL = numpy.array([complex(numpy.inf, 0), complex(-numpy.inf, 1),
                       complex(numpy.nan, 0), complex(1, numpy.inf),
                       complex(0, numpy.nan), complex(numpy.inf, 1),
                       -3 + 0j, 0j, complex(-0.0, 0.0), 1 + 0j, 2 + 0j])


def cerr(got, want, floor):
    """max over the parts of the error in ulp of max(|want|, floor)."""
    # max(|re|, |im|): |want| itself may overflow
    scale = numpy.maximum(numpy.maximum(abs(want.real), abs(want.imag)),
                          floor)
    return numpy.maximum(ulps(got.real, want.real, scale),
                         ulps(got.imag, want.imag, scale))


# name, floor of the ulp scale, bound, why
CASES = [
    # Kahan-style parts: expm1(x) cos y + cosm1(y)
    ('expm1', 0.0, 2),
    # double-double |z|^2 + 2x where it cancels
    ('log1p', 0.0, 8),
    # Stirling after the recurrence cancels near the zeros at 1 and 2:
    # absolute there (ulp of 1)
    ('loggamma', 1.0, 16),
    ('digamma', 1.0, 16),
    # exp(loggamma): |loggamma| eps of relative error, up to ~700 eps
    # next to the overflow
    ('gamma', 0.0, 2048),
    ('rgamma', 0.0, 2048),
    # 1 - exp(-z^2) w(iz) cancels where |erf| << 1 (SciPy's too: at
    # 0.0084 - 7.7e-7j SciPy is 58 ulp and this 26 ulp from mpmath):
    # ulp of 1 there; exp(-z^2) carries |z|^2 eps (to 70 ulp at
    # 0.3 - 4.7j, where |erf| is 5e8), and w(x) on the real axis is
    # algorithm 916 here (SciPy: a Chebyshev table for Im w(x))
    ('erf', 1.0, 128),
    ('erfc', 1.0, 128),
    ('erfcx', 0.0, 128),
    ('ndtr', 1.0, 128),
]


@pytest.mark.parametrize('name,floor,bound', CASES,
                         ids=[c[0] for c in CASES])
def test_complex128(name, floor, bound, no_fallback):
    got = getattr(cs, name)(cupy.asarray(Z))
    assert got.dtype == numpy.complex128
    got = got.get()
    with numpy.errstate(all='ignore'):
        want = getattr(sc, name)(Z)
    # both overflow alike; the NaN/inf pattern of an overflowed complex
    # product is the C++ library's (compared on SPECIAL below)
    fin = numpy.isfinite(want)
    assert (numpy.isfinite(got[fin])).all(), Z[fin][~numpy.isfinite(
        got[fin])][:5]
    e = cerr(got[fin], want[fin], floor)
    i = e.argmax()
    assert e[i] <= bound, (Z[fin][i], got[fin][i], want[fin][i], e[i])


def test_log_ndtr_complex(no_fallback):
    # log(exp(-z^2/2) w) - log 2: the two logs cancel towards Re z = 6
    # (SciPy's and this are both ~1e-10 from mpmath at 4.12 + 2e-4j);
    # ulp of 1 elsewhere
    got = cs.log_ndtr(cupy.asarray(Z)).get()
    with numpy.errstate(all='ignore'):
        want = sc.log_ndtr(Z)
    fin = numpy.isfinite(want) & (numpy.abs(Z) < 100)
    e = cerr(got[fin], want[fin], 1.0)
    assert numpy.percentile(e, 99) <= 16
    numpy.testing.assert_allclose(got[fin], want[fin], rtol=1e-9,
                                  atol=1e-12)


@pytest.mark.parametrize('name', ['expm1', 'log1p', 'loggamma', 'gamma',
                                  'rgamma', 'digamma', 'erf', 'erfc',
                                  'erfcx', 'ndtr'])
def test_special_values(name, no_fallback):
    got = getattr(cs, name)(cupy.asarray(SPECIAL)).get()
    with numpy.errstate(all='ignore'):
        want = getattr(sc, name)(SPECIAL)
    for g, w, z in zip(got, want, SPECIAL):
        for gp, wp in ((g.real, w.real), (g.imag, w.imag)):
            same = (gp == wp) or (numpy.isnan(gp) and numpy.isnan(wp)) \
                or abs(gp - wp) <= 1e-15 * abs(wp)
            assert same, (z, g, w)


@pytest.mark.parametrize('name', ['erf', 'loggamma', 'digamma', 'expm1'])
def test_complex64(name, no_fallback):
    z = Z[numpy.abs(Z) < 20].astype(numpy.complex64)
    got = getattr(cs, name)(cupy.asarray(z))
    assert got.dtype == numpy.complex64
    with numpy.errstate(all='ignore'):
        want = getattr(sc, name)(z)
    fin = numpy.isfinite(want)
    numpy.testing.assert_allclose(got.get()[fin], want[fin], rtol=2e-6,
                                  atol=2e-6)


@pytest.mark.parametrize('name', ['xlogy', 'xlog1py'])
def test_xlogy_complex(name, no_fallback):
    r = numpy.array([-1e3, -2.5, -1, -0.5, -1e-8, 0, 1e-8, 0.5, 1, 2.5,
                     1e3])
    re, im = numpy.meshgrid(r, r)
    z = (re + 1j * im).ravel()
    x, y = [a.ravel() for a in numpy.meshgrid(z, z)]
    got = getattr(cs, name)(cupy.asarray(x), cupy.asarray(y)).get()
    with numpy.errstate(all='ignore'):
        want = getattr(sc, name)(x, y)
    fin = numpy.isfinite(want)
    numpy.testing.assert_array_equal(numpy.isfinite(got), fin)
    assert cerr(got[fin], want[fin], 0.0).max() <= 4
    # x == 0 gives 0 unless y is NaN
    zero = getattr(cs, name)(cupy.asarray([0j, 0j]), cupy.asarray(
        [-1 + 0j, complex(numpy.nan, 0)])).get()
    assert zero[0] == 0 and numpy.isnan(zero[1].real)


def test_lambertw_array_tol(no_fallback):
    z = numpy.array([0.5, 2 + 1j, -0.3, 10.0, -0.2 + 0.1j])
    tol = numpy.array([1e-8, 1e-12, 1e-3, 1e-15, 1e-10])
    got = cs.lambertw(cupy.asarray(z), 0, cupy.asarray(tol)).get()
    want = sc.lambertw(z, 0, tol)
    numpy.testing.assert_allclose(got, want, rtol=1e-12)
    # each element stops at its own tolerance: W e^W = z to about tol
    assert (numpy.abs(got * numpy.exp(got) - z) <= 10 * tol *
            numpy.abs(z) + 1e-15).all()


@pytest.mark.parametrize('name', ['sici', 'shichi'])
def test_sici_shichi_complex(name, no_fallback):
    # E1/Ei of +-iz (or +-z) cancel in the odd function near the axes:
    # ulp of max(|w|, 1); measured 13
    got = getattr(cs, name)(cupy.asarray(Z))
    with numpy.errstate(all='ignore'):
        want = getattr(sc, name)(Z)
    for g, w in zip(got, want):
        assert g.dtype == numpy.complex128
        g = g.get()
        fin = numpy.isfinite(w)
        numpy.testing.assert_array_equal(numpy.isfinite(g), fin)
        assert cerr(g[fin], w[fin], 1.0).max() <= 32
    got = getattr(cs, name)(cupy.asarray(SPECIAL))
    with numpy.errstate(all='ignore'):
        want = getattr(sc, name)(SPECIAL)
    for g, w in zip(got, want):
        numpy.testing.assert_allclose(g.get(), w, rtol=1e-15)
    # complex64 in, complex64 out
    z = Z[numpy.abs(Z) < 20].astype(numpy.complex64)
    for g, w in zip(getattr(cs, name)(cupy.asarray(z)),
                    getattr(sc, name)(z)):
        assert g.dtype == numpy.complex64
        numpy.testing.assert_allclose(g.get(), w, rtol=2e-6, atol=2e-6)


def test_sinc_complex(no_fallback):
    # sin(pi z) with an exact sin(pi x) here; NumPy's pi x rounds, so it
    # is |pi x| eps off at large x (64 ulp of 1 at -38.6 + 2j)
    z = Z[numpy.abs(Z) < 100]
    got = cs.sinc(cupy.asarray(z))
    assert got.dtype == numpy.complex128
    with numpy.errstate(all='ignore'):
        want = numpy.sinc(z)
    fin = numpy.isfinite(want)
    numpy.testing.assert_array_equal(numpy.isfinite(got.get()), fin)
    assert cerr(got.get()[fin], want[fin], 1.0).max() <= 128
    assert cs.sinc(cupy.asarray(z.astype(numpy.complex64))).dtype == \
        numpy.complex64
    # sinc(0) = 1, integers are zeros
    numpy.testing.assert_allclose(
        cs.sinc(cupy.asarray([0j, 2 + 0j, -3 + 0j])).get(), [1, 0, 0],
        atol=1e-16)


def zeta_errors():
    """cerr of complex zeta against SciPy's on the grid and a few points
    (the finite ones; the NaN/inf pattern asserted equal)."""
    z = numpy.concatenate([Z, [0.5 + 14.134725j, 0.5 + 100j, 3 + 60j,
                               -5 + 70j, -20 + 3j, 0.3 + 1000j]])
    got = cs.zeta(cupy.asarray(z))
    assert got.dtype == numpy.complex128
    got = got.get()
    with numpy.errstate(all='ignore'):
        want = sc.zeta(z)
    fin = numpy.isfinite(want)
    numpy.testing.assert_array_equal(numpy.isfinite(got), fin)
    return cerr(got[fin], want[fin], 1.0)


def test_zeta_complex(no_fallback):
    # Borwein's sum; Euler-Maclaurin beyond |Im z| = 50; the reflection
    # for Re z < 1/2 carries Gamma(1 - z)'s exp(loggamma) error (to 2020
    # ulp at -38.6 - 316j, where |zeta| is 4e66): ulp of max(|w|, 1).
    # SciPy is itself 10^7 ulp from the exact zeta next to the pole: the
    # steps its algorithm amplifies must round as the C library's do
    # (test_zeta_libm.py)
    e = zeta_errors()
    assert numpy.percentile(e, 99) <= 128
    assert e.max() <= 4096
    s = cs.zeta(cupy.asarray(SPECIAL)).get()
    with numpy.errstate(all='ignore'):
        numpy.testing.assert_allclose(s, sc.zeta(SPECIAL), rtol=1e-15)
    # zeta(z, q): the real Hurwitz function on the real axis, NaN off it
    q = numpy.array([2.0, 1.0, 3.0, 2.5])
    zq = numpy.array([2 + 1j, 2 + 1j, 3 + 0j, 4 + 0j])
    numpy.testing.assert_allclose(
        cs.zeta(cupy.asarray(zq), cupy.asarray(q)).get(), sc.zeta(zq, q),
        rtol=1e-14)
    assert cs.zeta(cupy.asarray(zq.astype(numpy.complex64))).dtype == \
        numpy.complex64
