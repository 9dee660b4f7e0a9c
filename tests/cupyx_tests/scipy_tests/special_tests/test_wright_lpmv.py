"""wright_bessel and lpmv on the device against SciPy (ulp bounds written
per regime) and against 40-digit mpmath values where SciPy's own
algorithm loses digits; no host fallback."""

import numpy
import pytest
import scipy.special as sc

import cupy
import cupyx.scipy.special as cs
from tests.cupyx_tests.scipy_tests.special_tests.test_accuracy import (  # NOQA
    no_fallback, ulps)


def _grid(*axes):
    g = numpy.meshgrid(*axes, indexing='ij')
    return [a.ravel() for a in g]


def _wb(a, b, x):
    got = cs.wright_bessel(cupy.asarray(a), cupy.asarray(b),
                           cupy.asarray(x)).get()
    with numpy.errstate(all='ignore'):
        want = sc.wright_bessel(a, b, x)
    return got, want


_A = numpy.array([1e-6, 1e-5, 5e-5, 1e-4, 5e-4, 1e-3, 0.01, 0.1, 0.5, 1.0,
                  2.0, 4.9, 5.0, 10.0, 50.0, 178.0])
_B = numpy.array([0.0, 1e-4, 1e-3, 0.01, 0.5, 1.0, 2.5, 10.0, 50.0, 170.0])


def _small_a(a, b, x):
    # SciPy's domain of its expansion in a
    return (((a <= 1e-3) & (b <= 50) & (x <= 9))
            | ((a <= 1e-4) & (b <= 70) & (x <= 100))
            | ((a <= 1e-5) & (b <= 170) & (x < 709.78)))


def test_wright_bessel_series(no_fallback):
    # x <= 2: the series itself (18 or 20 terms, as SciPy), and the
    # expansion in a = 0 for tiny a
    a, b, x = _grid(_A, _B, numpy.array([1e-300, 1e-10, 1e-3, 0.1, 0.5, 1.0,
                                         1.5, 2.0]))
    got, want = _wb(a, b, x)
    # SciPy's series stops where a k + b passes 178.47 (its rgamma
    # underflows): there SciPy is 0 and this the next term
    ok = (want != 0) | (a < 1)
    # SciPy's e^x/Gamma(b) of the tiny-a branch is Lanczos' exponential
    # form, up to ~4 b ulp off (1e-6, 170, 1e-10: SciPy 317 ulp from the
    # exact value, (5e-5, 10, 0.1): 34; this within 1: hand values below)
    e = ulps(got[ok], want[ok]) - 4.0 * b[ok] * _small_a(a, b, x)[ok]
    assert e.max() <= 8, (a[ok][e.argmax()], b[ok][e.argmax()],
                          x[ok][e.argmax()], e.max())


def test_wright_bessel_small_a(no_fallback):
    a, b, x = _grid(numpy.array([0.0, 1e-7, 1e-6, 1e-5, 5e-5, 1e-4, 5e-4,
                                 1e-3]),
                    _B, numpy.array([2.5, 5.0, 9.0, 30.0, 100.0, 300.0,
                                     700.0]))
    keep = _small_a(a, b, x) | (a == 0)
    a, b, x = a[keep], b[keep], x[keep]
    got, want = _wb(a, b, x)
    fin = numpy.isfinite(want) & (want > 1e-300)
    # e^x carries x eps of relative error in SciPy's Lanczos form (and
    # in exp(x - gammaln(b)) here beyond b = 171): 8 ulp + 1.1 x + 4 b
    e = ulps(got[fin], want[fin]) - (8 + 1.1 * x[fin] + 4 * b[fin])
    assert e.max() <= 0, (a[fin][e.argmax()], b[fin][e.argmax()],
                          x[fin][e.argmax()], e.max())


def test_wright_bessel_window_against_scipy(no_fallback):
    # the rest: SciPy's asymptotic expansion and integral representation
    # are documented to 1e-11 .. 1e-8; measured 4.8e-7 at (0.9, 20, 1e4)
    a, b, x = _grid(numpy.array([0.01, 0.1, 0.5, 0.9, 1.0, 2.0, 4.9, 5.0,
                                 10.0]),
                    numpy.array([0.0, 0.5, 1.0, 2.5, 10.0, 20.0]),
                    numpy.array([2.5, 5.0, 20.0, 100.0, 1e3, 1e4]))
    got, want = _wb(a, b, x)
    fin = numpy.isfinite(want) & (want > 1e-300)
    numpy.testing.assert_allclose(got[fin], want[fin], rtol=1e-6)
    # where SciPy sums the window too (a >= 5): a few hundred ulp (the
    # terms' logarithms are of size k log x)
    big = fin & (a >= 5)
    assert ulps(got[big], want[big]).max() <= 4096


# (a, b, x, Phi) with Phi summed in 40-digit arithmetic (mpmath): the
# regimes where SciPy 1.17.1 is 1e-7 off (0.9, 20, 1e4), NaN (0.05, 150,
# 700), 0 (100, 0, 2) or 1e102 times off (1.5, 50, 1e6)
_HAND = [
    (1.5, 50, 1e6, 1.7337898188669301e+90),
    (0.9, 20, 1e4, 1.1587784172989762e+69),
    (4.9, 0.5, 1e8, 559207391080841.73),
    (0.3, 10, 700, 2.5263669074760328e+97),
    (5, 170, 1e15, 3.3993317640684552e-232),
    (0.9, 100, 1e4, 6.9786015423404633e-107),
    (1.0, 50, 1e4, 5.1187033316330686e-16),
    (100, 0, 2, 2.1430205762509338e-156),
    (0.05, 150, 700, 1.2058864544098498e-25),
    (2, 0.5, 30, 80.041364483137069),
    (0.5, 1, 5, 61.154177077496366),
    (0.01, 2, 50, 3.9002619848438177e+21),
    (7, 3, 1e6, 3.2796357561678938),
    (1e-6, 170, 1e-10, 2.3424316454802519597e-305),
    (5e-5, 10, 0.1, 3.045520491547495018e-6),
    (0.2, 0, 1000, 1.0619676640932358e+216),
]


