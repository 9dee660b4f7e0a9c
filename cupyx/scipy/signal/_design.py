"""Filter design, conversions and windows: small computations on filter
coefficients, done on the host by SciPy itself (issue 17 allows host-side
coefficient computations as SciPy does them), with device arrays in and
out.  Device arguments are read to the host (a synchronisation);
ndarray results are uploaded.  SciPy is needed for these functions only
(an ImportError says so).
"""

import functools

import numpy

import cupy


def _scipy_signal():
    try:
        import scipy.signal
    except ImportError as e:  # pragma: no cover - scipy is a test extra
        raise ImportError(
            'cupyx.scipy.signal filter design computes coefficients with '
            'SciPy on the host; install scipy to use it') from e
    return scipy.signal


def _to_host(v):
    if isinstance(v, cupy.ndarray):
        return cupy.asnumpy(v)
    if isinstance(v, (list, tuple)):
        return type(v)(_to_host(e) for e in v)
    return v


def _to_device(v):
    if isinstance(v, numpy.ndarray) and v.dtype.kind in 'biufc':
        return cupy.asarray(v)
    if isinstance(v, tuple):
        return tuple(_to_device(e) for e in v)
    if isinstance(v, list):
        return [_to_device(e) for e in v]
    return v


def _host_wrap(name, module=None):
    """A function running scipy.signal.<name> on host copies."""
    def fn(*args, **kwargs):
        mod = _scipy_signal()
        if module is not None:
            mod = getattr(mod, module)
        target = getattr(mod, name)
        args = _to_host(args)
        kwargs = {k: _to_host(v) for k, v in kwargs.items()}
        return _to_device(target(*args, **kwargs))
    fn.__name__ = name
    fn.__qualname__ = name
    fn.__doc__ = ('``scipy.signal.{}`` (coefficients computed on the host '
                  'by SciPy; arrays returned on the device).'.format(name))
    return fn


_DESIGN = (
    # IIR design and order selection
    'butter', 'cheby1', 'cheby2', 'ellip', 'bessel', 'iirfilter',
    'iirdesign', 'buttord', 'cheb1ord', 'cheb2ord', 'ellipord', 'iirnotch',
    'iirpeak', 'iircomb', 'buttap', 'cheb1ap', 'cheb2ap', 'ellipap',
    'besselap', 'gammatone',
    # FIR design
    'firwin', 'firwin2', 'firls', 'remez', 'kaiserord', 'kaiser_beta',
    'kaiser_atten', 'minimum_phase', 'firwin_2d',
    # frequency responses
    'freqz', 'freqz_zpk', 'sosfreqz', 'freqs', 'freqs_zpk', 'group_delay',
    'findfreqs', 'freqz_sos', 'band_stop_obj',
    # (conversions: _iir_filter_conversions; partial fractions: _polyutils)
    'max_len_seq',
    # the dual window of a ShortTimeFFT (a window-sized least squares)
    'closest_STFT_dual_window',
)

_WINDOWS = (
    'general_cosine', 'boxcar', 'triang', 'parzen', 'bohman', 'blackman',
    'nuttall', 'blackmanharris', 'flattop', 'bartlett', 'barthann',
    'hamming', 'hann', 'tukey', 'general_hamming', 'kaiser',
    'kaiser_bessel_derived', 'gaussian', 'general_gaussian', 'chebwin',
    'cosine', 'exponential', 'taylor', 'dpss', 'lanczos', 'get_window',
)

design = {name: _host_wrap(name) for name in _DESIGN}
windows = {name: _host_wrap(name, 'windows') for name in _WINDOWS}


@functools.lru_cache(maxsize=64)
def _window_host(window, nx, fftbins):
    return _scipy_signal().get_window(window, nx, fftbins=fftbins)


def window_array(window, nperseg, dtype=None):
    """The window of the spectral functions, cached on the host by its
    (hashable) description; an array is used as given."""
    if isinstance(window, (str, tuple)):
        w = cupy.asarray(_window_host(window, nperseg, True))
    else:
        w = cupy.asarray(window)
        if w.ndim != 1:
            raise ValueError('window must be 1-D')
        if w.shape[0] != nperseg:
            raise ValueError('value specified for nperseg is different'
                             ' from length of window')
    return w if dtype is None else w.astype(dtype, copy=False)
