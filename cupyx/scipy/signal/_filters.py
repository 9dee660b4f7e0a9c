"""Other filters on the device: detrend, hilbert(2), medfilt(2d),
order_filter, wiener, savgol_filter (savgol_coeffs: host, SciPy)."""

import operator

import numpy

import cupy
from cupy.lib.stride_tricks import sliding_window_view
from cupyx.scipy.signal import _design
from cupyx.scipy.signal._convolve import correlate, _direct_full
from cupyx.scipy.signal._lfilter import _check_axis


def detrend(data, axis=-1, type='linear', bp=0, overwrite_data=False):
    """Remove a constant or (piecewise) linear least-squares fit
    (``scipy.signal.detrend``)."""
    if type not in ['linear', 'l', 'constant', 'c']:
        raise ValueError("Trend type must be 'linear' or 'constant'.")
    data = cupy.asarray(data)
    dt = data.dtype if data.dtype.char in 'dfDF' else numpy.dtype('d')
    if type in ['constant', 'c']:
        return (data - data.mean(axis, keepdims=True)).astype(dt)
    axis = _check_axis(axis, data.ndim)
    n = data.shape[axis]
    if isinstance(bp, cupy.ndarray):
        bp = cupy.asnumpy(bp)
    bp = numpy.sort(numpy.unique(numpy.concatenate(
        [[0], numpy.atleast_1d(bp), [n]]).astype(numpy.int64)))
    if numpy.any(bp > n):
        raise ValueError('Breakpoints must be less than length of data '
                         'along given axis.')
    x = cupy.moveaxis(data, axis, -1).astype(dt)
    out = cupy.empty_like(x)
    for lo, hi in zip(bp[:-1], bp[1:]):
        seg = x[..., lo:hi]
        m = hi - lo
        t = numpy.arange(m, dtype=numpy.float64)
        tc = t - t.mean()
        denom = (tc * tc).sum()
        mean = seg.mean(axis=-1, keepdims=True)
        if m > 1:
            tcd = cupy.asarray(tc).astype(dt.char.lower() if dt.kind == 'c'
                                          else dt)
            slope = ((seg - mean) * tcd).sum(axis=-1, keepdims=True) / denom
            out[..., lo:hi] = seg - mean - slope * tcd
        else:
            out[..., lo:hi] = seg - mean
    return cupy.moveaxis(out, -1, axis)


