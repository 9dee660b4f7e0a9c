"""cupy.linalg decompositions, solvers and norms against NumPy: every
dtype (integers and bool promote), sizes 0, 1, 2, 17 and batches,
non-contiguous operands, results checked by reconstruction with
tolerances scaled to the condition number, NumPy's LinAlgError for
singular and non positive-definite input, and the counted host fallback."""

import numpy
import pytest

import cupy
from cupy import testing
from cupy._core import _fallback

pytestmark = pytest.mark.filterwarnings(
    'ignore::cupy._core._fallback.PerformanceWarning')

DTYPES = [numpy.float32, numpy.float64, numpy.complex64, numpy.complex128]
SHAPES = [(0, 0), (1, 1), (2, 2), (17, 17), (3, 2, 2), (2, 3, 5, 5)]


def _eps(dt):
    return numpy.finfo(numpy.dtype(dt).char.lower()).eps


def _matrix(shape, dtype, seed=0, spd=False):
    rng = numpy.random.default_rng(seed)
    a = rng.standard_normal(shape)
    if numpy.dtype(dtype).kind == 'c':
        a = a + 1j * rng.standard_normal(shape)
    n = shape[-1]
    if spd:
        a = a @ numpy.swapaxes(a.conj(), -1, -2)
    a = a + n * numpy.eye(n)        # well conditioned
    return a.astype(dtype)


def _tol(a, dt):
    # LAPACK's tests scale the residual by n * eps * cond(a)
    n = max(a.shape[-1], 1)
    c = numpy.linalg.cond(a).max() if a.size else 1.0
    return 30 * n * _eps(dt) * c


@pytest.mark.parametrize('dtype', DTYPES)
@pytest.mark.parametrize('shape', SHAPES)
def test_solve_inv_reconstruct(dtype, shape):
    a = _matrix(shape, dtype)
    b = numpy.random.default_rng(1).standard_normal(
        shape[:-1] + (3,)).astype(dtype)
    x = cupy.linalg.solve(cupy.asarray(a), cupy.asarray(b))
    assert x.dtype == numpy.linalg.solve(a, b).dtype
    tol = _tol(a, dtype)
    numpy.testing.assert_allclose(a @ x.get(), b, atol=tol, rtol=tol)
    ai = cupy.linalg.inv(cupy.asarray(a)).get()
    assert ai.dtype == a.dtype and ai.shape == a.shape
    numpy.testing.assert_allclose(a @ ai, numpy.broadcast_to(
        numpy.eye(shape[-1]), shape), atol=tol)


@pytest.mark.parametrize('dtype', DTYPES)
@pytest.mark.parametrize('shape', [(0, 0), (1, 1), (4, 4), (17, 17),
                                   (2, 3, 3)])
def test_cholesky(dtype, shape):
    a = _matrix(shape, dtype, spd=True)
    tol = _tol(a, dtype)
    low = cupy.linalg.cholesky(cupy.asarray(a)).get()
    numpy.testing.assert_allclose(low @ numpy.swapaxes(low.conj(), -1, -2),
                                  a, atol=tol * max(1, abs(a).max(initial=0)))
    up = cupy.linalg.cholesky(cupy.asarray(a), upper=True).get()
    numpy.testing.assert_allclose(up, numpy.swapaxes(low.conj(), -1, -2),
                                  atol=tol)


@pytest.mark.parametrize('dtype', DTYPES)
@pytest.mark.parametrize('shape', [(0, 3), (1, 1), (5, 3), (3, 5), (17, 17),
                                   (2, 4, 3)])
@pytest.mark.parametrize('mode', ['reduced', 'complete'])
def test_qr(dtype, shape, mode):
    a = _matrix(shape[:-1] + (shape[-1],), dtype) if shape[-1] == shape[-2] \
        else numpy.random.default_rng(2).standard_normal(shape).astype(dtype)
    res = cupy.linalg.qr(cupy.asarray(a), mode=mode)
    assert type(res).__name__ == 'QRResult'
    q, r = res.Q.get(), res.R.get()
    ref = numpy.linalg.qr(a, mode=mode)
    assert q.shape == ref.Q.shape and r.shape == ref.R.shape
    assert q.dtype == ref.Q.dtype
    tol = 50 * max(shape) * _eps(dtype)
    numpy.testing.assert_allclose(q @ r, a, atol=tol * max(1, abs(a).max(initial=0)))
    numpy.testing.assert_allclose(numpy.triu(r), r)


@testing.numpy_cupy_allclose(rtol=1e-5, atol=1e-5)
def test_qr_r_raw(xp):
    a = testing.shaped_random((5, 3), xp, numpy.float64)
    h, tau = xp.linalg.qr(a, mode='raw')
    return xp.linalg.qr(a, mode='r'), h, tau


