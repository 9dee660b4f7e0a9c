"""Rate changes on the device: resample (FFT), resample_poly, decimate."""

import math
import operator

import numpy

import cupy
from cupyx.scipy.signal import _design
from cupyx.scipy.signal import _upfirdn
from cupyx.scipy.signal._upfirdn import _output_len, upfirdn
from cupyx.scipy.signal._lfilter import _check_axis, sosfilt, sosfiltfilt

def resample(x, num, t=None, axis=0, window=None, domain='time'):
    """Resample to ``num`` samples with the Fourier method
    (``scipy.signal.resample``, SciPy 1.17's window folding)."""
    if domain not in ('time', 'freq'):
        raise ValueError("Parameter domain={!r} not in ('time', 'freq')!"
                         .format(domain))
    x = cupy.asarray(x)
    num = operator.index(num)
    if num < 0:
        raise ValueError('num must be non-negative')
    if x.ndim > 1:
        x = cupy.moveaxis(x, axis, -1)
    n_x = x.shape[-1]
    s_fac = n_x / num
    m = min(num, n_x)
    m2 = m // 2 + 1
    if window is None:
        W = None
    elif callable(window):
        W = cupy.asarray(window(cupy.fft.fftfreq(n_x)))
    elif hasattr(window, 'shape'):
        if window.shape != (n_x,):
            raise ValueError('window.shape={} != ({},), i.e., window length '
                             'is not equal to number of frequency bins!'
                             .format(window.shape, n_x))
        W = cupy.array(window, copy=True)
    else:
        W = cupy.fft.fftshift(_design.window_array(window, n_x)).astype(
            numpy.float64)
    if x.dtype.kind in 'biu':
        x = x.astype(numpy.float64)
    if domain == 'time' and x.dtype.kind != 'c':
        X = cupy.fft.rfft(x)
        if W is not None:
            # fold the window: W1[l] = (W[l] + W[-l]) / 2 for l > 0
            n_X = X.shape[-1]
            W[1:n_X] += cupy.flip(W[-n_X + 1:]) if n_X > 1 else 0
            W[1:n_X] /= 2
            X = X * W[:n_X]
        X = X[..., :m2]
        if m % 2 == 0 and num != n_x:
            # the unpaired bin at m // 2
            X = X.copy()
            X[..., m // 2] *= 2 if num < n_x else 0.5
        x_r = cupy.fft.irfft(X / s_fac, n=num)
    else:
        X = cupy.fft.fft(x) if domain == 'time' else x
        if W is not None:
            X = X * W
        Y = cupy.zeros(X.shape[:-1] + (num,), dtype=X.dtype)
        Y[..., :m2] = X[..., :m2]
        if m2 < m:
            Y[..., m2 - m:] = X[..., m2 - m:]
        if m % 2 == 0:
            if num < n_x:
                Y[..., -m // 2] += X[..., -m // 2]
            elif n_x < num:
                Y[..., m // 2] /= 2
                Y[..., num - m // 2] = Y[..., m // 2]
        x_r = cupy.fft.ifft(Y / s_fac, n=num)
    if x_r.ndim > 1:
        x_r = cupy.ascontiguousarray(cupy.moveaxis(x_r, -1, axis))
    if t is not None:
        t = cupy.asarray(t)
        return x_r, t[0] + (t[1] - t[0]) * s_fac * cupy.arange(num)
    return x_r


# resample_poly's padtypes that subtract a level of the signal and pad
# with zeros
_BACKGROUND = {'mean': cupy.mean, 'median': cupy.median,
               'minimum': cupy.min, 'maximum': cupy.max}


def resample_poly(x, up, down, axis=0, window=('kaiser', 5.0),
                  padtype='constant', cval=None):
    """Resample by up/down with a polyphase FIR filter
    (``scipy.signal.resample_poly``), with every padtype of SciPy."""
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
    if padtype not in _BACKGROUND and padtype not in _upfirdn.MODES:
        raise ValueError('padtype must be one of: maximum, mean, median, '
                         'minimum, ' + ', '.join(_upfirdn.MODES))
    axis = _check_axis(axis, x.ndim)
    g = math.gcd(up, down)
    up //= g
    down //= g
    if up == down == 1:
        return x.copy()
    n_in = x.shape[axis]
    n_out = n_in * up
    n_out = n_out // down + bool(n_out % down)
    window_given = isinstance(window, (list, numpy.ndarray, cupy.ndarray))
    if window_given:
        h = cupy.asarray(window)
        if h.ndim > 1:
            raise ValueError('window must be 1-D')
        half_len = (h.size - 1) // 2
        if h.dtype.kind not in 'fc':
            h = h.astype(numpy.float64)
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
    # SciPy: a given window keeps its precision, its own filter follows x
    dt = numpy.result_type(x.dtype, numpy.float32)
    if x.dtype.kind in 'biu' or window_given:
        dt = numpy.result_type(dt, h.dtype)
    x = x.astype(dt)
    background = None
    if padtype in _BACKGROUND:
        # the signal's level is taken off before the zero padding and put
        # back after the filter (SciPy's 'mean', 'median', ...)
        background = _BACKGROUND[padtype](x, axis=axis, keepdims=True)
        x = x - background
        mode, cval = 'constant', 0
    else:
        mode, cval = padtype, (0 if cval is None else cval)
    y = upfirdn(h.astype(dt), x, up, down, axis=axis, mode=mode, cval=cval)
    s = [slice(None)] * x.ndim
    s[axis] = slice(n_pre_remove, n_pre_remove + n_out)
    y = y[tuple(s)]
    if background is not None:
        y = y + background
    return cupy.ascontiguousarray(y.astype(dt, copy=False))


def decimate(x, q, n=None, ftype='iir', axis=-1, zero_phase=True):
    """Downsample by q after an anti-aliasing filter
    (``scipy.signal.decimate``)."""
    x = cupy.asarray(x)
    q = operator.index(q)
    if n is not None:
        n = operator.index(n)
    result_type = x.dtype
    if result_type.kind not in 'fc' or result_type == numpy.float16:
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
    return cupy.ascontiguousarray(y[tuple(s)].astype(result_type,
                                                    copy=False))

