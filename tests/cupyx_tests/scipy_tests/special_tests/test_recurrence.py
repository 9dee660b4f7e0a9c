"""yn, poch and binom against SciPy: relative error with the bound written
per case, edges (poles, infinities, NaN), on the device."""

import warnings

import numpy
import scipy.special as sc

import cupy
import cupyx.scipy.special as cs
from tests.cupyx_tests.scipy_tests.special_tests.test_incomplete import (
    rel)
from tests.cupyx_tests.scipy_tests.special_tests.test_accuracy import (  # NOQA
    no_fallback)


def _cmp(name, a, b, bound):
    got = getattr(cs, name)(cupy.asarray(a), cupy.asarray(b)).get()
    with numpy.errstate(all='ignore'), warnings.catch_warnings():
        warnings.simplefilter('ignore', RuntimeWarning)
        want = getattr(sc, name)(a, b)
    e = rel(got, want)
    i = numpy.unravel_index(numpy.argmax(e), e.shape)
    assert e[i] <= bound, (numpy.broadcast_to(a, e.shape)[i],
                           numpy.broadcast_to(b, e.shape)[i], got[i],
                           want[i])


def test_yn(no_fallback):
    n = numpy.concatenate([numpy.arange(-5, 40.0),
                           [100, 500, 2.5, numpy.nan]])[:, None]
    x = numpy.concatenate([[0, 1e-300, 1e-10, 0.01, 0.5, 1, 5, 10, 30, 100,
                            1e4, 1e10, numpy.inf, -1, numpy.nan],
                           numpy.linspace(0.05, 60, 60)])[None]
    # y0/y1's bound (test_accuracy: 8 ulp) grows along the recurrence
    _cmp('yn', n, x, 5e-14)
    # the integer loop
    k = numpy.arange(0, 6)
    numpy.testing.assert_allclose(cs.yn(cupy.asarray(k), 2.5).get(),
                                  sc.yn(k, 2.5), rtol=1e-14)


PA = numpy.concatenate([[0, -0.0, -1, -2, -2.5, 1e-10, 0.5, 1, 3, 10, 100,
                         1e4, 2e4, 1e6, numpy.inf, -numpy.inf, numpy.nan],
                        numpy.linspace(-20, 20, 41) + 0.3])[:, None]
PM = numpy.concatenate([[0, 1, 2, -1, -2, 0.5, -0.5, 3.7, -3.7, 10, 50,
                         200, 1000, -1000, numpy.inf, -numpy.inf,
                         numpy.nan], numpy.linspace(-20, 20, 41)])[None]


def test_poch(no_fallback):
    _cmp('poch', PA, PM, 5e-14)


def test_binom(no_fallback):
    # beta of arguments ~200 in logarithms: 1e-13 (binom(-2.7, 200))
    _cmp('binom', PA, PM, 2e-13)
    n = numpy.concatenate([numpy.arange(-3, 60.0),
                           [0.5, 2.5, -2.5, 1e-9, 1e5, 1e12]])[:, None]
    # k beyond 2**31: SciPy converts floor(k) to a C int there (its
    # values are those of an overflowed conversion); below it, the same
    k = numpy.concatenate([numpy.arange(-3, 60.0),
                           [0.5, 1.5, -0.5, 1e9, 2e9]])[None]
    _cmp('binom', n, k, 1e-13)
