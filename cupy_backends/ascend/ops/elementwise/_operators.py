"""The aclnn operators the elementwise provider calls, as data: their
Atlas A2 dtype sets, calling conventions and documented limits
(shared/reference/cann/ops.md sections 1-3; "sec" gives the section, the
comment the doc's own wording where it matters), and the generic operators
the loop programs (_table.py) are written in.

The simulator declares the same sets (csrc/sim_ops_elementwise*.c);
tests/simulator_tests/test_ops_elementwise.py checks they agree.
"""

import numpy

# NumPy dtype chars; 'l' is int64 and 'L' uint64 ('q'/'Q' are normalised).
BOOL = '?'
SINT = 'bhil'
UINT = 'BHIL'
INT = SINT + UINT
FLOAT = 'efd'
COMPLEX = 'FD'
ALL = BOOL + INT + FLOAT + COMPLEX

# ---------------------------------------------------------- signatures --
# The first-phase parameters before (workspaceSize, executor):
SIG_T = 'T'          # (cT self, T out)
SIG_TT = 'TT'        # (cT self, cT other, T out)
SIG_TTA = 'TTA'      # (cT self, cT other, cS alpha, T out)
SIG_TS = 'TS'        # (cT self, cS other, T out)
SIG_TSA = 'TSA'      # (cT self, cS other, cS alpha, T out)
SIG_ST = 'ST'        # (cS self, cT other, T out)
SIG_TTT = 'TTT'      # (cT, cT, cT, T out): SWhere, ClampTensor
SIG_TSS = 'TSS'      # (cT self, cS min, cS max, T out): Clamp
SIG_NAN = 'NAN'      # (cT self, float nan, float posinf, float neginf, T out)
# (cT self, cT tensor1, cT tensor2, cS value, T out): Addcmul, Addcdiv
SIG_TTTV = 'TTTV'


class Aclnn:
    """One aclnn operator: `ins` the input dtype chars, `outs` the out
    dtype chars, `out_contig`: out must be contiguous (the doc's NC column
    for out is x or not stated), `int_scalar_limit`: an int32/int64
    scalar beyond it loses precision."""

    def __init__(self, name, sig, ins, outs=None, sec='', out_contig=False,
                 int_scalar_limit=None):
        self.name = name
        self.sig = sig
        self.ins = frozenset(ins)
        self.outs = frozenset(outs if outs is not None else ins)
        self.sec = sec
        self.out_contig = out_contig
        self.int_scalar_limit = int_scalar_limit


def _op(*args, **kw):
    a = Aclnn(*args, **kw)
    ACLNN[a.name] = a


ACLNN = {}

