"""Fourier-domain filters (scipy.ndimage.fourier_*): the input is an FFT
(complex, or a real FFT along `axis` when `n` > 0) multiplied on the
device by the transfer function of a Gaussian, box, ellipsoid or shift,
built from per-axis frequency vectors."""

import math

import numpy

import cupy
from cupyx.scipy.ndimage import _util


def _output(output, input, complex_only):
    if output is None:
        if complex_only:
            dtype = (numpy.complex64 if input.dtype == numpy.complex64
                     else numpy.complex128)
        elif input.dtype in (numpy.complex64, numpy.complex128,
                             numpy.float32):
            dtype = input.dtype
        else:
            dtype = numpy.float64
        return cupy.zeros(input.shape, dtype=dtype)
    if isinstance(output, cupy.ndarray):
        if output.shape != input.shape:
            raise RuntimeError('output shape not correct')
        return output
    dtype = numpy.dtype(output)
    ok = ((numpy.complex64, numpy.complex128) if complex_only else
          (numpy.complex64, numpy.complex128, numpy.float32, numpy.float64))
    if dtype not in ok:
        raise RuntimeError('output type not supported')
    return cupy.zeros(input.shape, dtype=dtype)


def _frequencies(shape, n, axis):
    """Per-axis frequency vectors (cycles per sample), as host arrays:
    FFT order, except along `axis` of a real FFT of length n > 0."""
    freqs = []
    for d, size in enumerate(shape):
        if d == axis and n > 0:
            freqs.append(numpy.arange(size) / float(n))
        else:
            freqs.append(numpy.fft.fftfreq(size))
    return freqs


def _broadcast(vec, d, ndim, dtype=numpy.float64):
    shape = [1] * ndim
    shape[d] = len(vec)
    return cupy.asarray(numpy.asarray(vec, dtype=dtype).reshape(shape))


def _prepare(input, n, axis, param, output, complex_only=False):
    input = _util.check_input(input)
    output = _output(output, input, complex_only)
    axis = _util.check_axis(axis, input.ndim) if input.ndim else 0
    params = _util.normalize_sequence(param, input.ndim)
    params = numpy.asarray(params, dtype=numpy.float64)
    return input, output, axis, params, _frequencies(input.shape, n, axis)


def _finish(input, factor, output):
    result = input * factor
    if output.dtype.kind != 'c' and result.dtype.kind == 'c':
        result = result.real
    output[...] = result.astype(output.dtype, copy=False)
    return output


def fourier_gaussian(input, sigma, n=-1, axis=-1, output=None):
    """Multiply by the transfer function of a Gaussian of `sigma`."""
    input, output, axis, sigmas, freqs = _prepare(input, n, axis, sigma,
                                                  output)
    factor = 1.0
    for d, (f, s) in enumerate(zip(freqs, sigmas)):
        vec = numpy.exp(-2.0 * (math.pi * s * f) ** 2)
        factor = factor * _broadcast(vec, d, input.ndim)
    return _finish(input, factor, output)


def fourier_uniform(input, size, n=-1, axis=-1, output=None):
    """Multiply by the transfer function of a box of `size`."""
    input, output, axis, sizes, freqs = _prepare(input, n, axis, size,
                                                 output)
    factor = 1.0
    for d, (f, s) in enumerate(zip(freqs, sizes)):
        factor = factor * _broadcast(numpy.sinc(s * f), d, input.ndim)
    return _finish(input, factor, output)


def fourier_shift(input, shift, n=-1, axis=-1, output=None):
    """Multiply by the transfer function of a shift (a phase ramp)."""
    input, output, axis, shifts, freqs = _prepare(input, n, axis, shift,
                                                  output, complex_only=True)
    factor = 1.0
    for d, (f, s) in enumerate(zip(freqs, shifts)):
        vec = numpy.exp(-2j * math.pi * s * f)
        factor = factor * _broadcast(vec, d, input.ndim, numpy.complex128)
    return _finish(input, factor, output)


def _bessel_j1(x):
    """J1 on the device from Bessel's integral
    J1(x) = (1/pi) int_0^pi cos(t - x sin t) dt; the integrand is smooth
    and periodic, so the trapezoidal rule converges geometrically once the
    number of nodes passes |x| (Trefethen & Weideman, SIAM Review 2014)."""
    top = float(cupy.abs(x).max()) if x.size else 0.0
    nodes = int(top) + 48
    acc = cupy.zeros(x.shape, dtype=numpy.float64)
    for k in range(nodes):
        t = math.pi * (k + 0.5) / nodes
        acc += cupy.cos(t - x * math.sin(t))
    return acc / nodes


def fourier_ellipsoid(input, size, n=-1, axis=-1, output=None):
    """Multiply by the transfer function of an ellipsoid of `size`
    (ranks 1 to 3, as SciPy)."""
    input = _util.check_input(input)
    if input.ndim > 3:
        raise NotImplementedError('Only 1d, 2d and 3d inputs are supported')
    if input.ndim == 0:
        _util.check_axis(axis, 0)        # SciPy: AxisError for 0-d input
    input, output, axis, sizes, freqs = _prepare(input, n, axis, size,
                                                 output)
    if input.size == 0:
        return output
    r2 = 0.0
    for d, (f, s) in enumerate(zip(freqs, sizes)):
        r2 = r2 + _broadcast((s * f) ** 2, d, input.ndim)
    r = cupy.sqrt(r2 + cupy.zeros(input.shape))
    x = math.pi * r      # size is the diameter
    safe = cupy.where(x > 0, x, 1.0)
    if input.ndim == 1:
        factor = cupy.where(x > 0, cupy.sin(safe) / safe, 1.0)
    elif input.ndim == 2:
        factor = cupy.where(x > 0, 2.0 * _bessel_j1(safe) / safe, 1.0)
    else:
        factor = cupy.where(
            x > 0, 3.0 * (cupy.sin(safe) - safe * cupy.cos(safe)) /
            safe ** 3, 1.0)
    return _finish(input, factor, output)
