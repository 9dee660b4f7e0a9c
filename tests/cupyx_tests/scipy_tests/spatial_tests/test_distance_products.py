"""The Ozaki products of cupyx.scipy.spatial.distance (float64 dot
products from float32 matmuls, for devices without a float64 matmul)
against exact dot products, and cdist on inputs that stress them
(offsets, rows of very different scales, many features, inf and NaN)
against scipy.spatial.distance."""

import fractions

import numpy
import pytest
import scipy.spatial.distance as sd

import cupy
import cupyx.scipy.spatial.distance as cd
from cupy._core import _dispatch
from cupyx.scipy.spatial import _distance_products
from cupyx.scipy.spatial import distance as _distance_module

RNG = numpy.random.default_rng(11)


def _exact_dot(a, b):
    """a @ b.T, each entry rounded once from the exact sum."""
    out = numpy.empty((a.shape[0], b.shape[0]))
    for i in range(a.shape[0]):
        for j in range(b.shape[0]):
            out[i, j] = float(sum(fractions.Fraction(x) * fractions.Fraction(y)
                                  for x, y in zip(a[i], b[j])))
    return out


@pytest.mark.parametrize('k', [1, 6, 64, 300, 5000])
def test_dot_against_exact(k):
    a = RNG.standard_normal((5, k)) * 10.0 ** RNG.uniform(-20, 20, (5, 1))
    b = RNG.standard_normal((4, k))
    b[0] = 0.0                          # a zero row
    got = _distance_products.Products(cupy.asarray(b)).dot(
        cupy.asarray(a), 2.0).get()
    want = 2.0 * _exact_dot(a, b)
    # a float64 product's accuracy: a few ulp of |x| |y|
    bound = 4 * numpy.spacing(1.0) * numpy.outer(
        numpy.linalg.norm(a, axis=1), numpy.linalg.norm(b, axis=1))
    assert (numpy.abs(got - want) <= bound).all()


def test_plan_exact_levels():
    # one exact matmul sums g products of k terms of 2b bits: the float32
    # significand (24 bits) must hold every partial sum
    for k in (1, 2, 6, 64, 65, 300, 4096):
        b, s, g = _distance_products._plan(k)
        assert g * k * 2 ** (2 * b) <= 2 ** 24
        assert b * s >= 32


def test_route_on_this_device():
    x = cupy.ones((2, 3))
    want = 'float64' if _dispatch.device_has(
        'matmul', numpy.float64) else 'ozaki'
    assert _distance_module._product_route(x) == want
    x[0, 0] = numpy.inf
    assert _distance_module._product_route(x) is None


HARD = {
    # far from the origin: |x|^2 + |y|^2 - 2 x.y cancels without centring
    'offset': (RNG.random((40, 3)) + 1e4, RNG.random((30, 3)) + 1e4),
    # rows of very different scales (centring spoils the small ones: they
    # are recomputed from the input rows)
    'scales': (RNG.random((40, 5)) * 10.0 ** RNG.uniform(-30, 30, (40, 1)),
               RNG.random((30, 5))),
    'features': (RNG.standard_normal((20, 300)) * 1e6,
                 RNG.standard_normal((15, 300)) * 1e6),
}


@pytest.mark.parametrize('case', sorted(HARD))
@pytest.mark.parametrize('metric', ['euclidean', 'sqeuclidean', 'cosine',
                                    'correlation'])
def test_cdist_hard(case, metric, monkeypatch):
    monkeypatch.setenv('CUPY_HOST_FALLBACK', 'error')
    a, b = HARD[case]
    b = b.copy()
    b[3] = a[7]                         # a duplicate point: exact zero
    got = cd.cdist(cupy.asarray(a), cupy.asarray(b), metric).get()
    want = sd.cdist(a, b, metric)
    if metric in ('euclidean', 'sqeuclidean'):
        assert got[7, 3] == 0.0
        numpy.testing.assert_allclose(got, want, rtol=1e-13, atol=0)
    else:
        numpy.testing.assert_allclose(got, want, rtol=1e-13, atol=1e-15)
    got = cd.pdist(cupy.asarray(a), metric).get()
    numpy.testing.assert_allclose(got, sd.pdist(a, metric), rtol=1e-13,
                                  atol=0 if 'euclid' in metric else 1e-15)


def test_cdist_nonfinite():
    a = RNG.random((6, 4))
    b = RNG.random((5, 4))
    a[1, 2] = numpy.inf
    a[2, 0] = numpy.nan
    b[4, 1] = -numpy.inf
    for metric in ('euclidean', 'sqeuclidean'):
        with numpy.errstate(invalid='ignore'):
            want = sd.cdist(a, b, metric)
        got = cd.cdist(cupy.asarray(a), cupy.asarray(b), metric).get()
        numpy.testing.assert_allclose(got, want, rtol=1e-13)
