"""The literal scalars of elementwise programs that an operator takes as a
tensor (the literal self of a fused Horner step, `c + k*p`) are kept as
1-element device tensors per device, stream, dtype and value
(cupy_backends/ascend/ops/elementwise/_run.pyx, `_constants`): a
replayed kernel fills them once, not at every call; the results stay
NumPy's bit for bit; the cache is bounded and emptied with the executor
cache."""

import gc

import numpy
import pytest

import cupy
from cupy_backends import get_backend_name

pytestmark = pytest.mark.skipif(get_backend_name() != 'ascend',
                                reason='the ascend elementwise runner')

# a Horner polynomial: each step `c + k * p` with a literal c (an Axpy
# or Addcmul whose self is the literal as a tensor); float literals, exact
# in both types, so T arithmetic throughout
_POLY = cupy.ElementwiseKernel(
    'T x', 'T y',
    'y = 0.75f + x * (-1.25f + x * (0.5f + x * (2.25f + x * 1.5f)));',
    'uk_constants_poly')


def _poly_np(x):
    t = x.dtype.type
    return t(0.75) + x * (t(-1.25) + x * (t(0.5) + x * (
        t(2.25) + x * t(1.5))))


def _launches(fn):
    from cupy_backends.ascend import simulator
    c0 = simulator.counters()['kernel_launches']
    res = fn()
    return res, simulator.counters()['kernel_launches'] - c0


def _run():
    from cupy_backends.ascend.ops.elementwise import _run
    return _run


@pytest.mark.parametrize('dtype', [numpy.float32, numpy.float64])
def test_repeated_call_fills_no_constant_and_stays_exact(dtype):
    _run().clear_constants()
    h = numpy.random.RandomState(1).uniform(-2, 2, 4099).astype(dtype)
    x = cupy.asarray(h)
    ref = _poly_np(h)
    first, n_first = _launches(lambda: _POLY(x))
    made = _run().constants()
    assert made >= 1
    for _ in range(3):
        y, n = _launches(lambda: _POLY(x))
        # the same constants, none filled again
        assert _run().constants() == made
        assert n <= n_first - made
        numpy.testing.assert_array_equal(y.get(), ref)
    numpy.testing.assert_array_equal(first.get(), ref)


def test_another_stream_gets_its_own_constants():
    h = numpy.linspace(-1, 1, 1000)
    x = cupy.asarray(h)
    _POLY(x)
    before = _run().constants()
    s = cupy.xpu.Stream()
    with s:
        y = _POLY(x)
    s.synchronize()
    assert _run().constants() > before
    numpy.testing.assert_array_equal(y.get(), _poly_np(h))


def test_bound_and_clear():
    run = _run()
    run.clear_constants()
    count, old = run.constants(max_count=0)
    try:
        h = numpy.linspace(-3, 3, 777, dtype=numpy.float32)
        y = _POLY(cupy.asarray(h))
        y2 = _POLY(cupy.asarray(h))
        assert run.constants() == 0       # past the bound: filled per call
        numpy.testing.assert_array_equal(y.get(), _poly_np(h))
        numpy.testing.assert_array_equal(y2.get(), _poly_np(h))
    finally:
        run.constants(max_count=old)
    pool = cupy.get_default_memory_pool()
    x = cupy.asarray(numpy.linspace(-1, 1, 64))
    _POLY(x)
    assert run.constants() > 0
    del x
    gc.collect()
    cupy.xpu.Device().synchronize()
    from cupy_backends.ascend.ops import _executor_cache
    held = pool.used_bytes()
    _executor_cache.clear()             # empties the constants with it
    assert run.constants() == 0
    cupy.xpu.Device().synchronize()
    assert pool.used_bytes() < held
