# Sorting of the CUDA provider (operations.md, "Sorting and searching"):
# sort (values and their positions) and kthvalue, on generated kernels.
#
# The rows along `axis` are copied into a contiguous (rows, L) buffer of
# keys with an int64 buffer of positions, then sorted by a bottom-up merge
# sort: pass w merges neighbouring runs of w sorted elements, every
# element finding its place on its own (its rank in its run plus, by
# binary search, the number of elements of the other run that go before
# it: strictly smaller ones for the left run, smaller or equal ones for
# the right run, so equal keys keep their order: the sort is stable).
# ceil(log2 L) passes of O(log w) work per element, the first ten in
# shared memory (one block per tile of 1024 keys); rows are independent,
# so a batch of short rows and one long row both fill the device.
#
# Order (NumPy's): NaN after every number, -0.0 tied with 0.0 (plain <
# otherwise); complex lexicographic with NaNs last as NumPy's complex
# sort orders them.  `descending` reads the ascending result backwards
# (ties reversed, as the contract says).  kthvalue sorts and picks the
# k-th of each row (correct for any k; a selection would be faster).
#
# Rows longer than _RADIX_MIN of a real dtype take the LSD radix sort of
# ops/_radix_source.py instead (8-bit digits, one pass per key byte, each
# pass three kernels: tile counts, their scan, a stable scatter), which
# reads and writes every key once per pass where the merge sort does
# log2(L) passes of binary searches.  A sort that asks for values only
# (attrs 'indices' False) carries no positions.

import numpy

from libc.stdint cimport intptr_t

from cupy_backends.backend.provider cimport View
from cupy_backends.cuda.ops cimport _compiler
from cupy_backends.cuda.ops cimport _views
from cupy_backends.cuda.ops cimport _elementwise
from cupy_backends.cuda.ops._compiler cimport ArgPack, Function

from cupy_backends.backend.provider import OperationNotSupported
from cupy_backends.cuda.ops._prelude import COMPUTE, PRELUDE, STORAGE
from cupy_backends.cuda.ops import _radix_source
from cupy.xpu.memory_pool import get_default_memory_pool

cdef enum:
    _THREADS = 256
    # keys sorted per block in shared memory: 2 x 1024 x (16 + 8) bytes
    # for complex128 is the 48 KiB of static shared memory a block may
    # have (CUDA C Programming Guide, "Shared Memory")
    _TILE = 1024
    # rows at least this long take the radix sort: shorter ones are one
    # or two merge passes after the shared-memory tile sort, fewer
    # launches than the radix sort's passes (not tuned on a device yet)
    _RADIX_MIN = 4097
    # the radix sort's scans: a thread per (row, digit) below this many
    # tiles per row, else a block
    _SCAN_SMALL = 32

_ALL = '?bBhHiIlLefdFD'

