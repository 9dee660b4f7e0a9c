"""Spectral analysis on the device: periodogram, welch, csd, coherence,
spectrogram, stft, istft, lombscargle, check_COLA/NOLA.

Segments are a strided window view of the signal (no copy until the
detrend/window product), transformed together as one batch of FFTs;
windows come from SciPy on the host (coefficients, cached)."""

import warnings

import numpy

import cupy
from cupyx.scipy.signal import _design
from cupyx.scipy.signal._filters import detrend as _detrend
from cupyx.scipy.signal._lfilter import const_ext, even_ext, odd_ext
from cupy.lib.stride_tricks import sliding_window_view


def _zero_ext(x, n, axis=-1):
    if n < 1:
        return x
    pads = [(0, 0)] * x.ndim
    pads[axis] = (n, n)
    return cupy.pad(x, pads)


_BOUNDARY = {'even': even_ext, 'odd': odd_ext, 'constant': const_ext,
             'zeros': _zero_ext, None: None}


def _triage_segments(window, nperseg, input_length):
    if isinstance(window, (str, tuple)):
        if nperseg is None:
            nperseg = 256
        if nperseg > input_length:
            warnings.warn('nperseg = {0:d} is greater than input length '
                          ' = {1:d}, using nperseg = {1:d}'.format(
                              nperseg, input_length), stacklevel=3)
            nperseg = input_length
        win = _design.window_array(window, nperseg)
    else:
        win = cupy.asarray(window)
        if win.ndim != 1:
            raise ValueError('window must be 1-D')
        if input_length < win.shape[-1]:
            raise ValueError('window is longer than input signal')
        if nperseg is None:
            nperseg = win.shape[0]
        elif nperseg is not None:
            if nperseg != win.shape[0]:
                raise ValueError('value specified for nperseg is different'
                                 ' from length of window')
    return win, nperseg


