"""The ufuncs: NumPy's universal functions as ``cupy.ufunc`` objects
(cupy/_core/elementwise/_ufunc.pyx), under NumPy's names and aliases.

They live in the array core because ``ndarray``'s operators and the core's
routines call them; ``cupy/_math/ufuncs.py`` re-exports them."""

import numpy

from cupy._core.elementwise._ufunc import ufunc


def _make(name, doc):
    return ufunc(getattr(numpy, name), doc + """

See also :data:`numpy.{}`.""".format(name))


add = _make('add', 'Adds two arrays elementwise.')
subtract = _make('subtract', 'Subtracts arguments elementwise.')
multiply = _make('multiply', 'Multiplies two arrays elementwise.')
divide = _make('divide', 'Divides arguments elementwise (true division).')
floor_divide = _make(
    'floor_divide',
    'Divides arguments elementwise, rounding the quotient toward '
    'minus infinity.')
negative = _make('negative', 'Takes the numerical negative elementwise.')
positive = _make(
    'positive',
    'Takes the numerical positive elementwise (a copy).')
power = _make('power', 'Computes ``x1 ** x2`` elementwise.')
float_power = _make(
    'float_power',
    'Computes ``x1 ** x2`` elementwise in float64 or complex128.')
remainder = _make(
    'remainder',
    'Computes the remainder of floor division elementwise (the '
    'sign of the divisor).')
fmod = _make(
    'fmod',
    'Computes the remainder of C division elementwise (the sign '
    'of the dividend).')
divmod = _make('divmod', 'Returns ``(x1 // x2, x1 % x2)`` elementwise.')
absolute = _make('absolute', 'Elementwise absolute value.')
fabs = _make('fabs', 'Elementwise absolute value of real numbers, as floats.')
rint = _make(
    'rint',
    'Rounds each element to the nearest integer (ties to even).')
sign = _make('sign', 'Elementwise sign (for complex numbers ``z / |z|``).')
heaviside = _make(
    'heaviside',
    'The Heaviside step function, with ``x2`` at ``x1 == 0``.')
conjugate = _make('conjugate', 'Returns the complex conjugate elementwise.')
exp = _make('exp', 'Elementwise exponential function.')
exp2 = _make('exp2', 'Elementwise exponentiation with base 2.')
log = _make('log', 'Elementwise natural logarithm.')
log2 = _make('log2', 'Elementwise binary logarithm.')
log10 = _make('log10', 'Elementwise common logarithm.')
expm1 = _make(
    'expm1',
    'Computes ``exp(x) - 1`` elementwise, accurately near 0.')
log1p = _make(
    'log1p',
    'Computes ``log(1 + x)`` elementwise, accurately near 0.')
sqrt = _make('sqrt', 'Elementwise square root.')
square = _make('square', 'Elementwise square.')
cbrt = _make('cbrt', 'Elementwise cube root.')
reciprocal = _make('reciprocal', 'Computes ``1 / x`` elementwise.')
gcd = _make(
    'gcd',
    'Greatest common divisor of the absolute values, elementwise.')
lcm = _make(
    'lcm',
    'Least common multiple of the absolute values, elementwise.')
sin = _make('sin', 'Elementwise sine.')
cos = _make('cos', 'Elementwise cosine.')
tan = _make('tan', 'Elementwise tangent.')
arcsin = _make('arcsin', 'Elementwise inverse sine.')
arccos = _make('arccos', 'Elementwise inverse cosine.')
arctan = _make('arctan', 'Elementwise inverse tangent.')
arctan2 = _make(
    'arctan2',
    'Elementwise arc tangent of ``x1 / x2``, choosing the '
    'quadrant.')
hypot = _make(
    'hypot',
    'Computes the hypotenuse ``sqrt(x1**2 + x2**2)`` elementwise.')
sinh = _make('sinh', 'Elementwise hyperbolic sine.')
cosh = _make('cosh', 'Elementwise hyperbolic cosine.')
tanh = _make('tanh', 'Elementwise hyperbolic tangent.')
arcsinh = _make('arcsinh', 'Elementwise inverse hyperbolic sine.')
arccosh = _make('arccosh', 'Elementwise inverse hyperbolic cosine.')
arctanh = _make('arctanh', 'Elementwise inverse hyperbolic tangent.')
degrees = _make(
    'degrees',
    'Converts angles from radians to degrees elementwise.')
radians = _make(
    'radians',
    'Converts angles from degrees to radians elementwise.')
deg2rad = _make(
    'deg2rad',
    'Converts angles from degrees to radians elementwise.')
rad2deg = _make(
    'rad2deg',
    'Converts angles from radians to degrees elementwise.')
bitwise_and = _make('bitwise_and', 'Computes the bitwise AND elementwise.')
bitwise_or = _make('bitwise_or', 'Computes the bitwise OR elementwise.')
bitwise_xor = _make('bitwise_xor', 'Computes the bitwise XOR elementwise.')
invert = _make(
    'invert',
    'Computes the bitwise NOT elementwise (logical NOT for bool).')
left_shift = _make(
    'left_shift',
    'Shifts the bits of ``x1`` left by ``x2`` elementwise.')
right_shift = _make(
    'right_shift',
    'Shifts the bits of ``x1`` right by ``x2`` elementwise.')
bitwise_count = _make(
    'bitwise_count',
    'Counts the 1 bits of the absolute value elementwise.')
