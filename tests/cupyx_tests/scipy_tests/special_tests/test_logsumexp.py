"""logsumexp, softmax, log_softmax against SciPy: axes, b with signs,
keepdims, return_sign, infinities."""

import numpy
import pytest
import scipy.special as sc

import cupy
from cupy._core import _fallback
import cupyx.scipy.special as cs

INF = numpy.inf

CASES = [
    ([1.0, 2.0, 3.0], None, None),
    ([[1.0, 2.0, 3.0], [-1000.0, 1000.0, 5.0]], 1, None),
    ([[1.0, 2.0, 3.0], [-1000.0, 1000.0, 5.0]], 0, None),
    ([[1.0, 2.0], [3.0, 4.0]], (0, 1), None),
    ([1.0, 2.0, 3.0], None, [1.0, -1.0, 2.0]),
    ([1.0, 2.0, 3.0], None, [1.0, -1.0, -2.0]),
    ([1.0, 1.0, 1.0], None, [1.0, -1.0, 0.0]),
    ([-INF, -INF], None, None),
    ([INF, 1.0], None, None),
    ([INF, -INF], None, None),
    ([INF, INF], None, [1.0, -1.0]),
    ([numpy.nan, 1.0], None, None),
    ([5.0, numpy.nan], None, [1.0, 0.0]),
    ([1e-20, 1e-20, 3.0], None, None),
    ([[0.0, -INF], [-INF, -INF]], -1, [[2.0, 1.0], [1.0, 1.0]]),
]


@pytest.mark.parametrize('a,axis,b', CASES)
@pytest.mark.parametrize('keepdims', [False, True])
@pytest.mark.parametrize('return_sign', [False, True])
def test_logsumexp(a, axis, b, keepdims, return_sign, monkeypatch):
    monkeypatch.setenv('CUPY_HOST_FALLBACK', 'error')
    a = numpy.array(a)
    bb = None if b is None else numpy.array(b)
    with numpy.errstate(all='ignore'):
        want = sc.logsumexp(a, axis=axis, b=bb, keepdims=keepdims,
                            return_sign=return_sign)
    got = cs.logsumexp(cupy.asarray(a), axis=axis,
                       b=None if b is None else cupy.asarray(bb),
                       keepdims=keepdims, return_sign=return_sign)
    if return_sign:
        for g, w in zip(got, want):
            assert g.shape == numpy.shape(w)
            numpy.testing.assert_allclose(g.get(), w, rtol=1e-15)
    else:
        assert got.shape == numpy.shape(want)
        numpy.testing.assert_allclose(got.get(), want, rtol=1e-15)


@pytest.mark.parametrize('dtype', [numpy.float32, numpy.float64])
def test_logsumexp_random(dtype):
    rng = numpy.random.default_rng(0)
    a = (rng.standard_normal((5, 7, 3)) * 30).astype(dtype)
    for axis in (None, 0, 1, -1, (0, 2)):
        got = cs.logsumexp(cupy.asarray(a), axis=axis)
        want = sc.logsumexp(a, axis=axis)
        assert got.dtype == want.dtype
        numpy.testing.assert_allclose(
            got.get(), want, rtol=1e-6 if dtype == numpy.float32 else 1e-14)


def test_logsumexp_empty_and_ints():
    numpy.testing.assert_array_equal(
        cs.logsumexp(cupy.zeros((0, 3)), axis=0).get(),
        sc.logsumexp(numpy.zeros((0, 3)), axis=0))
    got = cs.logsumexp(cupy.arange(4))
    assert got.dtype == numpy.float64
    numpy.testing.assert_allclose(got.get(), sc.logsumexp(numpy.arange(4)))
    with pytest.raises(numpy.exceptions.AxisError):
        cs.logsumexp(cupy.ones((2, 2)), axis=2)


@pytest.mark.parametrize('axis', [None, 0, 1, (0, 1)])
def test_softmax(axis, monkeypatch):
    monkeypatch.setenv('CUPY_HOST_FALLBACK', 'error')
    x = numpy.array([[1.0, 0.5, 0.2, 3.0], [1.0, -1.0, 7.0, 3.0],
                     [2.0, 12.0, 13.0, 1000.0]])
    numpy.testing.assert_allclose(cs.softmax(cupy.asarray(x), axis).get(),
                                  sc.softmax(x, axis), rtol=1e-14)
    numpy.testing.assert_allclose(
        cs.log_softmax(cupy.asarray(x), axis).get(),
        sc.log_softmax(x, axis), rtol=1e-14)


def test_log_softmax_infinite():
    x = numpy.array([-INF, 0.0, 1.0])
    with numpy.errstate(all='ignore'):
        numpy.testing.assert_array_equal(
            cs.log_softmax(cupy.asarray(x)).get(), sc.log_softmax(x))


@pytest.mark.parametrize('a,axis,b', CASES)
@pytest.mark.parametrize('return_sign', [False, True])
def test_logsumexp_complex(a, axis, b, return_sign, monkeypatch):
    # complex input on the device: the phase of the largest term goes into
    # the sign, the result's phase is wrapped into (-pi, pi]
    monkeypatch.setenv('CUPY_HOST_FALLBACK', 'error')
    a = numpy.array(a)
    a = a + 1j * numpy.linspace(-7.0, 9.0, a.size).reshape(a.shape)
    bb = None if b is None else numpy.array(b) * (1 - 0.5j)
    with numpy.errstate(all='ignore'):
        want = sc.logsumexp(a, axis=axis, b=bb, return_sign=return_sign)
    got = cs.logsumexp(cupy.asarray(a), axis=axis,
                       b=None if b is None else cupy.asarray(bb),
                       return_sign=return_sign)
    for g, w in zip(got, want) if return_sign else [(got, want)]:
        assert g.dtype == numpy.asarray(w).dtype
        numpy.testing.assert_allclose(g.get(), w, rtol=1e-14, atol=1e-15)


def test_logsumexp_complex64():
    rng = numpy.random.default_rng(1)
    a = (rng.standard_normal((6, 5)) * 20
         + 1j * rng.standard_normal((6, 5)) * 4).astype(numpy.complex64)
    for axis in (None, 0, 1):
        got = cs.logsumexp(cupy.asarray(a), axis=axis)
        want = sc.logsumexp(a, axis=axis)
        assert got.dtype == want.dtype == numpy.complex64
        numpy.testing.assert_allclose(got.get(), want, rtol=2e-6)
