"""cupyx.scipy.signal's B-spline filters against SciPy: symiirorder1,
cspline1d/qspline1d (with their evaluation), cspline2d/qspline2d,
spline_filter, sepfir2d, gauss_spline."""

import numpy
import pytest

import cupy
import cupyx.scipy.signal as cs
from tests.signal_tests.helpers import close, data

ss = pytest.importorskip('scipy.signal')


@pytest.mark.parametrize('dtype', [numpy.float32, numpy.float64,
                                   numpy.complex64, numpy.complex128])
@pytest.mark.parametrize('precision', [-1, 1.0, 0.25, 1e-3])
def test_symiirorder1(dtype, precision):
    x = data((3, 64), dtype, seed=1)
    want = ss.symiirorder1(x, 2.0, 0.5, precision)
    got = cs.symiirorder1(cupy.asarray(x), 2.0, 0.5, precision)
    tol = 1e-5 if numpy.dtype(dtype).char in 'fF' else 1e-12
    close(got, want, rtol=tol, atol=tol)
    close(cs.symiirorder1(cupy.asarray(x[0]), 2.0, -0.3, precision),
          ss.symiirorder1(x[0], 2.0, -0.3, precision), rtol=tol, atol=tol)


def test_symiirorder1_errors():
    with pytest.raises(ValueError, match='converge'):
        cs.symiirorder1(cupy.ones(10), 2.0, 0.5, 1e-3)
    with pytest.raises(ValueError):
        cs.symiirorder1(cupy.ones(10), 2.0, 1.5)
    with pytest.raises(ValueError):
        cs.symiirorder1(cupy.ones((2, 2, 40)), 2.0, 0.5)


@pytest.mark.parametrize('n', [1, 2, 5, 40])
def test_spline1d(n):
    x = data((n,), numpy.float64, seed=2, scale=5)
    for name in ('cspline1d', 'qspline1d'):
        close(getattr(cs, name)(cupy.asarray(x)), getattr(ss, name)(x))
    if n > 2:
        close(cs.cspline1d(cupy.asarray(x), 0.5), ss.cspline1d(x, 0.5))
    with pytest.raises(ValueError):
        cs.qspline1d(cupy.asarray(x), 1.0)


def test_spline1d_eval():
    y = data((10,), numpy.float64, seed=3, scale=5)
    newx = numpy.linspace(-25, 40, 131)
    for fit, ev in (('cspline1d', 'cspline1d_eval'),
                    ('qspline1d', 'qspline1d_eval')):
        cj = getattr(ss, fit)(y)
        close(getattr(cs, ev)(cupy.asarray(cj), cupy.asarray(newx), dx=1.5,
                              x0=-3),
              getattr(ss, ev)(cj, newx, dx=1.5, x0=-3))
        with pytest.raises(ValueError, match='empty'):
            getattr(cs, ev)(cupy.zeros(0), cupy.zeros(1))


@pytest.mark.parametrize('dtype', [numpy.float32, numpy.float64])
def test_spline2d_and_filter(dtype):
    img = data((19, 23), dtype, seed=4)
    tol = 1e-4 if dtype == numpy.float32 else 1e-10
    close(cs.cspline2d(cupy.asarray(img)), ss.cspline2d(img), rtol=tol,
          atol=tol)
    close(cs.qspline2d(cupy.asarray(img)), ss.qspline2d(img), rtol=tol,
          atol=tol)
    close(cs.spline_filter(cupy.asarray(img), 0),
          ss.spline_filter(img, 0), rtol=tol, atol=tol)
    with pytest.raises(ValueError):
        cs.qspline2d(cupy.asarray(img), 1.0)
    with pytest.raises(TypeError):
        cs.spline_filter(cupy.ones((4, 4), numpy.int32))


@pytest.mark.parametrize('dtype', [numpy.float32, numpy.complex128])
@pytest.mark.parametrize('klen', [(1, 3), (3, 3)])
def test_sepfir2d(dtype, klen):
    x = data((9, 12), dtype, seed=5)
    hr = data((klen[0],), dtype, seed=6)
    hc = data((klen[1],), dtype, seed=7)
    tol = 1e-5 if dtype == numpy.float32 else 1e-12
    close(cs.sepfir2d(*(cupy.asarray(v) for v in (x, hr, hc))),
          ss.sepfir2d(x, hr, hc), rtol=tol, atol=tol)


def test_gauss_spline():
    x = numpy.linspace(-3, 3, 13)
    close(cs.gauss_spline(cupy.asarray(x), 3), ss.gauss_spline(x, 3))
