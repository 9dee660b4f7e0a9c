"""C types of the kernel subset as NumPy dtypes, and C's rules on them:
integer promotion, the usual arithmetic conversions, the types of
literals (C11 6.3.1 and 6.4.4; CUDA is LP64: long is 64 bits)."""

import numpy

from cupy._core._ckernel._errors import KernelSyntaxError

_D = numpy.dtype
BOOL = _D('?')
INT = _D('i4')
UINT = _D('u4')
LONG = _D('i8')
ULONG = _D('u8')
FLOAT = _D('f4')
DOUBLE = _D('f8')

# single-word type names (CUDA's and <cstdint>'s, and NumPy's names that
# CuPy's parameter lists use)
NAMED = {
    'bool': BOOL, 'float': FLOAT, 'double': DOUBLE,
    'half': _D('f2'), '__half': _D('f2'), 'float16': _D('f2'),
    'size_t': ULONG, 'ptrdiff_t': LONG, 'ssize_t': LONG,
    'int8_t': _D('i1'), 'int16_t': _D('i2'), 'int32_t': INT,
    'int64_t': LONG, 'uint8_t': _D('u1'), 'uint16_t': _D('u2'),
    'uint32_t': UINT, 'uint64_t': ULONG,
    'float32': FLOAT, 'float64': DOUBLE, 'int8': _D('i1'),
    'int16': _D('i2'), 'int32': INT, 'int64': LONG, 'uint8': _D('u1'),
    'uint16': _D('u2'), 'uint32': UINT, 'uint64': ULONG,
}
# the words of multi-word integer types
INT_WORDS = ('signed', 'unsigned', 'char', 'short', 'int', 'long')
QUALIFIERS = ('const', 'volatile', 'static', 'inline', '__forceinline__',
              '__device__', '__host__', 'register', 'constexpr', 'auto',
              '__restrict__', 'restrict')


def int_words(words, where):
    """The dtype of a C integer type spelled with INT_WORDS."""
    unsigned = 'unsigned' in words
    longs = words.count('long')
    if 'char' in words:
        size = 1
    elif 'short' in words:
        size = 2
    elif longs:
        size = 8
    else:
        size = 4
    if words.count('unsigned') + words.count('signed') > 1 or longs > 2:
        raise KernelSyntaxError('bad type ' + ' '.join(words), where)
    return _D(('u' if unsigned else 'i') + str(size))


def is_int(dt):
    return dt.kind in 'iub'


def is_float(dt):
    return dt.kind == 'f'


def promote(dt):
    """Integer promotion: types narrower than int become int."""
    if dt.kind in 'biu' and dt.itemsize < 4:
        return INT
    return dt


def usual(a, b):
    """The type of a binary arithmetic operation on types a and b."""
    if a.kind == 'c' or b.kind == 'c':
        return numpy.promote_types(a, b)
    if a.kind == 'f' or b.kind == 'f':
        if a.kind == 'f' and b.kind == 'f':
            return a if a.itemsize >= b.itemsize else b
        return a if a.kind == 'f' else b
    a, b = promote(a), promote(b)
    if a == b:
        return a
    if a.kind == b.kind:
        return a if a.itemsize >= b.itemsize else b
    s, u = (a, b) if a.kind == 'i' else (b, a)
    if u.itemsize >= s.itemsize:
        return u
    return s            # the signed type is wider: it holds every value


def int_literal(text, where):
    """(value, dtype) of an integer literal with its suffix."""
    body = text.rstrip('uUlL')
    suffix = text[len(body):].lower()
    if body.lower().startswith('0x'):
        v = int(body, 16)
    elif len(body) > 1 and body.startswith('0'):
        v = int(body, 8)
    else:
        v = int(body)
    decimal = not (len(body) > 1 and body.startswith('0'))
    if suffix.count('l') > 2 or suffix.count('u') > 1:
        raise KernelSyntaxError('bad literal ' + text, where)
    if 'u' in suffix:
        cands = [UINT, ULONG] if 'l' not in suffix else [ULONG]
    elif 'l' in suffix:
        cands = [LONG] if decimal else [LONG, ULONG]
    else:
        # a decimal too large for long: unsigned long long, as nvcc and
        # gcc take it (with a warning)
        cands = [INT, LONG, ULONG] if decimal else [INT, UINT, LONG, ULONG]
    for dt in cands:
        if v <= numpy.iinfo(dt).max:
            return v, dt
    raise KernelSyntaxError('integer literal {} is too large'.format(text),
                            where)


def float_literal(text, where):
    if text[-1] in 'fF' and not text.lower().startswith('0x'):
        return numpy.float32(float(text[:-1])), FLOAT
    if text[-1] in 'lL':
        text = text[:-1]
    return numpy.float64(float(text)), DOUBLE


def is_float_literal(text):
    t = text.lower()
    if t.startswith('0x'):
        return False
    return '.' in t or 'e' in t or t.endswith('f')
