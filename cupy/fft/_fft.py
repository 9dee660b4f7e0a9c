"""Complex transforms: NumPy 2's ``numpy.fft`` signatures on the device."""

from cupy._core.fft import _routines as _r


def fft(a, n=None, axis=-1, norm=None, out=None):
    """The one-dimensional discrete Fourier transform (``numpy.fft.fft``).

    ``n`` trims or zero-pads the input along ``axis``; ``norm`` is
    ``"backward"`` (default), ``"ortho"`` or ``"forward"``.  float32 and
    complex64 inputs give complex64, others complex128.
    """
    return _r.c2c(a, n, axis, norm, True, out)


def ifft(a, n=None, axis=-1, norm=None, out=None):
    """The one-dimensional inverse discrete Fourier transform."""
    return _r.c2c(a, n, axis, norm, False, out)


def fft2(a, s=None, axes=(-2, -1), norm=None, out=None):
    """The two-dimensional discrete Fourier transform."""
    return _r.c2cn(a, s, axes, norm, True, out)


def ifft2(a, s=None, axes=(-2, -1), norm=None, out=None):
    """The two-dimensional inverse discrete Fourier transform."""
    return _r.c2cn(a, s, axes, norm, False, out)


def fftn(a, s=None, axes=None, norm=None, out=None):
    """The N-dimensional discrete Fourier transform."""
    return _r.c2cn(a, s, axes, norm, True, out)


def ifftn(a, s=None, axes=None, norm=None, out=None):
    """The N-dimensional inverse discrete Fourier transform."""
    return _r.c2cn(a, s, axes, norm, False, out)
