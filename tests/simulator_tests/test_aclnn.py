"""The aclnn object API and two-phase execution on the simulator."""

import ctypes

import numpy
import pytest

from cupy_backends.ascend import OperatorNotFoundError
from cupy_backends.ascend import _acl
from tests.simulator_tests import acl_ctypes as acl


def test_operators_are_resolved_by_name():
    assert _acl.has_operator('InplaceCopy')
    ws, run = _acl.operator_symbols('InplaceCopy')
    assert ws and run and ws != run
    assert not _acl.has_operator('NoSuchOperator')
    with pytest.raises(OperatorNotFoundError) as e:
        _acl.operator_symbols('NoSuchOperator')
    assert 'aclnnNoSuchOperator' in str(e.value)
    assert 'simulator' in str(e.value)
    assert e.value.name == 'ACL_ERROR_OP_NOT_FOUND'


def test_two_phase_copy_transposes_and_casts(buf):
    src = numpy.arange(12, dtype=numpy.int32).reshape(3, 4)
    acl.to_device(buf, src)
    dst_ptr = buf + 2048
    # dst (4, 3) float32 contiguous; src viewed transposed: strides (1, 4)
    d = acl.tensor([4, 3], acl.ACL_FLOAT, dst_ptr)
    s = acl.tensor([4, 3], acl.ACL_INT32, buf, strides=[1, 4],
                   storage=[12])
    st, ws_size, ex = acl.copy_phase1(d, s)
    assert st == 0, acl.last_message()
    ws = acl.malloc(ws_size) if ws_size else None
    assert acl.run('InplaceCopy', ws, ws_size, ex) == 0
    acl.destroy(d)      # descriptors may go right after phase 2
    acl.destroy(s)
    assert acl.sync() == 0
    if ws:
        acl.free(ws)
    out = acl.to_host(dst_ptr, 48, numpy.float32).reshape(4, 3)
    numpy.testing.assert_array_equal(out, src.T.astype(numpy.float32))


def test_copy_with_offset_and_broadcast(buf):
    row = numpy.array([1.5, 2.5, 3.5], numpy.float32)
    acl.to_device(buf, numpy.concatenate([numpy.zeros(8, numpy.float32),
                                          row]))
    dst_ptr = buf + 1024
    d = acl.tensor([2, 3], acl.ACL_FLOAT, dst_ptr)
    s = acl.tensor([3], acl.ACL_FLOAT, buf, offset=8, storage=[11])
    st, ws_size, ex = acl.copy_phase1(d, s)
    assert st == 0, acl.last_message()
    assert acl.run('InplaceCopy', None, 0, ex) == 0
    acl.destroy(d)
    acl.destroy(s)
    assert acl.sync() == 0
    out = acl.to_host(dst_ptr, 24, numpy.float32).reshape(2, 3)
    numpy.testing.assert_array_equal(out, numpy.broadcast_to(row, (2, 3)))


def test_copy_float_nan_to_int_is_zero_like_the_device(buf):
    acl.to_device(buf, numpy.array([numpy.nan, 2.0, -3.0, 4.0],
                                   numpy.float32))
    d = acl.tensor([4], acl.ACL_INT32, buf + 512)
    s = acl.tensor([4], acl.ACL_FLOAT, buf)
    st, _, ex = acl.copy_phase1(d, s)
    assert st == 0
    assert acl.run('InplaceCopy', None, 0, ex) == 0
    acl.destroy(d)
    acl.destroy(s)
    assert acl.sync() == 0
    numpy.testing.assert_array_equal(acl.to_host(buf + 512, 16, numpy.int32),
                                     [0, 2, -3, 4])


def test_copy_rejects_zero_dim_and_bad_broadcast(buf):
    d = acl.tensor([], acl.ACL_FLOAT, buf, storage=[1])
    s = acl.tensor([], acl.ACL_FLOAT, buf + 512, storage=[1])
    assert acl.copy_phase1(d, s)[0] == 161002     # rank 1-8 (ops.md)
    acl.destroy(d)
    acl.destroy(s)
    d = acl.tensor([4], acl.ACL_FLOAT, buf)
    s = acl.tensor([3], acl.ACL_FLOAT, buf + 512)
    assert acl.copy_phase1(d, s)[0] == 161002
    acl.destroy(d)
    acl.destroy(s)


def test_noncontiguous_copy_needs_workspace(buf):
    d = acl.tensor([4], acl.ACL_FLOAT, buf)
    s = acl.tensor([4], acl.ACL_FLOAT, buf + 512, strides=[2], storage=[8])
    st, ws_size, ex = acl.copy_phase1(d, s)
    assert st == 0
    assert ws_size >= 16
    # running with a too-small workspace is an error
    assert acl.run('InplaceCopy', None, 0, ex) != 0
    acl.destroy(d)
    acl.destroy(s)


def test_repeatable_executor_runs_many_times(buf):
    acl.to_device(buf, numpy.full(16, 7, numpy.float32))
    t = acl.tensor([16], acl.ACL_FLOAT, buf)
    st, _, ex = acl.zero_phase1(t)
    assert st == 0
    assert acl.lib().aclSetAclOpExecutorRepeatable(ctypes.c_void_p(ex)) == 0
    for _ in range(3):
        assert acl.run('InplaceZero', None, 0, ex) == 0
    assert acl.sync() == 0
    assert (acl.to_host(buf, 64, numpy.float32) == 0).all()
    # rebind selfRef (an input: DFX_IN(selfRef)) to another buffer and run
    # again
    acl.to_device(buf + 1024, numpy.full(16, 7, numpy.float32))
    assert acl.lib().aclSetInputTensorAddr(
        ctypes.c_void_p(ex), 0, ctypes.c_void_p(t),
        ctypes.c_void_p(buf + 1024)) == 0
    assert acl.run('InplaceZero', None, 0, ex) == 0
    assert acl.sync() == 0
    assert (acl.to_host(buf + 1024, 64, numpy.float32) == 0).all()
    # index out of range
    assert acl.lib().aclSetInputTensorAddr(
        ctypes.c_void_p(ex), 1, ctypes.c_void_p(t),
        ctypes.c_void_p(buf)) == 161002
    acl.destroy(t)
    assert acl.lib().aclDestroyAclOpExecutor(ctypes.c_void_p(ex)) == 0


def test_destroying_a_non_repeatable_executor_is_an_error(sim, buf):
    t = acl.tensor([16], acl.ACL_FLOAT, buf)
    st, _, ex = acl.zero_phase1(t)
    assert st == 0
    assert acl.lib().aclDestroyAclOpExecutor(ctypes.c_void_p(ex)) != 0
    # still usable by its phase 2, which consumes it
    assert acl.run('InplaceZero', None, 0, ex) == 0
    assert acl.sync() == 0
    acl.destroy(t)


def test_unsupported_dtype_is_rejected(buf):
    # aclnnInplaceZero on A2: no uint32 (ops.md section 4)
    t = acl.tensor([4], 8, buf)       # ACL_UINT32
    st, _, _ = acl.zero_phase1(t)
    acl.destroy(t)
    assert st == 161002
