"""The elementwise loop table of the ascend provider: for every NumPy loop
of every ufunc (and the extra names of operations.md) the program of aclnn
operators that gives NumPy's results on the device, or nothing.

A program is a list of lines ``dst = Op(arg, ...)`` over the registers
``a b c`` (inputs), ``o0 o1`` (outputs) and temporaries; ``x.re``/``x.im``
are the parts of a complex register; ``dst:t`` declares a type (a dtype
char, ``T`` the first input's type, ``uT``/``sT`` its unsigned/signed
counterpart, ``rT`` its part type); literals are numbers, ``inf``,
``nan``, named constants (``W`` the bit width of the operands, ``W1``
W - 1, ``SMIN`` the signed minimum, ``LOGE2``, ``LOG2E``, ``R2D``,
``D2R``) or ``@attr`` (a call attribute).  Ops are the generic operators of
_operators.py.

_compile.py checks every step against the A2 dtype sets
(_operators.py) and drops unused steps; a program with a step the
device cannot run is skipped and the next alternative tried.  So the set
of loops the provider publishes (``elementwise_loops``) follows from
ops.md and this table alone.

Where a loop is left out, the reason is in the comment of its entry; the
core then casts to another loop exactly or runs NumPy on the host.
"""

import re

import numpy

from cupy_backends.ascend.ops.elementwise._operators import (
    BOOL, SINT, UINT, INT, FLOAT, COMPLEX, ALL)

# ------------------------------------------------------------- programs --

# dst[.re|.im][:type] = Op(args)
_LINE = re.compile(r'^\s*(\w+)(?:\.(re|im))?(?::(\w+|\?))?\s*=\s*(\w+)\((.*)\)'
                   r'\s*$')


def unary(op):
    return ['o0 = {}(a)'.format(op)]


def binary(op):
    return ['o0 = {}(a, b)'.format(op)]


# NumPy's float divmod (npy_divmod, umath's floor_divide/remainder/divmod
# loops): mod = fmod(a, b), moved to b's sign; the quotient (a - mod) / b
# moved down by one where mod moved, snapped to the nearest integer; zero
# results take the sign of a / b (quotient) or b (modulus); b == 0 gives
# a / b and fmod's NaN.  aclnnFloorDivide is floor(a / b) (ops.md 1), which
# is not NumPy's (1 // 0.1 is 9.0 in NumPy); aclnnFmod is C fmod.
DIVMOD_FLOAT = [
    'm = Fmod(a, b)',
    't = Sub(a, m)',
    'dv = Div(t, b)',
    'mnz:? = Ne(m, 0)',
    'bn:? = Lt(b, 0)',
    'mn:? = Lt(m, 0)',
    'sd:? = LogicalXor(bn, mn)',
    'adj:? = LogicalAnd(mnz, sd)',
    'mb = Add(m, b)',
    'm1 = SWhere(adj, mb, m)',
    # copysign(0, b): b is non-zero here (b == 0 makes m NaN)
    'sb = Sign(b)',
    'zb = Mul(sb, 0)',
    'o1 = SWhere(mnz, m1, zb)',
    'd1 = Sub(dv, 1)',
    'd2 = SWhere(adj, d1, dv)',
    'fl = Floor(d2)',
    'fr = Sub(d2, fl)',
    'up:? = Gt(fr, 0.5)',
    'fl1 = Add(fl, 1)',
    'fd = SWhere(up, fl1, fl)',
    'q = Div(a, b)',
    # copysign(0, a / b): a / b is finite where the quotient is 0
    'zq = Mul(q, 0)',
    'dz:? = Eq(d2, 0)',
    'fd2 = SWhere(dz, zq, fd)',
    'bz:? = Eq(b, 0)',
    'o0 = SWhere(bz, q, fd2)',
]

# Integer floor division: aclnnFloorDivide, with NumPy's x // 0 = 0 (the
# device's result for a zero divisor is not documented, ops.md 1).
FLOORDIV_INT = [
    'z:? = Eq(b, 0)',
    'q = FloorDivide(a, b)',
    'o0 = SWhere(z, 0, q)',
]

# Integer remainder: aclnnRemainder (Python's sign convention) in int64,
# with NumPy's x % 0 = 0 (the device returns x, ops.md 1).  int32 is not
# used: exact only within +-2**24 (ops.md 1); the smaller types are not
# accepted (the compute dtype must be int32/int64).
REM_INT64 = [
    'r = Remainder(a, b)',
    'zr:? = Eq(b, 0)',
    'o1 = SWhere(zr, 0, r)',
]
REM_INT_WIDE = [
    'x:l = Widen(a)',
    'y:l = Widen(b)',
    'r = Remainder(x, y)',
    'zr:? = Eq(y, 0)',
    'w = SWhere(zr, 0, r)',
    'o1 = Cast(w)',
]


