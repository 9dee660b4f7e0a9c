"""The translator's C semantics, checked against references computed
independently: exact Python integers wrapped to the C result type,
NumPy in the declared float types."""

import operator

import numpy
import pytest

import cupy
from cupy import testing


def _wrap(v, dt):
    """Python int v as C's value of integer type dt (modular)."""
    bits = dt.itemsize * 8
    v &= (1 << bits) - 1
    if dt.kind == 'i' and v >= 1 << (bits - 1):
        v -= 1 << bits
    return v


def _c_type(a, b):
    """C's usual arithmetic conversions, written out for the test."""
    rank = {1: 1, 2: 2, 4: 3, 8: 4}

    def prom(t):
        return numpy.dtype('i4') if t.itemsize < 4 else t
    a, b = prom(a), prom(b)
    if a == b:
        return a
    if a.kind == b.kind:
        return a if rank[a.itemsize] > rank[b.itemsize] else b
    s, u = (a, b) if a.kind == 'i' else (b, a)
    if u.itemsize >= s.itemsize:
        return u
    return s


def _trunc_div(x, y):
    q = abs(x) // abs(y)
    return q if (x < 0) == (y < 0) else -q


def _c_mod(x, y):
    return x - _trunc_div(x, y) * y


_INT_OPS = {
    '+': operator.add, '-': operator.sub, '*': operator.mul,
    '/': _trunc_div, '%': _c_mod, '&': operator.and_, '|': operator.or_,
    '^': operator.xor,
}
_PAIRS = [('i1', 'i1'), ('u1', 'u1'), ('i2', 'u2'), ('i4', 'i4'),
          ('u4', 'u4'), ('i4', 'u4'), ('i8', 'i8'), ('u8', 'u8'),
          ('i8', 'u4'), ('i4', 'u8'), ('i8', 'u8')]


def _operands(dt, n, rng):
    info = numpy.iinfo(dt)
    lo, hi = max(info.min, -2 ** 62), min(info.max, 2 ** 62)
    v = rng.integers(lo, hi, n, endpoint=True, dtype=numpy.int64 if
                     dt.kind == 'i' or dt.itemsize < 8 else numpy.uint64)
    v = v.astype(dt)
    v[:4] = numpy.array([info.min, info.max, 0, 1]).astype(dt)
    return v


@pytest.mark.parametrize('op', sorted(_INT_OPS))
@pytest.mark.parametrize('ta,tb', _PAIRS)
def test_integer_operators(op, ta, tb):
    ta, tb = numpy.dtype(ta), numpy.dtype(tb)
    rng = numpy.random.default_rng(abs(hash((op, ta.char, tb.char))) % 1000)
    a = _operands(ta, 64, rng)
    b = _operands(tb, 64, rng)
    rt = _c_type(ta, tb)
    if op in '/%':
        b[b == 0] = 3
        # INT_MIN / -1 is undefined in C
        ok = ~((a.astype(object) == numpy.iinfo(rt).min) &
               (b.astype(object) == -1))
        a, b = a[ok], b[ok]
    k = cupy.ElementwiseKernel('A x, B y', rt.name + ' z',
                               'z = x {} y;'.format(op), 'intop')
    r = k(cupy.array(a), cupy.array(b))
    want = numpy.array(
        [_wrap(_INT_OPS[op](_wrap(int(x), rt), _wrap(int(y), rt)), rt)
         for x, y in zip(a, b)], dtype=object).astype(rt)
    testing.assert_array_equal(r, want)


@pytest.mark.parametrize('dt', ['i1', 'i2', 'i4', 'i8', 'u1', 'u4', 'u8'])
def test_shifts_and_compound(dt):
    dt = numpy.dtype(dt)
    a = _operands(dt, 40, numpy.random.default_rng(3))
    rt = numpy.dtype('i4') if dt.itemsize < 4 else dt
    k = cupy.ElementwiseKernel('T x', rt.name + ' l, ' + rt.name + ' r',
                               'l = x << 3; r = x >> 2; r >>= 1; l <<= 1;')
    L, R = k(cupy.array(a))
    bits = rt.itemsize * 8
    wl = [_wrap(_wrap(int(x), rt) << 4, rt) for x in a]
    # >> of a signed value is arithmetic (CUDA), of an unsigned logical
    wr = [_wrap(int(x), rt) >> 3 if rt.kind == 'i' else
          (int(x) % (1 << bits)) >> 3 for x in a]
    testing.assert_array_equal(L, numpy.array(wl, dtype=object).astype(rt))
    testing.assert_array_equal(R, numpy.array(wr, dtype=object).astype(rt))


