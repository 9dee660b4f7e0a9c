"""Norms and other numbers: trace."""

from cupy._core import _reduction


def trace(a, offset=0, axis1=0, axis2=1, dtype=None, out=None):
    """Sum along a diagonal (``numpy.trace``): the diagonal is a strided
    view, summed with NumPy's dtype rules."""
    a = _reduction.as_array(a)
    d = a.diagonal(offset, axis1, axis2)
    return _reduction.reduce('sum', d, -1, dtype, out)
