"""Kernels in the style of CuPy's examples and documentation, and every
kind of control flow, checked against NumPy computations written
independently; the constructs outside the subset give their error."""

import math

import numpy
import pytest

import cupy
from cupy import testing
from cupy._core._ckernel import _program
from cupy._core._ckernel import UnsupportedKernelError, KernelSyntaxError

from ._collatz import collatz_steps


def test_if_else_chains_and_nesting():
    k = cupy.ElementwiseKernel('float32 x', 'float32 y, int32 c', '''
        if (x < -1.0f) {
            y = -1; c = 0;
        } else if (x < 1.0f) {
            if (x < 0) y = x * x; else y = x;
            c = 1;
        } else {
            y = 1; c = 2;
        }
    ''')
    x = numpy.linspace(-3, 3, 61).astype('f4')
    y, c = k(cupy.array(x))
    testing.assert_array_equal(
        y, numpy.where(x < -1, -1, numpy.where(
            x < 1, numpy.where(x < 0, x * x, x), 1)).astype('f4'))
    testing.assert_array_equal(c, numpy.digitize(x, [-1, 1]))


def test_uniform_loop_with_host_trip_count():
    k = cupy.ElementwiseKernel('float64 x, int32 n', 'float64 y', '''
        double s = 0, p = 1;
        for (int k = 0; k < n; ++k) { s += p / (k + 1); p *= x; }
        y = s;
    ''')
    x = numpy.linspace(-0.9, 0.9, 17)
    want = sum(x ** j / (j + 1) for j in range(12))
    testing.assert_allclose(k(cupy.array(x), 12), want, rtol=1e-14)


def test_data_dependent_while_loop():
    # Collatz steps: a different trip count per element
    k = cupy.ElementwiseKernel('int64 x', 'int32 steps', '''
        long long v = x; int s = 0;
        while (v != 1) { if (v % 2 == 0) v /= 2; else v = 3 * v + 1; s++; }
        steps = s;
    ''')
    x = numpy.arange(1, 40)

    testing.assert_array_equal(k(cupy.array(x)), [collatz_steps(int(v)) for v in x])


def test_do_while_break_continue():
    k = cupy.ElementwiseKernel('int32 x', 'int32 a, int32 b', '''
        int s = 0, k = 0;
        do { k++; if (k % 3 == 0) continue; s += k; if (s > x) break; }
        while (k < 20);
        a = s; b = k;
    ''')
    x = numpy.array([0, 5, 17, 100, 1000], 'i4')

    def ref(xv):
        s = k = 0
        while True:
            k += 1
            if k % 3 != 0:
                s += k
                if s > xv:
                    break
            if not k < 20:
                break
        return s, k
    a, b = k(cupy.array(x))
    r = numpy.array([ref(v) for v in x])
    testing.assert_array_equal(a, r[:, 0])
    testing.assert_array_equal(b, r[:, 1])


def test_helpers_with_early_return_and_templates():
    pre = '''
    template <typename T>
    __device__ T clampv(T v, T lo, T hi) {
        if (v < lo) return lo;
        if (v > hi) return hi;
        return v;
    }
    __device__ int classify(float v) {
        for (int k = 0; k < 10; k++) {
            if (v < k) return k;
        }
        return -1;
    }
    __device__ void twice(float& v) { v *= 2; }
    '''
    k = cupy.ElementwiseKernel('float32 x', 'float32 y, int32 c', '''
        float t = clampv(x, -2.0f, 2.0f);
        twice(t);
        y = clampv<float>(t, -3, 3);
        c = classify(x);
    ''', preamble=pre)
    x = numpy.linspace(-4, 12, 33).astype('f4')
    y, c = k(cupy.array(x))
    testing.assert_array_equal(y, numpy.clip(2 * numpy.clip(x, -2, 2), -3, 3))
    want = [next((j for j in range(10) if v < j), -1) for v in x]
    testing.assert_array_equal(c, want)


