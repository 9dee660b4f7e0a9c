"""A user kernel's parsed program (cached per source and placeholder
names, so a repeated call does not parse again) and its run for one call
of an ElementwiseKernel or one step of a ReductionKernel."""

import threading

from cupy._core import core
from cupy._core._ckernel import _parser
from cupy._core._ckernel._errors import UnsupportedKernelError
from cupy._core._ckernel import _fuse
from cupy._core._ckernel._fuse import materialize, materialize_all
from cupy._core._ckernel._interp import Interpreter, Var, RawArray
from cupy._core._ckernel._values import V, convert

_lock = threading.Lock()
_cache = {}


class Program:
    """The preamble's helpers and globals, and the body (statements or an
    expression)."""

    def __init__(self, preamble, body, label, type_names, expression):
        macros = {}
        funcs, decls = {}, []
        names = set(type_names)
        if preamble:
            p = _parser.Parser(_parser.tokenize(preamble, 'preamble',
                                                macros), names)
            fdict, decls = p.preamble()
            names |= p.scopes[0]
            funcs = fdict
        self.funcs = funcs
        self.decls = decls
        self.type_names = names
        if expression:
            self.body = _parser.parse_expression(body, label, names, macros)
        else:
            self.body = _parser.parse_body(body, label, names, macros)


def get(preamble, body, label, type_names, expression=False):
    key = (preamble, body, label, frozenset(type_names), expression)
    prog = _cache.get(key)
    if prog is None:
        prog = Program(preamble, body, label, type_names, expression)
        with _lock:
            _cache[key] = prog
    return prog


def check_no_code(text, what):
    if text and text.strip():
        raise UnsupportedKernelError(
            'code in {} (outside the per-element loop)'.format(what))


def start(prog, types, shape):
    _fuse.refresh()
    it = Interpreter(prog, types, shape)
    for st in prog.decls:
        it.stmt(st, True)
    return it


def bind(it, triples, const):
    """Declare parameters: a raw array, an elementwise value or scalar."""
    raws = []
    outs = []
    for p, a, dt in triples:
        if isinstance(a, core.ndarray) and p.raw:
            r = RawArray(a, const, p.name)
            it.declare(p.name, r)
            raws.append(r)
            continue
        if isinstance(a, core.ndarray):
            v = V(a, a.dtype)
        else:
            v = V(a, dt)
        var = Var(dt, convert(v, dt) if v.dt != dt else v, const, p.name)
        it.declare(p.name, var)
        outs.append((var, a))
    return raws, outs


def run_elementwise(prog, in_params, out_params, in_args, out_args,
                    in_types, out_types, types, shape, fresh=()):
    """Run the operation over `shape`: inputs are broadcast arrays or
    NumPy scalars of their types, outputs the output arrays.  Returns the
    outputs: where `fresh[k]` (the caller allocated output k and nobody
    else holds it), a result computed into a new array of the output's
    shape and dtype is returned in its place instead of copied."""
    it = start(prog, types, shape)
    bind(it, list(zip(in_params, in_args, in_types)), True)
    raws, outs = bind(it, list(zip(out_params, out_args, out_types)),
                      False)
    it.run_block(prog.body[2], True)
    # the outputs' deferred values, computed together (before any is
    # written: one may read another output's old contents)
    dev = [v for v in (var.val for var, _ in outs) if v is not None]
    for v, d in zip(dev, materialize_all([v.data for v in dev])):
        v.data = d
    result = list(out_args)
    taken = {id(a) for a in in_args}
    vals = iter(outs)
    for k, (p, arr) in enumerate(zip(out_params, out_args)):
        if p.raw or not isinstance(arr, core.ndarray):
            continue
        var, _ = next(vals)
        if fresh and fresh[k] and _owned(var.val, arr, taken):
            result[k] = var.val.data
            taken.add(id(var.val.data))
        else:
            write_back(var.val, arr)
    for r in raws:
        r.finish()
    return result


def _owned(v, arr, taken):
    """v's data is a new array that can stand for output `arr`."""
    d = v.data if v is not None else None
    return (isinstance(d, core.ndarray) and id(d) not in taken and
            d.base is None and d.dtype == arr.dtype and
            d.shape == arr.shape and d.flags.c_contiguous)


def write_back(v, arr):
    if v is None or v.data is arr:
        return
    v = convert(v, arr.dtype)
    v = V(materialize(v.data), v.dt)
    if isinstance(v.data, core.ndarray):
        core._copy_to(arr, v.data)
    else:
        core._fill(arr, v.data)


def evaluate(prog, names, values, types, shape, extra=None):
    """The value of an expression program with `names` bound to values
    (V)."""
    it = start(prog, types, shape)
    for n, v in zip(names, values):
        it.declare(n, Var(v.dt, v, True, n))
    if extra:
        it.extra.update(extra)
    return it.expr(prog.body, True)


def run_statements(prog, bindings, types, shape, extra=None):
    """Run a statement program with (name, Var|RawArray) bindings."""
    it = start(prog, types, shape)
    for n, obj in bindings:
        it.declare(n, obj)
    if extra:
        it.extra.update(extra)
    it.run_block(prog.body[2], True)
