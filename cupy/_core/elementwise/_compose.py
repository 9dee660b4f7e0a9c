"""Compositions (DESIGN.md capability path, step 2): a NumPy loop computed
exactly from other elementwise operations, for when the provider lacks it
and no exact cast reaches one it has.  Each entry gives the loops it needs
(all must have a device route, else the host fallback is taken) and a
function ``fn(ins, outs, attrs)`` with the arguments of
``_elementwise.run_loop``.  Kept few, and each is NumPy's value exactly
(the reason is in its comment).
"""

import numpy

from cupy._core import core

_INT_OF_SIZE = {1: 'b', 2: 'h', 4: 'i', 8: 'l'}


def _uf(name):
    from cupy._core import _routines_ufuncs
    return getattr(_routines_ufuncs, name)


def _run(name, loop, ins, outs, attrs=None):
    from cupy._core.elementwise import _run as _elementwise
    _elementwise.run_loop(name, loop, list(ins), list(outs), attrs)


def _scalar(dtype, value):
    return numpy.array(value).astype(dtype)[()]


def _tmp(like, char):
    return core._empty(like.shape, numpy.dtype(char))


def _is_arr(x):
    return isinstance(x, core.ndarray)


def _to_array(x, shape):
    """A numpy scalar operand as a broadcast 0-d device array (a fill)."""
    if _is_arr(x):
        return x
    t = core._empty((), x.dtype)
    core._fill(t, x)
    return t._view_py(shape, (0,) * len(shape), 0)


# ---------------------------------------------------------------- helpers

def _copy(ins, outs, attrs):
    # identity on these dtypes: positive, conjugate of a real number,
    # floor/ceil/trunc of an integer, absolute of unsigned/bool
    x = ins[0]
    if _is_arr(x):
        core._copy_to(outs[0], x)
    else:
        core._fill(outs[0], x)


def _const(value):
    def fn(ins, outs, attrs):
        core._fill(outs[0], value)
    return fn


def _alias(other):
    """The same loop of another ufunc with identical values (float_power
    is power on float64/complex128; fmax is maximum without NaNs)."""
    def find(name, ins, outs):
        loop = ins + '->' + outs
        return [(other, loop)], (
            lambda i, o, a: _run(other, loop, i, o))
    return find


# -------------------------------------------------------------- the table

def _square(name, ins, outs):
    # NumPy's square is x*x in the loop's type
    loop = ins * 2 + '->' + outs
    return [('multiply', loop)], (
        lambda i, o, a: _run('multiply', loop, [i[0], i[0]], o))


def _identity_on(chars):
    def find(name, ins, outs):
        if ins[0] in chars and ins == outs:
            return [], _copy
        return None
    return find


def _classify_ints(value):
    # isnan/isinf are False and isfinite True for integers and bool
    def find(name, ins, outs):
        if ins[0] in '?bhilBHIL':
            return [], _const(value)
        return _FLOAT_CLASSIFY[name](ins[0])
    return find


def _isnan_float(c):
    # x != x exactly when x (or a complex part) is NaN, IEEE 754
    loop = c + c + '->?'
    return [('not_equal', loop)], (
        lambda i, o, a: _run('not_equal', loop, [i[0], i[0]], o))


def _abs_compared_to_inf(cmp):
    """The loop of `cmp(|x|, inf)` for a real float x, as a classifier
    for _FLOAT_CLASSIFY; None for the other kinds (|z| of a huge finite
    complex overflows)."""
    def classify(c):
        if c not in 'efd':
            return None

        def fn(i, o, a):
            t = _tmp(o[0], c)
            _run('absolute', c + '->' + c, [i[0]], [t])
            _run(cmp, c + c + '->?', [t, _scalar(c, numpy.inf)], o)
        return [('absolute', c + '->' + c), (cmp, c + c + '->?')], fn
    return classify


# isinf: |x| == inf; isfinite: |x| < inf is False for inf and NaN
_isinf_float = _abs_compared_to_inf('equal')
_isfinite_float = _abs_compared_to_inf('less')


_FLOAT_CLASSIFY = {'isnan': _isnan_float, 'isinf': _isinf_float,
                   'isfinite': _isfinite_float}


def _logical_not(name, ins, outs):
    # logical_not(x) is x == 0 (NaN != 0, so NaN -> False as NumPy)
    c = ins[0]
    loop = c + c + '->?'
    return [('equal', loop)], (
        lambda i, o, a: _run('equal', loop, [i[0], _scalar(c, 0)], o))


