"""The simulator's AsdSip BLAS (csrc/sim_blas.c) through ctypes, by its
C++ (mangled) names as libasdsip.so exports them: Cgemm against NumPy on
column-major operands, the documented limits (m, n, k in [1, 8192]; lda,
ldb, ldc = m, k, m; complex64 only; a created stream), and the C++ shim
resolving every AsdSip symbol it calls here."""

import ctypes
import importlib.util
import subprocess

import numpy
import pytest

from tests.simulator_tests import acl_ctypes as acl
from tests.simulator_tests.test_ops import vp
from tests.simulator_tests.test_ops import dev  # NOQA: the fixture

INVALID = 100000            # ACL_ERROR_INVALID_PARAM (blas_fft.md 3.1)
UNSUPPORTED_DTYPE = 100026

_NAMES = {
    'create': '_ZN6AsdSip13asdBlasCreateERPv',
    'destroy': '_ZN6AsdSip14asdBlasDestroyEPv',
    'stream': '_ZN6AsdSip16asdBlasSetStreamEPvS0_',
    'plan': '_ZN6AsdSip20asdBlasMakeCgemmPlanEPvNS_18asdBlasOperation_t'
            'ES1_llllll',
    'batched_plan': '_ZN6AsdSip27asdBlasMakeCgemmBatchedPlanEPv',
    'ws_size': '_ZN6AsdSip23asdBlasGetWorkspaceSizeEPvRm',
    'ws': '_ZN6AsdSip19asdBlasSetWorkspaceEPvS0_',
    'cgemm': '_ZN6AsdSip12asdBlasCgemmEPvNS_18asdBlasOperation_tES1_lllRKS'
             't7complexIfEP9aclTensorlS7_lS5_S7_l',
    'cgemm_batched': '_ZN6AsdSip19asdBlasCgemmBatchedEPvNS_18asdBlasOperat'
                     'ion_tES1_lllRKSt7complexIfEP9aclTensorlS7_lS5_S7_ll',
}
i64 = ctypes.c_int64
fp = ctypes.POINTER(ctypes.c_float)
_ARGS = {
    'create': [ctypes.POINTER(vp)], 'destroy': [vp], 'stream': [vp, vp],
    'plan': [vp, ctypes.c_int, ctypes.c_int] + [i64] * 6,
    'batched_plan': [vp], 'ws_size': [vp, ctypes.POINTER(ctypes.c_size_t)],
    'ws': [vp, vp],
    'cgemm': [vp, ctypes.c_int, ctypes.c_int, i64, i64, i64, fp, vp, i64,
              vp, i64, fp, vp, i64],
    'cgemm_batched': [vp, ctypes.c_int, ctypes.c_int, i64, i64, i64, fp, vp,
                      i64, vp, i64, fp, vp, i64, i64],
}


def _f(name):
    f = getattr(acl.lib(), _NAMES[name])
    f.argtypes = _ARGS[name]
    f.restype = ctypes.c_int32
    return f


class _Handle:
    def __init__(self, dev):
        self.h = vp()
        assert _f('create')(ctypes.byref(self.h)) == 0
        self.dev = dev

    def ready(self, stream):
        size = ctypes.c_size_t()
        assert _f('ws_size')(self.h, ctypes.byref(size)) == 0
        ws = self.dev.alloc(size.value) if size.value else None
        assert _f('ws')(self.h, vp(ws)) == 0
        assert _f('stream')(self.h, vp(stream)) == 0

    def close(self):
        assert _f('destroy')(self.h) == 0


@pytest.fixture
def stream():
    s = vp()
    assert acl.lib().aclrtCreateStream(ctypes.byref(s)) == 0
    yield s.value
    assert acl.lib().aclrtSynchronizeStream(s) == 0
    assert acl.lib().aclrtDestroyStream(s) == 0


def _c(*v):
    return (ctypes.c_float * 2)(*v)


def _colmajor(rs, rows, cols, batch=()):
    a = rs.standard_normal(batch + (rows, cols)) + 1j * rs.standard_normal(
        batch + (rows, cols))
    return a.astype(numpy.complex64)


