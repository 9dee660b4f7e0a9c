"""Allocator helpers of ``cupy.cuda``: ``using_allocator``, the
stream-ordered ``MemoryAsyncPool``/``malloc_async`` and the managed-memory
names.

Stream-ordered allocation: every pool here is already ordered by the
current stream (a block freed while its stream has queued work is reused
only on that stream or after an event shows the work done, DESIGN.md
"Memory"), which is what CUDA's ``cudaMallocAsync`` pools give.  CANN has
no allocation call that takes a stream, so ``MemoryAsyncPool`` is such a
pool of its own, not a driver-side pool: memory it caches is not shared
with other processes or libraries, and ``pool_handles`` other than
'current' are refused."""

import contextlib

from cupy.xpu import memory as _memory
from cupy.xpu import memory_pool as _memory_pool


@contextlib.contextmanager
def using_allocator(allocator=None):
    """Use ``allocator`` (None: no pool) for the allocations of this thread
    inside the block."""
    if allocator is None:
        allocator = _memory._malloc
    elif not callable(allocator):
        raise TypeError('allocator must be callable, got {}'.format(
            type(allocator).__name__))
    prev = _memory._push_allocator(allocator)
    try:
        yield
    finally:
        _memory._pop_allocator(prev)


class MemoryAsyncPool:
    """A stream-ordered memory pool (CuPy's ``cudaMallocAsync`` pool):
    ``malloc`` serves the current stream; see the module note for what
    differs from CUDA's driver-side pools."""

    def __init__(self, pool_handles='current'):
        if pool_handles != 'current':
            raise ValueError(
                "pool_handles other than 'current' (CUDA's device pools "
                'and pool handles) do not exist on this backend')
        self._pool = _memory_pool.MemoryPool()

    def malloc(self, size):
        return self._pool.malloc(size)

    def free_all_blocks(self, stream=None):
        self._pool.free_all_blocks(stream=stream)

    def n_free_blocks(self):
        return self._pool.n_free_blocks()

    def used_bytes(self):
        return self._pool.used_bytes()

    def free_bytes(self):
        return self._pool.free_bytes()

    def total_bytes(self):
        return self._pool.total_bytes()

    def set_limit(self, size=None, fraction=None):
        self._pool.set_limit(size=size, fraction=fraction)

    def get_limit(self):
        return self._pool.get_limit()


def malloc_async(size):
    """Allocate ``size`` bytes ordered on the current stream: from the
    default memory pool, which is stream-ordered (see the module note)."""
    return _memory_pool.get_default_memory_pool().malloc(size)


def _no_managed_memory():
    from cupy_backends.backend import api
    return NotImplementedError(
        'managed (unified) memory is not available on the {} backend: the '
        'runtime has no allocation that both host and device address '
        '(use device memory and explicit copies, or pinned memory for '
        'transfers)'.format(api.xpuBackendName()))


class ManagedMemory:
    """Managed memory; the ascend runtime has none (CANN's host
    allocations are page-locked host memory, not unified), so making one
    raises NotImplementedError."""

    def __init__(self, size):
        raise _no_managed_memory()


def malloc_managed(size):
    """Allocate managed memory: NotImplementedError on this backend."""
    raise _no_managed_memory()
