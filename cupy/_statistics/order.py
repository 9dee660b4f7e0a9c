"""Order statistics: maxima and minima (NaN-propagating and NaN-ignoring)
and the peak-to-peak range."""

from cupy._core import _reduction
from cupy._core._reduction import NoValue


def amax(a, axis=None, out=None, keepdims=False, initial=NoValue,
         where=True):
    """Maximum along the given axes (``numpy.amax``); NaN propagates.
    An empty reduced axis without ``initial`` is NumPy's ValueError."""
    return _reduction.reduce('max', a, axis, None, out, keepdims, initial,
                             where, numpy_name='max')


def amin(a, axis=None, out=None, keepdims=False, initial=NoValue,
         where=True):
    """Minimum along the given axes (``numpy.amin``); NaN propagates."""
    return _reduction.reduce('min', a, axis, None, out, keepdims, initial,
                             where, numpy_name='min')


def nanmax(a, axis=None, out=None, keepdims=False, initial=NoValue,
           where=True):
    """Maximum ignoring NaNs (``numpy.nanmax``): an all-NaN slice gives
    NaN (without NumPy's RuntimeWarning, which would need the data on the
    host)."""
    return _reduction.reduce('nanmax', a, axis, None, out, keepdims,
                             initial, where)


def nanmin(a, axis=None, out=None, keepdims=False, initial=NoValue,
           where=True):
    """Minimum ignoring NaNs (``numpy.nanmin``)."""
    return _reduction.reduce('nanmin', a, axis, None, out, keepdims,
                             initial, where)


def ptp(a, axis=None, out=None, keepdims=False):
    """Range of values, maximum - minimum (``numpy.ptp``)."""
    import cupy
    a = _reduction.as_array(a)
    hi = amax(a, axis, None, keepdims)
    lo = amin(a, axis, None, keepdims)
    return cupy.subtract(hi, lo, out=out)
