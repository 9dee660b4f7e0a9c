"""cupyx.scipy.fft.fht/ifht (FFTLog) against scipy.fft: orders, offsets,
biases, batches, dtypes, and the round trip."""

import numpy
import pytest

import cupy
from cupy import testing

scipy_fft = pytest.importorskip('scipy.fft')
import cupyx.scipy.fft  # NOQA: E402


def _signal(xp, n, mu, batch=None, dtype=numpy.float64):
    r = xp.logspace(-4, 4, n)
    a = r ** (mu + 1) * xp.exp(-r ** 2 / 2)
    if batch:
        a = xp.stack([a * (k + 1) for k in range(batch)])
    return a.astype(dtype), float(numpy.log(10.0) * 8 / (n - 1))


@pytest.mark.parametrize('name', ['fht', 'ifht'])
@pytest.mark.parametrize('mu', [0.5, -1.2])
@pytest.mark.parametrize('offset', [0.0, 0.1, 'optimal'])
@pytest.mark.parametrize('bias', [0.0, 0.8])
@pytest.mark.parametrize('n,batch', [(9, None), (16, 3)])
@testing.numpy_cupy_allclose(rtol=1e-10, atol=1e-10, scipy_name='scp')
def test_fht(xp, scp, name, mu, offset, bias, n, batch):
    a, dln = _signal(xp, n, mu, batch)
    if offset == 'optimal':
        offset = scipy_fft.fhtoffset(dln, mu, bias=bias)
    return getattr(scp.fft, name)(a, dln, mu, offset=offset, bias=bias)


@pytest.mark.parametrize('dtype', [numpy.float32, numpy.int32])
@pytest.mark.parametrize('bias', [0.0, -0.5])
@testing.numpy_cupy_allclose(rtol=1e-5, atol=1e-5, scipy_name='scp')
def test_fht_dtypes(xp, scp, dtype, bias):
    a, dln = _signal(xp, 10, 0.3, dtype=numpy.float64)
    a = (a * 100).astype(dtype)
    return scp.fft.fht(a, dln, 0.3, bias=bias)


def test_round_trip():
    a, dln = _signal(cupy, 64, 0.5)
    offset = cupyx.scipy.fft.fhtoffset(dln, 0.5)
    back = cupyx.scipy.fft.ifht(cupyx.scipy.fft.fht(a, dln, 0.5, offset),
                                dln, 0.5, offset)
    testing.assert_allclose(back, a, rtol=1e-9, atol=1e-12)
