"""Failures: typed errors, and nothing left behind."""

import numpy
import pytest

from cupy_backends.ascend import AclError
from cupy_backends.backend import api
from cupy_backends.backend.provider import (
    OperationNotSupported, View, get_provider)
from tests.provider_tests.device import (
    Buffer, LIVE, counters, release_caches, run)


def _live():
    api.xpuDeviceSynchronize()
    release_caches()
    c = counters()
    return {k: c[k] for k in LIVE}


def test_unknown_operation():
    with pytest.raises(OperationNotSupported):
        get_provider().run('no_such_op', (), (), {}, 0)


def test_dtype_without_acl_type():
    b = Buffer(numpy.zeros(4, 'f4'))
    v = View(b.mp.ptr, 16, numpy.dtype('M8[s]'), (2,), (1,), 0,
             api.xpuGetDevice())
    with pytest.raises(OperationNotSupported):
        get_provider().run('fill', (v,), (), {'value': 0}, 0)


def test_view_outside_its_allocation():
    b = Buffer(numpy.zeros(4, 'f4'))
    for shape, strides, offset in (((5,), (1,), 0), ((4,), (-1,), 2),
                                   ((2, 2), (2, 3), 0)):
        v = View(b.mp.ptr, 16, numpy.dtype('f4'), shape, strides, offset,
                 api.xpuGetDevice())
        with pytest.raises(ValueError):
            get_provider().run('fill', (v,), (), {'value': 1}, 0)


@pytest.mark.parametrize('op', ['copy', 'fill', 'tril'])
def test_failed_phase_one_leaks_nothing(sim, op):
    # tensorData not 32-byte aligned: the operator refuses it in phase 1.
    src = Buffer(numpy.arange(16, dtype='f4').reshape(4, 4))
    dst = Buffer(numpy.zeros((4, 4), 'f8'))
    bad = View(dst.mp.ptr + 8, 120, numpy.dtype('f8'), (4, 3), (1, 4), 0,
               api.xpuGetDevice())
    before = _live()
    errors = counters()['sanitizer_errors']
    with pytest.raises(AclError) as e:
        get_provider().run(op, (bad,), (src.view(src.host[:, 1:]),),
                           {'value': 1.5, 'k': 0}, 0)
    assert e.value.name == 'ACLNN_ERR_PARAM_INVALID'
    assert 'aligned' in str(e.value)
    assert counters()['sanitizer_errors'] == errors + 1
    assert _live() == before
    # and the provider still works
    run('copy', [dst.view(dst.host)], [src.view(src.host.T)])
    numpy.testing.assert_array_equal(dst.get(), src.host.T)


def test_out_of_range_index_faults_at_the_next_sync(sim):
    src = Buffer(numpy.arange(4, dtype='f4'))
    idx = Buffer(numpy.array([1, 9], 'i8'))
    dst = Buffer(numpy.zeros(2, 'f4'))
    before = counters()['sanitizer_errors']
    get_provider().run('take_nd', (dst.view(dst.host),),
                       (src.view(src.host), idx.view(idx.host)), {}, 0)
    with pytest.raises(AclError) as e:
        api.xpuDeviceSynchronize()
    assert e.value.code == 507015
    assert counters()['sanitizer_errors'] == before + 1
    assert _live()['live_executors'] == 0
    api.xpuDeviceSynchronize()      # reported once


def test_out_of_memory_for_the_workspace_leaks_nothing():
    import cupy
    pool = cupy.get_default_memory_pool()
    # a strided source: the simulated aclnnInplaceCopy plans a workspace
    src = Buffer(numpy.zeros((512, 1024), 'f4'))
    dst = Buffer(numpy.zeros((512, 512), 'f8'))
    api.xpuDeviceSynchronize()
    pool.free_all_blocks()
    before = _live()
    pool.set_limit(size=pool.used_bytes() + 4096)
    try:
        with pytest.raises(MemoryError):
            get_provider().run('copy', (dst.view(dst.host),),
                               (src.view(src.host[:, ::2]),), {}, 0)
    finally:
        pool.set_limit(size=0)
    assert _live() == before
    run('copy', [dst.view(dst.host)], [src.view(src.host[:, ::2])])
