"""The simulator's decompositions (csrc/sim_ops_solver.c) through ctypes:
aclnnLinalgQr against NumPy by reconstruction, its A2 dtype set and rank
limits (wave2_ops.md, "Linear algebra") and its argument checks."""

import ctypes

import numpy
import pytest

from tests.simulator_tests import test_ops as base
from tests.simulator_tests.test_ops import PARAM_INVALID, vp
from tests.simulator_tests.test_ops import dev  # NOQA: the fixture

base._SIGNATURES.update({'LinalgQr': [vp, ctypes.c_int64, vp, vp]})
phase1, execute = base.phase1, base.execute


@pytest.mark.parametrize('dtype', [numpy.float16, numpy.float32,
                                   numpy.float64, numpy.complex64,
                                   numpy.complex128])
@pytest.mark.parametrize('mode,shape', [(0, (5, 3)), (1, (5, 3)),
                                        (0, (2, 3, 4)), (2, (4, 4))])
def test_linalg_qr(dev, dtype, mode, shape):
    rs = numpy.random.RandomState(0)
    ha = rs.uniform(-1, 1, shape).astype(dtype)
    m, n = shape[-2:]
    k = m if mode == 1 else min(m, n)
    _, a = dev.array(ha)
    pq, q = dev.empty(shape[:-2] + (m, k), dtype)
    pr, r = dev.empty(shape[:-2] + (k, n), dtype)
    assert execute('LinalgQr', vp(a), mode, vp(q), vp(r)) == 0
    hr = dev.read(pr, shape[:-2] + (k, n), dtype)
    numpy.testing.assert_allclose(numpy.triu(hr), hr)
    tol = 1e-2 if dtype == numpy.float16 else 1e-5
    if mode == 2:
        want = numpy.linalg.qr(ha.astype(numpy.complex128), mode='r')
        numpy.testing.assert_allclose(abs(hr), abs(want), atol=tol)
    else:
        hq = dev.read(pq, shape[:-2] + (m, k), dtype)
        numpy.testing.assert_allclose(hq @ hr, ha, atol=tol)


def test_linalg_qr_rejects(dev):
    def qr(a_dt, q_dt=None, mode=0, shape=(3, 3), qshape=(3, 3)):
        a = dev.array(numpy.ones(shape, a_dt))[1]
        q = dev.empty(qshape, q_dt or a_dt)[1]
        r = dev.empty((3, 3), a_dt)[1]
        return phase1('LinalgQr', vp(a), mode, vp(q), vp(r))[0]

    # (each call fails in phase 1, so no executor is left to release)
    # an integer dtype is outside the documented set
    assert qr(numpy.int32) == PARAM_INVALID
    assert qr(numpy.float32, numpy.float64) == PARAM_INVALID
    assert qr(numpy.float32, mode=3) == PARAM_INVALID
    assert qr(numpy.float32, qshape=(3, 2)) == PARAM_INVALID
    assert qr(numpy.float32, shape=(3,)) == PARAM_INVALID


base._SIGNATURES.update({'TriangularSolve': [vp, vp, ctypes.c_bool,
                                             ctypes.c_bool, ctypes.c_bool,
                                             vp, vp]})


@pytest.mark.parametrize('dtype', [numpy.float32, numpy.float64,
                                   numpy.complex64, numpy.complex128])
@pytest.mark.parametrize('upper,transpose,unit', [(True, False, False),
                                                  (False, True, False),
                                                  (False, False, True)])
def test_triangular_solve(dev, dtype, upper, transpose, unit):
    rs = numpy.random.RandomState(1)
    ha = (rs.uniform(-1, 1, (2, 4, 4)) + 4 * numpy.eye(4)).astype(dtype)
    hb = rs.uniform(-1, 1, (2, 4, 3)).astype(dtype)
    _, a = dev.array(ha)
    _, b = dev.array(hb)
    px, x = dev.empty(hb.shape, dtype)
    pm, m = dev.empty(ha.shape, dtype)
    assert execute('TriangularSolve', vp(b), vp(a), upper, transpose, unit,
                   vp(x), vp(m)) == 0
    t = numpy.triu(ha) if upper else numpy.tril(ha)
    if unit:
        t = t - t * numpy.eye(4) + numpy.eye(4)
    op = numpy.swapaxes(t, -1, -2) if transpose else t
    numpy.testing.assert_allclose(op @ dev.read(px, hb.shape, dtype), hb,
                                  atol=1e-5)
    numpy.testing.assert_array_equal(dev.read(pm, ha.shape, dtype), ha)


def test_triangular_solve_zero_pivot_is_nan(dev):
    ha = numpy.triu(numpy.ones((3, 3), numpy.float32))
    ha[1, 1] = 0
    _, a = dev.array(ha)
    _, b = dev.array(numpy.ones((3, 1), numpy.float32))
    px, x = dev.empty((3, 1), numpy.float32)
    m = dev.empty((3, 3), numpy.float32)[1]
    assert execute('TriangularSolve', vp(b), vp(a), True, False, False,
                   vp(x), vp(m)) == 0
    assert numpy.isnan(dev.read(px, (3, 1), numpy.float32)).any()