@pytest.mark.parametrize('dtype', DTYPES)
@pytest.mark.parametrize('shape', [(0, 0), (1, 1), (5, 3), (3, 5), (17, 17),
                                   (2, 4, 3)])
def test_svd(dtype, shape):
    a = numpy.random.default_rng(3).standard_normal(shape).astype(dtype)
    u, s, vh = cupy.linalg.svd(cupy.asarray(a), full_matrices=False)
    ref = numpy.linalg.svd(a, compute_uv=False)
    tol = 50 * max(shape) * _eps(dtype) * max(1, abs(a).max(initial=0))
    numpy.testing.assert_allclose(s.get(), ref, atol=tol)
    assert s.dtype == ref.dtype
    rec = (u.get() * s.get()[..., None, :]) @ vh.get()
    numpy.testing.assert_allclose(rec, a, atol=tol)
    numpy.testing.assert_allclose(cupy.linalg.svdvals(cupy.asarray(a)).get(),
                                  ref, atol=tol)
    full = cupy.linalg.svd(cupy.asarray(a))
    assert type(full).__name__ == 'SVDResult'
    assert full.U.shape == numpy.linalg.svd(a).U.shape


@pytest.mark.parametrize('dtype', DTYPES)
@pytest.mark.parametrize('UPLO', ['L', 'U'])
def test_eigh(dtype, UPLO):
    a = _matrix((2, 6, 6), dtype, spd=True)
    w, v = cupy.linalg.eigh(cupy.asarray(a), UPLO=UPLO)
    tol = 100 * _eps(dtype) * abs(a).max()
    numpy.testing.assert_allclose(w.get(), numpy.linalg.eigvalsh(a),
                                  atol=tol)
    v = v.get()
    numpy.testing.assert_allclose(a @ v, v * w.get()[..., None, :], atol=tol)
    numpy.testing.assert_allclose(
        cupy.linalg.eigvalsh(cupy.asarray(a), UPLO).get(), w.get(), atol=tol)


@testing.for_all_dtypes(no_float16=True)
@testing.numpy_cupy_allclose(rtol=1e-4, atol=1e-4)
def test_det_slogdet_promote(xp, dtype):
    a = testing.shaped_arange((2, 3, 3), xp, dtype)
    a = a + xp.eye(3, dtype=dtype) * 5 if dtype != numpy.bool_ else a
    sign, logdet = xp.linalg.slogdet(a)
    return xp.linalg.det(a), sign, logdet


@testing.numpy_cupy_allclose(rtol=1e-6)
def test_noncontiguous(xp):
    a = testing.shaped_random((8, 8), xp, numpy.float64, seed=4)[::2, ::2]
    a = a + 4 * xp.eye(4)
    b = testing.shaped_random((4, 6), xp, numpy.float64, seed=5)[:, ::2]
    return xp.linalg.solve(a.T, b), xp.linalg.inv(a.T), xp.linalg.det(a.T)


@pytest.mark.parametrize('func', ['solve', 'inv'])
def test_singular_raises(func):
    a = numpy.array([[1., 2.], [2., 4.]])
    args = (a, numpy.ones(2)) if func == 'solve' else (a,)
    with pytest.raises(numpy.linalg.LinAlgError):
        getattr(numpy.linalg, func)(*args)
    with pytest.raises(cupy.linalg.LinAlgError, match='Singular'):
        getattr(cupy.linalg, func)(*[cupy.asarray(x) for x in args])


def test_errors_as_numpy():
    assert cupy.linalg.LinAlgError is numpy.linalg.LinAlgError
    with pytest.raises(cupy.linalg.LinAlgError, match='positive definite'):
        cupy.linalg.cholesky(cupy.asarray([[1., 2.], [2., 1.]]))
    with pytest.raises(cupy.linalg.LinAlgError, match='square'):
        cupy.linalg.inv(cupy.ones((2, 3)))
    with pytest.raises(cupy.linalg.LinAlgError, match='two-dimensional'):
        cupy.linalg.det(cupy.ones(3))
    with pytest.raises(TypeError, match='unsupported'):
        cupy.linalg.inv(cupy.ones((2, 2), numpy.float16))
    with pytest.raises(ValueError, match='mode'):
        cupy.linalg.qr(cupy.ones((2, 2)), mode='bad')
    with pytest.raises(ValueError, match='UPLO'):
        cupy.linalg.eigh(cupy.eye(2), UPLO='X')