# Dtype sets of ops.md written with our chars (bfloat16 has no NumPy
# dtype and is left out).
# f32 f16 f64 s32 s64 s16 s8 u8 b c128 c64 (bf16)
_ADD = '?bhilBefdFD'
# section 1
_op('Add', SIG_TTA, _ADD, sec='1')
# "Adds: int32/int64 scalar > 2**24 may lose precision -- use tensor form"
_op('Adds', SIG_TSA, _ADD, sec='1', int_scalar_limit=2 ** 24)
_op('Sub', SIG_TTA, _ADD, sec='1')
_op('Subs', SIG_TSA, _ADD, sec='1')
_op('Rsubs', SIG_TSA, 'bBhilefdFD', sec='1')          # as add, no bool
_op('Mul', SIG_TT, _ADD, sec='1')
# "Muls with s32/s64 'precision loss' warning"
_op('Muls', SIG_TS, _ADD, sec='1', int_scalar_limit=2 ** 24)
_op('Div', SIG_TT, _ADD, sec='1')
_op('Divs', SIG_TS, _ADD, sec='1')
_op('FloorDivide', SIG_TT, '?bhilBefd', sec='1')
_op('FloorDivides', SIG_TS, '?bhilBefd', sec='1')
# Remainder: "promoted compute dtype must be s32 s64 f16 f32 f64 bf16";
# "s32 precise only within +-2**24": int32 is left out here.
_op('RemainderTensorTensor', SIG_TT, 'lefd', sec='1')
_op('RemainderTensorScalar', SIG_TS, 'lefd', sec='1')
_op('RemainderScalarTensor', SIG_ST, 'lefd', sec='1')
_op('FmodTensor', SIG_TT, 'efdilbB', sec='1')
_op('FmodScalar', SIG_TS, 'efdilbB', sec='1')
_op('PowTensorTensor', SIG_TT, '?bhilBefdFD', 'bhilBHILefdFD', sec='1')
_op('PowTensorScalar', SIG_TS, '?bhilBefdFD', 'bhilBHILefdFD', sec='1')
_op('PowScalarTensor', SIG_ST, '?bhilBefdFD', 'bhilBHILefdFD', sec='1')
_op('Neg', SIG_T, 'bilefdFD', sec='1')                # no s16, u8, bool
_op('Abs', SIG_T, '?bhilBefdF', '?bhilBefd', sec='1')  # complex -> real
_op('Sign', SIG_T, '?ilefdFD', sec='1')
_op('Sqrt', SIG_T, '?bhilBefdFD', 'efdFD', sec='1')
_op('Clamp', SIG_TSS, 'bhilBefd', sec='1')            # no bool on A2
_op('ClampTensor', SIG_TTT, 'bhilBefd', sec='1')
# section 2
_op('Exp', SIG_T, '?lefdFD', 'efdFD', sec='2')
_op('Exp2', SIG_T, '?bhilBefd', 'efd', sec='2')
_op('Expm1', SIG_T, '?lef', 'efd', sec='2')           # no f64 input
# Log, Log2: out NC not stated
_op('Log', SIG_T, '?bhilBefdFD', 'efdFD', sec='2', out_contig=True)
_op('Log2', SIG_T, '?bhilBefdFD', 'efdFD', sec='2', out_contig=True)
# Log10: f64 is listed as an input but not as an out, and a float self
# needs an out of its own dtype: no f64
_op('Log10', SIG_T, '?bhilBefFD', 'efFD', sec='2')
_op('Log1p', SIG_T, '?bhilBefd', 'efd', sec='2')
_op('Sin', SIG_T, '?bhilBefdFD', 'efdFD', sec='2')
_op('Cos', SIG_T, '?bhilBefdFD', 'efdFD', sec='2')
_op('Tan', SIG_T, '?bhilBefdFD', 'efdFD', sec='2')
_op('Asin', SIG_T, '?bhilBefd', 'efd', sec='2')
_op('Acos', SIG_T, '?bhilBefd', 'efd', sec='2')
_op('Atan', SIG_T, '?bhilBefd', 'efd', sec='2')
_op('Atan2', SIG_TT, '?bhilBefd', 'efd', sec='2')
_op('Sinh', SIG_T, '?bhilBefdFD', 'efdFD', sec='2')
_op('Cosh', SIG_T, 'efd', sec='2')
_op('Tanh', SIG_T, '?bhilBef', 'ef', sec='2')         # no f64
_op('Asinh', SIG_T, '?bhilBefd', 'efd', sec='2')
_op('Acosh', SIG_T, 'efd', sec='2')
_op('Atanh', SIG_T, '?bhilBefd', 'efd', sec='2')
_op('Floor', SIG_T, 'bhilBHILefd', sec='2')
_op('Ceil', SIG_T, 'efd', sec='2')
_op('Trunc', SIG_T, 'ef', sec='2')                    # no f64
_op('Round', SIG_T, 'ilefd', sec='2')                 # half to even
_op('NanToNum', SIG_NAN, '?bhilBef', sec='2')         # no f64
# Signbit: out NC not stated
_op('Signbit', SIG_T, '?bhilBHILefd', '?', sec='2', out_contig=True)
# section 3
_op('Maximum', SIG_TT, '?bhilBefd', sec='3')
_op('Minimum', SIG_TT, '?bhilBefd', sec='3')
# comparisons: out any bool-castable; we write bool
_EQ = '?bhilBefdFD'
_ORDER = '?bhilBHILefd'
_op('EqTensor', SIG_TT, _EQ, '?bhilBefd', sec='3')
_op('EqScalar', SIG_TS, _EQ, '?bhilBefd', sec='3')
_op('NeTensor', SIG_TT, _EQ, '?bhilBefd', sec='3')
_op('NeScalar', SIG_TS, _EQ, '?bhilBefd', sec='3')
_op('LtScalar', SIG_TS, _ORDER, '?', sec='3')
_op('LeScalar', SIG_TS, '?bhilBHefd', '?', sec='3')   # no u32/u64
_op('GtTensor', SIG_TT, _ORDER, '?', sec='3')
_op('GtScalar', SIG_TS, _ORDER, '?', sec='3')
_op('GeTensor', SIG_TT, _ORDER, '?', sec='3')
_op('GeScalar', SIG_TS, _ORDER, '?', sec='3')
_op('LogicalAnd', SIG_TT, '?bhilBefdFD', '?', sec='3')
_op('LogicalOr', SIG_TT, '?bhilBefdFD', '?', sec='3')
_op('LogicalXor', SIG_TT, '?bhilBefdFD', '?', sec='3')
_op('LogicalNot', SIG_T, '?bhilBefd', '?', sec='3')
_op('BitwiseAndTensor', SIG_TT, '?bhilBH', sec='3')
_op('BitwiseAndScalar', SIG_TS, '?bhilBH', sec='3')
_op('BitwiseOrTensor', SIG_TT, '?bhilBHIL', sec='3')
_op('BitwiseOrScalar', SIG_TS, '?bhHilB', sec='3')     # A2: no u32/u64
_op('BitwiseXorTensor', SIG_TT, '?bhilB', sec='3')
_op('BitwiseXorScalar', SIG_TS, '?bhilB', sec='3')
# BitwiseNot: out NC not stated
_op('BitwiseNot', SIG_T, '?bhilB', sec='3', out_contig=True)
_op('LeftShift', SIG_TT, INT, sec='3')
_op('LeftShifts', SIG_TS, INT, sec='3')
_op('RightShift', SIG_TT, INT, sec='3')
# IsInf: out NC x
_op('IsInf', SIG_T, '?bhilBefd', '?', sec='3', out_contig=True)
_op('IsFinite', SIG_T, 'efd', '?', sec='3')
_op('IsPosInf', SIG_T, 'efd', '?', sec='3')
_op('IsNegInf', SIG_T, 'efd', '?', sec='3')
# SWhere: condition u8 or bool; out NC not stated
_op('SWhere', SIG_TTT, ALL, sec='3', out_contig=True)
# Fused operators (ops.md is silent; hicann/ops-math math/addcmul and
# math/addcdiv docs and op_api sources: csrc/sim_ops_fused.c cites them).
# No bool, int16 or complex; bfloat16 has no NumPy dtype.
_op('Addcmul', SIG_TTTV, 'bilBefd', sec='ops-math addcmul')
_op('Addcdiv', SIG_TTTV, 'lefd', sec='ops-math addcdiv')