def _logical_binary(name, ins, outs):
    # truth values (x != 0) combined with the bool bitwise op
    a_c, b_c = ins
    combine = {'logical_and': 'bitwise_and', 'logical_or': 'bitwise_or',
               'logical_xor': 'not_equal'}[name]
    cloop = '??->?'
    needs = [('not_equal', a_c * 2 + '->?'), ('not_equal', b_c * 2 + '->?'),
             (combine, cloop)]

    def fn(i, o, a):
        t = []
        for x, c in zip(i, ins):
            if c == '?':
                t.append(x)
                continue
            if _is_arr(x):
                r = _tmp(o[0], '?')
                _run('not_equal', c * 2 + '->?', [x, _scalar(c, 0)], [r])
                t.append(r)
            else:
                t.append(numpy.bool_(x != 0))
        _run(combine, cloop, t, o)
    return needs, fn


def _fminmax(name, ins, outs):
    c = ins[0]
    base = 'maximum' if name == 'fmax' else 'minimum'
    if c in '?bhilBHIL':
        # no NaN in integers: fmax is maximum
        return _alias(base)(name, ins, outs)
    if c not in 'efd':
        return None
    # C fmax: the other operand where one is NaN, else the larger;
    # a if (a >= b) or isnan(b) else b (ties keep a, as NumPy)
    cmp_name = 'greater_equal' if name == 'fmax' else 'less_equal'
    cl = c + c + '->?'
    needs = [(cmp_name, cl), ('not_equal', cl), ('bitwise_or', '??->?'),
             ('where', '?' + c + c + '->' + c)]

    def fn(i, o, a):
        x, y = i
        shape = o[0].shape
        m1 = _tmp(o[0], '?')
        m2 = _tmp(o[0], '?')
        _run(cmp_name, cl, [x, y], [m1])
        _run('not_equal', cl, [y, y], [m2])
        _run('bitwise_or', '??->?', [m1, m2], [m1])
        _run('where', '?' + c + c + '->' + c,
             [m1, _to_array(x, shape), _to_array(y, shape)], o)
    return needs, fn


def _minmax_bool(name, ins, outs):
    if ins != '??':
        return None
    other = 'bitwise_or' if name == 'maximum' else 'bitwise_and'
    return _alias(other)(name, ins, outs)


def _negative(name, ins, outs):
    c = ins[0]
    loop = c + c + '->' + c
    if c in 'bhilBHIL':
        # 0 - x wraps exactly as -x
        return [('subtract', loop)], (
            lambda i, o, a: _run('subtract', loop, [_scalar(c, 0), i[0]], o))
    if c in 'efd':
        # x * -1 keeps the signed zero (-(+0) = -0), unlike 0 - x
        return [('multiply', loop)], (
            lambda i, o, a: _run('multiply', loop, [i[0], _scalar(c, -1)], o))
    return None


def _reciprocal(name, ins, outs):
    # NumPy's real float reciprocal is 1/x in the loop's type (its complex
    # loop is an algorithm of its own, not 1/z: not composed)
    c = ins[0]
    if c not in 'efd':
        return None
    loop = c + c + '->' + c
    return [('divide', loop)], (
        lambda i, o, a: _run('divide', loop, [_scalar(c, 1), i[0]], o))


# NumPy's constants (checked against numpy.degrees/radians bit for bit):
# float64 multiplies by 180/pi (pi/180); float32 by float32(180)/float32(pi)
# (float32(pi)/float32(180)) computed in float32; float16 computes in
# float32 and rounds.
def _angle_factor(name, c):
    to_deg = name in ('degrees', 'rad2deg')
    if c == 'd':
        return numpy.float64(180.0 / numpy.pi if to_deg else numpy.pi / 180.0)
    f180, fpi = numpy.float32(180.0), numpy.float32(numpy.pi)
    return (f180 / fpi) if to_deg else (fpi / f180)


def _angle(name, ins, outs):
    c = ins[0]
    if c not in 'efd':
        return None
    work = 'd' if c == 'd' else 'f'
    loop = work * 2 + '->' + work
    k = _angle_factor(name, c)

    def fn(i, o, a):
        x = i[0]
        if c == 'e':
            t = _tmp(o[0], 'f')
            if _is_arr(x):
                core._copy_to(t, x)
            else:
                core._fill(t, x)
            _run('multiply', loop, [t, k], [t])
            core._copy_to(o[0], t)
        else:
            _run('multiply', loop, [x, k], o)
    return [('multiply', loop)], fn