def test_triangular_solve_rejects(dev):
    def trsv(dt=numpy.float32, bshape=(3, 2), xshape=(3, 2), adt=None):
        a = dev.array(numpy.eye(3, dtype=adt or dt))[1]
        b = dev.array(numpy.ones(bshape, dt))[1]
        x = dev.empty(xshape, dt)[1]
        m = dev.empty((3, 3), dt)[1]
        return phase1('TriangularSolve', vp(b), vp(a), True, False, False,
                      vp(x), vp(m))[0]

    # each fails in phase 1 (no executor to release)
    assert trsv(numpy.float16) == PARAM_INVALID        # not in the A2 set
    assert trsv(numpy.float32, adt=numpy.float64) == PARAM_INVALID
    assert trsv(bshape=(4, 2), xshape=(4, 2)) == PARAM_INVALID
    assert trsv(xshape=(3, 3)) == PARAM_INVALID


base._SIGNATURES.update({
    'Svd': [vp, ctypes.c_bool, ctypes.c_bool, vp, vp, vp],
    'Slogdet': [vp, vp, vp], 'Inverse': [vp, vp],
    'LinalgCholesky': [vp, ctypes.c_bool, vp]})


@pytest.mark.parametrize('dtype', [numpy.float32, numpy.float64,
                                   numpy.complex64, numpy.complex128])
def test_svd_slogdet(dev, dtype):
    rs = numpy.random.RandomState(1)
    ha = rs.uniform(-1, 1, (2, 4, 3)).astype(dtype)
    real = numpy.dtype(dtype).char.lower()
    _, a = dev.array(ha)
    ps, s = dev.empty((2, 3), real)
    pu, u = dev.empty((2, 4, 3), dtype)
    pv, v = dev.empty((2, 3, 3), dtype)
    assert execute('Svd', vp(a), False, True, vp(s), vp(u), vp(v)) == 0
    hs = dev.read(ps, (2, 3), real)
    hu, hv = dev.read(pu, (2, 4, 3), dtype), dev.read(pv, (2, 3, 3), dtype)
    # v is V, not V^H (wave2_ops.md)
    numpy.testing.assert_allclose(
        (hu * hs[:, None]) @ hv.conj().swapaxes(-1, -2), ha, atol=1e-5)
    hq = rs.uniform(-1, 1, (2, 3, 3)).astype(dtype)
    _, q = dev.array(hq)
    psg, sg = dev.empty((2,), dtype)
    pl, lg = dev.empty((2,), real)
    assert execute('Slogdet', vp(q), vp(sg), vp(lg)) == 0
    want = numpy.linalg.slogdet(hq)
    numpy.testing.assert_allclose(dev.read(psg, (2,), dtype), want.sign,
                                  rtol=1e-5)
    numpy.testing.assert_allclose(dev.read(pl, (2,), real), want.logabsdet,
                                  rtol=1e-5)
    # sigma of the complex dtype is refused
    if numpy.dtype(dtype).kind == 'c':
        bad = dev.empty((2, 3), dtype)[1]
        assert phase1('Svd', vp(a), False, True, vp(bad), vp(u),
                      vp(v))[0] == PARAM_INVALID


def test_inverse_cholesky_float32_only(dev):
    h = numpy.array([[4., 1.], [1., 3.]])
    for dt, ok in ((numpy.float32, True), (numpy.float64, False),
                   (numpy.complex64, False)):
        _, a = dev.array(h.astype(dt))
        po, o = dev.empty((2, 2), dt)
        if not ok:
            # no f64 on A2 (wave2_ops.md); complex not documented
            assert phase1('Inverse', vp(a), vp(o))[0] == PARAM_INVALID
            assert phase1('LinalgCholesky', vp(a), False,
                          vp(o))[0] == PARAM_INVALID
            continue
        assert execute('Inverse', vp(a), vp(o)) == 0
        numpy.testing.assert_allclose(dev.read(po, (2, 2), dt),
                                      numpy.linalg.inv(h), rtol=1e-6)
        assert execute('LinalgCholesky', vp(a), True, vp(o)) == 0
        numpy.testing.assert_allclose(dev.read(po, (2, 2), dt),
                                      numpy.linalg.cholesky(h, upper=True),
                                      rtol=1e-6)
    # not positive definite: a NaN factor (simulator choice)
    _, a = dev.array(numpy.array([[1., 2.], [2., 1.]], numpy.float32))
    po, o = dev.empty((2, 2), numpy.float32)
    assert execute('LinalgCholesky', vp(a), False, vp(o)) == 0
    assert numpy.isnan(dev.read(po, (2, 2), numpy.float32)).all()
