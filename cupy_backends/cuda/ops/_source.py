"""CUDA C sources of the provider's generated kernels (elementwise loops,
arange, reductions, integer matrix products), from ops/_ufuncs.py's
expressions and ops/_prelude.py.  Each function returns (source, kernel
name); ops/_compiler.pyx compiles and caches them.

Layouts: 'c' all array operands contiguous with the same element order
(one flat index; `vec` elements per thread step through aligned vector
accesses of up to 16 bytes), 's' strided of `nd` dims (the index split
into coordinates; element strides, possibly negative or 0).  `idx32`
chooses 32-bit index arithmetic where every offset fits.
"""

from cupy_backends.cuda.ops import _ufuncs
from cupy_backends.cuda.ops._prelude import COMPUTE, PRELUDE, STORAGE

VECTOR = r'''
template<class T, int N> struct __align__(sizeof(T) * N) vec_t { T v[N]; };
'''

_IN = 'abc'


def _sig(loop):
    ins, outs = loop.split('->')
    return ins, outs


def elementwise(name, loop, layout, nd, vec, idx32, scalars, unroll=1):
    """The kernel of loop `loop` of `name`.  `scalars`: per input, True
    when it is passed by value (a weak scalar) instead of an array.
    `unroll`: vectors per thread and round of the vectorised path, all
    loaded before any is computed and stored (a thread's loads cannot
    pass its own earlier stores: the operands may alias)."""
    ins, outs = _sig(loop)
    expr = _ufuncs.expression(name, loop, scalars)
    if isinstance(expr, str):
        expr = (expr,)
    idx = 'int' if idx32 else 'long long'
    params = ['{} n'.format(idx)]
    for k, ch in enumerate(outs):
        params.append('{}* o{}'.format(STORAGE[ch], k))
    for k, ch in enumerate(ins):
        if scalars[k]:
            params.append('{} s{}'.format(STORAGE[ch], k))
        else:
            params.append('const {}* i{}'.format(STORAGE[ch], k))
    for attr in _ufuncs.ATTR_ARGS.get(name, ()):
        params.append('double _{}'.format(
            {'posinf': 'pinf', 'neginf': 'ninf'}.get(attr, attr)))
    if layout == 's':
        params.append('geo_t g')
    kname = 'cupy_{}'.format(name.strip('_'))
    lines = [PRELUDE, VECTOR]
    if layout == 's':
        nop = len(ins) + len(outs)
        lines.append('struct geo_t {{ long long shape[{0}]; '
                     'long long st[{1}][{0}]; }};'.format(nd, nop))
    lines.append('typedef {} A;'.format(COMPUTE[ins[0]]))
    lines.append('typedef {} R;'.format(COMPUTE[outs[0]]))
    lines.append('extern "C" __global__ void {}({}) {{'.format(
        kname, ', '.join(params)))
    lines.append('  {} tid = ({})blockIdx.x * blockDim.x + threadIdx.x;'
                 .format(idx, idx))
    lines.append('  {} step = ({})gridDim.x * blockDim.x;'.format(idx, idx))
    body = _body(name, ins, outs, expr)
    if layout == 'c' and vec > 1:
        lines.extend(_vector_rounds(ins, outs, scalars, body, idx, vec,
                                    unroll))
        lines.append('  for ({0} e = nv * {1} + tid; e < n; e += step) {{'
                     .format(idx, vec))
        lines.extend(_scalar_element(ins, outs, scalars, body, 'e', 'e'))
        lines.append('  }')
    elif layout == 'c':
        lines.append('  for ({} e = tid; e < n; e += step) {{'.format(idx))
        lines.extend(_scalar_element(ins, outs, scalars, body, 'e', 'e'))
        lines.append('  }')
    else:
        nop = len(ins) + len(outs)
        lines.append('  for ({} e = tid; e < n; e += step) {{'.format(idx))
        lines.append('    {} rem = e;'.format(idx))
        lines.append('    {} off[{}] = {{0}};'.format(idx, nop))
        lines.append('    #pragma unroll')
        lines.append('    for (int d = {} - 1; d >= 0; d--) {{'.format(nd))
        lines.append('      {0} c = rem % ({0})g.shape[d]; rem /= ({0})'
                     'g.shape[d];'.format(idx))
        lines.append('      #pragma unroll')
        lines.append('      for (int k = 0; k < {}; k++) off[k] += c * ({})'
                     'g.st[k][d];'.format(nop, idx))
        lines.append('    }')
        # operand order in geo: outputs, then array inputs (scalars too,
        # with zero strides, so k is the operand's position)
        pos = {}
        for k in range(len(outs)):
            pos['o{}'.format(k)] = 'off[{}]'.format(k)
        for k in range(len(ins)):
            pos['i{}'.format(k)] = 'off[{}]'.format(len(outs) + k)
        lines.extend(_scalar_element(ins, outs, scalars, body, None, None,
                                     pos))
        lines.append('  }')
    lines.append('}')
    return '\n'.join(lines), kname


