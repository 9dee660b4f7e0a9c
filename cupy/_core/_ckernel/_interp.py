"""Runs a parsed kernel body as whole-array steps (vectorised SIMT).

Every C statement runs once for all elements: an expression becomes
elementwise device steps (_values.py); a branch on a per-element
condition runs both arms under masks and merges assignments with
selects; a loop whose condition is uniform (the same for every element)
is a host loop of whole-array steps, and a loop whose condition varies
runs masked rounds until no element is active (one device-to-host read
of "any active" per round).  break, continue and return add to masks of
elements that left.  Helper functions are inlined at each call (with
their template parameters bound from the arguments).
"""

import numpy

from cupy._core import core
from cupy._core import _routines_indexing
from cupy._core._ckernel import _ctypes
from cupy._core._ckernel import _loops
from cupy._core._ckernel import _mathfns
from cupy._core._ckernel import _replay
from cupy._core._ckernel import _values
from cupy._core._ckernel._errors import KernelSyntaxError, \
    UnsupportedKernelError
from cupy._core._ckernel._fuse import Lazy, materialize
from cupy._core._ckernel._lexer import check_identifier
from cupy._core._ckernel._values import (
    V, convert, binary, unary, mask_and, mask_or, mask_not, as_mask,
    mask_any, BOOL)

_CONSTANTS = {
    'M_PI': numpy.pi, 'M_E': numpy.e, 'M_SQRT2': numpy.sqrt(2.0),
    'M_SQRT1_2': numpy.sqrt(0.5), 'M_LN2': numpy.log(2.0),
    'M_LN10': numpy.log(10.0), 'M_LOG2E': 1 / numpy.log(2.0),
    'M_LOG10E': 1 / numpy.log(10.0), 'M_PI_2': numpy.pi / 2,
    'M_PI_4': numpy.pi / 4, 'M_1_PI': 1 / numpy.pi, 'M_2_PI': 2 / numpy.pi,
    'M_2_SQRTPI': 2 / numpy.sqrt(numpy.pi),
    'CUDART_PI': numpy.pi, 'CUDART_INF': numpy.inf, 'CUDART_NAN': numpy.nan,
    'DBL_MAX': numpy.finfo('f8').max, 'DBL_MIN': numpy.finfo('f8').tiny,
    'DBL_EPSILON': numpy.finfo('f8').eps,
    'HUGE_VAL': numpy.inf,
}
_FLOAT_CONSTANTS = {
    'INFINITY': numpy.inf, 'NAN': numpy.nan, 'CUDART_PI_F': numpy.pi,
    'CUDART_INF_F': numpy.inf, 'CUDART_NAN_F': numpy.nan,
    'FLT_MAX': numpy.finfo('f4').max, 'FLT_MIN': numpy.finfo('f4').tiny,
    'FLT_EPSILON': numpy.finfo('f4').eps, 'HUGE_VALF': numpy.inf,
}
_INT_CONSTANTS = {
    'INT_MAX': ('i4', 2 ** 31 - 1), 'INT_MIN': ('i4', -2 ** 31),
    'UINT_MAX': ('u4', 2 ** 32 - 1), 'LLONG_MAX': ('i8', 2 ** 63 - 1),
    'LLONG_MIN': ('i8', -2 ** 63), 'ULLONG_MAX': ('u8', 2 ** 64 - 1),
    'LONG_MAX': ('i8', 2 ** 63 - 1), 'LONG_MIN': ('i8', -2 ** 63),
    'SHRT_MAX': ('i4', 2 ** 15 - 1), 'CHAR_BIT': ('i4', 8),
}


# sincos(x, &s, &c) and its kin: the two functions they compute
_SINCOS = {'sincos': ('sin', 'cos'), 'sincosf': ('sinf', 'cosf'),
           'sincospi': ('sinpi', 'cospi'), 'sincospif': ('sinpif', 'cospif'),
           '__sincosf': ('sinf', 'cosf')}


class Var:
    """A scalar variable: its type and value (None: not assigned)."""
    __slots__ = ('dt', 'val', 'const', 'name')

    def __init__(self, dt, val=None, const=False, name=''):
        self.dt = dt
        self.val = val
        self.const = const
        self.name = name


