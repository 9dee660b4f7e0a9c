"""The compiler of the elementwise loop programs (_table.py):
parses a program, types its registers for one NumPy loop, checks every
step against the A2 dtype sets of _operators.py (running an unsigned
operand of a sign-agnostic operator as the signed type of its size when
the unsigned one is missing) and drops steps whose results no output
needs.  A program with a step the device cannot run raises CompileError;
compile_loop then tries the next alternative of the table entry.
"""

import math
import re

import numpy

from cupy_backends.ascend.ops.elementwise._operators import (
    ACLNN, ATTRIBUTE_OPS, GENERIC, HOST_OPS, ALL, FLOAT)
from cupy_backends.ascend.ops.elementwise._table import UFUNCS, _LINE


class CompileError(Exception):
    """The program cannot run on the device for this loop."""


# the input registers of a program (operations.md, elementwise_program:
# a user program takes up to eight; the table's own programs use a b c)
INPUTS = 'abcdefgh'
_SIGNED = {'B': 'b', 'H': 'h', 'I': 'i', 'L': 'l'}
_UNSIGNED = {v: k for k, v in _SIGNED.items()}
_PART = {'F': 'f', 'D': 'd'}
_COMPLEX_OF = {v: k for k, v in _PART.items()}


def _dt(c):
    return numpy.dtype(c)


def _named_const(name, c):
    dt = _dt(c)
    bits = dt.itemsize * 8
    if name == 'W':
        return bits
    if name == 'W1':
        return bits - 1
    if name == 'SMIN':
        return numpy.iinfo(_dt(_SIGNED.get(c, c))).min
    if name == 'LOGE2':
        return math.log(2.0)
    if name == 'LOG2E':
        return 1.0 / math.log(2.0)
    if name == 'R2D':
        return 180.0 / math.pi
    if name == 'D2R':
        return math.pi / 180.0
    raise CompileError('unknown constant ' + name)


_NAMED = ('W', 'W1', 'SMIN', 'LOGE2', 'LOG2E', 'R2D', 'D2R')


def _literal_value(tok, c):
    """The NumPy scalar of literal `tok` in dtype char c."""
    if tok in _NAMED:
        v = _named_const(tok, c)
    elif tok in ('True', 'False'):
        v = tok == 'True'
    else:
        v = float(tok) if any(x in tok for x in '.en') else int(tok)
    dt = _dt(c)
    with numpy.errstate(all='ignore'):
        if dt.kind in 'iu' and isinstance(v, float):
            raise CompileError('float literal {} for {}'.format(tok, c))
        if dt.kind == 'u' and v < 0:
            v = numpy.array(v).astype(_dt(_SIGNED[c])).view(dt)[()]
            return v
        return numpy.array(v).astype(dt)[()]


class Plan:
    """A compiled loop: registers and steps (plain data for _elementwise).

    regs: list of (kind, char, extra): kind 'in' (extra: index), 'out'
    (index), 'const' (NumPy scalar), 'attr' (name), 'temp', 'derived'
    ((base, part, char): part -1, 0 re, 1 im).  steps: list of
    (op, dst, args, info) with info a dict (the generic operator, the
    aclnn forms with their dtype checks)."""

    def __init__(self, name, loop, nin, nout):
        self.name = name
        self.loop = loop
        self.nin = nin
        self.nout = nout
        self.regs = []
        self.steps = []
        self.symbols = set()

    def __repr__(self):
        return '<Plan {} {}: {} steps>'.format(self.name, self.loop,
                                               len(self.steps))


