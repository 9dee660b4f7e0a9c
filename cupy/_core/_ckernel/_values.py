"""Values of a translated kernel and C's operators on them.

A value is `V(data, dt)`: `data` a NumPy scalar of dtype `dt` when it is
the same for every element (uniform: computed on the host, no launch),
else a device array of dtype `dt` broadcastable to the loop shape.  Every
operator first converts its operands as C does (integer promotion, the
usual arithmetic conversions), so each device step has operands of one
dtype and gives C's result in that type: integers wrap, integer division
and % truncate toward zero, float stays float and double stays double.
"""

import numpy

from cupy._core import core
from cupy._core import _routines_ufuncs as _uf
from cupy._core import _routines_math
from cupy._core._ckernel import _ctypes
from cupy._core._ckernel import _loops
from cupy._core._ckernel import _replay
from cupy._core._ckernel._fuse import Lazy, defer, defer_cast, \
    materialize, materialize_condition
from cupy._core._ckernel._errors import KernelSyntaxError

BOOL = _ctypes.BOOL


class V:
    __slots__ = ('data', 'dt')

    def __init__(self, data, dt):
        self.data = data
        self.dt = dt

    @property
    def host(self):
        return not isinstance(self.data, (core.ndarray, Lazy))

    def __repr__(self):
        return 'V({!r}, {})'.format(self.data, self.dt)


def host(value, dt):
    with numpy.errstate(all='ignore'):
        return V(numpy.array(value).astype(dt)[()], dt)


def _is_dev(x):
    return isinstance(x, (core.ndarray, Lazy))


def apply(name, *args):
    """ufunc `name` on raw data: NumPy when every operand is a host
    scalar, else a device step (deferred into the statement's fused
    program where _fuse.py takes it, else the core's ufunc now)."""
    if any(_is_dev(a) for a in args):
        lz = defer(name, args)
        if lz is not None:
            return lz
        return getattr(_uf, name)(*[materialize(a) for a in args])
    with numpy.errstate(all='ignore'):
        return getattr(numpy, name)(*args)


def convert(v, dt):
    """C's conversion of v to type dt."""
    if v.dt == dt:
        return v
    if _is_dev(v.data):
        lz = defer_cast(v.data, dt)
        if lz is not None:
            return V(lz, dt)
        return V(materialize(v.data).astype(dt), dt)
    return host(v.data, dt)


def to_bool(v):
    if v.dt == BOOL:
        return v
    if _is_dev(v.data):
        return V(apply('not_equal', v.data, v.dt.type(0)), BOOL)
    return V(numpy.bool_(v.data != 0), BOOL)


def where(c, a, b):
    """c ? a : b on raw data (a and b of one dtype)."""
    if not _is_dev(c):
        return a if c else b
    lz = defer('where', (c, a, b), where_op=True)
    if lz is not None:
        return lz
    return _routines_math.where(materialize(c), materialize(a),
                                materialize(b))


def _int_only(op, dt, where_):
    if not _ctypes.is_int(dt):
        raise KernelSyntaxError(
            "invalid operands of type {} to '{}'".format(dt, op), where_)


def _trunc_div(a, b, dt):
    if dt.kind == 'u':
        return apply('floor_divide', a, b)
    r = apply('fmod', a, b)
    return apply('floor_divide', apply('subtract', a, r), b)


_ARITH = {'+': 'add', '-': 'subtract', '*': 'multiply'}
_CMP = {'<': 'less', '<=': 'less_equal', '>': 'greater',
        '>=': 'greater_equal', '==': 'equal', '!=': 'not_equal'}
_BIT = {'&': 'bitwise_and', '|': 'bitwise_or', '^': 'bitwise_xor'}


def binary(op, a, b, where_=None):
    """a op b with C's semantics (not && || , which the interpreter
    evaluates itself)."""
    if op in ('<<', '>>'):
        lt = _ctypes.promote(a.dt)
        _int_only(op, lt, where_)
        _int_only(op, b.dt, where_)
        x = convert(a, lt).data
        y = convert(b, lt).data
        return V(apply('left_shift' if op == '<<' else 'right_shift', x, y),
                 lt)
    t = _ctypes.usual(a.dt, b.dt)
    x = convert(a, t).data
    y = convert(b, t).data
    if op in _ARITH:
        return V(apply(_ARITH[op], x, y), t)
    if op in _CMP:
        return V(apply(_CMP[op], x, y), BOOL)
    if op == '/':
        if _ctypes.is_float(t):
            return V(apply('divide', x, y), t)
        return V(_trunc_div(x, y, t), t)
    if op == '%':
        _int_only(op, t, where_)
        return V(apply('fmod', x, y), t)
    if op in _BIT:
        _int_only(op, t, where_)
        return V(apply(_BIT[op], x, y), t)
    raise KernelSyntaxError('unknown operator ' + op, where_)


def unary(op, a, where_=None):
    if op == '!':
        return V(apply('logical_not', to_bool(a).data), BOOL)
    t = _ctypes.promote(a.dt)
    x = convert(a, t).data
    if op == '+':
        return V(x, t)
    if op == '-':
        return V(apply('negative', x), t)
    if op == '~':
        _int_only(op, t, where_)
        return V(apply('invert', x), t)
    raise KernelSyntaxError('unknown operator ' + op, where_)


def mask_and(a, b):
    if a is True:
        return b
    if b is True:
        return a
    if a is False or b is False:
        return False
    # masks live across statements: computed now, not deferred
    return materialize(apply('logical_and', a, b))


def mask_or(a, b):
    if a is False:
        return b
    if b is False:
        return a
    if a is True or b is True:
        return True
    return materialize(apply('logical_or', a, b))


def mask_not(a):
    if a is True or a is False:
        return not a
    return materialize(apply('logical_not', a))


def as_mask(v):
    """A condition value as a mask: True/False when uniform, else a
    device bool array."""
    b = to_bool(v).data
    if _is_dev(b):
        return materialize_condition(b)
    return bool(b)


def mask_any(m, state=None):
    """Whether any element is active (one device-to-host read, which a
    recording notes with the answer and state(), the interpreter's
    uniform state: _replay.py, _loops.py)."""
    if m is True or m is False:
        return m
    r = materialize(m).any()
    value = bool(r)
    if _replay.recording():
        _replay.mark(_loops.READ, r, (value, state() if state else None))
    return value
