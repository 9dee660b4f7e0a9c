"""Operands for the ufunc tests: the same values for NumPy and CuPy, in
each ufunc's domain (small shift counts and exponents, [-1, 1] for
arcsin ...), with negative values, zeros, fractions and, for floats,
special values where the ufunc is defined on them."""

import numpy

# Every ufunc of cupy/_math/ufuncs.py by arity (NumPy's nin).
UNARY = [n for n in (
    'negative', 'positive', 'absolute', 'fabs', 'rint', 'sign', 'conjugate',
    'exp', 'exp2', 'log', 'log2', 'log10', 'expm1', 'log1p', 'sqrt',
    'square', 'cbrt', 'reciprocal', 'sin', 'cos', 'tan', 'arcsin', 'arccos',
    'arctan', 'sinh', 'cosh', 'tanh', 'arcsinh', 'arccosh', 'arctanh',
    'degrees', 'radians', 'deg2rad', 'rad2deg', 'invert', 'bitwise_count',
    'logical_not', 'isfinite', 'isinf', 'isnan', 'signbit', 'spacing',
    'modf', 'frexp', 'floor', 'ceil', 'trunc')]
BINARY = [n for n in (
    'add', 'subtract', 'multiply', 'divide', 'true_divide', 'floor_divide',
    'power', 'float_power', 'remainder', 'mod', 'fmod', 'divmod',
    'heaviside', 'gcd', 'lcm', 'arctan2', 'hypot', 'bitwise_and',
    'bitwise_or', 'bitwise_xor', 'left_shift', 'right_shift', 'greater',
    'greater_equal', 'less', 'less_equal', 'equal', 'not_equal',
    'logical_and', 'logical_or', 'logical_xor', 'maximum', 'minimum', 'fmax',
    'fmin', 'copysign', 'nextafter', 'ldexp', 'logaddexp', 'logaddexp2')]

# float16 and complex64 results differ from NumPy by rounding where a
# loop is computed in a wider type (a cast route) or by another formula.
RTOL = {numpy.float16: 2e-3, numpy.float32: 1e-5, numpy.complex64: 1e-5,
        'default': 1e-11}
ATOL = {numpy.float16: 1e-3, numpy.float32: 1e-6, numpy.complex64: 1e-6,
        'default': 1e-12}

_UNIT = ('arcsin', 'arccos', 'arctanh')
_SMALL_INT = ('power', 'left_shift', 'right_shift', 'ldexp')


def _base(dtype, n, second):
    dtype = numpy.dtype(dtype)
    i = numpy.arange(n)
    if dtype.kind == 'b':
        return (i % 3 == (1 if second else 0))
    if dtype.kind == 'u':
        v = (i * 7 + (3 if second else 0)) % 11
        return v.astype(dtype)
    if dtype.kind == 'i':
        v = (i * 5 + (2 if second else 0)) % 13 - 6
        return v.astype(dtype)
    v = ((i * 7 + (3 if second else 0)) % 17 - 8) / 2.5
    if dtype.kind == 'c':
        w = ((i * 3 + (1 if second else 0)) % 7 - 3) / 2.0
        return (v + 1j * w).astype(dtype)
    return v.astype(dtype)


def host_operand(name, dtype, shape, index=0):
    """The NumPy array operand `index` of ufunc `name`."""
    dtype = numpy.dtype(dtype)
    n = int(numpy.prod(shape, dtype=numpy.int64))
    a = _base(dtype, n, index == 1)
    if name in _UNIT and dtype.kind in 'fc':
        a = (a / 4).astype(dtype)
    if name == 'arccosh' and dtype.kind in 'f':
        a = (numpy.abs(a) + 1).astype(dtype)
    if index == 1 and name in _SMALL_INT and dtype.kind in 'iu':
        a = (numpy.arange(n) % 4).astype(dtype)
    if index == 1 and name == 'power' and dtype.kind == 'f':
        a = ((numpy.arange(n) % 5) - 2).astype(dtype) / 2
    if index == 0 and name == 'power' and dtype.kind == 'f':
        a = numpy.abs(a).astype(dtype)
    if name in ('exp', 'exp2', 'expm1', 'sinh', 'cosh') and \
            dtype.kind in 'iu':
        a = (a % 5).astype(dtype)
    return a.reshape(shape)


def operand(xp, name, dtype, shape, index=0):
    return xp.asarray(host_operand(name, dtype, shape, index))


def specials(dtype):
    """Special float values: signed zeros, infinities, NaN."""
    return numpy.array([0.0, -0.0, numpy.inf, -numpy.inf, numpy.nan, 1.5,
                        -2.5, 3.0], dtype)