def only(prog, out):
    """prog with its output `out` renamed o0 and the other outputs made
    temporaries (dropped as dead code)."""
    res = []
    for line in prog:
        line = re.sub(r'\bo(\d)\b', lambda m: 'o0' if 'o' + m.group(1) == out
                      else 'drop' + m.group(1), line)
        res.append(line)
    return res


# Integer fmod: C's, with NumPy's fmod(x, 0) = 0.
FMOD_INT = [
    'r = Fmod(a, b)',
    'z:? = Eq(b, 0)',
    'o0 = SWhere(z, 0, r)',
]

# trunc of float64 (aclnnTrunc has no f64, ops.md 2): ceil below 0, floor
# above (both keep the sign of zero).
TRUNC_BY_FLOOR = [
    'fl = Floor(a)',
    'cl = Ceil(a)',
    'n:? = Lt(a, 0)',
    'o0 = SWhere(n, cl, fl)',
]


def modf(trunc):
    # NumPy's modf is C's: the fraction keeps x's sign (-0.0 for -3.0) and
    # is +-0 for infinities; NaN gives NaN twice.
    body = [line.replace('o0', 'o1') for line in trunc] if trunc else [
        'o1 = Trunc(a)']
    return body + [
        'f0 = Sub(a, o1)',
        'inf:? = IsInf(a)',
        'f1 = SWhere(inf, 0, f0)',
        'x = Abs(f1)',
        's:? = Signbit(a)',
        'y = Neg(x)',
        'o0 = SWhere(s, y, x)',
    ]


# NumPy's maximum/minimum (NaN-propagating: a NaN operand wins) and
# fmax/fmin (NaN-ignoring), from comparisons: aclnnMaximum's NaN handling
# on A2 is not documented (ops.md 3).  (a > b or isnan(a)) ? a : b is
# NumPy's choice, signed zeros included.
def extremum(cmp, nan_of):
    return [
        'c1:? = {}(a, b)'.format(cmp),
        'c2:? = Ne({0}, {0})'.format(nan_of),
        'c:? = LogicalOr(c1, c2)',
        'o0 = SWhere(c, a, b)',
    ]


# An unsigned extremum as the signed one of the values with their top bit
# flipped (aclnnMaximum has no u16/u32/u64).
def unsigned_extremum(op):
    return [
        'x:sT = As(a)',
        'y:sT = As(b)',
        'x1 = BitwiseXor(x, SMIN)',
        'y1 = BitwiseXor(y, SMIN)',
        'm = {}(x1, y1)'.format(op),
        'o0 = BitwiseXor(m, SMIN)',
    ]


# NumPy's complex ordering (lexicographic; a NaN imaginary part makes the
# real-part comparison false): CGT, CGE, CLT, CLE of umath's loops.
def complex_order(strict_re, part_cmp, a='a', b='b', out='o0'):
    return [
        'g:? = {}({}.re, {}.re)'.format(strict_re, a, b),
        'n1:? = Eq({0}.im, {0}.im)'.format(a),
        'n2:? = Eq({0}.im, {0}.im)'.format(b),
        'n:? = LogicalAnd(n1, n2)',
        'g1:? = LogicalAnd(g, n)',
        'e:? = Eq({}.re, {}.re)'.format(a, b),
        'gi:? = {}({}.im, {}.im)'.format(part_cmp, a, b),
        'e2:? = LogicalAnd(e, gi)',
        '{}:? = LogicalOr(g1, e2)'.format(out),
    ]


def complex_extremum(part_cmp, nan_of):
    # maximum: (isnan(a) or CGE(a, b)) ? a : b; fmax: isnan(b) instead
    return complex_order('Gt' if part_cmp == 'Ge' else 'Lt', part_cmp,
                         out='k') + [
        'na1:? = Ne({0}.re, {0}.re)'.format(nan_of),
        'na2:? = Ne({0}.im, {0}.im)'.format(nan_of),
        'na:? = LogicalOr(na1, na2)',
        'w:? = LogicalOr(na, k)',
        'o0 = SWhere(w, a, b)',
    ]


