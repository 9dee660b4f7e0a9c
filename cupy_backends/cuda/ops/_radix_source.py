"""CUDA C of the provider's LSD radix sort (ops/_sorting.pyx runs it).

A key is kept as its raw bits (an unsigned integer of its width) from
pass to pass, so the sorted values are the source's own bits (NaN
payloads and zero signs kept); each pass takes its 8-bit digit from an
order-preserving map of the bits (NumPy's order):
- unsigned and bool: the bits;
- signed: the sign bit flipped;
- float: NaN (any sign, any payload) -> all ones (after every number, and
  NaNs tie: a stable sort keeps their order, as NumPy's), -0.0 -> +0.0
  (they tie), then negatives complemented and positives with the sign
  bit set (IEEE 754 bit order).

One pass, over rows of `len` keys split in tiles of TILE (each tile
belongs to one row, so a batch of rows is a batch of independent sorts):
1. radix_count: each tile's 256 digit counts, digit-major per row
   (counts[(row * 256 + d) * tiles + tile]);
2. radix_scan(_small): each (row, digit) sequence scanned over its tiles
   (exclusive, in place), its total to totals[row * 256 + d];
3. radix_scatter: each tile ranks its keys stably (warp by warp in
   element order: ballots group a warp's lanes of one digit, a per-warp
   shared counter gives the running rank), orders them by digit in
   shared memory, then writes keys and positions at start of digit in
   row + tiles before + place in the tile's run (coalesced).
Positions travel as 32-bit words (rows shorter than 2^31); the first
pass makes them (the element's position), the last writes them as
int64.  Warp votes: CUDA C Programming Guide, "Warp Vote Functions".
"""

# 256 threads x 16 keys: eight warps of 512 consecutive keys each.  The
# scatter's shared memory: the tile's keys (32 KiB for 8-byte keys), their
# digits (4 KiB), the per-warp counters (8 KiB) and the digit starts
# (2 KiB): within the 48 KiB of static shared memory a block may have
# (CUDA C Programming Guide, "Shared Memory").
THREADS = 256
ITEMS = 16
TILE = THREADS * ITEMS

_U = {1: 'unsigned char', 2: 'unsigned short', 4: 'unsigned int',
      8: 'unsigned long long'}
# exponent all ones, mantissa zero (IEEE 754 binary16/32/64 infinity)
_INF_BITS = {2: '0x7C00u', 4: '0x7F800000u', 8: '0x7FF0000000000000ull'}


def _map(kind, itemsize):
    if kind in 'bu':
        return 'return b;'
    if kind == 'i':
        return 'return (U)(b ^ SIGN);'
    return ('if ((U)(b & (U)~SIGN) > (U){inf}) return (U)~(U)0;\n'
            '  if (b == SIGN) b = 0;\n'
            '  return (b & SIGN) ? (U)~b : (U)(b | SIGN);'.format(
                inf=_INF_BITS[itemsize]))


