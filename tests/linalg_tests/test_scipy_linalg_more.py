"""cupyx.scipy.linalg's expm and the special matrices added for issue 13
(bandwidth, companion, convolution_matrix, dft, fiedler,
fiedler_companion, hadamard, helmert, leslie) against SciPy, and expm's
device path (no host fallback, one small read)."""

import numpy
import pytest

import cupy
import cupyx.scipy.linalg as cla
from cupy import testing
from tests.linalg_tests.test_scipy_linalg_device import _rand

pytest.importorskip('scipy.linalg')


def _vec(xp, n, dtype=numpy.float32, seed=0):
    rs = numpy.random.RandomState(seed)
    return xp.asarray((rs.uniform(0.5, 2.0, n)).astype(dtype))


@pytest.mark.parametrize('name', ['companion', 'fiedler',
                                  'fiedler_companion'])
@pytest.mark.parametrize('n', [0, 1, 2, 3, 4, 7, 10])
@pytest.mark.parametrize('dtype', [numpy.float32, numpy.float64,
                                   numpy.int64])
@testing.numpy_cupy_allclose(rtol=1e-5, atol=1e-6, scipy_name='scp',
                             accept_error=(ValueError, IndexError))
def test_polynomial_matrices(xp, scp, name, n, dtype):
    return getattr(scp.linalg, name)(_vec(xp, n, dtype) * 3)


@pytest.mark.parametrize('name', ['companion', 'fiedler_companion'])
def test_zero_leading_coefficient(name):
    with pytest.raises(ValueError):
        getattr(cla, name)(cupy.asarray([0.0, 1.0, 2.0, 3.0]))


@pytest.mark.parametrize('nf,ns', [(1, 0), (2, 1), (4, 3), (4, 5)])
@testing.numpy_cupy_allclose(rtol=1e-6, scipy_name='scp',
                             accept_error=ValueError)
def test_leslie(xp, scp, nf, ns):
    return scp.linalg.leslie(_vec(xp, nf), _vec(xp, ns, numpy.float64, 1))


@pytest.mark.parametrize('m', [1, 3, 6])
@pytest.mark.parametrize('n', [1, 4, 9])
@pytest.mark.parametrize('mode', ['full', 'same', 'valid'])
@testing.numpy_cupy_allclose(rtol=1e-6, scipy_name='scp')
def test_convolution_matrix(xp, scp, m, n, mode):
    a = _vec(xp, m)
    mat = scp.linalg.convolution_matrix(a, n, mode)
    v = _vec(xp, n, numpy.float32, 2)
    # the defining property, against numpy.convolve itself
    testing.assert_allclose(cupy.asnumpy(mat @ v), numpy.convolve(
        cupy.asnumpy(a), cupy.asnumpy(v), mode), rtol=1e-5)
    return mat


def test_convolution_matrix_errors():
    with pytest.raises(ValueError):
        cla.convolution_matrix(cupy.ones(3), 0)
    with pytest.raises(ValueError):
        cla.convolution_matrix(cupy.ones(3), 4, 'middle')


@pytest.mark.parametrize('n', [1, 2, 4, 8, 16])
@pytest.mark.parametrize('dtype', [int, 'float64', 'int32'])
@testing.numpy_cupy_array_equal(scipy_name='scp')
def test_hadamard(xp, scp, n, dtype):
    return scp.linalg.hadamard(n, dtype)


@pytest.mark.parametrize('n', [0, 3, 6])
def test_hadamard_not_power_of_two(n):
    with pytest.raises(ValueError):
        cla.hadamard(n)


@pytest.mark.parametrize('n', [1, 2, 5, 10])
@pytest.mark.parametrize('full', [False, True])
@testing.numpy_cupy_allclose(rtol=1e-12, atol=1e-12, scipy_name='scp')
def test_helmert(xp, scp, n, full):
    return scp.linalg.helmert(n, full)


@pytest.mark.parametrize('n', [1, 2, 5, 25])
@pytest.mark.parametrize('scale', [None, 'sqrtn', 'n'])
@testing.numpy_cupy_allclose(rtol=1e-10, atol=1e-10, scipy_name='scp')
def test_dft(xp, scp, n, scale):
    return scp.linalg.dft(n, scale)


