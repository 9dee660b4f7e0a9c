"""CUDA's math functions by their C names, on translated values.

The overload is chosen as CUDA's headers choose it: a float argument
gives the float function (sqrtf), a double the double one, an integer
argument is converted to double; names ending in 'f' take floats.
Each function is one or a few elementwise device steps of the core's
ufuncs (a uniform argument is computed on the host with NumPy).
"""

import numpy

from cupy._core import core
from cupy._core import _fallback
from cupy._core._ckernel import _ctypes
from cupy._core._ckernel import _intrinsics
from cupy._core._ckernel._errors import KernelSyntaxError, \
    UnsupportedKernelError
from cupy._core._ckernel._fuse import materialize
from cupy._core._ckernel._values import V, apply, convert, where, BOOL

FLOAT, DOUBLE = _ctypes.FLOAT, _ctypes.DOUBLE

# C name -> NumPy ufunc of one argument
_UNARY = {
    'sqrt': 'sqrt', 'exp': 'exp', 'exp2': 'exp2', 'expm1': 'expm1',
    'log': 'log', 'log2': 'log2', 'log10': 'log10', 'log1p': 'log1p',
    'sin': 'sin', 'cos': 'cos', 'tan': 'tan', 'asin': 'arcsin',
    'acos': 'arccos', 'atan': 'arctan', 'sinh': 'sinh', 'cosh': 'cosh',
    'tanh': 'tanh', 'asinh': 'arcsinh', 'acosh': 'arccosh',
    'atanh': 'arctanh', 'floor': 'floor', 'ceil': 'ceil', 'trunc': 'trunc',
    'rint': 'rint', 'nearbyint': 'rint', 'fabs': 'absolute', 'cbrt': 'cbrt',
}
_BINARY = {
    'pow': 'power', 'atan2': 'arctan2', 'hypot': 'hypot', 'fmod': 'fmod',
    'fmin': 'fmin', 'fmax': 'fmax', 'copysign': 'copysign',
    'nextafter': 'nextafter',
}
# functions of SciPy's special module (cupyx.scipy.special once present)
_SPECIAL = {
    'erf': 'erf', 'erfc': 'erfc', 'erfinv': 'erfinv', 'erfcinv': 'erfcinv',
    'erfcx': 'erfcx', 'normcdf': 'ndtr', 'normcdfinv': 'ndtri',
    'lgamma': 'gammaln', 'tgamma': 'gamma', 'j0': 'j0', 'j1': 'j1',
    'y0': 'y0', 'y1': 'y1',
}
# CUDA's fast intrinsics: computed as the accurate function
_INTRINSICS = {
    '__expf': 'expf', '__exp10f': 'exp10f', '__logf': 'logf',
    '__log2f': 'log2f', '__log10f': 'log10f', '__sinf': 'sinf',
    '__cosf': 'cosf', '__tanf': 'tanf', '__powf': 'powf',
    '__fsqrt_rn': 'sqrtf', '__dsqrt_rn': 'sqrt', '__frcp_rn': 'rcpf',
    '__fdividef': 'fdivf', '__saturatef': 'saturatef',
}
_OTHER = ('rsqrt', 'rcbrt', 'exp10', 'round', 'lround', 'llround', 'lrint',
          'llrint', 'fma', 'fdim', 'isnan', 'isinf', 'isfinite', 'signbit',
          'min', 'max', 'abs', 'labs', 'llabs', 'sinpi', 'cospi', 'rcp',
          'fdiv', 'saturate', 'norm3d', 'rhypot', '__popc', '__popcll',
          'real', 'imag', 'conj', 'arg', 'norm')


def is_math(name):
    if name in _intrinsics.NAMES:
        return True
    base = _INTRINSICS.get(name, name)
    if base in _OTHER or base in _UNARY or base in _BINARY or \
            base in _SPECIAL:
        return True
    return base.endswith('f') and is_math(base[:-1]) and \
        base[:-1] not in ('min', 'max', 'abs')


