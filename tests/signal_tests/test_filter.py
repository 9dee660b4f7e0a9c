"""cupyx.scipy.signal linear filters against SciPy: lfilter (with zi,
axes, dtypes, FIR and IIR, orders, lengths around the scan's powers of
two), lfilter_zi, lfiltic, sosfilt(_zi), filtfilt, sosfiltfilt, and the
other filters (detrend, hilbert, decimate, resample, resample_poly,
upfirdn, medfilt, wiener, savgol)."""

import numpy
import pytest

import cupy
import cupyx.scipy.signal as cs
from tests.signal_tests.helpers import close, data, mostly_on_device

ss = pytest.importorskip('scipy.signal')


def _ba(order, kind='butter'):
    if kind == 'fir':
        return ss.firwin(order + 1, 0.3), numpy.array([1.0])
    return getattr(ss, kind)(order, 0.2, *([] if kind == 'butter' else []))


@pytest.mark.parametrize('n', [1, 2, 3, 31, 32, 33, 100])
@pytest.mark.parametrize('order', [1, 2, 5])
def test_lfilter_lengths_orders(n, order):
    b, a = ss.butter(order, 0.25)
    x = data((3, n), numpy.float64)
    close(cs.lfilter(b, a, cupy.asarray(x)), ss.lfilter(b, a, x))
    zi = data((3, order), numpy.float64, 2)
    got = cs.lfilter(b, a, cupy.asarray(x), zi=cupy.asarray(zi))
    want = ss.lfilter(b, a, x, zi=zi)
    close(got[0], want[0])
    close(got[1], want[1])


@pytest.mark.parametrize('axis', [0, 1, -1])
@pytest.mark.parametrize('dtype', [numpy.float32, numpy.float64,
                                   numpy.complex64, numpy.complex128,
                                   numpy.int32])
def test_lfilter_axes_dtypes(axis, dtype):
    x = data((6, 7, 8), dtype)
    b = numpy.array([0.5, 0.3, 0.2], dtype=numpy.result_type(dtype, 'f'))
    a = numpy.array([1.0, -0.4, 0.1], dtype=b.dtype)
    if numpy.dtype(dtype).kind in 'iu':
        b, a = b.astype(numpy.float64), a.astype(numpy.float64)
    want = ss.lfilter(b, a, x, axis=axis)
    got = cs.lfilter(cupy.asarray(b), cupy.asarray(a), cupy.asarray(x),
                     axis=axis)
    close(got, want, dtype)
    assert got.flags.c_contiguous
    shape = list(x.shape)
    shape[axis] = 2
    zi = data(tuple(shape), numpy.result_type(dtype, b.dtype), 3)
    got = cs.lfilter(b, a, cupy.asarray(x), axis=axis, zi=cupy.asarray(zi))
    want = ss.lfilter(b, a, x, axis=axis, zi=zi)
    close(got[0], want[0], dtype)
    close(got[1], want[1], dtype)


def test_lfilter_fir_iir_special_cases():
    x = data((2, 300), numpy.float64)
    # long FIR (FFT path), a unnormalised, b shorter than a, a longer
    for b, a in [(data((100,), 'd', 4), [1.0]), ([2.0, 1.0], [2.0]),
                 ([1.0], [2.0, -0.5, 0.1, 0.02]), ([1, 2, 3, 4, 5], [1, .3]),
                 ([0.5], [1.0, 0.0, 0.0, -0.25])]:
        close(cs.lfilter(b, a, cupy.asarray(x)), ss.lfilter(b, a, x))
    # a marginally stable integrator keeps its exact running sum
    close(cs.lfilter([1.0], [1.0, -1.0], cupy.asarray(x)),
          ss.lfilter([1.0], [1.0, -1.0], x))
    # non-contiguous input
    xv = cupy.asarray(x)[:, ::-3]
    close(cs.lfilter([1, .5], [1, -.3], xv),
          ss.lfilter([1, .5], [1, -.3], x[:, ::-3]))


