"""The one table of elementwise expressions of the CUDA provider: for
each NumPy ufunc (and the extra names of operations.md) a CUDA C
expression per operand class, with NumPy's results on every loop NumPy
defines for it (ops/_prelude.py holds the helpers named here).

Operands: ``a``, ``b``, ``c`` are the inputs in their compute types
(float16 computes in float); ``A`` is the compute type of the first input,
``R`` of the first output.  Classes: ``b`` bool, ``i`` signed, ``u``
unsigned, ``f`` real float, ``c`` complex, ``*`` any (chosen by the first
input's class).  A two-output ufunc has a tuple of expressions.  The
result is converted to the output's dtype with NumPy's cast.

A loop is published (routes) when NumPy defines it for the ufunc, its
dtypes are among ``_prelude.CHARS`` (not long double, object or
datetime), and this table has an expression for its class.
"""

import numpy

from cupy_backends.cuda.ops._prelude import CHARS, type_class

_INT = ('i', 'u')


def _same(expr, classes):
    return {k: expr for k in classes}


def _math(fn):
    # real floats only: CUDA's device math (float overloads for float)
    return {'f': '{}(a)'.format(fn)}


UFUNCS = {
    # arithmetic (integers wrap around, bool add/multiply are or/and)
    'add': dict(_same('a + b', 'iufc'), b='a || b'),
    'subtract': _same('a - b', 'iufc'),
    'multiply': dict(_same('a * b', 'iufc'), b='a && b'),
    'divide': _same('a / b', 'fc'),
    'true_divide': _same('a / b', 'fc'),
    'floor_divide': dict(_same('ifloordiv(a, b)', _INT), f='ffloordiv(a, b)'),
    'remainder': dict(_same('iremainder(a, b)', _INT), f='fremainder(a, b)'),
    'fmod': dict(_same('ifmod(a, b)', _INT), f='fmod(a, b)'),
    'divmod': dict(_same(('ifloordiv(a, b)', 'iremainder(a, b)'), _INT),
                   f=('ffloordiv(a, b)', 'fremainder(a, b)')),
    'power': dict(_same('ipow(a, b)', _INT), f='fpow(a, b)', c='cpow_(a, b)'),
    'float_power': {'f': 'fpow(a, b)', 'c': 'cpow_(a, b)'},
    'negative': _same('-a', 'iufc'),
    'positive': _same('a', 'iufc'),
    'absolute': dict(i='(a < A(0) ? A(0) - a : a)', u='a', b='a',
                     f='fabs(a)', c='cabs_(a)'),
    'fabs': {'f': 'fabs(a)'},
    'square': _same('a * a', 'iufc'),
    # integers: NumPy's 1.0 / x in double, cast back (1/0 casts inf)
    'reciprocal': dict(_same('1.0 / (double)a', _INT), f='A(1) / a',
                       c='conv<A>(1.0f) / a'),
    'sign': dict(i='(A)((a > A(0)) - (a < A(0)))', u='(A)(a > A(0))',
                 f='fsign(a)', c='csign_(a)'),
    'conjugate': dict(_same('a', 'iuf'), c='mk(a.re, -a.im)'),
    'conj': dict(_same('a', 'iuf'), c='mk(a.re, -a.im)'),
    'gcd': _same('igcd(a, b)', _INT),
    'lcm': _same('ilcm(a, b)', _INT),
    # comparisons and logic
    'equal': _same('a == b', 'biufc'),
    'not_equal': _same('a != b', 'biufc'),
    'less': _same('a < b', 'biufc'),
    'less_equal': _same('a <= b', 'biufc'),
    'greater': _same('a > b', 'biufc'),
    'greater_equal': _same('a >= b', 'biufc'),
    'logical_and': _same('conv<bool>(a) && conv<bool>(b)', 'biufc'),
    'logical_or': _same('conv<bool>(a) || conv<bool>(b)', 'biufc'),
    'logical_xor': _same('conv<bool>(a) != conv<bool>(b)', 'biufc'),
    'logical_not': _same('!conv<bool>(a)', 'biufc'),
    'maximum': dict(_same('(a > b ? a : b)', _INT), b='a || b',
                    f='fmaximum(a, b)', c='fmaximum(a, b)'),
    'minimum': dict(_same('(a < b ? a : b)', _INT), b='a && b',
                    f='fminimum(a, b)', c='fminimum(a, b)'),
    'fmax': dict(_same('(a > b ? a : b)', _INT), b='a || b',
                 f='ffmax(a, b)', c='ffmax(a, b)'),
    'fmin': dict(_same('(a < b ? a : b)', _INT), b='a && b',
                 f='ffmin(a, b)', c='ffmin(a, b)'),
    # bits
    'bitwise_and': _same('a & b', 'biu'),
    'bitwise_or': _same('a | b', 'biu'),
    'bitwise_xor': _same('a ^ b', 'biu'),
    'invert': dict(_same('~a', _INT), b='!a'),
    'left_shift': _same('ilshift(a, b)', _INT),
    'right_shift': _same('irshift(a, b)', _INT),
    'bitwise_count': dict(i='ipopcount(a)', u='ipopcount((u64_t)a)'),
    # floating point classification
    'isnan': dict(_same('false', 'biu'), f='isnan(a)', c='isnan_(a)'),
    'isinf': dict(_same('false', 'biu'), f='isinf(a)',
                  c='isinf(a.re) || isinf(a.im)'),
    'isfinite': dict(_same('true', 'biu'), f='isfinite(a)',
                     c='isfinite(a.re) && isfinite(a.im)'),
    'signbit': {'f': 'signbit(a)'},
    'copysign': {'f': 'copysign(a, b)'},
    'nextafter': {'f': 'nextafter(a, b)'},
    'spacing': {'f': 'fspacing(a)'},
    'ldexp': {'f': 'ldexp(a, (int)max(min((long long)b, 100000LL), '
                   '-100000LL))'},
    'frexp': {'f': ('frexp(a, &_e)', '_e')},
    'modf': {'f': ('modf(a, &_m)', '_m')},
    # rounding
    'floor': dict(_same('a', _INT), f='floor(a)'),
    'ceil': dict(_same('a', _INT), f='ceil(a)'),
    'trunc': dict(_same('a', _INT), f='trunc(a)'),
    'rint': dict(f='rint(a)', c='mk(rint(a.re), rint(a.im))'),
    # exponents and logarithms
    'exp': dict(f='exp(a)', c='cexp_(a)'),
    'exp2': {'f': 'exp2(a)', 'c': 'cexp2_(a)'},
    'expm1': _math('expm1'),
    'log': dict(f='log(a)', c='clog_(a)'),
    'log2': dict(f='log2(a)', c='clog2_(a)'),
    'log10': dict(f='log10(a)', c='clog10_(a)'),
    'log1p': _math('log1p'),
    'logaddexp': {'f': 'flogaddexp(a, b)'},
    'logaddexp2': {'f': 'flogaddexp2(a, b)'},
    'sqrt': dict(f='sqrt(a)', c='csqrt_(a)'),
    'cbrt': _math('cbrt'),
    # trigonometric and hyperbolic
    'sin': dict(f='sin(a)', c='csin_(a)'),
    'cos': dict(f='cos(a)', c='ccos_(a)'),
    'tan': dict(f='tan(a)', c='csin_(a) / ccos_(a)'),
    # complex: ops/_catrig.py
    'arcsin': dict(f='asin(a)', c='casin_(a)'),
    'arccos': dict(f='acos(a)', c='cacos_(a)'),
    'arctan': dict(f='atan(a)', c='catan_(a)'),
    'sinh': dict(f='sinh(a)', c='csinh_(a)'),
    'cosh': dict(f='cosh(a)', c='ccosh_(a)'),
    'tanh': dict(f='tanh(a)', c='csinh_(a) / ccosh_(a)'),
    'arcsinh': dict(f='asinh(a)', c='casinh_(a)'),
    'arccosh': dict(f='acosh(a)', c='cacosh_(a)'),
    'arctanh': dict(f='atanh(a)', c='catanh_(a)'),
    'arctan2': {'f': 'atan2(a, b)'},
    'hypot': {'f': 'hypot(a, b)'},
    'degrees': {'f': 'a * A(57.29577951308232087679815481410517033)'},
    'rad2deg': {'f': 'a * A(57.29577951308232087679815481410517033)'},
    'radians': {'f': 'a * A(0.017453292519943295769236907684886127)'},
    'deg2rad': {'f': 'a * A(0.017453292519943295769236907684886127)'},
    'heaviside': {'f': 'fheaviside(a, b)'},
}