_SORT = r'''
typedef %(T)s T;
typedef %(C)s C;
template<class X> __device__ __forceinline__ bool less_(X a, X b) {
  return a < b; }
/* NaN last; 0.0 and -0.0 tie */
__device__ __forceinline__ bool less_(float a, float b) {
  return a < b || (b != b && a == a); }
__device__ __forceinline__ bool less_(double a, double b) {
  return a < b || (b != b && a == a); }
/* complex: by real part, then imaginary part; a NaN in either part goes
   after the numbers (NumPy's complex sort order) */
template<class R> __device__ __forceinline__ bool less_(cpx<R> a, cpx<R> b) {
  if (a.re < b.re) return a.im == a.im || b.im != b.im;
  if (a.re > b.re) return b.im != b.im && a.im == a.im;
  if (a.re == b.re || (a.re != a.re && b.re != b.re))
    return a.im < b.im || (b.im != b.im && a.im == a.im);
  return b.re != b.re;
}
__device__ __forceinline__ bool lt(T a, T b) {
  return less_(conv<C>(a), conv<C>(b)); }

/* the first passes in shared memory: block b sorts tile b %% tiles of
   row b / tiles (TILE keys at most) in place, with the same merge rule,
   and writes the positions */
extern "C" __global__ void cupy_sort_tile(long long len, long long tiles,
                                          T* keys, long long* idx) {
  __shared__ T sk[2][TILE];
  __shared__ long long si[2][TILE];
  long long row = blockIdx.x / tiles, t = blockIdx.x %% tiles;
  long long first = t * TILE;
  int cnt = (int)(len - first < TILE ? len - first : TILE);
  T* k = keys + row * len + first;
  long long* ix = idx + row * len + first;
  for (int i = threadIdx.x; i < cnt; i += blockDim.x) {
    sk[0][i] = k[i];
    si[0][i] = first + i;
  }
  __syncthreads();
  int a = 0;
  for (int w = 1; w < cnt; w *= 2) {
    for (int j = threadIdx.x; j < cnt; j += blockDim.x) {
      int s = j - j %% (2 * w);
      int mid = s + w < cnt ? s + w : cnt;
      int end = s + 2 * w < cnt ? s + 2 * w : cnt;
      T x = sk[a][j];
      int lo, hi, pos;
      if (j < mid) {
        lo = mid; hi = end;
        while (lo < hi) {
          int m = (lo + hi) / 2;
          if (lt(sk[a][m], x)) lo = m + 1; else hi = m;
        }
        pos = j + (lo - mid);
      } else {
        lo = s; hi = mid;
        while (lo < hi) {
          int m = (lo + hi) / 2;
          if (!lt(x, sk[a][m])) lo = m + 1; else hi = m;
        }
        pos = (j - mid) + lo;
      }
      sk[1 - a][pos] = x;
      si[1 - a][pos] = si[a][j];
    }
    a = 1 - a;
    __syncthreads();
  }
  for (int i = threadIdx.x; i < cnt; i += blockDim.x) {
    k[i] = sk[a][i];
    ix[i] = si[a][i];
  }
}

extern "C" __global__ void cupy_sort_merge(long long total, long long len,
    long long w, const T* kin, const long long* iin, T* kout,
    long long* iout) {
  for (long long e = (long long)blockIdx.x * blockDim.x + threadIdx.x;
       e < total; e += (long long)gridDim.x * blockDim.x) {
    long long row = e - e %% len, j = e %% len;
    long long s = j - j %% (2 * w);
    long long mid = s + w < len ? s + w : len;
    long long end = s + 2 * w < len ? s + 2 * w : len;
    T x = kin[e];
    long long lo, hi, pos;
    if (j < mid) {
      /* left run: the right run's elements strictly smaller */
      lo = mid; hi = end;
      while (lo < hi) {
        long long m = (lo + hi) / 2;
        if (lt(kin[row + m], x)) lo = m + 1; else hi = m;
      }
      pos = s + (j - s) + (lo - mid);
    } else {
      /* right run: the left run's elements smaller or equal */
      lo = s; hi = mid;
      while (lo < hi) {
        long long m = (lo + hi) / 2;
        if (!lt(x, kin[row + m])) lo = m + 1; else hi = m;
      }
      pos = s + (j - mid) + (lo - s);
    }
    kout[row + pos] = x;
    iout[row + pos] = iin[e];
  }
}
'''




def _source(str char):
    return PRELUDE + '#define TILE {}\n'.format(_TILE) + _SORT % {
        'T': STORAGE[char], 'C': COMPUTE[char]}



def _view(intptr_t base, nbytes, dtype, shape, strides, offset, device):
    return View(base, nbytes, dtype, tuple(shape), tuple(strides), offset,
                device)


cdef dict _radix_sources = {}


