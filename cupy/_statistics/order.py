"""Order statistics: maxima and minima (NaN-propagating and NaN-ignoring)
and the peak-to-peak range (cupy/_core/_routines_statistics.py)."""

from cupy._core._routines_statistics import amax  # NOQA
from cupy._core._routines_statistics import amin  # NOQA
from cupy._core._routines_statistics import nanmax  # NOQA
from cupy._core._routines_statistics import nanmin  # NOQA
from cupy._core._routines_statistics import ptp  # NOQA


# --- medians and quantiles (cupy/_core/_routines_order.py: a sort on the
# device and gathers at the positions NumPy's method gives)

from cupy._core import _routines_order as _order  # NOQA: E402


def median(a, axis=None, out=None, overwrite_input=False, keepdims=False):
    """The median along ``axis`` (``numpy.median``; NaN if a slice has one)."""
    return _order.median(a, axis, out, overwrite_input, keepdims)


def nanmedian(a, axis=None, out=None, overwrite_input=False,
              keepdims=False):
    """The median ignoring NaNs (``numpy.nanmedian``; NaN for an all-NaN
    slice, without NumPy's RuntimeWarning)."""
    return _order.median(a, axis, out, overwrite_input, keepdims, _nan=True)


def quantile(a, q, axis=None, out=None, overwrite_input=False,
             method='linear', keepdims=False, *, weights=None,
             interpolation=None):
    """The q-th quantiles (``numpy.quantile``, every NumPy 2 method;
    ``weights`` with method='inverted_cdf')."""
    return _order.quantile(a, q, axis, out, overwrite_input, method,
                           keepdims, weights=weights,
                           interpolation=interpolation)


def nanquantile(a, q, axis=None, out=None, overwrite_input=False,
                method='linear', keepdims=False, *, weights=None,
                interpolation=None):
    """``quantile`` ignoring NaNs (``numpy.nanquantile``)."""
    return _order.quantile(a, q, axis, out, overwrite_input, method,
                           keepdims, weights=weights,
                           interpolation=interpolation, _nan=True)


def percentile(a, q, axis=None, out=None, overwrite_input=False,
               method='linear', keepdims=False, *, weights=None,
               interpolation=None):
    """The q-th percentiles (``numpy.percentile``)."""
    return _order.quantile(a, q, axis, out, overwrite_input, method,
                           keepdims, weights=weights,
                           interpolation=interpolation, _scale=100)


def nanpercentile(a, q, axis=None, out=None, overwrite_input=False,
                  method='linear', keepdims=False, *, weights=None,
                  interpolation=None):
    """``percentile`` ignoring NaNs (``numpy.nanpercentile``)."""
    return _order.quantile(a, q, axis, out, overwrite_input, method,
                           keepdims, weights=weights,
                           interpolation=interpolation, _nan=True,
                           _scale=100)