greater = _make('greater', 'Tests ``x1 > x2`` elementwise.')
greater_equal = _make('greater_equal', 'Tests ``x1 >= x2`` elementwise.')
less = _make('less', 'Tests ``x1 < x2`` elementwise.')
less_equal = _make('less_equal', 'Tests ``x1 <= x2`` elementwise.')
equal = _make('equal', 'Tests ``x1 == x2`` elementwise.')
not_equal = _make('not_equal', 'Tests ``x1 != x2`` elementwise.')
logical_and = _make(
    'logical_and',
    'Computes the logical AND of the truth values elementwise.')
logical_or = _make(
    'logical_or',
    'Computes the logical OR of the truth values elementwise.')
logical_xor = _make(
    'logical_xor',
    'Computes the logical XOR of the truth values elementwise.')
logical_not = _make(
    'logical_not',
    'Computes the logical NOT of the truth values elementwise.')
maximum = _make('maximum', 'Elementwise maximum; NaN propagates.')
minimum = _make('minimum', 'Elementwise minimum; NaN propagates.')
fmax = _make(
    'fmax',
    'Elementwise maximum; a NaN is ignored when the other value '
    'is not NaN.')
fmin = _make(
    'fmin',
    'Elementwise minimum; a NaN is ignored when the other value '
    'is not NaN.')
isfinite = _make(
    'isfinite',
    'Tests elementwise for finiteness (not infinity and not NaN).')
isinf = _make('isinf', 'Tests elementwise for positive or negative infinity.')
isnan = _make('isnan', 'Tests elementwise for NaN.')
signbit = _make(
    'signbit',
    'Tests elementwise whether the sign bit is set (less than '
    'zero, or -0.0).')
copysign = _make(
    'copysign',
    'Returns ``x1`` with the sign of ``x2`` elementwise.')
nextafter = _make(
    'nextafter',
    'Returns the next floating-point value after ``x1`` toward '
    '``x2`` elementwise.')
spacing = _make(
    'spacing',
    'Returns the distance from ``x`` to the nearest adjacent '
    'number elementwise.')
modf = _make('modf', 'Returns the fractional and integral parts elementwise.')
ldexp = _make('ldexp', 'Computes ``x1 * 2**x2`` elementwise.')
frexp = _make('frexp', 'Decomposes each element into mantissa and exponent.')
floor = _make('floor', 'Rounds each element toward minus infinity.')
ceil = _make('ceil', 'Rounds each element toward plus infinity.')
trunc = _make('trunc', 'Rounds each element toward zero.')
logaddexp = _make(
    'logaddexp',
    'Computes ``log(exp(x1) + exp(x2))`` elementwise without '
    'overflow.')
logaddexp2 = _make(
    'logaddexp2',
    'Computes ``log2(2**x1 + 2**x2)`` elementwise without '
    'overflow.')

# numpy.clip is the ufunc numpy._core.umath.clip ('XXX->X'); the routine
# clip (_routines_math.py) calls it.
_clip = ufunc(numpy._core.umath.clip, 'Clips x to [x_min, x_max] elementwise '
              '(x_max wins where x_min > x_max).')

# NumPy's aliases (the same objects in NumPy)
true_divide = divide
mod = remainder
abs = absolute
conj = conjugate
bitwise_not = invert
# NumPy 2 (array API) names
acos = arccos
acosh = arccosh
asin = arcsin
asinh = arcsinh
atan = arctan
atan2 = arctan2
atanh = arctanh
bitwise_invert = invert
bitwise_left_shift = left_shift
bitwise_right_shift = right_shift
pow = power

UFUNC_NAMES = (
    'add',
    'subtract',
    'multiply',
    'divide',
    'floor_divide',
    'negative',
    'positive',
    'power',
    'float_power',
    'remainder',
    'fmod',
    'divmod',
    'absolute',
    'fabs',
    'rint',
    'sign',
    'heaviside',
    'conjugate',
    'exp',
    'exp2',
    'log',
    'log2',
    'log10',
    'expm1',
    'log1p',
    'sqrt',
    'square',
    'cbrt',
    'reciprocal',
    'gcd',
    'lcm',
    'sin',
    'cos',
    'tan',
    'arcsin',
    'arccos',
    'arctan',
    'arctan2',
    'hypot',
    'sinh',
    'cosh',
    'tanh',
    'arcsinh',
    'arccosh',
    'arctanh',
    'degrees',
    'radians',
    'deg2rad',
    'rad2deg',
    'bitwise_and',
    'bitwise_or',
    'bitwise_xor',
    'invert',
    'left_shift',
    'right_shift',
    'bitwise_count',
    'greater',
    'greater_equal',
    'less',
    'less_equal',
    'equal',
    'not_equal',
    'logical_and',
    'logical_or',
    'logical_xor',
    'logical_not',
    'maximum',
    'minimum',
    'fmax',
    'fmin',
    'isfinite',
    'isinf',
    'isnan',
    'signbit',
    'copysign',
    'nextafter',
    'spacing',
    'modf',
    'ldexp',
    'frexp',
    'floor',
    'ceil',
    'trunc',
    'logaddexp',
    'logaddexp2',
)
ALIASES = ('true_divide', 'mod', 'abs', 'conj', 'bitwise_not', 'acos', 'acosh',
           'asin', 'asinh', 'atan', 'atan2', 'atanh', 'bitwise_invert',
           'bitwise_left_shift', 'bitwise_right_shift', 'pow')

__all__ = UFUNC_NAMES + ALIASES + ('UFUNC_NAMES', 'ALIASES')


def by_name(name):
    """The ufunc called ``name`` (NumPy's name: 'add', 'clip' ...): what a
    pickled ufunc is loaded with (``ufunc.__reduce__``)."""
    if name == 'clip':
        return _clip
    if name not in UFUNC_NAMES:
        raise AttributeError('there is no ufunc {!r}'.format(name))
    return globals()[name]
