# The random family of the CUDA provider (operations.md, "Random"):
# random_uniform, random_normal, random_integers, random_permutation, on
# one stateless counter-based generator.
#
# Stream position p of seed s gives two 64-bit words, SplitMix64's output
# function (Steele, Lea, Flood, "Fast splittable pseudorandom number
# generators", OOPSLA 2014) applied to the states key + (2p + 1) * gamma
# and key + (2p + 2) * gamma, key a mix of the seed: any position is
# reached directly, so element i of a call at `offset` uses position
# offset + i and the call returns the number of positions it used (one per
# element), as the contract asks; the provider keeps no state.
#
# uniform: 24 (float32) or 53 (float64) random bits as a fraction in
# [0, 1), scaled in the output's precision; a result rounded up to `high`
# steps down one ulp.  normal: Box-Muller on two fractions (the first in
# (0, 1]), in float64, both outputs used: elements in pairs from the
# words of the pair's first position (the second position of the pair
# stays unused; the count returned is still one per element).  Uniform
# floats stay one element per position: two float32 fractions from one
# word ran no faster in the one run that tried it (2^24 float32: 51.7 us
# on an H100, against 37.3 us for this form on an H200; not one card).  integers: low + the high word of a 64x64-bit
# product of a random word and (high - low) (Lemire's multiply-shift
# range reduction, bias below (high - low) / 2^64).  permutation: a stable
# sort of one random word per position (ops/_sorting.pyx), the positions
# in sorted order.

import numpy

from libc.stdint cimport intptr_t

from cupy_backends.backend.provider cimport View
from cupy_backends.cuda.ops cimport _compiler
from cupy_backends.cuda.ops cimport _views
from cupy_backends.cuda.ops cimport _elementwise
from cupy_backends.cuda.ops._compiler cimport ArgPack, Function

from cupy_backends.backend.provider import OperationNotSupported
from cupy_backends.cuda.ops import _sorting
from cupy_backends.cuda.ops._prelude import PRELUDE, STORAGE
from cupy.xpu.memory_pool import get_default_memory_pool

cdef enum:
    _THREADS = 256

_U64 = 2 ** 64 - 1

_GENERATOR = r'''
/* SplitMix64 (Steele et al. 2014): gamma and the output mix */
__device__ __forceinline__ u64_t mix64(u64_t z) {
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  return z ^ (z >> 31);
}
__device__ __forceinline__ u64_t word(u64_t key, u64_t pos, int sub) {
  return mix64(key + (2 * pos + 1 + sub) * 0x9e3779b97f4a7c15ULL);
}
#define FOR_EACH(n) for (long long e = (long long)blockIdx.x * blockDim.x \
    + threadIdx.x; e < n; e += (long long)gridDim.x * blockDim.x)

/* normal draws elements in pairs (2q, 2q + 1) from the words of
   position off + 2q: both Box-Muller outputs */
#define FOR_EACH_PAIR(n) for (long long e = 2 * ((long long)blockIdx.x * \
    blockDim.x + threadIdx.x); e < n; \
    e += 2 * (long long)gridDim.x * blockDim.x)
__device__ __forceinline__ double scaled(double u, double l, double h) {
  double r = l + (h - l) * u;
  if (r >= h) r = nextafter(h, l);
  return r < l ? l : r;
}
__device__ __forceinline__ float scaled(float u, float l, float h) {
  float r = l + (h - l) * u;
  if (r >= h) r = nextafterf(h, l);
  return r < l ? l : r;
}

extern "C" __global__ void cupy_rand_uniform(long long n, u64_t key,
    u64_t off, O* o, double lo, double hi) {
  FOR_EACH(n) {
    u64_t w = word(key, off + e, 0);
#if WIDE
    o[e] = conv<O>(scaled((double)(w >> 11) * 0x1.0p-53, lo, hi));
#else
    o[e] = conv<O>(scaled((float)(w >> 40) * 0x1.0p-24f, (float)lo,
                          (float)hi));
#endif
  }
}

extern "C" __global__ void cupy_rand_normal(long long n, u64_t key,
    u64_t off, O* o, double loc, double scale) {
  FOR_EACH_PAIR(n) {
    double u1 = (double)((word(key, off + e, 0) >> 11) + 1) * 0x1.0p-53;
    double u2 = (double)(word(key, off + e, 1) >> 11) * 0x1.0p-53;
    double r = sqrt(-2.0 * log(u1)), sn, cs;
    sincospi(2.0 * u2, &sn, &cs);
    o[e] = conv<O>(loc + scale * (r * cs));
    if (e + 1 < n) o[e + 1] = conv<O>(loc + scale * (r * sn));
  }
}

extern "C" __global__ void cupy_rand_integers(long long n, u64_t key,
    u64_t off, O* o, long long lo, u64_t range) {
  FOR_EACH(n) {
    u64_t w = word(key, off + e, 0);
    /* range 0: the whole 2^64 */
    u64_t r = range ? __umul64hi(w, range) : w;
    o[e] = conv<O>((long long)((u64_t)lo + r));
  }
}
'''




