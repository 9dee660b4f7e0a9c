"""Whole-program rewrites of the loop programs the translator sends as
'elementwise_program' requests (operations.md), before they run: what a
C compiler does with a kernel body, and what a sequence of ufunc calls
cannot do.

- Common subexpressions: a line computing what an earlier line of the
  program computed (the same operator on the same registers and
  literals, the operands of a commutative operator in either order) is
  dropped and its readers read the earlier register.
- Fused operators (operations.md, the program language's Axpy, Addcmul
  and Addcdiv): an addition or subtraction whose operand is a product or
  quotient that nothing else reads becomes one step,
  ``Add(x, Mul(p, q))`` -> ``Addcmul(x, p, q, 1)``,
  ``Sub(x, Mul(p, q))`` -> ``Addcmul(x, p, q, -1)``,
  ``Add(x, Mul(p, 2.5))`` -> ``Axpy(x, p, 2.5)``,
  ``Add(x, Div(p, q))`` -> ``Addcdiv(x, p, q, 1)``; for ``x*x + y*y``
  the right product is fused and the left one is self.  Each fused
  operator rounds every step to the operands' type (the product or
  quotient, then the sum; a value of +-1 is exact), as the two steps do,
  so the results are the unfused program's bit for bit: the rounding of
  C compiled without contraction (a GPU compiler contracts a*b+c into an
  fma by default; both are "the rounding of the declared types").
  Only float32/float64 steps are fused: integer arithmetic stays exact
  as it is (aclnnAdd with alpha runs int32 through a float alpha, Axpy,
  in hicann/ops-math math/add/op_host/op_api/aclnn_add.cpp).

A program with complex parts (``t.re``) is left as it is.  A provider
that refuses the rewritten program gets the original (_fuse.py).
CUPY_USER_KERNEL_OPTIMIZE=0 turns the rewrites off (for comparisons;
read when a program is written, so a recorded kernel keeps its programs).
"""

import os
import re

_LINE = re.compile(r'^\s*(\w+)(?:\.(re|im))?(?::(\w+|\?))?\s*=\s*(\w+)'
                   r'\((.*)\)\s*$')
_INPUTS = 'abcdefgh'
_OUTPUT = re.compile(r'^o\d$')
_COMMUTATIVE = frozenset([
    'Add', 'Mul', 'Maximum', 'Minimum', 'Eq', 'Ne', 'LogicalAnd',
    'LogicalOr', 'LogicalXor', 'BitwiseAnd', 'BitwiseOr', 'BitwiseXor'])
_BOOL = frozenset([
    'Eq', 'Ne', 'Lt', 'Le', 'Gt', 'Ge', 'LogicalAnd', 'LogicalOr',
    'LogicalXor', 'LogicalNot', 'Signbit', 'IsInf', 'IsFinite',
    'IsPosInf', 'IsNegInf'])
_FUSED_TYPES = ('f', 'd')
_MAX_CACHE = 4096
_cache = {}


class _Line:
    __slots__ = ('dst', 'typ', 'op', 'args')

    def __init__(self, dst, typ, op, args):
        self.dst = dst
        self.typ = typ
        self.op = op
        self.args = args

    def text(self):
        head = self.dst + (':' + self.typ if self.typ else '')
        return '{} = {}({})'.format(head, self.op, ', '.join(self.args))


def _parse(lines):
    res = []
    for line in lines:
        m = _LINE.match(line)
        if m is None or m.group(2):
            return None         # a part of a complex register: left alone
        dst, _, typ, op, argtext = m.groups()
        args = [t.strip() for t in argtext.split(',') if t.strip()]
        res.append(_Line(dst, typ, op, args))
    return res


def _types(lines, loop):
    """register -> dtype char, from the loop and each line's operator."""
    ins, outs = loop.split('->')
    ty = {_INPUTS[k]: c for k, c in enumerate(ins)}
    ty.update({'o{}'.format(k): c for k, c in enumerate(outs)})
    for ln in lines:
        if ln.dst in ty and _OUTPUT.match(ln.dst):
            continue
        if ln.typ:
            c = ln.typ
        elif ln.op in _BOOL:
            c = '?'
        elif ln.op.startswith('Call_'):
            c = ln.op.rsplit('_', 1)[1]
        else:
            vals = ln.args[1:] if ln.op == 'SWhere' else ln.args
            c = next((ty[a] for a in vals if a in ty), None)
        ty[ln.dst] = c
    return ty


