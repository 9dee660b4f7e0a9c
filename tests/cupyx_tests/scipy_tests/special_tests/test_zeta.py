"""zeta (Riemann and Hurwitz), zetac and polygamma against SciPy: relative
error with the bound written per case, edges, on the device."""

import numpy
import pytest
import scipy.special as sc

import cupy
import cupyx.scipy.special as cs
from tests.cupyx_tests.scipy_tests.special_tests.test_incomplete import (
    rel)
from tests.cupyx_tests.scipy_tests.special_tests.test_accuracy import (  # NOQA
    no_fallback)

EDGES = [0.0, -0.0, 1.0, numpy.inf, numpy.nan, 1 + 1e-10, 1 - 1e-10,
         126.0, 127.0, 200.0]
POSX = numpy.concatenate([numpy.linspace(-0.5, 60, 606),
                          numpy.logspace(-20, 3, 120), EDGES])
NEGX = numpy.concatenate([numpy.linspace(-60, -0.5, 600),
                          -numpy.logspace(-0.3, 2.5, 100),
                          [-1.0, -2.0, -171.5, -200.5, -numpy.inf]])


@pytest.mark.parametrize('name', ['zeta', 'zetac'])
def test_riemann(name, no_fallback):
    fn = getattr(cs, name)
    e = rel(fn(cupy.asarray(POSX)).get(), getattr(sc, name)(POSX))
    # Euler-Maclaurin as Cephes' zeta.c (SciPy's zetac: rational
    # approximations on [0, 10]; on (-1/2, 1) the sum of n^-x and the
    # tail cancel to ~1e-14)
    assert e.max() <= 1e-14, POSX[numpy.argmax(e)]
    # the reflection: exp of x log 2 + (x - 1) log pi + lgamma(1 - x),
    # terms of size |x log x| (SciPy uses a Lanczos form): eps |x log x|
    e = rel(fn(cupy.asarray(NEGX)).get(), getattr(sc, name)(NEGX))
    assert e.max() <= 3e-13, NEGX[numpy.argmax(e)]


def test_hurwitz(no_fallback):
    q = numpy.concatenate([[0, -1, -1.5, -7.5, 1e-300, 1e-5, 0.5, 1, 2,
                            10, 1e5, 1e9, numpy.inf, -numpy.inf, numpy.nan],
                           numpy.linspace(0.01, 30, 40)])
    x = numpy.concatenate([[0.5, 1, 1 + 1e-10, 1.5, 2, 3, 4, 5, 10, 50,
                            100, 300, numpy.inf, numpy.nan, -1.0],
                           numpy.linspace(1.1, 20, 25)])
    got = cs.zeta(cupy.asarray(x)[:, None], cupy.asarray(q)[None])
    e = rel(got.get(), sc.zeta(x[:, None], q[None]))
    assert e.max() <= 5e-14
    out = cupy.empty(3)
    r = cs.zeta(cupy.asarray([2.0, 3.0, 4.0]), 1.0, out=out)
    assert r is out
    numpy.testing.assert_allclose(out.get(), sc.zeta([2.0, 3.0, 4.0]),
                                  rtol=1e-15)


def test_polygamma(no_fallback):
    n = numpy.arange(0, 6)[:, None]
    x = numpy.concatenate([numpy.linspace(0.05, 20, 60),
                           [-1.5, -0.5, 1e-5, 100.0, 1e6]])[None]
    got = cs.polygamma(cupy.asarray(n), cupy.asarray(x)).get()
    e = rel(got, sc.polygamma(n, x))
    # digamma's bound (test_accuracy), zeta's times n!
    assert e.max() <= 1e-13


@pytest.mark.parametrize('name', ['zetac'])
def test_float32(name, no_fallback):
    x = numpy.linspace(-20, 40, 301).astype(numpy.float32)
    got = getattr(cs, name)(cupy.asarray(x))
    assert got.dtype == numpy.float32
    want = getattr(sc, name)(x.astype(numpy.float64)).astype(numpy.float32)
    numpy.testing.assert_allclose(got.get(), want, rtol=2.4e-7)