def _float_type(args, force_float):
    if force_float:
        return FLOAT
    if any(a.dt == DOUBLE or _ctypes.is_int(a.dt) for a in args):
        return DOUBLE
    return FLOAT


def _special(name, x, where_):
    x = V(materialize(x.data), x.dt)
    fn = None
    try:
        from cupyx.scipy import special as _sp
        fn = getattr(_sp, name, None)
    except ImportError:
        fn = None
    if fn is not None and not x.host:
        return fn(x.data).astype(x.dt)
    import scipy.special
    f = getattr(scipy.special, name)
    if x.host:
        with numpy.errstate(all='ignore'):
            return numpy.array(f(x.data)).astype(x.dt)[()]
    # no device implementation in this build: counted host fallback
    _fallback.enter('ElementwiseKernel ' + name, x.dt.char,
                    'no device ' + name)
    with numpy.errstate(all='ignore'):
        r = numpy.asarray(f(x.data.get())).astype(x.dt)
    out = core.ndarray(r.shape, r.dtype)
    out.set(r)
    return out


def _c_round(x):
    # C's round: halfway cases away from zero (x - trunc(x) is exact)
    t = apply('trunc', x)
    frac = apply('absolute', apply('subtract', x, t))
    half = x.dtype.type(0.5) if hasattr(x, 'dtype') else 0.5
    up = apply('greater_equal', frac, half)
    one = apply('copysign', numpy.ones((), dtype=t.dtype)[()], x)
    return where(up, apply('add', t, one), t)


_COMPLEX_UNARY = ('sqrt', 'exp', 'log', 'log10', 'sin', 'cos', 'tan',
                  'sinh', 'cosh', 'tanh', 'asin', 'acos', 'atan', 'asinh',
                  'acosh', 'atanh')


def _complex_call(name, args, where_):
    """thrust::complex's functions (what CuPy's complex<T> offers)."""
    t = args[0].dt
    for a in args[1:]:
        t = _ctypes.usual(t, a.dt)
    if not t.kind == 'c':
        t = numpy.promote_types(t, numpy.complex64)
    xs = [convert(a, t).data for a in args]
    part = numpy.dtype(t.char.lower())
    if len(xs) == 1 and name in ('real', 'imag', 'arg'):
        x = materialize(xs[0])
        re, im = x.real, x.imag
        if isinstance(x, core.ndarray):
            re, im = re.copy(), im.copy()
        if name == 'arg':
            return V(apply('arctan2', im, re), part)
        return V(re if name == 'real' else im, part)
    if len(xs) == 1 and name == 'abs':
        return V(apply('absolute', xs[0]), part)
    if name == 'norm' and len(xs) == 1:
        a = V(apply('absolute', xs[0]), part)
        return V(apply('multiply', a.data, a.data), part)
    if name == 'conj' and len(xs) == 1:
        return V(apply('conjugate', xs[0]), t)
    if name == 'pow' and len(xs) == 2:
        return V(apply('power', xs[0], xs[1]), t)
    if name in _COMPLEX_UNARY and len(xs) == 1:
        return V(apply(_UNARY[name], xs[0]), t)
    raise UnsupportedKernelError(
        'the function {} of complex numbers'.format(name), where_)


