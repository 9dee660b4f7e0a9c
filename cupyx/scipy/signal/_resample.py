"""Rate changes on the device: resample (FFT), resample_poly, decimate."""

import math
import operator

import numpy

import cupy
from cupyx.scipy.signal import _design
from cupyx.scipy.signal._upfirdn import _output_len, upfirdn
from cupyx.scipy.signal._lfilter import _check_axis, sosfilt, sosfiltfilt

def resample(x, num, t=None, axis=0, window=None, domain='time'):
    """Resample to ``num`` samples with the Fourier method
    (``scipy.signal.resample``)."""
    if domain not in ('time', 'freq'):
        raise ValueError("Acceptable domain flags are 'time' or 'freq', "
                         'not domain={}'.format(domain))
    x = cupy.asarray(x)
    axis = _check_axis(axis, x.ndim)
    nx = x.shape[axis]
    num = operator.index(num)
    if num < 0:
        raise ValueError('num must be non-negative')
    real_input = x.dtype.kind != 'c'
    if domain == 'time':
        xf = x.astype(numpy.float64) if x.dtype.kind in 'biu' else x
        X = cupy.fft.rfft(xf, axis=axis) if real_input else \
            cupy.fft.fft(xf, axis=axis)
    else:
        X = x
        real_input = False
    if window is not None:
        if callable(window):
            W = window(cupy.fft.fftfreq(nx))
        elif isinstance(window, cupy.ndarray):
            if window.shape != (nx,):
                raise ValueError('window must have the same length as data')
            W = window
        else:
            W = cupy.fft.ifftshift(_design.window_array(window, nx))
        shape = [1] * x.ndim
        shape[axis] = X.shape[axis]
        X = X * W[:X.shape[axis]].reshape(shape)
    newshape = list(x.shape)
    newshape[axis] = num // 2 + 1 if real_input else num
    Y = cupy.zeros(newshape, dtype=X.dtype)
    N = min(num, nx)
    nyq = N // 2 + 1

    def sl(a, b=None):
        s = [slice(None)] * x.ndim
        s[axis] = slice(a, b)
        return tuple(s)

    Y[sl(0, nyq)] = X[sl(0, nyq)]
    if not real_input and N > 2:
        Y[sl(nyq - N, None)] = X[sl(nyq - N, None)]
    if N % 2 == 0:
        # the Nyquist bin of the shorter spectrum is split or folded
        if num < nx:
            if real_input:
                Y[sl(N // 2, N // 2 + 1)] *= 2.
            else:
                Y[sl(-N // 2, -N // 2 + 1)] += X[sl(-N // 2, -N // 2 + 1)]
        elif nx < num:
            Y[sl(N // 2, N // 2 + 1)] *= 0.5
            if not real_input:
                Y[sl(num - N // 2, num - N // 2 + 1)] = \
                    Y[sl(N // 2, N // 2 + 1)]
    if real_input:
        y = cupy.fft.irfft(Y, num, axis=axis)
    else:
        y = cupy.fft.ifft(Y, num, axis=axis)
    y *= float(num) / float(nx)
    if t is None:
        return y
    t = cupy.asarray(t)
    new_t = cupy.arange(0, num) * (t[1] - t[0]) * nx / float(num) + t[0]
    return y, new_t


def resample_poly(x, up, down, axis=0, window=('kaiser', 5.0),
                  padtype='constant', cval=None):
    """Resample by up/down with a polyphase FIR filter
    (``scipy.signal.resample_poly``; padtype 'constant' only)."""
    x = cupy.asarray(x)
    if up != int(up):
        raise ValueError('up must be an integer')
    if down != int(down):
        raise ValueError('down must be an integer')
    up = int(up)
    down = int(down)
    if up < 1 or down < 1:
        raise ValueError('up and down must be >= 1')
    if cval is not None and padtype != 'constant':
        raise ValueError('cval has no effect when padtype is ', padtype)
    if padtype != 'constant' or (cval not in (None, 0)):
        raise NotImplementedError(
            "resample_poly: only padtype='constant' with cval 0 is "
            'implemented')
    axis = _check_axis(axis, x.ndim)
    g = math.gcd(up, down)
    up //= g
    down //= g
    if up == down == 1:
        return x.copy()
    n_in = x.shape[axis]
    n_out = n_in * up
    n_out = n_out // down + bool(n_out % down)
    if isinstance(window, (list, numpy.ndarray, cupy.ndarray)):
        h = cupy.asarray(window)
        if h.ndim > 1:
            raise ValueError('window must be 1-D')
        half_len = (h.size - 1) // 2
        h = h.astype(numpy.result_type(h.dtype, numpy.float64))
    else:
        # SciPy's anti-aliasing filter: cutoff 1/max_rate, 10 zero
        # crossings per side
        max_rate = max(up, down)
        half_len = 10 * max_rate
        h = cupy.asarray(_design._scipy_signal().firwin(
            2 * half_len + 1, 1. / max_rate, window=window))
    h = h * up
    n_pre_pad = down - half_len % down
    n_post_pad = 0
    n_pre_remove = (half_len + n_pre_pad) // down
    while _output_len(h.size + n_pre_pad + n_post_pad, n_in, up,
                      down) < n_out + n_pre_remove:
        n_post_pad += 1
    h = cupy.concatenate([cupy.zeros(n_pre_pad, h.dtype), h,
                          cupy.zeros(n_post_pad, h.dtype)])
    dt = numpy.result_type(x.dtype, numpy.float32)
    if dt.kind == 'f' and x.dtype.kind in 'biu':
        dt = numpy.dtype(numpy.float64)
    y = upfirdn(h.astype(dt), x.astype(dt), up, down, axis=axis)
    s = [slice(None)] * x.ndim
    s[axis] = slice(n_pre_remove, n_pre_remove + n_out)
    return y[tuple(s)].astype(dt, copy=False)


def decimate(x, q, n=None, ftype='iir', axis=-1, zero_phase=True):
    """Downsample by q after an anti-aliasing filter
    (``scipy.signal.decimate``)."""
    x = cupy.asarray(x)
    q = operator.index(q)
    if n is not None:
        n = operator.index(n)
    result_type = x.dtype
    if result_type.kind not in 'fc':
        result_type = numpy.dtype(numpy.float64)
    sig = _design._scipy_signal()
    if ftype == 'fir':
        if n is None:
            n = 20 * q
        b, a = sig.firwin(n + 1, 1. / q, window='hamming'), 1.
    elif ftype == 'iir':
        if n is None:
            n = 8
        sos = sig.cheby1(n, 0.05, 0.8 / q, output='sos')
    else:
        raise ValueError('invalid ftype')
    s = [slice(None)] * x.ndim
    x = x.astype(result_type, copy=False)
    if ftype == 'fir':
        b = b / a
        if zero_phase:
            y = resample_poly(x, 1, q, axis=axis, window=cupy.asarray(b))
        else:
            n_out = x.shape[axis] // q + bool(x.shape[axis] % q)
            y = upfirdn(cupy.asarray(b), x, up=1, down=q, axis=axis)
            s[axis] = slice(None, n_out, None)
    else:
        if zero_phase:
            y = sosfiltfilt(sos, x, axis=axis)
        else:
            y = sosfilt(sos, x, axis=axis)
        s[axis] = slice(None, None, q)
    return y[tuple(s)].astype(result_type, copy=False)