def _hilbert_weights(n, dtype):
    h = numpy.zeros(n, dtype=dtype)
    if n % 2 == 0:
        h[0] = h[n // 2] = 1
        h[1:n // 2] = 2
    else:
        h[0] = 1
        h[1:(n + 1) // 2] = 2
    return cupy.asarray(h)


def hilbert(x, N=None, axis=-1):
    """Analytic signal by the FFT (``scipy.signal.hilbert``)."""
    x = cupy.asarray(x)
    if x.dtype.kind == 'c':
        raise ValueError('x must be real.')
    if N is None:
        N = x.shape[axis]
    if N <= 0:
        raise ValueError('N must be positive.')
    Xf = cupy.fft.fft(x, N, axis=axis)
    h = _hilbert_weights(N, Xf.real.dtype)
    if x.ndim > 1:
        shape = [1] * x.ndim
        shape[axis] = N
        h = h.reshape(shape)
    return cupy.fft.ifft(Xf * h, axis=axis)


def _hilbert2_weights(n, dtype):
    # SciPy 1.17: bins 1 .. (n+1)//2 - 1 doubled, the rest (Nyquist
    # included) zeroed
    h = numpy.zeros(n, dtype=dtype)
    k = (n + 1) // 2
    h[0] = 1
    h[1:k] = 2
    return cupy.asarray(h)


def hilbert2(x, N=None, axes=(-2, -1)):
    """2-d analytic signal (``scipy.signal.hilbert2``)."""
    x = cupy.asarray(x)
    if x.ndim < 2:
        x = x.reshape((1,) * (2 - x.ndim) + x.shape)
    if x.dtype.kind == 'c':
        raise ValueError('x must be real.')
    if len(axes) != 2:
        raise ValueError('axes must be a tuple of length 2')
    axes = tuple(_check_axis(a, x.ndim) for a in axes)
    if axes[0] == axes[1]:
        raise ValueError('axes must contain 2 distinct axes')
    if N is None:
        N = (x.shape[axes[0]], x.shape[axes[1]])
    elif isinstance(N, int):
        if N <= 0:
            raise ValueError('N must be positive.')
        N = (N, N)
    elif len(N) != 2 or numpy.any(numpy.asarray(N) <= 0):
        raise ValueError('When given as a tuple, N must hold exactly '
                         'two positive integers')
    Xf = cupy.fft.fft2(x, N, axes=axes)
    shape0 = [1] * x.ndim
    shape1 = [1] * x.ndim
    shape0[axes[0]] = N[0]
    shape1[axes[1]] = N[1]
    h = (_hilbert2_weights(N[0], Xf.real.dtype).reshape(shape0) *
         _hilbert2_weights(N[1], Xf.real.dtype).reshape(shape1))
    return cupy.fft.ifft2(Xf * h, axes=axes)


def _rank_windows(a, ksize, rank):
    """The rank-th smallest of each zero-padded window (sorted on the
    device)."""
    pads = [(k // 2, k // 2) for k in ksize]
    win = sliding_window_view(cupy.pad(a, pads), ksize)
    flat = win.reshape(win.shape[:a.ndim] + (-1,))
    return cupy.ascontiguousarray(cupy.sort(flat, axis=-1)[..., rank])


def _kernel_size(volume, kernel_size):
    if kernel_size is None:
        kernel_size = [3] * volume.ndim
    kernel_size = numpy.asarray(kernel_size)
    if kernel_size.shape == ():
        kernel_size = numpy.repeat(kernel_size.item(), volume.ndim)
    for k in range(volume.ndim):
        if (kernel_size[k] % 2) != 1:
            raise ValueError('Each element of kernel_size should be odd.')
    if len(kernel_size) != volume.ndim:
        raise ValueError('kernel_size must have one entry per dimension')
    return tuple(int(k) for k in kernel_size)


def medfilt(volume, kernel_size=None):
    """Median filter with zero padding (``scipy.signal.medfilt``)."""
    volume = cupy.atleast_1d(cupy.asarray(volume))
    if volume.dtype.kind == 'c':
        raise ValueError('complex types not supported')
    if volume.dtype.kind == 'b' or volume.dtype == numpy.float16:
        # SciPy's median kernel has no bool or float16 loop (scipy 1.17)
        raise ValueError('dtype=%s is not supported by medfilt'
                         % volume.dtype)
    ksize = _kernel_size(volume, kernel_size)
    if any(k > s for k, s in zip(ksize, volume.shape)):
        import warnings
        warnings.warn('kernel_size exceeds volume extent: the volume will '
                      'be zero-padded.', stacklevel=2)
    if volume.size == 0:
        return volume.copy()
    return _rank_windows(volume, ksize, int(numpy.prod(ksize)) // 2)


def medfilt2d(input, kernel_size=3):
    """2-d median filter with zero padding (``scipy.signal.medfilt2d``)."""
    image = cupy.asarray(input)
    if image.ndim != 2:
        raise ValueError('input must be 2d')
    return medfilt(image, kernel_size)


def order_filter(a, domain, rank):
    """The rank-th element of each window selected by ``domain``
    (``scipy.signal.order_filter``)."""
    a = cupy.asarray(a)
    domain = numpy.asarray(cupy.asnumpy(domain) if isinstance(
        domain, cupy.ndarray) else domain)
    for d in domain.shape:
        if d % 2 != 1:
            raise ValueError('Each dimension of domain argument '
                             'should have an odd number of elements.')
    if domain.ndim != a.ndim:
        raise ValueError('domain and input must have the same dimensions')
    rank = operator.index(rank)
    count = int((domain != 0).sum())
    if rank < 0 or rank >= count:
        raise ValueError('rank not in range')
    pads = [(k // 2, k // 2) for k in domain.shape]
    win = sliding_window_view(cupy.pad(a, pads), domain.shape)
    flat = win.reshape(win.shape[:a.ndim] + (-1,))
    sel = cupy.asarray(numpy.flatnonzero(domain.ravel() != 0))
    return cupy.ascontiguousarray(cupy.sort(flat[..., sel], axis=-1)[...,
                                                                      rank])


def wiener(im, mysize=None, noise=None):
    """Wiener filter of an N-d array (``scipy.signal.wiener``)."""
    im = cupy.asarray(im)
    if mysize is None:
        mysize = [3] * im.ndim
    mysize = numpy.asarray(mysize)
    if mysize.shape == ():
        mysize = numpy.repeat(mysize.item(), im.ndim)
    # float64 window, as SciPy's: integer images are averaged in floats
    ones = cupy.ones(tuple(int(m) for m in mysize))
    size = float(numpy.prod(mysize, axis=0))
    l_mean = correlate(im, ones, 'same') / size
    l_var = correlate(im ** 2, ones, 'same') / size - l_mean ** 2
    if noise is None:
        noise = cupy.mean(cupy.ravel(l_var), axis=0)
    res = im - l_mean
    res = res * (1 - noise / l_var)
    res = res + l_mean
    # SciPy's result is float64 (complex128 for complex input)
    out = cupy.where(l_var < noise, l_mean, res)
    return out.astype(numpy.complex128 if out.dtype.kind == 'c'
                      else numpy.float64, copy=False)


def savgol_coeffs(window_length, polyorder, deriv=0, delta=1.0, pos=None,
                  use='conv'):
    """Savitzky-Golay filter coefficients (``scipy.signal.savgol_coeffs``,
    computed on the host)."""
    return cupy.asarray(_design._scipy_signal().savgol_coeffs(
        window_length, polyorder, deriv=deriv, delta=float(delta), pos=pos,
        use=use))


_PAD_MODES = {'mirror': 'reflect', 'constant': 'constant',
              'nearest': 'edge', 'wrap': 'wrap', 'interp': 'constant'}


def _edge_matrix(window_length, polyorder, deriv, delta, positions):
    """M (len(positions) x window_length): the derivative of the
    least-squares polynomial through a window, evaluated at positions
    (window indices); the host holds only this small matrix."""
    t = numpy.arange(window_length, dtype=numpy.float64)
    van = numpy.vander(t, polyorder + 1)
    pinv = numpy.linalg.pinv(van)                 # coefficients = pinv @ y
    ev = numpy.zeros((len(positions), polyorder + 1))
    for j in range(polyorder + 1):
        power = polyorder - j
        if power >= deriv:
            fac = numpy.prod(numpy.arange(power - deriv + 1, power + 1))
            ev[:, j] = fac * numpy.asarray(positions, float) ** (
                power - deriv)
    return ev @ pinv / delta ** deriv


def savgol_filter(x, window_length, polyorder, deriv=0, delta=1.0,
                  axis=-1, mode='interp', cval=0.0):
    """Savitzky-Golay filter (``scipy.signal.savgol_filter``)."""
    if mode not in _PAD_MODES:
        raise ValueError("mode must be 'mirror', 'constant', 'nearest' "
                         "'wrap' or 'interp'.")
    x = cupy.asarray(x)
    delta = float(delta)       # a device scalar is read once
    if x.dtype != numpy.float64 and x.dtype != numpy.float32:
        x = x.astype(numpy.float64)
    axis = _check_axis(axis, x.ndim)
    coeffs = savgol_coeffs(window_length, polyorder, deriv=deriv,
                           delta=delta)
    n = x.shape[axis]
    if mode == 'interp' and window_length > n:
        raise ValueError("If mode is 'interp', window_length must be less "
                         'than or equal to the size of x.')
    xm = cupy.moveaxis(x, axis, -1)
    half = window_length // 2
    pads = [(0, 0)] * (xm.ndim - 1) + [(half, half)]
    if _PAD_MODES[mode] == 'constant':
        cv = 0.0 if mode == 'interp' else cval
        xp = cupy.pad(xm, pads, mode='constant', constant_values=cv)
    else:
        xp = cupy.pad(xm, pads, mode=_PAD_MODES[mode])
    kern = coeffs.astype(x.dtype).reshape((1,) * (xm.ndim - 1) + (-1,))
    full = _direct_full(cupy.ascontiguousarray(xp), kern, x.dtype)
    # y[i] = sum_j coeffs[j] x[i + half - j] (ndimage.convolve1d's centre,
    # also for even window lengths)
    y = full[..., 2 * half:2 * half + n]
    if mode == 'interp' and half > 0:
        y = y.copy()
        left = cupy.asarray(_edge_matrix(window_length, polyorder, deriv,
                                         delta, range(half)))
        right = cupy.asarray(_edge_matrix(
            window_length, polyorder, deriv, delta,
            range(window_length - half, window_length)))
        head = xm[..., :window_length]
        tail = xm[..., n - window_length:]
        y[..., :half] = (head[..., None, :] * left.astype(x.dtype)).sum(-1)
        y[..., n - half:] = (tail[..., None, :] *
                             right.astype(x.dtype)).sum(-1)
    return cupy.moveaxis(y, -1, axis)
