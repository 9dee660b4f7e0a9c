"""The translation of a ReductionKernel: map_expr over the input
elements, the reduction, post_map_expr over the results.

reduce_expr is recognised as one of the provider's reductions where it
is one (a + b, a * b, max/min written as calls or ternaries, bitwise and
logical and/or/xor); otherwise it runs as a pairwise tree of translated
steps over the reduced axis (half the values per round).  The identity
is folded in last, by reduce_expr itself, as the CUDA kernel starts from
it."""

import numpy

from cupy._core import core
from cupy._core import _routines_ufuncs as _uf
from cupy._core import _routines_manipulation
from cupy._core._ckernel import _parser, _program
from cupy._core._ckernel._fuse import materialize
from cupy._core._ckernel._interp import Var
from cupy._core._ckernel._values import V, convert

_COMMUTATIVE = {'+': 'add', '*': 'multiply', '&': 'bitwise_and',
                '|': 'bitwise_or', '^': 'bitwise_xor',
                '&&': 'logical_and', '||': 'logical_or'}
_CALLS = {'max': 'max', 'min': 'min', 'fmax': 'max', 'fmin': 'min',
          'fmaxf': 'max', 'fminf': 'min'}


def _ab(x, y):
    names = {n[2] for n in (x, y) if n[0] == 'name'}
    return len(names) == 2 and names == {'a', 'b'}


def recognise(tree):
    """The provider reduction reduce_expr is ('add', 'max' ...), or
    None."""
    kind = tree[0]
    if kind == 'bin' and tree[2] in _COMMUTATIVE and _ab(tree[3], tree[4]):
        return _COMMUTATIVE[tree[2]]
    if kind == 'call' and tree[2] in _CALLS and not tree[3] and \
            len(tree[4]) == 2 and _ab(*tree[4]):
        return _CALLS[tree[2]]
    if kind == 'cond' and tree[2][0] == 'bin' and \
            tree[2][2] in ('<', '<=', '>', '>=') and \
            _ab(tree[2][3], tree[2][4]) and _ab(tree[3], tree[4]):
        # x OP y ? p : q picks the larger when it picks the left operand
        # of > (or the right of <)
        left = tree[2][3][2]
        picked = tree[3][2]
        greater = tree[2][2] in ('>', '>=')
        return 'max' if greater == (picked == left) else 'min'
    return None


def reduce_type(text, types, type_names):
    if text in types:
        return types[text]
    p = _parser.Parser(_parser.tokenize(text, 'reduce_type'), type_names)
    ts = p.typespec()
    if isinstance(ts.base, str):
        return types[ts.base]
    return ts.base


def _native(name, x, dt):
    # x: (..., n) of dt; the reduction along the last axis in dt
    if name in ('add', 'multiply'):
        return getattr(_uf, name).reduce(x, axis=-1, dtype=dt)
    if name in ('max', 'min'):
        if dt.kind == 'f':
            uf = _uf.fmax if name == 'max' else _uf.fmin
        else:
            uf = _uf.maximum if name == 'max' else _uf.minimum
        return uf.reduce(x, axis=-1)
    if name in ('logical_and', 'logical_or'):
        b = x.astype(numpy.bool_)
        r = b.all(axis=-1) if name == 'logical_and' else b.any(axis=-1)
        return r.astype(dt)
    return getattr(_uf, name).reduce(x, axis=-1)


def _tree(prog, x, types):
    """Pairwise rounds of reduce_expr along the last axis of x."""
    dt = x.dtype
    while x.shape[-1] > 1:
        n = x.shape[-1]
        half = n // 2
        a = x[..., 0:2 * half:2]
        b = x[..., 1:2 * half:2]
        r = _program.evaluate(prog, ('a', 'b'), (V(a, dt), V(b, dt)),
                              types, a.shape)
        r = _full(convert(r, dt), a.shape)
        if n % 2:
            r = _routines_manipulation.concatenate([r, x[..., n - 1:]],
                                                   axis=-1)
        x = r
    return x[..., 0]


def _full(v, shape):
    d = materialize(v.data)
    if isinstance(d, core.ndarray):
        if d.shape != shape:
            d = core._broadcast_to(d, shape)
        return d
    out = core._empty(shape, v.dt)
    core._fill(out, d)
    return out


def run(kernel, in_args, out_args, in_types, out_types, types, shape,
        axes, keepdims):
    names = set(types) | {'_type_reduce'}
    rt = reduce_type(kernel.reduce_type, types, names)
    types = dict(types)
    types['_type_reduce'] = rt
    pre = kernel.preamble
    n = 1
    for ax in axes:
        n *= shape[ax]
    out_size = 1
    for k, s in enumerate(shape):
        if k not in axes:
            out_size *= s
    extra = {'_in_ind.size': n * out_size, '_out_ind.size': out_size}
    # map
    mprog = _program.get(pre, kernel.map_expr, 'map_expr', names, True)
    it = _program.start(mprog, types, shape)
    _program.bind(it, list(zip(kernel.in_params, in_args, in_types)), True)
    it.extra.update(extra)
    mapped = _full(convert(it.expr(mprog.body, True), rt), shape)
    # reduce over `axes`, moved last
    kept = [k for k in range(len(shape)) if k not in axes]
    x = mapped.transpose(kept + list(axes))
    kept_shape = tuple(shape[k] for k in kept)
    x = x.reshape(kept_shape + (n,))
    rprog = _program.get(pre, kernel.reduce_expr, 'reduce_expr', names,
                         True)
    name = recognise(rprog.body)
    if n == 0:
        r = None
    elif name is not None:
        r = _native(name, x, rt)
        if r.dtype != rt:
            r = r.astype(rt)
    else:
        r = _tree(rprog, x, types)
    if kernel.identity != '':
        iprog = _program.get(pre, kernel.identity, 'identity', names, True)
        ident = convert(_program.evaluate(iprog, (), (), types, kept_shape),
                        rt)
        if r is None:
            r = _full(ident, kept_shape)
        else:
            r = _full(convert(_program.evaluate(
                rprog, ('a', 'b'), (ident, V(r, rt)), types, kept_shape),
                rt), kept_shape)
    elif r is None:
        raise ValueError('zero-size reduction of a ReductionKernel '
                         'without an identity')
    out_shape = out_args[0].shape if out_args else kept_shape
    r = r.reshape(out_shape)
    # post map
    pprog = _program.get(pre, kernel.post_map_expr, 'post_map_expr', names)
    it = _program.start(pprog, types, out_shape)
    it.declare('a', Var(rt, V(r, rt), False, 'a'))
    raws, outs = _program.bind(
        it, list(zip(kernel.out_params, out_args, out_types)), False)
    it.extra.update(extra)
    it.run_block(pprog.body[2], True)
    for var, arr in outs:
        _program.write_back(var.val, arr)
    for raw in raws:
        raw.finish()
