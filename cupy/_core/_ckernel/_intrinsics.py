"""CUDA's integer and bit intrinsics (__umulhi, __clz, __ffs, __brev,
__float_as_int ...) and its rounding conversions (__float2int_rn ...),
composed from whole-array integer steps with C's results."""

import numpy

from cupy._core import core
from cupy._core._ckernel import _ctypes
from cupy._core._ckernel._errors import KernelSyntaxError
from cupy._core._ckernel._fuse import materialize
from cupy._core._ckernel._values import V, apply, convert, where

_D = numpy.dtype
U32, I32, U64, I64 = _D('u4'), _D('i4'), _D('u8'), _D('i8')
F32, F64 = _D('f4'), _D('f8')

# name -> (source type, result type): a reinterpretation of the bits
_AS = {
    '__float_as_int': (F32, I32), '__float_as_uint': (F32, U32),
    '__int_as_float': (I32, F32), '__uint_as_float': (U32, F32),
    '__double_as_longlong': (F64, I64), '__longlong_as_double': (I64, F64),
}
# name -> (source, result, rounding): float to integer conversions
_ROUND = {'rn': 'rint', 'rz': 'trunc', 'rd': 'floor', 'ru': 'ceil'}


def _names():
    names = set(_AS) | {'__umulhi', '__mulhi', '__umul64hi', '__mul64hi',
                        '__clz', '__clzll', '__ffs', '__ffsll', '__brev',
                        '__brevll', '__usad', '__sad'}
    for src in ('float', 'double'):
        for dst in ('int', 'uint', 'll', 'ull'):
            for r in _ROUND:
                names.add('__{}2{}_{}'.format(src, dst, r))
    for src in ('int', 'uint', 'll', 'ull'):
        for dst in ('float', 'double'):
            names.add('__{}2{}_rn'.format(src, dst))
    return names


NAMES = frozenset(_names())
_CTYPE = {'int': I32, 'uint': U32, 'll': I64, 'ull': U64, 'float': F32,
          'double': F64}


def _bits(x, dt):
    d = materialize(x.data)
    if isinstance(d, core.ndarray):
        return d.view(dt)
    return numpy.array(d).view(dt)[()]


def _mulhi32(a, b, signed):
    t = I64 if signed else U64
    p = apply('multiply', convert(a, t).data, convert(b, t).data)
    return convert(V(apply('right_shift', p, t.type(32)), t),
                   I32 if signed else U32)


def _umul64hi(a, b):
    # the high 64 bits of a 128-bit product, from 32-bit halves (each
    # partial product fits 64 bits)
    a, b = convert(a, U64).data, convert(b, U64).data
    m, s = U64.type(0xFFFFFFFF), U64.type(32)
    al, ah = apply('bitwise_and', a, m), apply('right_shift', a, s)
    bl, bh = apply('bitwise_and', b, m), apply('right_shift', b, s)
    ll = apply('multiply', al, bl)
    lh = apply('multiply', al, bh)
    hl = apply('multiply', ah, bl)
    hh = apply('multiply', ah, bh)
    mid = apply('add', apply('add', apply('right_shift', ll, s),
                             apply('bitwise_and', lh, m)),
                apply('bitwise_and', hl, m))
    hi = apply('add', apply('add', hh, apply('right_shift', lh, s)),
               apply('add', apply('right_shift', hl, s),
                     apply('right_shift', mid, s)))
    return hi


def _clz(x, t):
    # binary search on the leading zeros: log2(width) selects
    w = t.itemsize * 8
    u = convert(x, t).data
    n = I32.type(0)
    zero = t.type(0)
    shift = w // 2
    while shift:
        top = apply('right_shift', u, t.type(w - shift))
        empty = apply('equal', top, zero)
        n = where(empty, apply('add', n, I32.type(shift)), n)
        u = where(empty, apply('left_shift', u, t.type(shift)), u)
        shift //= 2
    allzero = apply('equal', convert(x, t).data, zero)
    return where(allzero, I32.type(w), n)


def _brev(x, t):
    u = convert(x, t).data
    w = t.itemsize * 8
    # swap adjacent bits, pairs, nibbles ... (the classic mask ladder)
    shift, mask = 1, None
    masks = {1: 0x5555555555555555, 2: 0x3333333333333333,
             4: 0x0F0F0F0F0F0F0F0F, 8: 0x00FF00FF00FF00FF,
             16: 0x0000FFFF0000FFFF, 32: 0x00000000FFFFFFFF}
    while shift < w:
        mask = t.type(masks[shift] & ((1 << w) - 1))
        lo = apply('bitwise_and', apply('right_shift', u, t.type(shift)),
                   mask)
        hi = apply('left_shift', apply('bitwise_and', u, mask),
                   t.type(shift))
        u = apply('bitwise_or', lo, hi)
        shift *= 2
    return u


def call(name, args, where_):
    def need(n):
        if len(args) != n:
            raise KernelSyntaxError('{} takes {} arguments'.format(name, n),
                                    where_)
    if name in _AS:
        need(1)
        src, dst = _AS[name]
        return V(_bits(convert(args[0], src), dst), dst)
    if name in ('__umulhi', '__mulhi'):
        need(2)
        return _mulhi32(args[0], args[1], name == '__mulhi')
    if name in ('__umul64hi', '__mul64hi'):
        need(2)
        if name == '__mul64hi':
            raise KernelSyntaxError('__mul64hi is not supported; use '
                                    '__umul64hi', where_)
        return V(_umul64hi(args[0], args[1]), U64)
    if name in ('__clz', '__clzll'):
        need(1)
        t = U32 if name == '__clz' else U64
        return V(_clz(args[0], t), I32)
    if name in ('__ffs', '__ffsll'):
        need(1)
        t = U32 if name == '__ffs' else U64
        u = convert(args[0], t).data
        low = apply('bitwise_and', u, apply('negative', u))
        pos = apply('subtract', I32.type(t.itemsize * 8), _clz(V(low, t), t))
        return V(where(apply('equal', u, t.type(0)), I32.type(0), pos), I32)
    if name in ('__brev', '__brevll'):
        need(1)
        t = U32 if name == '__brev' else U64
        return V(_brev(args[0], t), t)
    if name in ('__usad', '__sad'):
        need(3)
        t = U32 if name == '__usad' else I32
        a, b = convert(args[0], t).data, convert(args[1], t).data
        d = where(apply('greater', a, b), apply('subtract', a, b),
                  apply('subtract', b, a))
        r = apply('add', convert(V(d, t), U32).data,
                  convert(args[2], U32).data)
        return V(r, U32)
    body, mode = name[2:].rsplit('_', 1)
    src, dst = body.split('2')
    need(1)
    x = convert(args[0], _CTYPE[src])
    if _CTYPE[src].kind == 'f' and _CTYPE[dst].kind != 'f':
        x = V(apply(_ROUND[mode], x.data), x.dt)
    return convert(x, _CTYPE[dst])
