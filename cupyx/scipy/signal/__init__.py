"""``scipy.signal`` on the device (see TODO.md, "cupyx.scipy.signal")."""

from cupyx.scipy.signal._convolve import (  # NOQA
    convolve, correlate, fftconvolve, oaconvolve, choose_conv_method,
    correlation_lags, convolve2d, correlate2d)
from cupyx.scipy.signal._lfilter import (  # NOQA
    lfilter, lfilter_zi, lfiltic, sosfilt, sosfilt_zi, filtfilt,
    sosfiltfilt)