def _vector_rounds(ins, outs, scalars, body, idx, vec, unroll):
    """The vectorised part of the contiguous kernel: in each round a
    thread loads `unroll` vectors (a block's threads side by side, then
    the next block width), computes and stores them."""
    lines = ['  {} nv = n / {};'.format(idx, vec),
             '  for ({0} b0 = ({0})blockIdx.x * blockDim.x * {1} + '
             'threadIdx.x; b0 < nv; b0 += step * {1}) {{'.format(idx, unroll)]
    for k, ch in enumerate(ins):
        if not scalars[k]:
            lines.append('    vec_t<{}, {}> x{}[{}];'.format(
                STORAGE[ch], vec, k, unroll))
    lines.append('    #pragma unroll')
    lines.append('    for (int u = 0; u < {}; u++) {{'.format(unroll))
    lines.append('      {0} v = b0 + ({0})u * blockDim.x;'.format(idx))
    lines.append('      if (v < nv) {')
    for k, ch in enumerate(ins):
        if not scalars[k]:
            lines.append('        x{2}[u] = ((const vec_t<{0}, {1}>*)i{2})'
                         '[v];'.format(STORAGE[ch], vec, k))
    lines.append('      }')
    lines.append('    }')
    lines.append('    #pragma unroll')
    lines.append('    for (int u = 0; u < {}; u++) {{'.format(unroll))
    lines.append('      {0} v = b0 + ({0})u * blockDim.x;'.format(idx))
    lines.append('      if (v >= nv) break;')
    for k, ch in enumerate(outs):
        lines.append('      vec_t<{}, {}> y{};'.format(STORAGE[ch], vec, k))
    lines.append('      #pragma unroll')
    lines.append('      for (int j = 0; j < {}; j++) {{'.format(vec))
    for k, ch in enumerate(ins):
        src = 's{}'.format(k) if scalars[k] else 'x{}[u].v[j]'.format(k)
        lines.append('        {} {} = conv<{}>({});'.format(
            COMPUTE[ch], _IN[k], COMPUTE[ch], src))
    lines.extend('        ' + b for b in body)
    for k, ch in enumerate(outs):
        lines.append('        y{0}.v[j] = conv<{1}>(r{0});'.format(
            k, STORAGE[ch]))
    lines.append('      }')
    for k, ch in enumerate(outs):
        lines.append('      ((vec_t<{0}, {1}>*)o{2})[v] = y{2};'.format(
            STORAGE[ch], vec, k))
    lines.append('    }')
    lines.append('  }')
    return lines


def _body(name, ins, outs, expr):
    body = []
    temp = _ufuncs.TEMPS.get(name)
    if temp:
        body.append(temp)
    for k, ch in enumerate(outs):
        body.append('{} r{} = {};'.format(COMPUTE[ch], k,
                                          'conv<{}>({})'.format(
                                              COMPUTE[ch], expr[k])))
    return body


