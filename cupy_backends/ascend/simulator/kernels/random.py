"""NumPy kernels of the simulator's random operators (ops.md section 4,
wave2_ops.md "Random numbers"; operators in csrc/sim_ops_random.c).

A 910B draws from a counter-based generator (Philox, as torch_npu): the
seed selects the stream and the offset is a position in it (ops.md 4:
"sequence starts from that position").  The simulator cannot reproduce the
device's bits; it keeps the same semantics with NumPy's PCG64, which jumps
to any position in O(log offset) (``advance``) and generates as fast as
NumPy's default generator (Philox through NumPy is about 3x slower,
measured 2026-11-26: 0.16 s against 0.05 s for 2**24 doubles):

- the stream of a seed is ``PCG64(seed)``; 64-bit word j of it is the
  word the generator gives after j steps;
- element i (C order of selfRef) of a call with offset k uses word
  k + i (float64, integers), or 32-bit half-word 2k + i (float32 and
  float16: the low half of a word first, NumPy's order), so the same seed
  and offset give the same numbers, and n numbers drawn at offset k are
  the tail of those drawn at offset 0;
- InplaceNormal pairs the stream's numbers: elements 2p and 2p + 1
  (counted from offset 0) are the two halves of one Box-Muller transform
  of uniforms 2p and 2p + 1, so the tail rule holds for it too.
The library advances the offset by what the provider says a call used.
"""

import threading

import numpy

from cupy_backends.ascend.simulator.kernels.device import assign as _assign

_U64 = (1 << 64) - 1
_lock = threading.Lock()
_local = threading.local()
_seeded = {}            # seed -> PCG64 state right after seeding
_SEEDED_MAX = 64        # seeds remembered (a program uses a few)


def _generator(seed, offset):
    """A Generator at word `offset` of the stream of `seed`."""
    seed &= _U64
    with _lock:
        state = _seeded.get(seed)
    if state is None:
        state = numpy.random.PCG64(seed).state
        with _lock:
            if len(_seeded) >= _SEEDED_MAX:
                _seeded.clear()
            _seeded[seed] = state
    # one bit generator per worker thread, repositioned (making one
    # seeds it from OS entropy first: tens of microseconds)
    g = getattr(_local, 'g', None)
    if g is None:
        g = _local.g = numpy.random.Generator(numpy.random.PCG64(0))
    g.bit_generator.state = state
    if offset:
        g.bit_generator.advance(offset & _U64)
    return g


def _unit_floats(g, n, dtype):
    """n floats in [0, 1): a 64-bit word each for float64 (53 bits), a
    32-bit half-word each for float32 (24 bits: never rounds up to 1)."""
    return g.random(n, dtype=dtype)


def _compute_dtype(dtype):
    return numpy.float64 if dtype == numpy.float64 else numpy.float32


def _uniform(self_ref, low, high, seed, offset):
    n = self_ref.size
    if n == 0:
        return
    ct = _compute_dtype(self_ref.dtype)
    g = _generator(seed, offset)
    if (self_ref.dtype == ct and self_ref.flags.c_contiguous and
            (low, high) == (0.0, 1.0)):
        g.random(dtype=ct, out=self_ref.reshape(-1))
        return
    u = _unit_floats(g, n, ct)
    if (low, high) != (0.0, 1.0):
        u *= ct(high - low)
        u += ct(low)
    if self_ref.dtype.kind in 'iu':
        # [inferred] an integer selfRef holds the floor of the draw
        numpy.floor(u, out=u)
    _assign(self_ref, u.reshape(self_ref.shape))


def _box_muller(g, skip, n, ct, dest=None):
    """n normal numbers after the first `skip` (0 or 1) of g's pairs.
    The angle's cosine and sine come from h = tan(phi), phi uniform in
    [-pi/2, pi/2): cos(2 phi) = (1 - h*h) / (1 + h*h), sin(2 phi) =
    2h / (1 + h*h), exact to a few ulps (NumPy's float64 sin and cos
    cost ten times its tan, measured 2026-11-26)."""
    pairs = (n + skip + 1) // 2
    u = _unit_floats(g, 2 * pairs, ct).reshape(pairs, 2)
    r = numpy.log1p(-u[:, 0])            # log of (0, 1]
    r *= -2
    numpy.sqrt(r, out=r)
    h = u[:, 1]
    h -= ct(0.5)
    h *= ct(numpy.pi)
    numpy.tan(h, out=h)
    h2 = h * h
    inv = h2 + ct(1)
    numpy.divide(r, inv, out=inv)        # r / (1 + h*h)
    out = numpy.empty((pairs, 2), ct) if dest is None else dest.reshape(
        pairs, 2)
    numpy.subtract(ct(1), h2, out=out[:, 0])
    out[:, 0] *= inv
    numpy.multiply(h, inv, out=out[:, 1])
    out[:, 1] *= ct(2)
    return out.reshape(-1)[skip:skip + n]


def _normal(self_ref, mean, std, seed, offset):
    n = self_ref.size
    if n == 0:
        return
    ct = _compute_dtype(self_ref.dtype)
    # pairs start at even positions of the stream: float64 numbers are
    # words (offset k is number k), float32 ones half-words (number 2k)
    skip = offset % 2 if ct is numpy.float64 else 0
    direct = (self_ref.dtype == ct and self_ref.flags.c_contiguous and
              skip == 0 and n % 2 == 0)
    z = _box_muller(_generator(seed, offset - skip), skip, n, ct,
                    self_ref.reshape(-1) if direct else None)
    if (mean, std) != (0.0, 1.0):
        z *= ct(std)
        z += ct(mean)
    if not direct:
        _assign(self_ref, z.reshape(self_ref.shape))


def _words(seed, offset, n):
    """n 64-bit words from position `offset` (one step each)."""
    return _generator(seed, offset).integers(
        0, _U64, size=n, dtype=numpy.uint64, endpoint=True)


def _random(self_ref, low, high, seed, offset):
    # [from, to - 1]: from + word mod (to - from), as 64-bit integers (the
    # bias of the modulo is below (to - from) / 2**64)
    n = self_ref.size
    if n == 0:
        return
    w = _words(seed, offset, n)
    span = (high - low) & _U64
    if span & (span - 1) == 0:
        w &= numpy.uint64(span - 1)
    else:
        w %= numpy.uint64(span)
    w += numpy.uint64(low & _U64)           # wraps as int64 addition
    vals = w.view(numpy.int64).reshape(self_ref.shape)
    _assign(self_ref, vals)


def _randperm(n, seed, offset, out):
    # a permutation of range(n): the order of n random words
    if n:
        out[...] = numpy.argsort(_words(seed, offset, n), kind='stable')


KERNELS = {
    'InplaceUniform': _uniform,
    'InplaceNormal': _normal,
    'InplaceRandom': _random,
    'Randperm': _randperm,
}