def test_wright_bessel_hand_values(no_fallback):
    a, b, x, want = (numpy.array(c) for c in zip(*_HAND))
    got = cs.wright_bessel(cupy.asarray(a), cupy.asarray(b),
                           cupy.asarray(x)).get()
    numpy.testing.assert_allclose(got, want, rtol=2e-12)


def test_wright_bessel_edges(no_fallback):
    nan, inf = numpy.nan, numpy.inf
    a = numpy.array([nan, -1, 1, 1, inf, 1, 178.5, 1, 0.0, 1.0, 0.0, 1.0,
                     1.0, 1.0])
    b = numpy.array([1, 1, -1, 1, 1, inf, 1, 178.5, 2.0, 0.0, 0.0, 150.0,
                     1.0, 1.0])
    x = numpy.array([1, 1, 1, -1, 1, 1, 1, 1, 3.0, 0.0, 0.0, 1e5,
                     inf, 0.0])
    got, want = _wb(a, b, x)
    numpy.testing.assert_array_equal(numpy.isnan(got), numpy.isnan(want))
    ok = ~numpy.isnan(want)
    assert (ulps(got[ok], want[ok]) <= 2).all(), (got, want)


def test_wright_bessel_float32_and_shapes(no_fallback):
    a = numpy.linspace(0.1, 3, 12, dtype=numpy.float32).reshape(3, 4)
    b = numpy.float32(1.5)
    x = numpy.linspace(0.5, 40, 4, dtype=numpy.float32)
    got = cs.wright_bessel(cupy.asarray(a), b, cupy.asarray(x))
    want = sc.wright_bessel(a, b, x)
    assert got.dtype == want.dtype == numpy.float32
    assert got.shape == (3, 4)
    numpy.testing.assert_allclose(got.get(), want, rtol=2e-7)


def _lpmv(m, v, x):
    got = cs.lpmv(cupy.asarray(m), cupy.asarray(v), cupy.asarray(x)).get()
    with numpy.errstate(all='ignore'):
        want = sc.lpmv(m, v, x)
    return got, want


def _amplitude(m, v, want):
    """max |P| over the x grid of each (m, v): the scale near zeros."""
    key = m * 1000.0 + v
    amp = {}
    for k, w in zip(key, numpy.abs(want)):
        if numpy.isfinite(w):
            amp[k] = max(amp.get(k, 0.0), w)
    return numpy.array([amp.get(k, 0.0) for k in key])


_X = numpy.concatenate([numpy.linspace(-1, 1, 41),
                        [-0.9999, -0.999, -0.36, -0.35, -0.34, 1e-10, 0.999,
                         0.9999999]])


@pytest.mark.parametrize('ms,bound', [
    # integer and low degrees: the terminating series and the recurrence
    ((0, 1, 2, 3, -1), 64),
    # -2, -3 at v = 0.001 near -1: pa = 2 (psi(v) + gamma) + pi cot(pi v) + 1/v
    # cancels its 1/v terms (1e-13 relative here, SciPy 1.4e-14)
    ((-2, -3), 2048),
    # larger orders: the logarithmic series about -1 cancels (pa is a sum
    # of +-1/v-sized terms; Cephes' digamma and specfun's PSI differ in
    # the last bits there), both SciPy and this drift from mpmath alike
    ((5, -5, 8), 65536),
])
def test_lpmv(ms, bound, no_fallback):
    v = numpy.concatenate([numpy.arange(-6.0, 21.0), numpy.linspace(
        -5.3, 20.7, 14), [0.5, 1e-3, 1.5, 2.5]])
    m, v, x = _grid(numpy.array(ms, dtype=numpy.float64), v, _X)
    got, want = _lpmv(m, v, x)
    numpy.testing.assert_array_equal(numpy.isnan(got), numpy.isnan(want))
    numpy.testing.assert_array_equal(numpy.isinf(got), numpy.isinf(want))
    e = ulps(got, want, _amplitude(m, v, want))
    assert e.max() <= bound, (m[e.argmax()], v[e.argmax()], x[e.argmax()],
                              e.max())


def test_lpmv_edges(no_fallback):
    nan = numpy.nan
    m = numpy.array([0.5, nan, 1, 1, 0, 2, -3, -2, 0, 1])
    v = numpy.array([1, 1, nan, 1, 1.5, 2.5, 1, 1, 3, 40.0])
    x = numpy.array([0.5, 0.5, 0.5, nan, -1, -1, 0.5, 0.5, 1.0, 0.3])
    got, want = _lpmv(m, v, x)
    numpy.testing.assert_array_equal(numpy.isnan(got), numpy.isnan(want))
    ok = ~numpy.isnan(want)
    numpy.testing.assert_allclose(got[ok], want[ok], rtol=1e-13)
    # float32 loop, broadcasting, a scalar order
    x32 = numpy.linspace(-0.9, 0.9, 6, dtype=numpy.float32)
    got = cs.lpmv(2, numpy.float32(3.5), cupy.asarray(x32))
    assert got.dtype == numpy.float32
    numpy.testing.assert_allclose(got.get(), sc.lpmv(2, numpy.float32(3.5),
                                                      x32), rtol=1e-6)
