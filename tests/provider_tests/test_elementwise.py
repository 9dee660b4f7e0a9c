"""'elementwise' (operations.md): every (ufunc, loop) the provider
publishes against NumPy's own loop on the host -- special values, scalar
operands, layouts, in-place -- with no host<->device transfer, no leak and
no sanitizer error (device.run checks all three)."""

import numpy
import pytest

from cupy_backends.ascend.ops.elementwise import _table as table
from cupy_backends.ascend.ops.elementwise._plan import plan_of
from cupy_backends.backend.provider import (
    OperationNotSupported, get_provider)
from tests.provider_tests import elementwise_cases as cases
from tests.provider_tests.device import Buffer, run


def _names():
    return sorted(n for n in table.UFUNCS)


def _loops():
    prov = get_provider()
    out = []
    for name in _names():
        for loop in sorted({table.normalize(x)
                            for x in prov.routes(name)}):
            out.append((name, loop))
    return out


LOOPS = _loops()
IDS = ['{}-{}'.format(n, l) for n, l in LOOPS]


def _zeros(c, shape):
    return numpy.zeros(shape, numpy.dtype(c))


def _run_loop(name, loop, ins, items=None, attrs=None):
    """Run `loop` on device copies of `ins` (host arrays); `items`
    replaces some operands (host scalars).  Returns the outputs."""
    outs = loop.split('->')[1]
    bi = [Buffer(x) for x in ins]
    shape = numpy.broadcast_shapes(*[numpy.shape(x) for x in ins])
    bo = [Buffer(_zeros(c, shape)) for c in outs]
    views = [b.view(b.host) for b in bi]
    if items:
        for k, v in items.items():
            views[k] = v
    a = {'name': name, 'loop': loop}
    a.update(attrs or {})
    run('elementwise', [b.view(b.host) for b in bo], views, a)
    return [b.get() for b in bo]


def _check(name, got, want):
    for g, w in zip(got, want):
        cases.assert_matches(g, w, name)


# ----------------------------------------------------------- every loop --

@pytest.mark.parametrize('name,loop', LOOPS, ids=IDS)
def test_loop(name, loop):
    ins = cases.operands(name, loop)
    want = cases.reference(name, loop, ins)
    _check(name, _run_loop(name, loop, ins), want)


def _nonfinite_complex(name, loop):
    # NumPy's own complex multiply is not symmetric for infinities (its
    # vector loop for array * scalar differs from scalar * array): compare
    # finite operands only there
    return name in ('multiply', 'square') and loop[0] in 'FD'


@pytest.mark.parametrize('name,loop', [x for x in LOOPS
                                       if len(x[1].split('->')[0]) > 1],
                         ids=[i for i, x in zip(IDS, LOOPS)
                              if len(x[1].split('->')[0]) > 1])
def test_scalar_operand(name, loop):
    """Each operand in turn a host scalar (the 1 of a + 1): the provider
    uses the operators' scalar forms or fills a device tensor; NumPy's
    reference gets the same scalar (its scalar fast paths included)."""
    ins = cases.operands(name, loop)
    chars = loop.split('->')[0]
    for pos in range(len(ins)):
        vals = cases.special(chars[pos])
        for vi in range(0, len(vals), 3):
            s = vals[vi]
            if name in ('power', 'float_power') and pos == 1 and \
                    numpy.dtype(chars[1]).kind in 'iu' and not 0 <= s <= 8:
                continue
            if _nonfinite_complex(name, loop) and not numpy.isfinite(s):
                continue
            host = list(ins)
            host[pos] = numpy.full(len(ins[0]), s, s.dtype)
            ref = list(ins)
            ref[pos] = s
            want = [numpy.broadcast_to(w, ins[0].shape)
                    for w in cases.reference(name, loop, ref)]
            got = _run_loop(name, loop, host, items={pos: s})
            if _nonfinite_complex(name, loop):
                ok = numpy.ones(len(ins[0]), bool)
                for x in ins:
                    ok &= numpy.isfinite(x)
                got = [g[ok] for g in got]
                want = [w[ok] for w in want]
            _check(name, got, want)