# int64 against uint64 (NumPy's 'qQ->?' loops): the int64 operand is below
# every uint64 when negative, else compared as uint64.
def mixed_compare(op, swap=False):
    a, b = ('b', 'a') if swap else ('a', 'b')
    mirror = {'Lt': 'Gt', 'Le': 'Ge', 'Gt': 'Lt', 'Ge': 'Le'}
    if swap:
        op = mirror.get(op, op)
    if op in ('Lt', 'Le', 'Ne'):
        first, join = 'n:? = Lt({}, 0)', 'LogicalOr'
    else:
        first, join = 'n:? = Ge({}, 0)', 'LogicalAnd'
    return [first.format(a), 'x:L = As({})'.format(a),
            'u:? = {}(x, {})'.format(op, b),
            'o0 = {}(n, u)'.format(join)]


# NumPy's complex division (umath's Smith-style loop): scale by the larger
# part of the divisor; a zero divisor divides each part by 0.
DIVIDE_COMPLEX = [
    'br = Abs(b.re)',
    'bi = Abs(b.im)',
    'c:? = Ge(br, bi)',
    'z1:? = Eq(br, 0)',
    'z2:? = Eq(bi, 0)',
    'z:? = LogicalAnd(z1, z2)',
    'r1 = Div(b.im, b.re)',
    'm1 = Mul(b.im, r1)',
    'd1 = Add(b.re, m1)',
    's1 = Div(1, d1)',
    'p1 = Mul(a.im, r1)',
    'q1 = Add(a.re, p1)',
    'x1 = Mul(q1, s1)',
    'p2 = Mul(a.re, r1)',
    'q2 = Sub(a.im, p2)',
    'y1 = Mul(q2, s1)',
    'r2 = Div(b.re, b.im)',
    'm2 = Mul(b.re, r2)',
    'd2 = Add(b.im, m2)',
    's2 = Div(1, d2)',
    'p3 = Mul(a.re, r2)',
    'q3 = Add(p3, a.im)',
    'x2 = Mul(q3, s2)',
    'p4 = Mul(a.im, r2)',
    'q4 = Sub(p4, a.re)',
    'y2 = Mul(q4, s2)',
    'x0 = Div(a.re, br)',
    'y0 = Div(a.im, br)',
    'x3 = SWhere(z, x0, x1)',
    'y3 = SWhere(z, y0, y1)',
    'o0.re = SWhere(c, x3, x2)',
    'o0.im = SWhere(c, y3, y2)',
]

# NumPy's complex reciprocal (its own loop, not 1 / z).
RECIPROCAL_COMPLEX = [
    'ar = Abs(a.re)',
    'ai = Abs(a.im)',
    'c:? = Le(ai, ar)',
    'r1 = Div(a.im, a.re)',
    'm1 = Mul(a.im, r1)',
    'd1 = Add(a.re, m1)',
    'x1 = Div(1, d1)',
    'n1 = Neg(r1)',
    'y1 = Div(n1, d1)',
    'r2 = Div(a.re, a.im)',
    'm2 = Mul(a.re, r2)',
    'd2 = Add(m2, a.im)',
    'x2 = Div(r2, d2)',
    'y2 = Div(-1, d2)',
    'o0.re = SWhere(c, x1, x2)',
    'o0.im = SWhere(c, y1, y2)',
]

# |z| of complex128 (aclnnAbs has no c128, ops.md 1): the larger part
# times sqrt(1 + (smaller / larger)**2); an infinite part gives inf.
ABS_COMPLEX = [
    'x = Abs(a.re)',
    'y = Abs(a.im)',
    'mx = Maximum(x, y)',
    'mn = Minimum(x, y)',
    'r = Div(mn, mx)',
    'r2 = Mul(r, r)',
    's = Add(r2, 1)',
    'q = Sqrt(s)',
    'h = Mul(mx, q)',
    'z:? = Eq(mx, 0)',
    'h1 = SWhere(z, 0, h)',
    'nx:? = Ne(x, x)',
    'ny:? = Ne(y, y)',
    'nn:? = LogicalOr(nx, ny)',
    'nv = Add(x, y)',
    'h2 = SWhere(nn, nv, h1)',
    'ix:? = IsInf(x)',
    'iy:? = IsInf(y)',
    'ii:? = LogicalOr(ix, iy)',
    'o0 = SWhere(ii, inf, h2)',
]

