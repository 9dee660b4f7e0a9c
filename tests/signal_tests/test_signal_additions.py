"""envelope against SciPy; the wavelets SciPy 1.15 removed (qmf, ricker,
morlet, morlet2, cwt) against their definitions written out with NumPy;
freqz_sos, band_stop_obj, BadCoefficients and _polyder."""

import math

import numpy
import pytest

import cupy
import cupyx.scipy.signal as cs
from cupyx.scipy.signal._savitzky_golay import _polyder
from tests.signal_tests.helpers import close, data

ss = pytest.importorskip('scipy.signal')


@pytest.mark.parametrize('dtype', [numpy.float32, numpy.float64,
                                   numpy.complex128])
@pytest.mark.parametrize('bp_in, n_out', [((1, None), None), ((-3, 5), 17),
                                          ((2, 9), 80), ((None, None), 32)])
@pytest.mark.parametrize('residual', ['lowpass', 'all', None])
def test_envelope(dtype, bp_in, n_out, residual):
    z = data((3, 40), dtype)
    for squared in (False, True):
        close(cs.envelope(cupy.asarray(z), bp_in, n_out=n_out,
                          squared=squared, residual=residual, axis=1),
              ss.envelope(z, bp_in, n_out=n_out, squared=squared,
                          residual=residual, axis=1), dtype)


def test_envelope_errors():
    z = cupy.ones(10)
    for kw in [{'bp_in': (3, 2)}, {'bp_in': (1.5, None)}, {'n_out': 0},
               {'residual': 'high'}, {'axis': 1}]:
        with pytest.raises(ValueError):
            cs.envelope(z, **kw)


def test_wavelets():
    t = numpy.arange(7) - 3.0
    a = 1.5
    want = (2 / (math.sqrt(3 * a) * math.pi ** 0.25) * (1 - t ** 2 / a ** 2)
            * numpy.exp(-t ** 2 / (2 * a ** 2)))
    close(cs.ricker(7, a), want)
    x = numpy.linspace(-2 * numpy.pi, 2 * numpy.pi, 9)
    want = ((numpy.exp(5j * x) - math.exp(-12.5)) * numpy.exp(-x * x / 2) *
            math.pi ** -0.25)
    close(cs.morlet(9), want)
    u = (numpy.arange(8) - 3.5) / 2.0
    want = (math.sqrt(0.5) * numpy.exp(5j * u) * numpy.exp(-u * u / 2) *
            math.pi ** -0.25)
    close(cs.morlet2(8, 2.0), want)
    close(cs.qmf(cupy.asarray([1.0, 2.0, 3.0, 4.0])), [4.0, -3.0, 2.0, -1.0])
    sig = data((30,), numpy.float64)
    got = cs.cwt(cupy.asarray(sig), cs.ricker, [1, 3])
    want = numpy.stack([numpy.convolve(sig, cupy.asnumpy(cs.ricker(
        min(10 * w, 30), w))[::-1], mode='same') for w in (1, 3)])
    close(got, want)
    assert cs.cwt(cupy.asarray(sig), cs.morlet2, [2]).dtype == \
        numpy.complex128


def test_design_additions():
    sos = ss.butter(4, 0.2, output='sos')
    w, h = cs.freqz_sos(sos, worN=64)
    close(h, ss.freqz_sos(sos, worN=64)[1])
    assert isinstance(w, cupy.ndarray)
    args = (0.5, 0, numpy.array([0.3, 0.6]), numpy.array([0.4, 0.5]), 1,
            40, 'butter')
    assert cs.band_stop_obj(*args) == pytest.approx(ss.band_stop_obj(*args))
    assert cs.BadCoefficients is ss.BadCoefficients
    kw = dict(window=('hamming', ('kaiser', 5.0)), fc=0.4)
    close(cs.firwin_2d((7, 9), **kw), ss.firwin_2d((7, 9), **kw))
    win = ss.windows.hann(64)
    dual, alpha = cs.closest_STFT_dual_window(cupy.asarray(win), 16)
    want = ss.closest_STFT_dual_window(win, 16)
    close(dual, want[0])
    assert alpha == pytest.approx(want[1])
    with pytest.raises(AttributeError):
        cs.no_such_name


def test_polyder():
    p = cupy.asarray([[3, 2, 1], [5, 6, 7]]).T
    close(_polyder(p, 1), numpy.array([[6, 2], [10, 6]]).T)
    close(_polyder(p, 3), numpy.zeros((1, 2), dtype=p.dtype))
    close(_polyder(p, 0), cupy.asnumpy(p))
