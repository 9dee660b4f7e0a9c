"""Each sanitizer check of the simulator fires on a deliberately bad call,
returns the documented status, counts, and leaves the simulator usable."""

import ctypes

import numpy
import pytest

from tests.simulator_tests import acl_ctypes as acl
from tests.simulator_tests.acl_ctypes import (  # NOQA: F401 (status names)
    AICORE_EXCEPTION, INNER_NULLPTR, PARAM_INVALID, PARAM_NULLPTR,
    RT_PARAM_INVALID, VECTOR_CORE_EXCEPTION)
from tests.simulator_tests.acl_ctypes import sanitizer_errors as _errors


def _works_after(buf):
    """The simulator still runs a correct operator afterwards."""
    acl.to_device(buf, numpy.ones(16, numpy.float32))
    t = acl.tensor([16], acl.ACL_FLOAT, buf)
    st, ws, ex = acl.zero_phase1(t)
    assert st == 0, acl.last_message()
    assert acl.run('InplaceZero', None, 0, ex) == 0
    acl.destroy(t)
    assert acl.sync() == 0
    assert (acl.to_host(buf, 64, numpy.float32) == 0).all()


def test_rank_over_8_is_rejected(sim, buf):
    t = acl.tensor([1] * 9, acl.ACL_FLOAT, buf)
    st, _, ex = acl.zero_phase1(t)
    acl.destroy(t)
    assert st == PARAM_INVALID
    assert ex is None
    assert '8' in acl.last_message()
    _works_after(buf)


def test_negative_stride_is_rejected(sim, buf):
    t = acl.tensor([4], acl.ACL_FLOAT, buf, strides=[-1], offset=3)
    st, _, _ = acl.zero_phase1(t)
    acl.destroy(t)
    assert st == PARAM_INVALID
    assert 'negative' in acl.last_message()
    _works_after(buf)


def test_misaligned_data_is_rejected(sim, buf):
    t = acl.tensor([4], acl.ACL_FLOAT, buf + 4)
    st, _, _ = acl.zero_phase1(t)
    acl.destroy(t)
    assert st == PARAM_INVALID
    _works_after(buf)


def test_view_past_storage_dims_is_rejected(sim, buf):
    # offset + (4 - 1) * 2 + 1 = 9 elements needed, storage says 8
    t = acl.tensor([4], acl.ACL_FLOAT, buf, strides=[2], offset=2,
                   storage=[8])
    st, _, _ = acl.zero_phase1(t)
    acl.destroy(t)
    assert st == PARAM_INVALID
    _works_after(buf)


def test_view_past_allocation_would_crash(sim, buf):
    before = _errors(sim)
    # storage of 2048 floats = 8192 bytes on a 4096-byte allocation
    t = acl.tensor([2048], acl.ACL_FLOAT, buf)
    st, _, _ = acl.zero_phase1(t)
    acl.destroy(t)
    assert st == AICORE_EXCEPTION
    assert 'out of bounds' in acl.last_message()
    assert _errors(sim) == before + 1
    _works_after(buf)


def test_host_memory_is_not_device_memory(sim, buf):
    host = numpy.zeros(64, numpy.float32)
    # NumPy's buffer is 16-byte aligned at best; use an aligned slice start
    addr = host.ctypes.data + (-host.ctypes.data) % 32
    t = acl.tensor([8], acl.ACL_FLOAT, addr)
    st, _, _ = acl.zero_phase1(t)
    acl.destroy(t)
    assert st == AICORE_EXCEPTION
    assert 'device memory' in acl.last_message()
    _works_after(buf)


def test_use_after_free_in_operator(sim, buf):
    p = acl.malloc(256)
    assert acl.free(p) == 0
    t = acl.tensor([16], acl.ACL_FLOAT, p)
    st, _, _ = acl.zero_phase1(t)
    acl.destroy(t)
    assert st == AICORE_EXCEPTION
    assert 'use after free' in acl.last_message()
    _works_after(buf)


def test_double_free(sim):
    p = acl.malloc(256)
    assert acl.free(p) == 0
    before = _errors(sim)
    st = acl.free(p)
    assert st != 0
    assert 'double free' in acl.last_message()
    assert _errors(sim) == before + 1


def test_memcpy_out_of_bounds(sim, buf):
    host = numpy.zeros(8192, numpy.uint8)
    st = acl.lib().aclrtMemcpy(
        ctypes.c_void_p(buf), 8192, ctypes.c_void_p(host.ctypes.data), 8192,
        1)
    assert st == RT_PARAM_INVALID
    assert 'out of bounds' in acl.last_message()
    _works_after(buf)


