"""Integers to negative integer powers raise NumPy's ValueError, decided
by the core (_ufunc.pyx) for scalar and array exponents alike: the
provider is never asked to run such a power (its own check is not relied
on)."""

import numpy
import pytest

import cupy
from cupy._core import _dispatch
from cupy_backends.backend.provider import Provider

_MSG = 'Integers to negative integer powers are not allowed'


class _NoNegativePower(Provider):
    """The backend's provider, failing the test if an integer power with
    a negative scalar exponent reaches it (the provider has no check for
    array exponents: a ValueError for those can only come from the
    core)."""

    def __init__(self, inner):
        self.inner = inner

    def run(self, op, outs, ins, attrs, stream):
        if op == 'elementwise' and attrs['name'] == 'power' and \
                attrs['loop'][1] in 'bhilq':
            x = ins[1]
            if not hasattr(x, 'base'):
                assert x >= 0, 'a negative exponent reached the provider'
        return self.inner.run(op, outs, ins, attrs, stream)

    def routes(self, op):
        return self.inner.routes(op)


@pytest.fixture
def guarded():
    old = _dispatch._set_provider(_NoNegativePower(_dispatch.get_provider()))
    try:
        yield
    finally:
        _dispatch._set_provider(old)


def _a(values, dtype=numpy.int64):
    return cupy.asarray(numpy.array(values, dtype))


@pytest.mark.parametrize('call', [
    lambda: cupy.power(_a([2, 3]), -1),                   # Python scalar
    lambda: cupy.power(_a([2, 3]), numpy.int64(-2)),      # NumPy scalar
    lambda: cupy.power(_a([2, 3], numpy.int8), numpy.int8(-1)),
    lambda: cupy.power(_a([2, 3]), _a(-1)),               # 0-d array
    lambda: cupy.power(_a([2, 3]), _a([1, -1])),          # array
    lambda: cupy.power(_a([[2], [3]]), _a([1, -1])),      # broadcast
    lambda: cupy.power(2, _a([1, -1])),                   # scalar base
    lambda: cupy.power(_a([2, 3]), -1, out=_a([0, 0])),
    lambda: cupy.power(_a([2, 3]), -1, where=_a([True, False], bool),
                       out=_a([0, 0])),
    lambda: cupy.power(_a([2, 3], numpy.int16), _a([-1, 1], numpy.int8)),
    lambda: _a([2, 3]) ** -1,
    lambda: 2 ** _a([1, -1]),
    lambda: cupy.power.outer(_a([2]), _a([-1])),
    lambda: cupy.power.reduce(_a([2, -1])),
    lambda: cupy.power.accumulate(_a([2, -1])),
    lambda: cupy.power.at(_a([2, 3]), [0], -1),
])
def test_raises_before_the_provider(guarded, call):
    with pytest.raises(ValueError, match=_MSG):
        call()


@pytest.mark.parametrize('hidden', [['bb->b'], None])
def test_cast_and_host_routes(guarded, hidden):
    # a cast route (int8 through a wider loop) and the host route
    a = _a([2, 3], numpy.int8)
    with _dispatch.hide('power', hidden):
        with pytest.raises(ValueError, match=_MSG):
            cupy.power(a, numpy.int8(-1))
        with pytest.raises(ValueError, match=_MSG):
            cupy.power(a, _a([1, -1], numpy.int8))


def test_inplace(guarded):
    a = _a([2, 3])
    with pytest.raises(ValueError, match=_MSG):
        a **= -1
    with pytest.raises(ValueError, match=_MSG):
        a **= _a([0, -1])


@pytest.mark.parametrize('call', [
    lambda: cupy.power(_a([2, 3]), 2),
    lambda: cupy.power(_a([2, 3]), _a([0, 3])),
    lambda: cupy.power(_a([2, 3], numpy.uint8), 2),
    lambda: cupy.power(_a([2.0, 4.0], numpy.float32), -1),  # float: fine
])
def test_non_negative_and_float_exponents_run(guarded, call):
    call()
