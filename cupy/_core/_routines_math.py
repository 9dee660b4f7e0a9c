"""Arithmetic routines of the array core: sums and products (plain,
NaN-ignoring, cumulative), clip, around and the three-argument where.

``ndarray`` methods call these; ``cupy/_math`` re-exports them.
Reductions and scans are decided by cupy/_core/reduction/_reduce.py; clip,
around and where run the extra elementwise names of operations.md
('clip' through the ufunc numpy._core.umath.clip, 'round', 'where').
"""

import numpy

from cupy._core import _dtype
from cupy._core.elementwise import _run as _elementwise
from cupy._core.reduction import _reduce as _reduction
from cupy._core import _routines_ufuncs as ufuncs
from cupy._core import core
from cupy._core._operands import as_array
from cupy._core.reduction._reduce import NoValue


def sum(a, axis=None, dtype=None, out=None, keepdims=False,
        initial=NoValue, where=True):
    """Sum of the elements over the given axes (``numpy.sum``).

    The result dtype is NumPy's (int64 for bool and small signed
    integers, uint64 for small unsigned ones); a 0-d array when every axis
    is reduced."""
    return _reduction.reduce('sum', a, axis, dtype, out, keepdims, initial,
                             where)


def prod(a, axis=None, dtype=None, out=None, keepdims=False,
         initial=NoValue, where=True):
    """Product of the elements over the given axes (``numpy.prod``)."""
    return _reduction.reduce('prod', a, axis, dtype, out, keepdims, initial,
                             where)


def nansum(a, axis=None, dtype=None, out=None, keepdims=False,
           initial=NoValue, where=True):
    """Sum treating NaNs as zero (``numpy.nansum``)."""
    return _reduction.reduce('nansum', a, axis, dtype, out, keepdims,
                             initial, where)


def nanprod(a, axis=None, dtype=None, out=None, keepdims=False,
            initial=NoValue, where=True):
    """Product treating NaNs as one (``numpy.nanprod``)."""
    return _reduction.reduce('nanprod', a, axis, dtype, out, keepdims,
                             initial, where)


def cumsum(a, axis=None, dtype=None, out=None):
    """Cumulative sum along an axis (``numpy.cumsum``); ``axis=None``
    works on the flattened array."""
    return _reduction.scan('cumsum', a, axis, dtype, out)


def cumprod(a, axis=None, dtype=None, out=None):
    """Cumulative product along an axis (``numpy.cumprod``)."""
    return _reduction.scan('cumprod', a, axis, dtype, out)


def nancumsum(a, axis=None, dtype=None, out=None):
    """Cumulative sum treating NaNs as zero (``numpy.nancumsum``)."""
    return _reduction.scan('nancumsum', a, axis, dtype, out)


def nancumprod(a, axis=None, dtype=None, out=None):
    """Cumulative product treating NaNs as one (``numpy.nancumprod``)."""
    return _reduction.scan('nancumprod', a, axis, dtype, out)


_LOOP_CHAR = {'q': 'l', 'Q': 'L'}


def _loop_char(dt):
    c = dt.char
    return _LOOP_CHAR.get(c, c)


# where's loop string per dtype character ('?ff->f', int64 as 'l' ...)
_WHERE_LOOPS = {c: '?{0}{0}->{0}'.format(_LOOP_CHAR.get(c, c))
                for c in '?bhilqBHILQefdFD'}
_BOOL = numpy.dtype(numpy.bool_)


def _check_operand(x):
    if isinstance(x, (numpy.ndarray, list, tuple)):
        raise TypeError('Unsupported type {}'.format(type(x)))


def _as_array(x):
    if isinstance(x, core.ndarray):
        return x
    _check_operand(x)
    return as_array(x)


def _out_result(res, out):
    if out is None:
        return res
    if not isinstance(out, core.ndarray):
        raise TypeError('output must be a cupy.ndarray')
    core._copy_to(out, res)
    return out


# -------------------------------------------------------------------- clip


def _python_int_bound(v, dt, lower):
    """A Python int bound of clip on an integer array, as NumPy 2 takes
    it: a lower bound below the dtype's range (an upper bound above it) is
    no bound (None); any other value out of range raises OverflowError."""
    if type(v) is not int or dt.kind not in 'iu':
        return v
    info = numpy.iinfo(dt)
    if (v < info.min) if lower else (v > info.max):
        return None
    if info.min <= v <= info.max:
        return v
    if not (-2**63 <= v < 2**63 or (dt.char in 'ILQ' and 0 <= v < 2**64)):
        raise OverflowError('Python int too large to convert to C long')
    raise OverflowError('Python integer {} out of bounds for {}'.format(
        v, dt))


