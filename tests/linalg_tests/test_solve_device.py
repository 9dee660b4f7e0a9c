"""The device paths of cupy.linalg (issue 13): solve, inv, det, slogdet,
lstsq, pinv, svd, eigh and cholesky run without a host fallback and
without moving the operands through the host (simulator counters); their
results against NumPy, LinAlgError as NumPy raises it, and
cupyx.errstate(linalg='ignore') skipping the checks."""

import numpy
import pytest

import cupy
import cupyx
from cupy._core import _fallback

DTYPES = [numpy.float32, numpy.float64, numpy.complex64, numpy.complex128]


def _eps(dt):
    return numpy.finfo(numpy.dtype(dt).char.lower()).eps


def _matrix(shape, dtype, seed=0):
    rng = numpy.random.default_rng(seed)
    a = rng.standard_normal(shape)
    if numpy.dtype(dtype).kind == 'c':
        a = a + 1j * rng.standard_normal(shape)
    return (a + shape[-1] * numpy.eye(shape[-1])).astype(dtype)


class _OnDevice:
    """Asserts that the block ran no host fallback and read back at most
    ``reads`` bytes (the LinAlgError checks' flags)."""

    def __init__(self, reads=64):
        self.reads = reads

    def __enter__(self):
        from cupy_backends.ascend import simulator
        self.sim = simulator
        self.before = simulator.counters()
        _fallback.reset()
        return self

    def __exit__(self, *exc):
        if exc[0] is not None:
            return False
        after = self.sim.counters()
        assert not _fallback.fallback_counts()
        assert after['h2d_bytes'] - self.before['h2d_bytes'] <= self.reads
        assert after['d2h_bytes'] - self.before['d2h_bytes'] <= self.reads
        return False


@pytest.mark.parametrize('dtype', DTYPES)
@pytest.mark.parametrize('shape,bshape', [((5, 5), (5,)), ((5, 5), (5, 3)),
                                          ((2, 4, 4), (2, 4, 2)),
                                          ((3, 3, 3), (3,)),
                                          ((1, 1), (1, 1))])
def test_solve_inv_on_device(dtype, shape, bshape):
    h = _matrix(shape, dtype)
    hb = _matrix(bshape + (1,), dtype, 1)[..., 0] if len(bshape) == 1 \
        else numpy.random.default_rng(2).standard_normal(bshape).astype(
            dtype)
    a, b = cupy.asarray(h), cupy.asarray(hb)
    with _OnDevice():
        x = cupy.linalg.solve(a, b)
        ai = cupy.linalg.inv(a)
    tol = 100 * shape[-1] * _eps(dtype)
    ref = numpy.linalg.solve(h, hb)
    assert x.dtype == ref.dtype and x.shape == ref.shape
    numpy.testing.assert_allclose(x.get(), ref, rtol=tol, atol=tol)
    numpy.testing.assert_allclose(ai.get(), numpy.linalg.inv(h), rtol=tol,
                                  atol=tol)


@pytest.mark.parametrize('dtype', DTYPES)
def test_det_slogdet_on_device(dtype):
    h = _matrix((3, 4, 4), dtype)
    h[1, 2] = h[1, 3]                   # singular: det 0, sign 0
    a = cupy.asarray(h)
    with _OnDevice(reads=0):
        d = cupy.linalg.det(a)
        sign, logdet = cupy.linalg.slogdet(a)
    ref = numpy.linalg.slogdet(h)
    assert d.dtype == h.dtype and logdet.dtype == ref.logabsdet.dtype
    tol = 1000 * _eps(dtype)
    numpy.testing.assert_allclose(d.get(), numpy.linalg.det(h), rtol=tol,
                                  atol=tol)
    numpy.testing.assert_allclose(sign.get(), ref.sign, rtol=tol)
    numpy.testing.assert_allclose(logdet.get(), ref.logabsdet, rtol=tol)