# hypot of float32 (NumPy: hypotf) in float64: both squares and their sum
# are exact or rounded once, sqrt once, then rounded to float32; an
# infinite operand gives inf even against NaN.
HYPOT_VIA_DOUBLE = [
    'x:d = Widen(a)',
    'y:d = Widen(b)',
    'x2 = Mul(x, x)',
    'y2 = Mul(y, y)',
    's = Add(x2, y2)',
    'h = Sqrt(s)',
    'ia:? = IsInf(x)',
    'ib:? = IsInf(y)',
    'ii:? = LogicalOr(ia, ib)',
    'h2 = SWhere(ii, inf, h)',
    'o0 = Cast(h2)',
]

# NumPy's logaddexp: x == y gives x + log(2); else max + log1p(exp(-|x-y|)).
LOGADDEXP = [
    't = Sub(a, b)',
    'e:? = Eq(a, b)',
    'p:? = Gt(t, 0)',
    'u = Abs(t)',
    'v = Neg(u)',
    'w = Exp(v)',
    'l = Log1p(w)',
    'm = SWhere(p, a, b)',
    'r = Add(m, l)',
    'x2 = Add(a, LOGE2)',
    'o0 = SWhere(e, x2, r)',
]
LOGADDEXP2 = [
    't = Sub(a, b)',
    'e:? = Eq(a, b)',
    'p:? = Gt(t, 0)',
    'u = Abs(t)',
    'v = Neg(u)',
    'w = Exp2(v)',
    'l0 = Log1p(w)',
    'l = Mul(l0, LOG2E)',
    'm = SWhere(p, a, b)',
    'r = Add(m, l)',
    'x2 = Add(a, 1)',
    'o0 = SWhere(e, x2, r)',
]

# NumPy's heaviside: NaN for NaN, h0 at 0, 0 below, 1 above.
HEAVISIDE = [
    'n:? = Lt(a, 0)',
    'p:? = Gt(a, 0)',
    'z:? = Eq(a, 0)',
    't = SWhere(z, b, a)',
    'u = SWhere(p, 1, t)',
    'o0 = SWhere(n, 0, u)',
]

# copysign from the sign bit.
COPYSIGN = [
    'x = Abs(a)',
    's:? = Signbit(b)',
    'y = Neg(x)',
    'o0 = SWhere(s, y, x)',
]

# left_shift: NumPy gives 0 for a shift at or past the bit width, or
# negative (cast to unsigned it is huge); aclnnLeftShift is exact only
# below the width (ops.md 3).
LEFT_SHIFT = [
    'bu:uT = As(b)',
    'ok:? = Lt(bu, W)',
    'r = LeftShift(a, b)',
    'o0 = SWhere(ok, r, 0)',
]
# right_shift: past the width NumPy fills with the sign bit (signed) or 0
# (unsigned); aclnnRightShift is exact below it and clamps negatives to 0.
RIGHT_SHIFT_SIGNED = [
    'bu:uT = As(b)',
    'ok:? = Lt(bu, W)',
    'bs = SWhere(ok, b, W1)',
    'o0 = RightShift(a, bs)',
]
RIGHT_SHIFT_UNSIGNED = [
    'ok:? = Lt(b, W)',
    'r = RightShift(a, b)',
    'o0 = SWhere(ok, r, 0)',
]

# clip: NumPy's min(max(x, lo), hi) with NaN-propagating max/min (any NaN
# operand gives NaN; lo > hi gives hi).  aclnnClamp computes
# max(min(x, hi), lo) (lo > hi gives lo, ops.md 1): used where that agrees.
CLIP_INT = [
    'g:? = Gt(b, c)',
    'm = Clamp(a, b, c)',
    'o0 = SWhere(g, c, m)',
]
CLIP_FLOAT = [
    'n1:? = Ne(a, a)',
    'g1:? = Gt(a, b)',
    'c1:? = LogicalOr(n1, g1)',
    't = SWhere(c1, a, b)',
    'n2:? = Ne(t, t)',
    'l2:? = Lt(t, c)',
    'c2:? = LogicalOr(n2, l2)',
    'o0 = SWhere(c2, t, c)',
]
# scalar bounds (the common a.clip(0, 1)): one aclnnClamp and the NaN
# operand kept, unless a bound is NaN or lo > hi (decided on the host).
CLIP_FLOAT_SCALAR_BOUNDS = [
    'g:? = Gt(b, c)',
    'nb:? = Ne(b, b)',
    'nc:? = Ne(c, c)',
    'bad1:? = LogicalOr(g, nb)',
    'bad:? = LogicalOr(bad1, nc)',
    'm = Clamp(a, b, c)',
    'na:? = Ne(a, a)',
    'fast = SWhere(na, a, m)',
] + [line.replace('o0 =', 'slow =') for line in CLIP_FLOAT] + [
    'o0 = SWhere(bad, slow, fast)',
]
CLIP_BOOL = [
    't = LogicalOr(a, b)',
    'o0 = LogicalAnd(t, c)',
]
CLIP_UNSIGNED = [
    'x:sT = As(a)',
    'y:sT = As(b)',
    'z:sT = As(c)',
    'x1 = BitwiseXor(x, SMIN)',
    'y1 = BitwiseXor(y, SMIN)',
    'z1 = BitwiseXor(z, SMIN)',
    'g:? = Gt(y1, z1)',
    'm = Clamp(x1, y1, z1)',
    'r = SWhere(g, z1, m)',
    'o0 = BitwiseXor(r, SMIN)',
]


