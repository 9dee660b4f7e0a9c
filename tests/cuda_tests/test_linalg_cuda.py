"""The CUDA provider's linalg family (cuSOLVER and cuBLAS trsm) against
NumPy and SciPy, with no host fallback (they run on a CUDA build with a
GPU and skip elsewhere: conftest.py)."""

import numpy
import pytest

import cupy
import cupyx.scipy.linalg
from cupy._core import _dispatch
from cupy._core import _fallback

_LOOPS = 'fdFD'
_OPS = ('slogdet', 'inv', 'cholesky', 'triangular_solve', 'qr', 'svd',
        'eigh', 'lu_factor', 'lu_solve', 'solve')


def _rand(shape, dtype, seed=0):
    rng = numpy.random.default_rng(seed)
    x = rng.standard_normal(shape)
    if numpy.dtype(dtype).kind == 'c':
        x = x + 1j * rng.standard_normal(shape)
    return x.astype(dtype)


def _hpd(shape, dtype, seed=0):
    # Hermitian positive definite stacks
    x = _rand(shape, dtype, seed)
    n = shape[-1]
    h = x @ numpy.conj(numpy.swapaxes(x, -1, -2)) + n * numpy.eye(n)
    return h.astype(dtype)


def _tol(dtype):
    return 2e-3 if numpy.dtype(dtype).char in 'fF' else 1e-9


@pytest.fixture(autouse=True)
def _no_host():
    # every call here must stay on the device
    _fallback.reset()
    yield
    assert not _fallback.fallback_counts()


def test_routes_native():
    for op in _OPS:
        for ch in _LOOPS:
            assert _dispatch.route(op, numpy.dtype(ch)) == 'native', (op, ch)
    for op in ('det', 'lstsq', 'eig'):
        for ch in _LOOPS:
            assert _dispatch.route(op, numpy.dtype(ch)) == 'composed'


@pytest.mark.parametrize('dtype', list(_LOOPS))
@pytest.mark.parametrize('shape', [(4, 4), (3, 5, 5), (1, 1)])
def test_det_slogdet_inv(dtype, shape):
    a = _rand(shape, dtype)
    d = cupy.asarray(a)
    sign, logabs = cupy.linalg.slogdet(d)
    es, el = numpy.linalg.slogdet(a)
    numpy.testing.assert_allclose(sign.get(), es, rtol=_tol(dtype) * 10,
                                  atol=_tol(dtype) * 10)
    numpy.testing.assert_allclose(logabs.get(), el, rtol=_tol(dtype),
                                  atol=_tol(dtype))
    numpy.testing.assert_allclose(cupy.linalg.det(d).get(),
                                  numpy.linalg.det(a), rtol=_tol(dtype) * 10)
    numpy.testing.assert_allclose(cupy.linalg.inv(d).get(),
                                  numpy.linalg.inv(a), rtol=_tol(dtype) * 10,
                                  atol=_tol(dtype) * 10)


@pytest.mark.parametrize('dtype', list(_LOOPS))
def test_singular(dtype):
    a = numpy.array([[1, 2], [2, 4]], dtype)
    sign, logabs = cupy.linalg.slogdet(cupy.asarray(a))
    assert sign.get() == 0 and logabs.get() == -numpy.inf
    with pytest.raises(numpy.linalg.LinAlgError):
        cupy.linalg.inv(cupy.asarray(a))
    with pytest.raises(numpy.linalg.LinAlgError):
        cupy.linalg.solve(cupy.asarray(a), cupy.ones(2, dtype))


@pytest.mark.parametrize('dtype', list(_LOOPS))
@pytest.mark.parametrize('shape', [(5, 5), (2, 3, 3)])
def test_solve(dtype, shape):
    a = _rand(shape, dtype)
    b = _rand(shape[:-1] + (2,), dtype, seed=1)
    x = cupy.linalg.solve(cupy.asarray(a), cupy.asarray(b))
    numpy.testing.assert_allclose(x.get(), numpy.linalg.solve(a, b),
                                  rtol=_tol(dtype) * 10,
                                  atol=_tol(dtype) * 10)