def test_local_arrays_and_pointer_params():
    pre = '''
    __device__ float dot3(const float* a, const float b[3]) {
        float s = 0;
        for (int k = 0; k < 3; k++) s += a[k] * b[k];
        return s;
    }
    __device__ void fill(float* a, float v) {
        for (int k = 0; k < 3; k++) a[k] = v + k;
    }
    '''
    k = cupy.ElementwiseKernel('float32 x, int32 j', 'float32 y, float32 z',
                               '''
        float a[3]; float b[3] = {1, 10, 100};
        fill(a, x);
        y = dot3(a, b);
        z = b[j] + a[2 - j];     // per-element index
    ''', preamble=pre)
    x = numpy.array([0, 1, 2.5], 'f4')
    j = numpy.array([2, 0, 1], 'i4')
    y, z = k(cupy.array(x), cupy.array(j))
    a = x[:, None] + numpy.arange(3, dtype='f4')
    b = numpy.array([1, 10, 100], 'f4')
    testing.assert_allclose(y, a @ b, rtol=1e-6)
    testing.assert_array_equal(z, b[j] + a[numpy.arange(3), 2 - j])


def test_raw_gather_and_scatter():
    gather = cupy.ElementwiseKernel('raw T x, raw int32 idx', 'T y',
                                    'y = x[idx[i]] * 2', 'gather')
    x = numpy.arange(10, dtype='f8') * 1.5
    idx = numpy.array([9, 0, 3, 3, 7], 'i4')
    testing.assert_array_equal(
        gather(cupy.array(x), cupy.array(idx), size=5), x[idx] * 2)
    scatter = cupy.ElementwiseKernel('T v, int32 j', 'raw T out',
                                     'if (v > 0) out[j] = v; else '
                                     'out[j + 1] += v;', 'scatter')
    out = cupy.zeros(8, 'f8')
    v = numpy.array([1., -2, 3, -4], 'f8')
    j = numpy.array([0, 2, 4, 6], 'i4')
    scatter(cupy.array(v), cupy.array(j), out)
    want = numpy.zeros(8)
    for vv, jj in zip(v, j):
        if vv > 0:
            want[jj] = vv
        else:
            want[jj + 1] += vv
    testing.assert_array_equal(out, want)


def test_raw_2d_input_is_c_order():
    k = cupy.ElementwiseKernel('raw T m, int32 ncol', 'T rowsum', '''
        T s = 0;
        for (int c = 0; c < ncol; c++) s += m[i * ncol + c];
        rowsum = s;
    ''')
    m = numpy.arange(12, dtype='f4').reshape(3, 4)
    mt = cupy.array(m.T.copy()).T            # not C-contiguous
    testing.assert_array_equal(k(mt, 4, cupy.empty(3, 'f4')), m.sum(1))


_XORSHIFT_MC = r'''
    unsigned int s = seed * 2654435761u + 1u;
    int hits = 0;
    for (int k = 0; k < n; ++k) {
        s ^= s << 13; s ^= s >> 17; s ^= s << 5;
        float u = (s & 0xFFFFFF) / 16777216.0f;
        s ^= s << 13; s ^= s >> 17; s ^= s << 5;
        float v = (s & 0xFFFFFF) / 16777216.0f;
        if (u * u + v * v < 1.0f) hits++;
    }
    count = hits;
'''


def _xorshift_mc_numpy(seeds, n):
    s = seeds.astype(numpy.uint32) * numpy.uint32(2654435761) + \
        numpy.uint32(1)
    hits = numpy.zeros(len(seeds), numpy.int32)

    def step(s):
        s = s ^ (s << numpy.uint32(13))
        s = s ^ (s >> numpy.uint32(17))
        return s ^ (s << numpy.uint32(5))
    for _ in range(n):
        s = step(s)
        u = (s & numpy.uint32(0xFFFFFF)).astype(numpy.float32) / \
            numpy.float32(16777216)
        s = step(s)
        v = (s & numpy.uint32(0xFFFFFF)).astype(numpy.float32) / \
            numpy.float32(16777216)
        hits += (u * u + v * v < numpy.float32(1))
    return hits


def test_monte_carlo_with_xorshift_generator():
    k = cupy.ElementwiseKernel('uint32 seed, int32 n', 'int32 count',
                               _XORSHIFT_MC, 'mc_pi')
    seeds = numpy.arange(256, dtype=numpy.uint32)
    got = k(cupy.array(seeds), 50)
    testing.assert_array_equal(got, _xorshift_mc_numpy(seeds, 50))
    assert abs(4 * got.get().sum() / (256 * 50) - math.pi) < 0.1


