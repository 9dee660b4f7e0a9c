# Integer-array indexing and nonzero of the CUDA provider (operations.md,
# "Data movement"): take_nd, put_nd, put_add_nd and nonzero on generated
# kernels.
#
# take_nd/put_nd/put_add_nd: k index arrays of one shape I index the
# first k axes of the indexed operand; the other operand has shape
# I + trailing.  One thread per element of the other operand splits its
# flat index into coordinates (index dims, then trailing dims), reads the
# k positions and moves the element.  Gathers and plain scatters move
# whole elements (kernels per item size, so complex128 is one 16-byte
# move); the accumulating scatter adds with atomics in the element's own
# type.  put_nd keeps NumPy's result where positions repeat (the last
# value written wins): the target offset of every value is computed, the
# (offset, value position) pairs are sorted stably by offset
# (ops/_sorting.pyx), and only the last of each run of equal offsets is
# written.
#
# nonzero: a counting pass (one count per block of a contiguous range of
# the flat C-order index), then a writing pass where each block first
# sums the counts before it and scans its range in tiles of the block's
# size (a ballot per warp and the warps' counts keep C order).  The
# count is read back to the host: the operation synchronises, as the
# contract says.

import numpy

from libc.stdint cimport intptr_t, int64_t

from cupy_backends.backend cimport api
from cupy_backends.backend.provider cimport View
from cupy_backends.cuda.ops cimport _compiler
from cupy_backends.cuda.ops cimport _views
from cupy_backends.cuda.ops._compiler cimport ArgPack, Function

from cupy_backends.backend.provider import OperationNotSupported
from cupy_backends.cuda.ops import _sorting
from cupy_backends.cuda.ops._prelude import COMPUTE, PRELUDE, STORAGE
from cupy.xpu.memory_pool import get_default_memory_pool

cdef enum:
    _THREADS = 256
    # the fixed geometry arrays of the kernels (the core linearises
    # indexing of more axes first: cupy/_core/_indexing.py _MAX_INDEXED)
    _MAX_IDX = 8
    _MAX_DIMS = 16
    # blocks of the nonzero passes: their counts are summed by each block
    # of the writing pass, so few
    _NZ_BLOCKS = 2048

_ALL = '?bBhHiIlLefdFD'
# element moves by item size
_MOVE_TYPE = {1: 'unsigned char', 2: 'unsigned short', 4: 'unsigned int',
              8: 'unsigned long long', 16: 'move16_t'}

_GEOMETRY = r'''
struct move16_t { unsigned long long a, b; };
struct geo_t {
  long long shape[%(D)d];       /* the other operand: I + trailing */
  long long ost[%(D)d];         /* its strides */
  long long ist[%(K)d][%(K)d];  /* index j's strides over I */
  long long dst_[%(K)d + %(D)d];/* indexed operand: k indexed + trailing */
  long long dim[%(K)d];         /* sizes of the indexed axes */
  const void* idx[%(K)d];
  int ni, nt, k;
};
/* offsets (other, indexed) of element e of the other operand */
template<class I> __device__ __forceinline__ void locate(
    const geo_t& g, long long e, long long& oo, long long& so) {
  long long c[%(D)d];
  int nd = g.ni + g.nt;
  oo = 0;
  for (int d = nd - 1; d >= 0; d--) {
    c[d] = e %% g.shape[d]; e /= g.shape[d]; oo += c[d] * g.ost[d];
  }
  so = 0;
  for (int j = 0; j < g.k; j++) {
    long long io = 0;
    for (int d = 0; d < g.ni; d++) io += c[d] * g.ist[j][d];
    long long p = (long long)((const I*)g.idx[j])[io];
    if (p < 0) p += g.dim[j];
    so += p * g.dst_[j];
  }
  for (int t = 0; t < g.nt; t++) so += c[g.ni + t] * g.dst_[g.k + t];
}
''' % {'D': _MAX_DIMS, 'K': _MAX_IDX}