# The extra elementwise names of operations.md.  Their loops are not
# NumPy ufunc loops: listed here per dtype char of the operands.
EXTRA = {
    # '?XX->X': out = b where a else c
    'where': ('?XX->X', dict(_same('(a ? b : c)', 'biufc'))),
    # 'XXX->X': NumPy's clip, min(max(a, lo), hi) with NaN propagated
    'clip': ('XXX->X', dict(_same('imin_(imax_(a, b), c)', 'biu'),
                            f='fminimum(fmaximum(a, b), c)')),
    # attrs nan, posinf, neginf (kernel arguments)
    'nan_to_num': ('X->X', dict(_same('a', 'biu'),
                                f='fnan_to_num(a, _nan, _pinf, _ninf)',
                                c='mk(fnan_to_num(a.re, _nan, _pinf, _ninf), '
                                  'fnan_to_num(a.im, _nan, _pinf, _ninf))')),
    # the provider's own cast ('copy' and 'fill')
    '_copy': ('X->Y', {'*': 'a'}),
}

# attributes passed to the kernel as double arguments, per name
ATTR_ARGS = {'nan_to_num': ('nan', 'posinf', 'neginf')}
# temporaries a two-output expression writes through a pointer
TEMPS = {'frexp': 'int _e;', 'modf': 'A _m;'}


