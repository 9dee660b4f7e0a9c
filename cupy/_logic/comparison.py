"""Comparisons of whole arrays: isclose, allclose, array_equal and
array_equiv, composed from elementwise ufuncs and reductions.  Results are
device arrays (0-d for the whole-array tests, as CuPy returns them), so
nothing synchronises until the caller reads them."""

import numpy

from cupy._core import core
from cupy._math import ufuncs


def _as_array(x):
    if isinstance(x, core.ndarray):
        return x
    if isinstance(x, (numpy.ndarray, list, tuple)):
        raise TypeError('Unsupported type {}'.format(type(x)))
    from cupy._creation.from_data import asarray
    return asarray(x)


def isclose(a, b, rtol=1e-05, atol=1e-08, equal_nan=False):
    """Elementwise ``abs(a - b) <= atol + rtol * abs(b)``, infinities
    equal only to themselves (``numpy.isclose``).  Always returns an
    array, also for scalar operands (CuPy)."""
    a = _as_array(a)
    b = _as_array(b)
    # NumPy computes in the type of b and a Python float (float16 stays,
    # integers and bool become float64), then with a's type.
    dt = numpy.result_type(a.dtype, numpy.result_type(b.dtype, 1.0))
    x = a.astype(dt, copy=False)
    y = b.astype(dt, copy=False)
    finite = ufuncs.logical_and(ufuncs.isfinite(x), ufuncs.isfinite(y))
    close = ufuncs.less_equal(
        ufuncs.absolute(ufuncs.subtract(x, y)),
        ufuncs.add(atol, ufuncs.multiply(rtol, ufuncs.absolute(y))))
    res = _where(finite, close, ufuncs.equal(x, y))
    if equal_nan:
        res = ufuncs.logical_or(
            res, ufuncs.logical_and(ufuncs.isnan(x), ufuncs.isnan(y)))
    return res


def _where(cond, x, y):
    from cupy._math.misc import where
    return where(cond, x, y)


def allclose(a, b, rtol=1e-05, atol=1e-08, equal_nan=False):
    """True (a 0-d device array) when every element is close
    (``numpy.allclose``)."""
    return isclose(a, b, rtol=rtol, atol=atol, equal_nan=equal_nan).all()


def array_equal(a1, a2, equal_nan=False):
    """True (a 0-d device array) when both arrays have the same shape and
    elements (``numpy.array_equal``); no broadcasting."""
    a1 = _as_array(a1)
    a2 = _as_array(a2)
    if a1.shape != a2.shape:
        from cupy._creation.from_data import array
        return array(False)
    eq = ufuncs.equal(a1, a2)
    if equal_nan and (a1.dtype.kind in 'fc' or a2.dtype.kind in 'fc'):
        n1 = ufuncs.isnan(a1)
        n2 = ufuncs.isnan(a2)
        # NaN positions must agree; there, the elements count as equal
        eq = ufuncs.logical_and(
            ufuncs.logical_or(eq, ufuncs.logical_and(n1, n2)),
            ufuncs.equal(n1, n2))
    return eq.all()


def array_equiv(a1, a2):
    """True (a 0-d device array) when the arrays broadcast to one shape
    and are equal there (``numpy.array_equiv``)."""
    a1 = _as_array(a1)
    a2 = _as_array(a2)
    try:
        numpy.broadcast_shapes(a1.shape, a2.shape)
    except ValueError:
        from cupy._creation.from_data import array
        return array(False)
    return ufuncs.equal(a1, a2).all()
