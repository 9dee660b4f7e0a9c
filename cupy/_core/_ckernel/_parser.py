"""A recursive-descent parser of the C subset of user kernels into a
small tree of tuples (see the node kinds below).  Types are resolved
later, per call's type binding: a type in the tree is a TypeSpec naming a
dtype or a placeholder/typedef/template name.

Expression nodes: ('num', where, value, dtype), ('name', where, id),
('bin', where, op, l, r), ('un', where, op, x), ('incdec', where, op,
prefix, lval), ('assign', where, op, lval, r), ('cond', where, c, a, b),
('cast', where, TypeSpec, x), ('call', where, name, [TypeSpec], [args]),
('index', where, base, i), ('method', where, base, name, [args]),
('addr', where, x), ('comma', where, a, b), ('init', where, [exprs]).
Statements: ('block', where, [stmts]), ('decl', where, TypeSpec,
[(name, [dims], init, where)]), ('expr', where, e), ('if', where, c, t,
e), ('for', where, init, cond, step, body), ('while', where, c, body),
('do', where, body, c), ('break', where), ('continue', where),
('return', where, e), ('typedef', where, TypeSpec, name), ('empty', w),
('switch', where, x, [(case expr or None, [stmts])]).
"""

from cupy._core._ckernel import _ctypes
from cupy._core._ckernel._errors import KernelSyntaxError, \
    UnsupportedKernelError
from cupy._core._ckernel._lexer import tokenize, check_identifier


class TypeSpec:
    """A type as written: `base` a numpy dtype or a name resolved later;
    `ptr` pointer depth, `ref` a C++ reference, `void`."""
    __slots__ = ('base', 'ptr', 'ref', 'const')

    def __init__(self, base, ptr=0, ref=False, const=False):
        self.base = base
        self.ptr = ptr
        self.ref = ref
        self.const = const

    def __repr__(self):
        return 'TypeSpec({!r}{}{})'.format(self.base, '*' * self.ptr,
                                           '&' if self.ref else '')


class Function:
    __slots__ = ('name', 'tparams', 'ret', 'params', 'body', 'where')

    def __init__(self, name, tparams, ret, params, body, where):
        self.name = name
        self.tparams = tparams
        self.ret = ret
        self.params = params        # [(TypeSpec, name, [dims])]
        self.body = body
        self.where = where


_ASSIGN = ('=', '+=', '-=', '*=', '/=', '%=', '<<=', '>>=', '&=', '^=', '|=')
_BINARY = [('||',), ('&&',), ('|',), ('^',), ('&',), ('==', '!='),
           ('<', '<=', '>', '>='), ('<<', '>>'), ('+', '-'), ('*', '/', '%')]
_TYPE_WORDS = set(_ctypes.INT_WORDS) | {'void', 'auto'} | set(
    _ctypes.NAMED)