_MOVE = r'''
extern "C" __global__ void cupy_%(name)s(long long n, M* other,
                                         M* indexed, geo_t g) {
  for (long long e = (long long)blockIdx.x * blockDim.x + threadIdx.x;
       e < n; e += (long long)gridDim.x * blockDim.x) {
    long long oo, so;
    locate<I>(g, e, oo, so);
    %(stmt)s;
  }
}
/* put_nd in two steps: the target offset of each value, then (after a
   stable sort of the offsets) a write by the last value of each offset */
extern "C" __global__ void cupy_put_keys(long long n, geo_t g,
                                         long long* keys) {
  for (long long e = (long long)blockIdx.x * blockDim.x + threadIdx.x;
       e < n; e += (long long)gridDim.x * blockDim.x) {
    long long oo, so;
    locate<I>(g, e, oo, so);
    keys[e] = so;
  }
}
extern "C" __global__ void cupy_put_last(long long n, const M* other,
    M* indexed, geo_t g, const long long* keys, const long long* pos) {
  for (long long p = (long long)blockIdx.x * blockDim.x + threadIdx.x;
       p < n; p += (long long)gridDim.x * blockDim.x) {
    if (p + 1 < n && keys[p + 1] == keys[p]) continue;
    long long oo, so;
    locate<I>(g, pos[p], oo, so);
    indexed[so] = other[oo];
  }
}
'''

# put_add_nd: atomic adds in the element's type.  Types without a native
# atomicAdd use a compare-and-swap loop on the aligned 32-bit word (8 and
# 16 bits) or 64-bit word holding the element (CUDA C Programming Guide,
# "Atomic Functions": atomicCAS on 32- and 64-bit words).
_ATOMIC = r'''
template<class T> __device__ __forceinline__ T add_(T a, T b) {
  return a + b; }
__device__ __forceinline__ bool add_(bool a, bool b) { return a || b; }
__device__ __forceinline__ half_t add_(half_t a, half_t b) {
  return f2h(h2f(a) + h2f(b)); }
template<class T> __device__ __forceinline__ T from_bits(unsigned int b) {
  T t;
  unsigned char* d = (unsigned char*)&t;
  for (int i = 0; i < (int)sizeof(T); i++) d[i] = (b >> (8 * i)) & 0xffu;
  return t;
}
template<class T> __device__ __forceinline__ unsigned int to_bits(T t) {
  const unsigned char* d = (const unsigned char*)&t;
  unsigned int b = 0;
  for (int i = 0; i < (int)sizeof(T); i++) b |= (unsigned int)d[i] << (8 * i);
  return b;
}
template<class T> __device__ void atomic_small(T* p, T v) {
  unsigned int* w = (unsigned int*)((size_t)p & ~(size_t)3);
  unsigned int shift = ((size_t)p & 3) * 8;
  unsigned int mask = ((1u << (8 * sizeof(T))) - 1u) << shift;
  unsigned int old = *w, assumed;
  do {
    assumed = old;
    T nv = add_(from_bits<T>((assumed & mask) >> shift), v);
    unsigned int nb = to_bits(nv);
    old = atomicCAS(w, assumed, (assumed & ~mask) | ((nb << shift) & mask));
  } while (old != assumed);
}
__device__ __forceinline__ void atomic_add(bool* p, bool v) {
  if (v) atomic_small(p, v); }
__device__ __forceinline__ void atomic_add(signed char* p, signed char v) {
  atomic_small(p, v); }
__device__ __forceinline__ void atomic_add(unsigned char* p,
                                           unsigned char v) {
  atomic_small(p, v); }
__device__ __forceinline__ void atomic_add(short* p, short v) {
  atomic_small(p, v); }
__device__ __forceinline__ void atomic_add(unsigned short* p,
                                           unsigned short v) {
  atomic_small(p, v); }
__device__ __forceinline__ void atomic_add(half_t* p, half_t v) {
  atomic_small(p, v); }
__device__ __forceinline__ void atomic_add(int* p, int v) {
  atomicAdd(p, v); }
__device__ __forceinline__ void atomic_add(unsigned int* p,
                                           unsigned int v) {
  atomicAdd(p, v); }
/* two's complement: the unsigned 64-bit add is the signed one */
__device__ __forceinline__ void atomic_add(long long* p, long long v) {
  atomicAdd((unsigned long long*)p, (unsigned long long)v); }
__device__ __forceinline__ void atomic_add(unsigned long long* p,
                                           unsigned long long v) {
  atomicAdd(p, v); }
__device__ __forceinline__ void atomic_add(float* p, float v) {
  atomicAdd(p, v); }
__device__ __forceinline__ void atomic_add(double* p, double v) {
  atomicAdd(p, v); }
template<class T> __device__ __forceinline__ void atomic_add(cpx<T>* p,
                                                             cpx<T> v) {
  atomic_add(&p->re, v.re); atomic_add(&p->im, v.im); }
'''

