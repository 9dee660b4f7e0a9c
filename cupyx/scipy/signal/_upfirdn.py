"""upfirdn on the device: zero-stuffing, an FIR convolution along the
axis (window sums, or an FFT for long filters), and decimation.

The signal extension modes other than zeros extend the input by
ceil((len(h) - 1) / up) samples at both ends (every input sample an
output can reach), filter the extended signal and take the outputs from
the first real sample on (SciPy's modes, checked against its
``_pad_test``): numpy.pad's constant/wrap/edge/symmetric/reflect,
'antireflect' (reflect, odd), 'antisymmetric' (symmetric with the sign
flipped in every mirrored copy), 'smooth' (the slope of the two end
samples) and 'line' (the line through the first and last samples).
"""

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


MODES = ('constant', 'wrap', 'edge', 'smooth', 'symmetric', 'reflect',
         'antisymmetric', 'antireflect', 'line')
_NUMPY_PAD = {'wrap': dict(mode='wrap'), 'edge': dict(mode='edge'),
              'symmetric': dict(mode='symmetric'),
              'reflect': dict(mode='reflect'),
              'antireflect': dict(mode='reflect', reflect_type='odd')}


def _extend(x, pad, mode, cval):
    """x (..., n) extended by ``pad`` samples at both ends."""
    n = x.shape[-1]
    width = [(0, 0)] * (x.ndim - 1) + [(pad, pad)]
    if mode == 'constant':
        return cupy.pad(x, width, mode='constant', constant_values=cval)
    if mode in _NUMPY_PAD:
        return cupy.pad(x, width, **_NUMPY_PAD[mode])
    j = cupy.arange(-pad, n + pad)
    if mode == 'antisymmetric':
        m = j % (2 * n)
        mirrored = m >= n
        idx = cupy.where(mirrored, 2 * n - 1 - m, m)
        return cupy.where(mirrored, -1, 1).astype(x.dtype) * x[..., idx]
    first, last = x[..., :1], x[..., -1:]
    if mode == 'line':
        with numpy.errstate(divide='ignore', invalid='ignore'):
            lslope = rslope = (last - first) / (n - 1)
    elif n > 1:    # smooth: the slopes of the two samples at each end
        lslope = x[..., 1:2] - first
        rslope = last - x[..., -2:-1]
    else:
        lslope = rslope = cupy.zeros_like(first)
    left = first + j[:pad] * lslope
    right = last + (j[n + pad:] - (n - 1)) * rslope
    return cupy.concatenate([left, x, right], axis=-1)


def upfirdn(h, x, up=1, down=1, axis=-1, mode='constant', cval=0):
    """Upsample, FIR filter and downsample (``scipy.signal.upfirdn``),
    with SciPy's signal extension modes."""
    x = cupy.asarray(x)
    h = cupy.asarray(h)
    if h.ndim != 1 or h.size == 0:
        raise ValueError('h must be 1-D with non-zero length')
    up = operator.index(up)
    down = operator.index(down)
    if up < 1 or down < 1:
        raise ValueError('Both up and down must be >= 1')
    if mode not in MODES:
        raise ValueError('Unknown mode: {}'.format(mode))
    axis = _check_axis(axis, x.ndim)
    dt = numpy.result_type(x.dtype, h.dtype, numpy.float32)
    xm = cupy.moveaxis(x, axis, -1).astype(dt, copy=False)
    n = xm.shape[-1]
    out_len = _output_len(h.size, n, up, down)
    start = 0
    if n and not (mode == 'constant' and cval == 0):
        pad = -(-(h.size - 1) // up)
        xm = _extend(xm, pad, mode, cval)
        start = pad * up
        n = xm.shape[-1]
    if up > 1:
        xu = cupy.zeros(xm.shape[:-1] + ((n - 1) * up + 1,), dtype=dt)
        xu[..., ::up] = xm
    else:
        xu = xm
    y = _conv_last_axis(cupy.ascontiguousarray(xu), h.astype(dt))
    y = y[..., start::down][..., :out_len]
    return cupy.ascontiguousarray(cupy.moveaxis(y.astype(dt, copy=False),
                                                -1, axis))