def _cse(lines):
    ren, seen, out = {}, {}, []
    for ln in lines:
        ln.args = [ren.get(a, a) for a in ln.args]
        args = sorted(ln.args) if ln.op in _COMMUTATIVE else ln.args
        key = (ln.op, ln.typ, tuple(args))
        prev = seen.get(key)
        if prev is not None and not _OUTPUT.match(ln.dst) and \
                ln.op not in ('Fill',):
            ren[ln.dst] = prev
            continue
        seen.setdefault(key, ln.dst)
        out.append(ln)
    return out


def _negated(tok):
    return tok[1:] if tok.startswith('-') else '-' + tok


def _is_number(tok):
    try:
        float(tok)
    except ValueError:
        return False
    return True


def _fused(ln, prod, self_reg, sign, ty):
    """The fused line for ``self_reg + sign * prod``, or None."""
    p, q = prod.args
    if prod.op == 'Mul':
        if p in ty and q in ty:
            return _Line(ln.dst, ln.typ, 'Addcmul',
                         [self_reg, p, q, '1' if sign > 0 else '-1'])
        lit, reg = (q, p) if p in ty else (p, q)
        if reg in ty and _is_number(lit):
            return _Line(ln.dst, ln.typ, 'Axpy',
                         [self_reg, reg, lit if sign > 0 else _negated(lit)])
        return None
    if q in ty and (p in ty or _is_number(p)):
        return _Line(ln.dst, ln.typ, 'Addcdiv',
                     [self_reg, p, q, '1' if sign > 0 else '-1'])
    return None


def _fuse(lines, ty):
    """Each float Add/Sub of a product or quotient that only such sums
    read, as a fused line; the product is dropped (one read by several
    sums is fused into each: ``a + b*c`` and ``a - b*c`` are two Addcmul,
    no Mul)."""
    readers = {}
    for k, ln in enumerate(lines):
        for a in ln.args:
            readers.setdefault(a, []).append(k)
    where = {ln.dst: k for k, ln in enumerate(lines)}

    def product(reg, c):
        # the line of temporary reg if it is a product or quotient of
        # type c
        k = where.get(reg)
        if k is None or _OUTPUT.match(reg):
            return None
        d = lines[k]
        if d.op not in ('Mul', 'Div') or d.typ or ty.get(reg) != c or \
                len(d.args) != 2:
            return None
        return k

    def all_fusable(reg):
        # every reader of reg is a sum that can take it as its product
        for k in readers.get(reg, ()):
            u = lines[k]
            if u.op not in ('Add', 'Sub') or len(u.args) != 2 or \
                    u.args.count(reg) != 1 or \
                    (u.op == 'Sub' and u.args[0] == reg):
                return False
        return True

    fused_in = {}       # product register -> readers fused
    out = list(lines)
    for i, ln in enumerate(lines):
        c = ty.get(ln.dst)
        if ln.op not in ('Add', 'Sub') or c not in _FUSED_TYPES or \
                len(ln.args) != 2 or (ln.typ and ln.typ != c):
            continue
        x, y = ln.args
        tries = [(y, x, 1 if ln.op == 'Add' else -1)]
        if ln.op == 'Add':
            tries.append((x, y, 1))
        # only a product that disappears (one still computed for another
        # reader would make the fused step read more, save nothing);
        # x*x + y*y: the right one
        for reg, self_reg, sign in tries:
            k = product(reg, c)
            if k is None or not all_fusable(reg):
                continue
            new = _fused(ln, lines[k], self_reg, sign, ty)
            if new is not None:
                out[i] = new
                fused_in.setdefault(reg, set()).add(i)
                break
    dropped = {where[r] for r, users in fused_in.items()
               if users == set(readers.get(r, ()))}
    return [ln for k, ln in enumerate(out) if k not in dropped]


def enabled():
    """CUPY_USER_KERNEL_OPTIMIZE (also the hoisting of _fuse.py)."""
    return os.environ.get('CUPY_USER_KERNEL_OPTIMIZE', '1') != '0'


def optimize(lines, loop):
    """The program `lines` (a tuple) of `loop` rewritten as the module
    docstring says; the same tuple where nothing applies."""
    if not enabled():
        return lines
    key = (lines, loop)
    res = _cache.get(key)
    if res is not None:
        return res
    parsed = _parse(lines)
    res = lines
    if parsed is not None:
        parsed = _cse(parsed)
        parsed = _fuse(parsed, _types(parsed, loop))
        new = tuple(ln.text() for ln in parsed)
        if new != lines:
            res = new
    if len(_cache) < _MAX_CACHE:
        _cache[key] = res
    return res
