"""Issue 9: in the steady state an elementwise call allocates nothing in
the interpreter beyond its result (the array, its memory pointer, its
pooled memory and its operand view), counted by
cupy_backends.backend._pyalloc."""

import numpy
import pytest

import cupy
from cupy._core import core
from cupy_backends.backend import _pyalloc

CALLS = 500


def _per_call(fn):
    # the simulator's stream workers (Python threads running the kernels)
    # hold their tasks back while counting, so only this thread's
    # allocations are seen
    from cupy_backends.ascend import simulator
    for _ in range(50):
        fn()
    cupy.xpu.Device().synchronize()
    old = simulator.get_strict_delay_us()
    simulator.set_strict_delay_us(200000)
    try:
        _pyalloc.start()
        for _ in range(CALLS):
            fn()
        objs, other = _pyalloc.stop()
    finally:
        simulator.set_strict_delay_us(old)
    cupy.xpu.Device().synchronize()
    return (objs + other) / CALLS


def _result_floor():
    dt = numpy.dtype(numpy.float32)
    return _per_call(lambda: core._empty((16,), dt)._as_view())


def test_counter_counts():
    # the counter sees a list and its items made per call
    base = _per_call(lambda: None)
    assert _per_call(lambda: [object(), object()]) >= base + 2.5


@pytest.mark.parametrize('name', ['a + b', 'cos(a)'])
def test_elementwise_allocates_only_its_result(name):
    a = cupy.arange(16, dtype=numpy.float32)
    b = cupy.full(16, 0.5, dtype=numpy.float32)
    fn = {'a + b': lambda: a + b, 'cos(a)': lambda: cupy.cos(a)}[name]
    got = _per_call(fn) - _per_call(lambda: None)
    assert got <= _result_floor() + 0.5


def test_results_still_right_after_reusing_the_context():
    h = numpy.arange(16, dtype=numpy.float32)
    a = cupy.asarray(h)
    rs = [a + a for _ in range(20)] + [cupy.cos(a) for _ in range(5)]
    for r in rs[:20]:
        numpy.testing.assert_array_equal(r.get(), h + h)
    for r in rs[20:]:
        numpy.testing.assert_allclose(r.get(), numpy.cos(h), rtol=1e-6)