def _median_bias(n):
    ii_2 = 2 * numpy.arange(1., (n - 1) // 2 + 1)
    return 1 + numpy.sum(1. / (ii_2 + 1) - 1. / ii_2)


def _segments(x, win, detrend_func, nperseg, noverlap, nfft, sides):
    step = nperseg - noverlap
    seg = sliding_window_view(x, nperseg, axis=-1)[..., ::step, :]
    seg = detrend_func(seg)
    seg = win * seg
    if sides == 'twosided':
        return cupy.fft.fft(seg, n=nfft)
    return cupy.fft.rfft(seg.real, n=nfft)


def _spectral_helper(x, y, fs=1.0, window='hann', nperseg=None,
                     noverlap=None, nfft=None, detrend='constant',
                     return_onesided=True, scaling='density', axis=-1,
                     mode='psd', boundary=None, padded=False):
    if mode not in ['psd', 'stft']:
        raise ValueError("Unknown value for mode %s, must be one of: "
                         "{'psd', 'stft'}" % mode)
    if boundary not in _BOUNDARY:
        raise ValueError("Unknown boundary option '{0}', must be one of: {1}"
                         .format(boundary, list(_BOUNDARY.keys())))
    same_data = y is x
    if not same_data and mode != 'psd':
        raise ValueError("x and y must be equal if mode is 'stft'")
    axis = int(axis)
    x = cupy.asarray(x)
    if not same_data:
        y = cupy.asarray(y)
        outdtype = numpy.result_type(x.dtype, y.dtype, numpy.complex64)
    else:
        y = x
        outdtype = numpy.result_type(x.dtype, numpy.complex64)
    if not same_data:
        xouter = list(x.shape)
        youter = list(y.shape)
        xouter.pop(axis)
        youter.pop(axis)
        try:
            outershape = numpy.broadcast_shapes(xouter, youter)
        except ValueError:
            raise ValueError('x and y cannot be broadcast together.')
    if same_data:
        if x.size == 0:
            return (cupy.empty(x.shape), cupy.empty(x.shape),
                    cupy.empty(x.shape))
    else:
        if x.size == 0 or y.size == 0:
            outshape = outershape + (min([x.shape[axis], y.shape[axis]]),)
            emptyout = cupy.moveaxis(cupy.empty(outshape), -1, axis)
            return emptyout, emptyout, emptyout
    if x.ndim > 1 and axis != -1:
        x = cupy.moveaxis(x, axis, -1)
        if not same_data and y.ndim > 1:
            y = cupy.moveaxis(y, axis, -1)
    if not same_data and x.shape[-1] != y.shape[-1]:
        if x.shape[-1] < y.shape[-1]:
            pad_shape = list(x.shape)
            pad_shape[-1] = y.shape[-1] - x.shape[-1]
            x = cupy.concatenate((x, cupy.zeros(pad_shape, x.dtype)), -1)
        else:
            pad_shape = list(y.shape)
            pad_shape[-1] = x.shape[-1] - y.shape[-1]
            y = cupy.concatenate((y, cupy.zeros(pad_shape, y.dtype)), -1)
    if nperseg is not None:
        nperseg = int(nperseg)
        if nperseg < 1:
            raise ValueError('nperseg must be a positive integer')
    win, nperseg = _triage_segments(window, nperseg,
                                    input_length=x.shape[-1])
    if nfft is None:
        nfft = nperseg
    elif nfft < nperseg:
        raise ValueError('nfft must be greater than or equal to nperseg.')
    else:
        nfft = int(nfft)
    if noverlap is None:
        noverlap = nperseg // 2
    else:
        noverlap = int(noverlap)
    if noverlap >= nperseg:
        raise ValueError('noverlap must be less than nperseg.')
    nstep = nperseg - noverlap
    if boundary is not None:
        ext_func = _BOUNDARY[boundary]
        x = ext_func(x, nperseg // 2, axis=-1)
        if not same_data:
            y = ext_func(y, nperseg // 2, axis=-1)
    if padded:
        nadd = (-(x.shape[-1] - nperseg) % nstep) % nperseg
        zeros_shape = list(x.shape[:-1]) + [nadd]
        x = cupy.concatenate((x, cupy.zeros(zeros_shape, x.dtype)), axis=-1)
        if not same_data:
            zeros_shape = list(y.shape[:-1]) + [nadd]
            y = cupy.concatenate((y, cupy.zeros(zeros_shape, y.dtype)), -1)
    if not detrend:
        def detrend_func(d):
            return d
    elif not callable(detrend):
        def detrend_func(d):
            if detrend in ('constant', 'c'):
                return d - d.mean(axis=-1, keepdims=True)
            return _detrend(d, type=detrend, axis=-1)
    elif axis != -1:
        def detrend_func(d):
            d = cupy.moveaxis(d, -1, axis)
            d = detrend(d)
            return cupy.moveaxis(d, axis, -1)
    else:
        detrend_func = detrend
    if numpy.result_type(win.dtype, numpy.complex64) != outdtype:
        win = win.astype(outdtype)
    win_h = win
    if scaling == 'density':
        scale = 1.0 / (fs * (win_h * win_h).sum())
    elif scaling == 'spectrum':
        scale = 1.0 / win_h.sum() ** 2
    else:
        raise ValueError('Unknown scaling: %r' % scaling)
    if mode == 'stft':
        scale = cupy.sqrt(scale)
    if return_onesided:
        if x.dtype.kind == 'c':
            sides = 'twosided'
            warnings.warn('Input data is complex, switching to '
                          'return_onesided=False', stacklevel=3)
        else:
            sides = 'onesided'
            if not same_data and y.dtype.kind == 'c':
                sides = 'twosided'
                warnings.warn('Input data is complex, switching to '
                              'return_onesided=False', stacklevel=3)
    else:
        sides = 'twosided'
    if sides == 'twosided':
        freqs = cupy.fft.fftfreq(nfft, 1 / fs)
    else:
        freqs = cupy.fft.rfftfreq(nfft, 1 / fs)
    if sides == 'onesided':
        win = win.real
    result = _segments(x, win, detrend_func, nperseg, noverlap, nfft, sides)
    if not same_data:
        result_y = _segments(y, win, detrend_func, nperseg, noverlap, nfft,
                             sides)
        result = cupy.conj(result) * result_y
    elif mode == 'psd':
        result = cupy.conj(result) * result
    result *= scale
    if sides == 'onesided' and mode == 'psd':
        if nfft % 2:
            result[..., 1:] *= 2
        else:
            # the last point is the unpaired Nyquist frequency
            result[..., 1:-1] *= 2
    time = cupy.arange(nperseg / 2, x.shape[-1] - nperseg / 2 + 1,
                       nperseg - noverlap) / float(fs)
    if boundary is not None:
        time -= (nperseg / 2) / fs
    result = result.astype(outdtype)
    if same_data and mode != 'stft':
        result = result.real
    if axis < 0:
        axis -= 1
    result = cupy.moveaxis(result, -1, axis)
    return freqs, time, result


def csd(x, y, fs=1.0, window='hann', nperseg=None, noverlap=None, nfft=None,
        detrend='constant', return_onesided=True, scaling='density',
        axis=-1, average='mean'):
    """Cross power spectral density by Welch's method
    (``scipy.signal.csd``)."""
    freqs, _, Pxy = _spectral_helper(x, y, fs, window, nperseg, noverlap,
                                     nfft, detrend, return_onesided,
                                     scaling, axis, mode='psd')
    if Pxy.ndim >= 2 and Pxy.size > 0:
        if Pxy.shape[-1] > 1:
            if average == 'median':
                bias = _median_bias(Pxy.shape[-1])
                if Pxy.dtype.kind == 'c':
                    Pxy = (cupy.median(cupy.real(Pxy), axis=-1) +
                           1j * cupy.median(cupy.imag(Pxy), axis=-1))
                else:
                    Pxy = cupy.median(Pxy, axis=-1)
                Pxy /= bias
            elif average == 'mean':
                Pxy = Pxy.mean(axis=-1)
            else:
                raise ValueError('average must be "median" or "mean", got %s'
                                 % (average,))
        else:
            Pxy = Pxy.reshape(Pxy.shape[:-1])
    return freqs, Pxy


def welch(x, fs=1.0, window='hann', nperseg=None, noverlap=None, nfft=None,
          detrend='constant', return_onesided=True, scaling='density',
          axis=-1, average='mean'):
    """Power spectral density by Welch's method (``scipy.signal.welch``)."""
    x = cupy.asarray(x)
    freqs, Pxx = csd(x, x, fs=fs, window=window, nperseg=nperseg,
                     noverlap=noverlap, nfft=nfft, detrend=detrend,
                     return_onesided=return_onesided, scaling=scaling,
                     axis=axis, average=average)
    return freqs, Pxx.real


def periodogram(x, fs=1.0, window='boxcar', nfft=None, detrend='constant',
                return_onesided=True, scaling='density', axis=-1):
    """Power spectral density by a periodogram
    (``scipy.signal.periodogram``)."""
    x = cupy.asarray(x)
    if x.size == 0:
        return cupy.empty(x.shape), cupy.empty(x.shape)
    if window is None:
        window = 'boxcar'
    if nfft is None:
        nperseg = x.shape[axis]
    elif nfft == x.shape[axis]:
        nperseg = nfft
    elif nfft > x.shape[axis]:
        nperseg = x.shape[axis]
    else:
        s = [slice(None)] * x.ndim
        s[axis] = slice(None, nfft)
        x = x[tuple(s)]
        nperseg = nfft
        nfft = None
    if hasattr(window, 'size'):
        if window.size != nperseg:
            raise ValueError('the size of the window must be the same size '
                             'of the input on the specified axis')
    return welch(x, fs=fs, window=window, nperseg=nperseg, noverlap=0,
                 nfft=nfft, detrend=detrend, return_onesided=return_onesided,
                 scaling=scaling, axis=axis)


def coherence(x, y, fs=1.0, window='hann', nperseg=None, noverlap=None,
              nfft=None, detrend='constant', axis=-1):
    """Magnitude-squared coherence (``scipy.signal.coherence``)."""
    x = cupy.asarray(x)
    y = cupy.asarray(y)
    kw = dict(fs=fs, window=window, nperseg=nperseg, noverlap=noverlap,
              nfft=nfft, detrend=detrend, axis=axis)
    freqs, Pxx = welch(x, **kw)
    _, Pyy = welch(y, **kw)
    _, Pxy = csd(x, y, **kw)
    return freqs, cupy.abs(Pxy) ** 2 / Pxx / Pyy


def spectrogram(x, fs=1.0, window=('tukey', .25), nperseg=None,
                noverlap=None, nfft=None, detrend='constant',
                return_onesided=True, scaling='density', axis=-1,
                mode='psd'):
    """Spectrogram of consecutive Fourier transforms
    (``scipy.signal.spectrogram``)."""
    modelist = ['psd', 'complex', 'magnitude', 'angle', 'phase']
    if mode not in modelist:
        raise ValueError('unknown value for mode {}, must be one of {}'
                         .format(mode, modelist))
    x = cupy.asarray(x)
    window, nperseg = _triage_segments(window, nperseg,
                                       input_length=x.shape[axis])
    if noverlap is None:
        noverlap = nperseg // 8
    if mode == 'psd':
        return _spectral_helper(x, x, fs, window, nperseg, noverlap, nfft,
                                detrend, return_onesided, scaling, axis,
                                mode='psd')
    freqs, time, Sxx = _spectral_helper(x, x, fs, window, nperseg, noverlap,
                                        nfft, detrend, return_onesided,
                                        scaling, axis, mode='stft')
    if mode == 'magnitude':
        Sxx = cupy.abs(Sxx)
    elif mode in ['angle', 'phase']:
        Sxx = cupy.angle(Sxx)
        if mode == 'phase':
            if axis < 0:
                axis -= 1
            Sxx = cupy.unwrap(Sxx, axis=axis)
    return freqs, time, Sxx


def stft(x, fs=1.0, window='hann', nperseg=256, noverlap=None, nfft=None,
         detrend=False, return_onesided=True, boundary='zeros', padded=True,
         axis=-1, scaling='spectrum'):
    """Short-time Fourier transform (``scipy.signal.stft``)."""
    if scaling == 'psd':
        scaling = 'density'
    elif scaling != 'spectrum':
        raise ValueError("Parameter scaling={!r} not in ['spectrum', "
                         "'psd']!".format(scaling))
    return _spectral_helper(x, x, fs, window, nperseg, noverlap, nfft,
                            detrend, return_onesided, scaling=scaling,
                            axis=axis, mode='stft', boundary=boundary,
                            padded=padded)


def _overlap_add(segs, nstep, outlen):
    """sum of segs[..., i, :] placed at i * nstep (segments of nperseg
    samples), as ceil(nperseg / nstep) shifted adds of whole chunks."""
    nseg, nperseg = segs.shape[-2:]
    r = -(-nperseg // nstep)
    pad = [(0, 0)] * (segs.ndim - 1) + [(0, r * nstep - nperseg)]
    chunks = cupy.pad(segs, pad).reshape(segs.shape[:-2] + (nseg, r, nstep))
    out = cupy.zeros(segs.shape[:-2] + (nseg + r - 1, nstep),
                     dtype=segs.dtype)
    for j in range(r):
        out[..., j:j + nseg, :] += chunks[..., :, j, :]
    return out.reshape(segs.shape[:-2] + (-1,))[..., :outlen]


def istft(Zxx, fs=1.0, window='hann', nperseg=None, noverlap=None,
          nfft=None, input_onesided=True, boundary=True, time_axis=-1,
          freq_axis=-2, scaling='spectrum'):
    """Inverse short-time Fourier transform (``scipy.signal.istft``)."""
    Zxx = cupy.asarray(Zxx) + 0j
    freq_axis = int(freq_axis)
    time_axis = int(time_axis)
    if Zxx.ndim < 2:
        raise ValueError('Input stft must be at least 2d!')
    if freq_axis == time_axis:
        raise ValueError('Must specify differing time and frequency axes!')
    nseg = Zxx.shape[time_axis]
    if input_onesided:
        n_default = 2 * (Zxx.shape[freq_axis] - 1)
    else:
        n_default = Zxx.shape[freq_axis]
    if nperseg is None:
        nperseg = n_default
    else:
        nperseg = int(nperseg)
        if nperseg < 1:
            raise ValueError('nperseg must be a positive integer')
    if nfft is None:
        if input_onesided and nperseg == n_default + 1:
            nfft = nperseg
        else:
            nfft = n_default
    elif nfft < nperseg:
        raise ValueError('nfft must be greater than or equal to nperseg.')
    else:
        nfft = int(nfft)
    if noverlap is None:
        noverlap = int(nperseg // 2)
    else:
        noverlap = int(noverlap)
    if noverlap >= nperseg:
        raise ValueError('noverlap must be less than nperseg.')
    nstep = nperseg - noverlap
    if time_axis != Zxx.ndim - 1 or freq_axis != Zxx.ndim - 2:
        if freq_axis < 0:
            freq_axis = Zxx.ndim + freq_axis
        if time_axis < 0:
            time_axis = Zxx.ndim + time_axis
        zouter = list(range(Zxx.ndim))
        for ax in sorted([time_axis, freq_axis], reverse=True):
            zouter.pop(ax)
        Zxx = cupy.transpose(Zxx, zouter + [freq_axis, time_axis])
    if isinstance(window, (str, tuple)):
        win = _design.window_array(window, nperseg)
    else:
        win = cupy.asarray(window)
        if win.ndim != 1:
            raise ValueError('window must be 1-D')
        if win.shape[0] != nperseg:
            raise ValueError('window must have length of {0}'.format(
                nperseg))
    if input_onesided:
        xsubs = cupy.fft.irfft(Zxx, axis=-2, n=nfft)[..., :nperseg, :]
    else:
        xsubs = cupy.fft.ifft(Zxx, axis=-2, n=nfft)[..., :nperseg, :]
    outputlength = nperseg + (nseg - 1) * nstep
    if numpy.result_type(win.dtype, xsubs.dtype) != xsubs.dtype:
        win = win.astype(xsubs.dtype)
    if scaling == 'spectrum':
        xsubs = xsubs * win.sum()
    elif scaling == 'psd':
        xsubs = xsubs * cupy.sqrt(fs * cupy.sum(win ** 2))
    else:
        raise ValueError("Parameter scaling={!r} not in ['spectrum', "
                         "'psd']!".format(scaling))
    segs = cupy.swapaxes(xsubs, -1, -2) * win
    x = _overlap_add(segs, nstep, outputlength)
    # the normalisation depends on the window only: host arithmetic
    w2 = numpy.abs(cupy.asnumpy(win)) ** 2 if win.dtype.kind == 'c' else \
        cupy.asnumpy(win) ** 2
    norm = numpy.zeros(outputlength, dtype=w2.dtype)
    for ii in range(nseg):
        norm[ii * nstep:ii * nstep + nperseg] += w2
    if boundary:
        x = x[..., nperseg // 2:-(nperseg // 2)]
        norm = norm[nperseg // 2:-(nperseg // 2)]
    if numpy.sum(norm > 1e-10) != len(norm):
        warnings.warn('NOLA condition failed, STFT may not be invertible.',
                      stacklevel=2)
    x = x / cupy.asarray(numpy.where(norm > 1e-10, norm, 1.0))
    if input_onesided:
        x = x.real
    if x.ndim > 1:
        if time_axis != Zxx.ndim - 1:
            if freq_axis < time_axis:
                time_axis -= 1
            x = cupy.moveaxis(x, -1, time_axis)
    time = cupy.arange(x.shape[0]) / float(fs)
    return time, x


def check_COLA(window, nperseg, noverlap, tol=1e-10):
    """Constant overlap-add check (``scipy.signal.check_COLA``; host)."""
    return _design._scipy_signal().check_COLA(
        _design._to_host(window), nperseg, noverlap, tol=tol)


def check_NOLA(window, nperseg, noverlap, tol=1e-10):
    """Nonzero overlap-add check (``scipy.signal.check_NOLA``; host)."""
    return _design._scipy_signal().check_NOLA(
        _design._to_host(window), nperseg, noverlap, tol=tol)


def lombscargle(x, y, freqs, precenter=None, normalize=False, *,
                weights=None, floating_mean=False):
    """Lomb-Scargle periodogram (``scipy.signal.lombscargle``, SciPy 1.17's
    weighted form): (samples x frequencies) products summed on the
    device."""
    x = cupy.asarray(x, dtype=numpy.float64)
    y = cupy.asarray(y, dtype=numpy.float64)
    freqs = cupy.asarray(freqs, dtype=numpy.float64)
    if weights is None:
        weights = cupy.ones_like(y, dtype=numpy.float64)
    else:
        weights = cupy.asarray(weights, dtype=numpy.float64)
    if not (x.ndim == 1 and x.size > 0 and
            x.shape == y.shape == weights.shape):
        raise ValueError('Parameters x, y, weights must be 1-D arrays of '
                         'equal non-zero length!')
    if not (freqs.ndim == 1 and freqs.size > 0):
        raise ValueError('Parameter freqs must be a 1-D array of non-zero '
                         'length!')
    wsum = float(weights.sum())
    if not (bool((weights >= 0).all()) and wsum > 0):
        raise ValueError('Parameter weights must have only non-negative '
                         'entries which sum to a positive value!')
    if isinstance(normalize, bool):
        normalize = 'normalize' if normalize else 'power'
    if normalize not in ['power', 'normalize', 'amplitude']:
        raise ValueError("Normalize must be: False (or 'power'), True (or "
                         "'normalize'), or 'amplitude'.")
    weights = weights / wsum
    if precenter is not None:
        warnings.warn("Use of parameter 'precenter' is deprecated as of "
                      'SciPy 1.17.0', DeprecationWarning, stacklevel=2)
        if precenter:
            y = y - y.mean()
    w = weights[:, None]
    wy = (weights * y)[:, None]
    ft = freqs[None, :] * x[:, None]
    coswt = cupy.cos(ft)
    sinwt = cupy.sin(ft)
    Y = (weights * y).sum()
    CC = (w * coswt * coswt).sum(0)
    SS = 1.0 - CC
    CS = (w * coswt * sinwt).sum(0)
    if floating_mean:
        C = (w * coswt).sum(0)
        S = (w * sinwt).sum(0)
        CC = CC - C * C
        SS = SS - S * S
        CS = CS - C * S
    tau = 0.5 * cupy.arctan2(2.0 * CS, CC - SS)
    ftt = ft - tau
    cos_t = cupy.cos(ftt)
    sin_t = cupy.sin(ftt)
    YC = (wy * cos_t).sum(0)
    YS = (wy * sin_t).sum(0)
    CC = (w * cos_t * cos_t).sum(0)
    SS = 1.0 - CC
    if floating_mean:
        C = (w * cos_t).sum(0)
        S = (w * sin_t).sum(0)
        YC = YC - Y * C
        YS = YS - Y * S
        CC = CC - C * C
        SS = SS - S * S
    epsneg = numpy.finfo(numpy.float64).epsneg
    CC = cupy.maximum(CC, epsneg)
    SS = cupy.maximum(SS, epsneg)
    a = YC / CC
    b = YS / SS
    if normalize == 'amplitude':
        return (a + 1j * b) * cupy.exp(1j * tau)
    pgram = 2.0 * (a * YC + b * YS)
    if normalize == 'power':
        return pgram * (float(x.shape[0]) / 4.0)
    YY = (wy[:, 0] * y).sum()
    if floating_mean:
        YY = YY - Y * Y
    return pgram * (0.5 / YY)