@pytest.mark.parametrize('name,loop', LOOPS, ids=IDS)
def test_all_scalar_inputs(name, loop):
    """No device input at all (np.add(1, 2, out=a)): folded on the host,
    the outputs filled."""
    chars = loop.split('->')[0]
    ins = [cases.special(c)[2] for c in chars]
    if name in ('power', 'float_power') and numpy.dtype(chars[-1]).kind in \
            'iu':
        ins[-1] = ins[-1].dtype.type(2)
    want = cases.reference(name, loop, [numpy.array(x) for x in ins])
    outs = loop.split('->')[1]
    bo = [Buffer(_zeros(c, (3,))) for c in outs]
    run('elementwise', [b.view(b.host) for b in bo], ins,
        {'name': name, 'loop': loop})
    _check(name, [b.get() for b in bo],
           [numpy.broadcast_to(w, (3,)) for w in want])


@pytest.mark.parametrize('name,loop', [
    x for x in LOOPS if x[1].split('->')[1][0] in x[1].split('->')[0]
    and x[0] != 'where'], ids=[
    i for i, x in zip(IDS, LOOPS)
    if x[1].split('->')[1][0] in x[1].split('->')[0] and x[0] != 'where'])
def test_in_place(name, loop):
    """out0 is the same View as an input (a += b)."""
    chars, outs = loop.split('->')
    ins = cases.operands(name, loop)
    want = cases.reference(name, loop, ins)
    for pos, c in enumerate(chars):
        if c != outs[0]:
            continue
        bi = [Buffer(x) for x in ins]
        extra = [Buffer(_zeros(c2, ins[0].shape)) for c2 in outs[1:]]
        run('elementwise',
            [bi[pos].view(bi[pos].host)] + [b.view(b.host) for b in extra],
            [b.view(b.host) for b in bi], {'name': name, 'loop': loop})
        _check(name, [bi[pos].get()] + [b.get() for b in extra], want)


@pytest.mark.parametrize('name,loop', [('divmod', 'dd->dd'),
                                       ('divmod', 'll->ll'),
                                       ('divmod', 'ee->ee'),
                                       ('modf', 'd->dd'), ('modf', 'f->ff')])
def test_in_place_second_output(name, loop):
    """out1 aliases an input that later steps still read: written through
    a temporary."""
    ins = cases.operands(name, loop)
    want = cases.reference(name, loop, ins)
    for pos in range(len(ins)):
        bi = [Buffer(x) for x in ins]
        o0 = Buffer(numpy.zeros_like(want[0]))
        run('elementwise', [o0.view(o0.host), bi[pos].view(bi[pos].host)],
            [b.view(b.host) for b in bi], {'name': name, 'loop': loop})
        _check(name, [o0.get(), bi[pos].get()], want)


# -------------------------------------------------------------- layouts --

def _sentinel(c, shape):
    dt = numpy.dtype(c)
    return numpy.full(shape, 7, dt) if dt.kind != 'b' else \
        numpy.ones(shape, dt)


LAYOUTS = {
    # (input buffer shape, input view, output buffer shape, output view)
    'transposed': ((5, 4), lambda a: a.T, (4, 5), lambda o: o),
    'strided_out': ((4, 5), lambda a: a, (8, 11), lambda o: o[::2, 1:11:2]),
    'reversed_in': ((4, 5), lambda a: a[::-1, ::-1], (4, 5), lambda o: o),
    'reversed_out': ((4, 5), lambda a: a, (4, 5), lambda o: o[::-1]),
    'reversed_both': ((4, 5), lambda a: a[:, ::-1], (4, 5),
                      lambda o: o[::-1, ::-1]),
    'broadcast': ((1, 5), lambda a: numpy.broadcast_to(a, (4, 5)), (4, 5),
                  lambda o: o),
    'broadcast_reversed': ((4, 1), lambda a: numpy.broadcast_to(
        a[::-1], (4, 5)), (4, 5), lambda o: o),
    'zero_d': ((), lambda a: a, (), lambda o: o),
    'zero_d_of_larger': ((5,), lambda a: a[2, ...], (5,),
                         lambda o: o[3, ...]),
    'rank_10': ((2,) * 10, lambda a: a.transpose(9, 0, 8, 1, 7, 2, 6, 3, 5,
                                                 4), (2,) * 10, lambda o: o),
    'offsets': ((6, 7), lambda a: a[1:5, 2:7], (9, 9),
                lambda o: o[3:7, 1:6]),
}

