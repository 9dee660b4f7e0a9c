"""Joining arrays: concatenate, stack, hstack, vstack, dstack,
column_stack, row_stack."""

import warnings

from cupy._core._routines_manipulation import _sequence
from cupy._core._routines_manipulation import concatenate  # NOQA
from cupy._core._routines_manipulation import stack  # NOQA
from cupy._creation.from_data import asarray
from cupy._manipulation import dims


def hstack(tup, *, dtype=None, casting='same_kind'):
    """The arrays joined column-wise (along axis 1; axis 0 for 1-d)."""
    arrs = [dims.atleast_1d(a) for a in _sequence(tup)]
    axis = 0 if arrs and arrs[0].ndim == 1 else 1
    return concatenate(arrs, axis, dtype=dtype, casting=casting)


def vstack(tup, *, dtype=None, casting='same_kind'):
    """The arrays joined row-wise (1-d inputs are rows)."""
    arrs = [dims.atleast_2d(a) for a in _sequence(tup)]
    return concatenate(arrs, 0, dtype=dtype, casting=casting)


def row_stack(tup, *, dtype=None, casting='same_kind'):
    """``vstack`` (deprecated alias, as in NumPy)."""
    warnings.warn('`row_stack` alias is deprecated. Use `cupy.vstack` '
                  'directly.', DeprecationWarning, stacklevel=2)
    return vstack(tup, dtype=dtype, casting=casting)


def dstack(tup):
    """The arrays joined depth-wise (along axis 2)."""
    arrs = [dims.atleast_3d(a) for a in _sequence(tup)]
    return concatenate(arrs, 2)


def column_stack(tup):
    """1-d arrays as columns (2-d arrays as they are), joined along
    axis 1."""
    arrays = []
    for v in _sequence(tup):
        a = asarray(v)
        if a.ndim < 2:
            a = dims.atleast_2d(a).T if a.ndim == 1 else a.reshape(1, 1)
        arrays.append(a)
    return concatenate(arrays, 1)