def _scalar_element(ins, outs, scalars, body, iidx, oidx, pos=None):
    lines = []
    for k, ch in enumerate(ins):
        if scalars[k]:
            src = 's{}'.format(k)
        elif pos is None:
            src = 'i{}[{}]'.format(k, iidx)
        else:
            src = 'i{}[{}]'.format(k, pos['i{}'.format(k)])
        lines.append('    {} {} = conv<{}>({});'.format(
            COMPUTE[ch], _IN[k], COMPUTE[ch], src))
    lines.extend('    ' + b for b in body)
    for k, ch in enumerate(outs):
        where = oidx if pos is None else pos['o{}'.format(k)]
        lines.append('    o{0}[{1}] = conv<{2}>(r{0});'.format(
            k, where, STORAGE[ch]))
    return lines


def arange(char):
    """dst[i] = start + i * delta, computed in double (NumPy's fill of
    floats) or in int64 (integers)."""
    st = STORAGE[char]
    # __dadd_rn/__dmul_rn: the product and the sum rounded one at a time,
    # as NumPy's fill computes them (NVRTC would contract them into one
    # fma, a last-bit difference in linspace)
    if char in 'FD':
        # NumPy's complex fill: each part start + i * delta in double
        expr = 'conv<{}>(mk(__dadd_rn(start, __dmul_rn((double)e, delta)), ' \
               '__dadd_rn(istart, __dmul_rn((double)e, idelta))))'.format(st)
        args = 'double start, double delta, double istart, double idelta'
    elif char in 'efd':
        expr = 'conv<{}>(__dadd_rn(start, __dmul_rn((double)e, delta)))' \
            .format(st)
        args = 'double start, double delta'
    else:
        expr = 'conv<{}>((long long)(start + e * delta))'.format(st)
        args = 'long long start, long long delta'
    src = PRELUDE + (
        'extern "C" __global__ void cupy_arange(long long n, {0}* o, {1}) {{\n'
        '  for (long long e = (long long)blockIdx.x * blockDim.x + '
        'threadIdx.x; e < n; e += (long long)gridDim.x * blockDim.x)\n'
        '    o[e] = {2};\n'
        '}}\n').format(st, args, expr)
    return src, 'cupy_arange'


# ------------------------------------------------------------ reductions --
# op -> (accumulator kind, identity, load, combine, finish).  `x` is the
# loaded element in the loop's compute type `C`, `n` the number of
# reduced elements.  Kinds: 'v' a value of type C, 'p' a (value, index)
# pair (argmax/argmin).

REDUCTIONS = {
    'sum': ('v', 'conv<C>(0)', 'x', 'a + b', 'acc'),
    'prod': ('v', 'conv<C>(1)', 'x', 'a * b', 'acc'),
    'nansum': ('v', 'conv<C>(0)', '(isnan_(x) ? conv<C>(0) : x)', 'a + b',
               'acc'),
    'nanprod': ('v', 'conv<C>(1)', '(isnan_(x) ? conv<C>(1) : x)', 'a * b',
                'acc'),
    'max': ('v', 'lowest<C>()', 'x', 'fmaximum(a, b)', 'acc'),
    'min': ('v', 'highest<C>()', 'x', 'fminimum(a, b)', 'acc'),
    'nanmax': ('v', 'nanval<C>()', 'x', 'ffmax(a, b)', 'acc'),
    'nanmin': ('v', 'nanval<C>()', 'x', 'ffmin(a, b)', 'acc'),
    'all': ('v', 'true', 'conv<bool>(x)', 'a && b', 'acc'),
    'any': ('v', 'false', 'conv<bool>(x)', 'a || b', 'acc'),
    'count_nonzero': ('v', '0LL', '(long long)conv<bool>(x)', 'a + b', 'acc'),
    'mean': ('v', 'conv<C>(0)', 'x', 'a + b', 'divn(acc, nall)'),
    'argmax': ('p', '', '', 'argbetter(a, b, true)', 'acc.i'),
    'argmin': ('p', '', '', 'argbetter(a, b, false)', 'acc.i'),
}

