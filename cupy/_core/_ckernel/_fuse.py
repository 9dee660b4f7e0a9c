"""Fusing the steps of a kernel body into provider loop programs.

While a kernel runs, each elementwise step on device operands becomes a
`Lazy` node instead of a launch, and variables hold these nodes across
statements (straight-line code and branch arms alike: a masked
assignment is a select node).  A node is computed when its value is
needed: used as a mask, gathered, scattered, converted where the program
language has no exact conversion, passed to a function that is not
fused, read by a loop (loop-carried values are computed every round),
or written to an output; and a variable's value is computed when it is
read a second time, so a value used twice is computed once.  The tree
of a needed node is written in the provider's loop-program language
(the register programs of operations.md's 'elementwise' family:
``t3 = Mul(a, t2)``) and run as one request, 'elementwise_program'; the
outputs of a kernel that share their inputs run as one program with
several outputs; a tree with more than eight array leaves or too many
steps is cut into several programs.  A
provider without that operation, or one that cannot compile a program
for these dtypes, raises OperationNotSupported: the tree then runs step
by step through the core's ufuncs, as without fusion.  Only steps whose
device operator computes exactly what the core's ufunc computes for the
same dtype are fused (the core's own loop for them is that one operator).

CUPY_USER_KERNEL_FUSE=0 turns fusion off (for comparisons).
"""

import math
import os

import numpy

from cupy._core import core
from cupy._core import _routines_ufuncs as _uf
from cupy._core._ckernel import _optimize
from cupy_backends.backend.provider import OperationNotSupported

# ufunc name -> (generic operator of the program language, result kind:
# 'same' or 'bool', dtype kinds it is fused for)
_OPS = {
    'add': ('Add', 'same', 'iuf'), 'subtract': ('Sub', 'same', 'iuf'),
    'multiply': ('Mul', 'same', 'iuf'), 'divide': ('Div', 'same', 'f'),
    'fmod': ('Fmod', 'same', 'iu'), 'floor_divide': ('FloorDivide', 'same',
                                                     'iu'),
    'less': ('Lt', 'bool', 'iufb'), 'less_equal': ('Le', 'bool', 'iufb'),
    'greater': ('Gt', 'bool', 'iufb'),
    'greater_equal': ('Ge', 'bool', 'iufb'),
    'equal': ('Eq', 'bool', 'iufb'), 'not_equal': ('Ne', 'bool', 'iufb'),
    'logical_and': ('LogicalAnd', 'bool', 'b'),
    'logical_or': ('LogicalOr', 'bool', 'b'),
    'logical_xor': ('LogicalXor', 'bool', 'b'),
    'logical_not': ('LogicalNot', 'bool', 'b'),
    'bitwise_and': ('BitwiseAnd', 'same', 'iub'),
    'bitwise_or': ('BitwiseOr', 'same', 'iub'),
    'bitwise_xor': ('BitwiseXor', 'same', 'iub'),
    'invert': ('BitwiseNot', 'same', 'iu'),
    'negative': ('Neg', 'same', 'if'), 'absolute': ('Abs', 'same', 'if'),
    'sqrt': ('Sqrt', 'same', 'f'), 'exp': ('Exp', 'same', 'f'),
    'log': ('Log', 'same', 'f'), 'sin': ('Sin', 'same', 'f'),
    'cos': ('Cos', 'same', 'f'), 'tan': ('Tan', 'same', 'f'),
    'floor': ('Floor', 'same', 'f'), 'ceil': ('Ceil', 'same', 'f'),
    'rint': ('Round', 'same', 'f'),
    'maximum': ('Maximum', 'same', 'iu'), 'minimum': ('Minimum', 'same',
                                                      'iu'),
}
# ufuncs whose loop the provider inlines as the program that ufunc runs
# ('Call': operations.md, elementwise_program); a loop the ufunc does not
# run as a device program is refused there and runs step by step
for _name in ('expm1', 'exp2', 'log2', 'log10', 'log1p', 'arcsin',
              'arccos', 'arctan', 'sinh', 'cosh', 'tanh', 'arcsinh',
              'arccosh', 'arctanh', 'trunc', 'cbrt', 'power', 'arctan2',
              'hypot', 'fmin', 'fmax', 'copysign', 'nextafter'):
    _OPS[_name] = ('Call', 'same', 'f')
for _name in ('left_shift', 'right_shift'):
    _OPS[_name] = ('Call', 'same', 'iu')
del _name
# float16 runs through float32 in the core's loops: not fused
_KINDS_F = ('f4', 'f8')
# operations.md, elementwise_program: inputs a..h, outputs o0..o3
_INPUTS = 'abcdefgh'
_MAX_LEAVES = len(_INPUTS)
_MAX_STEPS = 48         # below the executor's 64 steps (_plan.pxd)
_MAX_VIEWS = 12         # inputs and outputs of a program (_plan.pxd)
_MAX_OUTS = 4           # outputs of a program (_plan.pxd _MAXOUT)


