"""Random draws of the array core (operations.md "Random"): uniform
floats, normal floats, uniform integers and permutations, requested from
the provider with a stream position (seed, offset).

A :class:`Stream` is the state of one generator: a 64-bit seed and the
offset of its next unused number.  Each draw passes both to the provider
and advances the offset by what the provider says the call used, so the
same seed gives the same numbers call after call, and no number is used
twice.  The offset is advanced under the stream's lock, so threads sharing
a generator get disjoint numbers.

Capability path (DESIGN.md): a dtype the provider draws is drawn directly
(float32 in float32); other integer dtypes are int64 draws cast exactly
(the values lie in the dtype's range); a float dtype the provider lacks
takes a counted host fallback that draws with NumPy from the same stream
position.  Everything else (distributions, array-valued parameters) is
composed by cupy/random from these.
"""

import threading

import numpy

from cupy._core import _dispatch
from cupy._core import _fallback
from cupy._core import _transfer
from cupy._core import core
from cupy._core.elementwise import _capability

_U64 = (1 << 64) - 1
_I64_MIN = -(1 << 63)
_I64_MAX = (1 << 63) - 1
_INT64 = numpy.dtype(numpy.int64)


class Stream:
    """A seed and the position of the next unused number of its stream."""

    __slots__ = ('seed', 'offset', '_lock')

    def __init__(self, seed, offset=0):
        self.seed = int(seed) & _U64
        self.offset = int(offset)
        self._lock = threading.Lock()

    def __repr__(self):
        return 'Stream(seed={}, offset={})'.format(self.seed, self.offset)

    def _run(self, op, out, attrs):
        with self._lock:
            attrs['seed'] = self.seed
            attrs['offset'] = self.offset
            used = core._run(op, (out._as_view(),), (), attrs)
            self.offset += int(used)

    def _host(self, op, shape, dtype, draw):
        # counted fallback: NumPy draws from a generator keyed by this
        # stream position (different numbers from the device's)
        _fallback.enter(op, dtype.char, 'no device loop for this dtype')
        n = 1
        for d in shape:
            n *= d
        with self._lock:
            g = numpy.random.Generator(
                numpy.random.PCG64([self.seed, self.offset]))
            self.offset += n
        return _transfer.from_host(
            numpy.asarray(draw(g)).astype(dtype, copy=False))


def _shape(size):
    if size is None:
        return ()
    if isinstance(size, (int, numpy.integer)):
        return (int(size),)
    return tuple(int(s) for s in size)


def _float_draw(stream, op, size, dtype, attrs, host_draw):
    """`op` into a new array of a float dtype (host_draw(g, shape) draws
    the same numbers' distribution with NumPy, for the fallback)."""
    shape = _shape(size)
    dtype = numpy.dtype(dtype)
    if dtype.kind != 'f':
        raise TypeError('{} draws floats, not {}'.format(op, dtype))
    if not _dispatch.device_has(op, dtype):
        return stream._host(op, shape, dtype, lambda g: host_draw(g, shape))
    out = core._empty(shape, dtype)
    if out.size:
        stream._run(op, out, attrs)
    return out


def uniform(stream, size, dtype=numpy.float64, low=0.0, high=1.0):
    """Floats in [low, high) of a float dtype (low < high or equal,
    finite)."""
    low, high = float(low), float(high)
    return _float_draw(stream, 'random_uniform', size, dtype,
                       {'low': low, 'high': high},
                       lambda g, shape: g.uniform(low, high, shape))


def normal(stream, size, dtype=numpy.float64, loc=0.0, scale=1.0):
    """normal(loc, scale) floats (scale >= 0)."""
    loc, scale = float(loc), float(scale)
    # the operator takes float mean and std: other values are applied here
    exact = (float(numpy.float32(loc)) == loc and
             float(numpy.float32(scale)) == scale)
    m, s = (loc, scale) if exact else (0.0, 1.0)
    out = _float_draw(stream, 'random_normal', size, dtype,
                      {'loc': m, 'scale': s},
                      lambda g, shape: g.normal(m, s, shape))
    if not exact and out.size:
        out *= scale
        out += loc
    return out


def integers(stream, size, dtype, low, high):
    """Integers in [low, high) as `dtype` (low < high, both in dtype's
    range)."""
    shape = _shape(size)
    dtype = numpy.dtype(dtype)
    low, high = int(low), int(high)
    if high <= low:
        raise ValueError('low >= high')
    if low < _I64_MIN or high > _I64_MAX:
        # the operator's bounds are int64: wider ranges from two 32-bit
        # draws
        return _integers_wide(stream, shape, dtype, low, high)
    direct = _dispatch.device_has('random_integers', dtype)
    if not direct and not _dispatch.device_has('random_integers', _INT64):
        return stream._host('random_integers', shape, dtype, lambda g: (
            g.integers(low, high, shape)))
    out = core._empty(shape, dtype if direct else _INT64)
    if out.size:
        stream._run('random_integers', out, {'low': low, 'high': high})
    return out if direct else out.astype(dtype)


def _integers_wide(stream, shape, dtype, low, high):
    # low + r mod (high - low) for a 64-bit r made of two 32-bit draws, in
    # uint64 arithmetic (wrapping as the dtype's); the modulo's bias is
    # below (high - low) / 2**64
    u64 = numpy.dtype(numpy.uint64)
    if high - low > (1 << 64):
        raise ValueError('high is out of bounds for {}'.format(dtype))
    hi = integers(stream, shape, _INT64, 0, 1 << 32).view(u64)
    lo = integers(stream, shape, _INT64, 0, 1 << 32).view(u64)
    hi <<= u64.type(32)
    hi |= lo
    span = high - low
    if span & (span - 1) == 0:
        if span < (1 << 64):
            hi &= u64.type(span - 1)        # exact for a power of two
    else:
        # (a uint64 remainder has no device loop: counted host work;
        # cupy.random draws such spans by rejection instead)
        hi %= u64.type(span)
    hi += u64.type(low & _U64)
    return hi.view(numpy.int64).astype(dtype) if dtype != u64 else hi


def permutation(stream, n):
    """A random permutation of range(n), int64."""
    out = core._empty((int(n),), _INT64)
    if out.size:
        stream._run('random_permutation', out, {})
    return out


def _capability_rows():
    """{('random', op, dtype char): path} for ``python -m cupy info``:
    the dtypes the core draws and how (native, an exact cast of an int64
    draw, or the host)."""
    out = {}
    for op, chars in (('random_uniform', 'efd'), ('random_normal', 'efd'),
                      ('random_integers', '?bhilBHIL'),
                      ('random_permutation', 'l')):
        for c in chars:
            if _dispatch.device_has(op, c):
                path = 'native'
            elif op == 'random_integers' and _dispatch.device_has(op, 'l'):
                path = 'cast'
            else:
                path = 'host'
            out[('random', op, c)] = path
    return out


_capability.register_rows(_capability_rows)
