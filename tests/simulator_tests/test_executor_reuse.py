"""Executor reuse (aclnn.md section 6) on the simulator's C ABI: the
rebinding index of each operator, and each misuse reported with the real
API's status or, where the hardware would fault or the host corrupt
memory, by the sanitizer."""

import ctypes
import threading

import numpy

from tests.simulator_tests import acl_ctypes as acl
from tests.simulator_tests.acl_ctypes import (
    AICORE_EXCEPTION, INNER_NULLPTR, PARAM_INVALID)
from tests.simulator_tests.acl_ctypes import sanitizer_errors as _errors


def _zero_executor(ptr, n=16):
    """A repeatable aclnnInplaceZero executor on n float32 at ptr."""
    t = acl.tensor([n], acl.ACL_FLOAT, ptr)
    st, _, ex = acl.zero_phase1(t)
    assert st == 0, acl.last_message()
    acl.repeatable(ex)
    return t, ex


def _copy_executor(buf):
    """A repeatable aclnnInplaceCopy executor from 16 twos at buf + 1024
    into buf; 16 threes wait at buf + 2048.  (dst, src, executor)."""
    acl.to_device(buf + 1024, numpy.full(16, 2, numpy.float32))
    acl.to_device(buf + 2048, numpy.full(16, 3, numpy.float32))
    dst = acl.tensor([16], acl.ACL_FLOAT, buf)
    src = acl.tensor([16], acl.ACL_FLOAT, buf + 1024)
    st, _, ex = acl.copy_phase1(dst, src)
    assert st == 0, acl.last_message()
    acl.repeatable(ex)
    return dst, src, ex


def _floats(ptr, n=16):
    return acl.to_host(ptr, 4 * n, numpy.float32)


# -- which tensor an index names (the operators' DFX_IN / DFX_OUT lists) --

def test_inplace_selfref_is_an_input(sim, buf):
    # aclnnInplaceZero: DFX_IN(selfRef) DFX_OUT()
    acl.to_device(buf + 1024, numpy.ones(16, numpy.float32))
    t, ex = _zero_executor(buf)
    assert acl.rebind('Output', ex, 0, t, buf + 1024) == PARAM_INVALID
    assert '0 output tensors' in acl.last_message()
    assert acl.rebind('Input', ex, 0, t, buf + 1024) == 0
    assert acl.run('InplaceZero', None, 0, ex) == 0
    assert acl.sync() == 0
    assert (_floats(buf + 1024) == 0).all()
    assert acl.destroy_executor(ex) == 0
    acl.destroy(t)


def test_copy_src_is_input_1(sim, buf):
    # aclnnInplaceCopy: DFX_IN(selfRef, src) DFX_OUT()
    dst, src, ex = _copy_executor(buf)
    assert acl.rebind('Input', ex, 1, src, buf + 2048) == 0
    assert acl.run('InplaceCopy', None, 0, ex) == 0
    assert acl.sync() == 0
    assert (_floats(buf) == 3).all()
    assert acl.rebind('Input', ex, 2, src, buf) == PARAM_INVALID
    assert acl.destroy_executor(ex) == 0
    acl.destroy(dst)
    acl.destroy(src)


def test_scalars_do_not_count(sim, buf):
    # aclnnInplaceFillScalar: DFX_IN(selfRef, value): value is a scalar
    t = acl.tensor([16], acl.ACL_FLOAT, buf)
    one = ctypes.c_double(1.0)
    s = acl.lib().aclCreateScalar(ctypes.byref(one), acl.ACL_DOUBLE)
    st, _, ex = acl.phase1('InplaceFillScalar', ctypes.c_void_p(t),
                           ctypes.c_void_p(s))
    assert st == 0
    acl.repeatable(ex)
    assert acl.rebind('Input', ex, 1, t, buf) == PARAM_INVALID
    assert '1 input tensors' in acl.last_message()
    assert acl.destroy_executor(ex) == 0
    acl.lib().aclDestroyScalar(ctypes.c_void_p(s))
    acl.destroy(t)