def test_host_fallback_counted(monkeypatch):
    # the float64 product has no device path outside linalg's own
    # compositions (no float64 matrix unit, TODO.md)
    _fallback.reset()
    cupy.linalg.multi_dot([cupy.eye(3), cupy.eye(3)])
    assert _fallback.fallback_counts()[('matmul', 'dd->d')] == 1
    monkeypatch.setenv('CUPY_HOST_FALLBACK', 'error')
    with pytest.raises(_fallback.HostFallbackError):
        cupy.linalg.multi_dot([cupy.eye(3), cupy.eye(3)])


@pytest.mark.parametrize('dtype', DTYPES)
@pytest.mark.parametrize('shape', [(5, 3), (3, 5), (4, 4), (1, 1), (7, 1),
                                   (1, 7), (2, 6, 4), (2, 3, 1, 5)])
@testing.numpy_cupy_allclose(rtol=1e-4, atol=1e-5)
def test_qr_raw_on_device(xp, dtype, shape, monkeypatch):
    # LAPACK geqrf's Householder vectors and tau, composed on the device
    # (no host fallback), h with NumPy's layout
    monkeypatch.setenv('CUPY_HOST_FALLBACK', 'error')
    a = testing.shaped_random(shape, xp, dtype, seed=3)
    h, tau = xp.linalg.qr(a, mode='raw')
    return h, tau


@testing.numpy_cupy_allclose(atol=1e-12)
def test_qr_raw_trivial_reflectors(xp):
    # columns that are already reduced: tau = 0 (H = I), as larfg
    a = xp.asarray([[1., 2., 0.], [0., 3., 1.], [0., 0., 0.]])
    return xp.linalg.qr(a, mode='raw')


@testing.numpy_cupy_allclose(rtol=1e-6, atol=1e-8)
def test_lstsq_pinv_rank(xp):
    a = testing.shaped_random((6, 4), xp, numpy.float64, seed=6)
    b = testing.shaped_random((6, 2), xp, numpy.float64, seed=7)
    x, res, rank, s = xp.linalg.lstsq(a, b, rcond=None)
    low = a[:, :2] @ a[:2, :]      # rank 2
    return (x, res, xp.asarray(rank), s, xp.linalg.pinv(a),
            xp.linalg.pinv(low), xp.asarray(xp.linalg.matrix_rank(low)),
            xp.linalg.matrix_rank(xp.stack([a[:4], low[:4]])))


@pytest.mark.parametrize('p', [None, 2, -2, 1, -1, numpy.inf, -numpy.inf,
                               'fro', 'nuc'])
@testing.numpy_cupy_allclose(rtol=1e-6)
def test_cond(xp, p):
    return xp.linalg.cond(testing.shaped_random((2, 4, 4), xp,
                                                numpy.float64, seed=8), p)


@testing.numpy_cupy_allclose(rtol=1e-6)
def test_tensorsolve_tensorinv(xp):
    a = testing.shaped_random((6, 4, 2, 3, 4), xp, numpy.float64, seed=9)
    a = a + xp.eye(24).reshape(6, 4, 2, 3, 4)
    b = testing.shaped_random((6, 4), xp, numpy.float64, seed=10)
    return xp.linalg.tensorsolve(a, b), xp.linalg.tensorinv(a, ind=2)


@pytest.mark.filterwarnings('ignore:divide by zero:RuntimeWarning')
@pytest.mark.parametrize('ord', [None, 0, 1, -1, 2, -2, numpy.inf,
                                 -numpy.inf, 3.5, -0.5])
@pytest.mark.parametrize('dtype', [numpy.int64, numpy.float32,
                                   numpy.complex128])
@testing.numpy_cupy_allclose(rtol=1e-5, atol=1e-6)
def test_norm_vector(xp, ord, dtype):
    a = testing.shaped_arange((3, 4), xp, dtype) - 5
    return (xp.linalg.norm(a[1], ord), xp.linalg.norm(a, ord, axis=1),
            xp.linalg.norm(a, ord, axis=0, keepdims=True))


@pytest.mark.parametrize('ord', [None, 'fro', 'nuc', 1, -1, 2, -2,
                                 numpy.inf, -numpy.inf])
@pytest.mark.parametrize('axis', [None, (0, 1), (1, 0)])
@testing.numpy_cupy_allclose(rtol=1e-5, atol=1e-6)
def test_norm_matrix(xp, ord, axis):
    a = testing.shaped_random((4, 3), xp, numpy.float64, seed=11)
    b = testing.shaped_random((2, 4, 3), xp, numpy.complex64, seed=12)
    return (xp.linalg.norm(a, ord, axis, keepdims=True),
            xp.linalg.norm(b, ord, (2, 1)), xp.linalg.norm(b, ord, (0, 2)))