class _Compiler:

    def __init__(self, name, loop, lines, via=None):
        self.plan = Plan(name, loop, *self._arity(loop))
        self.ins, self.outs = loop.split('->')
        self.names = {}
        self.derived = {}
        self.consts = {}
        if len(self.ins) > len(INPUTS):
            raise CompileError('more than {} inputs'.format(len(INPUTS)))
        for k, c in enumerate(self.ins):
            self.names[INPUTS[k]] = self._reg('in', c, k)
        for k, c in enumerate(self.outs):
            self.names['o{}'.format(k)] = self._reg('out', c, k)
        self.T = self.ins[0]
        self.written = set()
        if via:
            self._via_prologue(via)
            lines = list(lines)
        for line in lines:
            self._line(line)
        if via:
            self._via_epilogue()
        for k in range(len(self.outs)):
            if self.names['o{}'.format(k)] not in self.written:
                raise CompileError('o{} is never written'.format(k))

    @staticmethod
    def _arity(loop):
        i, o = loop.split('->')
        return len(i), len(o)

    # registers
    def _reg(self, kind, c, extra=None):
        self.plan.regs.append((kind, c, extra))
        return len(self.plan.regs) - 1

    def _char(self, r):
        return self.plan.regs[r][1]

    def _derive(self, base, part, c):
        if part == -1 and c == self._char(base):
            return base
        key = (base, part, c)
        if key not in self.derived:
            self.derived[key] = self._reg('derived', c, (base, part))
        return self.derived[key]

    def _root(self, r):
        while self.plan.regs[r][0] == 'derived':
            r = self.plan.regs[r][2][0]
        return r

    def _const(self, tok, c):
        if tok.startswith('@'):
            key = (tok, c)
            if key not in self.consts:
                self.consts[key] = self._reg('attr', c, tok[1:])
            return self.consts[key]
        v = _literal_value(tok, c)
        key = (tok, c)
        if key not in self.consts:
            self.consts[key] = self._reg('const', c, v)
        return self.consts[key]

    def _type(self, expr):
        T = self.T
        if expr == 'T':
            return T
        if expr == 'uT':
            return _UNSIGNED.get(T, T)
        if expr == 'sT':
            return _SIGNED.get(T, T)
        if expr == 'rT':
            return _PART.get(T, T)
        if expr in ALL:
            return expr
        raise CompileError('unknown type ' + expr)

    # via: float16 computed in another float type
    def _via_prologue(self, c):
        self.via = c
        self.saved_outs = {}
        for k, ic in enumerate(self.ins):
            nm = INPUTS[k]
            if ic in FLOAT and ic != c:
                r = self.names[nm]
                t = self._reg('temp', c)
                self._emit('Widen', t, [r], {})
                self.names[nm] = t
        for k, oc in enumerate(self.outs):
            nm = 'o{}'.format(k)
            if oc in FLOAT and oc != c:
                self.saved_outs[nm] = self.names[nm]
                self.names[nm] = self._reg('temp', c)
        self.T = c

    def _via_epilogue(self):
        for nm, r in self.saved_outs.items():
            self._emit('Cast', r, [self.names[nm]], {})
            self.written.add(r)

    # one line
    def _arg(self, tok):
        tok = tok.strip()
        m = re.match(r'^(\w+)\.(re|im)$', tok)
        if m:
            base = self.names.get(m.group(1))
            if base is None:
                raise CompileError('undefined ' + m.group(1))
            bc = self._char(base)
            if bc not in _PART:
                raise CompileError('{} is not complex'.format(m.group(1)))
            return self._derive(base, 0 if m.group(2) == 're' else 1,
                                _PART[bc])
        if tok in self.names:
            return self.names[tok]
        if re.match(r'^[A-Za-z_]\w*$', tok) and tok not in _NAMED and \
                tok not in ('inf', 'nan', 'True', 'False'):
            raise CompileError('undefined register ' + tok)
        return tok      # a literal, typed below

    def _line(self, line):
        m = _LINE.match(line)
        if not m:
            raise ValueError('bad program line: ' + line)
        dname, dpart, dtype, op, argtext = m.groups()
        toks = [t for t in (x.strip() for x in argtext.split(',')) if t]
        if op not in GENERIC and op not in HOST_OPS:
            raise ValueError('unknown operator ' + op)
        attr = self._attribute(op, toks)
        args = [self._arg(t) for t in toks]
        # the operands' (compute) dtype
        value_args = args[1:] if op == 'SWhere' else args
        regs = [a for a in value_args if isinstance(a, int)]
        if op == 'Fill':
            ct = self._type(dtype) if dtype else self._dst_char(dname)
        elif regs:
            ct = self._char(regs[0])
        else:
            raise CompileError('no register operand in ' + line)
        # literals
        for i, a in enumerate(args):
            if not isinstance(a, int):
                lc = '?' if (op == 'SWhere' and i == 0) else ct
                args[i] = self._const(a, lc)
        if op == 'SWhere' and self._char(args[0]) != '?':
            raise CompileError('condition is not bool')
        # the result
        if op in ('Cast', 'Widen', 'As'):
            if not dtype and dname not in self.names:
                raise CompileError(op + ' needs a type')
            rc = self._type(dtype) if dtype else self._dst_char(dname)
        elif op in ('Fill', 'Copy'):
            rc = ct
        else:
            g = GENERIC[op]
            rc = {'bool': '?', 'real': _PART.get(ct, ct)}.get(g.result, ct)
        if op == 'As':
            src = args[0]
            if _dt(self._char(src)).itemsize != _dt(rc).itemsize:
                raise CompileError('As between sizes')
            self.names[dname] = self._derive(src, -1, rc)
            return
        dst = self._dst(dname, dpart, dtype, rc)
        self._emit(op, dst, args, {} if attr is None else {'alpha': attr})

    @staticmethod
    def _attribute(op, toks):
        # the literal attribute of a fused operator (its last argument),
        # taken off toks; None for other operators
        if op not in ATTRIBUTE_OPS:
            return None
        if len(toks) != GENERIC[op].nin + 1:
            raise ValueError('{} takes {} operands and a literal'.format(
                op, GENERIC[op].nin))
        tok = toks.pop()
        try:
            return float(tok) if any(x in tok for x in '.en') else int(tok)
        except ValueError:
            raise ValueError('{}: {} is not a literal'.format(op, tok))

    def _dst_char(self, dname):
        return self._char(self.names[dname])

    def _dst(self, dname, dpart, dtype, rc):
        """The register a step writes: a new temporary, or an output (or a
        part of one, or a reinterpretation of one)."""
        if dpart:
            base = self.names.get(dname)
            if base is None:
                base = self._reg('temp', _COMPLEX_OF.get(rc, rc))
                self.names[dname] = base
            bc = self._char(base)
            if _PART.get(bc) != rc:
                raise CompileError('part of {} is not {}'.format(bc, rc))
            return self._derive(base, 0 if dpart == 're' else 1, rc)
        if dname in self.names:
            r = self.names[dname]
            kind = self.plan.regs[r][0]
            if r in self.written or kind not in ('out', 'temp'):
                raise ValueError('{} written twice'.format(dname))
            return r
        c = self._type(dtype) if dtype else rc
        r = self._reg('temp', c)
        self.names[dname] = r
        return r

    # emitting a step: dtype checks and rewrites
    def _emit(self, op, dst, args, info):
        if op in HOST_OPS:
            self._check_host(op, dst, args)
            self.plan.steps.append((op, dst, list(args), {}))
            self.written.add(self._root(dst))
            return
        g = GENERIC[op]
        args, dst = self._fit(g, args, dst)
        forms = []
        for mask, name, order in g.forms:
            a = ACLNN[name]
            forms.append((mask, name, tuple(order), a.sig, a.ins,
                          a.int_scalar_limit, a.out_contig))
            if mask == 0:
                self.plan.symbols.add(name)
        self.plan.steps.append((op, dst, list(args),
                                dict(info, forms=forms, generic=g)))
        self.written.add(self._root(dst))

    def _fits(self, g, args, dst):
        a = ACLNN[g.forms[0][1]]
        vals = args[1:] if g.name == 'SWhere' else args
        if g.name == 'SWhere' and self._char(args[0]) not in '?B':
            return False
        if any(self._char(x) not in a.ins for x in vals):
            return False
        return self._char(dst) in a.outs

    def _fit(self, g, args, dst):
        vals = args[1:] if g.name == 'SWhere' else args
        if len({self._char(x) for x in vals}) > 1:
            raise CompileError('mixed operand types in ' + g.name)
        if self._fits(g, args, dst):
            return args, dst
        vals = range(1, len(args)) if g.name == 'SWhere' else range(len(args))
        ct = self._char(args[vals[0]])
        if g.agnostic and ct in _SIGNED:
            sc = _SIGNED[ct]
            new = list(args)
            for i in vals:
                new[i] = self._derive(args[i], -1, sc)
            d = dst
            if self._char(dst) == ct:
                d = self._derive(dst, -1, sc)
            if self._fits(g, new, d):
                return new, d
        # a result written through a reinterpretation of out (signedness)
        dc = self._char(dst)
        if dc in _SIGNED or dc in _UNSIGNED:
            other = _SIGNED.get(dc) or _UNSIGNED.get(dc)
            d = self._derive(dst, -1, other)
            if self._fits(g, args, d):
                return args, d
        raise CompileError('aclnn{} cannot take {} -> {} on A2'.format(
            g.forms[0][1], ''.join(self._char(a) for a in args),
            self._char(dst)))

    def _check_host(self, op, dst, args):
        sc, dc = self._char(args[0]) if args else None, self._char(dst)
        if op == 'Widen':
            s, d = _dt(sc), _dt(dc)
            if not numpy.can_cast(s, d, 'safe'):
                raise CompileError('{} -> {} is not exact'.format(sc, dc))
            if s.kind in 'iu' and d.kind in 'fc':
                mant = {2: 11, 4: 24, 8: 53, 16: 53}[d.itemsize]
                if s.itemsize * 8 - (s.kind == 'i') > mant:
                    raise CompileError('{} -> {} is not exact'.format(sc, dc))
        elif op == 'Copy':
            if _dt(sc).itemsize != _dt(dc).itemsize or (
                    sc != dc and not (_dt(sc).kind in 'iu' and
                                      _dt(dc).kind in 'iu')):
                raise CompileError('Copy {} -> {}'.format(sc, dc))