# ---------------------------------------------------- generic operators --
# The operators programs are written in.  Each maps the operand forms of a
# call (which operands are host scalars) to an aclnn operator, with the
# order in which the program's operands are passed: `forms` is a list of
# (scalar mask, aclnn name, operand order); bit k of the mask: operand k is
# a scalar.  The all-tensor form (mask 0) always exists: a scalar operand
# is made a 1-element device tensor when no form takes it.
#
# result: 'same' (the operands' dtype), 'bool', 'real' (a complex
# operand's part type); agnostic: unsigned operands may run as the signed
# type of their size (two's complement: same bits); fold: the NumPy
# function for operands that are all host scalars.

class Generic:
    def __init__(self, name, forms, result='same', agnostic=False,
                 fold=None, nin=None):
        self.name = name
        self.forms = forms
        self.result = result
        self.agnostic = agnostic
        self.fold = fold
        self.nin = nin if nin is not None else len(forms[0][2])


GENERIC = {}


def _g(name, forms, **kw):
    GENERIC[name] = Generic(name, forms, **kw)


def _unary(name, fold, result='same', agnostic=False, aclnn=None):
    _g(name, [(0, aclnn or name, (0,))], result=result, agnostic=agnostic,
       fold=fold)


def _binary(name, tt, ts=None, st=None, swap=False, **kw):
    forms = [(0, tt, (0, 1))]
    if ts:
        forms.append((2, ts, (0, 1)))
    if st:
        forms.append((1, st, (1, 0)))
    elif swap and ts:
        forms.append((1, ts, (1, 0)))
    _g(name, forms, **kw)


