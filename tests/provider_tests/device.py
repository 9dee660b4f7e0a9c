"""Test helpers: device buffers mirrored on the host, Views over them, and
provider calls checked against the simulator's counters."""

import warnings

import numpy

from cupy_backends.backend import api
from cupy_backends.backend.provider import View, get_provider

# The 14 NumPy dtypes a View can have.
DTYPES = [numpy.dtype(c) for c in (
    '?', 'i1', 'i2', 'i4', 'i8', 'u1', 'u2', 'u4', 'u8', 'f2', 'f4', 'f8',
    'c8', 'c16')]
DTYPE_IDS = [d.name for d in DTYPES]

# Objects one provider call creates and must have destroyed once its work
# has run.
LIVE = ('live_tensors', 'live_scalars', 'live_int_arrays',
        'live_float_arrays', 'live_bool_arrays', 'live_tensor_lists',
        'live_scalar_lists', 'live_executors')


def release_caches():
    """Destroy the cached executors: what is left after that is a leak."""
    from cupy_backends.ascend.ops import _executor_cache
    _executor_cache.clear()


def counters():
    from cupy_backends.ascend import simulator
    return simulator.counters()


def numpy_quiet():
    """NumPy's casts without their warnings (the device raises none)."""
    class _Quiet:
        def __enter__(self):
            self._w = warnings.catch_warnings()
            self._w.__enter__()
            warnings.simplefilter('ignore')
            self._e = numpy.errstate(all='ignore')
            self._e.__enter__()

        def __exit__(self, *exc):
            self._e.__exit__(*exc)
            self._w.__exit__(*exc)
    return _Quiet()


def sample(dtype, n, negative=True):
    """n distinct-ish values of dtype, exact in every dtype of its kind;
    no negatives where negative is False."""
    dtype = numpy.dtype(dtype)
    i = numpy.arange(n)
    if dtype.kind == 'b':
        return (i % 3 == 1)
    v = (i * 7 + 3) % 100
    if negative and dtype.kind in 'ifc':
        v = v - 50
    if dtype.kind in 'iu':
        return v.astype(dtype)
    if dtype.kind == 'f':
        return (v + 0.25).astype(dtype)
    return (v + 0.25 + 1j * ((i * 3) % 17 - 8)).astype(dtype)


class Buffer:
    """A pool allocation holding `host` (any shape), mirrored on the host;
    views of `host` become Views of the same elements on device."""

    def __init__(self, host):
        import cupy
        self.host = numpy.array(host, order='C', copy=True)
        self.flat = self.host.reshape(-1)
        self.mp = cupy.get_default_memory_pool().malloc(
            max(self.host.nbytes, 1))
        if self.host.nbytes:
            api.xpuMemcpy(self.mp.ptr, self.host.ctypes.data,
                          self.host.nbytes, api.xpuMemcpyHostToDevice)

    def view(self, arr):
        """The View of `arr`, a NumPy view of self.host."""
        isz = arr.dtype.itemsize
        assert arr.dtype == self.host.dtype
        start = arr.__array_interface__['data'][0] if arr.size else \
            self.host.ctypes.data
        return View(self.mp.ptr, self.host.nbytes, arr.dtype, arr.shape,
                    tuple(s // isz for s in arr.strides),
                    (start - self.host.ctypes.data) // isz,
                    api.xpuGetDevice())

    def get(self):
        """The whole allocation, read back (after the device is idle)."""
        api.xpuDeviceSynchronize()
        out = numpy.empty_like(self.host)
        if out.nbytes:
            api.xpuMemcpy(out.ctypes.data, self.mp.ptr, out.nbytes,
                          api.xpuMemcpyDeviceToHost)
        return out


def run(op, outs, ins=(), attrs=None, stream=0, d2h=0):
    """provider.run, checking that no byte crossed host<->device (but
    `d2h`), and, once the work has run, that every descriptor is gone
    (those of cached executors once the cache is cleared) and no sanitizer
    check fired."""
    release_caches()
    before = counters()
    result = get_provider().run(op, tuple(outs), tuple(ins), attrs or {},
                                stream)
    mid = counters()
    assert mid['h2d_bytes'] == before['h2d_bytes'], 'host->device copy'
    assert mid['d2h_bytes'] == before['d2h_bytes'] + d2h, \
        'device->host copy'
    api.xpuDeviceSynchronize()
    release_caches()
    after = counters()
    leaks = {k: (before[k], after[k]) for k in LIVE if after[k] != before[k]}
    assert not leaks, leaks
    assert after['sanitizer_errors'] == before['sanitizer_errors']
    return result