def call(name, args, where_):
    """The value of math function `name` on `args` (values)."""
    if name in _intrinsics.NAMES:
        return _intrinsics.call(name, args, where_)
    name = _INTRINSICS.get(name, name)
    nargs = len(args)
    if any(a.dt.kind == 'c' for a in args) or name in ('real', 'imag',
                                                      'conj', 'arg', 'norm'):
        return _complex_call(name, args, where_)

    def need(n):
        if nargs != n:
            raise KernelSyntaxError('{} takes {} arguments, {} given'.format(
                name, n, nargs), where_)

    if name in ('min', 'max', 'umin', 'umax', 'llmin', 'llmax'):
        need(2)
        t = _ctypes.usual(args[0].dt, args[1].dt)
        a, b = (convert(x, t).data for x in args)
        if _ctypes.is_float(t):
            return V(apply('fmin' if name == 'min' else 'fmax', a, b), t)
        return V(apply('minimum' if name == 'min' else 'maximum', a, b), t)
    if name in ('abs', 'labs', 'llabs'):
        need(1)
        t = _ctypes.promote(args[0].dt)
        return V(apply('absolute', convert(args[0], t).data), t)
    if name in ('isnan', 'isinf', 'isfinite', 'signbit'):
        need(1)
        t = _float_type(args, False)
        x = convert(args[0], t).data
        return V(apply(name, x), BOOL)
    if name in ('__popc', '__popcll'):
        need(1)
        t = _ctypes.UINT if name == '__popc' else _ctypes.ULONG
        r = apply('bitwise_count', convert(args[0], t).data)
        return convert(V(r, r.dtype), _ctypes.INT)
    force = False
    base = name
    if base not in _UNARY and base not in _BINARY and \
            base not in _SPECIAL and base not in _OTHER:
        if base.endswith('f') and is_math(base[:-1]):
            base, force = base[:-1], True
        else:
            raise UnsupportedKernelError('the function ' + name, where_)
    t = _float_type(args, force)
    xs = [convert(a, t).data for a in args]
    if base in _UNARY:
        need(1)
        return V(apply(_UNARY[base], xs[0]), t)
    if base in _BINARY:
        need(2)
        return V(apply(_BINARY[base], xs[0], xs[1]), t)
    if base in _SPECIAL:
        need(1)
        return V(_special(_SPECIAL[base], V(xs[0], t), where_), t)
    one = t.type(1)
    if base == 'rsqrt':
        need(1)
        return V(apply('divide', one, apply('sqrt', xs[0])), t)
    if base == 'rcbrt':
        need(1)
        return V(apply('divide', one, apply('cbrt', xs[0])), t)
    if base in ('rcp',):
        need(1)
        return V(apply('divide', one, xs[0]), t)
    if base == 'fdiv':
        need(2)
        return V(apply('divide', xs[0], xs[1]), t)
    if base == 'saturate':
        need(1)
        return V(apply('fmin', apply('fmax', xs[0], t.type(0)), one), t)
    if base == 'exp10':
        need(1)
        return V(apply('power', t.type(10), xs[0]), t)
    if base in ('sinpi', 'cospi'):
        need(1)
        y = apply('multiply', xs[0], t.type(numpy.pi))
        return V(apply('sin' if base == 'sinpi' else 'cos', y), t)
    if base == 'round':
        need(1)
        return V(_c_round(xs[0]), t)
    if base in ('lround', 'llround', 'lrint', 'llrint'):
        need(1)
        r = _c_round(xs[0]) if 'round' in base else apply('rint', xs[0])
        return convert(V(r, t), _ctypes.LONG)
    if base == 'fdim':
        need(2)
        d = apply('subtract', xs[0], xs[1])
        le = apply('less_equal', xs[0], xs[1])
        return V(where(le, t.type(0), d), t)
    if base in ('norm3d',):
        need(3)
        s = apply('add', apply('add', apply('multiply', xs[0], xs[0]),
                               apply('multiply', xs[1], xs[1])),
                  apply('multiply', xs[2], xs[2]))
        return V(apply('sqrt', s), t)
    if base == 'rhypot':
        need(2)
        return V(apply('divide', one, apply('hypot', xs[0], xs[1])), t)
    if base == 'fma':
        need(3)
        if t == FLOAT:
            # the product of two floats is exact in double; one rounding
            # of the sum in double, then to float
            a, b, c = (convert(V(x, t), DOUBLE).data for x in xs)
            r = apply('add', apply('multiply', a, b), c)
            return convert(V(r, DOUBLE), FLOAT)
        return V(apply('add', apply('multiply', xs[0], xs[1]), xs[2]), t)
    raise UnsupportedKernelError('the function ' + name, where_)