@pytest.mark.parametrize('dtype', DTYPES)
@pytest.mark.parametrize('shape', [(6, 4), (4, 6), (2, 5, 3)])
@pytest.mark.parametrize('full', [True, False])
def test_svd_on_device(dtype, shape, full):
    h = numpy.random.default_rng(3).standard_normal(shape).astype(dtype)
    a = cupy.asarray(h)
    with _OnDevice():
        u, s, vh = cupy.linalg.svd(a, full_matrices=full)
        s2 = cupy.linalg.svd(a, compute_uv=False)
    ref = numpy.linalg.svd(h, full_matrices=full)
    assert (u.shape, s.shape, vh.shape) == (ref.U.shape, ref.S.shape,
                                            ref.Vh.shape)
    assert u.dtype == ref.U.dtype and s.dtype == ref.S.dtype
    tol = 100 * _eps(dtype) * abs(h).max()
    k = s.shape[-1]
    rec = (u.get()[..., :k] * s.get()[..., None, :]) @ vh.get()[..., :k, :]
    numpy.testing.assert_allclose(rec, h, atol=tol)
    numpy.testing.assert_allclose(s2.get(), ref.S, rtol=tol, atol=tol)
    eye = numpy.eye(vh.shape[-2])
    numpy.testing.assert_allclose(vh.get() @ vh.get().conj().swapaxes(
        -1, -2), numpy.broadcast_to(eye, vh.shape[:-1] + eye.shape[-1:]),
        atol=tol)


@pytest.mark.parametrize('dtype', DTYPES)
@pytest.mark.parametrize('m,n,bshape', [(6, 3, (6,)), (6, 3, (6, 2)),
                                        (3, 5, (3, 2))])
def test_lstsq_pinv_on_device(dtype, m, n, bshape):
    rng = numpy.random.default_rng(4)
    h = rng.standard_normal((m, n)).astype(dtype)
    hb = rng.standard_normal(bshape).astype(dtype)
    a, b = cupy.asarray(h), cupy.asarray(hb)
    with _OnDevice():
        x, res, rank, s = cupy.linalg.lstsq(a, b, rcond=None)
        p = cupy.linalg.pinv(a)
    ref = numpy.linalg.lstsq(h, hb, rcond=None)
    tol = 1000 * _eps(dtype)
    numpy.testing.assert_allclose(x.get(), ref[0], rtol=tol, atol=tol)
    assert res.shape == ref[1].shape and res.dtype == ref[1].dtype
    numpy.testing.assert_allclose(res.get(), ref[1], rtol=tol, atol=tol)
    assert rank == ref[2] and type(rank) is type(ref[2])
    numpy.testing.assert_allclose(s.get(), ref[3], rtol=tol)
    numpy.testing.assert_allclose(p.get(), numpy.linalg.pinv(h), rtol=tol,
                                  atol=tol)


@pytest.mark.parametrize('upper', [False, True])
def test_cholesky_float32_on_device(upper):
    h = _matrix((2, 5, 5), numpy.float32)
    h = h @ h.swapaxes(-1, -2)
    a = cupy.asarray(h)
    with _OnDevice():
        c = cupy.linalg.cholesky(a, upper=upper)
    numpy.testing.assert_allclose(
        c.get(), numpy.linalg.cholesky(h, upper=upper), rtol=1e-4,
        atol=1e-4)


@pytest.mark.parametrize('dtype', DTYPES)
@pytest.mark.parametrize('shape', [(1, 1), (6, 6), (2, 17, 17)])
@pytest.mark.parametrize('uplo', ['L', 'U'])
def test_eigh_on_device(dtype, shape, uplo):
    rng = numpy.random.default_rng(5)
    h = rng.standard_normal(shape)
    if numpy.dtype(dtype).kind == 'c':
        h = h + 1j * rng.standard_normal(shape)
    h = h.astype(dtype)
    a = cupy.asarray(h)
    with _OnDevice():
        w, v = cupy.linalg.eigh(a, uplo)
        w2 = cupy.linalg.eigvalsh(a, uplo)
    ref = numpy.linalg.eigh(h, uplo)
    assert w.dtype == ref.eigenvalues.dtype and v.dtype == h.dtype
    tol = 100 * shape[-1] * _eps(dtype) * abs(ref.eigenvalues).max()
    numpy.testing.assert_allclose(w.get(), ref.eigenvalues, atol=tol)
    numpy.testing.assert_allclose(w2.get(), ref.eigenvalues, atol=tol)
    # the Hermitian matrix of the triangle, reconstructed
    herm = numpy.tril(h) if uplo == 'L' else numpy.triu(h)
    herm = herm + numpy.swapaxes(herm, -1, -2).conj()
    herm = herm - numpy.eye(shape[-1]) * numpy.diagonal(
        herm, 0, -2, -1)[..., None, :] / 2
    hv, hw = v.get(), w.get()
    numpy.testing.assert_allclose(herm @ hv, hv * hw[..., None, :],
                                  atol=10 * tol)