# NumPy's exact comparisons of int64 with uint64 (its 'qQ->?' and
# 'Qq->?' loops): C would convert the signed operand to unsigned
_MIXED = {
    'lL': {'less': '(a < 0 || (u64_t)a < b)',
           'less_equal': '(a < 0 || (u64_t)a <= b)',
           'greater': '(a >= 0 && (u64_t)a > b)',
           'greater_equal': '(a >= 0 && (u64_t)a >= b)',
           'equal': '(a >= 0 && (u64_t)a == b)',
           'not_equal': '(a < 0 || (u64_t)a != b)'},
    'Ll': {'less': '(b >= 0 && a < (u64_t)b)',
           'less_equal': '(b >= 0 && a <= (u64_t)b)',
           'greater': '(b < 0 || a > (u64_t)b)',
           'greater_equal': '(b < 0 || a >= (u64_t)b)',
           'equal': '(b >= 0 && a == (u64_t)b)',
           'not_equal': '(b < 0 || a != (u64_t)b)'},
}
# float16 computes in float: these need float16's own grid
_HALF = {'nextafter': 'hnextafter(a, b)', 'spacing': 'hspacing(a)'}
# NumPy's float32/float64 power loops take a fast path when the exponent
# has stride 0 (umath's POWER_FAST_PATH): -1, 0, 0.5, 1, 2 give 1 / x, 1,
# sqrt(x), x, x * x (sqrt(-inf) is NaN and sqrt(-0.0) -0.0 where pow gives
# inf and 0.0).  As in the ascend provider, a host scalar exponent takes it.
_SCALAR_EXPONENT = {('power', 'f'): 'fpow_s(a, b)',
                    ('power', 'd'): 'fpow_s(a, b)'}


def expression(name, loop, scalars=()):
    """The expression (str, or tuple per output) of `loop` of `name`, or
    None.  `scalars`: per input, whether it is a host scalar."""
    ins = loop.split('->')[0]
    if len(scalars) > 1 and scalars[1] and not scalars[0]:
        form = _SCALAR_EXPONENT.get((name, ins[:1]))
        if form is not None:
            return form
    mixed = _MIXED.get(ins[:2])
    if mixed is not None and name in mixed:
        return mixed[name]
    if ins[:1] == 'e' and name in _HALF:
        return _HALF[name]
    entry = UFUNCS.get(name)
    if entry is None:
        extra = EXTRA.get(name)
        if extra is None:
            return None
        entry = extra[1]
    ins = loop.split('->')[0]
    if any(ch not in CHARS for ch in loop.replace('->', '')):
        return None
    cls = type_class(ins[1] if name == 'where' else ins[0])
    return entry.get(cls, entry.get('*'))


def _numpy_loops(name):
    uf = getattr(numpy, name, None)
    if not isinstance(uf, numpy.ufunc):
        return ()
    return [t.replace('q', 'l').replace('Q', 'L') for t in uf.types]


def _extra_loops(name):
    pattern = EXTRA[name][0]
    if name == '_copy':
        return ['{}->{}'.format(x, y) for x in CHARS for y in CHARS
                if x not in 'qQ' and y not in 'qQ']
    out = []
    for ch in CHARS:
        if ch in 'qQ':
            continue
        out.append(pattern.replace('X', ch))
    return out


_loops_cache = {}


def loops(name):
    """The loop strings of `name` this provider runs (frozenset)."""
    try:
        return _loops_cache[name]
    except KeyError:
        pass
    cands = _extra_loops(name) if name in EXTRA else _numpy_loops(name)
    found = frozenset(t for t in cands if expression(name, t) is not None)
    _loops_cache[name] = found
    return found