class LocalArray:
    """A local array of constant size: one Var per element."""
    __slots__ = ('dt', 'elems', 'dims')

    def __init__(self, dt, dims):
        self.dt = dt
        self.dims = dims
        n = int(numpy.prod(dims)) if dims else 0
        self.elems = [Var(dt) for _ in range(n)]


class RawArray:
    """A `raw` parameter: indexed by element number in C order, read with
    gathers and written with scatters (through the core's take/put)."""
    __slots__ = ('arr', 'flat', 'dt', 'const', 'name', 'copy_back')

    def __init__(self, arr, const, name):
        self.arr = arr
        self.dt = arr.dtype
        self.const = const
        self.name = name
        if arr.flags.c_contiguous:
            self.flat = arr.reshape(-1)
            self.copy_back = False
        else:
            self.flat = arr.copy().reshape(-1)
            self.copy_back = not const

    def finish(self):
        if self.copy_back:
            core._copy_to(self.arr, self.flat.reshape(self.arr.shape))


class _Frame:
    """The exits of the innermost function or loop."""
    __slots__ = ('brk', 'cont', 'ret', 'retvar', 'saved_exit', 'outer',
                 'is_switch')

    def __init__(self, outer=None, is_switch=False):
        self.outer = outer
        self.is_switch = is_switch
        self.brk = False
        self.cont = False
        self.ret = False
        self.retvar = None
        self.saved_exit = False