def test_cast_has_one_input_and_one_output(sim, buf):
    acl.to_device(buf, numpy.arange(4, dtype=numpy.int32))
    acl.to_device(buf + 1024, numpy.arange(4, 8, dtype=numpy.int32))
    self_t = acl.tensor([4], acl.ACL_INT32, buf)
    out = acl.tensor([4], acl.ACL_FLOAT, buf + 2048)
    st, _, ex = acl.phase1('Cast', ctypes.c_void_p(self_t), acl.ACL_FLOAT,
                           ctypes.c_void_p(out))
    assert st == 0, acl.last_message()
    acl.repeatable(ex)
    # aclSetTensorAddr: inputs, then outputs
    assert acl.rebind('', ex, 0, self_t, buf + 1024) == 0
    assert acl.rebind('', ex, 1, out, buf + 3072) == 0
    assert acl.rebind('', ex, 2, out, buf) == PARAM_INVALID
    assert '1 input and 1 output' in acl.last_message()
    assert acl.run('Cast', None, 0, ex) == 0
    assert acl.sync() == 0
    numpy.testing.assert_array_equal(_floats(buf + 3072, 4), [4, 5, 6, 7])
    assert acl.destroy_executor(ex) == 0
    acl.destroy(self_t)
    acl.destroy(out)


def test_index_put_selfref_is_input_0_and_output_0(sim, buf):
    # aclnnIndexPutImpl: DFX_IN(selfRef, indices, values, ...)
    # DFX_OUT(selfRef); list elements count one by one
    acl.to_device(buf + 1024, numpy.array([1, 3], numpy.int64))
    acl.to_device(buf + 2048, numpy.array([5, 6], numpy.float32))
    self_t = acl.tensor([8], acl.ACL_FLOAT, buf)
    idx = (ctypes.c_void_p * 1)(acl.tensor([2], acl.ACL_INT64, buf + 1024))
    lst = acl.lib().aclCreateTensorList(idx, 1)
    values = acl.tensor([2], acl.ACL_FLOAT, buf + 2048)
    st, _, ex = acl.phase1('IndexPutImpl', ctypes.c_void_p(self_t),
                           ctypes.c_void_p(lst), ctypes.c_void_p(values),
                           False, False)
    assert st == 0, acl.last_message()
    acl.repeatable(ex)
    assert acl.rebind('Input', ex, 3, values, buf) == PARAM_INVALID
    assert '3 input tensors' in acl.last_message()
    assert acl.rebind('Input', ex, 1, idx[0], buf + 1024) == 0
    assert acl.rebind('Input', ex, 2, values, buf + 2048) == 0
    assert acl.rebind('Output', ex, 1, self_t, buf) == PARAM_INVALID
    # output 0 (aclSetTensorAddr index 3) and input 0 are the same selfRef
    acl.to_device(buf + 3072, numpy.zeros(8, numpy.float32))
    assert acl.rebind('', ex, 3, self_t, buf + 3072) == 0
    assert acl.run('IndexPutImpl', None, 0, ex) == 0
    assert acl.sync() == 0
    numpy.testing.assert_array_equal(_floats(buf + 3072, 8),
                                     [0, 5, 0, 6, 0, 0, 0, 0])
    assert acl.rebind('Input', ex, 0, self_t, buf) == 0
    assert acl.destroy_executor(ex) == 0
    acl.lib().aclDestroyTensorList(ctypes.c_void_p(lst))
    acl.destroy(self_t)
    acl.destroy(values)


# -- misuse --

# (A consumed executor, rebound or relaunched: test_sanitizer.py.)

def test_destroyed_descriptor_of_a_repeatable_executor(sim, buf):
    t, ex = _zero_executor(buf)
    acl.destroy(t)                     # aclDestroyTensor itself succeeds
    other = acl.tensor([16], acl.ACL_FLOAT, buf)
    before = _errors(sim)
    assert acl.rebind('Input', ex, 0, other, buf) == PARAM_INVALID
    assert 'use after free on the host' in acl.last_message()
    assert acl.run('InplaceZero', None, 0, ex) == PARAM_INVALID
    assert 'use after free on the host' in acl.last_message()
    assert _errors(sim) == before + 2
    assert acl.destroy_executor(ex) == 0
    acl.destroy(other)


def test_tensor_must_be_the_one_at_the_index(sim, buf):
    dst, src, ex = _copy_executor(buf)
    before = _errors(sim)
    assert acl.rebind('Input', ex, 0, src, buf + 2048) == PARAM_INVALID
    assert 'is not input 0' in acl.last_message()
    assert _errors(sim) == before      # the real API's check, not a fault
    assert acl.destroy_executor(ex) == 0
    acl.destroy(dst)
    acl.destroy(src)