@pytest.mark.parametrize('lower,upper', [(0, 0), (3, 1), (1, 4), (5, 5)])
@pytest.mark.parametrize('order', ['C', 'F'])
def test_bandwidth(lower, upper, order):
    n = 8
    i, j = numpy.indices((n, n))
    a = numpy.where((i - j <= lower) & (j - i <= upper), 1.0, 0.0)
    a = numpy.asarray(a, order=order)
    import scipy.linalg
    assert cla.bandwidth(cupy.asarray(a)) == (lower, upper) == \
        scipy.linalg.bandwidth(a)
    with pytest.raises(numpy.linalg.LinAlgError):
        cla.bandwidth(cupy.ones(3))


# norms across the Pade degrees (Higham's thresholds 0.015 .. 5.4) and
# beyond (scaling and squaring)
@pytest.mark.parametrize('scale', [0.001, 0.1, 0.5, 1.5, 4.0, 30.0])
@pytest.mark.parametrize('dtype', [numpy.float32, numpy.float64,
                                   numpy.complex64, numpy.complex128])
@testing.numpy_cupy_allclose(rtol=1e-4, atol=1e-5, scipy_name='scp',
                             type_check=True)
def test_expm(xp, scp, scale, dtype):
    rs = numpy.random.RandomState(0)
    a = rs.standard_normal((6, 6))
    if numpy.dtype(dtype).kind == 'c':
        a = a + 1j * rs.standard_normal((6, 6))
    a = a * scale / numpy.abs(a).sum(0).max()
    return scp.linalg.expm(xp.asarray(a.astype(dtype)))


@pytest.mark.parametrize('a', [[[1, 4], [1, 1]], [[4, 5], [-3, -4]],
                               [[2.0]], numpy.zeros((0, 0))])
@testing.numpy_cupy_allclose(rtol=1e-10, atol=1e-12, scipy_name='scp')
def test_expm_small_and_integer(xp, scp, a):
    return scp.linalg.expm(xp.asarray(a))


def test_expm_stack_and_unitary():
    import scipy.linalg
    rs = numpy.random.RandomState(1)
    a = rs.standard_normal((3, 4, 4)) * 2
    got = cla.expm(cupy.asarray(a))
    for k in range(3):
        testing.assert_allclose(got[k], scipy.linalg.expm(a[k]),
                                rtol=1e-10)
    h = rs.standard_normal((5, 5)) + 1j * rs.standard_normal((5, 5))
    u = cla.expm(cupy.asarray(h - h.conj().T)).get()
    numpy.testing.assert_allclose(u.conj().T @ u, numpy.eye(5), atol=1e-13)


def test_expm_stays_on_device(monkeypatch):
    from cupy_backends.ascend import simulator
    monkeypatch.setenv('CUPY_HOST_FALLBACK', 'error')
    x = cupy.asarray(numpy.random.RandomState(2).standard_normal((32, 32)))
    cupy.xpu.Device().synchronize()
    before = simulator.counters()
    cla.expm(x)
    cupy.xpu.Device().synchronize()
    after = simulator.counters()
    assert after['h2d_bytes'] == before['h2d_bytes']
    # the norm and solve's singularity flags: a few bytes, not the matrix
    assert after['d2h_bytes'] - before['d2h_bytes'] < 64


# ------------------------------------------------ LU on the device --
# the same seeded real/complex matrices as the device tests of scipy.linalg
_mat = _rand


_LU_TOL = {'f': 1e-4, 'F': 1e-4, 'd': 1e-11, 'D': 1e-11}


@pytest.mark.parametrize('dtype', ['f', 'd', 'F', 'D'])
@pytest.mark.parametrize('shape', [(1, 1), (2, 2), (17, 17), (70, 70),
                                   (130, 130), (9, 4), (4, 9), (70, 66)])
def test_lu_factor_is_lapacks(dtype, shape):
    import scipy.linalg
    a = _mat(shape, dtype)
    lu, piv = cla.lu_factor(cupy.asarray(a))
    ref_lu, ref_piv = scipy.linalg.lu_factor(a)
    assert lu.dtype == ref_lu.dtype and piv.dtype == ref_piv.dtype
    numpy.testing.assert_array_equal(piv.get(), ref_piv)
    tol = _LU_TOL[dtype] * max(shape)
    numpy.testing.assert_allclose(lu.get(), ref_lu, rtol=tol, atol=tol)