@testing.numpy_cupy_allclose(rtol=1e-5, atol=1e-6)
def test_vector_matrix_norm(xp):
    a = testing.shaped_random((2, 3, 4), xp, numpy.float32, seed=13)
    return (xp.linalg.vector_norm(a), xp.linalg.vector_norm(a, ord=1,
                                                             axis=(0, 2)),
            xp.linalg.vector_norm(a, keepdims=True, ord=numpy.inf),
            xp.linalg.matrix_norm(a), xp.linalg.matrix_norm(a, ord=2,
                                                            keepdims=True))


@testing.numpy_cupy_allclose()
def test_norm_empty(xp):
    return (xp.linalg.norm(xp.zeros((0,))), xp.linalg.norm(xp.zeros(0),
                                                           numpy.inf),
            xp.linalg.norm(xp.zeros((0, 3)), 1),
            xp.linalg.norm(xp.zeros((3, 0)), numpy.inf),
            xp.linalg.norm(xp.zeros((0, 3)), numpy.inf, axis=0))


def test_norm_errors():
    for xp in (numpy, cupy):
        a = xp.ones((2, 2))
        with pytest.raises(ValueError):
            xp.linalg.norm(a, 'bad')
        with pytest.raises(ValueError):
            xp.linalg.norm(a[0], 'fro')
        with pytest.raises(ValueError):
            xp.linalg.norm(a, axis=(0, 0))
        with pytest.raises(ValueError):
            xp.linalg.norm(xp.ones((2, 2, 2)), axis=(0, 1, 2))


@testing.numpy_cupy_allclose(rtol=1e-6)
def test_products(xp):
    a = testing.shaped_random((3, 4), xp, numpy.float64, seed=14)
    b = testing.shaped_random((4, 5), xp, numpy.float64, seed=15)
    c = testing.shaped_random((5, 2), xp, numpy.float64, seed=16)
    v = testing.shaped_random((2, 3, 4), xp, numpy.complex128, seed=17)
    return (xp.linalg.multi_dot([a, b, c]),
            xp.linalg.multi_dot([a[0], b, c[:, 0]]),
            xp.linalg.multi_dot([a, b, c, c.T]),
            xp.linalg.vecdot(v, v), xp.linalg.vecdot(v, v[0], axis=-1),
            xp.linalg.vecdot(a, a, axis=0),
            xp.linalg.outer(a[0], b[0]), xp.linalg.trace(v, offset=1),
            xp.linalg.diagonal(v), xp.matvec(a, b[:, 0]) if xp is numpy
            else xp.linalg.matvec(a, b[:, 0]),
            xp.vecmat(v[0, 0], v[..., None]) if xp is numpy
            else xp.linalg.vecmat(v[0, 0], v[..., None]))


def test_eig():
    a = _matrix((3, 3), numpy.float64)
    w, v = cupy.linalg.eig(cupy.asarray(a))
    ref = numpy.linalg.eig(a)
    assert w.dtype == ref.eigenvalues.dtype
    numpy.testing.assert_allclose(a @ v.get(), v.get() * w.get(),
                                  atol=1e-10)
    numpy.testing.assert_allclose(
        numpy.sort_complex(cupy.linalg.eigvals(cupy.asarray(a)).get()),
        numpy.sort_complex(ref.eigenvalues), atol=1e-10)


@pytest.mark.parametrize('dtype', DTYPES)
@pytest.mark.parametrize('mode', ['reduced', 'complete'])
def test_qr_on_device(dtype, mode):
    # aclnnLinalgQr: no host fallback and no host traffic but the upload
    from cupy_backends.ascend import simulator
    a = cupy.asarray(_matrix((2, 6, 6), dtype)[:, :, :4])
    before = simulator.counters()
    _fallback.reset()
    q, r = cupy.linalg.qr(a, mode=mode)
    after = simulator.counters()
    assert after['d2h_bytes'] == before['d2h_bytes']
    assert after['h2d_bytes'] == before['h2d_bytes']
    assert not _fallback.fallback_counts()
    h = a.get()
    ref = numpy.linalg.qr(h, mode=mode)
    assert q.shape == ref.Q.shape and r.shape == ref.R.shape
    numpy.testing.assert_allclose(q.get() @ r.get(), h,
                                  atol=100 * _eps(dtype) * abs(h).max())


def test_qr_hidden_loop_takes_host():
    from cupy._core import _dispatch
    _fallback.reset()
    with _dispatch.hide('qr', [numpy.dtype(numpy.float32)]):
        q, r = cupy.linalg.qr(cupy.eye(3, dtype=numpy.float32))
    assert _fallback.fallback_counts() == {('qr', 'f'): 1}
    numpy.testing.assert_allclose(q.get() @ r.get(), numpy.eye(3),
                                  atol=1e-6)
