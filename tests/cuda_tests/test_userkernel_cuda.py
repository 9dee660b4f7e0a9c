"""User kernels compiled with NVRTC on the CUDA backend (issue 19):
ElementwiseKernel, ReductionKernel, RawKernel, RawModule, checked against
NumPy.  Skipped without a CUDA build and a GPU (conftest.py)."""

import numpy
import pytest

import cupy
from cupy import testing


def test_elementwise_broadcast_and_types():
    k = cupy.ElementwiseKernel('T x, T y', 'T z', 'z = x * y + (T)1',
                               'mul_add')
    a = numpy.arange(12, dtype=numpy.float32).reshape(3, 4)
    b = numpy.arange(4, dtype=numpy.float32)
    out = k(cupy.asarray(a), cupy.asarray(b))
    assert out.dtype == numpy.float32
    numpy.testing.assert_array_equal(out.get(), a * b + 1)


@testing.for_dtypes('bBhHiIlLqQefdFD')
def test_elementwise_every_dtype(dtype):
    k = cupy.ElementwiseKernel('T x', 'T y', 'y = x + x', 'twice')
    a = testing.shaped_arange((5, 7), numpy, dtype)
    numpy.testing.assert_allclose(k(cupy.asarray(a)).get(), a + a,
                                  rtol=1e-3)


def test_elementwise_strided_views_and_scalar():
    k = cupy.ElementwiseKernel('float64 x, float64 s', 'float64 y',
                               'y = x * s', 'scale')
    a = numpy.arange(60.0).reshape(3, 4, 5)
    v = a[::2, ::-1, 1::2].transpose(2, 0, 1)
    out = k(cupy.asarray(a)[::2, ::-1, 1::2].transpose(2, 0, 1), 2.5)
    numpy.testing.assert_array_equal(out.get(), v * 2.5)


def test_elementwise_raw_index_and_size():
    k = cupy.ElementwiseKernel('raw T x, int32 n', 'raw T y',
                               'y[i] = x[n - 1 - i]', 'reverse')
    a = numpy.arange(10, dtype=numpy.int64)
    out = cupy.empty(10, numpy.int64)
    k(cupy.asarray(a), 10, out, size=10)
    numpy.testing.assert_array_equal(out.get(), a[::-1])


def test_elementwise_raw_strided_flat_index():
    # a raw view's [i] walks the view in C order, whatever its strides
    k = cupy.ElementwiseKernel('raw T x', 'raw T y', 'y[i] = x[i] * 10',
                               'flat')
    a = numpy.arange(24.0).reshape(4, 6)[:, ::2].T
    out = cupy.empty(a.size, numpy.float64)
    k(cupy.asarray(numpy.arange(24.0).reshape(4, 6))[:, ::2].T, out,
      size=a.size)
    numpy.testing.assert_array_equal(out.get(), a.ravel() * 10)


def test_elementwise_complex_and_half_math():
    k = cupy.ElementwiseKernel(
        'complex128 z, float16 h', 'complex128 w, float16 g',
        'w = exp(z) * conj(z) + abs(z); g = h * 2 + 1', 'cx')
    z = numpy.array([1 + 2j, -0.5 + 0.25j, 3j])
    h = numpy.array([0.5, 1.5, -2.0], numpy.float16)
    w, g = k(cupy.asarray(z), cupy.asarray(h))
    numpy.testing.assert_allclose(w.get(), numpy.exp(z) * z.conj() +
                                  abs(z), rtol=1e-12)
    numpy.testing.assert_array_equal(g.get(), h * 2 + 1)


def test_elementwise_preamble_loop_prep_ind():
    k = cupy.ElementwiseKernel(
        'T x', 'T y',
        'y = sq(x) + _ind.size() + k0', 'pre',
        preamble='template<class U> __device__ U sq(U v) { return v * v; }',
        loop_prep='const int k0 = 3')
    a = numpy.arange(6, dtype=numpy.int32)
    numpy.testing.assert_array_equal(k(cupy.asarray(a)).get(),
                                     a * a + 6 + 3)


def test_reduction_axes_and_keepdims():
    r = cupy.ReductionKernel('T x', 'T y', 'x * x', 'a + b', 'y = sqrt(a)',
                             '0', 'l2norm')
    a = numpy.random.default_rng(0).standard_normal((7, 33, 5))
    ca = cupy.asarray(a)
    for axis in (None, 0, 1, 2, (0, 2), (1, 2)):
        want = numpy.sqrt((a * a).sum(axis=axis))
        numpy.testing.assert_allclose(r(ca, axis=axis).get(), want,
                                      rtol=1e-12)
    numpy.testing.assert_allclose(
        r(ca, axis=1, keepdims=True).get(),
        numpy.sqrt((a * a).sum(axis=1, keepdims=True)), rtol=1e-12)


@pytest.mark.parametrize('shape,axis', [
    ((1 << 20,), None), ((1000, 3000), 0), ((3000, 1000), 1),
    ((64, 1 << 14), 1), ((1 << 14, 64), 0)])
