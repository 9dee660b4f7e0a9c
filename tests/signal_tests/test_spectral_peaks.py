"""cupyx.scipy.signal spectral analysis, czt, peaks, waveforms, windows
and filter design against SciPy."""

import numpy
import pytest

import cupy
import cupyx.scipy.signal as cs
from tests.signal_tests.helpers import close, data

ss = pytest.importorskip('scipy.signal')


def _both(got, want, **kw):
    for g, w in zip(got, want):
        close(g, w, **kw)


@pytest.mark.parametrize('dtype', [numpy.float32, numpy.float64,
                                   numpy.complex128])
@pytest.mark.parametrize('kw', [{}, {'nperseg': 100, 'noverlap': 30},
                                {'nperseg': 64, 'nfft': 100,
                                 'scaling': 'spectrum'},
                                {'detrend': 'linear', 'average': 'median'},
                                {'window': 'hamming', 'nperseg': 77,
                                 'return_onesided': False}])
def test_welch_csd(dtype, kw):
    x = data((2, 700), dtype)
    y = data((2, 700), dtype, 1)
    with pytest.warns(UserWarning) if (numpy.dtype(dtype).kind == 'c' and
                                        kw.get('return_onesided', True)) \
            else _nothing():
        got = cs.welch(cupy.asarray(x), **kw)
    want = ss.welch(x, **kw)
    _both(got, want, dtype=dtype)
    kw2 = {k: v for k, v in kw.items()}
    if numpy.dtype(dtype).kind == 'c':
        kw2['return_onesided'] = False
    _both(cs.csd(cupy.asarray(x), cupy.asarray(y), **kw2),
          ss.csd(x, y, **kw2), dtype=dtype)


class _nothing:
    def __enter__(self):
        return self

    def __exit__(self, *a):
        return False


def test_welch_axis_periodogram_coherence():
    x = data((300, 3), numpy.float64)
    y = data((300, 3), numpy.float64, 1)
    _both(cs.welch(cupy.asarray(x), axis=0, nperseg=64),
          ss.welch(x, axis=0, nperseg=64))
    for kw in [{}, {'window': 'hann'}, {'nfft': 200}, {'nfft': 400},
               {'scaling': 'spectrum', 'detrend': False}]:
        _both(cs.periodogram(cupy.asarray(x), axis=0, **kw),
              ss.periodogram(x, axis=0, **kw))
    _both(cs.coherence(cupy.asarray(x), cupy.asarray(y), axis=0,
                       nperseg=50),
          ss.coherence(x, y, axis=0, nperseg=50))
    e = cs.welch(cupy.zeros(0))
    assert e[0].shape == (0,) and e[1].shape == (0,)
    with pytest.raises(ValueError):
        cs.welch(cupy.asarray(x[:, 0]), nperseg=64, noverlap=64)
    with pytest.raises(ValueError):
        cs.welch(cupy.asarray(x[:, 0]), nperseg=64, nfft=32)
    with pytest.raises(ValueError):
        cs.welch(cupy.asarray(x[:, 0]), scaling='bad')
    with pytest.raises(ValueError):
        cs.csd(cupy.asarray(x[:, 0]), cupy.asarray(y[:, 0]), nperseg=32,
               average='x')


@pytest.mark.parametrize('mode', ['psd', 'complex', 'magnitude', 'phase'])
def test_spectrogram(mode):
    x = data((1000,), numpy.float64)
    _both(cs.spectrogram(cupy.asarray(x), fs=10., mode=mode),
          ss.spectrogram(x, fs=10., mode=mode))


@pytest.mark.parametrize('nperseg,noverlap', [(64, None), (100, 75),
                                              (99, 30)])
@pytest.mark.parametrize('boundary', ['zeros', 'even', None])
def test_stft_istft(nperseg, noverlap, boundary):
    x = data((2, 640), numpy.float64)
    got = cs.stft(cupy.asarray(x), nperseg=nperseg, noverlap=noverlap,
                  boundary=boundary)
    want = ss.stft(x, nperseg=nperseg, noverlap=noverlap,
                   boundary=boundary)
    _both(got, want)
    back = cs.istft(got[2], nperseg=nperseg, noverlap=noverlap,
                    boundary=boundary is not None)
    ref = ss.istft(want[2], nperseg=nperseg, noverlap=noverlap,
                   boundary=boundary is not None)
    _both(back, ref)


