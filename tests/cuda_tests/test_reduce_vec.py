"""The CUDA provider's 'vec' reductions (contiguous reduced elements:
vector loads, split blocks interleaved, the last block folding the
partials) against NumPy: misaligned starts, tails, repeated calls (the
arrival counters must be left at zero), two streams, every kind of
accumulator (a CUDA build with a GPU; skips elsewhere: conftest.py)."""

import numpy
import pytest

import cupy
from cupy import testing

_SIZES = [4097, 100003, (1 << 20) + 5]


def _x(dtype, n, seed=0):
    rng = numpy.random.default_rng(seed)
    dtype = numpy.dtype(dtype)
    if dtype.kind == 'b':
        return rng.random(n) < 0.3
    if dtype.kind in 'iu':
        return rng.integers(0, 7, n).astype(dtype)
    x = rng.standard_normal(n)
    if dtype.kind == 'c':
        x = x + 1j * rng.standard_normal(n)
    return x.astype(dtype)


@pytest.mark.parametrize('dtype', 'efdiFD?')
@pytest.mark.parametrize('n', _SIZES)
def test_sum_whole_array(dtype, n):
    x = _x(dtype, n, n)
    d = cupy.asarray(x)
    rtol = 1e-2 if dtype == 'e' else 1e-5
    for start in (0, 1, 3):         # the head before a 16-byte boundary
        want = x[start:].sum()
        for _ in range(2):          # the counters are reused
            testing.assert_allclose(d[start:].sum().get(), want, rtol=rtol)


@pytest.mark.parametrize('name', ['max', 'min', 'argmax', 'argmin', 'mean',
                                  'prod', 'all', 'any', 'count_nonzero'])
@pytest.mark.parametrize('n', _SIZES)
def test_other_reductions(name, n):
    x = _x('f', n, 2)
    if name == 'prod':
        # float64: a float32 product of 10^6 factors near 1 carries ~10^6
        # roundings in any order (NumPy's sequential loop and a tree end
        # 0.1% and 0.8% away from the exact product, both "right")
        x = 1 + x.astype(numpy.float64) / n
    if name in ('all', 'any'):
        x = (x > -3).astype(numpy.float32)
    d = cupy.asarray(x)
    got = getattr(cupy, name)(d[1:])
    want = getattr(numpy, name)(x[1:])
    testing.assert_allclose(got.get(), want, rtol=1e-4)


def test_innermost_axis_rows():
    x = _x('d', 7 * 50001, 3).reshape(7, 50001)
    d = cupy.asarray(x)
    testing.assert_allclose(d.sum(axis=1).get(), x.sum(axis=1), rtol=1e-10)
    testing.assert_allclose(d[:, 2:].max(axis=1).get(), x[:, 2:].max(axis=1))
    testing.assert_array_equal(d.argmin(axis=1).get(), x.argmin(axis=1))


def test_two_streams():
    xs = [_x('f', (1 << 22) + 1, s) for s in range(2)]
    ds = [cupy.asarray(x) for x in xs]
    cupy.cuda.Device().synchronize()
    streams = [cupy.cuda.Stream(non_blocking=True) for _ in range(2)]
    outs = []
    for _ in range(3):
        for s, d in zip(streams, ds):
            with s:
                outs.append(d.sum())
    for s in streams:
        s.synchronize()
    for k, out in enumerate(outs):
        testing.assert_allclose(out.get(), xs[k % 2].sum(), rtol=1e-4)
