"""Chirp z-transform and zoom FFT (Bluestein's algorithm on the device:
two forward FFTs and one inverse of the padded length).  The chirp
coefficients depend only on n, m, w and a: computed on the host once per
transform object (n + m numbers) and kept on the device."""

import cmath
import numbers

import numpy

import cupy
from cupyx.scipy.signal._convolve import _fast_len


def _host(v):
    """Parameters (w, a, fn) may be device scalars: read them (a few
    numbers) to the host."""
    if isinstance(v, cupy.ndarray):
        v = cupy.asnumpy(v)
        return v.item() if v.ndim == 0 else v
    if isinstance(v, (list, tuple)):
        return type(v)(_host(e) for e in v)
    return v


def _validate_sizes(n, m):
    if n < 1 or not isinstance(n, numbers.Integral):
        raise ValueError('Invalid number of CZT data points ({}) specified. '
                         'n must be positive and integer type.'.format(n))
    if m is None:
        m = n
    elif m < 1 or not isinstance(m, numbers.Integral):
        raise ValueError('Invalid number of CZT output points ({}) '
                         'specified. m must be positive and integer '
                         'type.'.format(m))
    return m


def czt_points(m, w=None, a=1 + 0j):
    """The points of the z-plane where the CZT is evaluated."""
    m = _validate_sizes(1, m)
    w, a = _host(w), _host(a)
    k = numpy.arange(m)
    a = 1.0 * a
    if w is not None:
        w = 1.0 * w
    if w is None:
        return cupy.asarray(a * numpy.exp(2j * numpy.pi * k / m))
    return cupy.asarray(a * numpy.power(w, -k.astype(float)))


class CZT:
    """A callable chirp z-transform of n points to m points
    (``scipy.signal.CZT``)."""

    def __init__(self, n, m=None, w=None, a=1 + 0j):
        m = _validate_sizes(n, m)
        w, a = _host(w), _host(a)
        k = numpy.arange(max(m, n), dtype=numpy.float64)
        if w is None:
            w = cmath.exp(-2j * numpy.pi / m)
            # k**2 reduced modulo 2m keeps the phase exact for large k
            kk = numpy.arange(max(m, n), dtype=numpy.int64)
            wk2 = numpy.exp(-(1j * numpy.pi * ((kk ** 2) % (2 * m))) / m)
        else:
            wk2 = w ** (k ** 2 / 2.)
        a = 1.0 * a
        self.w, self.a = w, a
        self.m, self.n = m, n
        self._setup(a ** -k[:n] * wk2[:n], wk2)

    def _setup(self, awk2, wk2):
        n, m = self.n, self.m
        self._nfft = _fast_len(n + m - 1, True)
        self._Awk2 = cupy.asarray(awk2)
        self._Fwk2 = cupy.fft.fft(cupy.asarray(
            1 / numpy.hstack((wk2[n - 1:0:-1], wk2[:m]))), self._nfft)
        self._wk2 = cupy.asarray(wk2[:m])
        self._yidx = slice(n - 1, n + m - 1)

    def __call__(self, x, *, axis=-1):
        x = cupy.asarray(x)
        if x.shape[axis] != self.n:
            raise ValueError('CZT defined for length {}, not {}'.format(
                self.n, x.shape[axis]))
        x = cupy.moveaxis(x, axis, -1)
        y = cupy.fft.ifft(self._Fwk2 * cupy.fft.fft(x * self._Awk2,
                                                    self._nfft))
        y = y[..., self._yidx] * self._wk2
        return cupy.moveaxis(y, -1, axis)

    def points(self):
        """The points where the transform is evaluated."""
        return czt_points(self.m, self.w, self.a)


class ZoomFFT(CZT):
    """A callable zoom FFT: the DFT over a frequency band
    (``scipy.signal.ZoomFFT``)."""

    def __init__(self, n, fn, m=None, *, fs=2, endpoint=False):
        m = _validate_sizes(n, m)
        fn, fs = _host(fn), _host(fs)
        k = numpy.arange(max(m, n), dtype=numpy.float64)
        if numpy.size(fn) == 2:
            f1, f2 = fn
        elif numpy.size(fn) == 1:
            f1, f2 = 0.0, fn
        else:
            raise ValueError('fn must be a scalar or 2-length sequence')
        self.f1, self.f2, self.fs = f1, f2, fs
        if endpoint:
            scale = ((f2 - f1) * m) / (fs * (m - 1))
        else:
            scale = (f2 - f1) / fs
        a = cmath.exp(2j * numpy.pi * f1 / fs)
        wk2 = numpy.exp(-(1j * numpy.pi * scale * k ** 2) / m)
        self.w = cmath.exp(-2j * numpy.pi / m * scale)
        self.a = a
        self.m, self.n = m, n
        ak = numpy.exp(-2j * numpy.pi * f1 / fs * k[:n])
        self._setup(ak * wk2[:n], wk2)


def czt(x, m=None, w=None, a=1 + 0j, *, axis=-1):
    """Chirp z-transform of x along an axis (``scipy.signal.czt``)."""
    x = cupy.asarray(x)
    transform = CZT(x.shape[axis], m=m, w=w, a=a)
    return transform(x, axis=axis)


def zoom_fft(x, fn, m=None, *, fs=2, endpoint=False, axis=-1):
    """DFT of x over a frequency band (``scipy.signal.zoom_fft``)."""
    x = cupy.asarray(x)
    transform = ZoomFFT(x.shape[axis], fn, m=m, fs=fs, endpoint=endpoint)
    return transform(x, axis=axis)