@pytest.mark.parametrize('dtype', DTYPES)
@pytest.mark.parametrize('upper', [False, True])
def test_cholesky_composed_on_device(dtype, upper):
    # float64 and complex: from eigh and QR (no device operator)
    h = _matrix((2, 6, 6), dtype)
    h = h @ h.conj().swapaxes(-1, -2)
    a = cupy.asarray(h)
    with _OnDevice():
        c = cupy.linalg.cholesky(a, upper=upper)
    ref = numpy.linalg.cholesky(h, upper=upper)
    numpy.testing.assert_allclose(c.get(), ref, atol=1000 * _eps(dtype) *
                                  abs(ref).max())


@pytest.mark.parametrize('dtype', DTYPES)
def test_singular_raises_and_ignore(dtype):
    h = numpy.arange(9, dtype=dtype).reshape(3, 3)       # LU pivot 0
    a = cupy.asarray(h)
    for fn in (cupy.linalg.inv, lambda x: cupy.linalg.solve(x, x[0])):
        with pytest.raises(numpy.linalg.LinAlgError, match='Singular'):
            fn(a)
        with cupyx.errstate(linalg='ignore'):
            fn(a)                       # no check: the device's numbers
    nan = cupy.asarray(numpy.array([[numpy.nan, 1], [1, 1]], dtype))
    with pytest.raises(numpy.linalg.LinAlgError, match='converge'):
        cupy.linalg.svd(nan)
    with pytest.raises(numpy.linalg.LinAlgError, match='positive'):
        cupy.linalg.cholesky(cupy.asarray([[1, 2], [2, 1]], dtype))


def test_empty_and_routes():
    for shape in [(0, 0), (2, 0, 0), (0, 3, 3)]:
        h = numpy.zeros(shape, numpy.float32)
        a = cupy.asarray(h)
        for name in ('inv', 'det', 'cholesky'):
            r = getattr(cupy.linalg, name)(a)
            ref = getattr(numpy.linalg, name)(h)
            assert r.shape == ref.shape and r.dtype == ref.dtype, name
            numpy.testing.assert_array_equal(r.get(), ref)
    for shape in [(0, 3), (3, 0), (2, 0, 4)]:
        h = numpy.zeros(shape)
        for full in (True, False):
            got = cupy.linalg.svd(cupy.asarray(h), full_matrices=full)
            ref = numpy.linalg.svd(h, full_matrices=full)
            for g, r in zip(got, ref):
                assert g.shape == r.shape and g.dtype == r.dtype
                numpy.testing.assert_array_equal(g.get(), r)
        assert cupy.linalg.pinv(cupy.asarray(h)).shape == \
            numpy.linalg.pinv(h).shape
        numpy.testing.assert_array_equal(
            cupy.linalg.matrix_rank(cupy.asarray(h)).get(),
            numpy.linalg.matrix_rank(h))
    from cupy._core import _dispatch
    assert _dispatch.route('solve', numpy.dtype('d')) == 'composed'
    assert _dispatch.route('eigh', numpy.dtype('d')) == 'composed'
    assert _dispatch.route('eig', numpy.dtype('d')) == 'composed'


def test_host_bytes_of_1024_float32():
    # issue 13: float32 solve, inv, cholesky and qr of a 1024x1024
    # matrix move less than 10% of its bytes through the host
    n = 1024
    h = _matrix((n, n), numpy.float32)
    spd = (h @ h.T / n + numpy.eye(n)).astype(numpy.float32)
    a, s, b = cupy.asarray(h), cupy.asarray(spd), cupy.asarray(h[:, 0])
    with _OnDevice(reads=h.nbytes // 10):
        cupy.linalg.solve(a, b)
        cupy.linalg.inv(a)
        cupy.linalg.cholesky(s)
        cupy.linalg.qr(a)
