"""isposinf and isneginf, composed from isinf and signbit."""

from cupy._math import ufuncs


def _inf_sign(x, out, negative):
    from cupy._logic.comparison import _as_array
    x = _as_array(x)
    if x.dtype.kind == 'c':
        # NumPy's message: the sign of a complex infinity is undefined
        raise TypeError('This operation is not supported for complex values '
                        'because it would be ambiguous.')
    sign = ufuncs.signbit(x)
    if not negative:
        sign = ufuncs.logical_not(sign)
    return ufuncs.logical_and(ufuncs.isinf(x), sign, out=out)


def isposinf(x, out=None):
    """Elementwise: ``x`` is positive infinity (``numpy.isposinf``)."""
    return _inf_sign(x, out, False)


def isneginf(x, out=None):
    """Elementwise: ``x`` is negative infinity (``numpy.isneginf``)."""
    return _inf_sign(x, out, True)