_NONZERO = r'''
typedef %(T)s T;
struct nzgeo_t { long long shape[%(D)d]; long long st[%(D)d]; };
__device__ __forceinline__ bool nz(const T* s, const nzgeo_t& g, int nd,
                                   long long e) {
  long long off = 0;
  for (int d = nd - 1; d >= 0; d--) {
    long long c = e %% g.shape[d]; e /= g.shape[d]; off += c * g.st[d];
  }
  return conv<bool>(s[off]);
}
extern "C" __global__ void cupy_nz_count(long long n, long long chunk,
    const T* s, nzgeo_t g, int nd, long long* counts) {
  __shared__ long long part[%(B)d];
  long long lo = (long long)blockIdx.x * chunk;
  long long hi = lo + chunk < n ? lo + chunk : n;
  long long c = 0;
  for (long long e = lo + threadIdx.x; e < hi; e += blockDim.x)
    c += nz(s, g, nd, e);
  part[threadIdx.x] = c;
  __syncthreads();
  for (int w = blockDim.x / 2; w > 0; w /= 2) {
    if (threadIdx.x < w) part[threadIdx.x] += part[threadIdx.x + w];
    __syncthreads();
  }
  if (threadIdx.x == 0) counts[blockIdx.x] = part[0];
}
extern "C" __global__ void cupy_nz_write(long long n, long long chunk,
    const T* s, nzgeo_t g, int nd, const long long* counts,
    long long* out, long long rows, long long os0, long long os1) {
  __shared__ long long scan[%(B)d];
  long long base = 0;
  for (int b = threadIdx.x; b < blockIdx.x; b += blockDim.x)
    base += counts[b];
  scan[threadIdx.x] = base;
  __syncthreads();
  for (int w = blockDim.x / 2; w > 0; w /= 2) {
    if (threadIdx.x < w) scan[threadIdx.x] += scan[threadIdx.x + w];
    __syncthreads();
  }
  base = scan[0];
  __syncthreads();
  long long lo = (long long)blockIdx.x * chunk;
  long long hi = lo + chunk < n ? lo + chunk : n;
  __shared__ int wsum[%(B)d / 32];
  int lane = threadIdx.x & 31, wid = threadIdx.x >> 5;
  for (long long t = lo; t < hi; t += blockDim.x) {
    long long e = t + threadIdx.x;
    bool f = e < hi && nz(s, g, nd, e);
    /* the tile's prefix count: a ballot per warp, then the warps' sums */
    unsigned int m = __ballot_sync(0xffffffffu, f);
    if (lane == 0) wsum[wid] = __popc(m);
    __syncthreads();
    long long wbase = 0, total = 0;
    for (int i = 0; i < (int)(blockDim.x >> 5); i++) {
      if (i < wid) wbase += wsum[i];
      total += wsum[i];
    }
    if (f) {
      long long row = base + wbase + __popc(m & ((1u << lane) - 1u));
      if (row < rows) {
        long long r = e;
        for (int d = nd - 1; d >= 0; d--) {
          out[row * os0 + d * os1] = r %% g.shape[d];
          r /= g.shape[d];
        }
      }
    }
    base += total;
    __syncthreads();
  }
}
'''




def _move_source(str mode, str char, str ichar):
    if mode == 'add':
        m = STORAGE[char]
        stmt = 'atomic_add(&indexed[so], other[oo])'
        extra = _ATOMIC
    else:
        # a gather or a plain scatter moves bytes
        m = _MOVE_TYPE[numpy.dtype(char).itemsize]
        stmt = ('other[oo] = indexed[so]' if mode == 'take'
                else 'indexed[so] = other[oo]')
        extra = ''
    src = (PRELUDE + extra + _GEOMETRY + 'typedef {} M;\ntypedef {} I;\n'
           .format(m, STORAGE[ichar]) + _MOVE % {'name': mode, 'stmt': stmt})
    return src, 'cupy_' + mode


