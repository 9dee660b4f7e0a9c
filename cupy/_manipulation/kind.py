"""Changing kind of array: require, asarray_chkfinite."""

import numpy

from cupy._creation import from_data

# numpy.require's requirement names -> the flag each one asks for
_REQUIREMENTS = {
    'C': 'C', 'C_CONTIGUOUS': 'C', 'CONTIGUOUS': 'C',
    'F': 'F', 'F_CONTIGUOUS': 'F', 'FORTRAN': 'F',
    'A': 'A', 'ALIGNED': 'A',
    'O': 'O', 'OWNDATA': 'O',
    'E': 'E', 'ENSUREARRAY': 'E',
}


def require(a, dtype=None, requirements=None):
    """An array of ``dtype`` meeting ``requirements`` ('C', 'F', 'O', and
    'A'/'E', which every cupy array meets); a copy only where needed.
    'W' (writeable) is not a requirement cupy arrays can be asked for."""
    if dtype is not None:
        try:
            dtype = numpy.dtype(dtype)
        except TypeError:
            raise ValueError('Incorrect dtype requirement: {!r}'.format(
                dtype)) from None
    if not requirements:
        return from_data.asarray(a, dtype)
    if isinstance(requirements, str):
        requirements = [requirements]
    try:
        req = {_REQUIREMENTS[str(r).upper()] for r in requirements}
    except KeyError:
        raise ValueError('Incorrect flag requirements: {!r}'.format(
            requirements)) from None
    if 'C' in req and 'F' in req:
        raise ValueError('Cannot specify both "C" and "F" order')
    order = 'C' if 'C' in req else 'F' if 'F' in req else None
    arr = from_data.asarray(a, dtype, order)
    if 'O' in req and not arr.flags.owndata:
        arr = arr.copy('F' if order == 'F' else 'C')
    return arr


def asarray_chkfinite(a, dtype=None, order=None):
    """``asarray(a, dtype, order)``, raising ValueError when the result
    holds an infinity or NaN (one reduction read back: synchronises)."""
    import cupy
    arr = from_data.asarray(a, dtype, order)
    if arr.dtype.kind in 'fc' and not bool(cupy.isfinite(arr).all()):
        raise ValueError('array must not contain infs or NaNs')
    return arr