def _key(seed):
    # the seed mixed once on the host (SplitMix64's output function), so
    # neighbouring seeds start far apart
    z = (int(seed) & _U64) + 0x9e3779b97f4a7c15 & _U64
    z = ((z ^ (z >> 30)) * 0xbf58476d1ce4e5b9) & _U64
    z = ((z ^ (z >> 27)) * 0x94d049bb133111eb) & _U64
    return z ^ (z >> 31)


def _source(str char):
    return PRELUDE + 'typedef {} O;\n#define WIDE {}\n'.format(
        STORAGE[char], 1 if char == 'd' else 0) + _GENERATOR


cdef object _draw(str kernel, View dst, dict attrs, tuple params,
                  intptr_t stream):
    cdef ArgPack args = ArgPack()
    cdef long long n = 1
    cdef View out = dst
    for d in dst.shape:
        n *= d
    if n == 0:
        return 0
    char = dst.dtype.char.replace('q', 'l').replace('Q', 'L')
    mem = None
    if not _views.c_contiguous(dst):
        mem = get_default_memory_pool().malloc(n * dst.dtype.itemsize)
        out = View(mem.ptr, n * dst.dtype.itemsize, dst.dtype, dst.shape,
                   _views.c_strides(dst.shape), 0, dst.device_id)
    fn = _compiler.get_function(_source(char), kernel)
    args.add_i64(n)
    args.add_bytes(int(_key(attrs['seed'])).to_bytes(8, 'little'))
    args.add_bytes((int(attrs['offset']) & _U64).to_bytes(8, 'little'))
    args.add_ptr(_views.ptr(out))
    for p in params:
        if isinstance(p, float):
            args.add_f64(p)
        else:
            args.add_bytes(int(p).to_bytes(8, 'little', signed=p < 0))
    _compiler.launch((<Function>fn).ptr, _views.blocks(n, _THREADS),
                     _THREADS, 0, stream, args)
    if mem is not None:
        _elementwise.run_copy((dst,), (out,), {}, stream)
    return n


def _check(View dst, str chars, str op):
    if dst.dtype.char not in chars:
        raise OperationNotSupported('{} of {}'.format(op, dst.dtype))


def _uniform_entry(tuple outs, tuple ins, dict attrs, intptr_t stream):
    _check(outs[0], 'fd', 'random_uniform')
    return _draw('cupy_rand_uniform', outs[0], attrs,
                 (float(attrs['low']), float(attrs['high'])), stream)


def _normal_entry(tuple outs, tuple ins, dict attrs, intptr_t stream):
    _check(outs[0], 'fd', 'random_normal')
    return _draw('cupy_rand_normal', outs[0], attrs,
                 (float(attrs['loc']), float(attrs['scale'])), stream)


def _integers_entry(tuple outs, tuple ins, dict attrs, intptr_t stream):
    _check(outs[0], _INTEGER_CHARS, 'random_integers')
    low, high = int(attrs['low']), int(attrs['high'])
    return _draw('cupy_rand_integers', outs[0], attrs,
                 (low, (high - low) & _U64), stream)


def _permutation_entry(tuple outs, tuple ins, dict attrs, intptr_t stream):
    cdef View dst = outs[0]
    cdef long long n = dst.shape[0] if dst.shape else 1
    _check(dst, 'ilq', 'random_permutation')
    if n == 0:
        return 0
    pool = get_default_memory_pool()
    keys = pool.malloc(n * 8)
    idx = pool.malloc(n * 8)
    u64 = numpy.dtype(numpy.uint64)
    kv = View(keys.ptr, n * 8, u64, (n,), (1,), 0, dst.device_id)
    # the random words: integers over the whole uint64 range
    _draw('cupy_rand_integers', kv, attrs, (0, 0), stream)
    _, ip, held = _sorting.sort_rows(keys.ptr, idx.ptr, 'L', 1, n, stream)
    pos = View(ip, n * 8, numpy.dtype(numpy.int64), (n,), (1,), 0,
               dst.device_id)
    _elementwise.run_copy((dst,), (pos,), {}, stream)
    return n


_INTEGER_CHARS = '?bhilqBefdFD'


def _paths(chars):
    return dict.fromkeys([numpy.dtype(c) for c in chars], 'native')


OPERATIONS = {'random_uniform': _uniform_entry,
              'random_normal': _normal_entry,
              'random_integers': _integers_entry,
              'random_permutation': _permutation_entry}
ROUTES = {'random_uniform': _paths('fd'), 'random_normal': _paths('fd'),
          'random_integers': _paths('?bhilBefdFD'),
          'random_permutation': _paths('il')}
