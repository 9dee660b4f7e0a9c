"""Conversions between filter representations (tf, zpk, sos, ss) and
analog prototypes: coefficient arithmetic on the host by SciPy, arrays in
and out on the device (see ``_design``)."""

from cupyx.scipy.signal import _design

_NAMES = (
    'zpk2sos', 'tf2sos', 'sos2tf', 'sos2zpk', 'tf2zpk', 'zpk2tf',
    'normalize', 'lp2lp', 'lp2hp', 'lp2bp', 'lp2bs', 'lp2lp_zpk',
    'lp2hp_zpk', 'lp2bp_zpk', 'lp2bs_zpk', 'bilinear', 'bilinear_zpk',
    'tf2ss', 'ss2tf', 'zpk2ss', 'ss2zpk', 'abcd_normalize', 'cont2discrete',
)

conversions = {name: _design._host_wrap(name) for name in _NAMES}


def _cplxreal(z, tol=None):
    """Complex-conjugate pairs and real values of z (SciPy's helper)."""
    from scipy.signal import _filter_design
    return _design._to_device(_filter_design._cplxreal(
        _design._to_host(z), tol))
