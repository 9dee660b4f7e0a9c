"""``scipy.fft.fht``/``ifht``: the fast Hankel transform of a
logarithmically spaced periodic sequence (Hamilton's FFTLog, 2000, as
SciPy defines it).  The transform is a convolution on the log grid: a
real FFT, a product with the n/2 + 1 coefficients u_m, an inverse real
FFT and a reversal, all on the device.  The coefficients (ratios of
complex Gamma functions) are designed on the host by SciPy's own FFTLog
coefficient routine, as cupyx.scipy designs its other small tables, and
uploaded once per call (n/2 + 1 complex numbers)."""


import cupy
from cupyx.scipy.fft import _fft


def _coefficients(n, dln, mu, offset, bias, inverse):
    from scipy.fft import _fftlog_backend     # SciPy's FFTLog design
    return cupy.asarray(_fftlog_backend.fhtcoeff(
        n, dln, mu, offset=offset, bias=bias, inverse=inverse))


def _log_ramp(n, dln):
    # (j - j_c) * dln, j_c the centre of the grid
    return (cupy.arange(n, dtype='d') - (n - 1) / 2.0) * dln


def _fhtq(a, u, inverse):
    spectrum = _fft.rfft(a, axis=-1)
    u = u.astype(spectrum.dtype, copy=False)
    if inverse:
        spectrum /= u.conj()
    else:
        spectrum *= u
    return cupy.flip(_fft.irfft(spectrum, a.shape[-1], axis=-1), axis=-1)


def fht(a, dln, mu, offset=0.0, bias=0.0):
    """The fast Hankel transform of ``a`` (last axis), sampled at
    log spacing ``dln``, of order ``mu``."""
    a = cupy.asarray(a)
    dln, mu, offset, bias = (float(v) for v in (dln, mu, offset, bias))
    n = a.shape[-1]
    if bias != 0:
        a = a * cupy.exp(-bias * _log_ramp(n, dln))
    res = _fhtq(a, _coefficients(n, dln, mu, offset, bias, False), False)
    if bias != 0:
        res *= cupy.exp(-bias * (_log_ramp(n, dln) + offset))
    return res


def ifht(A, dln, mu, offset=0.0, bias=0.0):
    """The inverse of :func:`fht`."""
    A = cupy.asarray(A)
    dln, mu, offset, bias = (float(v) for v in (dln, mu, offset, bias))
    n = A.shape[-1]
    if bias != 0:
        A = A * cupy.exp(bias * (_log_ramp(n, dln) + offset))
    res = _fhtq(A, _coefficients(n, dln, mu, offset, bias, True), True)
    if bias != 0:
        res /= cupy.exp(-bias * _log_ramp(n, dln))
    return res


def fhtoffset(dln, mu, initial=0.0, bias=0.0):
    """SciPy's optimal offset for :func:`fht` (a host scalar)."""
    from scipy.fft import fhtoffset as _offset
    return _offset(float(dln), float(mu), float(initial), float(bias))