def test_increments_and_ternary():
    k = cupy.ElementwiseKernel('int32 x', 'int32 a, int32 b, int32 c', '''
        int t = x;
        a = t++;        // old value
        b = ++t;        // new value
        t--; --t;
        c = (t > 0) ? t * 10 : -t;
    ''')
    x = numpy.array([-3, 0, 5], 'i4')
    a, b, c = k(cupy.array(x))
    testing.assert_array_equal(a, x)
    testing.assert_array_equal(b, x + 2)
    testing.assert_array_equal(c, numpy.where(x > 0, x * 10, -x))


def test_literals_and_conversions():
    k = cupy.ElementwiseKernel(
        'int32 x', 'bool a, bool b, uint32 c, int64 d, int32 e, float32 f', '''
        a = x < 0xFFFFFFFF;       // hex: unsigned int, x converts to it
        b = x < 4294967295;       // decimal: long, exact comparison
        c = x;                    // modular conversion
        d = 2147483647 + 1LL;     // long long arithmetic
        e = (int)(x * 2.7);       // double, truncated toward zero
        f = x / 2 + x / 2.0f;     // int division, then float division
    ''')
    x = numpy.array([-1, 7, -7, 2 ** 31 - 1], 'i4')
    a, b, c, d, e, f = k(cupy.array(x))
    testing.assert_array_equal(a, [False, True, True, True])
    testing.assert_array_equal(b, [True, True, True, True])
    testing.assert_array_equal(c, x.astype('u4'))
    testing.assert_array_equal(d, numpy.full(4, 2 ** 31))
    # (int) of a double outside int's range is undefined in C (x86 gives
    # INT_MIN, CUDA saturates): the in-range elements only
    fits = numpy.abs(x * 2.7) < 2 ** 31
    testing.assert_array_equal(e[cupy.asarray(fits)],
                               numpy.trunc(x * 2.7)[fits].astype('i4'))
    want = numpy.array([_trunc_div(int(v), 2) for v in x], 'f4') + \
        x.astype('f4') / numpy.float32(2)
    testing.assert_array_equal(f, want)


def test_float_versus_double():
    x = numpy.linspace(-3, 3, 101).astype('f4')
    k = cupy.ElementwiseKernel('float32 x', 'float32 a, float32 b, float64 c',
                               '''
        a = x * 0.1f + 1.0f;      // float arithmetic
        b = x * 0.1 + 1.0;        // double arithmetic, rounded once
        c = x / 3;                // float division, widened
    ''')
    a, b, c = k(cupy.array(x))
    testing.assert_array_equal(a, x * numpy.float32(0.1) + numpy.float32(1))
    testing.assert_array_equal(b, (x.astype('f8') * 0.1 + 1.0).astype('f4'))
    testing.assert_array_equal(c, (x / numpy.float32(3)).astype('f8'))


def test_unsigned_64bit_wraparound():
    k = cupy.ElementwiseKernel('uint64 x', 'uint64 y, uint64 z', '''
        y = x * 0x9E3779B97F4A7C15ULL;
        z = (x - 5ULL) ^ (x >> 33);
    ''')
    x = numpy.array([0, 1, 3, 2 ** 63 + 12345, 2 ** 64 - 1], 'u8')
    y, z = k(cupy.array(x))
    m = 2 ** 64
    testing.assert_array_equal(
        y, numpy.array([int(v) * 0x9E3779B97F4A7C15 % m for v in x],
                       dtype=object).astype('u8'))
    testing.assert_array_equal(
        z, numpy.array([((int(v) - 5) % m) ^ (int(v) >> 33) for v in x],
                       dtype=object).astype('u8'))


_F1 = ['sqrt', 'exp', 'exp2', 'log', 'log2', 'log10', 'log1p', 'expm1',
       'sin', 'cos', 'tan', 'asin', 'acos', 'atan', 'sinh', 'cosh', 'tanh',
       'asinh', 'atanh', 'floor', 'ceil', 'trunc', 'rint', 'fabs', 'cbrt',
       'rsqrt', 'round', 'exp10']