def test_lcg_data_dependent_loop_matches_uint64_numpy():
    # a 64-bit LCG run until the top bits fall below a threshold
    k = cupy.ElementwiseKernel('uint64 seed', 'uint64 last, int32 n', '''
        unsigned long long s = seed; int c = 0;
        do {
            s = s * 6364136223846793005ULL + 1442695040888963407ULL;
            c++;
        } while ((s >> 60) != 0 && c < 100);
        last = s; n = c;
    ''')
    seeds = numpy.arange(1, 65, dtype=numpy.uint64) * numpy.uint64(977)
    last, n = k(cupy.array(seeds))
    want_s, want_n = [], []
    for s in seeds:
        s, c = int(s), 0
        while True:
            s = (s * 6364136223846793005 + 1442695040888963407) % 2 ** 64
            c += 1
            if not ((s >> 60) != 0 and c < 100):
                break
        want_s.append(s)
        want_n.append(c)
    testing.assert_array_equal(last, numpy.array(want_s, dtype=numpy.uint64))
    testing.assert_array_equal(n, want_n)


def _kernel_bench():
    # CuPy's Black-Scholes example kernel, as the benchmark runs it
    import importlib.util
    import pathlib
    path = pathlib.Path(__file__).parents[2] / 'benchmarks' / \
        'kernel_bench.py'
    spec = importlib.util.spec_from_file_location('kernel_bench', path)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def _cnd_numpy(d):
    a = [0.31938153, -0.356563782, 1.781477937, -1.821255978, 1.330274429]
    k = 1.0 / (1.0 + 0.2316419 * numpy.abs(d))
    poly = k * (a[0] + k * (a[1] + k * (a[2] + k * (a[3] + k * a[4]))))
    c = 0.3989422804014327 * numpy.exp(-0.5 * d * d) * poly
    return numpy.where(d > 0, 1.0 - c, c)


def test_black_scholes_example():
    # CuPy's examples/finance/black_scholes.py kernel
    k = cupy.ElementwiseKernel('T s, T x, T t, T r, T v', 'T call, T put',
                               _kernel_bench()._BS, 'black_scholes',
                               preamble=_kernel_bench()._CND)
    rng = numpy.random.default_rng(0)
    s = rng.uniform(5, 30, 1000)
    x = rng.uniform(1, 100, 1000)
    t = rng.uniform(0.25, 10, 1000)
    r, v = 0.02, 0.3
    call, put = k(cupy.array(s), cupy.array(x), cupy.array(t), r, v)
    d1 = (numpy.log(s / x) + (r + v * v / 2) * t) / (v * numpy.sqrt(t))
    d2 = d1 - v * numpy.sqrt(t)
    e = numpy.exp(-r * t)
    testing.assert_allclose(
        call, s * _cnd_numpy(d1) - x * e * _cnd_numpy(d2), rtol=1e-12,
        atol=1e-12)
    testing.assert_allclose(
        put, x * e * (1 - _cnd_numpy(d2)) - s * (1 - _cnd_numpy(d1)),
        rtol=1e-12, atol=1e-12)


def test_squared_distance_kernel_and_l2_reduction():
    # the documentation's squared difference and L2 norm examples
    sqdiff = cupy.ElementwiseKernel('T x, T y', 'T z',
                                    'z = (x - y) * (x - y)', 'squared_diff')
    x = testing.shaped_random((5, 6), cupy, 'f4')
    y = testing.shaped_random((6,), cupy, 'f4', seed=1)
    testing.assert_allclose(sqdiff(x, y), (x.get() - y.get()) ** 2,
                            rtol=1e-6)
    l2 = cupy.ReductionKernel('T x', 'T y', 'x * x', 'a + b', 'y = sqrt(a)',
                              '0', 'l2norm')
    testing.assert_allclose(l2(x, axis=1),
                            numpy.sqrt((x.get() ** 2).sum(1)), rtol=1e-5)
    dist = cupy.ElementwiseKernel('raw T a, raw T b, int32 dim', 'T d', '''
        int p = i / _ind.size() ;
        T s = 0;
        for (int k = 0; k < dim; k++) {
            T t = a[i * dim + k] - b[k];
            s += t * t;
        }
        d = sqrt(s);
    ''', 'dist')
    got = dist(x, y, 6, size=5)
    testing.assert_allclose(
        got, numpy.sqrt(((x.get() - y.get()) ** 2).sum(1)), rtol=1e-5)