cdef Function _radix_fn(str char, str name):
    # the source is kept per dtype; get_function keeps the kernels per
    # source, name and device
    src = _radix_sources.get(char)
    if src is None:
        dt = numpy.dtype(char)
        src = PRELUDE + _radix_source.source(dt.kind, dt.itemsize)
        _radix_sources[char] = src
    return _compiler.get_function(src, name)


cdef tuple _radix_rows(intptr_t keys_in, intptr_t keys_out, intptr_t idx_out,
                       str char, long long rows, long long length,
                       intptr_t stream, bint want_idx):
    """The radix sort of rows of a real dtype (length below 2^31): reads
    the keys at `keys_in` (left as they are), writes the sorted keys to
    `keys_out` and, when `want_idx`, their int64 positions to `idx_out`
    (keys_out may be keys_in when the dtype has an even number of bytes).
    Returns the scratch chunks, to hold until the work is queued."""
    cdef ArgPack args
    cdef long long total = rows * length, tiles, nseq
    cdef int npass = numpy.dtype(char).itemsize, p
    cdef Function count, scan, scatter
    cdef bint small
    tiles = (length + _radix_source.TILE - 1) // _radix_source.TILE
    nseq = rows * 256
    small = tiles < _SCAN_SMALL
    pool = get_default_memory_pool()
    cnt = pool.malloc(nseq * tiles * 4)
    tot = pool.malloc(nseq * 4)
    held = [cnt, tot]
    kt = vt1 = vt2 = 0
    if npass > 1:
        m = pool.malloc(total * npass)
        held.append(m)
        kt = m.ptr
        if want_idx:
            m = pool.malloc(total * 4)
            held.append(m)
            vt1 = m.ptr
            if npass > 2:
                m = pool.malloc(total * 4)
                held.append(m)
                vt2 = m.ptr
    count = _radix_fn(char, 'radix_count')
    scan = _radix_fn(char, 'radix_scan_small' if small else 'radix_scan')
    src_k, src_v = keys_in, 0
    for p in range(npass):
        # counted back from the last pass (which writes the outputs), the
        # destinations alternate, so no pass writes what it reads
        back = npass - 1 - p
        dst_k = keys_out if back % 2 == 0 else kt
        dst_v = idx_out if back == 0 else (vt1 if back % 2 else vt2)
        args = ArgPack()
        args.add_i64(length)
        args.add_i32(<int>tiles)
        args.add_ptr(src_k)
        args.add_ptr(cnt.ptr)
        args.add_i32(8 * p)
        _compiler.launch(count.ptr, rows * tiles, _radix_source.THREADS, 0,
                         stream, args)
        args = ArgPack()
        if small:
            args.add_i64(nseq)
        args.add_i32(<int>tiles)
        args.add_ptr(cnt.ptr)
        args.add_ptr(tot.ptr)
        if small:
            _compiler.launch(scan.ptr, (nseq + _THREADS - 1) // _THREADS,
                             _THREADS, 0, stream, args)
        else:
            _compiler.launch(scan.ptr, nseq, _THREADS, 0, stream, args)
        if not want_idx:
            name = 'radix_scatter_keys'
        elif npass == 1:
            name = 'radix_scatter_only'
        elif p == 0:
            name = 'radix_scatter_first'
        elif back == 0:
            name = 'radix_scatter_last'
        else:
            name = 'radix_scatter_mid'
        scatter = _radix_fn(char, name)
        args = ArgPack()
        args.add_i64(length)
        args.add_i32(<int>tiles)
        args.add_ptr(src_k)
        args.add_ptr(dst_k)
        args.add_ptr(src_v)
        args.add_ptr(dst_v if want_idx else 0)
        args.add_ptr(cnt.ptr)
        args.add_ptr(tot.ptr)
        args.add_i32(8 * p)
        _compiler.launch(scatter.ptr, rows * tiles, _radix_source.THREADS, 0,
                         stream, args)
        src_k, src_v = dst_k, dst_v
    return tuple(held)