# round(decimals): NumPy multiplies by 10**decimals in the array's type,
# rints, divides back (negative decimals: divide, rint, multiply); integer
# arrays with negative decimals are computed in float64 and cast back.
ROUND_POS = ['y = Mul(a, @scale)', 'r = Round(y)', 'o0 = Div(r, @scale)']
ROUND_NEG = ['y = Div(a, @scale)', 'r = Round(y)', 'o0 = Mul(r, @scale)']
ROUND_INT_NEG = ['x:d = Cast(a)', 'y = Div(x, @scale)', 'r = Round(y)',
                 'z = Mul(r, @scale)', 'o0 = Cast(z)']

# exp2 of complex: NumPy's nc_exp2 is exp(z * ln 2).
EXP2_COMPLEX = [
    't.re = Mul(a.re, LOGE2)',
    't.im = Mul(a.im, LOGE2)',
    'o0 = Exp(t)',
]

# power of float32/float64 by a scalar exponent: NumPy's loops take a
# fast path for an exponent of stride 0 (umath's POWER_FAST_PATH): -1, 0,
# 0.5, 1 and 2 give 1 / x, 1, sqrt(x), x and x * x (sqrt(-inf) is NaN where
# pow gives inf; x * x is exact where NumPy's vector pow is not).  With a
# host exponent the choice is made on the host.
POWER_SCALAR_EXPONENT = [
    'm1:? = Eq(b, -1)',
    'z0:? = Eq(b, 0)',
    'h:? = Eq(b, 0.5)',
    'one:? = Eq(b, 1)',
    'two:? = Eq(b, 2)',
    'r1 = Div(1, a)',
    'r3 = Sqrt(a)',
    'r5 = Mul(a, a)',
    'p = Pow(a, b)',
    't5 = SWhere(two, r5, p)',
    't4 = SWhere(one, a, t5)',
    't3 = SWhere(h, r3, t4)',
    't2 = SWhere(z0, 1, t3)',
    'o0 = SWhere(m1, r1, t2)',
]

# sign of unsigned integers: 0 or 1.
SIGN_UNSIGNED_DIRECT = ['o0 = Ne(a, 0)']
SIGN_UNSIGNED = ['z:? = Ne(a, 0)', 'o0 = Cast(z)']


# ---------------------------------------------------------------- table --
# ufunc -> [(first-input chars | exact loops, program alternatives,
#            options)].  Options: via='f' computes float16 in float32 and
# rounds (what NumPy's float16 loops of these functions do).

def E(filt, *alts, **opts):
    return (filt, alts, opts)


def _math(op, real='fd', cplx=COMPLEX, f_via=None):
    """A function of ops.md section 2: float16 via float32 (NumPy computes
    its float16 loops so), float32/64 and complex where A2 has them."""
    rows = [E('e', unary(op), via='f')]
    if f_via:
        rows.append(E('f', unary(op), via=f_via))
        real = real.replace('f', '')
    rows.append(E(real + cplx, unary(op)))
    return rows



def _extremum_rows(op, cmp, part_cmp, nan_of):
    """maximum/minimum (nan_of 'a': a NaN propagates) and, with nan_of
    'b', the complex loops of fmax/fmin (a NaN is ignored unless both
    are); the core composes their other loops from maximum/minimum."""
    rows = [E(COMPLEX, complex_extremum(part_cmp, nan_of))]
    if nan_of == 'a':
        rows += [E(BOOL + SINT + 'B', binary(op)),
                 E('HIL', unsigned_extremum(op)),
                 E(FLOAT, extremum(cmp, nan_of))]
    return rows