@pytest.mark.parametrize('reduce_expr,identity,ref', [
    ('a + b', '0', lambda v, ax: v.sum(ax)),
    ('a * b', '1', lambda v, ax: v.prod(ax)),
    ('max(a, b)', '-1e300', lambda v, ax: v.max(ax)),
    ('(a < b) ? a : b', '1e300', lambda v, ax: v.min(ax)),
    ('b > a ? b : a', '-1e300', lambda v, ax: v.max(ax)),
    ('a + b + a * b', '0', None),            # a general tree
    ('fabs(a) > fabs(b) ? a : b', '0', lambda v, ax: numpy.take_along_axis(
        v, numpy.abs(v).argmax(ax)[:, None], ax)[:, 0]),
])
def test_reduction_forms(reduce_expr, identity, ref):
    k = cupy.ReductionKernel('T x', 'T y', 'x', reduce_expr, 'y = a',
                             identity, 'red')
    v = numpy.random.default_rng(5).uniform(-1, 1, (4, 7)) / 4
    got = k(cupy.array(v), axis=1)
    if ref is None:
        def f(a, b):
            return a + b + a * b
        want = numpy.zeros(4)
        for j in range(7):
            want = f(want, v[:, j])
        testing.assert_allclose(got, want, rtol=1e-12)
    else:
        testing.assert_allclose(got, ref(v, 1), rtol=1e-12)


def test_reduction_bitwise_and_logical_and_mean():
    x = numpy.array([[0b1011, 0b0110, 0b1110], [1, 3, 7]], 'i4')
    for op, uf in (('a & b', numpy.bitwise_and), ('a | b', numpy.bitwise_or),
                   ('a ^ b', numpy.bitwise_xor)):
        ident = {'a & b': '-1', 'a | b': '0', 'a ^ b': '0'}[op]
        k = cupy.ReductionKernel('T x', 'T y', 'x', op, 'y = a', ident)
        testing.assert_array_equal(k(cupy.array(x), axis=1),
                                   uf.reduce(x, axis=1))
    k = cupy.ReductionKernel('T x', 'bool y', 'x > 2', 'a && b', 'y = a',
                             'true', reduce_type='bool')
    testing.assert_array_equal(k(cupy.array(x), axis=0), (x > 2).all(0))
    mean = cupy.ReductionKernel(
        'T x', 'float64 y', 'x', 'a + b',
        'y = a / (_in_ind.size() / _out_ind.size())', '0', 'mean',
        reduce_type='double')
    testing.assert_allclose(mean(cupy.array(x), axis=1), x.mean(1))


def test_reduction_two_inputs_and_preamble():
    k = cupy.ReductionKernel('T x, T w', 'T y', 'sq(x) * w', 'a + b',
                             'y = a', '0', 'wsum',
                             preamble='__device__ double sq(double v) '
                             '{ return v * v; }')
    x = numpy.arange(6.).reshape(2, 3)
    w = numpy.array([1., 2, 3])
    testing.assert_allclose(k(cupy.array(x), cupy.array(w), axis=1),
                            (x * x * w).sum(1))


@pytest.mark.parametrize('body,construct', [
    ('y = x; __syncthreads();', '__syncthreads'),
    ('atomicAdd(&y, x);', 'atomic operations'),
    ('y = x + threadIdx.x;', 'threadIdx'),
    ('__shared__ float buf[32]; y = x;', '__shared__'),
    ('y = __shfl_down_sync(0xffffffff, x, 1);', 'warp shuffles'),
    ('asm("mov.u32 %0, 1;" : "=r"(y));', 'inline assembly'),
    ('float* p = &y; *p = x;', 'pointer'),
    ('y = x; goto end; end: y = 1;', 'goto'),
    ('struct P { float a; }; y = x;', 'struct'),
    ('y = tex1D<float>(t, x);', 'textures'),
    ('y = x;\n  y = rec(x);', 'recursion'),
    ('y = undefined_fn(x);', 'undefined_fn'),
])
def test_unsupported_constructs_are_named_with_line(body, construct):
    k = cupy.ElementwiseKernel('float32 x', 'float32 y', body,
                               preamble='__device__ float rec(float v) '
                               '{ return v > 0 ? rec(v - 1) : 0; }')
    with pytest.raises(NotImplementedError) as e:
        k(cupy.arange(3, dtype='f4'))
    msg = str(e.value)
    assert isinstance(e.value, UnsupportedKernelError)
    assert construct in msg
    assert 'line' in msg and 'CUDA backend' in msg


