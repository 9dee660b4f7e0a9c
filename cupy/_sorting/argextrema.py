"""Indices of maxima and minima: argmax, argmin and their NaN-ignoring
forms (``numpy.argmax`` ...): int64 results, the first occurrence wins,
NaN counts as the extreme for argmax/argmin (NumPy's rule)."""

from cupy._core import _reduction


def argmax(a, axis=None, out=None, *, keepdims=False):
    """Indices of the maximum values along an axis (``numpy.argmax``)."""
    return _reduction.reduce('argmax', a, axis, None, out, keepdims)


def argmin(a, axis=None, out=None, *, keepdims=False):
    """Indices of the minimum values along an axis (``numpy.argmin``)."""
    return _reduction.reduce('argmin', a, axis, None, out, keepdims)


def nanargmax(a, axis=None, out=None, *, keepdims=False):
    """argmax ignoring NaNs (``numpy.nanargmax``).  NumPy raises for an
    all-NaN slice; checking that would need the data on the host, so the
    result there is an index of that slice (as in CuPy)."""
    return _reduction.reduce('nanargmax', a, axis, None, out, keepdims)


def nanargmin(a, axis=None, out=None, *, keepdims=False):
    """argmin ignoring NaNs (``numpy.nanargmin``); see nanargmax."""
    return _reduction.reduce('nanargmin', a, axis, None, out, keepdims)