def test_lombscargle():
    rs = numpy.random.RandomState(0)
    t = numpy.sort(rs.uniform(0, 10, 80))
    y = numpy.sin(1.3 * t) + 0.1 * rs.standard_normal(80)
    f = numpy.linspace(0.1, 4, 40)
    for kw in [{}, {'normalize': True}, {'normalize': 'amplitude'},
               {'floating_mean': True}, {'weights': rs.uniform(0.5, 1, 80)}]:
        args = {k: (cupy.asarray(v) if isinstance(v, numpy.ndarray) else v)
                for k, v in kw.items()}
        close(cs.lombscargle(cupy.asarray(t), cupy.asarray(y),
                             cupy.asarray(f), **args),
              ss.lombscargle(t, y, f, **kw), rtol=1e-8, atol=1e-8)
    with pytest.raises(ValueError):
        cs.lombscargle(cupy.asarray(t), cupy.asarray(y[:5]),
                       cupy.asarray(f))


def test_czt_zoom_fft():
    x = data((3, 64), numpy.complex128)
    close(cs.czt(cupy.asarray(x)), ss.czt(x))
    close(cs.czt(cupy.asarray(x), 50, numpy.exp(-0.05j), 1.0),
          ss.czt(x, 50, numpy.exp(-0.05j), 1.0))
    close(cs.czt(cupy.asarray(x.T), axis=0), ss.czt(x.T, axis=0))
    for kw in [{'fn': 0.5}, {'fn': [0.1, 0.4], 'm': 30},
               {'fn': [0.1, 0.4], 'm': 30, 'endpoint': True, 'fs': 3}]:
        close(cs.zoom_fft(cupy.asarray(x), **kw), ss.zoom_fft(x, **kw))
    close(cs.czt_points(10, 0.9 * numpy.exp(-0.3j), 1.1),
          ss.czt_points(10, 0.9 * numpy.exp(-0.3j), 1.1))
    with pytest.raises(ValueError):
        cs.czt(cupy.asarray(x), m=0)


def test_find_peaks_properties():
    rs = numpy.random.RandomState(3)
    x = numpy.round(rs.standard_normal(3000).cumsum(), 1)
    dx = cupy.asarray(x)
    for kw in [{}, {'height': 0}, {'height': (0, 5)}, {'threshold': 0.1},
               {'distance': 7}, {'prominence': 1}, {'prominence': (1, 4),
                                                    'wlen': 41},
               {'width': 3}, {'width': (2, 9), 'rel_height': 0.8},
               {'plateau_size': 2}, {'height': 0, 'threshold': (0, 2),
                                     'distance': 2.5, 'prominence': 0.5,
                                     'width': 1, 'plateau_size': (1, 3)}]:
        got = cs.find_peaks(dx, **kw)
        want = ss.find_peaks(x, **kw)
        close(got[0], want[0], check_dtype=False)
        assert sorted(got[1]) == sorted(want[1])
        for k in want[1]:
            close(got[1][k], want[1][k], check_dtype=False)
    peaks = ss.find_peaks(x)[0]
    for wlen in (None, 11, 30.5):
        _both(cs.peak_prominences(dx, cupy.asarray(peaks), wlen=wlen),
              ss.peak_prominences(x, peaks, wlen=wlen), check_dtype=False)
    for rel in (0.0, 0.5, 1.0, 2.0):
        _both(cs.peak_widths(dx, cupy.asarray(peaks), rel_height=rel),
              ss.peak_widths(x, peaks, rel_height=rel), check_dtype=False)
    with pytest.raises(ValueError):
        cs.find_peaks(cupy.ones((3, 3)))
    with pytest.raises(ValueError):
        cs.find_peaks(dx, distance=0)
    with pytest.raises(ValueError):
        cs.peak_prominences(dx, cupy.asarray([x.size + 3]))
    with pytest.raises(ValueError):
        cs.peak_widths(dx, cupy.asarray(peaks), rel_height=-1)
    with pytest.raises(ValueError):
        cs.peak_prominences(dx, cupy.asarray(peaks), wlen=1)
    assert cs.find_peaks(cupy.zeros(2))[0].size == 0


