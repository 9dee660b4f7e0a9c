"""SciPy's dtype and layout rules where they are its own: the N-d direct
correlation and the median filter reject bool/float16, wiener returns
float64, results of 'same'/'valid' modes and of the order filters are
C-contiguous, sweep_poly takes a cupy.poly1d."""

import numpy
import pytest

import cupy
import cupyx.scipy.signal as cs
from tests.signal_tests.helpers import close, data

ss = pytest.importorskip('scipy.signal')


@pytest.mark.parametrize('dtype', [numpy.bool_, numpy.float16])
def test_nd_direct_rejects(dtype):
    a = cupy.ones((4, 5), dtype)
    with pytest.raises(ValueError):
        ss.convolve(numpy.ones((4, 5), dtype), numpy.ones((2, 2), dtype),
                    method='direct')
    with pytest.raises(ValueError):
        cs.convolve(a, a[:2, :2], method='direct')
    with pytest.raises(ValueError):
        cs.convolve2d(a, a[:2, :2])
    with pytest.raises(ValueError):
        cs.medfilt(a)
    # 1-d inputs take SciPy's other path, which accepts them
    close(cs.convolve(a[0], a[0, :2], method='direct'),
          ss.convolve(numpy.ones(5, dtype), numpy.ones(2, dtype),
                      method='direct'))


def test_layout_and_dtypes():
    x = data((9, 11), numpy.float64, seed=1)
    k = data((3, 4), numpy.float64, seed=2)
    for mode in ('same', 'valid'):
        got = cs.fftconvolve(cupy.asarray(x), cupy.asarray(k), mode)
        assert got.flags.c_contiguous
        close(got, ss.fftconvolve(x, k, mode))
    got = cs.medfilt(cupy.asarray(x), 3)
    assert got.flags.c_contiguous
    close(got, ss.medfilt(x, 3))
    xi = data((7, 6), numpy.int16, seed=3)
    got = cs.wiener(cupy.asarray(xi))
    close(got, ss.wiener(xi))
    t = numpy.linspace(0, 1, 50)
    close(cs.sweep_poly(cupy.asarray(t), cupy.poly1d([1.0, 2.0, 3.0])),
          ss.sweep_poly(t, numpy.poly1d([1.0, 2.0, 3.0])))