def test_memcpy_use_after_free(sim, buf):
    p = acl.malloc(256)
    assert acl.free(p) == 0
    host = numpy.zeros(256, numpy.uint8)
    st = acl.lib().aclrtMemcpy(
        ctypes.c_void_p(host.ctypes.data), 256, ctypes.c_void_p(p), 256, 2)
    assert st == RT_PARAM_INVALID
    assert 'use after free' in acl.last_message()


def test_memcpy_count_over_dest_max(sim, buf):
    host = numpy.zeros(64, numpy.uint8)
    st = acl.lib().aclrtMemcpy(
        ctypes.c_void_p(buf), 32, ctypes.c_void_p(host.ctypes.data), 64, 1)
    assert st == RT_PARAM_INVALID


def test_free_while_queued_work_faults_at_sync(strict, buf):
    """aclrtFree does not wait for the stream: queued work on freed memory
    is caught and reported by the next synchronize, once."""
    p = acl.malloc(1024)
    before = _errors(strict)
    assert acl.lib().aclrtMemsetAsync(ctypes.c_void_p(p), 1024, 1, 1024,
                                      None) == 0
    assert acl.free(p) == 0          # while the memset is still queued
    st = acl.sync()
    assert st == VECTOR_CORE_EXCEPTION
    assert 'freed' in acl.last_message()
    assert _errors(strict) == before + 1
    assert acl.sync() == 0           # reported once; the stream works again
    _works_after(buf)


def test_operator_on_memory_freed_while_queued(strict, buf):
    p = acl.malloc(1024)
    t = acl.tensor([256], acl.ACL_FLOAT, p)
    st, ws, ex = acl.zero_phase1(t)
    assert st == 0
    assert acl.run('InplaceZero', None, 0, ex) == 0
    acl.destroy(t)
    assert acl.free(p) == 0
    assert acl.sync() == AICORE_EXCEPTION
    assert acl.sync() == 0
    _works_after(buf)


def test_consumed_executor_is_caught(sim, buf):
    t = acl.tensor([16], acl.ACL_FLOAT, buf)
    st, _, ex = acl.zero_phase1(t)
    assert st == 0
    assert acl.run('InplaceZero', None, 0, ex) == 0
    assert acl.sync() == 0
    before = _errors(sim)
    assert acl.run('InplaceZero', None, 0, ex) == INNER_NULLPTR
    assert acl.rebind('Input', ex, 0, t, buf) == INNER_NULLPTR
    assert _errors(sim) == before + 2
    acl.destroy(t)
    _works_after(buf)


def test_destroyed_tensor_is_caught(sim, buf):
    t = acl.tensor([16], acl.ACL_FLOAT, buf)
    acl.destroy(t)
    before = _errors(sim)
    st, _, _ = acl.zero_phase1(t)
    assert st in (PARAM_INVALID, PARAM_NULLPTR)
    assert _errors(sim) == before + 1
    _works_after(buf)


def test_live_object_counters(sim, buf):
    c0 = sim.counters()
    t = acl.tensor([16], acl.ACL_FLOAT, buf)
    one = ctypes.c_double(1.0)
    s = acl.lib().aclCreateScalar(ctypes.byref(one), acl.ACL_DOUBLE)
    arr = acl.lib().aclCreateIntArray(acl._arr([1, 2]), 2)
    st, _, ex = acl.zero_phase1(t)
    c1 = sim.counters()
    assert c1['live_tensors'] == c0['live_tensors'] + 1
    assert c1['live_scalars'] == c0['live_scalars'] + 1
    assert c1['live_int_arrays'] == c0['live_int_arrays'] + 1
    assert c1['live_executors'] == c0['live_executors'] + 1
    assert acl.run('InplaceZero', None, 0, ex) == 0
    assert acl.sync() == 0
    acl.destroy(t)
    acl.lib().aclDestroyScalar(ctypes.c_void_p(s))
    acl.lib().aclDestroyIntArray(ctypes.c_void_p(arr))
    c2 = sim.counters()
    for k in ('live_tensors', 'live_scalars', 'live_int_arrays',
              'live_executors'):
        assert c2[k] == c0[k], k


def test_tensor_list_owns_its_tensors(sim, buf):
    c0 = sim.counters()['live_tensors']
    ts = (ctypes.c_void_p * 2)(acl.tensor([4], acl.ACL_FLOAT, buf),
                               acl.tensor([4], acl.ACL_FLOAT, buf))
    lst = acl.lib().aclCreateTensorList(ts, 2)
    assert sim.counters()['live_tensor_lists'] >= 1
    assert acl.lib().aclDestroyTensorList(ctypes.c_void_p(lst)) == 0
    assert sim.counters()['live_tensors'] == c0
