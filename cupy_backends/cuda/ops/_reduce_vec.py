"""The 'vec' plan of the CUDA provider's reductions (ops/_source.py
reduction(), mode 'vec'): the reduced elements of each result are
contiguous (the innermost axis, or the whole array).

Each block reduces a chunk of one result's elements: the few elements
before the first 16-byte boundary one per thread, then 16-byte vector
loads, eight vectors in flight per thread (128 bytes: with 8 blocks of
256 threads per multiprocessor, 256 KiB in flight; Little's law with
~0.6-1 us of latency at ~3.3-4.8 TB/s over 132 SMs asks for 15-36 KiB
per SM at the least; four vectors measured 0.91-0.94 of the peers), then
the tail; the block's 256 partial results meet through warp shuffles
(CUDA C Programming Guide, "Warp Shuffle Functions") and one shared
word per warp, instead of a shared-memory tree with a barrier per level.
The combine order does not matter (argmax/argmin compare positions).
"""

# The kernel body: a str.format template (braces doubled) filled with the
# kernel name `k` and the index type `i`; the typedefs and the ident,
# comb, load, fin and kept functions come from reduction().
BODY = (
    '/* any trivially copyable accumulator through 32-bit shuffles */\n'
    'template<class A> __device__ __forceinline__ A shfl_down_(A v, int d)'
    ' {{\n'
    '  const int W = (int)((sizeof(A) + 3) / 4);\n'
    '  int buf[W];\n'
    '  char* pb = (char*)buf; const char* pv = (const char*)&v;\n'
    '  #pragma unroll\n'
    '  for (int i = 0; i < (int)sizeof(A); i++) pb[i] = pv[i];\n'
    '  #pragma unroll\n'
    '  for (int i = 0; i < W; i++) buf[i] = __shfl_down_sync(0xffffffffu,'
    ' buf[i], d);\n'
    '  A out; char* po = (char*)&out;\n'
    '  #pragma unroll\n'
    '  for (int i = 0; i < (int)sizeof(A); i++) po[i] = pb[i];\n'
    '  return out;\n'
    '}}\n'
    'template<class A> __device__ __forceinline__ A warp_comb(A acc) {{\n'
    '  #pragma unroll\n'
    '  for (int d = 16; d > 0; d >>= 1) acc = comb(acc, shfl_down_(acc, d));'
    '\n'
    '  return acc;\n'
    '}}\n'
    '/* a partial another block wrote: read past this SM\'s L1 */\n'
    'template<class A> __device__ __forceinline__ A ld_cg(const A* p) {{\n'
    '  A out;\n'
    '  if (sizeof(A) % 4 == 0) {{\n'
    '    #pragma unroll\n'
    '    for (int k = 0; k < (int)(sizeof(A) / 4); k++)\n'
    '      ((int*)&out)[k] = __ldcg((const int*)p + k);\n'
    '  }} else {{\n'
    '    #pragma unroll\n'
    '    for (int k = 0; k < (int)sizeof(A); k++)\n'
    '      ((unsigned char*)&out)[k] = __ldcg((const unsigned char*)p + k);\n'
    '  }}\n'
    '  return out;\n'
    '}}\n'
    '#define VW ((int)(16 / sizeof(TIN)) > 0 ? (int)(16 / sizeof(TIN)) : 1)\n'
    'struct __align__(16) vec_t {{ TIN x[VW]; }};\n'
    'extern "C" __global__ void {k}({i} n_out, {i} n_red, '
    'const TIN* in, TOUT* out, ACC* part, {i} nsplit, unsigned* cnt, '
    'geo_t g) {{\n'
    '  __shared__ ACC sh[32];\n'
    '  __shared__ bool last;\n'
    '  {i} o = ({i})blockIdx.x / nsplit, s = ({i})blockIdx.x % nsplit;\n'
    '  {i} ib, ob; kept(o, g, ib, ob);\n'
    '  const TIN* p = in + ib;\n'
    '  ACC a0 = ident(), a1 = ident(), a2 = ident(), a3 = ident();\n'
    '  {i} t = threadIdx.x, bd = blockDim.x;\n'
    '  int lane = threadIdx.x & 31, w = threadIdx.x >> 5;\n'
    '  int nw = (int)(blockDim.x >> 5);\n'
    '  {i} mis = ({i})(((unsigned long long)p & 15) / sizeof(TIN));\n'
    '  {i} head = mis ? VW - mis : 0;\n'
    '  if (head > n_red) head = n_red;\n'
    '  if (s == 0 && t < head) a0 = comb(a0, load(p[t], t));\n'
    '  {i} nv = (n_red - head) / VW;\n'
    '  const vec_t* q = (const vec_t*)(p + head);\n'
    # the split blocks interleave (block s reads vectors s * bd + t +
    # k * nsplit * bd): all blocks stream through one moving window
    '  {i} stride = nsplit * bd, v = s * bd + t;\n'
    '  for (; v + 7 * stride < nv; v += 8 * stride) {{\n'
    '    vec_t x[8];\n'
    '    #pragma unroll\n'
    '    for (int m = 0; m < 8; m++) x[m] = q[v + m * stride];\n'
    '    #pragma unroll\n'
    '    for (int m = 0; m < 8; m += 4) {{\n'
    '      #pragma unroll\n'
    '      for (int e = 0; e < VW; e++) {{\n'
    '        a0 = comb(a0, load(x[m].x[e], head + (v + m * stride) * VW + e));\n'
    '        a1 = comb(a1, load(x[m + 1].x[e], head + (v + (m + 1) * stride) * VW + e));\n'
    '        a2 = comb(a2, load(x[m + 2].x[e], head + (v + (m + 2) * stride) * VW + e));\n'
    '        a3 = comb(a3, load(x[m + 3].x[e], head + (v + (m + 3) * stride) * VW + e));\n'
    '      }}\n'
    '    }}\n'
    '  }}\n'
    # the last, partial round: its loads in flight together too (one
    # after the other they cost a latency each: up to 7 per thread)
    '  if (v < nv) {{\n'
    '    vec_t x[8];\n'
    '    #pragma unroll\n'
    '    for (int m = 0; m < 8; m++)\n'
    '      if (v + m * stride < nv) x[m] = q[v + m * stride];\n'
    '    #pragma unroll\n'
    '    for (int m = 0; m < 8; m++) {{\n'
    '      if (v + m * stride < nv) {{\n'
    '        #pragma unroll\n'
    '        for (int e = 0; e < VW; e++)\n'
    '          a1 = comb(a1, load(x[m].x[e],\n'
    '                             head + (v + m * stride) * VW + e));\n'
    '      }}\n'
    '    }}\n'
    '  }}\n'
    '  {i} tail = head + nv * VW;\n'
    '  if (s == nsplit - 1 && tail + t < n_red)\n'
    '    a2 = comb(a2, load(p[tail + t], tail + t));\n'
    '  ACC acc = warp_comb(comb(comb(a0, a1), comb(a2, a3)));\n'
    '  if (lane == 0) sh[w] = acc;\n'
    '  __syncthreads();\n'
    '  if (w == 0) acc = warp_comb(lane < nw ? sh[lane] : ident());\n'
    '  if (nsplit == 1) {{\n'
    '    if (threadIdx.x == 0) out[ob] = fin(acc, n_red);\n'
    '    return;\n'
    '  }}\n'
    # the last block of a result to finish folds the partials (CUDA C
    # Programming Guide, "Memory Fence Functions": the partial is made
    # visible before the count says it is there); it leaves the counter
    # at zero for the next call
    '  if (threadIdx.x == 0) {{\n'
    '    part[o * nsplit + s] = acc;\n'
    '    __threadfence();\n'
    '    last = atomicAdd(&cnt[o], 1u) == (unsigned)(nsplit - 1);\n'
    '  }}\n'
    '  __syncthreads();\n'
    '  if (!last) return;\n'
    '  __threadfence();\n'
    '  acc = ident();\n'
    '  for ({i} r = t; r < nsplit; r += bd)\n'
    '    acc = comb(acc, ld_cg(part + o * nsplit + r));\n'
    '  acc = warp_comb(acc);\n'
    '  if (lane == 0) sh[w] = acc;\n'
    '  __syncthreads();\n'
    '  if (w == 0) {{\n'
    '    acc = warp_comb(lane < nw ? sh[lane] : ident());\n'
    '    if (lane == 0) {{\n'
    '      out[ob] = fin(acc, n_red);\n'
    '      cnt[o] = 0;\n'
    '    }}\n'
    '  }}\n'
    '}}\n')
