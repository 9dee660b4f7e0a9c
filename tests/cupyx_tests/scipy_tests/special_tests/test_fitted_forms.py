"""The float64 forms fitted for speed (_i0_data.py, _gammaln_data.py,
_erf_data.py) and gammaln's recurrence next to the poles, against
references of their own: sums in extended precision (numpy.longdouble)
where SciPy's own value is several ulp off, SciPy elsewhere, on grids
dense enough to meet every interval of the tables."""

import numpy
import pytest
import scipy.special as sc

import cupy
import cupyx.scipy.special as cs
from tests.cupyx_tests.scipy_tests.special_tests.test_accuracy import (  # NOQA
    ulps)

_LD = numpy.longdouble
needs_longdouble = pytest.mark.skipif(
    numpy.finfo(_LD).eps > 1e-18,
    reason='numpy.longdouble is no wider than float64 here')


def _i0_series(x):
    """I0(x) = sum ((x/2)^2)^k / (k!)^2 in long double: positive terms,
    so ~1e-18 relative for x <= 40 (I0(40) needs ~80 terms)."""
    q = (numpy.asarray(x, _LD) / 2) ** 2
    term = numpy.ones_like(q)
    total = numpy.ones_like(q)
    for k in range(1, 160):
        term = term * q / (k * k)
        total = total + term
    return total


def _ulps_ld(got, ref):
    """|got - ref| in ulp of ref rounded to float64 (ref long double)."""
    sp = numpy.spacing(numpy.abs(ref.astype(numpy.float64)))
    return (numpy.abs(got.astype(_LD) - ref) / sp).astype(numpy.float64)


@needs_longdouble
@pytest.mark.parametrize('name', ['i0', 'i0e'])
def test_i0_exact(name):
    # both sides of the split at 8 densely, and tiny arguments; SciPy's
    # own (Cephes' Chebyshev sums) is up to 4 (i0) and 5.6 (i0e) ulp off
    # on this grid, so the comparison with SciPy allows 8 (test_accuracy)
    x = numpy.concatenate([numpy.linspace(0.0, 40.0, 200001),
                           numpy.logspace(-300, 1.6, 3001)])
    ref = _i0_series(x)
    if name == 'i0e':
        ref = ref * numpy.exp(-numpy.asarray(x, _LD))
    got = getattr(cs, name)(cupy.asarray(numpy.concatenate([x, -x]))).get()
    e = _ulps_ld(got, numpy.concatenate([ref, ref]))
    i = int(numpy.argmax(e))
    assert e[i] <= 4, '{}({!r}): {} ulp from the series'.format(
        name, numpy.concatenate([x, -x])[i], e[i])


def _lgamma1p_series(t):
    """log Gamma(1 + t) for |t| <= 0.05 in long double: -euler t +
    sum_k>=2 (-t)^k zeta(k) / k, zeta(k) summed to 10^4 terms plus the
    Euler-Maclaurin tail (its next term is below 1e-22)."""
    euler = _LD('0.577215664901532860606512090082402431')
    n = numpy.arange(1, 10001, dtype=_LD)
    big = _LD(10000)
    total = -euler * t
    for k in range(2, 30):
        zeta = (numpy.sum(n[:-1] ** -k) + big ** (1 - k) / (k - 1) +
                big ** -k / 2 + k * big ** (-k - 1) / 12)
        total = total + (-t) ** k * zeta / k
    return total


@needs_longdouble
def test_gammaln_relative_at_zeros():
    # the table's intervals at 1 and 2 have a zero constant term: the
    # result is accurate relative to its value next to the zeros (SciPy's
    # Cephes recurrence is accurate only absolutely below 1 and 2: the
    # floor of test_accuracy's bound)
    d = numpy.logspace(-15, numpy.log10(0.05), 200)
    x = numpy.concatenate([1 - d, 1 + d, 2 - d, 2 + d])
    t = numpy.where(x < 1.5, x - 1.0, x - 2.0)        # exact
    ref = _lgamma1p_series(t.astype(_LD))
    ref = numpy.where(x < 1.5, ref, ref + numpy.log1p(t.astype(_LD)))
    got = cs.gammaln(cupy.asarray(x)).get()
    e = _ulps_ld(got, ref)
    i = int(numpy.argmax(e))
    assert e[i] <= 2, 'gammaln({!r}): {} ulp'.format(x[i], e[i])


def test_gammaln_table_dense():
    # every interval of _gammaln_data.py's table (16 per octave from
    # 0.489 to 13.2) and the shift below 1/2, with Stirling's series
    # beyond 13, against SciPy (absolutely below |result| 1: Cephes')
    x = numpy.concatenate([numpy.linspace(0.0, 14.0, 200001),
                           numpy.logspace(-310, 0, 1001)])
    e = ulps(cs.gammaln(cupy.asarray(x)).get(), sc.gammaln(x), 1.0)
    i = int(numpy.argmax(e))
    assert e[i] <= 2, 'gammaln({!r}): {} ulp'.format(x[i], e[i])


def test_gammaln_next_to_poles():
    # -34 < x < 0 runs gamma.c's upward recurrence with its divisions in
    # its order (the reflection cancels two terms of size log Gamma(-x)
    # next to a pole: it was 8.5 ulp off at -8.000064); below -34 the
    # reflection as gamma.c
    n = numpy.arange(1.0, 41.0)[:, None]
    d = numpy.array([1e-12, 1e-5, 6.4e-5, 1e-3, 0.01, 0.1, 0.4])
    x = numpy.concatenate([(-n - d).ravel(), (-n + d).ravel(),
                           [-8.000064, -33.99, -34.01, -1e-300, -5e-324]])
    e = ulps(cs.gammaln(cupy.asarray(x)).get(), sc.gammaln(x))
    i = int(numpy.argmax(e))
    assert e[i] <= 2, 'gammaln({!r}): {} ulp'.format(x[i], e[i])


def test_gammaln_edges():
    x = numpy.array([0.0, -0.0, numpy.inf, -numpy.inf, numpy.nan, 1e-310,
                     5e-324, 1e300, 2.6e305, 1e8, 1e9, 2000.5, -1.0, -50.0])
    got = cs.gammaln(cupy.asarray(x)).get()
    numpy.testing.assert_array_equal(numpy.isinf(got),
                                     numpy.isinf(sc.gammaln(x)))
    assert ulps(got, sc.gammaln(x)).max() <= 2
