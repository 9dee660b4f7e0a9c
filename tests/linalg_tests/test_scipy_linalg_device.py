"""cupyx.scipy.linalg on the device against SciPy: batched triangular
solves (CuPy's stacked form), SciPy's check_finite, cho_factor/cho_solve
without the host, expm's exact diagonal of triangular input; and the
errors CuPy's own tests expect (khatri_rao of 1-D input, solve of a
singular matrix with no right-hand side)."""

import numpy
import pytest

import cupy
import cupyx
import cupyx.scipy.linalg as cla
from cupy._core import _fallback

scipy_linalg = pytest.importorskip('scipy.linalg')

_DTYPES = [numpy.float32, numpy.float64, numpy.complex64, numpy.complex128]


def _rand(shape, dtype, seed=0):
    rs = numpy.random.RandomState(seed)
    a = rs.standard_normal(shape)
    if numpy.dtype(dtype).kind == 'c':
        a = a + 1j * rs.standard_normal(shape)
    return a.astype(dtype)


def _tol(dtype):
    return 1e-4 if numpy.dtype(dtype).char in 'fF' else 1e-10


@pytest.mark.parametrize('dtype', _DTYPES)
@pytest.mark.parametrize('trans', [0, 1, 2])
@pytest.mark.parametrize('bshape', [(3, 5), (3, 5, 2)])
def test_solve_triangular_batched(dtype, trans, bshape):
    # a (3, 5, 5), b (3, 5) (a vector per matrix) or (3, 5, 2); each
    # against SciPy's 2-D solve; no host fallback
    a = numpy.tril(_rand((3, 5, 5), dtype)) + 5 * numpy.eye(5, dtype=dtype)
    b = _rand(bshape, dtype, 1)
    _fallback.reset()
    x = cla.solve_triangular(cupy.asarray(a), cupy.asarray(b), trans=trans,
                             lower=True)
    assert not _fallback.fallback_counts()
    want = numpy.stack([scipy_linalg.solve_triangular(
        a[i], b[i], trans=trans, lower=True) for i in range(3)])
    assert x.dtype == want.dtype and x.shape == want.shape
    numpy.testing.assert_allclose(x.get(), want, rtol=_tol(dtype),
                                  atol=_tol(dtype))


def test_solve_triangular_batched_errors():
    a = cupy.asarray(numpy.tril(numpy.ones((2, 3, 3))))
    for b in (cupy.ones(3), cupy.ones((3, 3)), cupy.ones((2, 4))):
        with pytest.raises(ValueError):
            cla.solve_triangular(a, b)
    a[1, 2, 2] = 0           # one singular matrix of the stack
    with pytest.raises(numpy.linalg.LinAlgError, match='diagonal 2'):
        cla.solve_triangular(a, cupy.ones((2, 3)), lower=True)


@pytest.mark.parametrize('which', ['a', 'b'])
def test_check_finite(which):
    a = numpy.triu(numpy.ones((4, 4))) + numpy.eye(4)
    b = numpy.ones(4)
    (a if which == 'a' else b)[0] = numpy.inf
    for la, xp in ((scipy_linalg, numpy), (cla, cupy)):
        with pytest.raises(ValueError):
            la.solve_triangular(xp.asarray(a), xp.asarray(b))
        with pytest.raises(ValueError):
            la.cho_solve((xp.asarray(a), False), xp.asarray(b))
    # SciPy's check_finite=False: no check (the result is the solver's)
    x = cla.solve_triangular(cupy.asarray(a), cupy.asarray(b),
                             check_finite=False)
    assert x.shape == (4,)


