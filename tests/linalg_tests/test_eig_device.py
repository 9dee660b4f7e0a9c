"""cupy.linalg.eig/eigvals on the device (shifted QR iterations on the
provider's qr, cupy/_core/_routines_eig.py) against NumPy: eigenvalues
as sets, eigenvectors by A v = v diag(w) with unit norms, NumPy's result
dtypes (real for real input when every eigenvalue is real), stacks,
empty and 1x1 matrices, errors, and no host fallback."""

import numpy
import pytest

import cupy
from tests.linalg_tests.test_scipy_linalg_more import _mat


def _check(h, tol):
    w, v = cupy.linalg.eig(cupy.asarray(h))
    ref_w, ref_v = numpy.linalg.eig(h)
    assert w.dtype == ref_w.dtype and v.dtype == ref_v.dtype
    assert w.shape == ref_w.shape and v.shape == ref_v.shape
    wv = cupy.linalg.eigvals(cupy.asarray(h))
    assert wv.dtype == numpy.linalg.eigvals(h).dtype
    hw, hv = w.get(), v.get()
    n = max(h.shape[-1], 1)
    scale = max(1.0, abs(h).max(initial=0))
    numpy.testing.assert_allclose(h @ hv, hv * hw[..., None, :],
                                  atol=tol * n * scale)
    numpy.testing.assert_allclose(numpy.linalg.norm(hv, axis=-2),
                                  numpy.ones(hw.shape), atol=tol * n)
    # the same eigenvalues: each near one of NumPy's, both ways (sorting
    # complex numbers is not stable under rounding of conjugate pairs)
    for got, want in ((hw, ref_w), (ref_w, hw), (wv.get(), hw)):
        if got.size:
            got = got.reshape(-1, h.shape[-1])
            want = want.reshape(-1, h.shape[-1])
            dist = abs(got[:, :, None] - want[:, None, :]).min(axis=-1)
            assert dist.max() <= tol * n * scale


@pytest.mark.parametrize('dtype', ['f', 'd', 'F', 'D'])
@pytest.mark.parametrize('shape', [(0, 0), (1, 1), (2, 2), (3, 3),
                                   (12, 12), (2, 5, 5)])
def test_eig_random(dtype, shape, monkeypatch):
    monkeypatch.setenv('CUPY_HOST_FALLBACK', 'error')
    tol = 1e-4 if dtype in 'fF' else 1e-11
    _check(_mat(shape, dtype), tol)


@pytest.mark.parametrize('a', [
    [[1, 0, 3], [0, 5, 0], [7, 0, 9]],      # CuPy's test matrix
    [[2.0, 1.0], [1.0, 2.0]],               # symmetric: real results
    [[0.0, -1.0], [1.0, 0.0]],              # a rotation: +-1j
    numpy.eye(4),                           # repeated eigenvalue
    [[1, 2j, 3], [4j, 5, 6j], [7, 8j, 9]],
    numpy.diag([3.0, 1.0, 2.0]) + numpy.diag([1.0, 1.0], 1),
])
def test_eig_known(a):
    _check(numpy.asarray(a, dtype=numpy.result_type(
        numpy.asarray(a).dtype, numpy.float64)), 1e-11)


def test_eig_integer_input_is_float64():
    h = numpy.array([[2, 0], [0, 3]])
    w = cupy.linalg.eigvals(cupy.asarray(h))
    # float64 (NumPy 2.5: complex128, its eigvals being complex always)
    assert w.dtype == numpy.linalg.eigvals(h).dtype
    assert w.dtype in (numpy.float64, numpy.complex128)
    numpy.testing.assert_allclose(numpy.sort(w.get()), [2.0, 3.0])


def test_eig_errors():
    with pytest.raises(numpy.linalg.LinAlgError):
        cupy.linalg.eig(cupy.ones((2, 3)))
    with pytest.raises(numpy.linalg.LinAlgError):
        cupy.linalg.eigvals(cupy.asarray([[numpy.nan, 1.0], [0.0, 1.0]]))
    with pytest.raises(TypeError):
        cupy.linalg.eig(cupy.ones((2, 2), dtype=numpy.float16))


def test_eig_input_untouched_and_no_matrix_read(monkeypatch):
    from cupy_backends.ascend import simulator
    monkeypatch.setenv('CUPY_HOST_FALLBACK', 'error')
    h = _mat((16, 16), 'd', 3)
    a = cupy.asarray(h)
    cupy.xpu.Device().synchronize()
    before = simulator.counters()
    cupy.linalg.eig(a)
    cupy.xpu.Device().synchronize()
    after = simulator.counters()
    numpy.testing.assert_array_equal(a.get(), h)
    # 5 numbers per iteration (about 3 per eigenvalue) and the pivots of
    # the normalisation: far less than the matrix per iteration
    assert after['d2h_bytes'] - before['d2h_bytes'] < 16 * 16 * 16 * 5