@pytest.mark.parametrize('dtype', list(_LOOPS))
@pytest.mark.parametrize('upper', [False, True])
def test_cholesky(dtype, upper):
    a = _hpd((3, 6, 6), dtype)
    got = cupy.linalg.cholesky(cupy.asarray(a), upper=upper).get()
    want = numpy.linalg.cholesky(a, upper=upper)
    numpy.testing.assert_allclose(got, want, rtol=_tol(dtype),
                                  atol=_tol(dtype) * 10)
    bad = -numpy.eye(3, dtype=dtype)
    with pytest.raises(numpy.linalg.LinAlgError):
        cupy.linalg.cholesky(cupy.asarray(bad))


@pytest.mark.parametrize('dtype', list(_LOOPS))
@pytest.mark.parametrize('lower', [False, True])
@pytest.mark.parametrize('trans', [0, 1, 2])
@pytest.mark.parametrize('unit', [False, True])
def test_solve_triangular(dtype, lower, trans, unit):
    import scipy.linalg
    a = _rand((6, 6), dtype) + 4 * numpy.eye(6, dtype=dtype)
    a = numpy.tril(a) if lower else numpy.triu(a)
    b = _rand((6, 3), dtype, seed=2)
    got = cupyx.scipy.linalg.solve_triangular(
        cupy.asarray(a), cupy.asarray(b), trans=trans, lower=lower,
        unit_diagonal=unit)
    want = scipy.linalg.solve_triangular(a, b, trans=trans, lower=lower,
                                         unit_diagonal=unit)
    numpy.testing.assert_allclose(got.get(), want, rtol=_tol(dtype) * 10,
                                  atol=_tol(dtype) * 10)
    # a strided (transposed) operand and a vector right-hand side
    at = numpy.asfortranarray(a)
    got = cupyx.scipy.linalg.solve_triangular(
        cupy.asarray(at), cupy.asarray(b[:, 0]), trans=trans, lower=lower)
    want = scipy.linalg.solve_triangular(at, b[:, 0], trans=trans,
                                         lower=lower)
    numpy.testing.assert_allclose(got.get(), want, rtol=_tol(dtype) * 10,
                                  atol=_tol(dtype) * 10)


@pytest.mark.parametrize('dtype', list(_LOOPS))
@pytest.mark.parametrize('shape', [(6, 4), (4, 6), (2, 5, 5)])
@pytest.mark.parametrize('mode', ['reduced', 'complete', 'r'])
def test_qr(dtype, shape, mode):
    a = _rand(shape, dtype)
    res = cupy.linalg.qr(cupy.asarray(a), mode=mode)
    if mode == 'r':
        want = numpy.linalg.qr(a, mode='r')
        # R is unique up to the signs (phases) of its rows
        numpy.testing.assert_allclose(numpy.abs(res.get()), numpy.abs(want),
                                      rtol=_tol(dtype) * 10,
                                      atol=_tol(dtype) * 10)
        return
    q, r = res[0].get(), res[1].get()
    wq, wr = numpy.linalg.qr(a, mode=mode)
    assert q.shape == wq.shape and r.shape == wr.shape
    numpy.testing.assert_allclose(q @ r, a, rtol=_tol(dtype) * 10,
                                  atol=_tol(dtype) * 10)
    k = q.shape[-1]
    eye = numpy.broadcast_to(numpy.eye(k), q.shape[:-2] + (k, k))
    numpy.testing.assert_allclose(
        numpy.conj(numpy.swapaxes(q, -1, -2)) @ q, eye,
        atol=_tol(dtype) * 10)
    numpy.testing.assert_array_equal(numpy.tril(r, -1), 0)


@pytest.mark.parametrize('dtype', list(_LOOPS))
@pytest.mark.parametrize('shape', [(7, 4), (4, 7), (2, 5, 5)])
@pytest.mark.parametrize('full', [False, True])
def test_svd(dtype, shape, full):
    a = _rand(shape, dtype)
    u, s, vh = cupy.linalg.svd(cupy.asarray(a), full_matrices=full)
    u, s, vh = u.get(), s.get(), vh.get()
    wu, ws, wvh = numpy.linalg.svd(a, full_matrices=full)
    assert u.shape == wu.shape and vh.shape == wvh.shape
    numpy.testing.assert_allclose(s, ws, rtol=_tol(dtype) * 10,
                                  atol=_tol(dtype) * 10)
    k = s.shape[-1]
    numpy.testing.assert_allclose(
        (u[..., :, :k] * s[..., None, :]) @ vh[..., :k, :], a,
        rtol=_tol(dtype) * 10, atol=_tol(dtype) * 10)
    numpy.testing.assert_allclose(
        cupy.linalg.svd(cupy.asarray(a), compute_uv=False).get(), ws,
        rtol=_tol(dtype) * 10, atol=_tol(dtype) * 10)