UFUNCS = {
    'add': [E(ALL, binary('Add'))],
    'subtract': [E(ALL, binary('Sub'))],
    'multiply': [E(ALL, binary('Mul'))],
    'divide': [E(FLOAT, binary('Div')), E(COMPLEX, DIVIDE_COMPLEX)],
    'floor_divide': [
        # u16/u32: no aclnnFloorDivide (the core casts them to int32/int64
        # exactly); u64: nothing holds it.
        E(INT, FLOORDIV_INT),
        E('e', only(DIVMOD_FLOAT, 'o0'), via='f'),
        E('fd', only(DIVMOD_FLOAT, 'o0')),
    ],
    'remainder': [
        # u64: not exactly convertible to int64
        E(INT, only(REM_INT64, 'o1'), only(REM_INT_WIDE, 'o1')),
        E('e', only(DIVMOD_FLOAT, 'o1'), via='f'),
        E('fd', only(DIVMOD_FLOAT, 'o1')),
    ],
    'fmod': [
        # aclnnFmod: s32 s64 s8 u8 (others: the core casts)
        E(INT, FMOD_INT),
        E(FLOAT, binary('Fmod')),
    ],
    # divmod: both halves in one program (they share the quotient); the
    # core has no composition of it
    'divmod': [
        E(INT, FLOORDIV_INT + REM_INT64, FLOORDIV_INT + REM_INT_WIDE),
        E('e', DIVMOD_FLOAT, via='f'),
        E('fd', DIVMOD_FLOAT),
    ],
    'negative': [
        # aclnnNeg lacks s16 (u8 runs as s8): 0 - a
        E(INT, unary('Neg'), ['o0 = Sub(0, a)']),
        E(FLOAT + COMPLEX, unary('Neg')),
    ],
    'positive': [E(ALL, ['o0 = Copy(a)'])],
    'power': [
        # u16/u32/u64: no aclnnPow (the core casts u16/u32 to a wider
        # integer loop; the wrap-around is the same)
        E(INT, binary('Pow')),
        E('e', binary('Pow'), via='f'),
        E('fd', binary('Pow'), scalars=(POWER_SCALAR_EXPONENT, 2)),
        E(COMPLEX, binary('Pow')),
    ],
    # float_power: NumPy's plain npy_pow loop (no fast path)
    'float_power': [E('dD', binary('Pow'))],
    'absolute': [
        E('?' + INT + FLOAT, unary('Abs'), ['o0 = Copy(a)']),
        E('F', unary('Abs')),
        E('D', ABS_COMPLEX),
    ],
    'fabs': [E(FLOAT, unary('Abs'))],
    'rint': [
        E(FLOAT, unary('Round')),
        E(COMPLEX, ['o0.re = Round(a.re)', 'o0.im = Round(a.im)']),
    ],
    'sign': [
        # int8/int16: no aclnnSign (the core casts to int32); complex:
        # aclnnSign's formula is not NumPy's (ops.md 1): host
        E(SINT + FLOAT, unary('Sign')),
        E(UINT, SIGN_UNSIGNED_DIRECT, SIGN_UNSIGNED),
    ],
    'heaviside': [E(FLOAT, HEAVISIDE)],
    'conjugate': [
        E(BOOL + INT + FLOAT, ['o0 = Copy(a)']),
        E(COMPLEX, ['o0.re = Copy(a.re)', 'o0.im = Neg(a.im)']),
    ],
    'exp': _math('Exp'),
    'exp2': [
        E('e', unary('Exp2'), via='f'),
        E('fd', unary('Exp2')),
        E(COMPLEX, EXP2_COMPLEX),
    ],
    'log': _math('Log'),
    'log2': _math('Log2'),
    # float64: aclnnLog10 has no f64 out (ops.md 2)
    'log10': _math('Log10', real='f'),
    # float64: no f64 input (ops.md 2); complex: no operator
    'expm1': _math('Expm1', real='f', cplx=''),
    'log1p': _math('Log1p', cplx=''),
    'sqrt': _math('Sqrt'),
    'square': [E(ALL, ['o0 = Mul(a, a)'])],
    'reciprocal': [
        # integers: NumPy's 1 / x truncated (and undefined at 0): host
        E('e', ['o0 = Div(1, a)'], via='f'),
        E('fd', ['o0 = Div(1, a)']),
        E(COMPLEX, RECIPROCAL_COMPLEX),
    ],
    # A2: float32/float16 sin and cos are accurate only for abs(x) <= 1e7
    # (ops.md 2): float32 runs in float64 (float16 never exceeds 65504).
    # float32 on the device's own kernels: A2 documents them accurate for
    # abs(x) <= 1e7 (ops.md 2); computing through float64 instead costs
    # ~11x.  Listed in TODO.md as a device difference.
    'sin': _math('Sin'),
    'cos': _math('Cos'),
    'tan': _math('Tan'),
    'arcsin': _math('Asin', cplx=''),
    'arccos': _math('Acos', cplx=''),
    'arctan': _math('Atan', cplx=''),
    'arctan2': [E('e', binary('Atan2'), via='f'), E('fd', binary('Atan2'))],
    # float64: no exact composition (NumPy's libm hypot); host
    'hypot': [E('e', HYPOT_VIA_DOUBLE, via='f'), E('f', HYPOT_VIA_DOUBLE)],
    'sinh': _math('Sinh'),
    'cosh': _math('Cosh', cplx=''),
    'tanh': _math('Tanh', real='f', cplx=''),
    'arcsinh': _math('Asinh', cplx=''),
    'arccosh': _math('Acosh', cplx=''),
    'arctanh': _math('Atanh', cplx=''),
    'degrees': [E('e', ['o0 = Mul(a, R2D)'], via='f'),
                E('fd', ['o0 = Mul(a, R2D)'])],
    'radians': [E('e', ['o0 = Mul(a, D2R)'], via='f'),
                E('fd', ['o0 = Mul(a, D2R)'])],
    'bitwise_and': [E(BOOL + INT, binary('BitwiseAnd'))],
    'bitwise_or': [E(BOOL + INT, binary('BitwiseOr'))],
    'bitwise_xor': [E(BOOL + INT, binary('BitwiseXor'))],
    'invert': [E(BOOL + INT, unary('BitwiseNot'))],
    'left_shift': [E(INT, LEFT_SHIFT)],
    'right_shift': [E(SINT, RIGHT_SHIFT_SIGNED),
                    E(UINT, RIGHT_SHIFT_UNSIGNED)],
    'logical_and': [E(ALL, binary('LogicalAnd'))],
    'logical_or': [E(ALL, binary('LogicalOr'))],
    'logical_xor': [E(ALL, binary('LogicalXor'))],
    'logical_not': [E(BOOL + INT + FLOAT, unary('LogicalNot')),
                    E(COMPLEX, ['o0 = Eq(a, 0)'])],
    'maximum': _extremum_rows('Maximum', 'Gt', 'Ge', 'a'),
    'minimum': _extremum_rows('Minimum', 'Lt', 'Le', 'a'),
    'fmax': _extremum_rows('Maximum', 'Gt', 'Ge', 'b'),
    'fmin': _extremum_rows('Minimum', 'Lt', 'Le', 'b'),
    'isfinite': [E(FLOAT, unary('IsFinite')),
                 E(BOOL + INT, ['o0 = Fill(True)']),
                 E(COMPLEX, ['x:? = IsFinite(a.re)', 'y:? = IsFinite(a.im)',
                             'o0 = LogicalAnd(x, y)'])],
    'isinf': [E(FLOAT, unary('IsInf')),
              E(BOOL + INT, ['o0 = Fill(False)']),
              E(COMPLEX, ['x:? = IsInf(a.re)', 'y:? = IsInf(a.im)',
                          'o0 = LogicalOr(x, y)'])],
    # no aclnnIsNan (ops.md 3): x != x
    'isnan': [E(FLOAT + COMPLEX, ['o0 = Ne(a, a)']),
              E(BOOL + INT, ['o0 = Fill(False)'])],
    'signbit': [E(FLOAT, unary('Signbit'))],
    'copysign': [E(FLOAT, COPYSIGN)],
    # nextafter, spacing, ldexp, frexp, cbrt, gcd, lcm: no aclnn operator
    # and no exact composition: host
    'modf': [E(FLOAT, modf(None), modf(TRUNC_BY_FLOOR))],
    'floor': [E(BOOL + INT, ['o0 = Copy(a)']), E(FLOAT, unary('Floor'))],
    'ceil': [E(BOOL + INT, ['o0 = Copy(a)']), E(FLOAT, unary('Ceil'))],
    'trunc': [E(BOOL + INT, ['o0 = Copy(a)']),
              # where aclnnTrunc lacks the dtype the core composes it
              E(FLOAT, unary('Trunc'))],
    'logaddexp': [E('e', LOGADDEXP, via='f'), E('fd', LOGADDEXP)],
    'logaddexp2': [E('e', LOGADDEXP2, via='f'), E('fd', LOGADDEXP2)],
    # extra names of operations.md
    'where': [E(ALL, ['o0 = SWhere(a, b, c)'])],
    # clip of real numbers: fused programs (one aclnnClamp where it agrees
    # with NumPy); the core composes the complex loops
    'clip': [E(BOOL, CLIP_BOOL),
             E(SINT + 'B', CLIP_INT),
             E('HIL', CLIP_UNSIGNED),
             E(FLOAT, CLIP_FLOAT, scalars=(CLIP_FLOAT_SCALAR_BOUNDS, 6))],
    # nan_to_num of float64 (no aclnnNanToNum for it) and of complex (by
    # parts): the core composes them
    'nan_to_num': [E(BOOL + INT, ['o0 = Copy(a)']),
                   E('ef', ['o0 = NanToNum(a)'])],
    # complex: host
    'round': [E(BOOL, ['o0 = Copy(a)']),
              E(INT, ['o0 = Copy(a)'], decimals_neg=ROUND_INT_NEG),
              E(FLOAT, unary('Round'), decimals_pos=ROUND_POS,
                decimals_neg=ROUND_NEG)],
    # NumPy names that are not ufuncs, with the loops of their functions
    'real': [E(COMPLEX, ['o0 = Copy(a.re)'])],
    'imag': [E(COMPLEX, ['o0 = Copy(a.im)'])],
    'angle': [E('e', ['o0 = Atan2(0, a)'], via='f'),
              E('fd', ['o0 = Atan2(0, a)']),
              E(COMPLEX, ['o0 = Atan2(a.im, a.re)'])],
}

