"""Inputs and checks shared by the ndarray-layer tests."""

import contextlib

import numpy

import cupy
from cupy import testing
from tests.routine_helpers import device_only, layouts


def on_device(xp, d2h_allowed=0):
    """``device_only()`` for cupy (no host transfer inside the block),
    nothing for numpy."""
    if xp is cupy:
        return device_only(d2h_allowed)
    return contextlib.nullcontext()


def arrays(xp, dtype, shape=(2, 3, 4), writable=False, empty=True):
    """The same values for NumPy and CuPy in several layouts (C, F,
    transposed, negative step and, unless ``writable``, broadcast), plus a
    0-d array and (with ``empty``) two empty ones."""
    out = layouts(xp, shape, dtype, writable)
    out.append(testing.shaped_arange((), xp, dtype))
    if empty:
        out.append(xp.zeros((0, 3), dtype))
        out.append(xp.zeros((3, 0, 2), dtype).transpose(2, 0, 1))
    return out


def nonempty(xs):
    return [x for x in xs if x.size]


def shares_memory(a, b):
    """Whether two cupy or two numpy arrays use the same allocation."""
    if isinstance(a, numpy.ndarray):
        return numpy.shares_memory(a, b)
    return a.data.mem is b.data.mem and a.size > 0 and b.size > 0