cdef bint _radix_ok(str char, long long rows, long long length):
    return (char not in 'FD' and _RADIX_MIN <= length < 2 ** 31 and
            rows * ((length + _radix_source.TILE - 1) //
                    _radix_source.TILE) < 2 ** 31)


def sort_rows(intptr_t keys, intptr_t idx, str char, long long rows,
              long long length, intptr_t stream, bint want_idx=True):
    """Sort each of `rows` contiguous rows of `length` keys (dtype char
    `char`) at `keys`, stably, with their positions (int64, written here
    unless `want_idx` is false) at `idx`.  Returns the memory chunks
    holding the sorted keys and positions (which may be other buffers):
    (keys ptr, idx ptr, held)."""
    cdef ArgPack args
    cdef long long total = rows * length, w = 1
    cdef Function merge
    itemsize = numpy.dtype(char).itemsize
    if total == 0:
        return keys, idx, ()
    if _radix_ok(char, rows, length):
        if itemsize % 2 == 0:
            held = _radix_rows(keys, keys, idx, char, rows, length, stream,
                               want_idx)
            return keys, idx, held
        out = get_default_memory_pool().malloc(total * itemsize)
        held = _radix_rows(keys, out.ptr, idx, char, rows, length, stream,
                           want_idx)
        return out.ptr, idx, held + (out,)
    code = _source(char)
    tiles = (length + _TILE - 1) // _TILE
    if rows * tiles > 2 ** 31 - 1:
        raise OperationNotSupported('sort of {} rows'.format(rows))
    args = ArgPack()
    args.add_i64(length)
    args.add_i64(tiles)
    args.add_ptr(keys)
    args.add_ptr(idx)
    fn = _compiler.get_function(code, 'cupy_sort_tile')
    _compiler.launch((<Function>fn).ptr, rows * tiles, _THREADS, 0, stream,
                     args)
    w = _TILE
    if length <= _TILE:
        return keys, idx, ()
    pool = get_default_memory_pool()
    kb = pool.malloc(total * itemsize)
    ib = pool.malloc(total * 8)
    merge = _compiler.get_function(code, 'cupy_sort_merge')
    src_k, src_i, dst_k, dst_i = keys, idx, kb.ptr, ib.ptr
    while w < length:
        args = ArgPack()
        args.add_i64(total)
        args.add_i64(length)
        args.add_i64(w)
        args.add_ptr(src_k)
        args.add_ptr(src_i)
        args.add_ptr(dst_k)
        args.add_ptr(dst_i)
        _compiler.launch(merge.ptr, _views.blocks(total, _THREADS),
                         _THREADS, 0, stream, args)
        src_k, src_i, dst_k, dst_i = dst_k, dst_i, src_k, src_i
        w *= 2
    return src_k, src_i, (kb, ib)


cdef tuple _sorted_rows(View src, int axis, intptr_t stream,
                         bint want_idx=True):
    """(keys View, positions View, held): src's lines along `axis`
    sorted, as contiguous buffers shaped (other dims..., L)."""
    cdef int nd = len(src.shape), i
    others = [i for i in range(nd) if i != axis]
    shape = tuple(src.shape[i] for i in others) + (src.shape[axis],)
    strides = tuple(src.strides[i] for i in others) + (src.strides[axis],)
    length = src.shape[axis]
    total = 1
    for d in shape:
        total *= d
    rows = total // length if length else 0
    char = _char(src)
    if char not in _ALL:
        raise OperationNotSupported('sort of {}'.format(src.dtype))
    itemsize = src.dtype.itemsize
    pool = get_default_memory_pool()
    kmem = pool.malloc(max(total * itemsize, 1))
    imem = pool.malloc(max(total * 8, 1))
    cs = _views.c_strides(shape)
    keys = _view(kmem.ptr, total * itemsize, src.dtype, shape, cs, 0,
                 src.device_id)
    _elementwise.run_copy((keys,), (_view(src.base, src.nbytes, src.dtype,
                                          shape, strides, src.offset,
                                          src.device_id),), {}, stream)
    kp, ip, held = sort_rows(kmem.ptr, imem.ptr, char, rows, length, stream,
                             want_idx)
    held = (kmem, imem) + tuple(held)
    kv = _view(kp, total * itemsize, src.dtype, shape, cs, 0, src.device_id)
    iv = _view(ip, total * 8, numpy.dtype(numpy.int64), shape, cs, 0,
               src.device_id)
    return kv, iv, others, held


