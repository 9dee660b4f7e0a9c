"""Elementwise routines that are not ufuncs in NumPy: clip, around/round,
nan_to_num, real, imag, angle, sinc, i0, and the three-argument where.

They resolve dtypes as NumPy does and run the extra elementwise names of
operations.md ('clip' through the ufunc numpy._core.umath.clip, 'round',
'nan_to_num', 'where') or compositions of ufuncs.
"""

import warnings

import numpy

from cupy._core import _dtype
from cupy._core import _elementwise
from cupy._core import _fallback
from cupy._core import core
from cupy._math import ufuncs


def _loop_char(dt):
    c = dt.char
    return {'q': 'l', 'Q': 'L'}.get(c, c)


def _check_operand(x):
    if isinstance(x, (numpy.ndarray, list, tuple)):
        raise TypeError('Unsupported type {}'.format(type(x)))


def _as_array(x):
    if isinstance(x, core.ndarray):
        return x
    _check_operand(x)
    from cupy._creation.from_data import asarray
    return asarray(x)


def _out_result(res, out):
    if out is None:
        return res
    if not isinstance(out, core.ndarray):
        raise TypeError('output must be a cupy.ndarray')
    core._copy_to(out, res)
    return out


# -------------------------------------------------------------------- clip

def _clamp_python_int(v, dt):
    # a Python int beyond an integer array's range clips like the range's
    # end (NumPy 2 accepts it; converting it would overflow)
    if type(v) is int and dt.kind in 'iu':
        info = numpy.iinfo(dt)
        return min(max(v, int(info.min)), int(info.max))
    return v


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
        lo = _clamp_python_int(lo, a.dtype)
    if hi is not None:
        hi = _clamp_python_int(hi, a.dtype)
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

def nan_to_num(x, copy=True, nan=0.0, posinf=None, neginf=None):
    """Replaces NaN with ``nan`` and infinities with ``posinf``/``neginf``
    (default: the largest / most negative finite value), in the real and
    imaginary parts separately (``numpy.nan_to_num``)."""
    x = _as_array(x)
    if x.dtype.kind not in 'fc':
        return x.copy() if copy else x
    if any(isinstance(v, core.ndarray) for v in (nan, posinf, neginf)):
        return _nan_to_num_arrays(x, copy, nan, posinf, neginf)
    part = numpy.dtype('f{}'.format(x.dtype.itemsize // 2)) \
        if x.dtype.kind == 'c' else x.dtype
    info = numpy.finfo(part)
    with warnings.catch_warnings():
        warnings.simplefilter('ignore')
        attrs = {
            'nan': float(part.type(nan)),
            'posinf': float(part.type(info.max if posinf is None
                                      else posinf)),
            'neginf': float(part.type(info.min if neginf is None
                                      else neginf)),
        }
    out = core._empty(x.shape, x.dtype) if copy else x
    c = _loop_char(x.dtype)
    _elementwise.run_loop('nan_to_num', '{0}->{0}'.format(c), [x], [out],
                          attrs)
    return out


def _nan_to_num_arrays(x, copy, nan, posinf, neginf):
    """nan_to_num with array replacement values: they broadcast to x's
    shape (NumPy's ValueError otherwise) and are selected elementwise, in
    each part of complex values."""
    for v in (nan, posinf, neginf):
        if isinstance(v, core.ndarray) and numpy.broadcast_shapes(
                v.shape, x.shape) != x.shape:
            raise ValueError(
                'could not broadcast input array from shape {} into shape '
                '{}'.format(v.shape, x.shape))
    parts = [x.real, x.imag] if x.dtype.kind == 'c' else [x]
    done = []
    for p in parts:
        info = numpy.finfo(p.dtype)
        hi = info.max if posinf is None else posinf
        lo = info.min if neginf is None else neginf
        r = where(ufuncs.isnan(p), nan, p)
        r = where(ufuncs.logical_and(ufuncs.isinf(p), ufuncs.greater(p, 0)),
                  hi, r)
        r = where(ufuncs.logical_and(ufuncs.isinf(p), ufuncs.less(p, 0)),
                  lo, r)
        done.append(r.astype(p.dtype, copy=False))
    out = core._empty(x.shape, x.dtype) if copy else x
    if x.dtype.kind == 'c':
        out.real = done[0]
        out.imag = done[1]
    else:
        core._copy_to(out, done[0])
    return out


# ------------------------------------------------------------ rounding

def fix(x, out=None):
    """Rounds toward zero, keeping the floating type (``numpy.fix``):
    floor where x >= 0, ceil elsewhere."""
    x = _as_array(x)
    res = where(ufuncs.greater_equal(x, 0), ufuncs.floor(x), ufuncs.ceil(x))
    if out is not None:
        core._copy_to(out, res)
        return out
    return res


def real_if_close(a, tol=100):
    """The real part when every imaginary part is within ``tol`` machine
    epsilons of zero (``numpy.real_if_close``).  The result's type depends
    on the data: this reads one flag back (a synchronisation)."""
    a = _as_array(a)
    if a.dtype.kind != 'c':
        return a
    if tol > 1:
        tol = numpy.finfo(a.dtype).eps * tol
    if bool(ufuncs.less(ufuncs.absolute(a.imag), tol).all()):
        return a.real
    return a


# ------------------------------------------------------- complex parts

def real(val):
    """The real part (a view for complex arrays)."""
    return _as_array(val).real


def imag(val):
    """The imaginary part (a view for complex arrays; zeros otherwise)."""
    return _as_array(val).imag


def angle(z, deg=False):
    """The counterclockwise angle from the positive real axis
    (``arctan2(imag, real)``, as NumPy computes it)."""
    z = _as_array(z)
    if z.dtype.kind == 'c':
        a = ufuncs.arctan2(z.imag, z.real)
    else:
        a = ufuncs.arctan2(0, z)
    if deg:
        a *= 180 / numpy.pi
    return a


# --------------------------------------------------------- special values

def sinc(x):
    """``sin(pi x) / (pi x)``, 1 at 0 (NumPy's formulation: x = 0 is
    replaced by 1e-20 before dividing)."""
    x = _as_array(x)
    y = numpy.pi * where(ufuncs.equal(x, 0), 1.0e-20, x)
    return ufuncs.sin(y) / y


def i0(x):
    """The modified Bessel function of the first kind, order 0.

    Runs on the host through NumPy (counted, warned once; see
    CUPY_HOST_FALLBACK): no device path is written for it."""
    x = _as_array(x)
    if x.dtype.kind == 'c':
        numpy.i0(numpy.zeros(0, x.dtype))      # NumPy's TypeError
    _fallback.enter('i0', x.dtype.char)
    r = numpy.i0(x.get())
    out = core._empty(r.shape, _dtype.get_dtype(r.dtype))
    out.set(numpy.ascontiguousarray(r))
    return out


# ------------------------------------------------------------------ where

def _dtype_entry(v):
    if isinstance(v, core.ndarray):
        return v.dtype
    if isinstance(v, numpy.generic):
        return v.dtype
    return v          # Python scalars are weak (NEP 50)


def where(condition, x, y):
    """``x`` where ``condition`` else ``y``, broadcast together; the dtype
    is ``numpy.result_type(x, y)`` (Python scalars weak)."""
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
    out = core._empty(shape, dt)
    ch = _loop_char(dt)
    _elementwise.run_loop('where', '?{0}{0}->{0}'.format(ch), ins, [out])
    return out