# Loops of every kind of program: one aclnn call, unsigned run as signed,
# scalar forms, compositions with host folding, complex parts, float16
# through float32, two outputs, operators that need a contiguous out
# (Log, IsInf, SWhere, BitwiseNot, Signbit), a hazard-prone in-place.
LAYOUT_LOOPS = [
    ('add', 'ff->f'), ('add', 'HH->H'), ('subtract', 'hh->h'),
    ('multiply', 'DD->D'), ('divide', 'FF->F'), ('floor_divide', 'dd->d'),
    ('floor_divide', 'ii->i'), ('remainder', 'BB->B'), ('divmod', 'ff->ff'),
    ('power', 'ff->f'), ('negative', 'h->h'), ('absolute', 'D->d'),
    ('sin', 'e->e'), ('sin', 'f->f'), ('log', 'd->d'), ('log2', 'f->f'),
    ('isinf', 'd->?'), ('isnan', 'F->?'), ('signbit', 'e->?'),
    ('invert', 'H->H'), ('maximum', 'dd->d'), ('maximum', 'LL->L'),
    ('fmin', 'FF->F'), ('less', 'lL->?'), ('greater', 'DD->?'),
    ('equal', 'II->?'), ('left_shift', 'bb->b'), ('right_shift', 'll->l'),
    ('conjugate', 'F->F'), ('rint', 'D->D'), ('modf', 'd->dd'),
    ('trunc', 'f->f'), ('where', '?dd->d'), ('where', '?FF->F'),
    ('clip', 'fff->f'), ('clip', 'III->I'), ('nan_to_num', 'f->f'),
    ('copysign', 'ff->f'), ('logaddexp', 'dd->d'), ('heaviside', 'ee->e'),
    ('angle', 'D->d'), ('real', 'F->f'), ('positive', 'b->b'),
    ('logical_xor', 'FF->?'), ('exp2', 'F->F'),
]


@pytest.mark.parametrize('layout', sorted(LAYOUTS))
@pytest.mark.parametrize('name,loop', LAYOUT_LOOPS,
                         ids=['{}-{}'.format(*x) for x in LAYOUT_LOOPS])
def test_layout(name, loop, layout):
    ishape, ifn, oshape, ofn = LAYOUTS[layout]
    base = cases.operands(name, loop)
    size = int(numpy.prod(ishape))
    bi = []
    for k, x in enumerate(base):
        idx = (numpy.arange(size) * (k + 1) * 7 + k) % len(x)
        bi.append(Buffer(x[idx].reshape(ishape)))
    vin = [ifn(b.host) for b in bi]
    want = cases.reference(name, loop, [numpy.array(v) for v in vin])
    bo = [Buffer(_sentinel(c, oshape)) for c in loop.split('->')[1]]
    vout = [ofn(b.host) for b in bo]
    run('elementwise', [b.view(v) for b, v in zip(bo, vout)],
        [b.view(v) for b, v in zip(bi, vin)], {'name': name, 'loop': loop})
    for b, w in zip(bo, want):
        expect = b.host.copy()
        ofn(expect)[...] = w
        cases.assert_matches(b.get(), expect, name)


# ---------------------------------------------------- specific behaviour --

def test_integer_division_by_zero_and_min():
    # NumPy: x // 0 = x % 0 = fmod(x, 0) = 0; MIN // -1 wraps to MIN
    a = numpy.array([7, -7, 0, -128, -128, 5], numpy.int8)
    b = numpy.array([0, 0, 0, -1, 0, -3], numpy.int8)
    for name in ('floor_divide', 'remainder', 'fmod'):
        want = cases.reference(name, 'bb->b', [a, b])
        _check(name, _run_loop(name, 'bb->b', [a, b]), want)
    q, r = _run_loop('divmod', 'bb->bb', [a, b])
    _check('divmod', [q, r], cases.reference('divmod', 'bb->bb', [a, b]))


