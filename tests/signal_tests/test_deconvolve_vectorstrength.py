"""cupyx.scipy.signal.deconvolve and vectorstrength against SciPy."""

import numpy
import pytest

import cupy
import cupyx.scipy.signal as cs
from tests.signal_tests.helpers import close, data

ss = pytest.importorskip('scipy.signal')


@pytest.mark.parametrize('n,d', [(30, 4), (5, 5), (3, 6)])
def test_deconvolve(n, d):
    sig = data((n,), numpy.float64, seed=1)
    div = data((d,), numpy.float64, seed=2)
    div[0] = 2.0                      # a well-conditioned inverse filter
    q, r = cs.deconvolve(cupy.asarray(sig), cupy.asarray(div))
    wq, wr = ss.deconvolve(sig, div)
    close(q, wq, rtol=1e-10, atol=1e-12)
    close(r, wr, rtol=1e-10, atol=1e-12)
    with pytest.raises(ValueError):
        cs.deconvolve(cupy.ones((2, 2)), cupy.ones(2))


def test_vectorstrength():
    ev = numpy.array([0.1, 1.05, 2.2, 2.9, 4.05, 5.3])
    for period in (1.0, numpy.array([0.5, 1.0, 1.7])):
        got = cs.vectorstrength(cupy.asarray(ev), cupy.asarray(period))
        want = ss.vectorstrength(ev, period)
        close(got[0], numpy.asarray(want[0]))
        close(got[1], numpy.asarray(want[1]))
    with pytest.raises(ValueError):
        cs.vectorstrength(cupy.asarray(ev), cupy.asarray([1.0, -1.0]))
    with pytest.raises(ValueError):
        cs.vectorstrength(cupy.ones((2, 2)), 1.0)
