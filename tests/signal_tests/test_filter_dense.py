"""Linear filters on both of their device paths against SciPy: the dense
products of short signals (``_iir_dense``) and the scan of long ones,
on each side of the switch; CuPy's past-values layout of zi; and
symiirorder2 / cspline2d's smoothing splines."""

import numpy
import pytest

import cupy
import cupyx.scipy.signal as cs
from cupyx.scipy.signal import _iir_dense
from tests.signal_tests.helpers import close, data, mostly_on_device

ss = pytest.importorskip('scipy.signal')

# one length each side of the dense path's limit, and a long one
_LENGTHS = [5, _iir_dense._MAX_N, _iir_dense._MAX_N + 1, 1500]


@pytest.mark.parametrize('n', _LENGTHS)
def test_lfilter_sosfilt_both_paths(n):
    b, a = ss.cheby1(4, 1, 0.3)
    x = data((2, n), numpy.float64)
    zi = data((2, 4), numpy.float64, 1)
    got = cs.lfilter(b, a, cupy.asarray(x), zi=cupy.asarray(zi))
    want = ss.lfilter(b, a, x, zi=zi)
    close(got[0], want[0])
    close(got[1], want[1])
    sos = ss.butter(5, 0.2, output='sos')
    szi = data((3, 2, 2), numpy.float64, 2)
    got = cs.sosfilt(sos, cupy.asarray(x), zi=cupy.asarray(szi))
    want = ss.sosfilt(sos, x, zi=szi)
    close(got[0], want[0])
    close(got[1], want[1])
    close(cs.sosfilt(sos, cupy.asarray(x.T), axis=0),
          ss.sosfilt(sos, x.T, axis=0))


@pytest.mark.parametrize('n', [40, _iir_dense._MAX_N - 30, 900])
def test_forward_backward_both_paths(n):
    x = data((3, n), numpy.float64)
    b, a = ss.butter(3, 0.15)
    for kw in [{}, {'padtype': 'even', 'padlen': 7}, {'padtype': None},
               {'method': 'gust'}, {'method': 'gust', 'irlen': 12}]:
        close(cs.filtfilt(b, a, cupy.asarray(x), **kw),
              ss.filtfilt(b, a, x, **kw))
    sos = ss.ellip(4, 1, 40, 0.3, output='sos')
    close(cs.sosfiltfilt(sos, cupy.asarray(x.T), axis=0, padtype='constant'),
          ss.sosfiltfilt(sos, x.T, axis=0, padtype='constant'))


@pytest.mark.parametrize('dtype', [numpy.float32, numpy.complex64,
                                   numpy.complex128])
def test_dense_dtypes(dtype):
    x = data((4, 60), dtype)
    b, a = ss.butter(2, 0.3)
    b = b.astype(numpy.result_type(dtype, numpy.float32))
    a = a.astype(b.dtype)
    close(cs.lfilter(b, a, cupy.asarray(x)), ss.lfilter(b, a, x), dtype)
    close(cs.filtfilt(b, a, cupy.asarray(x)), ss.filtfilt(b, a, x), dtype)


def test_dense_tables_are_reused_on_device():
    b, a = ss.butter(4, 0.1)
    x = cupy.asarray(data((8, 200), numpy.float64))
    cs.lfilter(b, a, x)
    cs.filtfilt(b, a, x)
    tables = len(_iir_dense._cache)
    with mostly_on_device(x.nbytes):
        cs.lfilter(b, a, x)
        cs.filtfilt(b, a, x)
    assert len(_iir_dense._cache) == tables


def test_lfilter_cupy_zi_layout():
    # CuPy's zi: the last len(b)-1 inputs, then the last len(a)-1 outputs,
    # oldest first; zf in the same layout continues the signal
    b = numpy.array([0.3, 0.2, 0.1])
    a = numpy.array([1.0, -0.5, 0.1, 0.05])
    x = data((40,), numpy.float64)
    past_x, past_y = numpy.array([0.4, -0.2]), numpy.array([1., .5, -.3])
    zi = numpy.concatenate([past_x, past_y])
    y, zf = cs.lfilter(b, a, cupy.asarray(x[:25]), zi=cupy.asarray(zi))
    y2, _ = cs.lfilter(b, a, cupy.asarray(x[25:]), zi=zf)
    state = ss.lfiltic(b, a, past_y[::-1], past_x[::-1])
    want = ss.lfilter(b, a, x, zi=state)[0]
    close(cupy.concatenate([y, y2]), want)
    # sosfilt: each section's last two inputs and outputs
    sos = ss.butter(4, 0.2, output='sos')
    szi = data((2, 4), numpy.float64, 3)
    got = cs.sosfilt(sos, cupy.asarray(x), zi=cupy.asarray(szi))[0]
    states = numpy.stack([ss.lfiltic(sos[s, :3], sos[s, 3:],
                                     szi[s, 2:][::-1], szi[s, :2][::-1])
                          for s in range(2)])
    close(got, ss.sosfilt(sos, x, zi=states)[0])


@pytest.mark.parametrize('shape', [(50,), (3, 70)])
@pytest.mark.parametrize('dtype', [numpy.float32, numpy.float64])
@pytest.mark.parametrize('r, omega, precision', [
    (0.5, 0.7, -1), (0.8, 2.0, 1e-3), (0.3, 1.2, 0.25)])
def test_symiirorder2(shape, dtype, r, omega, precision):
    x = data(shape, dtype)
    close(cs.symiirorder2(cupy.asarray(x), r, omega, precision),
          ss.symiirorder2(x, r, omega, precision), dtype)


def test_symiirorder2_errors_and_cspline2d():
    with pytest.raises(ValueError):
        cs.symiirorder2(cupy.ones(5), 0.5, 0.3)      # sum does not converge
    with pytest.raises(ValueError):
        cs.symiirorder2(cupy.ones(50), 1.0, 0.3)
    with pytest.raises(ValueError):
        cs.symiirorder2(cupy.ones((2, 2, 50)), 0.5, 0.3)
    x = data((40, 60), numpy.float64)
    close(cs.cspline2d(cupy.asarray(x), 0.5), ss.cspline2d(x, 0.5))