def test_lfilter_errors_and_empty():
    x = cupy.ones(10)
    with pytest.raises(ValueError):
        cs.lfilter([1.0], [0.0, 1.0], x)
    with pytest.raises(ValueError):
        cs.lfilter([1.0, 2, 3], [1.0], x, zi=cupy.zeros(3))
    with pytest.raises(numpy.exceptions.AxisError):
        cs.lfilter([1.0], [1.0], x, axis=2)
    e = cs.lfilter([1.0, 2.0], [1.0, 0.5], cupy.zeros((3, 0)))
    assert e.shape == (3, 0)
    with pytest.raises(ValueError):
        cs.sosfilt(numpy.ones((2, 5)), x)
    with pytest.raises(ValueError):
        cs.sosfilt(numpy.ones((2, 6)) * 2, x)
    with pytest.raises(ValueError):
        cs.filtfilt([1.0, 1.0], [1.0, 0.5], cupy.ones(5))
    with pytest.raises(ValueError):
        cs.filtfilt([1.0], [1.0], x, padtype='bad')


def test_lfilter_is_a_device_scan():
    b, a = ss.butter(4, 0.1)
    x = cupy.asarray(data((1 << 14,), numpy.float64))
    cs.lfilter(b, a, x)
    with mostly_on_device(x.nbytes):
        cs.lfilter(b, a, x)


def test_zi_helpers():
    for b, a in [ss.butter(3, 0.3), ([1, 2, 1], [1, -.5, .2, .1]),
                 ([1.0, 0.5], [1.0])]:
        close(cs.lfilter_zi(b, a), ss.lfilter_zi(b, a))
    b, a = ss.butter(3, 0.3)
    close(cs.lfiltic(b, a, cupy.asarray([1., 2.]), cupy.asarray([3.])),
          ss.lfiltic(b, a, [1., 2.], [3.]))
    close(cs.lfiltic(b, a, [1., 2., 3., 4.]), ss.lfiltic(b, a, [1., 2., 3.,
                                                               4.]))
    sos = ss.butter(6, 0.2, output='sos')
    close(cs.sosfilt_zi(sos), ss.sosfilt_zi(sos))


@pytest.mark.parametrize('axis', [0, -1])
@pytest.mark.parametrize('dtype', [numpy.float32, numpy.float64,
                                   numpy.complex128])
def test_sosfilt(axis, dtype):
    sos = ss.cheby1(6, 1, [0.1, 0.4], 'bandpass', output='sos')
    x = data((50, 40), dtype)
    close(cs.sosfilt(sos, cupy.asarray(x), axis=axis),
          ss.sosfilt(sos, x, axis=axis), dtype)
    shape = [sos.shape[0], 50, 40]
    shape[axis % 2 + 1] = 2
    zi = data(tuple(shape), numpy.float64, 1)
    got = cs.sosfilt(sos, cupy.asarray(x), axis=axis, zi=cupy.asarray(zi))
    want = ss.sosfilt(sos, x, axis=axis, zi=zi)
    close(got[0], want[0], dtype)
    close(got[1], want[1], dtype)


@pytest.mark.parametrize('padtype', ['odd', 'even', 'constant', None])
def test_filtfilt_sosfiltfilt(padtype):
    x = data((3, 120), numpy.float64)
    b, a = ss.butter(3, 0.2)
    close(cs.filtfilt(b, a, cupy.asarray(x), padtype=padtype),
          ss.filtfilt(b, a, x, padtype=padtype))
    close(cs.filtfilt(b, a, cupy.asarray(x.T), axis=0, padlen=10),
          ss.filtfilt(b, a, x.T, axis=0, padlen=10))
    sos = ss.ellip(5, 1, 40, 0.3, output='sos')
    close(cs.sosfiltfilt(sos, cupy.asarray(x), padtype=padtype),
          ss.sosfiltfilt(sos, x, padtype=padtype))