REDUCE_HELPERS = r'''
/* the identities of max/min/nanmax/nanmin: complex ones are pairs
   (-inf - inf j is below every complex number in NumPy's order) */
template<class T> struct lim_ {
    __device__ static T lo() { return T(-INFINITY); }
    __device__ static T hi() { return T(INFINITY); }
    __device__ static T nan() { return T(NAN); } };
template<class T> struct lim_<cpx<T> > {
    __device__ static cpx<T> lo() { return mk(T(-INFINITY), T(-INFINITY)); }
    __device__ static cpx<T> hi() { return mk(T(INFINITY), T(INFINITY)); }
    __device__ static cpx<T> nan() { return mk(T(NAN), T(NAN)); } };
template<class T> __device__ __forceinline__ T lowest() {
    return lim_<T>::lo(); }
template<class T> __device__ __forceinline__ T highest() {
    return lim_<T>::hi(); }
#define LIMITS(T, LO, HI) \
  template<> __device__ __forceinline__ T lowest<T>() { return LO; } \
  template<> __device__ __forceinline__ T highest<T>() { return HI; }
LIMITS(bool, false, true)
LIMITS(signed char, -128, 127)
LIMITS(unsigned char, 0, 255)
LIMITS(short, -32768, 32767)
LIMITS(unsigned short, 0, 65535)
LIMITS(int, -2147483647 - 1, 2147483647)
LIMITS(unsigned int, 0u, 4294967295u)
LIMITS(long long, -9223372036854775807LL - 1, 9223372036854775807LL)
LIMITS(unsigned long long, 0ull, 18446744073709551615ull)
template<class T> __device__ __forceinline__ T nanval() {
    return lim_<T>::nan(); }
template<class T> __device__ __forceinline__ T divn(T a, long long n) {
    return a / T(n); }
template<class T> __device__ __forceinline__ cpx<T> divn(cpx<T> a,
                                                         long long n) {
    return mk(a.re / T(n), a.im / T(n)); }
template<class T> struct pair_t { T v; long long i; };
/* argmax/argmin: the first NaN, else the first extreme (NumPy) */
template<class T> __device__ __forceinline__ pair_t<T> argbetter(
        pair_t<T> a, pair_t<T> b, bool greater) {
    if (a.i < 0) return b;
    if (b.i < 0) return a;
    bool an = isnan_(a.v), bn = isnan_(b.v);
    if (an || bn) {
        if (an && bn) return a.i < b.i ? a : b;
        return an ? a : b;
    }
    if (greater ? (a.v > b.v) : (a.v < b.v)) return a;
    if (greater ? (b.v > a.v) : (b.v < a.v)) return b;
    return a.i < b.i ? a : b;
}
'''


# the block's shared-memory tree: sh[0] ends with the block's result
_TREE = (
    '  sh[threadIdx.x] = acc;\n'
    '  __syncthreads();\n'
    '  for (int w = blockDim.x / 2; w > 0; w >>= 1) {{\n'
    '    if (threadIdx.x < w) sh[threadIdx.x] = comb(sh[threadIdx.x], '
    'sh[threadIdx.x + w]);\n'
    '    __syncthreads();\n'
    '  }}\n')      # a format template: braces doubled


