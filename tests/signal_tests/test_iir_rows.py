"""The long-signal recursion (``_iir_rows``: blocks side by side, chained
by a scan over the blocks) against SciPy's sequential lfilter/sosfilt:
lengths around block multiples, many blocks (a small block length),
orders above the block length, zi/zf, axes, dtypes, batches of short
signals that skip the dense path."""

import numpy
import pytest

import cupy
import cupyx.scipy.signal as cs
from cupyx.scipy.signal import _iir_dense, _iir_rows
from tests.signal_tests.helpers import close, data

ss = pytest.importorskip('scipy.signal')


@pytest.fixture(params=['rows', 'product'])
def long_path(monkeypatch, request):
    # every call takes the scan (no dense products of the whole signal):
    # the row-by-row recursion in blocks of 4 rows, or the in-block
    # product of small signals (blocks of 16)
    monkeypatch.setattr(_iir_dense, '_MAX_N', 0)
    if request.param == 'rows':
        monkeypatch.setattr(_iir_rows, '_BLOCK', 4)
        monkeypatch.setattr(_iir_rows, '_SMALL', 0)


@pytest.mark.parametrize('n', [1, 3, 4, 5, 63, 64, 130])
@pytest.mark.parametrize('order', [1, 2, 6])
def test_lfilter_blocks(long_path, n, order):
    b, a = ss.cheby1(order, 1, 0.3)
    x = data((2, n), numpy.float64)
    close(cs.lfilter(b, a, cupy.asarray(x)), ss.lfilter(b, a, x))
    zi = data((2, order), numpy.float64, 1)
    y, zf = cs.lfilter(b, a, cupy.asarray(x), zi=cupy.asarray(zi))
    want = ss.lfilter(b, a, x, zi=zi)
    close(y, want[0])
    close(zf, want[1])


@pytest.mark.parametrize('n', [1, 2, 5, 37, 100])
@pytest.mark.parametrize('axis', [0, -1])
def test_sosfilt_blocks(long_path, n, axis):
    sos = ss.ellip(6, 1, 40, [0.1, 0.3], 'bandpass', output='sos')
    shape = (n, 3) if axis == 0 else (3, n)
    x = data(shape, numpy.float64)
    close(cs.sosfilt(sos, cupy.asarray(x), axis=axis),
          ss.sosfilt(sos, x, axis=axis))
    zshape = [len(sos), 3, 3]
    zshape[axis % 2 + 1] = 2
    zi = data(tuple(zshape), numpy.float64, 2)
    y, zf = cs.sosfilt(sos, cupy.asarray(x), axis=axis, zi=cupy.asarray(zi))
    want = ss.sosfilt(sos, x, axis=axis, zi=zi)
    close(y, want[0])
    close(zf, want[1])


@pytest.mark.parametrize('dtype', [numpy.float32, numpy.complex64,
                                   numpy.complex128])
def test_dtypes(long_path, dtype):
    b, a = ss.butter(3, 0.2)
    sos = ss.butter(5, 0.2, output='sos')
    x = data((2, 50), dtype)
    close(cs.lfilter(b, a, cupy.asarray(x)), ss.lfilter(b, a, x), dtype)
    close(cs.sosfilt(sos, cupy.asarray(x)), ss.sosfilt(sos, x), dtype)


def test_order_above_block(long_path):
    # 9 poles, blocks of 4 rows: the block grows to hold the state
    b, a = ss.butter(9, 0.4)
    x = data((70,), numpy.float64)
    close(cs.lfilter(b, a, cupy.asarray(x)), ss.lfilter(b, a, x), rtol=1e-8)


def test_filtfilt_default_block():
    # the default block length, a batch of short signals too large for
    # the dense products
    sos = ss.butter(8, 0.1, output='sos')
    b, a = ss.butter(4, 0.1)
    x = data((600, 700), numpy.float64)
    close(cs.sosfiltfilt(sos, cupy.asarray(x)), ss.sosfiltfilt(sos, x))
    close(cs.filtfilt(b, a, cupy.asarray(x)), ss.filtfilt(b, a, x),
          rtol=1e-9)