def test_syntax_errors_name_the_line():
    k = cupy.ElementwiseKernel('float32 x', 'float32 y',
                               'float t = x;\n  y = t +;')
    with pytest.raises(KernelSyntaxError, match='operation line 2'):
        k(cupy.arange(3, dtype='f4'))
    k = cupy.ElementwiseKernel('float32 x', 'float32 y', 'y = zz;')
    with pytest.raises(KernelSyntaxError, match="'zz' was not declared"):
        k(cupy.arange(3, dtype='f4'))


def test_parsed_once_per_source():
    src = 'float q = x * 3;\n y = q - 1; // cached'
    k = cupy.ElementwiseKernel('float32 x', 'float32 y', src)
    k(cupy.arange(3, dtype='f4'))
    n = len(_program._cache)
    keys = [key for key in _program._cache if key[1] == src]
    assert len(keys) == 1
    k(cupy.arange(5, dtype='f4'))
    k2 = cupy.ElementwiseKernel('float32 x', 'float32 y', src)
    testing.assert_array_equal(k2(cupy.arange(3, dtype='f4')), [-1, 2, 5])
    assert len(_program._cache) == n


def test_masked_sums_in_kmeans_style():
    # a ReductionKernel over a second placeholder type (the mask) and a
    # count with a float reduction, along an axis
    msum = cupy.ReductionKernel('T x, S mask', 'T out', 'mask ? x : 0',
                                'a + b', 'out = a', '0', 'masked_sum')
    count = cupy.ReductionKernel('T mask', 'float32 out', 'mask ? 1.0 : 0.0',
                                 'a + b', 'out = a', '0.0', 'count')
    rng = numpy.random.default_rng(1)
    x = rng.normal(size=(30, 2))
    labels = rng.integers(0, 3, 30)
    mask = labels[:, None] == numpy.arange(3)[None, :]
    dx, dm = cupy.array(x), cupy.array(mask)
    got = msum(dx[:, None, :], dm[:, :, None], axis=0)
    testing.assert_allclose(got, (x[:, None, :] * mask[:, :, None]).sum(0))
    testing.assert_array_equal(count(dm, axis=0), mask.sum(0))


_MC_PRE = '''
typedef unsigned long long u64;
__device__ void seed_state(u64* st, long long k, int seed) {
    st[0] = k + 1;
    st[1] = 0x5c721fd808f616b6ULL + seed;
}
__device__ u64 next(u64* st) {        // xorshift128+
    u64 a = st[0];
    const u64 b = st[1];
    st[0] = b;
    a ^= a << 23;
    a ^= a >> 17;
    a ^= b ^ (b >> 26);
    st[1] = a;
    return a + b;
}
template <typename F> __device__ F gaussian(u64* st) {
    F u = F(next(st)) / F(18446744073709551615ULL);
    return normcdfinv(u);
}
'''


def test_monte_carlo_option_with_xorshift128plus():
    k = cupy.ElementwiseKernel('T s, T x, int32 n, int32 seed', 'T payoff',
                               '''
        u64 st[2];
        seed_state(st, i, seed);
        T acc = 0;
        for (int j = 0; j < n; ++j) {
            T z = gaussian<T>(st);
            acc += max(s * exp(0.1 * z) - x, (T)0);
        }
        payoff = acc / n;
    ''', 'mc', preamble=_MC_PRE)
    s = numpy.array([10., 12, 8, 10])
    x = numpy.array([10., 10, 10, 9])
    # normcdfinv runs as cupyx.scipy.special.ndtri
    got = k(cupy.array(s), cupy.array(x), 25, 7)
    import scipy.special
    M = numpy.uint64
    # the kernel's generator written out in uint64
    a = numpy.arange(4).astype(M) + M(1)
    b = numpy.full(4, M(0x5c721fd808f616b6 + 7))
    acc = numpy.zeros(4)
    for _ in range(25):
        old_a, old_b = a, b
        a = old_b
        t = old_a ^ (old_a << M(23))
        t = t ^ (t >> M(17))
        t = t ^ old_b ^ (old_b >> M(26))
        b = t
        u = (t + old_b).astype(numpy.float64) / numpy.float64(2.0 ** 64)
        z = scipy.special.ndtri(u)
        acc += numpy.maximum(s * numpy.exp(0.1 * z) - x, 0)
    testing.assert_allclose(got, acc / 25, rtol=1e-13)


