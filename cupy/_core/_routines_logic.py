"""Truth-value reductions of the array core: all and any (decided by
cupy/_core/reduction/_reduce.py).  ``ndarray`` methods call these;
``cupy/_logic`` re-exports them."""

from cupy._core.reduction import _reduce as _reduction


def all(a, axis=None, out=None, keepdims=False, *, where=True):
    """True where every element along the axes is nonzero (NaN is
    nonzero) (``numpy.all``)."""
    return _reduction.reduce('all', a, axis, None, out, keepdims,
                             where=where)


def any(a, axis=None, out=None, keepdims=False, *, where=True):
    """True where some element along the axes is nonzero
    (``numpy.any``)."""
    return _reduction.reduce('any', a, axis, None, out, keepdims,
                             where=where)
