"""The tokenizer of the C subset of user kernels: identifiers, numbers
with their C suffixes, operators; comments dropped; object-like
``#define`` macros expanded; ``#include`` and ``#pragma`` ignored (the
translator needs no headers: CUDA's math functions are built in)."""

import re

from cupy._core._ckernel._errors import KernelSyntaxError, \
    UnsupportedKernelError


# identifiers of CUDA's execution model and memory spaces: kernels that
# use them are SIMT programs with no whole-array translation
_SIMT_NAMES = {
    'threadIdx': 'thread indexing (threadIdx)',
    'blockIdx': 'block indexing (blockIdx)',
    'blockDim': 'blockDim', 'gridDim': 'gridDim', 'warpSize': 'warpSize',
    '__shared__': 'shared memory (__shared__)',
    '__constant__': 'constant memory (__constant__)',
    'asm': 'inline assembly', '__asm__': 'inline assembly',
    'goto': 'goto', 'struct': 'struct types',
    'union': 'union types',
    'new': 'new', 'delete': 'delete', 'printf': 'printf',
    'sizeof': 'sizeof', 'extern': 'extern declarations',
}
_SIMT_PREFIXES = (
    ('atomic', 'atomic operations'), ('__syncthreads', '__syncthreads'),
    ('__syncwarp', '__syncwarp'), ('__shfl', 'warp shuffles'),
    ('__ballot', 'warp votes'), ('__any', 'warp votes'),
    ('__all', 'warp votes'), ('__activemask', 'warp votes'),
    ('tex1D', 'textures'), ('tex2D', 'textures'), ('tex3D', 'textures'),
    ('surf', 'surfaces'), ('__threadfence', 'memory fences'),
    ('__ldg', '__ldg'), ('clock', 'clock'), ('__nanosleep', '__nanosleep'),
    ('cooperative_groups', 'cooperative groups'),
)


def check_identifier(name, where, call=False):
    """Raise for a name of CUDA's execution model; with `call`, also for
    the function families of it (atomicAdd, __shfl_sync, tex2D ...)."""
    what = _SIMT_NAMES.get(name)
    if what is None and call:
        for prefix, w in _SIMT_PREFIXES:
            if name.startswith(prefix):
                what = w
                break
    if what is not None:
        raise UnsupportedKernelError(what, where)



class Token:
    __slots__ = ('kind', 'text', 'where')

    def __init__(self, kind, text, where):
        self.kind = kind        # 'id', 'num', 'op', 'char', 'eof'
        self.text = text
        self.where = where

    def __repr__(self):
        return 'Token({}, {!r})'.format(self.kind, self.text)


_OPS = sorted('''<<= >>= ... -> ++ -- << >> <= >= == != && || += -= *= /= %=
&= ^= |= :: + - * / % < > = ! ~ & | ^ ? : ; , . ( ) [ ] { }'''.split(),
              key=len, reverse=True)
_TOKEN = re.compile(r'''
  (?P<ws>[ \t\r\f\v]+)
| (?P<nl>\n)
| (?P<lc>//[^\n]*)
| (?P<bc>/\*.*?\*/)
| (?P<pp>\#[^\n]*(?:\\\n[^\n]*)*)
| (?P<num>(?:0[xX][0-9a-fA-F]+|(?:\d+\.\d*|\.\d+|\d+)(?:[eE][+-]?\d+)?)
          [uUlLfF]*)
| (?P<id>[A-Za-z_]\w*)
| (?P<char>'(?:\\.|[^\\'])')
| (?P<op>''' + '|'.join(re.escape(o) for o in _OPS) + r''')
| (?P<str>"(?:\\.|[^\\"])*")
''', re.S | re.X)


class Where:
    """A place in the user's source, for messages."""
    __slots__ = ('label', 'line')

    def __init__(self, label, line):
        self.label = label
        self.line = line

    def __str__(self):
        return '{} line {}'.format(self.label, self.line)


def tokenize(src, label, macros=None):
    """Tokens of `src`; `macros` (name -> token list) is extended by the
    ``#define`` lines found (so a preamble's macros reach the body)."""
    if macros is None:
        macros = {}
    out = []
    pos, line = 0, 1
    n = len(src)
    while pos < n:
        m = _TOKEN.match(src, pos)
        if m is None:
            raise KernelSyntaxError(
                'unexpected character {!r}'.format(src[pos]),
                Where(label, line))
        kind = m.lastgroup
        text = m.group()
        where = Where(label, line)
        line += text.count('\n')
        pos = m.end()
        if kind in ('ws', 'nl', 'lc', 'bc'):
            continue
        if kind == 'pp':
            _directive(text, where, macros, label)
            continue
        if kind == 'str':
            raise UnsupportedKernelError('a string literal', where)
        if kind == 'id':
            check_identifier(text, where)
        if kind == 'id' and text in macros:
            for t in macros[text]:
                out.append(Token(t.kind, t.text, where))
            continue
        out.append(Token(kind, text, where))
    out.append(Token('eof', '', Where(label, line)))
    return out


def _directive(text, where, macros, label):
    body = text[1:].replace('\\\n', ' ').strip()
    word = body.split(None, 1)[0] if body else ''
    if word in ('include', 'pragma', ''):
        return
    if word == 'define':
        rest = body[len('define'):].strip()
        m = re.match(r'([A-Za-z_]\w*)(\(?)', rest)
        if m is None:
            raise KernelSyntaxError('bad #define', where)
        if m.group(2):
            raise UnsupportedKernelError('a function-like macro', where)
        value = rest[m.end():]
        toks = tokenize(value, label, macros)[:-1]
        macros[m.group(1)] = toks
        return
    if word == 'undef':
        macros.pop(body.split()[1], None)
        return
    raise UnsupportedKernelError('the preprocessor directive #' + word,
                                 where)