_absent = []        # the provider has no 'elementwise_program'


_on = [True]        # CUPY_USER_KERNEL_FUSE, read once per kernel call


def refresh():
    """Read CUPY_USER_KERNEL_FUSE (at the start of each kernel run)."""
    _on[0] = os.environ.get('CUPY_USER_KERNEL_FUSE', '1') != '0'


def enabled():
    return _on[0] and not _absent


class Lazy:
    """A deferred elementwise step: ufunc `name` on `args` (Lazy nodes,
    device arrays or NumPy scalars of `dtype_in`), giving `dtype`."""
    __slots__ = ('name', 'args', 'dtype', 'shape', 'value', 'reads',
                 'named')

    def __init__(self, name, args, dtype, shape):
        self.name = name
        self.args = args
        self.dtype = dtype
        self.shape = shape
        self.value = None
        self.reads = 0          # reads through a variable (_interp.py)
        self.named = False      # held by a variable


def _dtype_of(x):
    if isinstance(x, (Lazy, core.ndarray)):
        return x.dtype
    return numpy.asarray(x).dtype


def _shape_of(x):
    if isinstance(x, (Lazy, core.ndarray)):
        return x.shape
    return ()


def defer(name, args, where_op=False):
    """A Lazy node for ufunc `name` (or 'where'), or None when the step is
    not fused (then the caller runs it)."""
    if not enabled():
        return None
    if where_op:
        vals = args[1:]
        kind = 'same'
        if _dtype_of(args[0]) != numpy.bool_:
            return None
    else:
        op = _OPS.get(name)
        if op is None:
            return None
        vals = args
        kind = op[1]
    dts = {_dtype_of(a) for a in vals}
    if len(dts) != 1:
        return None
    dt = dts.pop()
    if where_op:
        if dt.kind not in 'iufb' or (dt.kind == 'f' and dt.str[1:] not in
                                      _KINDS_F):
            return None
    else:
        if dt.kind not in op[2] or (dt.kind == 'f' and dt.str[1:] not in
                                     _KINDS_F):
            return None
    shape = numpy.broadcast_shapes(*[_shape_of(a) for a in args])
    out_dt = numpy.dtype(numpy.bool_) if kind == 'bool' else dt
    return Lazy('where' if where_op else name, list(args), out_dt, shape)


# C conversions the program language runs as the core's astype does:
# exact widenings ('Widen', checked exact by the program compiler) and
# double -> float ('Cast': one rounding to nearest, as astype's cast)
_NARROW = {('f8', 'f4')}


def defer_cast(x, dt):
    """A Lazy conversion of device value x to dt, or None."""
    if not enabled():
        return None
    src = _dtype_of(x)
    if src.kind not in 'biuf' or dt.kind not in 'biuf' or \
            'f2' in (src.str[1:], dt.str[1:]):
        return None
    if numpy.can_cast(src, dt, 'safe') and not (
            src.kind in 'iu' and dt.kind == 'f' and
            src.itemsize * 8 - (src.kind == 'i') >
            numpy.finfo(dt).nmant + 1):
        op = 'Widen'
    elif (src.str[1:], dt.str[1:]) in _NARROW:
        op = 'Cast'
    else:
        return None
    return Lazy(op, [x], dt, _shape_of(x))


def materialize(x):
    """The device array of x (x itself unless it is Lazy)."""
    if not isinstance(x, Lazy):
        return x
    if x.value is None:
        x.value = _run(x)
    return x.value


def _leaves_and_steps(node, leaves, steps, seen):
    if id(node) in seen:
        return
    seen.add(id(node))
    for a in node.args:
        if isinstance(a, Lazy):
            if a.value is not None:
                if all(a.value is not l for l in leaves):
                    leaves.append(a.value)
            else:
                _leaves_and_steps(a, leaves, steps, seen)
        elif isinstance(a, core.ndarray):
            if all(a is not l for l in leaves):
                leaves.append(a)
    steps.append(node)


def _pending_under(node, take):
    """The pending nodes under node for which take(node) holds, the walk
    not going below them."""
    found, stack, seen = [], list(node.args), set()
    while stack:
        a = stack.pop()
        if not isinstance(a, Lazy) or a.value is not None or \
                id(a) in seen:
            continue
        seen.add(id(a))
        if take(a):
            found.append(a)
        else:
            stack.extend(a.args)
    return found


def _hoist(node):
    """Compute first, each as a program of its own size, the pending
    operand trees of node smaller than node (broadcast in it: values of
    the scalar arguments alone, in the run with device scalars), so they
    are computed once, not at every element of node's program."""
    if not _optimize.enabled():
        return
    size = math.prod(node.shape)
    for a in _pending_under(node, lambda a: math.prod(a.shape) < size):
        materialize(a)


