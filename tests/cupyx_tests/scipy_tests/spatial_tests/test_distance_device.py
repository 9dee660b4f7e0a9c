"""cupyx.scipy.spatial.distance against scipy.spatial.distance:
every metric, float32 and float64 inputs, duplicate points (exact zeros),
blocking, pdist/squareform round trips."""

import numpy
import pytest
import scipy.spatial.distance as sd

import cupy
import cupyx.scipy.spatial as cs
import cupyx.scipy.spatial.distance as cd
from cupyx.scipy.spatial import distance as _distance_module

RNG = numpy.random.default_rng(7)
A = RNG.random((41, 6))
B = RNG.random((29, 6))
A[5] = A[9]               # duplicate points
B[3] = A[5]
METRICS = ['euclidean', 'sqeuclidean', 'cityblock', 'chebyshev',
           'minkowski', 'cosine', 'correlation', 'canberra', 'hamming',
           'jensenshannon', 'russellrao', 'braycurtis']


def _inputs(metric, dtype):
    a, b = A.astype(dtype), B.astype(dtype)
    if metric in ('russellrao', 'hamming'):
        a, b = (a > 0.5).astype(dtype), (b > 0.5).astype(dtype)
    return a, b


@pytest.mark.parametrize('metric', METRICS)
@pytest.mark.parametrize('dtype', [numpy.float32, numpy.float64])
def test_cdist_pdist(metric, dtype, monkeypatch):
    monkeypatch.setenv('CUPY_HOST_FALLBACK', 'error')
    a, b = _inputs(metric, dtype)
    kw = {'p': 3.0} if metric == 'minkowski' else {}
    got = cd.cdist(cupy.asarray(a), cupy.asarray(b), metric, **kw)
    want = sd.cdist(a, b, metric, **kw)
    assert got.dtype == want.dtype == numpy.float64
    numpy.testing.assert_allclose(got.get(), want, rtol=1e-13, atol=1e-15)
    got = cd.pdist(cupy.asarray(a), metric, **kw)
    want = sd.pdist(a, metric, **kw)
    numpy.testing.assert_allclose(got.get(), want, rtol=1e-13, atol=1e-15)


def test_exact_zeros_and_blocking(monkeypatch):
    # tiny blocks: many blocks of rows, the same result
    monkeypatch.setattr(_distance_module, '_BLOCK_BYTES', 512)
    x = numpy.repeat(RNG.random((5, 3)) * 1e6, 3, axis=0)
    got = cd.cdist(cupy.asarray(x), cupy.asarray(x)).get()
    assert (numpy.diag(got) == 0).all()
    want = sd.cdist(x, x)
    assert ((got == 0) == (want == 0)).all()
    numpy.testing.assert_allclose(got, want, rtol=1e-13)
    assert (cd.pdist(cupy.asarray(x)).get() == sd.pdist(x)).sum() > 0


def test_squareform_and_matrix():
    v = sd.pdist(A)
    m = cd.squareform(cupy.asarray(v))
    numpy.testing.assert_array_equal(m.get(), sd.squareform(v))
    numpy.testing.assert_array_equal(cd.squareform(m).get(), v)
    with pytest.raises(ValueError):
        cd.squareform(cupy.ones(4))
    for p in (1.0, 2.0, 3.0, numpy.inf):
        numpy.testing.assert_allclose(
            cs.distance_matrix(cupy.asarray(A), cupy.asarray(B), p=p).get(),
            sd.cdist(A, B, 'minkowski', p=p), rtol=1e-13)


def test_vector_functions():
    u, v = A[0], A[1]
    for name in ('euclidean', 'sqeuclidean', 'cityblock', 'chebyshev',
                 'cosine', 'correlation', 'canberra', 'braycurtis'):
        numpy.testing.assert_allclose(
            float(getattr(cd, name)(cupy.asarray(u), cupy.asarray(v))),
            getattr(sd, name)(u, v), rtol=1e-13)
    numpy.testing.assert_allclose(
        float(cd.jensenshannon(cupy.asarray(u), cupy.asarray(v), base=2)),
        sd.jensenshannon(u, v, base=2), rtol=1e-13)
    h = float(cd.hellinger(cupy.asarray(u), cupy.asarray(v)))
    assert abs(h - numpy.linalg.norm(numpy.sqrt(u) - numpy.sqrt(v)) /
               numpy.sqrt(2)) < 1e-15


def test_errors():
    with pytest.raises(ValueError):
        cd.cdist(cupy.ones((2, 3)), cupy.ones((2, 4)))
    with pytest.raises(ValueError):
        cd.cdist(cupy.ones((2, 3)), cupy.ones((2, 3)), 'nope')
    with pytest.raises(ValueError):
        cd.pdist(cupy.ones(3))
