"""N-d convolution and correlation (scipy.signal's convolve family).

Direct convolutions run on the device as sliding-window sums: a strided
window view of the padded input times the flipped kernel, summed over the
kernel's axes (one multiply and one reduction per chunk; no float64
matmul, which has no device loop on Atlas A2).  FFT convolutions run
through ``cupy.fft``; see ``_fast_len`` for the transform lengths chosen.
"""

import math
import operator

import numpy

import cupy
from cupy.lib.stride_tricks import sliding_window_view
from cupyx.scipy import fft as _sp_fft

# Elements of the window product held at once by a direct convolution;
# larger outputs are computed in chunks along their first axis (a memory
# bound for the product, 2**24 elements = 128 MiB of float64).
_DIRECT_CHUNK = 1 << 24

_MODES = ('full', 'valid', 'same')


def _asarray(a):
    if isinstance(a, cupy.ndarray):
        return a
    return cupy.asarray(a)


def _fast_len(n, complex_or_double):
    """Transform length for n points.  Float64/complex128 transforms are
    composed on the device (TODO.md "FFT"): powers of two above 4096 run
    Stockham passes, other lengths above 4096 Bluestein's algorithm (about
    three times the work), so those take the next power of two; the
    float32 plans (AsdSip) take SciPy's 5-smooth lengths."""
    if n <= 0:
        return n
    if complex_or_double and n > 4096:
        return 1 << (n - 1).bit_length()
    return _sp_fft.next_fast_len(n, True)


def _check_mode(mode):
    if mode not in _MODES:
        raise ValueError("acceptable mode flags are 'valid', 'same', or "
                         "'full'")


def _inputs_swap_needed(mode, shape1, shape2, axes=None):
    """SciPy's rule for 'valid': one input must be at least as large as
    the other in every (chosen) dimension; True if in2 is the larger."""
    if mode != 'valid':
        return False
    if not shape1:
        return False
    if axes is None:
        axes = range(len(shape1))
    ok1 = all(shape1[i] >= shape2[i] for i in axes)
    ok2 = all(shape2[i] >= shape1[i] for i in axes)
    if not (ok1 or ok2):
        raise ValueError("For 'valid' mode, one must be at least "
                         "as large as the other in every dimension")
    return not ok1