def test_detrend_hilbert():
    x = data((4, 33), numpy.float64)
    for kw in [{}, {'type': 'constant'}, {'bp': [5, 20]}, {'axis': 0}]:
        close(cs.detrend(cupy.asarray(x), **kw), ss.detrend(x, **kw))
    close(cs.detrend(cupy.asarray(x, numpy.float32)),
          ss.detrend(x.astype(numpy.float32)), numpy.float32)
    for n in (None, 32, 40):
        close(cs.hilbert(cupy.asarray(x), N=n), ss.hilbert(x, N=n))
    close(cs.hilbert2(cupy.asarray(x)), ss.hilbert2(x))
    with pytest.raises(ValueError):
        cs.hilbert(cupy.asarray(x + 1j))
    with pytest.raises(ValueError):
        cs.hilbert(cupy.asarray(x), N=0)
    with pytest.raises(ValueError):
        cs.detrend(cupy.asarray(x), type='quadratic')


@pytest.mark.parametrize('up,down', [(1, 1), (3, 1), (1, 4), (3, 2),
                                     (2, 7)])
def test_upfirdn_resample_poly(up, down):
    x = data((2, 57), numpy.float64)
    h = data((9,), numpy.float64, 1)
    close(cs.upfirdn(cupy.asarray(h), cupy.asarray(x), up, down),
          ss.upfirdn(h, x, up, down))
    close(cs.resample_poly(cupy.asarray(x), up, down, axis=1),
          ss.resample_poly(x, up, down, axis=1))
    x32 = x.astype(numpy.float32)
    close(cs.resample_poly(cupy.asarray(x32), up, down, axis=1),
          ss.resample_poly(x32, up, down, axis=1), numpy.float32)


@pytest.mark.parametrize('num', [20, 21, 57, 100, 101])
def test_resample(num):
    x = data((57, 2), numpy.float64)
    close(cs.resample(cupy.asarray(x), num), ss.resample(x, num))
    xc = data((57,), numpy.complex128)
    close(cs.resample(cupy.asarray(xc), num), ss.resample(xc, num))
    close(cs.resample(cupy.asarray(x), num, window='hann'),
          ss.resample(x, num, window='hann'))


@pytest.mark.parametrize('ftype', ['iir', 'fir'])
@pytest.mark.parametrize('zero_phase', [True, False])
def test_decimate(ftype, zero_phase):
    x = data((500,), numpy.float64)
    close(cs.decimate(cupy.asarray(x), 3, ftype=ftype,
                      zero_phase=zero_phase),
          ss.decimate(x, 3, ftype=ftype, zero_phase=zero_phase))


def test_medfilt_wiener_order_filter():
    x = data((11, 12), numpy.float64)
    close(cs.medfilt(cupy.asarray(x), [3, 5]), ss.medfilt(x, [3, 5]))
    close(cs.medfilt2d(cupy.asarray(x), 5), ss.medfilt2d(x, 5))
    xi = data((30,), numpy.int32)
    close(cs.medfilt(cupy.asarray(xi), 5), ss.medfilt(xi, 5))
    close(cs.wiener(cupy.asarray(x)), ss.wiener(x))
    close(cs.wiener(cupy.asarray(x), [3, 5], noise=0.1),
          ss.wiener(x, [3, 5], noise=0.1))
    dom = numpy.array([[1, 0, 1], [0, 1, 0], [1, 1, 1]])
    close(cs.order_filter(cupy.asarray(x), dom, 2),
          ss.order_filter(x, dom, 2))
    with pytest.raises(ValueError):
        cs.medfilt(cupy.asarray(x), 4)


@pytest.mark.parametrize('mode', ['mirror', 'constant', 'nearest', 'wrap',
                                  'interp'])
@pytest.mark.parametrize('deriv', [0, 1, 2])
def test_savgol(mode, deriv):
    x = data((3, 40), numpy.float64)
    close(cs.savgol_filter(cupy.asarray(x), 9, 3, deriv=deriv, mode=mode),
          ss.savgol_filter(x, 9, 3, deriv=deriv, mode=mode))
    close(cs.savgol_filter(cupy.asarray(x.T), 8, 2, deriv=deriv, axis=0,
                           mode=mode, delta=0.5),
          ss.savgol_filter(x.T, 8, 2, deriv=deriv, axis=0, mode=mode,
                           delta=0.5))
    close(cs.savgol_coeffs(7, 2, deriv), ss.savgol_coeffs(7, 2, deriv))
    with pytest.raises(ValueError):
        cs.savgol_filter(cupy.asarray(x), 99, 2)
