"""Shared pieces of the cupyx.scipy.signal / interpolate tests."""

import contextlib

import numpy

import cupy


def data(shape, dtype, seed=0, scale=1.0):
    rs = numpy.random.RandomState(seed)
    dtype = numpy.dtype(dtype)
    if dtype.kind in 'iu':
        return rs.randint(0, 10, shape).astype(dtype)
    h = rs.uniform(-scale, scale, shape)
    if dtype.kind == 'c':
        h = h + 1j * rs.uniform(-scale, scale, shape)
    return h.astype(dtype)


def tol(dtype):
    return 2e-4 if numpy.dtype(dtype).char in 'fFe' else 1e-10


def close(got, want, dtype=None, rtol=None, atol=None, check_dtype=True):
    want = numpy.asarray(want)
    got_h = cupy.asnumpy(got)
    if check_dtype:
        assert got_h.dtype == want.dtype, (got_h.dtype, want.dtype)
    assert got_h.shape == want.shape, (got_h.shape, want.shape)
    t = tol(dtype if dtype is not None else want.dtype)
    numpy.testing.assert_allclose(got_h, want, rtol=rtol or t,
                                  atol=atol if atol is not None else t)


@contextlib.contextmanager
def mostly_on_device(data_bytes, fraction=0.05):
    """The block moves less than ``fraction`` of data_bytes between host
    and device (coefficients and counts only) and runs no host fallback
    (simulator counters; no check on real CANN)."""
    from cupy._core import _fallback
    from cupy_backends.ascend import is_simulator
    before_fb = sum(_fallback.fallback_counts().values())
    if not is_simulator():
        yield
        return
    from cupy_backends.ascend import simulator
    cupy.xpu.Device().synchronize()
    before = simulator.counters()
    yield
    cupy.xpu.Device().synchronize()
    after = simulator.counters()
    moved = (after['h2d_bytes'] - before['h2d_bytes'] +
             after['d2h_bytes'] - before['d2h_bytes'])
    assert moved < fraction * data_bytes, (moved, data_bytes)
    assert sum(_fallback.fallback_counts().values()) == before_fb
