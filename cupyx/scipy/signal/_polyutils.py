"""Partial fractions (residue, residuez, invres, invresz, unique_roots):
polynomial arithmetic on coefficients, on the host by SciPy."""

from cupyx.scipy.signal import _design

_NAMES = ('unique_roots', 'residue', 'residuez', 'invres', 'invresz')

polyutils = {name: _design._host_wrap(name) for name in _NAMES}


def _compute_factors(roots, multiplicity, include_powers=False):
    """Polynomial factors of the roots (SciPy's helper)."""
    from scipy.signal import _signaltools
    return _design._to_device(_signaltools._compute_factors(
        _design._to_host(roots), _design._to_host(multiplicity),
        include_powers))