class Interpreter:
    """One run of a kernel body over a loop of `shape`."""

    def __init__(self, program, types, shape):
        self.prog = program
        self.shape = shape
        self.size = int(numpy.prod(shape)) if shape else 1
        self.types = [dict(types)]
        self.scopes = [{}]
        self.exit = False
        self.fn = _Frame()
        self.loop = None
        self.calls = []
        self._index = None
        self.extra = {}         # special names: _in_ind etc.
        self.loops = 0          # loops being run (values are computed)
        self.stmt_no = 0        # statements run so far (see use())

    # -------------------------------------------------------------- types
    def resolve(self, ts, where):
        base = ts.base
        if isinstance(base, str):
            if base == 'void':
                return None
            for scope in reversed(self.types):
                if base in scope:
                    return scope[base]
            raise KernelSyntaxError('unknown type ' + base, where)
        return base

    # ---------------------------------------------------------- variables
    def declare(self, name, obj):
        self.scopes[-1][name] = obj

    def lookup(self, name, where):
        for scope in reversed(self.scopes):
            if name in scope:
                return scope[name]
        if name == 'i':
            if self._index is None:
                from cupy._core._routines_creation import index_range
                idx = index_range(self.size).reshape(self.shape)
                self._index = Var(_ctypes.LONG, V(idx, _ctypes.LONG), True)
            return self._index
        if name in self.extra:
            return self.extra[name]
        if name in _CONSTANTS:
            return Var(_ctypes.DOUBLE, _values.host(_CONSTANTS[name],
                                                    _ctypes.DOUBLE), True)
        if name in _FLOAT_CONSTANTS:
            return Var(_ctypes.FLOAT, _values.host(_FLOAT_CONSTANTS[name],
                                                   _ctypes.FLOAT), True)
        if name in _INT_CONSTANTS:
            c, v = _INT_CONSTANTS[name]
            dt = numpy.dtype(c)
            return Var(dt, _values.host(v, dt), True)
        raise KernelSyntaxError("'{}' was not declared".format(name), where)

    # ------------------------------------------------------------- masks
    def live(self, mask):
        if self.exit is False:
            return mask
        return mask_and(mask, mask_not(self.exit))

    def store(self, var, v, mask, where):
        if var.const:
            raise KernelSyntaxError(
                "assignment of read-only variable '{}'".format(var.name),
                where)
        v = convert(v, var.dt)
        if mask is False:
            return
        if mask is not True and var.val is not None:
            # a uniform value assigned under a varying mask varies
            v = V(_values.where(mask, v.data, self.use(var).data), var.dt)
        var.val = self.keep(v)

    def keep(self, v):
        """The value a variable holds: a deferred step stays deferred
        (fused with the statements that read it, _fuse.py), except in a
        loop, where it is computed (a loop-carried value would otherwise
        grow a tree every round)."""
        if type(v.data) is Lazy:
            if self.loops:
                return V(materialize(v.data), v.dt)
            v.data.named = True
        return v

    def use(self, var):
        """var's value for one read: a deferred value read again by a
        later statement is computed now, once for all its readers (reads
        within one statement share the node in that statement's
        program)."""
        v = var.val
        d = v.data
        if type(d) is Lazy:
            if d.value is None:
                if d.reads == 0 or d.reads == self.stmt_no:
                    d.reads = self.stmt_no
                    return v
                materialize(d)
            v = var.val = V(d.value, v.dt)
        return v

    # -------------------------------------------------------- statements
    def run_block(self, stmts, mask):
        self.scopes.append({})
        self.types.append({})
        try:
            for st in stmts:
                m = self.live(mask)
                if m is False:
                    break
                self.stmt(st, m)
        finally:
            self.scopes.pop()
            self.types.pop()

    def stmt(self, st, mask):
        kind = st[0]
        where = st[1]
        self.stmt_no += 1
        if kind == 'block':
            self.run_block(st[2], mask)
        elif kind == 'expr':
            self.expr(st[2], mask)
        elif kind == 'decl':
            self.decl(st, mask)
        elif kind == 'if':
            c = as_mask(self.expr(st[2], mask))
            if c is True or c is False:
                branch = st[3] if c else st[4]
                if branch is not None:
                    self.sub(branch, mask)
            else:
                self.sub(st[3], mask_and(mask, c))
                if st[4] is not None:
                    self.sub(st[4], self.live(mask_and(mask, mask_not(c))))
        elif kind in ('for', 'while', 'do'):
            self.run_loop(st, mask)
        elif kind == 'switch':
            self.run_switch(st, mask)
        elif kind in ('break', 'continue'):
            if self.loop is None:
                raise KernelSyntaxError(kind + ' outside a loop', where)
            if kind == 'break':
                self.loop.brk = mask_or(self.loop.brk, mask)
            else:
                f = self.loop
                while f is not None and f.is_switch:
                    f = f.outer         # continue belongs to a loop
                if f is None:
                    raise KernelSyntaxError('continue outside a loop', where)
                f.cont = mask_or(f.cont, mask)
            self.exit = mask_or(self.exit, mask)
        elif kind == 'return':
            fn = self.fn
            if st[2] is not None:
                v = self.expr(st[2], mask)
                if fn.retvar is None:
                    raise KernelSyntaxError(
                        'return with a value in a void function', where)
                self.store(fn.retvar, v, mask, where)
            fn.ret = mask_or(fn.ret, mask)
            self.exit = mask_or(self.exit, mask)
        elif kind == 'typedef':
            self.types[-1][st[3]] = self.resolve(st[2], where)
        elif kind == 'empty':
            pass
        else:
            raise KernelSyntaxError('unknown statement ' + kind, where)

    def sub(self, st, mask):
        # a statement in its own scope (an arm of if, a loop body)
        if st[0] == 'block':
            self.run_block(st[2], mask)
        else:
            self.run_block([st], mask)

    def decl(self, st, mask):
        ts = st[2]
        dt = self.resolve(ts, st[1])
        if dt is None:
            raise KernelSyntaxError('a variable of type void', st[1])
        if ts.ptr or ts.ref:
            raise UnsupportedKernelError(
                'a local pointer or reference variable', st[1])
        for name, dims, init, where in st[3]:
            if dims:
                self.declare(name, self.local_array(dt, dims, init, mask,
                                                    where))
                continue
            var = Var(dt, name=name)
            if init is not None:
                if init[0] == 'init':
                    if len(init[2]) != 1:
                        raise KernelSyntaxError('bad initializer', where)
                    init = init[2][0]
                var.val = self.keep(convert(self.expr(init, mask), dt))
            self.declare(name, var)
            var.const = ts.const

    def local_array(self, dt, dims, init, mask, where):
        sizes = []
        for d in dims:
            if d is None:
                if init is None or init[0] != 'init':
                    raise KernelSyntaxError('array size missing', where)
                sizes.append(len(init[2]))
                continue
            v = self.expr(d, True)
            if not v.host:
                raise UnsupportedKernelError(
                    'a local array of per-element size', where)
            sizes.append(int(v.data))
        arr = LocalArray(dt, sizes)
        if init is not None:
            flat = []

            def walk(node):
                if node[0] == 'init':
                    for x in node[2]:
                        walk(x)
                else:
                    flat.append(node)
            walk(init)
            if len(flat) > len(arr.elems):
                raise KernelSyntaxError('too many initializers', where)
            for k, e in enumerate(flat):
                v = convert(self.expr(e, mask), dt)
                arr.elems[k].val = V(materialize(v.data), dt)
            zero = _values.host(0, dt)
            for k in range(len(flat), len(arr.elems)):
                arr.elems[k].val = zero
        return arr

    def run_loop(self, st, mask):
        kind = st[0]
        self.scopes.append({})
        self.types.append({})
        outer_loop = self.loop
        frame = _Frame(outer_loop)
        self.flush()
        self.loops += 1
        frame.saved_exit = self.exit
        self.loop = frame
        # a recording sees where the loop's rounds are (_loops.py)
        _replay.mark(_loops.LOOP)
        try:
            if kind == 'for':
                init, cond, step, body = st[2], st[3], st[4], st[5]
                if init is not None:
                    self.stmt(init, mask)
            elif kind == 'while':
                init, cond, step, body = None, st[2], None, st[3]
            else:
                init, cond, step, body = None, st[3], None, st[2]
            first = True
            while True:
                active = self.live(mask)
                if not (kind == 'do' and first) and cond is not None:
                    c = as_mask(self.expr(cond, active))
                    active = mask_and(active, c)
                    if active is False:
                        break
                    if c is not True or frame.brk is not False or \
                            self.fn.ret is not False:
                        if not mask_any(active, self.host_state):
                            break
                elif active is False:
                    break
                elif frame.brk is not False and \
                        not mask_any(active, self.host_state):
                    break
                first = False
                frame.cont = False
                self.exit = mask_or(mask_or(frame.saved_exit, frame.brk),
                                    self.fn.ret)
                self.sub(body, active)
                frame.cont = False
                self.exit = mask_or(mask_or(frame.saved_exit, frame.brk),
                                    self.fn.ret)
                if step is not None:
                    self.expr(step, self.live(active))
            self.exit = mask_or(frame.saved_exit, self.fn.ret)
        finally:
            _replay.mark(_loops.END)
            self.loops -= 1
            self.loop = outer_loop
            self.scopes.pop()
            self.types.pop()

    def host_state(self):
        """What decides a loop's rounds besides the device values: the
        uniform (host) variables and the exits that are not masks (a
        recorded loop is replayed only where these stay the same from
        round to round: _loops.py)."""
        res = [_flag(self.exit), _flag(self.fn.ret)]
        f = self.loop
        while f is not None:
            res.append((_flag(f.brk), _flag(f.cont)))
            f = f.outer
        for scope in self.scopes:
            for name, obj in scope.items():
                elems = obj.elems if isinstance(obj, LocalArray) else \
                    (obj,) if isinstance(obj, Var) else ()
                for e in elems:
                    if e.val is not None and e.val.host:
                        res.append((name, e.val.dt, e.val.data.tobytes()))
        return tuple(res)

    def flush(self):
        """Compute the deferred values of the variables in scope (before
        a loop reads them round after round)."""
        for scope in self.scopes:
            for obj in scope.values():
                if isinstance(obj, Var) and obj.val is not None and \
                        type(obj.val.data) is Lazy:
                    obj.val = V(materialize(obj.val.data), obj.val.dt)

    def run_switch(self, st, mask):
        """Cases as masks: an element enters at its case (or default)
        and falls through until break."""
        x = self.expr(st[2], mask)
        groups = st[3]
        hits = []
        for label, _ in groups:
            if label is None:
                hits.append(None)
                continue
            v = self.expr(label, True)
            if not v.host:
                raise KernelSyntaxError('a case label is not a constant',
                                        label[1])
            hits.append(as_mask(binary('==', x, v, label[1])))
        any_case = False
        for h in hits:
            if h is not None:
                any_case = mask_or(any_case, h)
        frame = _Frame(self.loop, is_switch=True)
        frame.saved_exit = self.exit
        outer = self.loop
        self.loop = frame
        self.scopes.append({})
        self.types.append({})
        try:
            entered = False
            for (label, stmts), h in zip(groups, hits):
                entered = mask_or(entered, mask_not(any_case) if h is None
                                  else h)
                for s in stmts:
                    m = self.live(mask_and(mask, entered))
                    if m is False:
                        break
                    self.stmt(s, m)
        finally:
            self.loop = outer
            self.scopes.pop()
            self.types.pop()
        cont = False
        f = outer
        while f is not None and f.is_switch:
            f = f.outer
        if f is not None:
            cont = f.cont
        self.exit = mask_or(mask_or(frame.saved_exit, self.fn.ret), cont)

    # -------------------------------------------------------- expressions
    def expr(self, e, mask):
        kind = e[0]
        w = e[1]
        if kind == 'num':
            return _values.host(e[2], e[3])
        if kind == 'name':
            obj = self.lookup(e[2], w)
            if isinstance(obj, Var):
                if obj.val is None:
                    raise KernelSyntaxError(
                        "'{}' is used before it is assigned".format(e[2]), w)
                return self.use(obj)
            raise KernelSyntaxError(
                "the array '{}' is used as a value".format(e[2]), w)
        if kind == 'bin':
            op = e[2]
            if op in ('&&', '||'):
                return self.logical(op, e, mask)
            return binary(op, self.expr(e[3], mask), self.expr(e[4], mask), w)
        if kind == 'un':
            return unary(e[2], self.expr(e[3], mask), w)
        if kind == 'cond':
            c = as_mask(self.expr(e[2], mask))
            if c is True or c is False:
                return self.expr(e[3] if c else e[4], mask)
            a = self.expr(e[3], mask_and(mask, c))
            b = self.expr(e[4], mask_and(mask, mask_not(c)))
            t = _ctypes.usual(a.dt, b.dt) if a.dt != b.dt else a.dt
            a, b = convert(a, t), convert(b, t)
            return V(_values.where(c, a.data, b.data), t)
        if kind == 'cast':
            dt = self.resolve(e[2], w)
            if e[2].ptr:
                raise UnsupportedKernelError('a pointer cast', w)
            return convert(self.expr(e[3], mask), dt)
        if kind == 'assign':
            return self.assign(e, mask)
        if kind == 'incdec':
            return self.incdec(e, mask)
        if kind == 'call':
            return self.call(e, mask)
        if kind == 'index':
            return self.index_read(e, mask)
        if kind == 'method':
            return self.method(e, mask)
        if kind == 'comma':
            self.expr(e[2], mask)
            return self.expr(e[3], mask)
        if kind == 'addr':
            raise UnsupportedKernelError(
                "taking an address with '&' outside a call argument", w)
        raise KernelSyntaxError('unexpected ' + kind, w)

    def logical(self, op, e, mask):
        a = as_mask(self.expr(e[3], mask))
        if a is True or a is False:
            if (op == '&&') != a:
                return _values.host(a, BOOL)
            b = as_mask(self.expr(e[4], mask))
            return V(b if not (b is True or b is False) else
                     numpy.bool_(b), BOOL)
        sub = mask_and(mask, a if op == '&&' else mask_not(a))
        b = as_mask(self.expr(e[4], sub))
        r = (mask_and if op == '&&' else mask_or)(a, b)
        return V(r if not (r is True or r is False) else numpy.bool_(r),
                 BOOL)

    def method(self, e, mask):
        base, name, args = e[2], e[3], e[4]
        if base[0] == 'name' and base[2] in ('_ind', '_in_ind', '_out_ind') \
                and name == 'size' and args == []:
            n = self.extra.get(base[2] + '.size', self.size)
            return _values.host(n, _ctypes.LONG)
        if base[0] == 'name' and name == 'size' and args == []:
            obj = self.lookup(base[2], e[1])
            if isinstance(obj, RawArray):
                return _values.host(obj.arr.size, _ctypes.LONG)
        if name in ('real', 'imag') and args == []:
            return _mathfns.call(name, [self.expr(base, mask)], e[1])
        raise UnsupportedKernelError(
            "the member access '.{}'".format(name), e[1])

    # lvalues: ('var', Var) | ('raw', RawArray, index V) | ('local', ...)
    def lvalue(self, e, mask):
        w = e[1]
        if e[0] == 'name':
            obj = self.lookup(e[2], w)
            if isinstance(obj, Var):
                return ('var', obj)
            raise KernelSyntaxError(
                "cannot assign to the array '{}'".format(e[2]), w)
        if e[0] == 'index':
            base = self.array_of(e[2], w)
            if isinstance(base, RawArray):
                idx = self.raw_index(base, e[3], mask, w)
            else:
                idx = self.expr(e[3], mask)
            if not _ctypes.is_int(idx.dt):
                raise KernelSyntaxError('array subscript is not an integer',
                                        w)
            if isinstance(base, RawArray):
                return ('raw', base, idx)
            return self.local_element(base, idx, w)
        raise KernelSyntaxError('expression is not assignable', w)

    def raw_index(self, raw, ie, mask, w):
        """The element number of raw[ie]: ie an integer (C order over
        the whole array), or one index per axis ({i, j} or a local
        array, as CuPy's CArray takes them)."""
        if ie[0] == 'init':
            parts = [self.expr(x, mask) for x in ie[2]]
        elif ie[0] == 'name' and isinstance(self.lookup(ie[2], w),
                                            LocalArray):
            parts = [self.read(('var', el), mask, w)
                     for el in self.lookup(ie[2], w).elems]
        else:
            return self.expr(ie, mask)
        shape = raw.arr.shape
        if len(parts) != len(shape):
            raise KernelSyntaxError(
                "{} indices for the {}-d raw array '{}'".format(
                    len(parts), len(shape), raw.name), w)
        k = _values.host(0, _ctypes.LONG)
        for p, n in zip(parts, shape):
            k = binary('+', binary('*', k, _values.host(n, _ctypes.LONG)),
                       p, w)
        return k

    def array_of(self, e, w):
        if e[0] == 'name':
            obj = self.lookup(e[2], w)
            if isinstance(obj, (RawArray, LocalArray)):
                return obj
            raise KernelSyntaxError(
                "'{}' is not an array (only raw parameters and local "
                "arrays can be indexed)".format(e[2]), w)
        if e[0] == 'index':
            # a[i][j] on a local array of two dimensions
            inner = self.array_of(e[2], w)
            if isinstance(inner, LocalArray) and len(inner.dims) > 1:
                return _RowOf(self, inner, e[3], w)
        raise UnsupportedKernelError('indexing this expression', w)

    def local_element(self, arr, idx, w):
        if isinstance(arr, _RowOf):
            arr, idx = arr.flatten(idx)
        n = len(arr.elems)
        if idx.host:
            k = int(idx.data)
            if not 0 <= k < n:
                raise KernelSyntaxError(
                    'index {} is out of the bounds of a local array of '
                    '{}'.format(k, n), w)
            return ('var', arr.elems[k])
        return ('local', arr, idx)

    def read(self, lv, mask, w):
        if lv[0] == 'var':
            var = lv[1]
            if var.val is None:
                raise KernelSyntaxError(
                    "'{}' is used before it is assigned".format(var.name), w)
            return self.use(var)
        if lv[0] == 'raw':
            raw, idx = lv[1], lv[2]
            i = materialize(convert(idx, _ctypes.LONG).data)
            if not isinstance(i, core.ndarray):
                i = numpy.int64(i)
            r = _routines_indexing.take(raw.flat, i, mode='clip')
            return V(r, raw.dt)
        arr, idx = lv[1], lv[2]
        out = None
        for k, el in enumerate(arr.elems):
            if el.val is None:
                continue
            if out is None:
                out = self.use(el)
                continue
            hit = _values.apply('equal', idx.data, idx.dt.type(k))
            out = V(_values.where(hit, convert(self.use(el), arr.dt).data,
                                  convert(out, arr.dt).data), arr.dt)
        if out is None:
            raise KernelSyntaxError('a local array is read before it is '
                                    'assigned', w)
        return out

    def write(self, lv, v, mask, w):
        if lv[0] == 'var':
            self.store(lv[1], v, mask, w)
            return
        if lv[0] == 'raw':
            raw, idx = lv[1], lv[2]
            if raw.const:
                raise KernelSyntaxError(
                    "assignment of read-only raw input '{}'".format(raw.name),
                    w)
            self.scatter(raw, convert(idx, _ctypes.LONG), convert(v, raw.dt),
                         mask)
            return
        arr, idx = lv[1], lv[2]
        for k, el in enumerate(arr.elems):
            hit = _values.apply('equal', idx.data, idx.dt.type(k))
            self.store(el, v, mask_and(mask, hit), w)

    def scatter(self, raw, idx, v, mask):
        shape = self.shape
        i = materialize(idx.data)
        d = materialize(v.data)
        if mask is False:
            return
        if mask is not True or isinstance(i, core.ndarray) or \
                isinstance(d, core.ndarray):
            # the writing elements, in element order (as one of CUDA's
            # threads would win a race, one of the values is written)
            full = core._broadcast_to(_as_dev(i, idx.dt), shape)
            vals = core._broadcast_to(_as_dev(d, v.dt), shape)
            if mask is not True:
                m = core._broadcast_to(_as_dev(mask, BOOL), shape)
                full = full[m]
                vals = vals[m]
            if full.size == 0:
                return
            _routines_indexing.put(raw.flat, full.reshape(-1),
                                   vals.reshape(-1), mode='clip')
        else:
            _routines_indexing.put(raw.flat, numpy.int64(i), d, mode='clip')

    def index_read(self, e, mask):
        return self.read(self.lvalue(e, mask), mask, e[1])

    def assign(self, e, mask):
        op, target, rhs, w = e[2], e[3], e[4], e[1]
        lv = self.lvalue(target, mask)
        v = self.expr(rhs, mask)
        if op != '=':
            old = self.read(lv, mask, w)
            v = binary(op[:-1], old, v, w)
        self.write(lv, v, mask, w)
        # the expression's value (a = b = c): not a read of a's value
        return lv[1].val if lv[0] == 'var' else v

    def incdec(self, e, mask):
        op, prefix, target, w = e[2], e[3], e[4], e[1]
        lv = self.lvalue(target, mask)
        old = self.read(lv, mask, w)
        one = _values.host(1, _ctypes.INT)
        new = binary('+' if op == '++' else '-', old, one, w)
        self.write(lv, new, mask, w)
        return convert(new, old.dt) if prefix else old

    # -------------------------------------------------------------- calls
    def call(self, e, mask):
        name, targs, args, w = e[2], e[3], e[4], e[1]
        funcs = self.prog.funcs.get(name)
        if funcs is None and name == '__ldg' and len(args) == 1 and \
                args[0][0] == 'addr':
            return self.expr(args[0][2], mask)       # a cached load
        if funcs is None and name in _SINCOS and len(args) == 3:
            return self.sincos(name, args, mask, w)
        if funcs is None:
            if _mathfns.is_math(name):
                if targs:
                    vals = [convert(self.expr(a, mask),
                                    self.resolve(targs[0], w)) for a in args]
                else:
                    vals = [self.expr(a, mask) for a in args]
                return _mathfns.call(name, vals, w)
            check_identifier(name, w, call=True)
            raise UnsupportedKernelError(
                "the function '{}' (not a helper of the preamble nor a CUDA "
                "math function)".format(name), w)
        if name in self.calls:
            raise UnsupportedKernelError(
                "recursion ('{}' calls itself)".format(name), w)
        f = self.pick(funcs, args, mask, w)
        return self.inline(f, targs, args, mask, w)

    def sincos(self, name, args, mask, w):
        x = self.expr(args[0], mask)
        for out, fn in zip(args[1:], _SINCOS[name]):
            if out[0] != 'addr':
                raise UnsupportedKernelError(
                    'a pointer argument of {} other than &variable'.format(
                        name), w)
            lv = self.lvalue(out[2], mask)
            self.write(lv, _mathfns.call(fn, [x], w), mask, w)
        return _values.host(0, _ctypes.INT)

    def pick(self, funcs, args, mask, w):
        cands = [f for f in funcs if len(f.params) == len(args)]
        if not cands:
            raise KernelSyntaxError(
                "no '{}' takes {} arguments".format(funcs[0].name, len(args)),
                w)
        if len(cands) == 1:
            return cands[0]
        # overloads: the one whose parameter types match the arguments
        # exactly (C++'s best candidate in the cases kernels use)
        types = [self.arg_type(a, mask) for a in args]
        best, score = cands[-1], -1
        for f in cands:
            s = 0
            for (ts, _, dims), t in zip(f.params, types):
                if isinstance(ts.base, str) and ts.base in f.tparams:
                    s += 1
                elif not ts.ptr and not dims and t is not None and \
                        self.resolve(ts, f.where) == t:
                    s += 2
            if s > score:
                best, score = f, s
        return best

    def arg_type(self, a, mask):
        if a[0] == 'name':
            obj = self.lookup(a[2], a[1])
            return obj.dt if isinstance(obj, Var) else None
        if a[0] == 'num':
            return a[3]
        return None

    def inline(self, f, targs, args, mask, w):
        tbind = {}
        explicit = set(f.tparams[:len(targs)])
        for name, ts in zip(f.tparams, targs):
            tbind[name] = self.resolve(ts, w)
        bound = []
        for (ts, pname, dims), a in zip(f.params, args):
            if ts.ptr or dims:
                bound.append((pname, self.pointer_arg(a, w)))
                continue
            if ts.ref:
                lv = self.lvalue(a, mask)
                if lv[0] != 'var':
                    raise UnsupportedKernelError(
                        'a reference to an array element', w)
                self.deduce(ts, lv[1].dt, tbind, explicit, f, w)
                bound.append((pname, lv[1]))
                continue
            v = self.expr(a, mask)
            self.deduce(ts, v.dt, tbind, explicit, f, w)
            bound.append((pname, v, ts))
        for t in f.tparams:
            if t not in tbind:
                raise KernelSyntaxError(
                    "cannot deduce the template parameter '{}' of '{}'"
                    .format(t, f.name), w)
        saved = (self.scopes, self.types, self.exit, self.fn, self.loop)
        self.types = [self.types[0], dict(tbind)]
        self.scopes = [self.scopes[0], {}]
        frame = _Frame()
        ret_dt = self.resolve(f.ret, f.where)
        if ret_dt is not None:
            frame.retvar = Var(ret_dt, name='return value of ' + f.name)
        self.exit = False
        self.fn = frame
        self.loop = None
        self.calls.append(f.name)
        try:
            for b in bound:
                if len(b) == 2:
                    self.declare(b[0], b[1])
                else:
                    pname, v, ts = b
                    dt = self.resolve(ts, f.where)
                    self.declare(pname, Var(dt, self.keep(convert(v, dt)),
                                            ts.const, pname))
            self.run_block(f.body[2], mask)
        finally:
            self.calls.pop()
            self.scopes, self.types, self.exit, self.fn, self.loop = saved
        if frame.retvar is None:
            return _values.host(0, _ctypes.INT)
        if frame.retvar.val is None:
            raise KernelSyntaxError(
                "'{}' returns no value".format(f.name), f.where)
        return frame.retvar.val

    def deduce(self, ts, dt, tbind, explicit, f, w):
        if isinstance(ts.base, str) and ts.base in f.tparams and \
                ts.base not in explicit:
            have = tbind.get(ts.base)
            if have is None:
                tbind[ts.base] = dt
            elif have != dt:
                raise KernelSyntaxError(
                    "conflicting types {} and {} for the template parameter "
                    "'{}' of '{}'".format(have, dt, ts.base, f.name), w)

    def pointer_arg(self, a, w):
        if a[0] == 'addr':
            lv = self.lvalue(a[2], True)
            if lv[0] == 'var':
                arr = LocalArray(lv[1].dt, [])
                arr.elems = [lv[1]]
                arr.dims = [1]
                return arr
            raise UnsupportedKernelError('a pointer into an array', w)
        if a[0] == 'name':
            obj = self.lookup(a[2], w)
            if isinstance(obj, (LocalArray, RawArray)):
                return obj
        raise UnsupportedKernelError('this pointer argument', w)


class _RowOf:
    """a[i] of a 2-D local array, indexed again."""

    def __init__(self, interp, arr, row_expr, w):
        self.interp = interp
        self.arr = arr
        self.row = row_expr
        self.w = w

    def flatten(self, col):
        row = self.interp.expr(self.row, True)
        ncol = self.arr.dims[-1]
        k = binary('+', binary('*', row, _values.host(ncol, _ctypes.LONG)),
                   col)
        return self.arr, k


def _flag(mask):
    # a uniform exit (True/False) or None for a per-element mask
    return mask if type(mask) is bool else None


def _as_dev(x, dt):
    x = materialize(x)
    if isinstance(x, core.ndarray):
        return x
    out = core._empty((), dt)
    core._fill(out, x)
    return out