def reduction(name, in_char, loop_char, out_char, ndk, ndr, mode, idx32):
    """A reduction kernel.  mode 'block': one block per (output, split)
    with a shared-memory tree, partial results to `part` when split;
    'thread': one thread per output, a sequential loop; 'final': combine
    the partials `part` (contiguous, `n_red` per output) into out.
    Geometry: kept dims (shape, input stride, output stride) and reduced
    dims (shape, input stride), in elements."""
    kind, ident, load, combine, finish = REDUCTIONS[name]
    C = COMPUTE[loop_char]
    idx = 'int' if idx32 else 'long long'
    acc_t = 'pair_t<C>' if kind == 'p' else (
        'long long' if name == 'count_nonzero' else (
            'bool' if name in ('all', 'any') else 'C'))
    src = [PRELUDE, REDUCE_HELPERS]
    if loop_char in 'bBhHiIlLqQ?' and name in ('nanmax', 'nanmin'):
        # integers have no NaN: the plain extremes
        ident = 'lowest<C>()' if name == 'nanmax' else 'highest<C>()'
    src.append('typedef {} C;'.format(C))
    src.append('typedef {} ACC;'.format(acc_t))
    src.append('typedef {} TIN;'.format(STORAGE[in_char]))
    src.append('typedef {} TOUT;'.format(STORAGE[out_char]))
    src.append('struct geo_t {{ long long ks[{0}]; long long kin[{0}]; '
               'long long kout[{0}]; long long rs[{1}]; long long rin[{1}]; '
               '}};'.format(max(ndk, 1), max(ndr, 1)))
    src.append('__device__ __forceinline__ ACC ident() {')
    if kind == 'p':
        src.append('  ACC r; r.v = conv<C>(0); r.i = -1; return r; }')
    else:
        src.append('  return {}; }}'.format(ident))
    src.append('__device__ __forceinline__ ACC comb(ACC a, ACC b) {{ '
               'return {}; }}'.format(combine))
    src.append('__device__ __forceinline__ ACC load(TIN v, long long r) {')
    src.append('  C x = conv<C>(v);')
    if kind == 'p':
        src.append('  ACC p; p.v = x; p.i = r; return p; }')
    else:
        src.append('  return {}; }}'.format(load))
    src.append('__device__ __forceinline__ TOUT fin(ACC acc, long long nall)'
               ' {{ return conv<TOUT>({}); }}'.format(finish))
    # offsets of output o (input and output) and of reduced index r
    src.append('__device__ __forceinline__ void kept({0} o, const geo_t& g, '
               '{0}& in, {0}& out) {{'.format(idx))
    src.append('  in = 0; out = 0;')
    if ndk:
        src.append('  #pragma unroll')
        src.append('  for (int d = {} - 1; d >= 0; d--) {{'.format(ndk))
        src.append('    {0} c = o % ({0})g.ks[d]; o /= ({0})g.ks[d];'.format(
            idx))
        src.append('    in += c * ({0})g.kin[d]; out += c * ({0})g.kout[d];'
                   .format(idx))
        src.append('  }')
    src.append('}')
    src.append('__device__ __forceinline__ {0} red({0} r, const geo_t& g) {{'
               .format(idx))
    if ndr == 1:
        src.append('  return r * ({})g.rin[0]; }}'.format(idx))
    else:
        src.append('  {} off = 0;'.format(idx))
        src.append('  #pragma unroll')
        src.append('  for (int d = {} - 1; d >= 0; d--) {{'.format(ndr))
        src.append('    {0} c = r % ({0})g.rs[d]; r /= ({0})g.rs[d]; '
                   'off += c * ({0})g.rin[d];'.format(idx))
        src.append('  }')
        src.append('  return off; }')
    kname = 'cupy_reduce_' + mode
    if mode == 'thread':
        src.append(
            'extern "C" __global__ void {k}({i} n_out, {i} n_red, '
            'const TIN* in, TOUT* out, geo_t g) {{\n'
            '  for ({i} o = ({i})blockIdx.x * blockDim.x + threadIdx.x; '
            'o < n_out; o += ({i})gridDim.x * blockDim.x) {{\n'
            '    {i} ib, ob; kept(o, g, ib, ob);\n'
            '    ACC acc = ident();\n'
            '    for ({i} r = 0; r < n_red; r++)\n'
            '      acc = comb(acc, load(in[ib + red(r, g)], r));\n'
            '    out[ob] = fin(acc, n_red);\n'
            '  }}\n}}\n'.format(k=kname, i=idx))
    elif mode == 'block':
        src.append((
            'extern "C" __global__ void {k}({i} n_out, {i} n_red, '
            'const TIN* in, TOUT* out, ACC* part, {i} nsplit, {i} chunk, '
            'geo_t g) {{\n'
            '  __shared__ ACC sh[256];\n'
            '  {i} o = ({i})blockIdx.x / nsplit, s = ({i})blockIdx.x % nsplit;\n'
            '  {i} ib, ob; kept(o, g, ib, ob);\n'
            '  {i} r0 = s * chunk, r1 = min(n_red, r0 + chunk);\n'
            # four independent accumulators: four loads in flight per
            # thread (the combine order does not matter: argmax/argmin
            # compare indices)
            '  ACC a0 = ident(), a1 = ident(), a2 = ident(), a3 = ident();\n'
            '  {i} bd = blockDim.x, r = r0 + threadIdx.x;\n'
            '  for (; r < r1 - 3 * bd; r += 4 * bd) {{\n'
            '    a0 = comb(a0, load(in[ib + red(r, g)], r));\n'
            '    a1 = comb(a1, load(in[ib + red(r + bd, g)], r + bd));\n'
            '    a2 = comb(a2, load(in[ib + red(r + 2 * bd, g)], r + 2 * bd));\n'
            '    a3 = comb(a3, load(in[ib + red(r + 3 * bd, g)], r + 3 * bd));\n'
            '  }}\n'
            '  for (; r < r1; r += bd) a0 = comb(a0, load(in[ib + red(r, g)], r));\n'
            '  ACC acc = comb(comb(a0, a1), comb(a2, a3));\n'
            + _TREE +
            '  if (threadIdx.x == 0) {{\n'
            '    if (nsplit == 1) out[ob] = fin(sh[0], n_red);\n'
            '    else part[o * nsplit + s] = sh[0];\n'
            '  }}\n}}\n').format(k=kname, i=idx))
    elif mode == 'vec':
        # contiguous reduced elements: vector loads (ops/_reduce_vec.py)
        from cupy_backends.cuda.ops import _reduce_vec
        src.append(_reduce_vec.BODY.format(k=kname, i=idx))
    else:       # final
        src.append((
            'extern "C" __global__ void {k}({i} n_out, {i} nsplit, '
            'long long nall, const ACC* part, TOUT* out, geo_t g) {{\n'
            '  __shared__ ACC sh[256];\n'
            '  {i} o = blockIdx.x;\n'
            '  {i} ib, ob; kept(o, g, ib, ob);\n'
            '  ACC acc = ident();\n'
            '  for ({i} r = threadIdx.x; r < nsplit; r += blockDim.x)\n'
            '    acc = comb(acc, part[o * nsplit + r]);\n'
            + _TREE +
            '  if (threadIdx.x == 0) out[ob] = fin(sh[0], nall);\n'
            '}}\n').format(k=kname, i=idx))
    return '\n'.join(src), kname


