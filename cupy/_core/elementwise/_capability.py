"""The capability path of elementwise operations (DESIGN.md, "The operation
contract"): for each (ufunc, NumPy loop) the route it takes on this
provider, chosen once and cached.

1. ``native``: the provider runs the loop (``_dispatch.device_routes``).
2. ``cast``: the provider runs another loop of the same ufunc whose input
   dtypes hold ours exactly, and casting its results back to ours gives
   NumPy's values (``_narrowing_ok``: the per-ufunc property table below).
3. ``composed``: a composition of other operations that have device
   routes (``cupy._core.elementwise._compose``).
4. ``host``: NumPy on host copies (``cupy._core._fallback``).

The table of routes is queryable (:func:`loop_paths`,
:func:`capability_summary`) for ``python -m cupy info``; reductions and
matmul register their rows with :func:`register_rows`.  Tests hide loops
from the provider's table with ``_dispatch.hide``.
"""

import threading

import numpy

from cupy._core import _dispatch

_ALL_CHARS = '?bhilqBHILQefdFD'

# ------------------------------------------------------------------ families

# The ufuncs (NumPy names) of each family of the capability summary.
FAMILIES = {
    'arithmetic': (
        'add', 'subtract', 'multiply', 'divide', 'floor_divide', 'negative',
        'positive', 'power', 'float_power', 'remainder', 'fmod', 'divmod',
        'absolute', 'fabs', 'sign', 'heaviside', 'conjugate', 'reciprocal',
        'square', 'sqrt', 'cbrt', 'gcd', 'lcm'),
    'exponential/log': (
        'exp', 'exp2', 'expm1', 'log', 'log2', 'log10', 'log1p', 'logaddexp',
        'logaddexp2'),
    'trigonometric': (
        'sin', 'cos', 'tan', 'arcsin', 'arccos', 'arctan', 'arctan2', 'hypot',
        'sinh', 'cosh', 'tanh', 'arcsinh', 'arccosh', 'arctanh', 'degrees',
        'radians', 'deg2rad', 'rad2deg'),
    'comparison': (
        'greater', 'greater_equal', 'less', 'less_equal', 'equal',
        'not_equal', 'maximum', 'minimum', 'fmax', 'fmin'),
    'logical': ('logical_and', 'logical_or', 'logical_xor', 'logical_not'),
    'bitwise': (
        'bitwise_and', 'bitwise_or', 'bitwise_xor', 'invert', 'left_shift',
        'right_shift', 'bitwise_count'),
    'rounding': ('rint', 'floor', 'ceil', 'trunc', 'round'),
    'floating-point': (
        'isfinite', 'isinf', 'isnan', 'signbit', 'copysign', 'nextafter',
        'spacing', 'modf', 'ldexp', 'frexp', 'nan_to_num'),
    'selection': ('where', 'clip'),
}
FAMILY_OF = {n: f for f, names in FAMILIES.items() for n in names}


def register_family(family, names):
    """Add a family of ufunc names to the summary (cupyx.scipy.special
    registers its functions so; the core knows no such names)."""
    FAMILIES[family] = tuple(names)
    for n in names:
        FAMILY_OF.setdefault(n, family)


# The host function of a ufunc that is not NumPy's (the last step of the
# capability path computes it on host copies).  NumPy's own come first: a
# name both have (scipy.special.expm1, exp2, cbrt ...) is the same
# function, and NumPy's has every loop.
_host_functions = {}


def register_host_function(name, fn):
    _host_functions.setdefault(name, fn)


def host_function(name):
    """The host ufunc computing elementwise operation `name`."""
    fn = getattr(numpy, name, None)
    if isinstance(fn, numpy.ufunc):
        return fn
    return _host_functions[name]

# --------------------------------------------------- the exactness table
#
# When is "compute in a wider loop, cast the result back" NumPy's result?
#
# _INT_MODULAR: integer results are the ring operations (or values that
# fit), so computing in a wider integer type and wrapping back modulo 2**n
# gives what NumPy's own loop gives with its wrap-around (add, subtract,
# multiply, power by repeated multiplication, shifts: NumPy's shifts give
# 0 / -1 at or past the bit width, which the wider type reproduces after
# the wrap).  lcm is left out (NumPy takes abs() after an overflowing
# product).  This relies on the device's narrowing casts wrapping like
# NumPy's (TODO.md, "Device casting differences").
_INT_MODULAR = frozenset((
    'add', 'subtract', 'multiply', 'negative', 'positive', 'square',
    'power', 'bitwise_and', 'bitwise_or', 'bitwise_xor', 'invert',
    'left_shift', 'right_shift', 'floor_divide', 'remainder', 'fmod',
    'divmod', 'absolute', 'sign', 'maximum', 'minimum', 'fmax', 'fmin',
    'gcd', 'conjugate', 'floor', 'ceil', 'trunc', 'where', 'clip',
    'nan_to_num', 'round'))

