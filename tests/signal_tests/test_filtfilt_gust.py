"""filtfilt(method='gust') against SciPy: axes, irlen (truncated
impulse response), FIR-only and scalar filters."""

import numpy
import pytest

import cupy
import cupyx.scipy.signal as cs
from tests.signal_tests.helpers import close, data

ss = pytest.importorskip('scipy.signal')


@pytest.mark.parametrize('shape,axis,irlen', [
    ((50,), -1, None), ((3, 40), 1, None), ((40, 3), 0, None),
    ((200,), -1, 30), ((2, 3, 60), 2, 10)])
def test_gust(shape, axis, irlen):
    b, a = ss.butter(3, 0.2)
    x = data(shape, numpy.float64, seed=3)
    got = cs.filtfilt(cupy.asarray(b), cupy.asarray(a), cupy.asarray(x),
                      axis=axis, method='gust', irlen=irlen)
    close(got, ss.filtfilt(b, a, x, axis=axis, method='gust', irlen=irlen),
          rtol=1e-9, atol=1e-12)


def test_gust_fir_and_scalar():
    x = data((30,), numpy.float32, seed=4)
    for b, a in (([0.3, 0.4, 0.3], [1.0]), ([0.5], [2.0])):
        close(cs.filtfilt(b, a, cupy.asarray(x), method='gust'),
              ss.filtfilt(b, a, x, method='gust'), rtol=1e-5, atol=1e-6,
              check_dtype=False)
    with pytest.raises(ValueError):
        cs.filtfilt([1.0], [1.0], cupy.asarray(x), method='bogus')
