"""A mixed workload for the fault-injection sweep, and the state checks
around one faulty run: every vendor call site of the library that a user
meets in ordinary code (creation, copies, elementwise, reductions, matmul,
indexing, where, host<->device transfers, streams and events)."""

import gc

import numpy

import cupy
from cupy_backends.ascend import AclError
from cupy_backends.ascend import simulator
from cupy_backends.ascend.ops import _executor_cache

# Simulator counters that must come back to their value before a run.
LIVE = ('live_device_allocs', 'live_device_bytes', 'live_host_allocs',
        'live_host_bytes', 'live_streams', 'live_events', 'live_tensors',
        'live_scalars', 'live_int_arrays', 'live_float_arrays',
        'live_bool_arrays', 'live_tensor_lists', 'live_scalar_lists',
        'live_executors')


def workload(xp):
    """Host results of a short mixed program, for NumPy or the library."""
    out = []
    h = numpy.arange(24, dtype=numpy.float32).reshape(4, 6)
    a = xp.asarray(h)                                   # host -> device
    b = xp.ones((4, 6), dtype=xp.float32)
    c = a * 2 + b                                       # elementwise
    xp.sqrt(c, out=c)
    out.append(c)
    out.append(a.astype(xp.int32) % 5)                  # copy + cast
    out.append(c.sum(axis=1))                           # reductions
    out.append(xp.argmax(a, axis=0))
    out.append(xp.cumsum(a[1], dtype=xp.float64))
    out.append(a @ b.T)                                 # matmul
    idx = xp.asarray(numpy.array([3, 0, 2]))
    out.append(a[idx, 1:4])                             # fancy getitem
    d = a.copy()
    d[d > 10] = -1                                      # bool setitem
    d[0, ::2] = 7
    out.append(d)
    out.append(xp.where(a > 5, a, -a))                  # where
    out.append(xp.zeros(5, dtype=xp.int64) + xp.arange(5))
    out.append(xp.concatenate([a[0], b[1]]))
    if xp is cupy:
        s = cupy.xpu.Stream(non_blocking=True)          # streams/events
        with s:
            e = (a - 1).max()
            ev = s.record()
        ev.synchronize()
        s.synchronize()
        out.append(e)
        out.append(cupy.asnumpy(a[2]))
        pm = cupy.xpu.alloc_pinned_memory(4 * 6)        # pinned host
        ph = numpy.frombuffer(pm, numpy.float32, 6)
        a[3].get(stream=s, out=ph)                      # async copy
        out.append(ph.copy())
    else:
        out.append(numpy.float32(h - 1).max())
        out.append(h[2])
        out.append(h[3])
    return [cupy.asnumpy(x) if isinstance(x, cupy.ndarray) else
            numpy.asarray(x) for x in out]


def release():
    """Back to the resting state: no cached executors, no cached pool
    blocks, every queued kernel done."""
    gc.collect()
    _executor_cache.clear()
    dev = cupy.xpu.Device()
    dev.synchronize()
    cupy.get_default_memory_pool().free_all_blocks()
    cupy.get_default_pinned_memory_pool().free_all_blocks()


def live():
    c = simulator.counters()
    return {k: c[k] for k in LIVE}


def call_counts():
    """{entry point: calls} of one workload from the resting state."""
    release()
    simulator.reset_fault_call_counts()
    workload(cupy)
    release()       # the releases are call sites too
    return simulator.fault_call_counts()


def check_error(err, site, code):
    """The typed error DESIGN.md names for an injected failure; returns
    a description of what is wrong, or None."""
    if isinstance(err, cupy.xpu.memory.OutOfMemoryError):
        if site in ('aclrtMalloc', 'aclrtMallocHost'):
            return None
        return 'OutOfMemoryError for a failure of {}'.format(site)
    if not isinstance(err, AclError):
        return '{}: {} ({})'.format(site, type(err).__name__, err)
    if '[fault injection' not in err.vendor_message and \
            '[fault injection' not in str(err):
        return '{}: AclError without the vendor message: {}'.format(site,
                                                                   err)
    return None