@pytest.mark.parametrize('dtype', _DTYPES)
@pytest.mark.parametrize('lower', [False, True])
def test_cho_factor_solve_on_device(dtype, lower):
    n = 6
    r = _rand((n, n), dtype)
    spd = r @ r.conj().T + n * numpy.eye(n, dtype=dtype)
    # the triangle potrf does not read holds garbage: it must be ignored
    # and kept, as SciPy's
    junk = spd.copy()
    other = numpy.triu_indices(n, 1) if lower else numpy.tril_indices(n, -1)
    junk[other] = 99
    b = _rand((n, 2), dtype, 2)
    _fallback.reset()
    c, low = cla.cho_factor(cupy.asarray(junk), lower=lower)
    x = cla.cho_solve((c, low), cupy.asarray(b))
    x1 = cla.cho_solve((c, low), cupy.asarray(b[:, 0]))
    assert not _fallback.fallback_counts()
    want_c = scipy_linalg.cho_factor(junk, lower=lower)[0]
    assert low is lower and c.dtype == want_c.dtype
    # the factor's triangle; SciPy documents the other one as arbitrary
    # ("random data": up to SciPy 1.17 the input's, newer ones zero it):
    # ours keeps the input's
    tri = numpy.tril if lower else numpy.triu
    numpy.testing.assert_allclose(tri(c.get()), tri(want_c),
                                  rtol=10 * _tol(dtype),
                                  atol=10 * _tol(dtype))
    numpy.testing.assert_array_equal(c.get()[other], junk[other])
    want = scipy_linalg.cho_solve((want_c, lower), b)
    numpy.testing.assert_allclose(x.get(), want, rtol=10 * _tol(dtype),
                                  atol=10 * _tol(dtype))
    numpy.testing.assert_allclose(x1.get(), want[:, 0],
                                  rtol=10 * _tol(dtype),
                                  atol=10 * _tol(dtype))


def test_cho_factor_errors():
    with pytest.raises(numpy.linalg.LinAlgError):
        cla.cho_factor(cupy.asarray([[1., 2.], [2., 1.]]))
    with pytest.raises(ValueError):
        cla.cho_factor(cupy.ones((2, 3)))
    with pytest.raises(ValueError):
        cla.cho_solve((cupy.eye(3), True), cupy.ones(4))


@pytest.mark.parametrize('dtype', _DTYPES)
def test_expm_triangular_diagonal(dtype):
    # SciPy: exp of the diagonal, exactly, for upper triangular input
    for a in (numpy.eye(2, dtype=dtype),
              numpy.triu(_rand((4, 4), dtype)),
              numpy.diag(numpy.arange(1, 5)).astype(dtype)):
        got = cla.expm(cupy.asarray(a)).get()
        want = scipy_linalg.expm(a)
        # exactly the device's exp of the diagonal (NumPy's on the host
        # libm; CUDA's float32 and complex exp may differ from it by an
        # ulp)
        numpy.testing.assert_array_equal(
            numpy.diagonal(got),
            cupy.exp(cupy.asarray(numpy.diagonal(a))).get())
        numpy.testing.assert_allclose(got, want, rtol=_tol(dtype),
                                      atol=_tol(dtype))


def test_khatri_rao_1d():
    # SciPy raises ValueError; CuPy LinAlgError (a ValueError)
    with pytest.raises(numpy.linalg.LinAlgError):
        cla.khatri_rao(cupy.ones(3), cupy.ones(3))
    with pytest.raises(ValueError):
        scipy_linalg.khatri_rao(numpy.ones(3), numpy.ones(3))


def test_solve_singular_no_rhs(monkeypatch):
    # CuPy: no error by default (nothing is solved); with
    # errstate(linalg='raise'), NumPy's LinAlgError.  The thread starts
    # from the default (an earlier test's seterr may have chosen 'raise')
    from cupyx import _errstate
    monkeypatch.delattr(_errstate._local, 'linalg', raising=False)
    a = cupy.zeros((3, 3))
    b = cupy.empty((3, 0))
    assert cupy.linalg.solve(a, b).shape == (3, 0)
    with cupyx.errstate(linalg='raise'):
        with pytest.raises(numpy.linalg.LinAlgError):
            cupy.linalg.solve(a, b)
    assert cupy.linalg.solve(a, b).shape == (3, 0)   # the default again
    with pytest.raises(numpy.linalg.LinAlgError):
        cupy.linalg.solve(a, cupy.ones((3, 1)))


@pytest.mark.parametrize('dtype', [numpy.complex64, numpy.complex128])
def test_cholesky_c_contiguous(dtype):
    r = _rand((4, 4), dtype)
    a = cupy.asarray(r @ r.conj().T + 4 * numpy.eye(4))
    for upper in (False, True):
        assert cupy.linalg.cholesky(a, upper=upper).flags.c_contiguous