def _dead_code(plan):
    """Drop steps whose results no output needs."""
    regs = plan.regs

    def root(r):
        while regs[r][0] == 'derived':
            r = regs[r][2][0]
        return r

    need = {r for r, x in enumerate(regs) if x[0] == 'out'}
    keep = []
    for step in reversed(plan.steps):
        op, dst, args, info = step
        if root(dst) in need:
            keep.append(step)
            for a in args:
                need.add(root(a))
    keep.reverse()
    plan.steps = keep
    plan.symbols = set()
    for op, dst, args, info in keep:
        for mask, name, *_ in info.get('forms', ()):
            plan.symbols.add(name)


def compile_program(name, loop, lines, via=None):
    c = _Compiler(name, loop, lines, via)
    _dead_code(c.plan)
    return c.plan


def _matches(filt, loop):
    if isinstance(filt, tuple):
        return loop in filt
    return loop.split('->')[0][0] in filt


def compile_loop(name, loop):
    """{variant: Plan} for `loop` of `name` ('' is the plain variant), or
    None where the device cannot run it."""
    entries = UFUNCS.get(name)
    if entries is None:
        return None
    for filt, alts, opts in entries:
        if not _matches(filt, loop):
            continue
        for lines in alts:
            try:
                plans = {'': compile_program(name, loop, lines,
                                             opts.get('via'))}
                for key in ('decimals_pos', 'decimals_neg'):
                    if key in opts:
                        plans[key] = compile_program(name, loop, opts[key],
                                                     opts.get('via'))
                if 'scalars' in opts:
                    prog, mask = opts['scalars']
                    plans[('scalars', mask)] = compile_program(
                        name, loop, prog, opts.get('via'))
                return plans
            except CompileError:
                continue
    return None