@pytest.mark.parametrize('dtype', list(_LOOPS))
@pytest.mark.parametrize('uplo', ['L', 'U'])
def test_eigh(dtype, uplo):
    a = _rand((3, 6, 6), dtype)
    w, v = cupy.linalg.eigh(cupy.asarray(a), UPLO=uplo)
    w, v = w.get(), v.get()
    ww = numpy.linalg.eigvalsh(a, UPLO=uplo)
    numpy.testing.assert_allclose(w, ww, rtol=_tol(dtype) * 10,
                                  atol=_tol(dtype) * 10)
    h = numpy.tril(a) if uplo == 'L' else numpy.triu(a)
    h = h + numpy.conj(numpy.swapaxes(h, -1, -2))
    h[..., range(6), range(6)] = numpy.real(a[..., range(6), range(6)])
    numpy.testing.assert_allclose(h @ v, v * w[..., None, :],
                                  atol=_tol(dtype) * 50)
    numpy.testing.assert_allclose(
        cupy.linalg.eigvalsh(cupy.asarray(a), UPLO=uplo).get(), ww,
        rtol=_tol(dtype) * 10, atol=_tol(dtype) * 10)


@pytest.mark.parametrize('dtype', list(_LOOPS))
def test_lstsq_pinv_lu(dtype):
    import scipy.linalg
    a = _rand((8, 5), dtype)
    b = _rand((8, 2), dtype, seed=3)
    x = cupy.linalg.lstsq(cupy.asarray(a), cupy.asarray(b), rcond=None)[0]
    numpy.testing.assert_allclose(
        x.get(), numpy.linalg.lstsq(a, b, rcond=None)[0],
        rtol=_tol(dtype) * 10, atol=_tol(dtype) * 10)
    numpy.testing.assert_allclose(cupy.linalg.pinv(cupy.asarray(a)).get(),
                                  numpy.linalg.pinv(a),
                                  rtol=_tol(dtype) * 10,
                                  atol=_tol(dtype) * 10)
    sq = _rand((6, 6), dtype, seed=4)
    lu, piv = cupyx.scipy.linalg.lu_factor(cupy.asarray(sq))
    wlu, wpiv = scipy.linalg.lu_factor(sq)
    numpy.testing.assert_allclose(lu.get(), wlu, rtol=_tol(dtype) * 10,
                                  atol=_tol(dtype) * 10)
    numpy.testing.assert_array_equal(piv.get(), wpiv)


@pytest.mark.parametrize('dtype', list(_LOOPS))
@pytest.mark.parametrize('shape', [(6, 6), (5, 3), (3, 5), (1, 1)])
def test_lu_factor_native(dtype, shape):
    # getrf: SciPy's packed factors and 0-based pivots, rectangular too
    import scipy.linalg
    a = _rand(shape, dtype, seed=5)
    lu, piv = cupyx.scipy.linalg.lu_factor(cupy.asarray(a))
    if shape[0] == shape[1]:
        wlu, wpiv = scipy.linalg.lu_factor(a)
    else:
        # SciPy's lu_factor of a rectangular matrix: LAPACK's getrf too
        wlu, wpiv, _ = scipy.linalg.lapack.get_lapack_funcs(
            ('getrf',), (a,))[0](a)
    assert piv.dtype == numpy.int32
    numpy.testing.assert_array_equal(piv.get(), wpiv)
    numpy.testing.assert_allclose(lu.get(), wlu, rtol=_tol(dtype) * 10,
                                  atol=_tol(dtype) * 10)
    p, low, up = cupyx.scipy.linalg.lu(cupy.asarray(a))
    numpy.testing.assert_allclose((p @ low @ up).get(), a,
                                  rtol=_tol(dtype) * 10,
                                  atol=_tol(dtype) * 10)