_BODY = r'''
#define TILE %(tile)d
#define ITEMS %(items)d
#define WARPS (%(threads)d / 32)
#define FULL 0xffffffffu
typedef %(U)s U;
#define SIGN ((U)((U)1 << (8 * sizeof(U) - 1)))

__device__ __forceinline__ U order_key(U b) {
  %(map)s
}
__device__ __forceinline__ unsigned digit_of(U b, int shift) {
  return (unsigned)((order_key(b) >> shift) & 255u);
}

/* exclusive scan of one value per thread of a 256-thread block */
__device__ __forceinline__ unsigned block_exclusive(unsigned v,
                                                    unsigned* ws) {
  int lane = threadIdx.x & 31, w = threadIdx.x >> 5;
  unsigned x = v;
  for (int o = 1; o < 32; o <<= 1) {
    unsigned y = __shfl_up_sync(FULL, x, o);
    if (lane >= o) x += y;
  }
  if (lane == 31) ws[w] = x;
  __syncthreads();
  unsigned pre = 0;
  for (int q = 0; q < w; q++) pre += ws[q];
  __syncthreads();
  return pre + x - v;
}

/* the lanes of this warp whose digit equals this lane's (d in 0..256,
   256 for no key): nine ballots, one per bit (faster than
   __match_any_sync, which issues slowly) */
__device__ __forceinline__ unsigned same_digit(unsigned d) {
  unsigned peers = FULL;
  #pragma unroll
  for (int b = 0; b < 9; b++) {
    unsigned bit = (d >> b) & 1u;
    unsigned bal = __ballot_sync(FULL, bit);
    peers &= bit ? bal : ~bal;
  }
  return peers;
}

extern "C" __global__ void radix_count(long long len, int tiles,
                                       const U* keys, unsigned* counts,
                                       int shift) {
  /* one histogram per warp: fewer shared atomics on one address */
  __shared__ unsigned h[WARPS][256];
  int row = blockIdx.x / tiles, tile = blockIdx.x %% tiles;
  int w = threadIdx.x >> 5;
  for (int q = 0; q < WARPS; q++) h[q][threadIdx.x] = 0;
  __syncthreads();
  const U* k = keys + (long long)row * len;
  long long first = (long long)tile * TILE;
  /* all loads first: ITEMS of them in flight per thread */
  U key[ITEMS];
  #pragma unroll
  for (int i = 0; i < ITEMS; i++) {
    long long j = first + (long long)i * blockDim.x + threadIdx.x;
    if (j < len) key[i] = k[j];
  }
  #pragma unroll
  for (int i = 0; i < ITEMS; i++) {
    long long j = first + (long long)i * blockDim.x + threadIdx.x;
    if (j < len) atomicAdd(&h[w][digit_of(key[i], shift)], 1u);
  }
  __syncthreads();
  unsigned c = 0;
  for (int q = 0; q < WARPS; q++) c += h[q][threadIdx.x];
  counts[((long long)row * 256 + threadIdx.x) * tiles + tile] = c;
}

/* one block per (row, digit): its tiles' counts, exclusive */
extern "C" __global__ void radix_scan(int tiles, unsigned* counts,
                                      unsigned* totals) {
  __shared__ unsigned ws[WARPS];
  unsigned* c = counts + (long long)blockIdx.x * tiles;
  int lane = threadIdx.x & 31, w = threadIdx.x >> 5;
  unsigned carry = 0;
  for (int base = 0; base < tiles; base += blockDim.x) {
    int j = base + threadIdx.x;
    unsigned v = j < tiles ? c[j] : 0u, x = v;
    for (int o = 1; o < 32; o <<= 1) {
      unsigned y = __shfl_up_sync(FULL, x, o);
      if (lane >= o) x += y;
    }
    if (lane == 31) ws[w] = x;
    __syncthreads();
    unsigned pre = 0, tot = 0;
    for (int q = 0; q < WARPS; q++) {
      unsigned s = ws[q];
      if (q < w) pre += s;
      tot += s;
    }
    if (j < tiles) c[j] = carry + pre + x - v;
    carry += tot;
    __syncthreads();
  }
  if (threadIdx.x == 0) totals[blockIdx.x] = carry;
}

/* one thread per (row, digit) for rows of few tiles */
extern "C" __global__ void radix_scan_small(long long nseq, int tiles,
                                            unsigned* counts,
                                            unsigned* totals) {
  long long s = (long long)blockIdx.x * blockDim.x + threadIdx.x;
  if (s >= nseq) return;
  unsigned* c = counts + s * tiles;
  unsigned run = 0;
  for (int j = 0; j < tiles; j++) {
    unsigned v = c[j];
    c[j] = run;
    run += v;
  }
  totals[s] = run;
}

/* FIRST: positions made here; LAST: positions written as int64; IDX:
   positions carried at all (a sort of values only has none).  The keys
   (then the positions) are first put in their order within the tile in
   shared memory, so that consecutive threads write consecutive places
   of each digit's run (coalesced stores). */
template<bool FIRST, bool LAST, bool IDX>
__device__ __forceinline__ void scatter(long long len, int tiles,
    const U* kin, U* kout, const unsigned* vin, void* vout,
    const unsigned* counts, const unsigned* totals, int shift) {
  __shared__ __align__(16) unsigned char sbuf[TILE * (sizeof(U) > 4 ?
                                                       sizeof(U) : 4)];
  __shared__ unsigned char sdig[TILE];
  __shared__ unsigned wc[WARPS][256];
  __shared__ long long gstart[256];
  __shared__ unsigned ws[WARPS];
  U* skey = (U*)sbuf;
  unsigned* sval = (unsigned*)sbuf;
  int row = blockIdx.x / tiles, tile = blockIdx.x %% tiles;
  int lane = threadIdx.x & 31, w = threadIdx.x >> 5;
  for (int q = 0; q < WARPS; q++) wc[q][threadIdx.x] = 0;
  unsigned rstart = block_exclusive(
      totals[(long long)row * 256 + threadIdx.x], ws);
  long long rb = (long long)row * len;
  long long tfirst = (long long)tile * TILE;
  long long first = tfirst + (long long)w * (ITEMS * 32);
  int cnt = (int)(len - tfirst < TILE ? len - tfirst : TILE);
  unsigned lt = (1u << lane) - 1u;
  U key[ITEMS];
  unsigned val[ITEMS];
  unsigned short rk[ITEMS], dg[ITEMS];
  /* all loads first (keys, and the positions they carry): ITEMS of each
     in flight per thread, not one round trip per ranking round */
  #pragma unroll
  for (int i = 0; i < ITEMS; i++) {
    long long j = first + i * 32 + lane;
    if (j < len) {
      key[i] = kin[rb + j];
      if (IDX) val[i] = FIRST ? (unsigned)j : vin[rb + j];
    }
  }
  #pragma unroll
  for (int i = 0; i < ITEMS; i++) {
    long long j = first + i * 32 + lane;
    unsigned d = j < len ? digit_of(key[i], shift) : 256u;
    unsigned peers = same_digit(d);
    unsigned b = d < 256u ? wc[w][d] : 0u;
    rk[i] = (unsigned short)(b + __popc(peers & lt));
    dg[i] = (unsigned short)d;
    __syncwarp();
    if (d < 256u && lane == __ffs(peers) - 1)
      wc[w][d] = b + __popc(peers);
    __syncwarp();
  }
  __syncthreads();
  {
    /* digit d: the warps' offsets within the digit, the digit's start
       within the tile, and where the tile's run of d goes in the row */
    unsigned d = threadIdx.x, tc = 0;
    for (int q = 0; q < WARPS; q++) {
      unsigned c = wc[q][d];
      wc[q][d] = tc;
      tc += c;
    }
    unsigned ts = block_exclusive(tc, ws);
    for (int q = 0; q < WARPS; q++) wc[q][d] += ts;
    gstart[d] = (long long)rstart +
        counts[((long long)row * 256 + d) * tiles + tile] - (long long)ts;
  }
  __syncthreads();
  unsigned short loc[ITEMS];
  #pragma unroll
  for (int i = 0; i < ITEMS; i++) {
    if (dg[i] < 256) {
      loc[i] = (unsigned short)(wc[w][dg[i]] + rk[i]);
      skey[loc[i]] = key[i];
      sdig[loc[i]] = (unsigned char)dg[i];
    }
  }
  __syncthreads();
  #pragma unroll
  for (int i = 0; i < ITEMS; i++) {
    int l = i * blockDim.x + threadIdx.x;
    if (l < cnt) kout[rb + gstart[sdig[l]] + l] = skey[l];
  }
  if (IDX) {
    __syncthreads();
    #pragma unroll
    for (int i = 0; i < ITEMS; i++) {
      if (dg[i] < 256) sval[loc[i]] = val[i];
    }
    __syncthreads();
    #pragma unroll
    for (int i = 0; i < ITEMS; i++) {
      int l = i * blockDim.x + threadIdx.x;
      if (l < cnt) {
        long long pos = rb + gstart[sdig[l]] + l;
        if (LAST) ((long long*)vout)[pos] = (long long)sval[l];
        else ((unsigned*)vout)[pos] = sval[l];
      }
    }
  }
}

#define SCATTER(name, F, L, I) \
extern "C" __global__ void name(long long len, int tiles, const U* kin, \
    U* kout, const unsigned* vin, void* vout, const unsigned* counts, \
    const unsigned* totals, int shift) { \
  scatter<F, L, I>(len, tiles, kin, kout, vin, vout, counts, totals, \
                   shift); }
SCATTER(radix_scatter_keys, false, false, false)
SCATTER(radix_scatter_first, true, false, true)
SCATTER(radix_scatter_mid, false, false, true)
SCATTER(radix_scatter_last, false, true, true)
SCATTER(radix_scatter_only, true, true, true)
'''


def source(kind, itemsize):
    """The radix kernels for keys of NumPy kind `kind` ('b', 'i', 'u',
    'f') and `itemsize` bytes."""
    return _BODY % {'tile': TILE, 'items': ITEMS, 'threads': THREADS,
                    'U': _U[itemsize], 'map': _map(kind, itemsize)}