def int_matmul(char):
    """C[b] = A[b] @ B[b] for an integer or bool dtype (wrap-around
    products as NumPy's integer matmul; bool: any(a and b)); operands
    strided by element strides passed in `st`."""
    st = STORAGE[char]
    C = COMPUTE[char]
    if char == '?':
        acc, upd = 'bool s = false;', 's = s || (A[ia] && B[ib]);'
    else:
        acc = '{} s = 0;'.format(C)
        upd = 's = ({})(s + ({})A[ia] * B[ib]);'.format(C, C)
    src = PRELUDE + (
        'struct mst_t {{ long long a[3]; long long b[3]; long long c[3]; }};\n'
        'extern "C" __global__ void cupy_imatmul(long long batch, long long m,'
        ' long long n, long long k, const {t}* A, const {t}* B, {t}* Cm, '
        'mst_t g) {{\n'
        '  long long total = batch * m * n;\n'
        '  for (long long e = (long long)blockIdx.x * blockDim.x + '
        'threadIdx.x; e < total; e += (long long)gridDim.x * blockDim.x) {{\n'
        '    long long j = e % n, i = (e / n) % m, b = e / (m * n);\n'
        '    {acc}\n'
        '    for (long long p = 0; p < k; p++) {{\n'
        '      long long ia = b * g.a[0] + i * g.a[1] + p * g.a[2];\n'
        '      long long ib = b * g.b[0] + p * g.b[1] + j * g.b[2];\n'
        '      {upd}\n'
        '    }}\n'
        '    Cm[b * g.c[0] + i * g.c[1] + j * g.c[2]] = s;\n'
        '  }}\n}}\n').format(t=st, acc=acc, upd=upd)
    return src, 'cupy_imatmul'