def _trunc(name, ins, outs):
    c = ins[0]
    if c in '?bhilBHIL':
        return [], _copy
    if c not in 'efd':
        return None
    # trunc(x) = ceil(x) for x < 0 else floor(x); -0.0 and NaN kept
    u = c + '->' + c
    needs = [('less', c * 2 + '->?'), ('ceil', u), ('floor', u),
             ('where', '?' + c * 2 + '->' + c)]

    def fn(i, o, a):
        x = _to_array(i[0], o[0].shape)
        m = _tmp(o[0], '?')
        lo = _tmp(o[0], c)
        _run('less', c * 2 + '->?', [x, _scalar(c, 0)], [m])
        _run('ceil', u, [x], [lo])
        _run('floor', u, [x], o)
        _run('where', '?' + c * 2 + '->' + c, [m, lo, o[0]], o)
    return needs, fn


def _invert_bool(name, ins, outs):
    if ins != '?':
        return None
    return [('equal', '??->?')], (
        lambda i, o, a: _run('equal', '??->?', [i[0], numpy.bool_(False)],
                             o))


def _sign_unsigned(name, ins, outs):
    # sign of an unsigned integer is (x != 0)
    c = ins[0]
    if c not in 'BHIL':
        return None

    def fn(i, o, a):
        m = _tmp(o[0], '?')
        _run('not_equal', c * 2 + '->?', [_to_array(i[0], o[0].shape),
                                           _scalar(c, 0)], [m])
        core._copy_to(o[0], m)
    return [('not_equal', c * 2 + '->?')], fn


# -- the extra elementwise names of operations.md

def _bits_view(x, ychar, shape):
    """`x` (array or scalar of the same itemsize class) seen as integers
    of `ychar`; complex128 as pairs of int64 (a trailing axis of 2)."""
    x = _to_array(x, shape)
    y = numpy.dtype(ychar)
    if x.dtype.itemsize == y.itemsize:
        return x._view_py(x.shape, x.strides, 0, y)
    return x._view_py(x.shape + (2,), x.strides + (8,), 0, y)


def _where_bits(name, ins, outs):
    # selecting is moving bits: any dtype as the integer of its itemsize
    c = outs
    size = numpy.dtype(c).itemsize
    y = _INT_OF_SIZE.get(min(size, 8))
    if y is None or y == c:
        return None
    loop = '?' + y + y + '->' + y

    def fn(i, o, a):
        out = o[0]
        shape = out.shape
        mask = _to_array(i[0], shape)
        xv = _bits_view(i[1], y, shape)
        yv = _bits_view(i[2], y, shape)
        ov = _bits_view(out, y, shape)
        if ov.ndim != mask.ndim:
            mask = mask._view_py(ov.shape, mask.strides + (0,), 0)
        _run('where', loop, [mask, xv, yv], [ov])
    return [('where', loop)], fn


def _clip(name, ins, outs):
    # NumPy's clip is minimum(maximum(x, lo), hi): hi wins where lo > hi,
    # NaN propagates.  Complex only: a provider runs the real loops (on
    # ascend as fused programs, faster than this composition)
    c = outs
    loop = c * 2 + '->' + c
    if c not in 'FD':
        return None

    def fn(i, o, a):
        _run('maximum', loop, [i[0], i[1]], o)
        _run('minimum', loop, [o[0], i[2]], o)
    return [('maximum', loop), ('minimum', loop)], fn