@pytest.mark.parametrize('order', [1, 3])
@pytest.mark.parametrize('mode', ['clip', 'wrap'])
def test_argrelextrema(order, mode):
    y = data((15, 20), numpy.int64)
    for name in ('argrelmax', 'argrelmin'):
        for axis in (0, 1):
            got = getattr(cs, name)(cupy.asarray(y), axis, order, mode)
            want = getattr(ss, name)(y, axis, order, mode)
            _both(got, want, check_dtype=False)
    with pytest.raises(ValueError):
        cs.argrelmax(cupy.asarray(y), order=0)


def test_waveforms():
    t = numpy.linspace(0, 10, 201)
    dt = cupy.asarray(t)
    for m in ['linear', 'quadratic', 'logarithmic', 'hyperbolic']:
        close(cs.chirp(dt, 1, 10, 5, m, phi=30),
              ss.chirp(t, 1, 10, 5, m, phi=30))
        close(cs.chirp(dt, 1, 10, 5, m, vertex_zero=False),
              ss.chirp(t, 1, 10, 5, m, vertex_zero=False))
    with pytest.raises(ValueError):
        cs.chirp(dt, 1, 10, 5, 'cubic')
    with pytest.raises(ValueError):
        cs.chirp(dt, 0, 10, 5, 'logarithmic')
    for w in (0, 0.3, 1, 1.5):
        close(cs.sawtooth(dt, w), ss.sawtooth(t, w))
        close(cs.square(dt, w), ss.square(t, w))
    close(cs.sawtooth(cupy.asarray(t, numpy.float32)),
          ss.sawtooth(t.astype(numpy.float32)))
    close(cs.gausspulse(dt - 5, fc=2), ss.gausspulse(t - 5, fc=2))
    _both(cs.gausspulse(dt - 5, fc=2, retquad=True, retenv=True),
          ss.gausspulse(t - 5, fc=2, retquad=True, retenv=True))
    assert cs.gausspulse('cutoff') == ss.gausspulse('cutoff')
    with pytest.raises(ValueError):
        cs.gausspulse(dt, fc=-1)
    close(cs.sweep_poly(dt, [1, 0.5, 2]), ss.sweep_poly(t, [1, 0.5, 2]))
    for args in [((5,),), ((3, 4), 'mid'), ((4, 4), (1, 2)), (7, 3)]:
        close(cs.unit_impulse(*args), ss.unit_impulse(*args))


def test_design_and_windows_return_device_arrays():
    for got, want in [(cs.butter(4, 0.2), ss.butter(4, 0.2)),
                      (cs.cheby1(3, 1, [0.1, 0.3], 'bandpass'),
                       ss.cheby1(3, 1, [0.1, 0.3], 'bandpass')),
                      (cs.ellip(4, 1, 40, 0.3, output='zpk'),
                       ss.ellip(4, 1, 40, 0.3, output='zpk')),
                      (cs.iirnotch(0.2, 30), ss.iirnotch(0.2, 30)),
                      (cs.freqz(*ss.bessel(3, 0.3), worN=16),
                       ss.freqz(*ss.bessel(3, 0.3), worN=16))]:
        for g, w in zip(got, want):
            assert isinstance(g, cupy.ndarray) or numpy.isscalar(g)
            close(g, w)
    close(cs.firwin(31, cupy.asarray(0.3)), ss.firwin(31, 0.3))
    close(cs.tf2sos(*ss.butter(6, 0.2)), ss.tf2sos(*ss.butter(6, 0.2)))
    for name in ('hann', 'hamming', 'blackman', 'tukey', 'kaiser',
                 'gaussian', 'dpss', 'chebwin', 'taylor', 'lanczos'):
        args = {'kaiser': (8.6,), 'gaussian': (2.0,), 'dpss': (3,),
                'chebwin': (80,)}.get(name, ())
        close(getattr(cs.windows, name)(33, *args),
              getattr(ss.windows, name)(33, *args))
    close(cs.get_window(('kaiser', 4), 16), ss.get_window(('kaiser', 4), 16))
    with pytest.raises(ValueError):
        cs.get_window('nonexistent', 8)