class Parser:

    def __init__(self, tokens, type_names):
        self.toks = tokens
        self.pos = 0
        self.scopes = [set(type_names)]

    # -- tokens
    @property
    def tok(self):
        return self.toks[self.pos]

    def peek(self, k=1):
        return self.toks[min(self.pos + k, len(self.toks) - 1)]

    def next(self):
        t = self.toks[self.pos]
        self.pos += 1
        return t

    def at(self, text):
        t = self.tok
        return t.kind in ('op', 'id') and t.text == text

    def accept(self, text):
        if self.at(text):
            return self.next()
        return None

    def expect(self, text):
        t = self.tok
        if not self.at(text):
            raise KernelSyntaxError(
                'expected {!r}, found {!r}'.format(text, t.text or 'end'),
                t.where)
        return self.next()

    def ident(self):
        t = self.tok
        if t.kind != 'id':
            raise KernelSyntaxError(
                'expected a name, found {!r}'.format(t.text or 'end'),
                t.where)
        self.next()
        check_identifier(t.text, t.where)
        return t.text

    # -- types
    def is_type_name(self, name):
        return name in _TYPE_WORDS or any(name in s for s in self.scopes)

    def starts_type(self):
        t = self.tok
        if t.kind != 'id':
            return False
        if t.text in _ctypes.QUALIFIERS and t.text != 'auto':
            return True
        if t.text in ('std', 'thrust', 'cuda') and self.peek().text == '::':
            return True
        return self.is_type_name(t.text)

    def typespec(self, allow_ref=True):
        where = self.tok.where
        const = False
        while self.tok.kind == 'id' and self.tok.text in _ctypes.QUALIFIERS:
            if self.tok.text == 'auto':
                raise UnsupportedKernelError("'auto' declarations", where)
            const |= self.tok.text == 'const'
            self.next()
        t = self.tok
        if t.kind != 'id':
            raise KernelSyntaxError('expected a type', where)
        if t.text in ('std', 'thrust', 'cuda') and self.peek().text == '::':
            raise UnsupportedKernelError(
                'the type {}::{}'.format(t.text, self.peek(2).text), where)
        if t.text in _ctypes.INT_WORDS:
            words = []
            while self.tok.kind == 'id' and self.tok.text in \
                    _ctypes.INT_WORDS + ('const',):
                if self.tok.text == 'const':
                    const = True
                else:
                    words.append(self.tok.text)
                self.next()
            base = _ctypes.int_words(words, where)
        else:
            self.next()
            if t.text == 'void':
                base = 'void'
            elif t.text in _ctypes.NAMED:
                base = _ctypes.NAMED[t.text]
            elif self.is_type_name(t.text):
                base = t.text
            else:
                raise KernelSyntaxError('unknown type ' + t.text, where)
            if self.at('<'):
                raise UnsupportedKernelError(
                    'the template type {}<...>'.format(t.text), where)
        ptr = 0
        ref = False
        while True:
            if self.accept('const') or self.accept('__restrict__') or \
                    self.accept('restrict'):
                continue
            if self.accept('*'):
                ptr += 1
                continue
            if allow_ref and self.accept('&'):
                ref = True
                continue
            break
        return TypeSpec(base, ptr, ref, const)

    # -- top level (the preamble)
    def preamble(self):
        funcs = {}
        decls = []
        while self.tok.kind != 'eof':
            if self.accept(';'):
                continue
            where = self.tok.where
            tparams = []
            if self.accept('template'):
                self.expect('<')
                while not self.at('>'):
                    if not (self.accept('typename') or self.accept('class')):
                        raise UnsupportedKernelError(
                            'a non-type template parameter', self.tok.where)
                    tparams.append(self.ident())
                    self.accept(',')
                self.expect('>')
            if self.at('typedef'):
                decls.append(self.statement())
                continue
            if self.at('__global__'):
                raise UnsupportedKernelError('a __global__ kernel function',
                                             where)
            self.scopes.append(set(tparams))
            ret = self.typespec()
            name = self.ident()
            if self.at('('):
                f = self.function(name, tparams, ret, where)
                if f.body is not None:
                    funcs.setdefault(name, []).append(f)
            else:
                if tparams:
                    raise UnsupportedKernelError('a variable template',
                                                 where)
                decls.append(self.declaration_rest(ret, name, where))
            self.scopes.pop()
        return funcs, decls

    def function(self, name, tparams, ret, where):
        self.expect('(')
        params = []
        if self.at('void') and self.peek().text == ')':
            self.next()
        while not self.at(')'):
            ts = self.typespec()
            pname = self.ident() if self.tok.kind == 'id' else None
            dims = self.array_dims()
            params.append((ts, pname, dims))
            if not self.accept(','):
                break
        self.expect(')')
        while self.tok.kind == 'id' and self.tok.text in ('const',):
            self.next()
        if self.accept(';'):
            return Function(name, tparams, ret, params, None, where)
        self.scopes.append(set())
        body = self.block()
        self.scopes.pop()
        return Function(name, tparams, ret, params, body, where)

    def array_dims(self):
        dims = []
        while self.accept('['):
            if self.at(']'):
                dims.append(None)
            else:
                dims.append(self.expression())
            self.expect(']')
        return dims

    # -- statements
    def body(self):
        """The statements of a whole operation."""
        stmts = []
        where = self.tok.where
        while self.tok.kind != 'eof':
            stmts.append(self.statement())
        return ('block', where, stmts)

    def block(self):
        where = self.expect('{').where
        self.scopes.append(set())
        stmts = []
        while not self.at('}'):
            if self.tok.kind == 'eof':
                raise KernelSyntaxError("missing '}'", self.tok.where)
            stmts.append(self.statement())
        self.next()
        self.scopes.pop()
        return ('block', where, stmts)

    def statement(self):
        t = self.tok
        w = t.where
        if t.kind == 'op':
            if t.text == '{':
                return self.block()
            if t.text == ';':
                self.next()
                return ('empty', w)
        if t.kind == 'id':
            kw = t.text
            if kw == 'if':
                self.next()
                self.expect('(')
                c = self.expression()
                self.expect(')')
                then = self.statement()
                other = self.statement() if self.accept('else') else None
                return ('if', w, c, then, other)
            if kw == 'for':
                self.next()
                self.expect('(')
                self.scopes.append(set())
                init = None
                if not self.at(';'):
                    init = self.simple_statement()
                else:
                    self.next()
                cond = None if self.at(';') else self.expression()
                self.expect(';')
                step = None if self.at(')') else self.expression()
                self.expect(')')
                body = self.statement()
                self.scopes.pop()
                return ('for', w, init, cond, step, body)
            if kw == 'while':
                self.next()
                self.expect('(')
                c = self.expression()
                self.expect(')')
                return ('while', w, c, self.statement())
            if kw == 'do':
                self.next()
                body = self.statement()
                self.expect('while')
                self.expect('(')
                c = self.expression()
                self.expect(')')
                self.expect(';')
                return ('do', w, body, c)
            if kw == 'switch':
                return self.switch()
            if kw in ('break', 'continue'):
                self.next()
                self.expect(';')
                return (kw, w)
            if kw == 'return':
                self.next()
                e = None if self.at(';') else self.expression()
                self.expect(';')
                return ('return', w, e)
            if kw == 'typedef':
                self.next()
                ts = self.typespec()
                name = self.ident()
                self.expect(';')
                self.scopes[-1].add(name)
                return ('typedef', w, ts, name)
            check_identifier(kw, w)
        return self.simple_statement()

    def switch(self):
        """('switch', w, expr, [(label expr or None for default,
        [statements])]) in source order (cases fall through)."""
        w = self.next().where
        self.expect('(')
        x = self.expression()
        self.expect(')')
        self.expect('{')
        self.scopes.append(set())
        groups = []
        while not self.at('}'):
            t = self.tok
            if self.accept('case'):
                label = self.conditional()
                self.expect(':')
                groups.append((label, []))
            elif self.accept('default'):
                self.expect(':')
                groups.append((None, []))
            elif not groups:
                raise KernelSyntaxError('a statement before the first case',
                                        t.where)
            elif t.kind == 'eof':
                raise KernelSyntaxError("missing '}'", t.where)
            else:
                groups[-1][1].append(self.statement())
        self.next()
        self.scopes.pop()
        return ('switch', w, x, groups)

    def simple_statement(self):
        """A declaration or an expression, with its ';'."""
        w = self.tok.where
        if self.starts_type() and not (
                self.peek().text == '(' and
                self.tok.text not in _ctypes.QUALIFIERS):
            ts = self.typespec()
            name = self.ident()
            return self.declaration_rest(ts, name, w)
        e = self.expression()
        self.expect(';')
        return ('expr', w, e)

    def declaration_rest(self, ts, name, w):
        items = []
        while True:
            dw = self.tok.where
            dims = self.array_dims()
            init = None
            if self.accept('='):
                init = self.initializer()
            elif self.at('('):
                # direct initialisation: T x(v);
                self.next()
                init = self.expression()
                self.expect(')')
            elif self.at('{'):
                init = self.initializer()
            items.append((name, dims, init, dw))
            if not self.accept(','):
                break
            while self.accept('*'):
                raise UnsupportedKernelError('a pointer variable', dw)
            name = self.ident()
        self.expect(';')
        return ('decl', w, ts, items)

    def initializer(self):
        if self.at('{'):
            w = self.next().where
            vals = []
            while not self.at('}'):
                vals.append(self.initializer())
                if not self.accept(','):
                    break
            self.expect('}')
            return ('init', w, vals)
        return self.assignment()

    # -- expressions
    def expression(self):
        e = self.assignment()
        while self.at(','):
            w = self.next().where
            e = ('comma', w, e, self.assignment())
        return e

    def assignment(self):
        lhs = self.conditional()
        t = self.tok
        if t.kind == 'op' and t.text in _ASSIGN:
            self.next()
            return ('assign', t.where, t.text, lhs, self.assignment())
        return lhs

    def conditional(self):
        c = self.binary(0)
        if self.at('?'):
            w = self.next().where
            a = self.expression()
            self.expect(':')
            b = self.assignment()
            return ('cond', w, c, a, b)
        return c

    def binary(self, level):
        if level == len(_BINARY):
            return self.unary()
        e = self.binary(level + 1)
        while self.tok.kind == 'op' and self.tok.text in _BINARY[level]:
            t = self.next()
            e = ('bin', t.where, t.text, e, self.binary(level + 1))
        return e

    def unary(self):
        t = self.tok
        w = t.where
        if t.kind == 'op':
            if t.text in ('-', '+', '!', '~'):
                self.next()
                return ('un', w, t.text, self.unary())
            if t.text in ('++', '--'):
                self.next()
                return ('incdec', w, t.text, True, self.unary())
            if t.text == '*':
                raise UnsupportedKernelError('pointer dereference', w)
            if t.text == '&':
                self.next()
                return ('addr', w, self.unary())
            if t.text == '(' and self.peek().kind == 'id' and \
                    self.is_cast_type(1):
                self.next()
                ts = self.typespec(allow_ref=False)
                self.expect(')')
                return ('cast', w, ts, self.unary())
        return self.postfix(self.primary())

    def is_cast_type(self, k):
        t = self.peek(k)
        if t.text in _ctypes.QUALIFIERS:
            return True
        if not self.is_type_name(t.text):
            return False
        # T(x) inside parentheses is a functional cast, not a C cast
        nxt = self.peek(k + 1).text
        return nxt in (')', '*', '&') or t.text in _ctypes.INT_WORDS

    def postfix(self, e):
        while True:
            t = self.tok
            if self.at('['):
                self.next()
                # x[{i, j}]: a raw array indexed per axis
                i = self.initializer() if self.at('{') else self.expression()
                self.expect(']')
                e = ('index', t.where, e, i)
            elif self.at('++') or self.at('--'):
                self.next()
                e = ('incdec', t.where, t.text, False, e)
            elif self.at('.'):
                self.next()
                name = self.ident()
                args = self.call_args() if self.at('(') else None
                e = ('method', t.where, e, name, args)
            elif self.at('->'):
                raise UnsupportedKernelError("'->' (pointers)", t.where)
            else:
                return e

    def call_args(self):
        self.expect('(')
        args = []
        while not self.at(')'):
            args.append(self.assignment())
            if not self.accept(','):
                break
        self.expect(')')
        return args

    def template_args(self):
        """<T, float> after a function name, if that is what follows."""
        save = self.pos
        self.expect('<')
        targs = []
        try:
            while not self.at('>'):
                if not self.starts_type():
                    raise KernelSyntaxError('not a type', self.tok.where)
                targs.append(self.typespec(allow_ref=False))
                if not self.accept(','):
                    break
            self.expect('>')
        except KernelSyntaxError:
            self.pos = save
            return None
        if not self.at('('):
            self.pos = save
            return None
        return targs

    def primary(self):
        t = self.tok
        w = t.where
        if t.kind == 'num':
            self.next()
            if _ctypes.is_float_literal(t.text):
                v, dt = _ctypes.float_literal(t.text, w)
            else:
                v, dt = _ctypes.int_literal(t.text, w)
            return ('num', w, v, dt)
        if t.kind == 'char':
            self.next()
            body = t.text[1:-1]
            v = ord(body) if len(body) == 1 else ord(
                {'n': '\n', 't': '\t', '0': '\0', '\\': '\\', "'": "'"}.get(
                    body[1], body[1]))
            return ('num', w, v, _ctypes.INT)
        if self.accept('('):
            e = self.expression()
            self.expect(')')
            return e
        if t.kind != 'id':
            raise KernelSyntaxError(
                'unexpected {!r}'.format(t.text or 'end of source'), w)
        if t.text in ('true', 'false'):
            self.next()
            return ('num', w, t.text == 'true', _ctypes.BOOL)
        if t.text in ('static_cast', 'reinterpret_cast', 'const_cast'):
            self.next()
            if t.text == 'reinterpret_cast':
                raise UnsupportedKernelError('reinterpret_cast', w)
            self.expect('<')
            ts = self.typespec(allow_ref=False)
            self.expect('>')
            self.expect('(')
            e = self.expression()
            self.expect(')')
            return ('cast', w, ts, e)
        if t.text in ('std', 'cuda', 'thrust') and self.peek().text == '::':
            self.next()
            self.next()
            if t.text != 'std':
                raise UnsupportedKernelError(t.text + '::', w)
            return self.primary()
        if self.starts_type() and t.text not in _ctypes.QUALIFIERS:
            # a functional cast: T(x), float(i), unsigned int(x) is not C++
            ts = self.typespec(allow_ref=False)
            if self.at('('):
                self.next()
                e = self.expression()
                self.expect(')')
                return ('cast', w, ts, e)
            raise KernelSyntaxError('unexpected type name', w)
        name = self.ident()
        if self.at('<') and self.peek().kind == 'id' and \
                self.is_type_name(self.peek().text):
            targs = self.template_args()
            if targs is not None:
                return ('call', w, name, targs, self.call_args())
        if self.at('('):
            return ('call', w, name, [], self.call_args())
        return ('name', w, name)


def parse_preamble(src, type_names, macros):
    p = Parser(tokenize(src, 'preamble', macros), type_names)
    return p.preamble()


def parse_body(src, label, type_names, macros):
    # CuPy closes the operation with ';' itself: 'z = x + y' is valid
    p = Parser(tokenize(src + '\n;', label, macros), type_names)
    return p.body()


def parse_expression(src, label, type_names, macros):
    p = Parser(tokenize(src, label, macros), type_names)
    e = p.expression()
    if p.tok.kind != 'eof':
        raise KernelSyntaxError('unexpected {!r}'.format(p.tok.text),
                                p.tok.where)
    return e