def test_float_floor_divide_is_numpys():
    # floor(a / b) would give 10 for 1 // 0.1 (NumPy: 9) and 1 for
    # 1 % 0.1's quotient
    a = numpy.array([1.0, -1.0, 1.0, -0.0, 5.0, numpy.inf, 7.0])
    b = numpy.array([0.1, 0.1, numpy.inf, 3.0, 0.0, 2.0, -numpy.inf])
    for name in ('floor_divide', 'remainder'):
        want = cases.reference(name, 'dd->d', [a, b])
        _check(name, _run_loop(name, 'dd->d', [a, b]), want)


def test_power_negative_integer_exponent():
    """NumPy raises for an integer to a negative integer power: that is
    the core's check (NumPy's rules live only in the core).  The loop
    itself must neither hang nor crash: a device exponent gives some
    value, and a host exponent is refused by the operator (161002), as a
    910B refuses it."""
    from cupy_backends.ascend import AclError
    a = numpy.array([2, -1, 1, 0, 3], numpy.int32)
    b = numpy.array([-1, -3, -2, 2, -1], numpy.int32)
    out, = _run_loop('power', 'ii->i', [a, b])
    assert out.shape == (5,)
    with pytest.raises(AclError, match='non-negative exponent'):
        _run_loop('power', 'ii->i', [a, b], items={1: numpy.int32(-2)})


@pytest.mark.parametrize('loop', ['ff->f', 'dd->d'])
@pytest.mark.parametrize('e', [-1.0, 0.0, 0.5, 1.0, 2.0, 3.0, -0.5])
def test_power_scalar_exponent_fast_path(loop, e):
    # NumPy's float loops special-case a stride-0 exponent (sqrt for 0.5:
    # (-inf) ** 0.5 is NaN, not pow's inf)
    x = cases.special(loop[0])
    s = numpy.dtype(loop[0]).type(e)
    want = cases.reference('power', loop, [x, s])
    got = _run_loop('power', loop, [x, numpy.full_like(x, s)],
                    items={1: s})
    _check('power', got, want)


@pytest.mark.parametrize('loop', ['ff->f', 'ee->e'])
def test_sin_cos_large_float32(loop):
    # float32 runs on the float32 kernels; A2 documents them accurate only
    # for abs(x) <= 1e7 (ops.md 2, TODO.md); the simulator gives NumPy's
    # values everywhere
    x = numpy.array([1e8, -3.3e9, 1e30, 12345678.0, 0.5], loop[0]) \
        if loop[0] == 'f' else numpy.array([65504.0, -1000.0, 0.5], 'e')
    for name in ('sin', 'cos'):
        want = cases.reference(name, loop[0] + '->' + loop[0], [x])
        _check(name, _run_loop(name, loop[0] + '->' + loop[0], [x]), want)


@pytest.mark.parametrize('dtype', ['e', 'f'])
def test_nan_to_num_attributes(dtype):
    x = cases.special(dtype)
    loop = dtype + '->' + dtype
    part = numpy.dtype(dtype.lower())
    for attrs in ({}, {'nan': 1.5, 'posinf': 7.0, 'neginf': -9.0},
                  {'nan': -2.0, 'posinf': None, 'neginf': None}):
        attrs = {k: (None if v is None else part.type(v))
                 for k, v in attrs.items()}
        want = cases.reference('nan_to_num', loop, [x], attrs)
        _check('nan_to_num', _run_loop('nan_to_num', loop, [x],
                                       attrs=attrs), want)


@pytest.mark.parametrize('dtype', ['e', 'f', 'd', 'b', 'i', 'l', 'H'])
@pytest.mark.parametrize('decimals', [0, 1, 3, -1, -2])
def test_round_decimals(dtype, decimals):
    x = cases.special(dtype)
    if numpy.dtype(dtype).kind == 'f':
        x = numpy.concatenate([x, (numpy.arange(-30, 30) * 0.137 +
                                   0.005).astype(dtype)])
    loop = dtype + '->' + dtype
    attrs = {'decimals': decimals}
    want = cases.reference('round', loop, [x], attrs)
    _check('round', _run_loop('round', loop, [x], attrs=attrs), want)