@pytest.mark.parametrize('dtype', list(_LOOPS))
@pytest.mark.parametrize('trans', [0, 1, 2])
@pytest.mark.parametrize('bshape', [(7,), (7, 3)])
def test_lu_solve_native(dtype, trans, bshape):
    import scipy.linalg
    a = _rand((7, 7), dtype, seed=6)
    b = _rand(bshape, dtype, seed=7)
    f = cupyx.scipy.linalg.lu_factor(cupy.asarray(a))
    x = cupyx.scipy.linalg.lu_solve(f, cupy.asarray(b), trans=trans)
    want = scipy.linalg.lu_solve(scipy.linalg.lu_factor(a), b, trans=trans)
    assert x.shape == want.shape
    numpy.testing.assert_allclose(x.get(), want, rtol=_tol(dtype) * 10,
                                  atol=_tol(dtype) * 10)
    # pivots given as a host int64 array, as SciPy accepts
    x2 = cupyx.scipy.linalg.lu_solve((f[0], f[1].get().astype(numpy.int64)),
                                     cupy.asarray(b), trans=trans)
    numpy.testing.assert_array_equal(x2.get(), x.get())


@pytest.mark.parametrize('dtype', list(_LOOPS))
@pytest.mark.parametrize('shape', [(64, 8, 8), (2, 3, 5, 5), (3, 40, 40)])
def test_batched_stacks(dtype, shape):
    # the batched library forms (getrf/getrs/potrf for every order here,
    # the Jacobi eigh/svd up to 32) and the per-matrix loops above 32
    tol = _tol(dtype) * 10
    a = _rand(shape, dtype, seed=8)
    h = _hpd(shape, dtype, seed=9)
    b = _rand(shape[:-1] + (2,), dtype, seed=10)
    d = cupy.asarray(a)
    numpy.testing.assert_allclose(cupy.linalg.inv(d).get(),
                                  numpy.linalg.inv(a), rtol=tol, atol=tol)
    numpy.testing.assert_allclose(cupy.linalg.det(d).get(),
                                  numpy.linalg.det(a), rtol=tol)
    numpy.testing.assert_allclose(
        cupy.linalg.solve(d, cupy.asarray(b)).get(),
        numpy.linalg.solve(a, b), rtol=tol, atol=tol)
    numpy.testing.assert_allclose(
        cupy.linalg.cholesky(cupy.asarray(h)).get(), numpy.linalg.cholesky(h),
        rtol=tol, atol=tol)
    w, v = cupy.linalg.eigh(cupy.asarray(h))
    numpy.testing.assert_allclose(w.get(), numpy.linalg.eigvalsh(h),
                                  rtol=tol, atol=tol)
    vh = numpy.conj(numpy.swapaxes(v.get(), -1, -2))
    numpy.testing.assert_allclose((v.get() * w.get()[..., None, :]) @ vh,
                                  h, rtol=tol, atol=tol * shape[-1])
    u, s, vt = cupy.linalg.svd(d, full_matrices=False)
    numpy.testing.assert_allclose(s.get(), numpy.linalg.svd(a,
                                                            compute_uv=False),
                                  rtol=tol, atol=tol)
    numpy.testing.assert_allclose((u.get() * s.get()[..., None, :]) @
                                  vt.get(), a, rtol=tol, atol=tol)
    u, s, vt = cupy.linalg.svd(d[..., :, :3], full_matrices=True)
    assert u.shape == shape[:-1] + (shape[-2],)
    assert vt.shape == shape[:-2] + (3, 3)
    numpy.testing.assert_allclose(
        (u.get()[..., :3] * s.get()[..., None, :]) @ vt.get(),
        a[..., :3], rtol=tol, atol=tol)


@pytest.mark.parametrize('dtype', list(_LOOPS))
def test_batched_singular_and_not_positive_definite(dtype):
    a = _rand((5, 4, 4), dtype)
    a[3, 1] = 0                 # one exactly singular matrix in the stack
    with pytest.raises(numpy.linalg.LinAlgError):
        cupy.linalg.solve(cupy.asarray(a), cupy.asarray(a[..., :1]))
    with pytest.raises(numpy.linalg.LinAlgError):
        cupy.linalg.inv(cupy.asarray(a))
    h = _hpd((5, 4, 4), dtype)
    h[2] = -h[2]
    with pytest.raises(numpy.linalg.LinAlgError):
        cupy.linalg.cholesky(cupy.asarray(h))
