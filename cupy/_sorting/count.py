"""Counting: count_nonzero."""

from cupy._core.reduction import _reduce as _reduction


def count_nonzero(a, axis=None, *, keepdims=False):
    """The number of nonzero elements along the axes (``numpy.
    count_nonzero``), as an int64 array (0-d for ``axis=None``, as in
    CuPy; NumPy returns a Python int there)."""
    return _reduction.reduce('count_nonzero', a, axis, keepdims=keepdims)