@pytest.mark.parametrize('batch', [0, 3])
def test_cgemm(dev, stream, batch):
    # C = alpha A B + beta C, column-major; operands described as ND
    # tensors of shapes [m, k], [k, n], [m, n] (Cgemm.md)
    m, n, k = 3, 4, 5
    rs = numpy.random.RandomState(0)
    bt = (batch,) if batch else ()
    a, b, c = (_colmajor(rs, m, k, bt), _colmajor(rs, k, n, bt),
               _colmajor(rs, m, n, bt))

    def device(x, rows, cols):
        # the column-major matrix's memory as a [rows, cols] tensor
        mem = numpy.ascontiguousarray(numpy.swapaxes(x, -1, -2))
        p, _ = dev.array(mem)
        return p, dev.tensor(bt + (rows, cols), numpy.complex64, p)

    (pa, ta), (pb, tb), (pc, tc) = (device(a, m, k), device(b, k, n),
                                    device(c, m, n))
    h = _Handle(dev)
    if batch:
        assert _f('batched_plan')(h.h) == 0
    else:
        assert _f('plan')(h.h, 0, 0, m, n, k, m, k, m) == 0
    h.ready(stream)
    alpha, beta = _c(1, 2), _c(0.5, -1)
    if batch:
        st = _f('cgemm_batched')(h.h, 0, 0, m, n, k, alpha, vp(ta), m,
                                 vp(tb), k, beta, vp(tc), m, batch)
    else:
        st = _f('cgemm')(h.h, 0, 0, m, n, k, alpha, vp(ta), m, vp(tb), k,
                         beta, vp(tc), m)
    assert st == 0, acl.last_message()
    assert acl.lib().aclrtSynchronizeStream(vp(stream)) == 0
    got = numpy.swapaxes(dev.read(pc, bt + (n, m), numpy.complex64), -1, -2)
    want = (1 + 2j) * (a @ b) + (0.5 - 1j) * c
    numpy.testing.assert_allclose(got, want, rtol=1e-5, atol=1e-5)
    h.close()


def test_plan_limits(dev):
    h = _Handle(dev)
    plan = _f('plan')
    # lda, ldb, ldc are constrained to m, k, m (blas_fft.md 3.4)
    assert plan(h.h, 0, 0, 3, 4, 5, 4, 5, 3) == INVALID
    assert plan(h.h, 0, 0, 3, 4, 5, 3, 4, 3) == INVALID
    # m, n, k in [1, 8192] (Cgemm.md)
    assert plan(h.h, 0, 0, 8193, 1, 1, 8193, 1, 8193) == INVALID
    assert plan(h.h, 0, 0, 0, 1, 1, 0, 1, 0) == INVALID
    # transposed operands: the simulator runs OP_N only
    assert plan(h.h, 1, 0, 3, 3, 3, 3, 3, 3) == INVALID
    assert plan(h.h, 0, 0, 8192, 1, 1, 8192, 1, 8192) == 0
    # a handle is initialised once
    assert plan(h.h, 0, 0, 2, 2, 2, 2, 2, 2) == INVALID
    assert _f('batched_plan')(h.h) == INVALID
    # no NULL stream [inferred from the FFT's asdFftSetStream]
    assert _f('stream')(h.h, None) == INVALID
    h.close()


def test_cgemm_rejects(dev, stream):
    m = n = k = 2
    h = _Handle(dev)
    assert _f('plan')(h.h, 0, 0, m, n, k, m, k, m) == 0
    one = _c(1, 0)
    zero = _c(0, 0)

    def run(dtype=numpy.complex64, shape=(2, 2), strides=None,
            sizes=(2, 2, 2)):
        p, _ = dev.array(numpy.zeros((4, 4), dtype))
        t = dev.tensor(shape, dtype, p, strides=strides, storage=(4, 4))
        good = dev.array(numpy.zeros((2, 2), numpy.complex64))[1]
        mm, nn, kk = sizes
        return _f('cgemm')(h.h, 0, 0, mm, nn, kk, one, vp(t), mm, vp(good),
                           kk, zero, vp(good), mm)

    # no stream, no workspace yet
    assert run() == INVALID
    h.ready(stream)
    assert run() == 0
    assert run(numpy.complex128) == UNSUPPORTED_DTYPE
    assert run(shape=(1, 2, 2)) == INVALID       # Cgemm: no 3-d operands
    assert run(shape=(2, 2), strides=(4, 1)) == INVALID     # strided
    assert run(sizes=(2, 2, 3)) == INVALID       # not the plan's sizes
    h.close()


def test_shim_resolves_against_the_simulator():
    # every AsdSip symbol the C++ shim leaves undefined is exported by the
    # simulator (so the shim's dlopen with RTLD_NOW succeeds there)
    from cupy_backends.ascend import _asdsip_blas
    from cupy_backends.ascend.simulator import _sim
    origin = importlib.util.find_spec(
        'cupy_backends.ascend._asdsip_blas_shim').origin
    assert _asdsip_blas.shim() == origin
    try:
        out = subprocess.run(['nm', '-D', '--undefined-only', origin],
                             capture_output=True, text=True, check=True)
    except (OSError, subprocess.CalledProcessError):
        pytest.skip('nm is not available')
    needed = {line.split()[-1] for line in out.stdout.splitlines()
              if 'AsdSip' in line}
    assert needed == set(_NAMES.values())
    lib = ctypes.CDLL(_sim.__file__)
    for name in needed:
        assert getattr(lib, name)