def _nan_to_num(name, ins, outs):
    c = ins[0]
    if c in '?bhilBHIL':
        return [], _copy
    if c in 'FD':
        part = 'f' if c == 'F' else 'd'
        sub = _nan_to_num(name, part, part)
        if sub is None:
            return None
        needs, pfn = sub

        def cfn(i, o, a):
            x = _to_array(i[0], o[0].shape)
            core._copy_to(o[0], x)
            for p in (o[0].real, o[0].imag):
                pfn([p], [p], a)
        return needs, cfn
    cl = c * 2 + '->?'
    w = '?' + c * 2 + '->' + c
    needs = [('not_equal', cl), ('equal', cl), ('where', w)]

    def fn(i, o, a):
        x = _to_array(i[0], o[0].shape)
        out = o[0]
        m = _tmp(out, '?')
        info = numpy.finfo(numpy.dtype(c))
        nan = a.get('nan', 0.0)
        posinf = a.get('posinf')
        neginf = a.get('neginf')
        posinf = info.max if posinf is None else posinf
        neginf = info.min if neginf is None else neginf
        shape = out.shape
        if x is not out:
            core._copy_to(out, x)
        for test, value in ((('not_equal', None), nan),
                            (('equal', numpy.inf), posinf),
                            (('equal', -numpy.inf), neginf)):
            op, ref = test
            other = out if ref is None else _scalar(c, ref)
            _run(op, cl, [out, other], [m])
            _run('where', w, [m, _to_array(_scalar(c, value), shape), out],
                 [out])
    return needs, fn


def _round(name, ins, outs):
    c = ins[0]
    if c in 'FD':
        part = 'f' if c == 'F' else 'd'
        sub = _round(name, part, part)
        if sub is None:
            return None
        needs, pfn = sub

        def cfn(i, o, a):
            x = _to_array(i[0], o[0].shape)
            for src, dst in ((x.real, o[0].real), (x.imag, o[0].imag)):
                pfn([src], [dst], a)
        return needs, cfn
    if c in 'efd':
        w = c
    else:
        w = 'd'       # NumPy rounds integers to 10**-d through float64
    ww = w * 2 + '->' + w
    needs = [('multiply', ww), ('divide', ww), ('rint', w + '->' + w)]

    def fn(i, o, a):
        d = int(a.get('decimals', 0))
        x = _to_array(i[0], o[0].shape)
        out = o[0]
        if c not in 'efd' and d >= 0:
            core._copy_to(out, x)
            return
        t = out if w == c else core._empty(out.shape, numpy.dtype(w))
        if x is not t:
            core._copy_to(t, x)
        if d == 0:
            _run('rint', w + '->' + w, [t], [t])
        else:
            f = _scalar(w, 10.0 ** abs(d))
            first, second = ('multiply', 'divide') if d > 0 else (
                'divide', 'multiply')
            _run(first, ww, [t, f], [t])
            _run('rint', w + '->' + w, [t], [t])
            _run(second, ww, [t, f], [t])
        if t is not out:
            core._copy_to(out, t)
    return needs, fn


_TABLE = {
    'square': _square,
    'positive': _identity_on('bhilBHILefdFD'),
    'conjugate': _identity_on('bhilBHILefd'),
    'absolute': _identity_on('?BHIL'),
    'floor': _trunc,
    'ceil': _trunc,
    'trunc': _trunc,
    'isnan': _classify_ints(False),
    'isinf': _classify_ints(False),
    'isfinite': _classify_ints(True),
    'logical_not': _logical_not,
    'logical_and': _logical_binary,
    'logical_or': _logical_binary,
    'logical_xor': _logical_binary,
    'fmax': _fminmax,
    'fmin': _fminmax,
    'maximum': _minmax_bool,
    'minimum': _minmax_bool,
    'negative': _negative,
    'reciprocal': _reciprocal,
    'degrees': _angle,
    'radians': _angle,
    'rad2deg': _angle,
    'deg2rad': _angle,
    'float_power': _alias('power'),
    'invert': _invert_bool,
    'sign': _sign_unsigned,
    'where': _where_bits,
    'clip': _clip,
    'nan_to_num': _nan_to_num,
    'round': _round,
}


def register(name, maker):
    """Add the composition maker of a ufunc outside NumPy's namespace
    (cupyx.scipy.special): ``maker(name, ins, outs)`` returns (needs, fn)
    or None, as the entries above; the routes are recomputed."""
    if name in _TABLE:
        raise ValueError('a composition of {} exists'.format(name))
    _TABLE[name] = maker
    from cupy._core import _dispatch
    _dispatch._invalidate()


def find(name, loop):
    """(needs, fn) composing `loop` of `name`, or None."""
    maker = _TABLE.get(name)
    if maker is None:
        return None
    ins, outs = loop.split('->')
    if name in ('floor', 'ceil') and ins[0] not in '?bhilBHIL':
        return None       # only the integer identity; trunc composes
    return maker(name, ins, outs)