def triangle(char, nd):
    """tril/triu on the last two of `nd` dims: dst = src where the
    element is in the triangle (col - row <= k for tril, >= k for triu),
    else zero; element strides of dst then src in `g`."""
    st = STORAGE[char]
    src = PRELUDE + (
        'struct geo_t {{ long long shape[{nd}]; long long st[2][{nd}]; }};\n'
        'extern "C" __global__ void cupy_triangle(long long n, {t}* o, '
        'const {t}* s, geo_t g, long long k, int lower) {{\n'
        '  for (long long e = (long long)blockIdx.x * blockDim.x + '
        'threadIdx.x; e < n; e += (long long)gridDim.x * blockDim.x) {{\n'
        '    long long rem = e, oo = 0, os = 0, row = 0, col = 0;\n'
        '    for (int d = {nd} - 1; d >= 0; d--) {{\n'
        '      long long c = rem % g.shape[d]; rem /= g.shape[d];\n'
        '      oo += c * g.st[0][d]; os += c * g.st[1][d];\n'
        '      if (d == {nd} - 1) col = c; else if (d == {nd} - 2) row = c;\n'
        '    }}\n'
        '    bool keep = lower ? (col - row <= k) : (col - row >= k);\n'
        '    o[oo] = keep ? s[os] : conv<{t}>(0);\n'
        '  }}\n}}\n').format(t=st, nd=nd)
    return src, 'cupy_triangle'


def scan(name, in_char, loop_char, out_char):
    """cumsum/cumprod: one thread per line along the scan axis, the
    other dims as the kept dims of a reduction ('thread' plan of
    reduction()); geometry as there, with the scan axis's (length, input
    stride, output stride) as `axis`."""
    C = COMPUTE[loop_char]
    comb = 'acc + x' if name == 'cumsum' else 'acc * x'
    if loop_char == '?':
        comb = 'acc || x' if name == 'cumsum' else 'acc && x'
    ident = 'conv<C>(0)' if name == 'cumsum' else 'conv<C>(1)'
    src = PRELUDE + (
        'typedef {C} C;\n'
        'struct geo_t {{ long long ks[8]; long long kin[8]; '
        'long long kout[8]; }};\n'
        'extern "C" __global__ void cupy_scan(long long n_out, int ndk, '
        'long long len, long long sin, long long sout, const {ti}* in, '
        '{to}* out, geo_t g) {{\n'
        '  for (long long o = (long long)blockIdx.x * blockDim.x + '
        'threadIdx.x; o < n_out; o += (long long)gridDim.x * blockDim.x) {{\n'
        '    long long rem = o, ib = 0, ob = 0;\n'
        '    for (int d = ndk - 1; d >= 0; d--) {{\n'
        '      long long c = rem % g.ks[d]; rem /= g.ks[d];\n'
        '      ib += c * g.kin[d]; ob += c * g.kout[d];\n'
        '    }}\n'
        '    C acc = {ident};\n'
        '    for (long long r = 0; r < len; r++) {{\n'
        '      C x = conv<C>(in[ib + r * sin]);\n'
        '      acc = {comb};\n'
        '      out[ob + r * sout] = conv<{to}>(acc);\n'
        '    }}\n'
        '  }}\n}}\n').format(C=C, ti=STORAGE[in_char], to=STORAGE[out_char],
                             ident=ident, comb=comb)
    return src, 'cupy_scan'
