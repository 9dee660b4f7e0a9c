"""cupyx.scipy.signal convolutions against SciPy: modes, methods, dtypes,
odd/even and N-d shapes, boundaries, non-contiguous input, errors."""

import numpy
import pytest

import cupy
import cupyx.scipy.signal as cs
from tests.signal_tests.helpers import close, data, mostly_on_device

ss = pytest.importorskip('scipy.signal')

MODES = ['full', 'same', 'valid']
SHAPES = [((31,), (4,)), ((30,), (7,)), ((5,), (12,)), ((9, 8), (3, 4)),
          ((4, 6, 5), (3, 2, 3))]


@pytest.mark.parametrize('mode', MODES)
@pytest.mark.parametrize('method', ['direct', 'fft', 'auto'])
@pytest.mark.parametrize('shapes', SHAPES)
def test_convolve_correlate(mode, method, shapes):
    a = data(shapes[0], numpy.float64)
    b = data(shapes[1], numpy.float64, 1)
    for name in ('convolve', 'correlate'):
        fn, ref = getattr(cs, name), getattr(ss, name)
        close(fn(cupy.asarray(a), cupy.asarray(b), mode, method),
              ref(a, b, mode, method))


@pytest.mark.parametrize('dtype', [numpy.uint8, numpy.int32, numpy.float32,
                                   numpy.float64, numpy.complex64,
                                   numpy.complex128])
@pytest.mark.parametrize('mode', MODES)
def test_convolve_dtypes(dtype, mode):
    a = data((20,), dtype)
    b = data((5,), dtype, 1)
    for name in ('convolve', 'correlate'):
        got = getattr(cs, name)(cupy.asarray(a), cupy.asarray(b), mode)
        want = getattr(ss, name)(a, b, mode)
        close(got, want, dtype)


@pytest.mark.parametrize('mode', MODES)
@pytest.mark.parametrize('axes', [None, 0, [1], [0, 1]])
def test_fftconvolve_oaconvolve(mode, axes):
    a = data((40, 9), numpy.float64)
    b = data((7, 9) if axes in (0,) else (7, 3) if axes is None or
             axes == [0, 1] else (40, 3), numpy.float64, 1)
    if axes == [1]:
        b = data((1, 3), numpy.float64, 1)
    close(cs.fftconvolve(cupy.asarray(a), cupy.asarray(b), mode, axes),
          ss.fftconvolve(a, b, mode, axes))
    close(cs.oaconvolve(cupy.asarray(a), cupy.asarray(b), mode, axes),
          ss.oaconvolve(a, b, mode, axes))


@pytest.mark.parametrize('mode', MODES)
@pytest.mark.parametrize('dtype', [numpy.float32, numpy.complex128])
def test_oaconvolve_long(mode, dtype):
    a = data((3000,), dtype)
    b = data((61,), dtype, 1)
    close(cs.oaconvolve(cupy.asarray(a), cupy.asarray(b), mode),
          ss.oaconvolve(a, b, mode), dtype)
    close(cs.oaconvolve(cupy.asarray(b), cupy.asarray(a), mode),
          ss.oaconvolve(b, a, mode), dtype)


@pytest.mark.parametrize('boundary', ['fill', 'wrap', 'symm'])
@pytest.mark.parametrize('mode', MODES)
@pytest.mark.parametrize('kshape', [(3, 3), (2, 4), (5, 2)])
def test_convolve2d_correlate2d(boundary, mode, kshape):
    a = data((7, 9), numpy.int64)
    b = data(kshape, numpy.int64, 1)
    for name in ('convolve2d', 'correlate2d'):
        got = getattr(cs, name)(cupy.asarray(a), cupy.asarray(b), mode,
                                boundary, fillvalue=3)
        close(got, getattr(ss, name)(a, b, mode, boundary, fillvalue=3))
    # in2 larger than in1 ('valid' swaps)
    if mode == 'valid':
        close(cs.correlate2d(cupy.asarray(b), cupy.asarray(a), mode),
              ss.correlate2d(b, a, mode))


def test_convolve2d_complex_and_noncontiguous():
    a = data((12, 10), numpy.complex128)
    b = data((3, 4), numpy.complex128, 1)
    ca = cupy.asarray(a)[::2, ::-1]
    close(cs.convolve2d(ca, cupy.asarray(b).T, 'same', 'symm'),
          ss.convolve2d(a[::2, ::-1], b.T, 'same', 'symm'))
    close(cs.correlate2d(ca, cupy.asarray(b), 'full', 'wrap'),
          ss.correlate2d(a[::2, ::-1], b, 'full', 'wrap'))


def test_choose_conv_method_and_lags():
    a = cupy.asarray(data((1000,), numpy.float64))
    assert cs.choose_conv_method(a, a[:3]) == 'direct'
    assert cs.choose_conv_method(a, a) == 'fft'
    ia = cupy.arange(100)
    assert cs.choose_conv_method(ia, ia) == 'direct'
    method, times = cs.choose_conv_method(a[:50], a[:5], measure=True)
    assert method in ('direct', 'fft') and set(times) == {'direct', 'fft'}
    for n1, n2 in [(10, 4), (4, 10), (7, 7), (9, 2)]:
        for mode in MODES:
            close(cs.correlation_lags(n1, n2, mode),
                  ss.correlation_lags(n1, n2, mode), check_dtype=False)


def test_empty_and_errors():
    e = cupy.zeros(0)
    assert cs.convolve(e, cupy.ones(3)).size == 0
    assert cs.fftconvolve(e, cupy.ones(3)).size == 0
    with pytest.raises(ValueError):
        cs.convolve(cupy.ones(3), cupy.ones(3), mode='bad')
    with pytest.raises(ValueError):
        cs.convolve(cupy.ones(3), cupy.ones(3), method='bad')
    with pytest.raises(ValueError):
        cs.convolve(cupy.ones((3, 3)), cupy.ones(3))
    with pytest.raises(ValueError):
        cs.convolve(cupy.ones((3, 5)), cupy.ones((5, 3)), 'valid')
    with pytest.raises(ValueError):
        cs.convolve2d(cupy.ones(3), cupy.ones(3))
    with pytest.raises(ValueError):
        cs.convolve2d(cupy.ones((3, 3)), cupy.ones((2, 2)), boundary='x')
    with pytest.raises(ValueError):
        cs.fftconvolve(cupy.ones((3, 3)), cupy.ones((3, 3)), axes=[0, 0])
    with pytest.raises(ValueError):
        cs.correlation_lags(3, 2, 'bad')


def test_direct_convolution_stays_on_device():
    a = cupy.asarray(data((4096,), numpy.float64))
    b = cupy.asarray(data((9,), numpy.float64, 1))
    with mostly_on_device(a.nbytes):
        cs.convolve(a, b, method='direct')
        cs.fftconvolve(a, b)
