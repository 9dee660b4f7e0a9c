"""The array API standard (version 2024.12) in the main namespace, as NumPy
2 and CuPy 14 have it: the names that NumPy's classic API lacks
(``ndarray.__array_namespace__``/``to_device`` are in the core's
_routines_interop).

https://data-apis.org/array-api/2024.12/API_specification/index.html
"""

import numpy

from cupy._core import core
from cupy._core._routines_interop import ARRAY_API_VERSION
from cupy._core._routines_interop import to_device

__array_api_version__ = ARRAY_API_VERSION


def concat(arrays, /, *, axis=0):
    """Join arrays along ``axis`` (``None``: flattened first)."""
    from cupy._manipulation.join import concatenate
    return concatenate(arrays, axis=axis)


def astype(x, dtype, /, *, copy=True, device=None):
    """``x`` as ``dtype`` (no copy when ``copy=False`` and the dtype is
    already ``dtype``)."""
    if not isinstance(x, core.ndarray):
        raise TypeError('astype: x must be a cupy.ndarray, not {}'.format(
            type(x).__name__))
    if device is not None:
        x = to_device(x, device, None)
    return x.astype(dtype, copy=copy)


# the standard's dtype kinds, as NumPy's kind letters
_KINDS = {
    'bool': 'b',
    'signed integer': 'i',
    'unsigned integer': 'u',
    'integral': 'iu',
    'real floating': 'f',
    'complex floating': 'c',
    'numeric': 'iufc',
}


def isdtype(dtype, kind):
    """Whether ``dtype`` is of ``kind``: a dtype, one of the standard's kind
    names, or a tuple of them."""
    if not isinstance(dtype, numpy.dtype):
        if isinstance(dtype, type) and issubclass(dtype, numpy.generic):
            dtype = numpy.dtype(dtype)
        else:
            raise TypeError('isdtype: dtype must be a dtype, not {!r}'
                            .format(dtype))
    if isinstance(kind, tuple):
        return any(isdtype(dtype, k) for k in kind)
    if isinstance(kind, str):
        if kind not in _KINDS:
            raise ValueError('isdtype: unknown kind {!r}'.format(kind))
        return dtype.kind in _KINDS[kind]
    try:
        return dtype == numpy.dtype(kind)
    except TypeError:
        raise TypeError('isdtype: kind must be a dtype, a kind name or a '
                        'tuple of them, not {!r}'.format(kind)) from None