@pytest.mark.parametrize('dtype', ['f', 'd', 'e', 'i', 'B', 'L', '?'])
def test_clip_scalar_bounds(dtype):
    # NumPy's clip: lo > hi gives hi; a NaN operand gives NaN
    x = cases.special(dtype)
    dt = numpy.dtype(dtype)
    bounds = [(0, 1), (1, 0), (2, 2), (0, 0)]
    if dt.kind == 'f':
        bounds += [(-0.5, numpy.nan), (numpy.nan, 1.0), (-numpy.inf, 0.0)]
    if dt.kind == 'b':
        bounds = [(False, True), (True, False), (True, True)]
    for lo, hi in bounds:
        lo, hi = dt.type(lo), dt.type(hi)
        loop = dtype * 3 + '->' + dtype
        want = cases.reference('clip', loop, [x, lo, hi])
        got = _run_loop('clip', loop, [x, numpy.full_like(x, lo),
                                       numpy.full_like(x, hi)],
                        items={1: lo, 2: hi})
        _check('clip', got, want)


def test_where_scalar_condition():
    a = cases.special('d')
    b = cases.special('d', seed=5)
    c = numpy.ones(len(a), bool)
    for cond in (numpy.True_, numpy.False_):
        got = _run_loop('where', '?dd->d', [c, a, b], items={0: cond})
        _check('where', got, [a if cond else b])


def test_strict_mode_composed(strict):
    """Temporaries of a long composition live until the delayed stream
    has run."""
    x, y = cases.operands('floor_divide', 'dd->d')
    want = cases.reference('floor_divide', 'dd->d', [x, y])
    _check('floor_divide', _run_loop('floor_divide', 'dd->d', [x, y]), want)


def test_other_stream():
    import cupy
    x, y = cases.operands('maximum', 'ff->f')
    want = cases.reference('maximum', 'ff->f', [x, y])
    bx, by = Buffer(x), Buffer(y)
    bo = Buffer(numpy.zeros_like(x))
    s = cupy.xpu.Stream()
    run('elementwise', [bo.view(bo.host)], [bx.view(bx.host),
                                            by.view(by.host)],
        {'name': 'maximum', 'loop': 'ff->f'}, stream=s.ptr)
    s.synchronize()
    _check('maximum', [bo.get()], want)


# -------------------------------------------------------- the loop table --

def test_loop_table():
    prov = get_provider()
    loops = prov.routes('add')
    assert 'ff->f' in loops and 'qq->q' in loops and 'll->l' in loops
    assert loops['ff->f'] == 'native'
    assert prov.routes('gcd') == {}
    assert prov.routes('no_such_ufunc') == {}
    assert prov.routes('isnan')['f->?'] == 'native'          # x != x
    assert prov.routes('logaddexp')['ff->f'] == 'composed'
    assert prov.routes('sin')['e->e'] == 'cast'           # via float32
    # float64 Tanh/Expm1/Log10 and complex sign are not A2's (ops.md)
    for name, loop in (('tanh', 'd->d'), ('expm1', 'd->d'),
                       ('log10', 'd->d'), ('sign', 'D->D')):
        assert loop not in prov.routes(name)
    # every published loop is a NumPy loop of that ufunc
    for name in _names():
        numpy_loops = set(table.numpy_loops(name))
        for loop in prov.routes(name):
            assert table.normalize(loop) in numpy_loops, (name, loop)


def test_native_loops_are_single_calls():
    # the plain arithmetic on every dtype: one aclnn call
    for name in ('add', 'subtract', 'multiply'):
        for loop in get_provider().routes(name):
            p = plan_of(name, loop)
            assert len(p.source.steps) == 1, (name, loop)


def test_unsupported():
    prov = get_provider()
    x = Buffer(numpy.arange(4, dtype=numpy.int64))
    o = Buffer(numpy.zeros(4, numpy.int64))
    with pytest.raises(OperationNotSupported):
        prov.run('elementwise', (o.view(o.host),),
                 (x.view(x.host), x.view(x.host)),
                 {'name': 'gcd', 'loop': 'll->l'}, 0)
    with pytest.raises(OperationNotSupported):
        prov.run('elementwise', (o.view(o.host),), (x.view(x.host),),
                 {'name': 'round', 'loop': '?->?', 'decimals': -1}, 0)
    with pytest.raises(TypeError):
        prov.run('elementwise', (o.view(o.host),),
                 (x.view(x.host), x.view(x.host)),
                 {'name': 'add', 'loop': 'ff->f'}, 0)
