"""Elementwise routines that are not ufuncs in NumPy: clip, around/round,
nan_to_num, real, imag, angle, sinc, i0, and the three-argument where.

They resolve dtypes as NumPy does and run the extra elementwise names of
operations.md ('nan_to_num') or compositions of ufuncs; clip, around and
where belong to the array core (cupy/_core/_routines_math.py).
"""

import warnings

import numpy

from cupy._core import _dtype
from cupy._core.elementwise import _run as _elementwise
from cupy._core import _fallback
from cupy._core import _routines_ufuncs as ufuncs
from cupy._core import core
from cupy._core._routines_math import _as_array
from cupy._core._routines_math import _loop_char
from cupy._core._routines_math import around  # NOQA
from cupy._core._routines_math import clip  # NOQA
from cupy._core._routines_math import round  # NOQA
from cupy._core._routines_math import round_  # NOQA
from cupy._core._routines_math import where


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
    """``sin(pi x) / (pi x)``, exactly 1 at 0 (NumPy divides by pi * 1e-20
    there, which is 0 in float16: 0/0; here zeros divide by pi and the
    result is replaced by 1)."""
    x = _as_array(x)
    zero = ufuncs.equal(x, 0)
    y = numpy.pi * where(zero, 1, x)
    return where(zero, 1, ufuncs.sin(y) / y)


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
