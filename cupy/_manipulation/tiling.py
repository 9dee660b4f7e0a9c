"""Repeating arrays: tile and repeat.

Uniform repetition is one device copy from a broadcast (zero-stride) view;
per-element repeat counts gather with an index made on the host from the
counts (host data), never from the array's data.
"""

import numpy

from cupy._core import _shape
from cupy._core import core
from cupy._creation.from_data import array
from cupy._creation.from_data import asarray


def _repeat_view(a, axis, n_rep):
    """`a` with a zero-stride axis of length n_rep after `axis`."""
    shape = a.shape[:axis + 1] + (n_rep,) + a.shape[axis + 1:]
    strides = a.strides[:axis + 1] + (0,) + a.strides[axis + 1:]
    return a._view_py(shape, strides, 0)


def repeat(a, repeats, axis=None):
    """Each element of ``a`` repeated ``repeats`` times (an int, or one
    count per element along ``axis``); ``axis=None`` flattens first."""
    a = asarray(a)
    if isinstance(repeats, core.ndarray):
        repeats = repeats.get()        # the counts decide the result size
    reps = numpy.asarray(repeats)
    if reps.ndim > 1:
        raise ValueError(
            'setting an array element with a sequence. The requested array '
            'would exceed the maximum number of dimension of 1.')
    reps = reps.astype(numpy.intp)
    if axis is None:
        a = a.reshape(-1)
        axis = 0
    elif a.ndim == 0:
        _shape.normalize_axis(axis, 1)
        a = a.reshape(1)
        axis = 0
    else:
        axis = _shape.normalize_axis(axis, a.ndim)
    n = a.shape[axis]
    if reps.ndim == 1 and reps.size != 1:
        if reps.size != n:
            raise ValueError('operands could not be broadcast together with '
                             'shape ({},) ({},)'.format(n, reps.size))
        if (reps < 0).any():
            raise ValueError('repeats may not contain negative values.')
        if n and (reps == reps[0]).all():
            reps = reps[0]
        else:
            index = numpy.repeat(numpy.arange(n, dtype=numpy.intp), reps)
            out = a[(slice(None),) * axis + (index,)]
            # numpy.repeat makes a C-contiguous array; indexing may not
            return out if out.flags.c_contiguous else out.copy('C')
    r = int(reps.reshape(()))
    if r < 0:
        raise ValueError('negative dimensions are not allowed')
    shape = a.shape[:axis] + (n * r,) + a.shape[axis + 1:]
    out = core._empty(shape, a.dtype)
    if out.size:
        grouped = out.reshape(a.shape[:axis + 1] + (r,) + a.shape[axis + 1:])
        core._copy_to(grouped, _repeat_view(a, axis, r))
    return out


def tile(A, reps):
    """``A`` repeated ``reps`` times along each axis."""
    try:
        tup = tuple(reps)
    except TypeError:
        tup = (reps,)
    tup = tuple(_index(r) for r in tup)
    d = len(tup)
    if all(r == 1 for r in tup) and isinstance(A, core.ndarray):
        c = array(A, copy=True, ndmin=d)
        return c
    c = array(A, copy=None, ndmin=d)
    if d < c.ndim:
        tup = (1,) * (c.ndim - d) + tup
    if any(r < 0 for r in tup):
        raise ValueError('negative dimensions are not allowed')
    # (r0, s0, r1, s1, ...) with zero strides on the r axes
    vshape, vstrides = [], []
    for r, s, st in zip(tup, c.shape, c.strides):
        vshape += [r, s]
        vstrides += [0, st]
    out_shape = tuple(r * s for r, s in zip(tup, c.shape))
    out = core._empty(out_shape, c.dtype)
    if out.size:
        view = c._view_py(tuple(vshape), tuple(vstrides), 0)
        core._copy_to(out.reshape(tuple(vshape)), view)
    return out


def _index(x):
    try:
        return x.__index__()
    except AttributeError:
        raise TypeError("'{}' object cannot be interpreted as an integer"
                        .format(type(x).__name__)) from None
