"""Repeating arrays: tile and repeat.

Uniform repetition is one device copy from a broadcast (zero-stride) view;
per-element repeat counts gather with an index made on the host from the
counts (host data), never from the array's data.
"""

from cupy._core import core
from cupy._core._routines_manipulation import repeat  # NOQA
from cupy._creation.from_data import array


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
    out_shape = tuple(r * s for r, s in zip(tup, c.shape))
    # NumPy repeats nothing of an empty array: a negative count is
    # refused only where it would give a negative size
    if any(r < 0 for r in tup) and (c.size or any(d < 0 for d in
                                                  out_shape)):
        raise ValueError('negative dimensions are not allowed')
    tup = tuple(max(r, 0) for r in tup)
    # (r0, s0, r1, s1, ...) with zero strides on the r axes
    vshape, vstrides = [], []
    for r, s, st in zip(tup, c.shape, c.strides):
        vshape += [r, s]
        vstrides += [0, st]
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