def _clamp_fold(x, lo, hi):
    # the device's formula max(min(x, max), min) (ops.md 1)
    return numpy.maximum(numpy.minimum(x, hi), lo)


_binary('Add', 'Add', 'Adds', swap=True, agnostic=True, fold=numpy.add)
# a scalar first: Rsubs computes other - self
_binary('Sub', 'Sub', 'Subs', 'Rsubs', agnostic=True, fold=numpy.subtract)
_binary('Mul', 'Mul', 'Muls', swap=True, agnostic=True, fold=numpy.multiply)
_binary('Div', 'Div', 'Divs', fold=numpy.true_divide)
_binary('FloorDivide', 'FloorDivide', 'FloorDivides',
        fold=numpy.floor_divide)
_binary('Fmod', 'FmodTensor', 'FmodScalar', fold=numpy.fmod)
_binary('Remainder', 'RemainderTensorTensor', 'RemainderTensorScalar',
        fold=numpy.remainder)
GENERIC['Remainder'].forms.append((1, 'RemainderScalarTensor', (0, 1)))
_binary('Pow', 'PowTensorTensor', 'PowTensorScalar', fold=numpy.power)
GENERIC['Pow'].forms.append((1, 'PowScalarTensor', (0, 1)))
_binary('Atan2', 'Atan2', fold=numpy.arctan2)
_binary('Maximum', 'Maximum', fold=numpy.maximum)
_binary('Minimum', 'Minimum', fold=numpy.minimum)
_binary('Eq', 'EqTensor', 'EqScalar', swap=True, result='bool',
        agnostic=True, fold=numpy.equal)
_binary('Ne', 'NeTensor', 'NeScalar', swap=True, result='bool',
        agnostic=True, fold=numpy.not_equal)
# LtTensor's `other` is not documented as accepting strides (ops.md 3) and
# LeTensor lacks u32/u64: both run as Gt/Ge with the operands swapped.
_g('Lt', [(0, 'GtTensor', (1, 0)), (2, 'LtScalar', (0, 1)),
          (1, 'GtScalar', (1, 0))], result='bool', fold=numpy.less)
_g('Le', [(0, 'GeTensor', (1, 0)), (2, 'LeScalar', (0, 1)),
          (1, 'GeScalar', (1, 0))], result='bool', fold=numpy.less_equal)
_g('Gt', [(0, 'GtTensor', (0, 1)), (2, 'GtScalar', (0, 1)),
          (1, 'LtScalar', (1, 0))], result='bool', fold=numpy.greater)
_g('Ge', [(0, 'GeTensor', (0, 1)), (2, 'GeScalar', (0, 1)),
          (1, 'LeScalar', (1, 0))], result='bool', fold=numpy.greater_equal)
_binary('LogicalAnd', 'LogicalAnd', result='bool', agnostic=True,
        fold=numpy.logical_and)
_binary('LogicalOr', 'LogicalOr', result='bool', agnostic=True,
        fold=numpy.logical_or)