_REF1 = {'asin': numpy.arcsin, 'acos': numpy.arccos, 'atan': numpy.arctan,
         'asinh': numpy.arcsinh, 'atanh': numpy.arctanh, 'fabs': numpy.abs,
         'rsqrt': lambda v: 1 / numpy.sqrt(v),
         'round': lambda v: numpy.sign(v) * numpy.floor(numpy.abs(v) + 0.5),
         'exp10': lambda v: 10.0 ** v}


@pytest.mark.parametrize('dt', ['f4', 'f8'])
def test_math_functions(dt):
    x = numpy.array([0.1, 0.25, 0.5, 0.75, 0.9, 0.5001, 2.5, -2.5, -0.3],
                    dt)
    pos = numpy.abs(x)
    body = '\n'.join('o{0} = {1}(v{0});'.format(k, f)
                     for k, f in enumerate(_F1))
    ins = ', '.join('T v{}'.format(k) for k in range(len(_F1)))
    outs = ', '.join('T o{}'.format(k) for k in range(len(_F1)))
    k = cupy.ElementwiseKernel(ins, outs, body, 'mathfns')
    args = []
    for f in _F1:
        domain = pos if f in ('sqrt', 'log', 'log2', 'log10', 'rsqrt',
                              'acos', 'asin') else x
        if f in ('asin', 'acos', 'atanh'):
            domain = numpy.clip(x, -0.9, 0.9).astype(dt)
        args.append(domain)
    res = k(*[cupy.array(a) for a in args])
    tol = 2e-6 if dt == 'f4' else 1e-13
    for f, a, r in zip(_F1, args, res):
        ref = _REF1.get(f, getattr(numpy, f, None))
        assert r.dtype == numpy.dtype(dt)
        testing.assert_allclose(r, ref(a.astype('f8')).astype(dt),
                                rtol=tol, atol=tol, err_msg=f)


def test_math_two_args_and_predicates():
    x = numpy.array([1.5, -2.0, 0.0, 3.25, numpy.nan, numpy.inf], 'f8')
    y = numpy.array([2.0, 0.5, -1.0, numpy.nan, 1.0, 2.0], 'f8')
    k = cupy.ElementwiseKernel(
        'float64 x, float64 y',
        'float64 p, float64 a, float64 h, float64 m, float64 n, float64 c, '
        'float64 d, float64 f, bool i1, bool i2, bool i3, float64 mx', '''
        p = pow(fabs(x), 2.5); a = atan2(y, x); h = hypot(x, y);
        m = fmin(x, y); n = fmax(x, y); c = copysign(x, y); d = fmod(x, y);
        f = fma(x, y, 1.0); i1 = isnan(x); i2 = isinf(x); i3 = isfinite(y);
        mx = max(x, y);
    ''')
    p, a, h, m, n, c, d, f, i1, i2, i3, mx = k(cupy.array(x), cupy.array(y))
    with numpy.errstate(all='ignore'):
        testing.assert_allclose(p, numpy.abs(x) ** 2.5, rtol=1e-14)
        testing.assert_allclose(a, numpy.arctan2(y, x), rtol=1e-14)
        testing.assert_allclose(h, numpy.hypot(x, y), rtol=1e-14)
        testing.assert_array_equal(m, numpy.fmin(x, y))
        testing.assert_array_equal(n, numpy.fmax(x, y))
        testing.assert_array_equal(mx, numpy.fmax(x, y))
        testing.assert_array_equal(c, numpy.copysign(x, y))
        testing.assert_array_equal(d, numpy.fmod(x, y))
        testing.assert_allclose(f, x * y + 1.0, rtol=1e-14)
    testing.assert_array_equal(i1, numpy.isnan(x))
    testing.assert_array_equal(i2, numpy.isinf(x))
    testing.assert_array_equal(i3, numpy.isfinite(y))


def test_integer_min_max_abs():
    k = cupy.ElementwiseKernel('int32 x, uint32 u', 'int32 a, int32 b, '
                               'uint32 c', 'a = abs(x); b = min(x, -2); '
                               'c = max(u, 7u);')
    x = numpy.array([-5, 3, -1, 0], 'i4')
    u = numpy.array([1, 9, 7, 2 ** 32 - 1], 'u4')
    a, b, c = k(cupy.array(x), cupy.array(u))
    testing.assert_array_equal(a, numpy.abs(x))
    testing.assert_array_equal(b, numpy.minimum(x, -2))
    testing.assert_array_equal(c, numpy.maximum(u, 7))
