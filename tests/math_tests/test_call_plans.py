"""The per-signature plans of reductions and matmul (issue 9's steady
state): a repeated call gives NumPy's result, and a change of the routes
(hiding a loop) or of the arguments is seen at once, not served from the
plan."""

import warnings

import numpy
import pytest

import cupy
from cupy._core import _dispatch
from cupy._core import _fallback
from cupy._core import _routines_linalg
from cupy._core.reduction import _reduce


def _host_fallbacks():
    return sum(_fallback.fallback_counts().values())


@pytest.mark.parametrize('call', [
    lambda x: x.sum(), lambda x: x.sum(axis=0), lambda x: x.max(axis=1),
    lambda x: x.mean(), lambda x: x.sum(keepdims=True), lambda x: x.all(),
    lambda x: x.var(axis=1), lambda x: x.T.sum(axis=0)])
def test_reduction_plan_repeats_numpy(call):
    h = numpy.arange(-6, 6, dtype=numpy.float32).reshape(3, 4)
    d = cupy.asarray(h)
    for _ in range(3):
        r = call(d)
        expected = call(h)
        assert r.dtype == expected.dtype and r.shape == expected.shape
        numpy.testing.assert_allclose(r.get(), expected, rtol=1e-6)


def test_reduction_plan_made_once_per_signature():
    d = cupy.arange(12, dtype=numpy.float32).reshape(3, 4)
    _reduce._PLANS.clear()
    d.sum(axis=1)
    d.sum(axis=1)
    assert len(_reduce._PLANS) == 1
    d.sum(axis=0)
    d.sum(axis=1, keepdims=True)
    d.astype(numpy.float64).sum(axis=1)
    assert len(_reduce._PLANS) == 4


def test_reduction_plan_not_used_for_other_arguments():
    h = numpy.arange(12, dtype=numpy.float32).reshape(3, 4)
    d = cupy.asarray(h)
    d.sum(axis=1)
    # a bool axis, an out=, a dtype=, where= take NumPy's checks each time
    with pytest.raises(TypeError):
        d.sum(axis=True)
    out = cupy.empty(3, numpy.float64)
    assert d.sum(axis=1, out=out) is out
    numpy.testing.assert_array_equal(out.get(), h.sum(axis=1))
    assert d.sum(axis=1, dtype=numpy.int8).dtype == numpy.int8
    w = numpy.array([True, False, True, True])
    numpy.testing.assert_array_equal(
        d.sum(axis=1, where=cupy.asarray(w)).get(), h.sum(axis=1, where=w))


def test_hidden_loop_bypasses_the_plan():
    d = cupy.arange(12, dtype=numpy.float32).reshape(3, 4)
    d.sum(axis=0)
    d.sum(axis=0)
    n = _host_fallbacks()
    with warnings.catch_warnings():
        warnings.simplefilter('ignore')
        with _dispatch.hide('sum', [numpy.float32]):
            r = d.sum(axis=0)
    assert _host_fallbacks() == n + 1       # not the plan's device route
    numpy.testing.assert_array_equal(
        r.get(), numpy.arange(12, dtype=numpy.float32).reshape(3, 4).sum(0))
    d.sum(axis=0)
    assert _host_fallbacks() == n + 1


def test_matmul_plan_repeats_numpy_and_sees_hiding():
    h = numpy.arange(24, dtype=numpy.float32).reshape(2, 3, 4)
    g = numpy.arange(8, dtype=numpy.float32).reshape(4, 2) / 4
    a, b = cupy.asarray(h), cupy.asarray(g)
    _routines_linalg._PLANS.clear()
    for _ in range(3):
        numpy.testing.assert_allclose((a @ b).get(), h @ g, rtol=1e-6)
    assert len(_routines_linalg._PLANS) == 1
    n = _host_fallbacks()
    with warnings.catch_warnings():
        warnings.simplefilter('ignore')
        with _dispatch.hide('matmul', [numpy.float32]):
            numpy.testing.assert_allclose((a @ b).get(), h @ g, rtol=1e-6)
    assert _host_fallbacks() == n + 1
    # other shapes and a 1-d operand take the general path's rules
    with pytest.raises(ValueError):
        a @ cupy.ones((3, 2), numpy.float32)
    numpy.testing.assert_allclose(
        (a @ b[:, 0]).get(), h @ g[:, 0], rtol=1e-6)


def test_ufunc_scalar_reused_only_for_the_same_object():
    # A ufunc call keeps the last Python scalar it converted to the loop's
    # dtype (issue 9): another object, even an equal one of the other
    # sign, is converted again.
    h = numpy.full(3, -0.0, numpy.float32)
    z = cupy.asarray(h)
    for _ in range(2):
        for s in (0.0, -0.0, 0.0):
            got = cupy.add(z, s).get()
            assert numpy.array_equal(numpy.signbit(got),
                                     numpy.signbit(numpy.add(h, s)))
    a = cupy.arange(4, dtype=numpy.float32)
    for x in (1, 2, 1, 2.5, 2.5):
        assert (a > x).get().tolist() == (numpy.arange(4) > x).tolist()


def test_ufunc_scalar_overflow_warns_every_call():
    # NumPy warns on each call whose scalar overflows the loop's dtype; a
    # scalar that overflowed is not kept
    h = numpy.ones(3, numpy.float16)
    d = cupy.asarray(h)
    x = 1e6
    for _ in range(3):
        with pytest.warns(RuntimeWarning, match='overflow'):
            r = d * x
        with pytest.warns(RuntimeWarning, match='overflow'):
            expected = h * x
        numpy.testing.assert_array_equal(r.get(), expected)