# Aliases (NumPy's own: numpy.mod is numpy.remainder ...).
for _alias, _name in (('true_divide', 'divide'), ('mod', 'remainder'),
                      ('conj', 'conjugate'), ('abs', 'absolute'),
                      ('deg2rad', 'radians'), ('rad2deg', 'degrees'),
                      ('bitwise_not', 'invert')):
    UFUNCS[_alias] = UFUNCS[_name]

# Comparisons: real loops natively; complex ordering composed; int64 with
# uint64 composed.
for _name, _op, _re, _part in (('greater', 'Gt', 'Gt', 'Gt'),
                               ('greater_equal', 'Ge', 'Gt', 'Ge'),
                               ('less', 'Lt', 'Lt', 'Lt'),
                               ('less_equal', 'Le', 'Lt', 'Le')):
    UFUNCS[_name] = [E(('lL->?',), mixed_compare(_op)),
                     E(('Ll->?',), mixed_compare(_op, swap=True)),
                     E(BOOL + INT + FLOAT, binary(_op)),
                     E(COMPLEX, complex_order(_re, _part))]
for _name, _op in (('equal', 'Eq'), ('not_equal', 'Ne')):
    UFUNCS[_name] = [E(('lL->?',), mixed_compare(_op)),
                     E(('Ll->?',), mixed_compare(_op, swap=True)),
                     E(ALL, binary(_op))]

