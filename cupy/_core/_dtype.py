"""The dtypes an ndarray may have, and their validation."""

import warnings

import numpy

# bool, int8-64, uint8-64, float16/32/64, complex64/128 (issue 4; the
# 910B types that NumPy also has).
_SUPPORTED = frozenset(numpy.dtype(c) for c in '?bhilqBHILQefdFD')

_cache = {}

_CASTINGS = ('no', 'equiv', 'safe', 'same_kind', 'unsafe')


def check_casting(casting, ufunc=False):
    """NumPy's checks of a ``casting`` argument: a str (TypeError), one
    of the five rules (ValueError, worded as NumPy words it for ufuncs or
    for the other functions)."""
    if not isinstance(casting, str):
        raise TypeError('casting must be str, not {}'.format(
            type(casting).__name__))
    if casting not in _CASTINGS:
        raise ValueError(
            "casting must be one of 'no', 'equiv', 'safe', 'same_kind', "
            "{}'unsafe' (got {!r})".format('' if ufunc else 'or ', casting))
    return casting


def get_dtype(dtype):
    """``numpy.dtype(dtype)`` in native byte order, if supported; else
    TypeError saying which dtypes are."""
    # dtype('q') == dtype('l') (and hashes alike) on LP64, but NumPy
    # prints them differently: key dtype objects by their char too
    key = (dtype, dtype.char) if isinstance(dtype, numpy.dtype) else dtype
    try:
        return _cache[key]
    except (KeyError, TypeError):
        pass
    dt = numpy.dtype(dtype)
    native = dt.newbyteorder('=') if not dt.isnative else dt
    if native in _SUPPORTED and native is not dt and not dt.isnative:
        # device arrays are in the device's byte order: say so rather than
        # change the dtype silently (host arrays are converted on upload)
        raise TypeError(
            'cupy arrays are always in native byte order: dtype {!r} is '
            'not; use {!r}'.format(dt.str, native.str))
    if native not in _SUPPORTED:
        raise TypeError(
            'cupy does not support dtype {!r}: supported are bool, int8 to '
            'int64, uint8 to uint64, float16, float32, float64, complex64 '
            'and complex128'.format(str(dt)))
    try:
        _cache[key] = native
    except TypeError:
        pass
    return native


def get_container_dtype(dtype):
    """``get_dtype``, also accepting the dtypes a device array may only
    hold (datetime64, timedelta64, structured and void): reached through
    ``view`` and ``__cuda_array_interface__`` (as CuPy), never computed
    on (``is_container``)."""
    dt = numpy.dtype(dtype)
    if dt.kind in 'MmV' and dt.isnative and not dt.hasobject:
        return dt
    return get_dtype(dt)


def is_container(dt):
    """True for a dtype that device arrays hold but never compute on."""
    return dt.kind in 'MmV'


def warn_complex_cast(stacklevel=2):
    """NumPy's ComplexWarning of a complex -> real (or integer) cast;
    ``stacklevel`` counts as ``warnings.warn``'s from the caller."""
    warnings.warn('Casting complex values to real discards the imaginary '
                  'part', numpy.exceptions.ComplexWarning,
                  stacklevel=stacklevel + 1)
