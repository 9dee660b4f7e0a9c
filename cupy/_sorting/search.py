"""Finding elements: nonzero, flatnonzero, argwhere, where, searchsorted.

nonzero and argwhere run the provider's 'nonzero' operation, which returns
the number of nonzero elements to the host (the result's size depends on
the data, so this is the one place that synchronises).  nonzero,
flatnonzero and searchsorted are the array core's routines
(cupy/_core/_routines_sorting.py).
"""

from cupy._core._routines_math import where as _where3
from cupy._core._routines_sorting import _argwhere_rows
from cupy._core._routines_sorting import flatnonzero  # NOQA
from cupy._core._routines_sorting import nonzero
from cupy._core._routines_sorting import searchsorted  # NOQA
from cupy._creation.from_data import asarray


def argwhere(a):
    """The coordinates of the nonzero elements, shape (count, a.ndim)."""
    a = asarray(a)
    if a.ndim == 0:
        return _argwhere_rows(a.reshape(1))[:, :0]
    return _argwhere_rows(a)


def where(condition, x=None, y=None):
    """``where(condition)``: ``nonzero(condition)``; ``where(condition, x,
    y)``: ``x`` where ``condition`` else ``y``, elementwise, broadcast
    together, of dtype ``numpy.result_type(x, y)``.
    """
    if (x is None) != (y is None):
        raise ValueError('either both or neither of x and y should be given')
    if x is None:
        return nonzero(condition)
    return _where3(condition, x, y)


def digitize(x, bins, right=False):
    """The bin index of each value of ``x`` (``numpy.digitize``): a
    searchsorted on ``bins``, reversed for decreasing bins.  Checking that
    ``bins`` is monotonic reads one bool back (NumPy raises otherwise)."""
    from cupy._core._routines_sorting import monotonicity
    x = asarray(x)
    bins = asarray(bins)
    if x.dtype.kind == 'c':
        raise TypeError('x may not be complex')
    if bins.ndim != 1:
        raise ValueError('bins must be one-dimensional')
    mono = monotonicity(bins)
    if mono == 0:
        raise ValueError(
            'bins must be monotonically increasing or decreasing')
    side = 'left' if right else 'right'
    if mono == -1:
        return bins.size - searchsorted(bins[::-1], x, side=side)
    return searchsorted(bins, x, side=side)
