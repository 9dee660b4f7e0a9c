"""ShortTimeFFT against SciPy's: every fft_mode, scalings, phase shifts,
padding modes, hops, slice ranges, k_offset, detrending (names and a
function), cross-spectrograms, istft ranges, axes, complex input,
properties and setters, the class methods, errors."""

import numpy
import pytest

import cupy
import cupyx.scipy.signal as cs
from tests.signal_tests.helpers import data

ss = pytest.importorskip('scipy.signal')


def _eq(got, want, rtol=1e-10):
    assert isinstance(got, cupy.ndarray)
    got = cupy.asnumpy(got)
    assert got.dtype == want.dtype and got.shape == want.shape, (
        got.dtype, want.dtype, got.shape, want.shape)
    numpy.testing.assert_allclose(got, want, rtol=rtol, atol=rtol)


def _pair(win, hop, fs=50.0, **kw):
    return (ss.ShortTimeFFT(win, hop, fs, **kw),
            cs.ShortTimeFFT(cupy.asarray(win), hop, fs, **kw))


_WIN = ss.windows.gaussian(51, std=9)


@pytest.mark.parametrize('kw', [
    {}, {'fft_mode': 'twosided'}, {'fft_mode': 'centered'},
    {'fft_mode': 'onesided2X', 'scale_to': 'psd'},
    {'fft_mode': 'onesided2X', 'mfft': 64, 'scale_to': 'magnitude'},
    {'mfft': 80, 'scale_to': 'magnitude'}, {'phase_shift': None},
    {'phase_shift': 7, 'mfft': 67}])
@pytest.mark.parametrize('hop', [5, 16, 51])
def test_stft_istft(kw, hop):
    a, b = _pair(_WIN, hop, **kw)
    x = data((2, 300), numpy.float64)
    for pad in ('zeros', 'edge', 'even', 'odd'):
        _eq(b.stft(cupy.asarray(x), padding=pad), a.stft(x, padding=pad))
    S = a.stft(x)
    dS = cupy.asarray(S)
    _eq(b.istft(dS), a.istft(S))
    _eq(b.istft(dS, k1=300), a.istft(S, k1=300))
    _eq(b.istft(dS, k1=120), a.istft(S, k1=120))
    _eq(b.istft(dS, k0=hop, k1=280), a.istft(S, k0=hop, k1=280))


def test_ranges_detrend_spectrogram_axes():
    a, b = _pair(_WIN, 8, scale_to='psd')
    x = data((3, 400), numpy.float64)
    y = data((3, 400), numpy.float64, 1)
    dx, dy = cupy.asarray(x), cupy.asarray(y)
    for detr in ('linear', 'constant', None):
        _eq(b.spectrogram(dx, detr=detr, p0=2, p1=30, k_offset=5),
            a.spectrogram(x, detr=detr, p0=2, p1=30, k_offset=5), 1e-9)
    _eq(b.stft_detrend(dx, lambda s: s - s.mean()),
        a.stft_detrend(x, lambda s: s - s.mean()))
    _eq(b.spectrogram(dx, dy), a.spectrogram(x, y), 1e-9)
    _eq(b.stft(dx.T, axis=0), a.stft(x.T, axis=0))
    x3 = data((2, 3, 200), numpy.float32)
    _eq(b.stft(cupy.asarray(x3), axis=-1), a.stft(x3, axis=-1), 1e-6)
    S3 = a.stft(x3.transpose(2, 0, 1), axis=0)
    _eq(b.istft(cupy.asarray(S3), f_axis=0, t_axis=-1),
        a.istft(S3, f_axis=0, t_axis=-1), 1e-6)
    _eq(b.stft(dx[0]), a.stft(x[0]))


def test_complex_twosided():
    a, b = _pair(_WIN, 10, fft_mode='centered')
    x = data((200,), numpy.complex128)
    S = a.stft(x)
    _eq(b.stft(cupy.asarray(x)), S)
    _eq(b.istft(cupy.asarray(S)), a.istft(S))
    with pytest.raises(ValueError, match='Complex-valued'):
        cs.ShortTimeFFT(cupy.asarray(_WIN), 10, 1.0).stft(cupy.asarray(x))


def test_properties_setters_class_methods():
    a, b = _pair(_WIN, 12, fs=8.0, mfft=70)
    for name in ('hop', 'T', 'fs', 'fft_mode', 'mfft', 'scaling',
                 'phase_shift', 'invertible', 'fac_magnitude', 'fac_psd',
                 'm_num', 'm_num_mid', 'k_min', 'p_min', 'lower_border_end',
                 'delta_t', 'delta_f', 'f_pts', 'onesided_fft'):
        assert getattr(b, name) == getattr(a, name), name
    for name in ('k_max', 'p_max', 'p_num', 'upper_border_begin'):
        assert getattr(b, name)(300) == getattr(a, name)(300), name
    assert b.p_range(300, 1) == a.p_range(300, 1)
    assert b.nearest_k_p(33, left=False) == a.nearest_k_p(33, left=False)
    assert b.extent(300, 'ft', True) == a.extent(300, 'ft', True)
    _eq(b.win, a.win)
    _eq(b.dual_win, a.dual_win)
    _eq(b.f, a.f)
    _eq(b.t(300, k_offset=4), a.t(300, k_offset=4))
    for obj in (a, b):
        obj.fs = 20.0
        obj.fft_mode = 'centered'
        obj.mfft = 80
        obj.scale_to('magnitude')
    _eq(b.f, a.f)
    _eq(b.win, a.win)
    x = data((300,), numpy.float64)
    _eq(b.stft(cupy.asarray(x)), a.stft(x))
    c = cs.ShortTimeFFT.from_window('hann', 10.0, 64, 48, mfft=128)
    d = ss.ShortTimeFFT.from_window('hann', 10.0, 64, 48, mfft=128)
    _eq(c.stft(cupy.asarray(x)), d.stft(x))
    c = cs.ShortTimeFFT.from_dual(cupy.asarray(_WIN), 10, 1.0)
    d = ss.ShortTimeFFT.from_dual(_WIN, 10, 1.0)
    _eq(c.win, d.win)


def test_errors():
    b = cs.ShortTimeFFT(cupy.asarray(_WIN), 10, 1.0)
    x = cupy.ones(100)
    with pytest.raises(ValueError, match='padding'):
        b.stft(x, padding='wrap')
    with pytest.raises(ValueError, match='ceil'):
        b.stft(cupy.ones(10))
    with pytest.raises(ValueError, match='detr'):
        b.stft_detrend(x, 3)
    S = b.stft(x)
    with pytest.raises(ValueError, match='f_axis'):
        b.istft(S, f_axis=0, t_axis=0)
    with pytest.raises(ValueError, match='f_pts'):
        b.istft(S[:-1])
    with pytest.raises(ValueError, match='k0'):
        b.istft(S, k0=50, k1=40)