cdef object _run_index(str mode, View data, View other, tuple idx,
                       intptr_t stream):
    # data: the indexed operand; other: I + data.shape[k:]
    cdef ArgPack args = ArgPack()
    cdef int k = len(idx), ni, nt, j, d
    cdef View x
    cdef long long n = 1
    if k < 1:
        raise ValueError('at least one index array is needed')
    ni = len((<View>idx[0]).shape)
    nt = len(data.shape) - k
    if k > _MAX_IDX or ni > _MAX_IDX or ni + nt > _MAX_DIMS or nt < 0:
        raise OperationNotSupported(
            'indexing {} axes with {}-D indices of a {}-D array'.format(
                k, ni, len(data.shape)))
    if len(other.shape) != ni + nt:
        raise ValueError('index operand shapes do not match')
    ichar = (<View>idx[0]).dtype.char
    for x in idx:
        if x.dtype.char not in 'lqi' or x.dtype.char != ichar or \
                x.shape != (<View>idx[0]).shape:
            raise TypeError('index arrays must be int64 (or int32) of one '
                            'shape, not {} {}'.format(x.dtype, x.shape))
    for d in other.shape:
        n *= d
    if n == 0:
        return None
    char = data.dtype.char
    if char not in _ALL and char not in 'qQ':
        raise OperationNotSupported('{} of {}'.format(mode, data.dtype))
    src, name = _move_source(mode, char.replace('q', 'l').replace('Q', 'L'),
                             ichar.replace('q', 'l'))
    fn = _compiler.get_function(src, name)
    geo = numpy.zeros(_MAX_DIMS * 2 + _MAX_IDX * _MAX_IDX +
                      _MAX_IDX + _MAX_DIMS + _MAX_IDX * 2, numpy.int64)
    at = 0
    geo[at:at + ni + nt] = other.shape
    at += _MAX_DIMS
    geo[at:at + ni + nt] = other.strides
    at += _MAX_DIMS
    for j in range(k):
        x = idx[j]
        geo[at + j * _MAX_IDX:at + j * _MAX_IDX + ni] = x.strides
    at += _MAX_IDX * _MAX_IDX
    geo[at:at + k + nt] = data.strides
    at += _MAX_IDX + _MAX_DIMS
    geo[at:at + k] = data.shape[:k]
    at += _MAX_IDX
    for j in range(k):
        geo[at + j] = _views.ptr(<View>idx[j])
    at += _MAX_IDX
    tail = numpy.array([ni, nt, k, 0], numpy.int32)
    geo_bytes = geo[:at].tobytes() + tail.tobytes()
    if mode == 'put':
        return _put_last(src, n, other, data, geo_bytes, stream)
    args.add_i64(n)
    args.add_ptr(_views.ptr(other))
    args.add_ptr(_views.ptr(data))
    args.add_bytes(geo_bytes)
    _compiler.launch(fn.ptr, _views.blocks(n, _THREADS), _THREADS, 0,
                     stream, args)
    return None


cdef object _put_last(str src, long long n, View other, View data,
                      bytes geo, intptr_t stream):
    cdef ArgPack args = ArgPack()
    pool = get_default_memory_pool()
    keys = pool.malloc(n * 8)
    pos = pool.malloc(n * 8)
    fn = _compiler.get_function(src, 'cupy_put_keys')
    args.add_i64(n)
    args.add_bytes(geo)
    args.add_ptr(keys.ptr)
    _compiler.launch((<Function>fn).ptr, _views.blocks(n, _THREADS),
                     _THREADS, 0, stream, args)
    kp, ip, held = _sorting.sort_rows(keys.ptr, pos.ptr, 'l', 1, n, stream)
    args = ArgPack()
    fn = _compiler.get_function(src, 'cupy_put_last')
    args.add_i64(n)
    args.add_ptr(_views.ptr(other))
    args.add_ptr(_views.ptr(data))
    args.add_bytes(geo)
    args.add_ptr(kp)
    args.add_ptr(ip)
    _compiler.launch((<Function>fn).ptr, _views.blocks(n, _THREADS),
                     _THREADS, 0, stream, args)
    return None


