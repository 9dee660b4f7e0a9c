"""Fusing the steps of one statement into one provider loop program.

While a statement is evaluated, each elementwise step on device operands
becomes a `Lazy` node instead of a launch.  When the statement's value is
needed (assigned to a variable, used as a mask, gathered ...), its tree
is written in the provider's loop-program language (the register
programs of operations.md's 'elementwise' family: ``t3 = Mul(a, t2)``)
and run as one request, 'elementwise_program'; a tree with more than
three array leaves or too many steps is cut into several programs.  A
provider without that operation, or one that cannot compile a program
for these dtypes, raises OperationNotSupported: the tree then runs step
by step through the core's ufuncs, as without fusion.  Only steps whose
device operator computes exactly what the core's ufunc computes for the
same dtype are fused (the core's own loop for them is that one operator).

CUPY_USER_KERNEL_FUSE=0 turns fusion off (for comparisons).
"""

import os

import numpy

from cupy._core import core
from cupy._core import _routines_ufuncs as _uf
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
# float16 runs through float32 in the core's loops: not fused
_KINDS_F = ('f4', 'f8')
_MAX_LEAVES = 3         # the program compiler's inputs a, b, c
_MAX_STEPS = 48         # below the executor's 64 steps (_plan.pxd)


_absent = []        # the provider has no 'elementwise_program'


def enabled():
    return not _absent and \
        os.environ.get('CUPY_USER_KERNEL_FUSE', '1') != '0'


class Lazy:
    """A deferred elementwise step: ufunc `name` on `args` (Lazy nodes,
    device arrays or NumPy scalars of `dtype_in`), giving `dtype`."""
    __slots__ = ('name', 'args', 'dtype', 'shape', 'value')

    def __init__(self, name, args, dtype, shape):
        self.name = name
        self.args = args
        self.dtype = dtype
        self.shape = shape
        self.value = None


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


def _run(node):
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
        return _program(node, leaves, steps)
    except OperationNotSupported as e:
        if str(e) == 'elementwise_program':
            _absent.append(True)        # not offered at all: stop trying
        return _eager(node)


def _eager(node):
    args = [materialize(a) for a in node.args]
    if node.name == 'where':
        from cupy._core import _routines_math
        return _routines_math.where(*args)
    return getattr(_uf, node.name)(*args)


def _literal(v, dt):
    v = numpy.asarray(v).astype(dt)[()]
    if dt.kind == 'b':
        return 'True' if v else 'False'
    if dt.kind == 'f':
        return repr(float(v))
    return str(int(v))


_program_cache = {}


def _program(node, leaves, steps):
    names = {}
    for k, leaf in enumerate(leaves):
        names[id(leaf)] = 'abc'[k]
    lines = []
    for k, st in enumerate(steps):
        dst = 'o0' if st is node else 't{}'.format(k)
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
        op = 'SWhere' if st.name == 'where' else _OPS[st.name][0]
        lines.append('{} = {}({})'.format(dst, op, ', '.join(ops)))
    shape = node.shape
    loop = ''.join(l.dtype.char for l in leaves) + '->' + node.dtype.char
    loop = loop.replace('q', 'l').replace('Q', 'L')
    out = core._empty(shape, node.dtype)
    ins = tuple(core._broadcast_to(l, shape)._as_view() if l.shape != shape
                else l._as_view() for l in leaves)
    core._run('elementwise_program', (out._as_view(),), ins,
              {'program': tuple(lines), 'loop': loop})
    return out