def test_freed_memory_is_caught_at_enqueue(sim, buf):
    p = acl.malloc(1024)
    t, ex = _zero_executor(buf)
    assert acl.rebind('Input', ex, 0, t, p) == 0
    assert acl.free(p) == 0
    before = _errors(sim)
    assert acl.run('InplaceZero', None, 0, ex) == AICORE_EXCEPTION
    assert 'freed before phase 2' in acl.last_message()
    assert _errors(sim) == before + 1
    assert acl.sync() == 0             # nothing was queued
    assert acl.destroy_executor(ex) == 0
    acl.destroy(t)
    # a non-repeatable executor too (and it is consumed)
    p = acl.malloc(1024)
    t = acl.tensor([16], acl.ACL_FLOAT, p)
    st, _, ex = acl.zero_phase1(t)
    assert st == 0
    assert acl.free(p) == 0
    assert acl.run('InplaceZero', None, 0, ex) == AICORE_EXCEPTION
    assert acl.run('InplaceZero', None, 0, ex) == INNER_NULLPTR
    acl.destroy(t)


def _in_thread(fn):
    """fn() on another host thread with device 0 set; its result."""
    result = []

    def body():
        acl.lib().aclrtSetDevice(0)
        try:
            result.append(fn())
        finally:
            acl.lib().aclrtResetDevice(0)

    th = threading.Thread(target=body)
    th.start()
    th.join()
    return result[0]


def test_two_host_threads_on_one_executor(sim, buf):
    t, ex = _zero_executor(buf)
    # a failed rebind leaves the executor to nobody
    assert _in_thread(lambda: acl.rebind('Input', ex, 7, t, buf)) == \
        PARAM_INVALID
    assert acl.rebind('Input', ex, 0, t, buf + 1024) == 0   # A, not launched
    before = _errors(sim)

    def rebind_b():
        return acl.rebind('Input', ex, 0, t, buf), acl.last_message()

    def launch_b():
        return acl.run('InplaceZero', None, 0, ex), acl.last_message()

    for fn in (rebind_b, launch_b):
        st, msg = _in_thread(fn)
        assert st == PARAM_INVALID
        assert 'used by two host threads at once' in msg
    assert _errors(sim) == before + 2
    assert acl.run('InplaceZero', None, 0, ex) == 0          # A launches
    assert acl.sync() == 0

    def rebind_and_launch():                                 # now B may
        st = acl.rebind('Input', ex, 0, t, buf)
        return st or acl.run('InplaceZero', None, 0, ex) or acl.sync()
    assert _in_thread(rebind_and_launch) == 0
    assert acl.rebind('Input', ex, 0, t, buf) == 0           # and A again
    assert acl.destroy_executor(ex) == 0
    acl.destroy(t)


def test_relaunch_while_queued_runs_each_snapshot(strict, buf):
    dst, src, ex = _copy_executor(buf)
    assert acl.run('InplaceCopy', None, 0, ex) == 0
    # still queued (strict mode delays each task): rebind both, relaunch
    assert acl.rebind('Input', ex, 0, dst, buf + 3072) == 0
    assert acl.rebind('Input', ex, 1, src, buf + 2048) == 0
    assert acl.run('InplaceCopy', None, 0, ex) == 0
    assert acl.sync() == 0
    assert (_floats(buf) == 2).all()
    assert (_floats(buf + 3072) == 3).all()
    assert acl.destroy_executor(ex) == 0
    acl.destroy(dst)
    acl.destroy(src)


# -- counters --

def test_call_counters(sim, buf):
    c0 = sim.counters()
    t = acl.tensor([16], acl.ACL_FLOAT, buf)
    one = ctypes.c_double(1.0)
    s = acl.lib().aclCreateScalar(ctypes.byref(one), acl.ACL_DOUBLE)
    arr = acl.lib().aclCreateIntArray(acl._arr([1]), 1)
    assert acl.zero_phase1(0)[0] != 0                       # a failed phase 1
    st, _, ex = acl.zero_phase1(t)
    acl.repeatable(ex)
    assert acl.rebind('Input', ex, 0, t, buf + 1024) == 0
    assert acl.rebind('Input', ex, 5, t, buf) != 0           # not counted
    assert acl.run('InplaceZero', None, 0, ex) == 0
    assert acl.sync() == 0
    assert acl.lib().aclrtSynchronizeDevice() == 0
    c1 = sim.counters()
    expect = {'phase1_calls': 2, 'executor_creations': 1,
              'address_rebinds': 1, 'synchronizations': 2,
              'tensor_creations': 1, 'scalar_creations': 1,
              'array_creations': 1, 'kernel_launches': 1}
    assert {k: c1[k] - c0[k] for k in expect} == expect
    assert acl.destroy_executor(ex) == 0
    acl.destroy(t)
    acl.lib().aclDestroyScalar(ctypes.c_void_p(s))
    acl.lib().aclDestroyIntArray(ctypes.c_void_p(arr))