def clip(a, a_min=numpy._NoValue, a_max=numpy._NoValue, out=None, *,
         min=numpy._NoValue, max=numpy._NoValue, **kwargs):
    """Clips the values of ``a`` to ``[a_min, a_max]`` (``numpy.clip``):
    where ``a_min > a_max`` the result is ``a_max``; NaN propagates."""
    if a_min is not numpy._NoValue and min is not numpy._NoValue:
        raise ValueError("Passed more than one argument for the lower bound: "
                         "use either a_min or min")
    if a_max is not numpy._NoValue and max is not numpy._NoValue:
        raise ValueError("Passed more than one argument for the upper bound: "
                         "use either a_max or max")
    # NumPy 2: a_min and a_max are positional pairs; one without the
    # other is its TypeError (min=/max= keywords may come alone)
    if a_min is not numpy._NoValue and a_max is numpy._NoValue:
        raise TypeError(
            "clip() missing 1 required positional argument: 'a_max'")
    if a_max is not numpy._NoValue and a_min is numpy._NoValue:
        raise TypeError(
            "clip() missing 1 required positional argument: 'a_min'")
    lo = a_min if a_min is not numpy._NoValue else min
    hi = a_max if a_max is not numpy._NoValue else max
    lo = None if lo is numpy._NoValue else lo
    hi = None if hi is numpy._NoValue else hi
    a = _as_array(a)
    if lo is not None:
        lo = _python_int_bound(lo, a.dtype, True)
    if hi is not None:
        hi = _python_int_bound(hi, a.dtype, False)
    if lo is None and hi is None:
        return _out_result(a.copy(), out)
    if lo is None:
        return ufuncs.minimum(a, hi, out=out, **kwargs)
    if hi is None:
        return ufuncs.maximum(a, lo, out=out, **kwargs)
    return ufuncs._clip(a, lo, hi, out=out, **kwargs)


# ------------------------------------------------------------------- round


def around(a, decimals=0, out=None):
    """Rounds to ``decimals`` decimals (``numpy.around``): ties to even,
    computed as NumPy does (``rint(a * 10**decimals) / 10**decimals`` in
    the array's type; integers through float64 for negative decimals)."""
    a = _as_array(a)
    decimals = int(decimals)
    if a.dtype == numpy.bool_:
        # NumPy: rint for decimals=0 (float16), else its casting error
        if decimals == 0:
            return ufuncs.rint(a, out=out)
        numpy.round(numpy.zeros(0, bool), decimals)
    if out is not None and out.dtype != a.dtype and \
            a.dtype.kind in 'fc' and out.dtype.kind in 'fc':
        # NumPy computes into `out`, in its dtype (its casting errors)
        numpy.round(numpy.zeros(0, a.dtype), decimals,
                    out=numpy.zeros(0, out.dtype))
        a = a.astype(out.dtype)
    res = core._empty(a.shape, a.dtype)
    c = _loop_char(a.dtype)
    _elementwise.run_loop('round', '{0}->{0}'.format(c), [a], [res],
                          {'decimals': decimals})
    return _out_result(res, out)


round = around  # NOQA: NumPy's name


round_ = around


# -------------------------------------------------------------- nan_to_num


def _dtype_entry(v):
    if isinstance(v, core.ndarray):
        return v.dtype
    if isinstance(v, numpy.generic):
        return v.dtype
    return v          # Python scalars are weak (NEP 50)


def where(condition, x, y):
    """``x`` where ``condition`` else ``y``, broadcast together; the dtype
    is ``numpy.result_type(x, y)`` (Python scalars weak)."""
    if (type(condition) is core.ndarray and type(x) is core.ndarray and
            type(y) is core.ndarray and x.dtype is y.dtype and
            condition.dtype is _BOOL and
            condition.shape == x.shape == y.shape):
        # the common case: nothing to promote, cast or broadcast (dtypes
        # compared by identity, NumPy's singletons: cheaper than ==, and
        # equal dtypes that are not identical take the general path)
        return _select([condition, x, y], x.shape, x.dtype)
    for v in (condition, x, y):
        _check_operand(v)
    dt = _dtype.get_dtype(numpy.result_type(_dtype_entry(x),
                                            _dtype_entry(y)))
    arrays = [v for v in (condition, x, y) if isinstance(v, core.ndarray)]
    shape = numpy.broadcast_shapes(*[v.shape for v in arrays]) \
        if arrays else ()
    c = condition
    if isinstance(c, core.ndarray):
        if c.dtype != numpy.bool_:
            c = c.astype(numpy.bool_)
        c = core._broadcast_to(c, shape)
    else:
        c = numpy.bool_(bool(c))
    ins = [c]
    for v in (x, y):
        if isinstance(v, core.ndarray):
            if v.dtype != dt:
                v = _elementwise.cast_array(v, dt)
            ins.append(core._broadcast_to(v, shape))
        else:
            ins.append(dt.type(v))
    if not arrays:
        t = core._empty((), dt)
        core._fill(t, ins[1])
        ins[1] = t
        c = core._empty((), numpy.dtype(numpy.bool_))
        core._fill(c, ins[0])
        ins[0] = c
    return _select(ins, shape, dt)


def _select(ins, shape, dt):
    """A new array of ``shape``: ins[1] where ins[0] else ins[2], operands
    of the loop's dtypes and broadcast already."""
    loop = _WHERE_LOOPS.get(dt.char)
    if loop is None:
        loop = '?{0}{0}->{0}'.format(_loop_char(dt))
    return _elementwise.run_new('where', loop, ins, shape, dt)