def _run(node):
    _hoist(node)
    leaves, steps = [], []
    _leaves_and_steps(node, leaves, steps, set())
    if len(leaves) > _MAX_LEAVES or len(steps) > _MAX_STEPS:
        # cut: the operand trees first, each its own program
        for a in node.args:
            materialize(a)
        leaves, steps = [], []
        _leaves_and_steps(node, leaves, steps, set())
        if len(leaves) > _MAX_LEAVES:
            return _eager(node)
    if len(steps) == 1 and not leaves:
        return _eager(node)
    try:
        return _program([node], leaves, steps)[0]
    except OperationNotSupported as e:
        if str(e) == 'elementwise_program':
            _absent.append(True)        # not offered at all: stop trying
        return _eager(node)


def _eager(node):
    args = [materialize(a) for a in node.args]
    if node.name == 'where':
        from cupy._core import _routines_math
        return _routines_math.where(*args)
    if node.name in ('Widen', 'Cast'):
        return args[0].astype(node.dtype)
    return getattr(_uf, node.name)(*args)


def _char(dt):
    # the program language writes int64 'l' on every platform
    return {'q': 'l', 'Q': 'L'}.get(dt.char, dt.char)


def _literal(v, dt):
    v = numpy.asarray(v).astype(dt)[()]
    if dt.kind == 'b':
        return 'True' if v else 'False'
    if dt.kind == 'f':
        return repr(float(v))
    return str(int(v))


def materialize_condition(x):
    """materialize(x) for a branch or loop condition: the variables'
    values it reads are computed first (the arms usually read them
    again), so they are not computed twice."""
    if isinstance(x, Lazy) and x.value is None:
        materialize_all(_pending_under(x, lambda a: a.named))
    return materialize(x)


def materialize_all(xs):
    """The device arrays of several values (materialize of each): pending
    nodes of one shape that fit one program together are computed by one
    program with an output each."""
    pend = []
    for x in xs:
        if isinstance(x, Lazy) and x.value is None and \
                all(x is not p for p in pend):
            pend.append(x)
    for k in range(0, len(pend) - 1, _MAX_OUTS):
        group = pend[k:k + _MAX_OUTS]
        if len(group) < 2 or not enabled() or \
                len({p.shape for p in group}) != 1:
            continue
        for p in group:
            _hoist(p)
        leaves, steps, seen = [], [], set()
        for p in group:
            _leaves_and_steps(p, leaves, steps, seen)
        if len(leaves) <= _MAX_LEAVES and len(steps) <= _MAX_STEPS and \
                len(leaves) + len(group) <= _MAX_VIEWS:
            try:
                outs = _program(group, leaves, steps)
            except OperationNotSupported:
                continue
            for p, o in zip(group, outs):
                p.value = o
    return [materialize(x) for x in xs]


def _program(nodes, leaves, steps):
    """Run `steps` (leaves: the device arrays they read) as one program
    whose outputs are the values of `nodes`; returns those arrays."""
    names = {}
    for k, leaf in enumerate(leaves):
        names[id(leaf)] = _INPUTS[k]
    outs = {id(n): 'o{}'.format(k) for k, n in enumerate(nodes)}
    lines = []
    for k, st in enumerate(steps):
        dst = outs.get(id(st), 't{}'.format(k))
        names[id(st)] = dst
        ops = []
        for a in st.args:
            if isinstance(a, Lazy):
                ops.append(names[id(a.value)] if a.value is not None
                           else names[id(a)])
            elif isinstance(a, core.ndarray):
                ops.append(names[id(a)])
            else:
                ops.append(None)
        vals = st.args[1:] if st.name == 'where' else st.args
        dt = next(_dtype_of(a) for a in vals)
        for i, a in enumerate(st.args):
            if ops[i] is None:
                ops[i] = _literal(a, numpy.dtype(numpy.bool_)
                                  if (st.name == 'where' and i == 0) else dt)
        if st.name in ('Widen', 'Cast'):
            lines.append('{}:{} = {}({})'.format(
                dst, _char(st.dtype), st.name, ops[0]))
            continue
        op = 'SWhere' if st.name == 'where' else _OPS[st.name][0]
        if op == 'Call':
            op = 'Call_{}_{}_{}'.format(st.name, _char(dt) * len(ops),
                                        _char(st.dtype))
        lines.append('{} = {}({})'.format(dst, op, ', '.join(ops)))
    shape = nodes[0].shape
    loop = ''.join(_char(l.dtype) for l in leaves) + '->' + \
        ''.join(_char(n.dtype) for n in nodes)
    results = [core._empty(shape, n.dtype) for n in nodes]
    ins = tuple(core._broadcast_to(l, shape)._as_view() if l.shape != shape
                else l._as_view() for l in leaves)
    outs = tuple(r._as_view() for r in results)
    lines = tuple(lines)
    best = _optimize.optimize(lines, loop)
    try:
        core._run('elementwise_program', outs, ins,
                  {'program': best, 'loop': loop})
    except OperationNotSupported:
        if best is lines:
            raise
        # the provider lacks a fused operator: the program as written
        core._run('elementwise_program', outs, ins,
                  {'program': lines, 'loop': loop})
    return results