# Ufuncs whose bool loop equals the integer loop on 0/1 followed by the
# cast to bool (nonzero -> True): add is logical or (1 + 1 = 2 -> True),
# multiply logical and, xor 1 ^ 1 = 0.  Not invert (~1 = -2 -> True).
_BOOL_NONZERO = frozenset((
    'add', 'multiply', 'maximum', 'minimum', 'fmax', 'fmin', 'bitwise_and',
    'bitwise_or', 'bitwise_xor', 'absolute', 'positive', 'conjugate',
    'floor', 'ceil', 'trunc', 'where', 'clip', 'nan_to_num'))

# Float results computed in a wider float (complex) type and rounded back.
# NumPy computes most float16 loops in float32 and rounds, so float16 via
# float32 is its own result; for + - * / sqrt and the value-selecting and
# exact functions (max, abs, floor, fmod, copysign, ldexp ...) double
# rounding is innocuous (53 >= 2*24 + 2 bits, Figueroa 1995), so float32
# via float64 is exact too; for the transcendental functions the wider
# computation is at least as accurate as NumPy's float32 loops (which are
# not correctly rounded either) and may differ from them in the last ulp.
# Never the reverse: a narrower loop is never used for a wider one.
# Left out: spacing and nextafter (their result depends on the type's ulp)
# and round (NumPy multiplies by 10**decimals in the array's own type).
_FLOAT_NOT_WIDENABLE = frozenset(('spacing', 'nextafter', 'round'))


def _exact_cast(src, dst):
    """True when every value of dtype src is exactly a value of dst
    (numpy's 'safe' minus int64 -> float64 and the like)."""
    if src == dst:
        return True
    if not numpy.can_cast(src, dst, 'safe'):
        return False
    if src.kind in 'iu' and dst.kind in 'fc':
        mant = {2: 11, 4: 24, 8: 53, 16: 53}[dst.itemsize]
        bits = src.itemsize * 8 - (1 if src.kind == 'i' else 0)
        return bits <= mant
    return True


def _narrowing_ok(name, dev, want):
    """May a result computed as dtype `dev` be cast to `want` for `name`?"""
    if dev == want:
        return True
    if want.kind == 'b':
        return dev.kind in 'iu' and name in _BOOL_NONZERO
    if want.kind in 'iu':
        return (dev.kind in 'iu' and dev.itemsize >= want.itemsize and
                name in _INT_MODULAR)
    if want.kind in 'fc':
        return (dev.kind == want.kind and dev.itemsize > want.itemsize and
                name not in _FLOAT_NOT_WIDENABLE)
    return False


# ------------------------------------------------------------- loop strings

def normalize_loop(loop):
    """A loop string with int64/uint64 written 'l'/'L' (NumPy writes both
    'l' and 'q' on LP64; they are the same dtype)."""
    return loop.replace('q', 'l').replace('Q', 'L')


def loop_dtypes(loop):
    ins, outs = loop.split('->')
    return (tuple(numpy.dtype(c) for c in ins),
            tuple(numpy.dtype(c) for c in outs))


def loop_string(in_dtypes, out_dtypes):
    return (''.join(d.char for d in in_dtypes) + '->' +
            ''.join(d.char for d in out_dtypes))


def numpy_loops(numpy_ufunc):
    """NumPy's loops of `numpy_ufunc` on our dtypes, in NumPy's order,
    without repeats."""
    seen = []
    for t in numpy_ufunc.types:
        if set(t.replace('->', '')) <= set(_ALL_CHARS) and t not in seen:
            seen.append(t)
    return seen


# ------------------------------------------------------- provider's table

_lock = threading.RLock()
_native_cache = {}
_route_cache = {}


def _invalidate():
    with _lock:
        _native_cache.clear()
        _route_cache.clear()


_dispatch.on_invalidate(_invalidate)


def native_loops(name):
    """The loops of `name` the provider runs (normalised), minus the
    hidden ones."""
    try:
        return _native_cache[name]
    except KeyError:
        pass
    loops = frozenset(_dispatch.device_routes(name))
    with _lock:
        _native_cache[name] = loops
    return loops


# ------------------------------------------------------------------ routes

class Route(object):
    """How (name, loop) runs: kind 'native', 'cast', 'composed' or 'host';
    `dev_loop`/`dev_in`/`dev_out` the provider's loop (native, cast);
    `compose` the composition (composed)."""

    __slots__ = ('name', 'loop', 'kind', 'dev_loop', 'dev_in', 'dev_out',
                 'compose', 'attrs')

    def __init__(self, name, loop, kind, dev_loop=None, compose=None):
        self.name = name
        self.loop = loop
        self.kind = kind
        self.dev_loop = dev_loop
        self.compose = compose
        # the request's attributes when the call adds none (read, never
        # changed, by the provider)
        self.attrs = {'name': name, 'loop': dev_loop}
        if dev_loop is not None:
            self.dev_in, self.dev_out = loop_dtypes(dev_loop)
        else:
            self.dev_in, self.dev_out = loop_dtypes(loop)

    def __repr__(self):
        extra = ''
        if self.kind == 'cast':
            extra = ' via {}'.format(self.dev_loop)
        return '<Route {} {}: {}{}>'.format(self.name, self.loop, self.kind,
                                             extra)


_KIND_CLASS = {'b': 0, 'i': 1, 'u': 1, 'f': 2, 'c': 3}


