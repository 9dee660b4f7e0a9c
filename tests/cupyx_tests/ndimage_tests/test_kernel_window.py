"""generic_filter / generic_filter1d given a cupy.RawKernel or a
cupy.ReductionKernel (CuPy's way of passing the per-window function),
against scipy.ndimage given the same function in Python."""

import numpy
import pytest

import cupy
from cupy import testing
from cupyx.scipy import ndimage

pytest.importorskip('scipy.ndimage')

MODES = ['reflect', 'constant', 'nearest', 'mirror', 'wrap']

_RMS = cupy.RawKernel(r'''extern "C" __global__
void rms(const double* x, int filter_size, double* y) {
    double ss = 0;
    for (int i = 0; i < filter_size; ++i) { ss += x[i] * x[i]; }
    y[0] = sqrt(ss / filter_size);
}''', 'rms')


def _rms(v):
    return numpy.sqrt((v * v).sum() / len(v))


# a window index that differs per element (the value picks the entry)
_PICK = cupy.RawKernel(r'''extern "C" __global__
void pick(const double* x, int n, double* y) {
    int k = ((int)x[0]) % n;
    if (k < 0) k += n;
    y[0] = x[k] - x[n - 1];
}''', 'pick')


def _pick(v):
    k = int(v[0]) % len(v)
    return v[k] - v[-1]


_COUNT_BELOW = cupy.ReductionKernel(
    'X x', 'Y y', '_raw_x[_in_ind.size() / 2] > x', 'a + b', 'y = a', '0',
    'count_below', reduce_type='int')


def _count_below(v):
    return (v[len(v) // 2] > v).sum()


_MEAN = cupy.ReductionKernel('X x', 'Y y', 'x', 'a + b',
                             'y = a / _in_ind.size()', '0', 'mean_window',
                             reduce_type='double')

_RANGE = cupy.ReductionKernel('T x', 'T y', 'x', 'max(a, b)',
                              'y = a - _raw_x[0]', '-1000', 'range_window')


def _image(xp, shape, dtype, seed=0):
    a = numpy.random.RandomState(seed).uniform(0, 40, shape).astype(dtype)
    return xp.asarray(a)


def _footprint(xp, ndim):
    f = numpy.random.RandomState(3).uniform(size=(3,) * ndim) > 0.4
    f.flat[0] = True
    return xp.asarray(f)


@pytest.mark.parametrize('mode', MODES)
@pytest.mark.parametrize('dtype', [numpy.uint8, numpy.float64])
class TestRawKernelFilter:

    @testing.numpy_cupy_allclose(rtol=1e-6, atol=1e-6, scipy_name='scp')
    def test_rms_size(self, xp, scp, mode, dtype):
        f = _rms if xp is numpy else _RMS
        return scp.ndimage.generic_filter(_image(xp, (6, 7), dtype), f,
                                          size=(3, 2), mode=mode, cval=2.0)

    @testing.numpy_cupy_allclose(rtol=1e-6, atol=1e-6, scipy_name='scp')
    def test_pick_footprint_origin(self, xp, scp, mode, dtype):
        f = _pick if xp is numpy else _PICK
        return scp.ndimage.generic_filter(
            _image(xp, (4, 5, 6), dtype), f, footprint=_footprint(xp, 3),
            mode=mode, origin=(0, 1, -1), output=numpy.float64)

    @testing.numpy_cupy_allclose(rtol=1e-6, atol=1e-6, scipy_name='scp')
    def test_count_below(self, xp, scp, mode, dtype):
        f = _count_below if xp is numpy else _COUNT_BELOW
        return scp.ndimage.generic_filter(_image(xp, (7, 6), dtype), f,
                                          footprint=_footprint(xp, 2),
                                          mode=mode, cval=1.0)

    @testing.numpy_cupy_allclose(rtol=1e-6, atol=1e-6, scipy_name='scp')
    def test_mean_window_output_uint8(self, xp, scp, mode, dtype):
        f = numpy.mean if xp is numpy else _MEAN
        return scp.ndimage.generic_filter(_image(xp, (9,), dtype), f,
                                          size=4, mode=mode,
                                          output=numpy.uint8)


@testing.numpy_cupy_allclose(scipy_name='scp')
def test_template_output_and_identity(xp, scp):
    def ref(v):
        return max(-1000, v.max()) - v[0]
    f = ref if xp is numpy else _RANGE
    return scp.ndimage.generic_filter(_image(xp, (5, 6), numpy.int32), f,
                                      size=3, mode='wrap')


def test_output_is_input():
    a = _image(cupy, (5, 6), numpy.float64)
    expected = ndimage.generic_filter(a, _MEAN, size=3)
    ndimage.generic_filter(a, _MEAN, size=3, output=a)
    testing.assert_allclose(a, expected)


_CUMSUM = cupy.RawKernel(r'''extern "C" __global__
void csum(const double* in, ptrdiff_t in_length, double* out,
          ptrdiff_t out_length) {
    double s = 0;
    for (ptrdiff_t i = 0; i < out_length; ++i) {
        s += in[i] - in[i + in_length - out_length];
        out[i] = s;
    }
}''', 'csum')


def _cumsum(src, dst):
    d = len(src) - len(dst)
    dst[:] = numpy.cumsum(src[:len(dst)] - src[d:])


@pytest.mark.parametrize('mode', MODES)
@pytest.mark.parametrize('axis', [0, -1])
@testing.numpy_cupy_allclose(rtol=1e-6, atol=1e-6, scipy_name='scp')
def test_generic_filter1d_raw(xp, scp, mode, axis):
    f = _cumsum if xp is numpy else _CUMSUM
    return scp.ndimage.generic_filter1d(
        _image(xp, (5, 7), numpy.float32), f, 3, axis=axis, mode=mode,
        cval=1.5, origin=1)


def test_unsupported_kernel_raises():
    k = cupy.RawKernel(r'''extern "C" __global__
void f(const double* x, int n, double* y) {
    __shared__ double s[32];
    y[0] = x[0];
}''', 'f')
    with pytest.raises(NotImplementedError, match='not supported'):
        ndimage.generic_filter(cupy.ones((4, 4)), k, size=3)


def test_bad_kernels():
    a = cupy.ones((4, 4))
    k = cupy.RawKernel('extern "C" __global__ void f(const double* x, '
                       'double* y) { y[0] = x[0]; }', 'f')
    with pytest.raises(TypeError, match='3 parameters'):
        ndimage.generic_filter(a, k, size=3)
    missing = cupy.RawKernel('extern "C" __global__ void f(const double* '
                             'x, int n, double* y) { y[0] = x[0]; }', 'g')
    with pytest.raises(ValueError, match="no function 'g'"):
        ndimage.generic_filter(a, missing, size=3)
    ew = cupy.ElementwiseKernel('T x', 'T y', 'y = x', 'copy')
    with pytest.raises(TypeError, match='ElementwiseKernel'):
        ndimage.generic_filter(a, ew, size=3)
    two = cupy.ReductionKernel('T x, T w', 'T y', 'x * w', 'a + b', 'y = a',
                               '0', 'dot')
    with pytest.raises(TypeError, match='1 input and output'):
        ndimage.generic_filter(a, two, size=3)
    with pytest.raises(TypeError, match='ReductionKernel'):
        ndimage.generic_filter1d(a, _MEAN, 3)
    with pytest.raises(TypeError, match='extra_arguments'):
        ndimage.generic_filter(a, _RMS, size=3, extra_arguments=(1,))