def _centered(arr, newshape):
    start = [(cur - new) // 2 for cur, new in zip(arr.shape, newshape)]
    sl = tuple(slice(s, s + n) for s, n in zip(start, newshape))
    return arr[sl]


def _result_type(in1, in2):
    return numpy.result_type(in1.dtype, in2.dtype)


def _direct_full(in1, in2, out_dtype):
    """Full N-d convolution by window sums (in1 the data, in2 the kernel;
    both already of out_dtype)."""
    kshape = in2.shape
    pad = [(k - 1, k - 1) for k in kshape]
    xp = cupy.pad(in1, pad)
    win = sliding_window_view(xp, kshape)
    kern = in2[(slice(None, None, -1),) * in2.ndim]
    kaxes = tuple(range(in1.ndim, 2 * in1.ndim))
    out_shape = win.shape[:in1.ndim]
    ksize = max(1, in2.size)
    rows = out_shape[0] if out_shape else 1
    per_row = ksize * (math.prod(out_shape[1:]) if len(out_shape) > 1 else 1)
    step = max(1, _DIRECT_CHUNK // max(1, per_row))
    if step >= rows:
        return (win * kern).sum(axis=kaxes, dtype=out_dtype)
    out = cupy.empty(out_shape, dtype=out_dtype)
    for r in range(0, rows, step):
        out[r:r + step] = (win[r:r + step] * kern).sum(axis=kaxes,
                                                       dtype=out_dtype)
    return out


def _apply_mode(full, s1, s2, mode):
    if mode == 'full':
        return full
    if mode == 'same':
        return cupy.ascontiguousarray(_centered(full, s1))
    valid = [a - b + 1 for a, b in zip(s1, s2)]
    return cupy.ascontiguousarray(_centered(full, valid))


def _check_inputs(in1, in2):
    in1 = _asarray(in1)
    in2 = _asarray(in2)
    if in1.ndim != in2.ndim:
        raise ValueError('in1 and in2 should have the same dimensionality')
    return in1, in2


# dtypes SciPy's direct N-d (and 2-d) correlation kernels reject; 1-d
# inputs take its other path, which accepts them
_NO_ND_DIRECT = (numpy.dtype(numpy.bool_), numpy.dtype(numpy.float16))


def _direct_convolve(in1, in2, mode):
    dtype = _result_type(in1, in2)
    if in1.size == 0 or in2.size == 0:
        return cupy.zeros(_empty_shape(in1.shape, in2.shape, mode), dtype)
    if in1.ndim == 0:
        return in1.astype(dtype) * in2.astype(dtype)
    if in1.ndim > 1 and dtype in _NO_ND_DIRECT:
        # SciPy's N-d direct kernel has no loop for these (scipy 1.17)
        raise ValueError('Unsupported type')
    if dtype == numpy.bool_:
        # SciPy convolves booleans as integers and casts back.
        return _direct_convolve(in1.astype(numpy.int64),
                                in2.astype(numpy.int64), mode) != 0
    swapped = _inputs_swap_needed(mode, in1.shape, in2.shape)
    if swapped:
        in1, in2 = in2, in1
    full = _direct_full(in1.astype(dtype, copy=False),
                        in2.astype(dtype, copy=False), dtype)
    return _apply_mode(full, in1.shape, in2.shape, mode)


def _empty_shape(s1, s2, mode):
    if mode == 'full':
        return tuple(a + b - 1 if a and b else 0 for a, b in zip(s1, s2))
    if mode == 'same':
        return s1
    return tuple(max(a - b + 1, 0) for a, b in zip(s1, s2))


def _init_freq_conv_axes(in1, in2, mode, axes, sorted_axes=False):
    """SciPy's axis handling of fftconvolve: the convolved axes, the other
    axes must broadcast; returns (in1, in2, axes), swapped for 'valid'."""
    s1, s2 = in1.shape, in2.shape
    if axes is None:
        axes = list(range(in1.ndim))
    else:
        if numpy.isscalar(axes):
            axes = [axes]
        axes = [operator.index(a) for a in axes]
        for a in axes:
            if a < -in1.ndim or a >= in1.ndim:
                raise ValueError('axes exceeds dimensionality of input')
        axes = [a % in1.ndim for a in axes]
        if len(set(axes)) != len(axes):
            raise ValueError('all axes must be unique')
    if sorted_axes:
        axes.sort()
    for a in range(in1.ndim):
        if a not in axes and s1[a] != s2[a] and s1[a] != 1 and s2[a] != 1:
            raise ValueError('incompatible shapes for in1 and in2:'
                             ' {0} and {1}'.format(s1, s2))
    axes = [a for a in axes if s1[a] != 1 or s2[a] != 1]
    if _inputs_swap_needed(mode, s1, s2, axes=axes):
        in1, in2 = in2, in1
    return in1, in2, axes


def _freq_domain_conv(in1, in2, axes, shape, calc_fast_len):
    if not axes:
        return in1 * in2
    cplx = in1.dtype.kind == 'c' or in2.dtype.kind == 'c'
    dbl = cplx or numpy.result_type(in1.dtype, in2.dtype,
                                    numpy.float32) != numpy.float32
    if calc_fast_len:
        fshape = [_fast_len(shape[a], dbl) for a in axes]
    else:
        fshape = [shape[a] for a in axes]
    if not cplx:
        sp1 = cupy.fft.rfftn(in1, fshape, axes=axes)
        sp2 = cupy.fft.rfftn(in2, fshape, axes=axes)
        ret = cupy.fft.irfftn(sp1 * sp2, fshape, axes=axes)
    else:
        sp1 = cupy.fft.fftn(in1, fshape, axes=axes)
        sp2 = cupy.fft.fftn(in2, fshape, axes=axes)
        ret = cupy.fft.ifftn(sp1 * sp2, fshape, axes=axes)
    if calc_fast_len:
        ret = ret[tuple(slice(0, shape[a]) if a in axes else slice(None)
                        for a in range(ret.ndim))]
    return ret


def _apply_conv_mode(ret, s1, s2, mode, axes):
    if mode == 'full':
        return ret
    if mode == 'same':
        shape = [s1[a] if a in axes else ret.shape[a]
                 for a in range(ret.ndim)]
        return _centered(ret, shape)
    shape = [s1[a] - s2[a] + 1 if a in axes else ret.shape[a]
             for a in range(ret.ndim)]
    return _centered(ret, shape)


def _fft_result_dtype(in1, in2):
    dt = numpy.result_type(in1.dtype, in2.dtype)
    if dt.kind not in 'fc':
        # SciPy transforms integers and booleans in float64
        return numpy.dtype(numpy.float64)
    dt = numpy.result_type(dt, numpy.float32)
    if dt == numpy.float16:
        dt = numpy.dtype(numpy.float32)
    return dt


def fftconvolve(in1, in2, mode='full', axes=None):
    """Convolve two N-d arrays by FFT (``scipy.signal.fftconvolve``)."""
    in1, in2 = _check_inputs(in1, in2)
    _check_mode(mode)
    if in1.ndim == 0:
        return in1 * in2
    if in1.size == 0 or in2.size == 0:
        return cupy.array([], dtype=_fft_result_dtype(in1, in2))
    in1, in2, axes = _init_freq_conv_axes(in1, in2, mode, axes)
    s1, s2 = in1.shape, in2.shape
    shape = [max(i, j) if a not in axes else i + j - 1
             for a, (i, j) in enumerate(zip(s1, s2))]
    ret = _freq_domain_conv(in1, in2, axes, shape, True)
    ret = _apply_conv_mode(ret, s1, s2, mode, axes)
    # a C-contiguous result, as SciPy's (the mode's slice is a view)
    return cupy.ascontiguousarray(ret.astype(_fft_result_dtype(in1, in2),
                                             copy=False))


def _oa_block(s1, s2):
    """Overlap-add block length: SciPy's optimum (a transform of about
    8 * kernel length points, never more than the whole input)."""
    fft = _sp_fft.next_fast_len(max(8 * s2, 2 * s2), True)
    block = fft - s2 + 1
    return min(block, s1), fft


def oaconvolve(in1, in2, mode='full', axes=None):
    """Convolve by overlap-add (``scipy.signal.oaconvolve``).  One axis is
    cut in blocks transformed together (a batch of FFTs); with several
    axes the whole arrays are transformed (the same result as
    fftconvolve's)."""
    in1, in2 = _check_inputs(in1, in2)
    _check_mode(mode)
    if in1.ndim == 0:
        return in1 * in2
    if in1.size == 0 or in2.size == 0:
        return cupy.array([], dtype=_fft_result_dtype(in1, in2))
    if in1.shape == in2.shape:
        return fftconvolve(in1, in2, mode=mode, axes=axes)
    in1, in2, axes = _init_freq_conv_axes(in1, in2, mode, axes,
                                          sorted_axes=True)
    if len(axes) != 1:
        return fftconvolve(in1, in2, mode=mode, axes=axes)
    ax = axes[0]
    s1, s2 = in1.shape, in2.shape
    if s2[ax] > s1[ax]:
        # the kernel is the shorter one along the blocked axis
        in1, in2 = in2, in1
    n, k = in1.shape[ax], in2.shape[ax]
    block, nfft = _oa_block(n, k)
    if block >= n:
        return fftconvolve(in1, in2, mode=mode, axes=axes)
    dt = _fft_result_dtype(in1, in2)
    cplx = dt.kind == 'c'
    x = cupy.moveaxis(in1, ax, -1)
    h = cupy.moveaxis(in2, ax, -1)
    bshape = numpy.broadcast_shapes(x.shape[:-1], h.shape[:-1])
    nblk = -(-n // block)
    x = cupy.pad(x, [(0, 0)] * (x.ndim - 1) + [(0, nblk * block - n)])
    x = x.reshape(x.shape[:-1] + (nblk, block))
    h = h[..., None, :]
    if cplx:
        ret = cupy.fft.ifft(cupy.fft.fft(x, nfft) * cupy.fft.fft(h, nfft))
    else:
        ret = cupy.fft.irfft(cupy.fft.rfft(x, nfft) * cupy.fft.rfft(h, nfft),
                             nfft)
    ret = ret[..., :block + k - 1]
    # overlap-add: each block's tail (k - 1 points) lands on the next block
    out = cupy.zeros(bshape + (nblk + 1, block), dtype=ret.dtype)
    out[..., :nblk, :] += ret[..., :block]
    if k > 1:
        # block >= 7 * k (_oa_block), so a tail never passes the next block
        out[..., 1:, :k - 1] += ret[..., block:]
    full = out.reshape(bshape + ((nblk + 1) * block,))[..., :n + k - 1]
    full = cupy.moveaxis(full, -1, ax)
    # back to the caller's argument order for 'same'
    ret = _apply_conv_mode(full, s1, s2, mode, axes)
    return cupy.ascontiguousarray(ret.astype(dt, copy=False))


def _numeric_arrays(arrays, kinds='buifc'):
    return all(a.dtype.kind in kinds for a in arrays)


def _fftconv_faster(x, h, mode):
    """Whether the FFT method beats the direct one, from the operation
    counts (SciPy's model, with this backend's cost: a direct convolution
    holds out * kernel products in memory, an FFT about 3 * N log N)."""
    if mode == 'full':
        out_shape = [n + k - 1 for n, k in zip(x.shape, h.shape)]
    elif mode == 'same':
        out_shape = x.shape if x.size > h.size else h.shape
    else:
        out_shape = [abs(n - k) + 1 for n, k in zip(x.shape, h.shape)]
    big = max(x.size, h.size)
    small = min(x.size, h.size)
    out = math.prod(out_shape)
    direct_ops = out * small if mode != 'valid' else out * small
    fft_ops = 3 * big * math.log(max(big, 2))
    # Each direct product element costs about one FFT point's operation;
    # the FFT pays ~3 launches per axis more on this backend.
    return fft_ops < direct_ops and small > 16


def choose_conv_method(in1, in2, mode='full', measure=False):
    """'direct' or 'fft' for ``convolve``/``correlate`` of these inputs
    (``scipy.signal.choose_conv_method``; ``measure=True`` times both)."""
    volume = _asarray(in1)
    kernel = _asarray(in2)
    if measure:
        import time
        times = {}
        for method in ('fft', 'direct'):
            t0 = time.perf_counter()
            convolve(volume, kernel, mode=mode, method=method)
            cupy.xpu.Device().synchronize()
            times[method] = time.perf_counter() - t0
        chosen = 'fft' if times['fft'] < times['direct'] else 'direct'
        return chosen, times
    # integers stay exact only in the direct sums (SciPy takes FFTs of
    # small integers too; the direct result is the same)
    if not _numeric_arrays([volume, kernel], 'fc'):
        return 'direct'
    if _fftconv_faster(volume, kernel, mode):
        return 'fft'
    return 'direct'


def _check_method(method):
    if method not in ('auto', 'direct', 'fft'):
        raise ValueError("Acceptable method flags are 'auto',"
                         " 'direct', or 'fft'.")


def convolve(in1, in2, mode='full', method='auto'):
    """Convolve two N-d arrays (``scipy.signal.convolve``)."""
    volume, kernel = _check_inputs(in1, in2)
    _check_mode(mode)
    _check_method(method)
    if volume.ndim == 0:
        return volume * kernel
    if volume.size == 0 or kernel.size == 0:
        return cupy.array([], dtype=_result_type(volume, kernel))
    if _inputs_swap_needed(mode, volume.shape, kernel.shape):
        volume, kernel = kernel, volume
    if method == 'auto':
        method = choose_conv_method(volume, kernel, mode=mode)
    if method == 'fft':
        out = fftconvolve(volume, kernel, mode=mode)
        rt = _result_type(volume, kernel)
        if rt.kind in 'ui':
            out = cupy.around(out)
        return out.astype(rt, copy=False)
    return _direct_convolve(volume, kernel, mode)


def _reverse_conj(x):
    return x[(slice(None, None, -1),) * x.ndim].conj()


def correlate(in1, in2, mode='full', method='auto'):
    """Cross-correlate two N-d arrays (``scipy.signal.correlate``)."""
    in1, in2 = _check_inputs(in1, in2)
    _check_mode(mode)
    _check_method(method)
    if in1.ndim == 0:
        return in1 * in2.conj()
    if in1.size == 0 or in2.size == 0:
        return cupy.array([], dtype=_result_type(in1, in2))
    if method in ('fft', 'auto'):
        return convolve(in1, _reverse_conj(in2), mode, method)
    swapped = _inputs_swap_needed(mode, in1.shape, in2.shape)
    if swapped:
        # correlate(a, b) = reverse(conj(correlate(b, a)))
        z = _direct_convolve(in2, _reverse_conj(in1), mode)
        return _reverse_conj(z)
    return _direct_convolve(in1, _reverse_conj(in2), mode)


def correlation_lags(in1_len, in2_len, mode='full'):
    """Lag indices of a 1-d cross-correlation (``correlation_lags``)."""
    if mode == 'full':
        lags = cupy.arange(-in2_len + 1, in1_len)
    elif mode == 'same':
        lags = cupy.arange(-in2_len + 1, in1_len)
        mid = lags.size // 2
        lag_bound = in1_len // 2
        if in1_len % 2 == 0:
            lags = lags[(mid - lag_bound):(mid + lag_bound)]
        else:
            lags = lags[(mid - lag_bound):(mid + lag_bound) + 1]
    elif mode == 'valid':
        lag_bound = in1_len - in2_len
        if lag_bound >= 0:
            lags = cupy.arange(lag_bound + 1)
        else:
            lags = cupy.arange(lag_bound, 1)
    else:
        raise ValueError(
            "Mode {} is invalid".format(mode))
    return lags


_BOUNDARY = {'fill': 'constant', 'pad': 'constant', 'wrap': 'wrap',
             'circular': 'wrap', 'symm': 'symmetric',
             'symmetric': 'symmetric'}


def _conv2d(in1, in2, mode, boundary, fillvalue, flip):
    in1 = _asarray(in1)
    in2 = _asarray(in2)
    if not in1.ndim == in2.ndim == 2:
        raise ValueError('{} inputs must both be 2-D arrays'.format(
            'convolve2d' if flip else 'correlate2d'))
    _check_mode(mode)
    if boundary not in _BOUNDARY:
        raise ValueError('Acceptable boundary flags are "fill" (or "pad"), '
                         '"circular" (or "wrap"), and "symmetric" '
                         '(or "symm").')
    dtype = _result_type(in1, in2)
    if dtype in _NO_ND_DIRECT:
        raise ValueError('convolve2d not available for this type.')
    fv = numpy.asarray(fillvalue)
    if fv.size != 1:
        raise ValueError('fillvalue must be scalar or an array with one '
                         'element.')
    if fv.dtype.kind == 'c' and dtype.kind != 'c':
        raise ValueError('could not cast `fillvalue` directly to the '
                         'output type')
    swapped = _inputs_swap_needed(mode, in1.shape, in2.shape)
    if swapped:
        in1, in2 = in2, in1
    if not flip:
        in2 = _reverse_conj(in2)
    if in1.size == 0 or in2.size == 0:
        return cupy.zeros(_empty_shape(in1.shape, in2.shape, mode), dtype)
    if mode == 'valid':
        out = _direct_convolve(in1, in2, 'valid')
    else:
        pads = [(k - 1, k - 1) for k in in2.shape]
        mkind = _BOUNDARY[boundary]
        x = in1.astype(dtype, copy=False)
        if mkind == 'constant':
            x = cupy.pad(x, pads, mode='constant',
                         constant_values=fv.reshape(()).item())
        else:
            x = cupy.pad(x, pads, mode=mkind)
        full = _direct_convolve(x, in2, 'valid')
        if mode == 'same' and not flip:
            # SciPy's correlate2d centres 'same' at k // 2 (convolve2d and
            # correlate at (k - 1) // 2): differs for even kernel sizes
            out = full[tuple(slice(k // 2, k // 2 + n)
                             for k, n in zip(in2.shape, in1.shape))]
        else:
            out = _apply_mode(full, in1.shape, in2.shape, mode)
    if swapped and not flip:
        out = out[::-1, ::-1]
    return out


def convolve2d(in1, in2, mode='full', boundary='fill', fillvalue=0):
    """Convolve two 2-d arrays with a boundary rule
    (``scipy.signal.convolve2d``)."""
    return _conv2d(in1, in2, mode, boundary, fillvalue, True)


def correlate2d(in1, in2, mode='full', boundary='fill', fillvalue=0):
    """Cross-correlate two 2-d arrays with a boundary rule
    (``scipy.signal.correlate2d``)."""
    return _conv2d(in1, in2, mode, boundary, fillvalue, False)
