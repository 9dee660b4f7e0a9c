"""upfirdn on the device: zero-stuffing, an FIR convolution along the
axis (window sums, or an FFT for long filters), and decimation."""

import operator

import numpy

import cupy
from cupyx.scipy.signal._convolve import _direct_full, fftconvolve
from cupyx.scipy.signal._lfilter import _check_axis

# Taps above which the filter of upfirdn runs as an FFT convolution.
_FFT_TAPS = 64


def _output_len(len_h, in_len, up, down):
    return ((in_len - 1) * up + len_h - 1) // down + 1


def _conv_last_axis(x, h):
    """Full convolution of every row of x (..., n) with the 1-d h."""
    if h.size > _FFT_TAPS and x.shape[-1] > _FFT_TAPS:
        return fftconvolve(x, h.reshape((1,) * (x.ndim - 1) + h.shape),
                           axes=-1)
    return _direct_full(x, h.reshape((1,) * (x.ndim - 1) + h.shape),
                        x.dtype)


def upfirdn(h, x, up=1, down=1, axis=-1, mode='constant', cval=0):
    """Upsample, FIR filter and downsample (``scipy.signal.upfirdn``;
    mode 'constant' with cval 0 only)."""
    x = cupy.asarray(x)
    h = cupy.asarray(h)
    if h.ndim != 1 or h.size == 0:
        raise ValueError('h must be 1-D with non-zero length')
    up = operator.index(up)
    down = operator.index(down)
    if up < 1 or down < 1:
        raise ValueError('Both up and down must be >= 1')
    if mode != 'constant' or cval != 0:
        raise NotImplementedError(
            "upfirdn: only mode='constant' with cval=0 is implemented")
    axis = _check_axis(axis, x.ndim)
    dt = numpy.result_type(x.dtype, h.dtype, numpy.float32)
    xm = cupy.moveaxis(x, axis, -1).astype(dt, copy=False)
    n = xm.shape[-1]
    out_len = _output_len(h.size, n, up, down)
    if up > 1:
        xu = cupy.zeros(xm.shape[:-1] + ((n - 1) * up + 1,), dtype=dt)
        xu[..., ::up] = xm
    else:
        xu = xm
    y = _conv_last_axis(cupy.ascontiguousarray(xu), h.astype(dt))
    y = y[..., ::down][..., :out_len]
    return cupy.ascontiguousarray(cupy.moveaxis(y.astype(dt, copy=False),
                                                -1, axis))
