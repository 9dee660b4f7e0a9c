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