cdef str _char(View v):
    return v.dtype.char.replace('q', 'l').replace('Q', 'L')


cdef View _permuted(View v, list others, int axis):
    shape = tuple(v.shape[i] for i in others) + (v.shape[axis],)
    strides = tuple(v.strides[i] for i in others) + (v.strides[axis],)
    return _view(v.base, v.nbytes, v.dtype, shape, strides, v.offset,
                 v.device_id)


cdef View _reversed(View v):
    # the last axis read backwards
    n = v.shape[-1]
    strides = v.strides[:-1] + (-v.strides[-1],)
    return _view(v.base, v.nbytes, v.dtype, v.shape, strides,
                 v.offset + (n - 1) * v.strides[-1], v.device_id)


def _sort_entry(tuple outs, tuple ins, dict attrs, intptr_t stream):
    cdef View src = ins[0], values = outs[0], indices = outs[1]
    cdef int axis = attrs['axis']
    if len(src.shape) == 0:
        raise ValueError('sort needs at least one dimension')
    # attrs 'indices' False: the caller reads the values only
    want_idx = attrs.get('indices', True)
    if (axis == len(src.shape) - 1 and not attrs.get('descending') and
            src.base != values.base and
            _views.c_contiguous(src) and _views.c_contiguous(values) and
            _views.c_contiguous(indices)):
        length = src.shape[axis]
        rows = 1
        for d in src.shape[:-1]:
            rows *= d
        char = _char(src)
        if rows and char in _ALL and _radix_ok(char, rows, length):
            # straight from the source into the outputs
            held = _radix_rows(_views.ptr(src), _views.ptr(values),
                               _views.ptr(indices), char, rows, length,
                               stream, want_idx)
            return None
    kv, iv, others, held = _sorted_rows(src, axis, stream, want_idx)
    if attrs.get('descending'):
        kv, iv = _reversed(kv), _reversed(iv)
    _elementwise.run_copy((_permuted(values, others, axis),), (kv,), {},
                          stream)
    if want_idx:
        _elementwise.run_copy((_permuted(indices, others, axis),), (iv,),
                              {}, stream)
    # `held` returns its buffers to the (stream-ordered) pool here
    return None


def _kthvalue_entry(tuple outs, tuple ins, dict attrs, intptr_t stream):
    cdef View src = ins[0], values = outs[0], indices = outs[1]
    cdef View kv, iv
    cdef int axis = attrs['axis']
    k = int(attrs['k'])
    length = src.shape[axis]
    if not 0 <= k < length:
        raise ValueError('k = {} is out of range for an axis of {}'.format(
            k, length))
    kv, iv, others, held = _sorted_rows(src, axis, stream)
    # the k-th column of the sorted rows, shaped as the outputs
    shape = kv.shape[:-1]
    cs = tuple(s * length for s in _views.c_strides(shape))
    for v, out in ((kv, values), (iv, indices)):
        col = _view(v.base, v.nbytes, v.dtype, shape, cs, k, v.device_id)
        _elementwise.run_copy((out,), (col,), {}, stream)
    return None


def _paths(chars):
    return dict.fromkeys([numpy.dtype(c) for c in chars], 'native')


OPERATIONS = {'sort': _sort_entry, 'kthvalue': _kthvalue_entry}
ROUTES = {'sort': _paths(_ALL), 'kthvalue': _paths(_ALL)}
