"""``scipy.signal`` on the device (see TODO.md, "cupyx.scipy.signal")."""

from cupyx.scipy.signal._convolve import (  # NOQA
    convolve, correlate, fftconvolve, oaconvolve, choose_conv_method,
    correlation_lags, convolve2d, correlate2d)
from cupyx.scipy.signal._lfilter import (  # NOQA
    lfilter, lfilter_zi, lfiltic, sosfilt, sosfilt_zi, filtfilt,
    sosfiltfilt)
from cupyx.scipy.signal import windows  # NOQA
from cupyx.scipy.signal._design import design as _design_fns
from cupyx.scipy.signal._design import windows as _window_fns

from cupyx.scipy.signal._iir_filter_conversions import conversions as _conv
from cupyx.scipy.signal._polyutils import polyutils as _poly

globals().update(_design_fns)
globals().update(_conv)
globals().update(_poly)
get_window = _window_fns['get_window']
del _design_fns, _window_fns, _conv, _poly
from cupyx.scipy.signal._waveforms import (  # NOQA
    chirp, sweep_poly, gausspulse, sawtooth, square, unit_impulse)
from cupyx.scipy.signal._upfirdn import upfirdn  # NOQA
from cupyx.scipy.signal._resample import (  # NOQA
    resample, resample_poly, decimate)
from cupyx.scipy.signal._filters import (  # NOQA
    detrend, hilbert, hilbert2, medfilt, medfilt2d, order_filter, wiener,
    savgol_coeffs, savgol_filter)
from cupyx.scipy.signal._spectral import (  # NOQA
    periodogram, welch, csd, coherence, spectrogram, stft, istft,
    lombscargle, check_COLA, check_NOLA)
from cupyx.scipy.signal._czt import (  # NOQA
    CZT, ZoomFFT, czt, zoom_fft, czt_points)
from cupyx.scipy.signal._peaks import (  # NOQA
    find_peaks, peak_prominences, peak_widths, argrelextrema, argrelmax,
    argrelmin)
from cupyx.scipy.signal._ltisys import (  # NOQA
    LinearTimeInvariant, lti, dlti, TransferFunction, ZerosPolesGain,
    StateSpace, lsim, impulse, step, bode, freqresp, dlsim, dimpulse, dstep,
    dbode, dfreqresp, place_poles)
from cupyx.scipy.signal._spline_filters import (  # NOQA
    symiirorder1, symiirorder2, cspline1d, qspline1d, cspline2d, qspline2d,
    spline_filter,
    sepfir2d, gauss_spline, cspline1d_eval, qspline1d_eval)
from cupyx.scipy.signal._deconvolve import deconvolve  # NOQA
from cupyx.scipy.signal._vectorstrength import vectorstrength  # NOQA
from cupyx.scipy.signal._spline_filters import symiirorder2  # NOQA
from cupyx.scipy.signal._envelope import envelope  # NOQA
from cupyx.scipy.signal._wavelets import (  # NOQA
    qmf, ricker, morlet, morlet2, cwt)


def __getattr__(name):
    # SciPy's warning class itself, so that filters on it catch the
    # warnings its host-side design functions raise
    if name == 'BadCoefficients':
        from cupyx.scipy.signal._design import _scipy_signal
        return _scipy_signal().BadCoefficients
    raise AttributeError(
        "module 'cupyx.scipy.signal' has no attribute {!r}".format(name))
from cupyx.scipy.signal._short_time_fft import ShortTimeFFT  # NOQA
from cupyx.scipy.signal._peaks_cwt import find_peaks_cwt  # NOQA