def _take_entry(tuple outs, tuple ins, dict attrs, intptr_t stream):
    return _run_index('take', ins[0], outs[0], ins[1:], stream)


def _put_entry(tuple outs, tuple ins, dict attrs, intptr_t stream):
    return _run_index('put', outs[0], ins[0], ins[1:], stream)


def _put_add_entry(tuple outs, tuple ins, dict attrs, intptr_t stream):
    return _run_index('add', outs[0], ins[0], ins[1:], stream)


def _nonzero_entry(tuple outs, tuple ins, dict attrs, intptr_t stream):
    cdef View out = outs[0], src = ins[0]
    cdef ArgPack args
    cdef long long n = 1, chunk, rows
    cdef int nd = len(src.shape), nb
    cdef int64_t counts[_NZ_BLOCKS]
    cdef int64_t total = 0
    char = src.dtype.char.replace('q', 'l').replace('Q', 'L')
    if char not in _ALL:
        raise OperationNotSupported('nonzero of {}'.format(src.dtype))
    if nd > _MAX_DIMS:
        raise OperationNotSupported('nonzero of {} dims'.format(nd))
    if len(out.shape) != 2 or out.shape[1] != nd or out.dtype.char not in 'lq':
        raise ValueError('nonzero writes an int64 view of shape (n, {}), '
                         'not {} {}'.format(nd, out.dtype, out.shape))
    for d in src.shape:
        n *= d
    if n == 0:
        return 0
    shape, strides = (src.shape, src.strides) if nd else ((1,), (0,))
    g = numpy.zeros((2, _MAX_DIMS), numpy.int64)
    g[0, :len(shape)] = shape
    g[1, :len(shape)] = strides
    nb = <int>min(_NZ_BLOCKS, max(1, (n + _THREADS - 1) // _THREADS))
    chunk = (n + nb - 1) // nb
    code = PRELUDE + _NONZERO % {'T': STORAGE[char], 'D': _MAX_DIMS,
                                 'B': _THREADS}
    mem = get_default_memory_pool().malloc(nb * 8)
    args = ArgPack()
    args.add_i64(n)
    args.add_i64(chunk)
    args.add_ptr(_views.ptr(src))
    args.add_bytes(g.tobytes())
    args.add_i32(len(shape))
    args.add_ptr(mem.ptr)
    fn = _compiler.get_function(code, 'cupy_nz_count')
    _compiler.launch(fn.ptr, nb, _THREADS, 0, stream, args)
    rows = out.shape[0]
    if nd:
        args = ArgPack()
        args.add_i64(n)
        args.add_i64(chunk)
        args.add_ptr(_views.ptr(src))
        args.add_bytes(g.tobytes())
        args.add_i32(nd)
        args.add_ptr(mem.ptr)
        args.add_ptr(_views.ptr(out))
        args.add_i64(rows)
        args.add_i64(out.strides[0])
        args.add_i64(out.strides[1])
        fn = _compiler.get_function(code, 'cupy_nz_write')
        _compiler.launch(fn.ptr, nb, _THREADS, 0, stream, args)
    # the count, to the host, after the stream's work
    api.xpuStreamSynchronize(stream)
    api.xpuMemcpy(<intptr_t>&counts[0], mem.ptr, nb * 8,
                  api.xpuMemcpyDeviceToHost)
    for j in range(nb):
        total += counts[j]
    if nd and total > rows:
        raise ValueError('nonzero: {} elements are nonzero but the output '
                         'has {} rows'.format(total, rows))
    return total


def _paths(chars):
    return dict.fromkeys([numpy.dtype(c) for c in chars], 'native')


OPERATIONS = {'take_nd': _take_entry, 'put_nd': _put_entry,
              'put_add_nd': _put_add_entry, 'nonzero': _nonzero_entry}
ROUTES = {'take_nd': _paths(_ALL), 'put_nd': _paths(_ALL),
          'put_add_nd': _paths(_ALL), 'nonzero': _paths(_ALL)}
