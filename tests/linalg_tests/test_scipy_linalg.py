"""cupyx.scipy.linalg against SciPy: LU and Cholesky factors and solves,
triangular solves (results, dtypes, errors), the special matrices."""

import numpy
import pytest

import cupy
import cupyx.scipy.linalg as cla
from cupy import testing

scipy_linalg = pytest.importorskip('scipy.linalg')

pytestmark = pytest.mark.filterwarnings(
    'ignore::cupy._core._fallback.PerformanceWarning')


def _a(n, dtype, seed=0):
    rs = numpy.random.RandomState(seed)
    a = rs.standard_normal((n, n)) + n * numpy.eye(n)
    if numpy.dtype(dtype).kind == 'c':
        a = a + 1j * rs.standard_normal((n, n))
    return a.astype(dtype)


def _close(got, want, dtype):
    tol = 1e-4 if numpy.dtype(dtype).char in 'fF' else 1e-10
    got = cupy.asnumpy(got)
    assert got.dtype == numpy.asarray(want).dtype
    numpy.testing.assert_allclose(got, want, rtol=tol, atol=tol)


@pytest.mark.parametrize('dtype', [numpy.float32, numpy.float64,
                                   numpy.complex64, numpy.complex128])
def test_lu_and_solves(dtype):
    a = _a(5, dtype)
    b = _a(5, dtype, 1)[:, :2]
    lu_, piv = cla.lu_factor(cupy.asarray(a))
    rl, rp = scipy_linalg.lu_factor(a)
    _close(lu_, rl, dtype)
    _close(piv, rp, dtype)
    for trans in (0, 1, 2):
        _close(cla.lu_solve((lu_, piv), cupy.asarray(b), trans=trans),
               scipy_linalg.lu_solve((rl, rp), b, trans=trans), dtype)
    for got, want in zip(cla.lu(cupy.asarray(a)), scipy_linalg.lu(a)):
        _close(got, want, dtype)
    for lower in (False, True):
        for unit in (False, True):
            t = numpy.tril(a) if lower else numpy.triu(a)
            _close(cla.solve_triangular(cupy.asarray(t), cupy.asarray(b),
                                        lower=lower, unit_diagonal=unit),
                   scipy_linalg.solve_triangular(t, b, lower=lower,
                                                 unit_diagonal=unit), dtype)
    spd = a @ a.conj().T
    c, low = cla.cho_factor(cupy.asarray(spd), lower=True)
    assert low is True
    _close(cla.cho_solve((c, low), cupy.asarray(b)),
           scipy_linalg.cho_solve(scipy_linalg.cho_factor(spd, lower=True),
                                  b), dtype)


def test_errors():
    with pytest.raises(numpy.linalg.LinAlgError):
        cla.solve_triangular(cupy.zeros((2, 2)), cupy.ones(2))
    with pytest.raises(numpy.linalg.LinAlgError):
        cla.cho_factor(cupy.asarray([[1., 2.], [2., 1.]]))
    with pytest.raises(ValueError):
        cla.solve_triangular(cupy.ones((2, 3)), cupy.ones(2))


@testing.numpy_cupy_array_equal(scipy_name='scp')
def test_special(xp, scp):
    la = scipy_linalg if xp is numpy else cla
    c = xp.asarray([1, 2, 3])
    r = xp.asarray([4., 5., 6., 7.])
    z = xp.asarray([1 + 2j, 3j])
    a = xp.arange(6).reshape(2, 3)
    b = xp.arange(9.).reshape(3, 3)
    return (la.toeplitz(c), la.toeplitz(c, r), la.toeplitz(z),
            la.hankel(c), la.hankel(c, r), la.circulant(c), la.hilbert(4),
            la.khatri_rao(a, b), la.block_diag(a, b, 5,
                                                              [1, 2]),
            la.block_diag())


@pytest.mark.parametrize('dtype', [numpy.float32, numpy.float64,
                                   numpy.complex64, numpy.complex128])
@pytest.mark.parametrize('trans', [0, 1, 'T'])
def test_solve_triangular_on_device(dtype, trans):
    # aclnnTriangularSolve: no host fallback; SciPy's check_finite reads
    # one flag and the singular check n booleans, nothing else crosses
    from cupy._core import _fallback
    from cupy_backends.ascend import simulator
    a = cupy.asarray(_a(6, dtype))
    b = cupy.asarray(_a(6, dtype, 1)[:, ::2])       # non-contiguous
    _fallback.reset()
    before = simulator.counters()
    x = cla.solve_triangular(a, b, trans=trans, lower=True)
    after = simulator.counters()
    assert not _fallback.fallback_counts()
    assert after['d2h_bytes'] - before['d2h_bytes'] == 1 + 6
    assert after['h2d_bytes'] == before['h2d_bytes']
    _close(x, scipy_linalg.solve_triangular(a.get(), b.get(), trans=trans,
                                            lower=True), dtype)


def test_solve_triangular_singular_on_device():
    a = cupy.asarray(numpy.triu(numpy.ones((3, 3), numpy.float32)))
    a[2, 2] = 0
    with pytest.raises(numpy.linalg.LinAlgError, match='diagonal 2'):
        cla.solve_triangular(a, cupy.ones(3, numpy.float32))
    with pytest.raises(numpy.linalg.LinAlgError, match='diagonal 2'):
        scipy_linalg.solve_triangular(a.get(), numpy.ones(3))