@pytest.mark.parametrize('dtype', ['f', 'd', 'F', 'D'])
@pytest.mark.parametrize('shape', [(6, 6), (7, 4), (4, 7)])
@pytest.mark.parametrize('permute_l,p_indices', [(False, False),
                                                 (True, False),
                                                 (False, True)])
def test_lu(dtype, shape, permute_l, p_indices):
    import scipy.linalg
    a = _mat(shape, dtype)
    got = cla.lu(cupy.asarray(a), permute_l=permute_l, p_indices=p_indices)
    want = scipy.linalg.lu(a, permute_l=permute_l, p_indices=p_indices)
    assert len(got) == len(want)
    for g, w in zip(got, want):
        assert g.dtype == w.dtype and g.shape == w.shape
        numpy.testing.assert_allclose(g.get(), w, rtol=1e-4, atol=1e-4)


@pytest.mark.parametrize('dtype', ['f', 'd', 'F', 'D'])
@pytest.mark.parametrize('trans', [0, 1, 2])
@pytest.mark.parametrize('nrhs', [None, 3])
def test_lu_solve(dtype, trans, nrhs):
    import scipy.linalg
    n = 40
    a = _mat((n, n), dtype) + n * numpy.eye(n)
    b = _mat((n,) if nrhs is None else (n, nrhs), dtype, 1)
    factors = cla.lu_factor(cupy.asarray(a))
    x = cla.lu_solve(factors, cupy.asarray(b), trans=trans)
    want = scipy.linalg.lu_solve(scipy.linalg.lu_factor(a), b, trans=trans)
    assert x.dtype == want.dtype and x.shape == want.shape
    numpy.testing.assert_allclose(x.get(), want, rtol=_LU_TOL[dtype] * 10,
                                  atol=_LU_TOL[dtype] * 10)


def test_lu_singular_warns_and_nonfinite_raises():
    from scipy.linalg import LinAlgWarning
    a = numpy.array([[1.0, 2.0, 3.0], [2.0, 4.0, 6.0], [1.0, 0.0, 1.0]])
    import scipy.linalg
    with pytest.warns(LinAlgWarning, match='exactly zero'):
        lu, piv = cla.lu_factor(cupy.asarray(a))
    with pytest.warns(LinAlgWarning):
        ref = scipy.linalg.lu_factor(a)
    numpy.testing.assert_allclose(lu.get(), ref[0])
    with pytest.raises(ValueError):
        cla.lu_factor(cupy.asarray([[1.0, numpy.nan], [0.0, 1.0]]))


def test_lu_moves_no_matrix_through_the_host(monkeypatch):
    # the factorisation reads nothing back but the diagonal's zero flags
    # and the finiteness flag; the solve reads and uploads the pivots
    from cupy_backends.ascend import simulator
    monkeypatch.setenv('CUPY_HOST_FALLBACK', 'error')
    n = 200
    a = cupy.asarray(_mat((n, n), 'f') + n * numpy.eye(n, dtype='f'))
    b = cupy.asarray(_mat((n, 2), 'f', 1))
    cupy.xpu.Device().synchronize()
    before = simulator.counters()
    x = cla.lu_solve(cla.lu_factor(a), b)
    cupy.xpu.Device().synchronize()
    after = simulator.counters()
    moved = (after['d2h_bytes'] - before['d2h_bytes'] +
             after['h2d_bytes'] - before['h2d_bytes'])
    assert moved < 0.1 * a.nbytes
    numpy.testing.assert_allclose((a @ x).get(), b.get(), atol=1e-3)


@pytest.mark.parametrize('dtype', ['f', 'd', 'F', 'D'])
def test_qr_mode_r_on_device(dtype, monkeypatch):
    monkeypatch.setenv('CUPY_HOST_FALLBACK', 'error')
    a = _mat((2, 7, 4), dtype)
    r = cupy.linalg.qr(cupy.asarray(a), mode='r')
    want = numpy.linalg.qr(a, mode='r')
    assert r.dtype == want.dtype and r.shape == want.shape
    # R is unique up to the signs (phases) of its rows
    numpy.testing.assert_allclose(abs(r.get()), abs(want), rtol=1e-4,
                                  atol=1e-4)
