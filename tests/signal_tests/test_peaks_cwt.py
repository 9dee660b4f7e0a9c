"""find_peaks_cwt against SciPy: Gaussian bumps in noise, several width
ranges, gap/distance/length/snr/noise/window arguments, a custom
wavelet, signals without peaks."""

import numpy
import pytest

import cupy
import cupyx.scipy.signal as cs

ss = pytest.importorskip('scipy.signal')


def _signal(n=1000, seed=0, noise=0.1):
    rs = numpy.random.RandomState(seed)
    t = numpy.arange(n)
    x = numpy.zeros(n)
    for c, w, h in zip(rs.uniform(50, n - 50, 8), rs.uniform(3, 20, 8),
                       rs.uniform(1, 5, 8)):
        x += h * numpy.exp(-0.5 * ((t - c) / w) ** 2)
    return x + noise * rs.randn(n)


def _check(x, widths, dev_widths=None, **kw):
    want = ss.find_peaks_cwt(x, widths, **kw)
    got = cs.find_peaks_cwt(cupy.asarray(x), widths if dev_widths is None
                            else dev_widths, **kw)
    assert isinstance(got, cupy.ndarray)
    got = cupy.asnumpy(got)
    assert got.dtype == want.dtype, (got.dtype, want.dtype)
    numpy.testing.assert_array_equal(got, want)


@pytest.mark.parametrize('seed', [0, 1, 2])
@pytest.mark.parametrize('widths', [numpy.arange(1, 20),
                                    numpy.arange(5, 40, 3), [8]])
def test_against_scipy(seed, widths):
    _check(_signal(seed=seed), widths)


def test_arguments():
    x = _signal(seed=4, noise=0.3)
    w = numpy.arange(2, 25)
    _check(x, w, gap_thresh=1)
    _check(x, w, max_distances=w / 2.0)
    _check(x, w, min_length=10)
    _check(x, w, min_snr=3, noise_perc=30)
    _check(x, w, window_size=7)
    _check(x, w, dev_widths=cupy.asarray(w))
    # a custom wavelet: SciPy's gets NumPy arrays, ours CuPy arrays
    got = cs.find_peaks_cwt(cupy.asarray(x), w,
                            wavelet=lambda n, a: cs.ricker(n, 1.5 * a))
    want = ss.find_peaks_cwt(x, w, wavelet=lambda n, a: cupy.asnumpy(
        cs.ricker(n, 1.5 * a)))
    numpy.testing.assert_array_equal(cupy.asnumpy(got), want)


def test_no_peaks():
    _check(numpy.zeros(100), numpy.arange(1, 10))
    _check(numpy.linspace(0, 1, 50), [2, 3])
