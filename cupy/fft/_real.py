"""Real and Hermitian transforms: NumPy 2's ``numpy.fft`` signatures on
the device."""

from cupy._core.fft import _routines as _r


def rfft(a, n=None, axis=-1, norm=None, out=None):
    """The one-dimensional transform of real input: the n // 2 + 1
    non-negative frequency terms (``numpy.fft.rfft``)."""
    return _r.r2c(a, n, axis, norm, out)


def irfft(a, n=None, axis=-1, norm=None, out=None):
    """The inverse of :func:`rfft`: ``n`` (default 2 * (m - 1)) real
    points."""
    return _r.c2r(a, n, axis, norm, out)


def rfft2(a, s=None, axes=(-2, -1), norm=None, out=None):
    """The two-dimensional transform of real input."""
    return _r.r2cn(a, s, axes, norm, out)


def irfft2(a, s=None, axes=(-2, -1), norm=None, out=None):
    """The inverse of :func:`rfft2`."""
    return _r.c2rn(a, s, axes, norm, out)


def rfftn(a, s=None, axes=None, norm=None, out=None):
    """The N-dimensional transform of real input."""
    return _r.r2cn(a, s, axes, norm, out)


def irfftn(a, s=None, axes=None, norm=None, out=None):
    """The inverse of :func:`rfftn`."""
    return _r.c2rn(a, s, axes, norm, out)


def hfft(a, n=None, axis=-1, norm=None, out=None):
    """The transform of a signal with Hermitian symmetry (a real
    spectrum)."""
    return _r.hfft(a, n, axis, norm, out)


def ihfft(a, n=None, axis=-1, norm=None, out=None):
    """The inverse of :func:`hfft`."""
    return _r.ihfft(a, n, axis, norm, out)
