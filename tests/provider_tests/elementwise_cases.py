"""Operands and NumPy references for the 'elementwise' provider tests:
special values per dtype, the reference result of a loop, tolerances."""

import warnings

import numpy

ALL = '?bhilBHILefdFD'

# Loops computed by transcendental functions (to NumPy's tolerance);
# everything else must match bit for bit (NaNs equal, signs of zeros not
# compared).
INEXACT = frozenset((
    'exp', 'exp2', 'expm1', 'log', 'log2', 'log10', 'log1p', 'sqrt', 'sin',
    'cos', 'tan', 'arcsin', 'arccos', 'arctan', 'arctan2', 'hypot', 'sinh',
    'cosh', 'tanh', 'arcsinh', 'arccosh', 'arctanh', 'power',
    'float_power', 'logaddexp', 'logaddexp2', 'angle', 'divide',
    'true_divide', 'reciprocal', 'absolute', 'abs', 'degrees', 'radians',
    'deg2rad', 'rad2deg'))


def special(c, n_random=8, seed=0):
    """Values of dtype char c: edge cases first, then some random ones."""
    dt = numpy.dtype(c)
    rng = numpy.random.default_rng(seed + ord(c))
    if dt.kind == 'b':
        return numpy.array([False, True, True, False], dt)
    if dt.kind in 'iu':
        info = numpy.iinfo(dt)
        vals = [0, 1, 2, 3, 7, info.max, info.max - 1, info.min]
        if dt.kind == 'i':
            vals += [-1, -2, -3, -7, info.min + 1]
        vals += list(rng.integers(info.min, info.max, n_random, dtype=dt,
                                  endpoint=True))
        return numpy.array(vals, dt)
    if dt.kind == 'f':
        fi = numpy.finfo(dt)
        vals = [0.0, -0.0, 1.0, -1.0, 0.5, -2.5, 3.0, 1.5, -0.75, 10.0,
                numpy.inf, -numpy.inf, numpy.nan, fi.max, -fi.max,
                fi.tiny, fi.smallest_subnormal, 100.25, -7.0, 1e-3]
        vals += list((rng.standard_normal(n_random) * 4).astype(dt))
        return numpy.array(vals, dt)
    part = numpy.dtype(c.lower())
    re = special(c.lower(), 2, seed)[:14]
    im = numpy.array([0.0, -0.0, 1.0, -2.0, numpy.inf, numpy.nan, 0.5,
                      -1.5, 3.0, 0.0, -0.0, 2.0, -numpy.inf, 1.0], part)
    z = numpy.empty(len(re), dt)
    z.real = re
    z.imag = im[:len(re)]
    return z


def pair(ca, cb, limit=None):
    """All pairs of the special values of two dtypes (flattened)."""
    a, b = special(ca), special(cb, seed=1)
    x, y = numpy.meshgrid(a, b, indexing='ij')
    x, y = x.ravel(), y.ravel()
    if limit:
        x, y = x[:limit], y[:limit]
    return x, y


def operands(name, loop):
    """Input arrays for loop `loop` of `name` (NumPy's domain: integer
    powers with non-negative exponents)."""
    ins = loop.split('->')[0]
    if len(ins) == 1:
        return [special(ins[0])]
    if name in ('where',):
        c, x = pair('?', ins[1])
        return [c, x, special(ins[2], seed=2)[numpy.arange(len(x)) %
                                            len(special(ins[2]))]]
    if name == 'clip':
        x, lo = pair(ins[0], ins[1])
        hi = special(ins[2], seed=3)
        hi = hi[numpy.arange(len(x)) % len(hi)]
        return [x, lo, hi]
    x, y = pair(ins[0], ins[1])
    if name in ('power', 'float_power') and numpy.dtype(ins[1]).kind in 'iu':
        y = numpy.where(y < 0, 0, y) if numpy.dtype(ins[1]).kind == 'i' \
            else y
        y = (y % 9).astype(y.dtype)
    return [x, y]


def reference(name, loop, ins, attrs=None):
    """NumPy's results (a tuple) of loop `loop` of `name`."""
    attrs = attrs or {}
    outs = loop.split('->')[1]
    with warnings.catch_warnings():
        warnings.simplefilter('ignore')
        with numpy.errstate(all='ignore'):
            if name == 'where':
                r = numpy.where(*ins)
            elif name == 'clip':
                r = numpy.clip(*ins)
            elif name == 'nan_to_num':
                r = numpy.nan_to_num(ins[0], nan=attrs.get('nan', 0.0),
                                     posinf=attrs.get('posinf'),
                                     neginf=attrs.get('neginf'))
            elif name == 'round':
                r = numpy.round(ins[0], attrs.get('decimals', 0))
            elif name in ('real', 'imag', 'angle'):
                r = getattr(numpy, name)(ins[0])
            else:
                uf = getattr(numpy, name)
                if loop in ('lL->?', 'Ll->?'):
                    r = uf(*ins)        # NumPy's own 'qQ->?' loops
                else:
                    r = uf(*ins, signature=loop)
    if not isinstance(r, tuple):
        r = (r,)
    return tuple(numpy.asarray(x).astype(c) for x, c in zip(r, outs))


def tolerance(name, dtype):
    dtype = numpy.dtype(dtype)
    if name not in INEXACT or dtype.kind not in 'fc':
        return None
    return {2: 2e-3, 4: 4e-6, 8: 4e-15}[dtype.itemsize if dtype.kind == 'f'
                                        else dtype.itemsize // 2]


def assert_matches(got, want, name):
    tol = tolerance(name, want.dtype)
    if tol is None:
        numpy.testing.assert_array_equal(got, want)
    else:
        # logaddexp: x + log1p(...) cancels; NumPy's inner log1p is libm's,
        # the device's a vector kernel: compare to the operands' scale
        atol = tol if name.startswith('logaddexp') else 0
        numpy.testing.assert_allclose(got, want, rtol=tol, atol=atol,
                                      equal_nan=True)