def test_reduction_large_split_and_coalesced(shape, axis):
    r = cupy.ReductionKernel('T x', 'T y', 'x', 'a + b', 'y = a', '0',
                             'mysum')
    a = numpy.random.default_rng(1).integers(-50, 50, shape).astype(
        numpy.int64)
    numpy.testing.assert_array_equal(r(cupy.asarray(a), axis=axis).get(),
                                     a.sum(axis=axis))


def test_reduction_two_inputs_and_identity():
    dot = cupy.ReductionKernel('T x, T y', 'T z', 'x * y', 'a + b',
                               'z = a', '0', 'dot')
    mx = cupy.ReductionKernel('T x', 'T y', 'x', 'max(a, b)', 'y = a',
                              '-1e30', 'mymax')
    a = numpy.arange(100, dtype=numpy.float32)
    b = numpy.linspace(0, 1, 100, dtype=numpy.float32)
    assert abs(float(dot(cupy.asarray(a), cupy.asarray(b))) -
               float(a @ b)) < 1e-2
    assert float(mx(cupy.asarray(b - 3))) == float((b - 3).max())
    # an empty reduction gives post_map(identity)
    e = cupy.zeros((0, 4), numpy.float32)
    numpy.testing.assert_array_equal(mx(e, axis=0).get(),
                                     numpy.full(4, -1e30, numpy.float32))


def test_rawkernel_grid_block_and_args():
    src = r'''
    extern "C" __global__ void axpy(const float* x, float* y, float a,
                                    long long n) {
        long long i = blockIdx.x * (long long)blockDim.x + threadIdx.x;
        if (i < n) y[i] = a * x[i] + y[i];
    }'''
    k = cupy.RawKernel(src, 'axpy')
    x = numpy.arange(1000, dtype=numpy.float32)
    y = numpy.ones(1000, numpy.float32)
    cy = cupy.asarray(y)
    k(((1000 + 127) // 128,), (128,),
      (cupy.asarray(x), cy, numpy.float32(3), 1000))
    numpy.testing.assert_array_equal(cy.get(), 3 * x + y)
    assert k.attributes['max_threads_per_block'] >= 128
    assert k.num_regs > 0


def test_rawkernel_2d_grid_and_shared_memory():
    src = r'''
    extern "C" __global__ void rowsum(const double* x, double* out,
                                      int cols) {
        extern __shared__ double buf[];
        int r = blockIdx.y;
        double s = 0;
        for (int c = threadIdx.x; c < cols; c += blockDim.x)
            s += x[r * cols + c];
        buf[threadIdx.x] = s;
        __syncthreads();
        for (int w = blockDim.x / 2; w > 0; w >>= 1) {
            if (threadIdx.x < w) buf[threadIdx.x] += buf[threadIdx.x + w];
            __syncthreads();
        }
        if (threadIdx.x == 0) out[r] = buf[0];
    }'''
    k = cupy.RawKernel(src, 'rowsum')
    a = numpy.random.default_rng(2).random((5, 300))
    out = cupy.empty(5)
    k((1, 5), (64,), (cupy.asarray(a), out, numpy.int32(300)),
      shared_mem=64 * 8)
    numpy.testing.assert_allclose(out.get(), a.sum(axis=1), rtol=1e-12)


def test_rawmodule_name_expressions_and_complex_header():
    code = r'''
    #include <cupy/complex.cuh>
    template<typename T>
    __global__ void cexp_kernel(const complex<T>* x, complex<T>* y, int n) {
        int i = blockIdx.x * blockDim.x + threadIdx.x;
        if (i < n) y[i] = exp(x[i]);
    }'''
    mod = cupy.RawModule(code=code, name_expressions=[
        'cexp_kernel<float>', 'cexp_kernel<double>'])
    z = numpy.array([1j, 1 + 1j, -2 + 0.5j], numpy.complex128)
    out = cupy.empty_like(cupy.asarray(z))
    mod.get_function('cexp_kernel<double>')(
        (1,), (32,), (cupy.asarray(z), out, numpy.int32(3)))
    numpy.testing.assert_allclose(out.get(), numpy.exp(z), rtol=1e-12)


def test_rawmodule_from_cubin_file(tmp_path):
    from cupy_backends.cuda.ops import _compiler
    src = r'''extern "C" __global__ void fill7(int* p) {
        p[threadIdx.x] = 7; }'''
    image, _ = _compiler._compile_cached(
        src, ('--gpu-architecture=' + _compiler.arch(),), (),
        _compiler.arch())
    path = tmp_path / 'k.cubin'
    path.write_bytes(image)
    mod = cupy.RawModule(path=str(path))
    a = cupy.zeros(8, numpy.int32)
    mod.get_function('fill7')((1,), (8,), (a,))
    assert a.get().tolist() == [7] * 8


def test_compile_error_has_log():
    k = cupy.RawKernel('extern "C" __global__ void bad() { undefined_x; }',
                       'bad')
    with pytest.raises(Exception) as e:
        k((1,), (1,), ())
    assert 'undefined_x' in str(e.value)