def test_loop_without_condition_leaves_by_break():
    k = cupy.ElementwiseKernel('int32 x, int32 n', 'int32 y', '''
        int k = 0, s = 0;
        for (;;) { if (k == n) break; s += k; k++; }     // uniform
        int j = 0;
        while (true) { j++; if (j * j > x) break; }        // per element
        y = s * 1000 + j;
    ''')
    x = numpy.array([0, 3, 50, 99], 'i4')
    j = numpy.array([next(v for v in range(1, 20) if v * v > xx) for xx in x])
    testing.assert_array_equal(k(cupy.array(x), 6), 15000 + j)


def test_integer_intrinsics():
    k = cupy.ElementwiseKernel(
        'uint32 a, uint32 b, uint64 c, uint64 d, float32 f',
        'uint32 hi, int32 clz, int32 ffs, uint32 brev, uint64 hi64, '
        'int32 bits, int32 rn, int32 rd, int32 pop', '''
        hi = __umulhi(a, b); clz = __clz(a); ffs = __ffs(b);
        brev = __brev(a); hi64 = __umul64hi(c, d);
        bits = __float_as_int(f); rn = __float2int_rn(f);
        rd = __float2int_rd(f); pop = __popc(a);
    ''')
    a = numpy.array([0, 1, 0x80000000, 0x12345678, 0xFFFFFFFF], 'u4')
    b = numpy.array([7, 0, 8, 0x10, 0xFFFFFFFF], 'u4')
    c = numpy.array([2 ** 64 - 1, 3, 2 ** 63, 12345678901234567, 0], 'u8')
    d = numpy.array([2 ** 64 - 1, 5, 4, 98765432109876543, 9], 'u8')
    f = numpy.array([1.5, 2.5, -0.5, -1.5, 3.7], 'f4')
    r = k(*[cupy.array(v) for v in (a, b, c, d, f)])
    A, B, C, D = ([int(v) for v in x] for x in (a, b, c, d))
    want = [
        [x * y >> 32 for x, y in zip(A, B)],
        [32 - x.bit_length() for x in A],
        [(y & -y).bit_length() for y in B],
        [int('{:032b}'.format(x)[::-1], 2) for x in A],
        [x * y >> 64 for x, y in zip(C, D)],
        f.view('i4'), [2, 2, 0, -2, 4], [1, 2, -1, -2, 3],
        [bin(x).count('1') for x in A]]
    for got, w in zip(r, want):
        testing.assert_array_equal(
            got, numpy.array(list(w), dtype=object).astype(got.dtype))


def test_raw_index_per_axis_ldg_and_sincos():
    m = numpy.arange(12, dtype='f8').reshape(3, 4)
    k = cupy.ElementwiseKernel('raw T m, int32 ncol', 'T a, T b, T s, T c',
                               '''
        int r = i / ncol, q = i % ncol;
        a = m[{r, q}];
        ptrdiff_t idx[2] = {q % 3, r};
        b = __ldg(&m[idx]);
        sincos(a, &s, &c);
    ''')
    a, b, s, c = k(cupy.array(m), 4, size=12)
    r, q = numpy.arange(12) // 4, numpy.arange(12) % 4
    testing.assert_array_equal(a, m[r, q])
    testing.assert_array_equal(b, m[q % 3, r])
    testing.assert_allclose(s, numpy.sin(m[r, q]), rtol=1e-15)
    testing.assert_allclose(c, numpy.cos(m[r, q]), rtol=1e-15)


def test_switch_with_fallthrough_break_and_continue():
    k = cupy.ElementwiseKernel('int32 x', 'int32 y', '''
        int s = 0;
        for (int k = 0; k < 4; k++) {
            switch (x + k) {
                case 0: s += 1;             // falls through
                case 1: s += 10; break;
                case 2: continue;           // the loop's continue
                default: s += 100;
            }
            s += 1000;
        }
        y = s;
    ''')
    x = numpy.arange(-2, 6, dtype='i4')

    def ref(xv):
        s = 0
        for j in range(4):
            v = xv + j
            if v == 2:
                continue
            s += 11 if v == 0 else 10 if v == 1 else 100
            s += 1000
        return s
    testing.assert_array_equal(k(cupy.array(x)), [ref(v) for v in x])
