"""deconvolve: polynomial division of two 1-D sequences on the device.

The quotient of signal / divisor is the first len(signal)-len(divisor)+1
samples of the impulse response of the IIR filter signal(z)/divisor(z)
(``lfilter``, the device's parallel scan); the remainder is what the
product divisor * quotient leaves of the signal."""

import cupy
from cupyx.scipy.signal._convolve import convolve
from cupyx.scipy.signal._lfilter import lfilter


def deconvolve(signal, divisor):
    """Deconvolve divisor out of signal by inverse filtering
    (``scipy.signal.deconvolve``): returns (quotient, remainder) with
    signal = convolve(divisor, quotient) + remainder."""
    num = cupy.atleast_1d(cupy.asarray(signal))
    den = cupy.atleast_1d(cupy.asarray(divisor))
    if num.ndim > 1:
        raise ValueError('signal must be 1-D.')
    if den.ndim > 1:
        raise ValueError('divisor must be 1-D.')
    n, d = num.shape[0], den.shape[0]
    if d > n:
        return cupy.array([]), num
    impulse = cupy.zeros(n - d + 1, dtype=cupy.result_type(num, den,
                                                             float))
    impulse[0] = 1
    quot = lfilter(num, den, impulse)
    rem = num - convolve(den, quot, mode='full')
    return quot, rem
