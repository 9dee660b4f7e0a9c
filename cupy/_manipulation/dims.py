"""Changing the number of dimensions: atleast_*d, broadcasting,
expand_dims, squeeze.  All views."""

import numpy

from cupy._core import _shape
from cupy._core import core
from cupy._core._routines_manipulation import broadcast_to  # NOQA
from cupy._core._routines_manipulation import expand_dims  # NOQA
from cupy._creation.from_data import asarray


def _atleast(arys, ndim, shape_of):
    out = []
    for a in arys:
        a = asarray(a)
        if a.ndim < ndim:
            a = _shape.reshape(a, shape_of(a), 'C')
        out.append(a)
    if len(out) == 1:
        return out[0]
    return tuple(out)


def atleast_1d(*arys):
    """Each input as an array of at least one dimension."""
    return _atleast(arys, 1, lambda a: (1,))


def atleast_2d(*arys):
    """Each input as an array of at least two dimensions (1-d inputs
    become rows)."""
    return _atleast(arys, 2, lambda a: (1,) * (2 - a.ndim) + a.shape)


def atleast_3d(*arys):
    """Each input with at least three dimensions: (N,) -> (1, N, 1),
    (M, N) -> (M, N, 1)."""
    def shape_of(a):
        if a.ndim == 0:
            return (1, 1, 1)
        if a.ndim == 1:
            return (1, a.shape[0], 1)
        return a.shape + (1,)
    return _atleast(arys, 3, shape_of)


def broadcast_shapes(*args):
    """The shape the given shapes broadcast to (NumPy's rules)."""
    return numpy.broadcast_shapes(*args)


def broadcast_arrays(*args, subok=False):
    """Views of the inputs broadcast against each other (a tuple)."""
    arrays = [asarray(a) for a in args]
    shape = numpy.broadcast_shapes(*[a.shape for a in arrays])
    return tuple(core._broadcast_to(a, shape) for a in arrays)


class broadcast:
    """The broadcast of the inputs against each other: ``shape``,
    ``size``, ``nd``/``ndim``, ``numiter`` and ``values`` (the broadcast
    views)."""

    def __init__(self, *arrays):
        self._values = broadcast_arrays(*arrays)
        self._shape = numpy.broadcast_shapes(
            *[a.shape for a in self._values])

    @property
    def values(self):
        return self._values

    @property
    def shape(self):
        return self._shape

    @property
    def size(self):
        n = 1
        for d in self._shape:
            n *= d
        return n

    @property
    def nd(self):
        return len(self._shape)

    @property
    def ndim(self):
        return len(self._shape)

    @property
    def numiter(self):
        return len(self._values)


def squeeze(a, axis=None):
    """A view of ``a`` without its size-1 axes (or only those in
    ``axis``)."""
    return _shape.squeeze(asarray(a), axis)