_binary('LogicalXor', 'LogicalXor', result='bool', agnostic=True,
        fold=numpy.logical_xor)
_binary('BitwiseAnd', 'BitwiseAndTensor', 'BitwiseAndScalar', swap=True,
        agnostic=True, fold=numpy.bitwise_and)
_binary('BitwiseOr', 'BitwiseOrTensor', 'BitwiseOrScalar', swap=True,
        agnostic=True, fold=numpy.bitwise_or)
_binary('BitwiseXor', 'BitwiseXorTensor', 'BitwiseXorScalar', swap=True,
        agnostic=True, fold=numpy.bitwise_xor)
_binary('LeftShift', 'LeftShift', 'LeftShifts', fold=numpy.left_shift)
_binary('RightShift', 'RightShift', fold=numpy.right_shift)
_g('SWhere', [(0, 'SWhere', (0, 1, 2))], fold=numpy.where)
_g('Clamp', [(0, 'ClampTensor', (0, 1, 2)), (6, 'Clamp', (0, 1, 2))],
   fold=_clamp_fold)
_g('NanToNum', [(0, 'NanToNum', (0,))], fold=None)
# Fused operators with a literal attribute v, the last argument of the
# program line (operations.md, elementwise_program): Axpy(x, y, v) is
# x + v * y (aclnnAdd/aclnnAdds with alpha v); Addcmul(x, p, q, v) is
# x + v * p * q and Addcdiv(x, p, q, v) x + v * p / q.  Each step is
# rounded to the operands' type, as the unfused steps are.
_g('Axpy', [(0, 'Add', (0, 1)), (2, 'Adds', (0, 1))], fold=None)
_g('Addcmul', [(0, 'Addcmul', (0, 1, 2))], fold=None)
_g('Addcdiv', [(0, 'Addcdiv', (0, 1, 2))], fold=None)
# the generic operators whose last program argument is that attribute
ATTRIBUTE_OPS = frozenset(['Axpy', 'Addcmul', 'Addcdiv'])

_unary('Neg', numpy.negative, agnostic=True)
_unary('Abs', numpy.absolute, result='real')
_unary('Sign', numpy.sign)
_unary('Sqrt', numpy.sqrt)
for _n, _f in (('Exp', numpy.exp), ('Exp2', numpy.exp2),
               ('Expm1', numpy.expm1), ('Log', numpy.log),
               ('Log2', numpy.log2), ('Log10', numpy.log10),
               ('Log1p', numpy.log1p), ('Sin', numpy.sin),
               ('Cos', numpy.cos), ('Tan', numpy.tan),
               ('Asin', numpy.arcsin), ('Acos', numpy.arccos),
               ('Atan', numpy.arctan), ('Sinh', numpy.sinh),
               ('Cosh', numpy.cosh), ('Tanh', numpy.tanh),
               ('Asinh', numpy.arcsinh), ('Acosh', numpy.arccosh),
               ('Atanh', numpy.arctanh), ('Floor', numpy.floor),
               ('Ceil', numpy.ceil), ('Trunc', numpy.trunc),
               ('Round', numpy.rint)):
    _unary(_n, _f)
_unary('Signbit', numpy.signbit, result='bool')
_unary('IsInf', numpy.isinf, result='bool')
_unary('IsFinite', numpy.isfinite, result='bool')
_unary('IsPosInf', numpy.isposinf, result='bool')
_unary('IsNegInf', numpy.isneginf, result='bool')
_unary('LogicalNot', numpy.logical_not, result='bool', agnostic=True)
_unary('BitwiseNot', numpy.invert, agnostic=True)

# Operators the provider runs itself (no aclnn call of their own):
# Cast (an unchecked cast: the program knows the values fit), Widen (a
# cast that must be exact), Copy, Fill, As (reinterpret the bits as
# another type of the same size: no work at all).
HOST_OPS = ('Cast', 'Widen', 'Copy', 'Fill', 'As')
