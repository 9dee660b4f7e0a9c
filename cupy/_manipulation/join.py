"""Joining arrays: concatenate, stack, hstack, vstack, dstack,
column_stack, row_stack."""

import operator
import warnings

import numpy

from cupy._core import _dtype
from cupy._core import _shape
from cupy._core import core
from cupy._creation.from_data import asarray
from cupy._manipulation import dims

_CASTINGS = ('no', 'equiv', 'safe', 'same_kind', 'unsafe')


def _check_casting(casting):
    if casting not in _CASTINGS:
        raise ValueError(
            "casting must be one of 'no', 'equiv', 'safe', 'same_kind', or "
            "'unsafe' (got {!r})".format(casting))


def concatenate(arrays, axis=0, out=None, *, dtype=None,
                casting='same_kind'):
    """The arrays joined along an existing axis (``axis=None``: flattened
    first).  ``dtype`` or ``out`` sets the result dtype, each input cast
    under ``casting``."""
    if not (hasattr(arrays, '__len__') and hasattr(arrays, '__getitem__')):
        raise TypeError('The first input argument needs to be a sequence')
    arrays = list(arrays)
    if not arrays:
        raise ValueError('need at least one array to concatenate')
    if out is not None and dtype is not None:
        raise TypeError('concatenate() only takes `out` or `dtype` as an '
                        'argument, but both were provided.')
    _check_casting(casting)
    arrays = [asarray(a) for a in arrays]
    if axis is None:
        arrays = [a.reshape(-1) if a.ndim != 1 else a for a in arrays]
        axis = 0
    else:
        axis = operator.index(axis)
    nd = arrays[0].ndim
    if nd == 0:
        raise ValueError('zero-dimensional arrays cannot be concatenated')
    for i, a in enumerate(arrays[1:], 1):
        if a.ndim != nd:
            raise ValueError(
                'all the input arrays must have same number of dimensions, '
                'but the array at index 0 has {} dimension(s) and the array '
                'at index {} has {} dimension(s)'.format(nd, i, a.ndim))
    axis = _shape.normalize_axis(axis, nd)
    shape = list(arrays[0].shape)
    for i, a in enumerate(arrays[1:], 1):
        for d in range(nd):
            if d != axis and a.shape[d] != shape[d]:
                raise ValueError(
                    'all the input array dimensions except for the '
                    'concatenation axis must match exactly, but along '
                    'dimension {}, the array at index 0 has size {} and the '
                    'array at index {} has size {}'.format(
                        d, shape[d], i, a.shape[d]))
        shape[axis] += a.shape[axis]
    shape = tuple(shape)
    if out is not None:
        if not isinstance(out, core.ndarray):
            raise TypeError('out must be a cupy.ndarray')
        if out.shape != shape:
            raise ValueError('Output array is the wrong shape')
        dt = out.dtype
    elif dtype is not None:
        dt = _dtype.get_dtype(dtype)
    else:
        dt = numpy.result_type(*[a.dtype for a in arrays])
    for a in arrays:
        if not numpy.can_cast(a.dtype, dt, casting):
            raise TypeError(
                'Cannot cast array data from {!r} to {!r} according to the '
                'rule {!r}'.format(a.dtype, dt, casting))
    if out is None:
        order = 'F' if all(a.flags.f_contiguous and not a.flags.c_contiguous
                           for a in arrays) else 'C'
        out = core._empty(shape, dt, order)
    pos = 0
    lead = (slice(None),) * axis
    for a in arrays:
        n = a.shape[axis]
        if n:
            core._copy_to(out[lead + (slice(pos, pos + n),)], a)
        pos += n
    return out


def _sequence(tup):
    if not isinstance(tup, (list, tuple)):
        raise TypeError('arrays to stack must be passed as a "sequence" type '
                        'such as list or tuple.')
    return tup


def stack(arrays, axis=0, out=None, *, dtype=None, casting='same_kind'):
    """The arrays (all of one shape) joined along a new axis."""
    arrays = [asarray(a) for a in _sequence(arrays)]
    if not arrays:
        raise ValueError('need at least one array to stack')
    shape = arrays[0].shape
    for a in arrays[1:]:
        if a.shape != shape:
            raise ValueError('all input arrays must have the same shape')
    axis = _shape.normalize_axis(axis, arrays[0].ndim + 1)
    expanded = [dims.expand_dims(a, axis) for a in arrays]
    return concatenate(expanded, axis, out, dtype=dtype, casting=casting)


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