def _cast_candidate(name, loop, native):
    ins, outs = loop_dtypes(loop)
    best = None
    for cand in native:
        cins, couts = loop_dtypes(cand)
        if len(cins) != len(ins) or len(couts) != len(outs):
            continue
        if not all(_exact_cast(a, b) for a, b in zip(ins, cins)):
            continue
        if not all(_narrowing_ok(name, d, w) for d, w in zip(couts, outs)):
            continue
        # the fewest bytes, then integers kept integers, then NumPy's order
        cost = (sum(d.itemsize for d in cins + couts),
                sum(_KIND_CLASS[a.kind] != _KIND_CLASS[b.kind]
                    for a, b in zip(ins, cins)), cand)
        if best is None or cost < best[0]:
            best = (cost, cand)
    return None if best is None else best[1]


def route(name, loop, _visiting=None):
    """The Route of NumPy loop `loop` of elementwise operation `name`."""
    raw = (name, loop)
    r = _route_cache.get(raw)
    if r is not None:
        return r
    loop = normalize_loop(loop)
    key = (name, loop)
    try:
        r = _route_cache[key]
        if _visiting is None:
            _route_cache[raw] = r
        return r
    except KeyError:
        pass
    native = native_loops(name)
    if loop in native:
        r = Route(name, loop, 'native', loop)
    else:
        cand = _cast_candidate(name, loop, native)
        if cand is not None:
            r = Route(name, loop, 'cast', cand)
        else:
            r = None
            from cupy._core.elementwise import _compose
            found = _compose.find(name, loop)
            if found is not None:
                needs, fn = found
                visiting = set(_visiting or ()) | {key}
                if all(n not in visiting and
                       route(n[0], n[1], visiting).kind != 'host'
                       for n in ((a, normalize_loop(b)) for a, b in needs)):
                    r = Route(name, loop, 'composed', compose=fn)
            if r is None:
                r = Route(name, loop, 'host')
    if _visiting is None:
        _route_cache[key] = _route_cache[raw] = r
    return r


_dispatch.register_resolver(lambda name, loop: route(name, loop).kind)


# ---------------------------------------------------------------- registry

_ufunc_loops = {}     # name -> loops (NumPy's, on our dtypes)
_row_sources = []     # callables -> {(family, name, loop): path}


def register_ufunc(name, loops):
    """Called by each cupy.ufunc so that the summary covers it."""
    _ufunc_loops.setdefault(name, tuple(loops))


def register_rows(rows):
    """Add the rows of a non-elementwise family (reductions, matmul ...)
    to the summary: `rows()` -> {(family, name, loop): path}, path
    'native', 'cast', 'composed' or 'host'; called when a summary is
    made, so that it reflects the provider of that moment."""
    _row_sources.append(rows)


def _extra_rows():
    out = {}
    for source in _row_sources:
        for key, path in source().items():
            if path not in ('native', 'cast', 'composed', 'host'):
                raise ValueError('{}: path {!r} is not native, cast, '
                                 'composed or host'.format(key, path))
            out[key] = path
    return out


def _all_elementwise():
    """{name: loops} of every elementwise name: NumPy's loops of the
    registered ufuncs, and for the other names of the families (where,
    round, nan_to_num) the loops the provider's table lists (operations.md
    defines them; the provider reports them through ``routes``)."""
    out = {name: set(normalize_loop(x) for x in loops)
           for name, loops in _ufunc_loops.items()}
    provider = _dispatch.get_provider()
    for name in FAMILY_OF:
        if not isinstance(getattr(numpy, name, None), numpy.ufunc):
            # (a ufunc of another library may share the name: round)
            out.setdefault(name, set()).update(
                normalize_loop(x) for x in provider.routes(name))
    return out


def loop_paths():
    """{(name, loop): 'native' | 'cast' | 'composed' | 'host'} for every
    elementwise loop NumPy defines on our dtypes, plus registered rows."""
    out = {}
    for name, loops in sorted(_all_elementwise().items()):
        for loop in loops:
            out[(name, loop)] = route(name, loop).kind
    for (family, name, loop), path in _extra_rows().items():
        out[(name, loop)] = path
    return out


def capability_summary():
    """{family: {'native': n, 'cast': n, 'composed': n, 'host': n}}."""
    summary = {}
    for name, loops in sorted(_all_elementwise().items()):
        family = FAMILY_OF.get(name, 'other')
        row = summary.setdefault(family, dict.fromkeys(
            ('native', 'cast', 'composed', 'host'), 0))
        for loop in sorted(loops):
            r = route(name, loop)
            kind = r.kind
            if kind in ('native', 'cast'):
                # the provider may itself run the device loop as several
                # operators, or as one between exact casts
                inner = _dispatch.route(name, r.dev_loop or loop)
                if inner == 'composed' or (inner == 'cast' and
                                           kind == 'native'):
                    kind = inner
            row[kind] += 1
    for (family, name, loop), path in _extra_rows().items():
        row = summary.setdefault(family, dict.fromkeys(
            ('native', 'cast', 'composed', 'host'), 0))
        row[path] += 1
    return summary