# The loops of the extra names (operations.md): X = every dtype.  The only
# copy: the core reads them through Provider.routes (the bool round and the
# integer nan_to_num are copies; the core does not request them today).
EXTRA_LOOPS = {
    'where': ['?{0}{0}->{0}'.format(c) for c in ALL],
    'clip': ['{0}{0}{0}->{0}'.format(c) for c in ALL],
    'nan_to_num': ['{0}->{0}'.format(c) for c in ALL],
    'round': ['{0}->{0}'.format(c) for c in ALL],
    'real': ['{0}->{1}'.format(c, c.lower()) for c in COMPLEX],
    'imag': ['{0}->{1}'.format(c, c.lower()) for c in COMPLEX],
    'angle': ['e->e', 'f->f', 'd->d', 'F->f', 'D->d'],
}


def normalize(loop):
    return loop.replace('q', 'l').replace('Q', 'L')


def numpy_loops(name):
    """The loops of `name` on our 14 dtypes, normalised, without
    duplicates, in NumPy's order."""
    if name in EXTRA_LOOPS:
        return list(EXTRA_LOOPS[name])
    uf = getattr(numpy, name, None)
    if not isinstance(uf, numpy.ufunc):
        return []
    seen = []
    for t in uf.types:
        if all(c in ALL + 'qQ' for c in t.replace('->', '')):
            t = normalize(t)
            if t not in seen:
                seen.append(t)
    return seen
