"""Memory hooks (``cupy.cuda.MemoryHook``): callbacks around the
allocations of this thread.

As in CuPy, ``malloc_*`` hooks see each request served by the current
allocator (``size`` asked, ``mem_size`` given), ``alloc_*`` hooks each
allocation a memory pool takes from the device, and ``free_*`` hooks each
block given back to a pool.  Hooks are per thread; while none is
registered anywhere, allocation does not look for them."""

import threading

_local = threading.local()
_lock = threading.Lock()
_registered = 0          # hooks registered in all threads together


def get_memory_hooks():
    """This thread's hooks, an ordered dict name -> hook."""
    hooks = getattr(_local, 'hooks', None)
    if hooks is None:
        hooks = _local.hooks = {}
    return hooks


def _has_memory_hooks():
    return bool(getattr(_local, 'hooks', None))


def _count_changed(delta):
    global _registered
    from cupy.xpu import memory
    with _lock:
        _registered += delta
        memory._hooks_changed(_registered)


def _call_hooks(method, info):
    hooks = getattr(_local, 'hooks', None)
    if not hooks:
        return
    for hook in list(hooks.values()):
        getattr(hook, method)(**info)


def _hooked_malloc(allocator, size):
    from cupy_backends.backend import api
    info = {'device_id': api.xpuGetDevice(), 'size': size,
            'mem_size': size}
    _call_hooks('malloc_preprocess', info)
    ptr = allocator(size)
    info['mem_size'] = ptr.mem.size if ptr.mem is not None else size
    info['mem_ptr'] = ptr.ptr
    info['pmem_id'] = id(ptr.mem)
    _call_hooks('malloc_postprocess', info)
    return ptr


def _hooked_device_malloc(malloc, size):
    """A pool's allocation from the device, with the alloc_* hooks."""
    from cupy_backends.backend import api
    info = {'device_id': api.xpuGetDevice(), 'mem_size': size}
    _call_hooks('alloc_preprocess', info)
    ptr = malloc(size)
    info['mem_ptr'] = ptr.ptr
    _call_hooks('alloc_postprocess', info)
    return ptr


class MemoryHook:
    """Base class of memory hooks: override the ``*_preprocess`` /
    ``*_postprocess`` methods; ``with hook:`` registers it in this thread
    under ``name`` (a second hook of the same name is a KeyError)."""

    name = 'MemoryHook'

    def __enter__(self):
        hooks = get_memory_hooks()
        if self.name in hooks:
            raise KeyError('memory hook %s already exists' % self.name)
        hooks[self.name] = self
        _count_changed(1)
        return self

    def __exit__(self, *exc):
        del get_memory_hooks()[self.name]
        _count_changed(-1)

    def alloc_preprocess(self, **kwargs):
        """Before a pool allocates from the device: device_id, mem_size."""

    def alloc_postprocess(self, **kwargs):
        """After it: device_id, mem_size, mem_ptr."""

    def malloc_preprocess(self, **kwargs):
        """Before a request is served: device_id, size, mem_size."""

    def malloc_postprocess(self, **kwargs):
        """After it: device_id, size, mem_size, mem_ptr, pmem_id."""

    def free_preprocess(self, **kwargs):
        """Before a block goes back to its pool: device_id, mem_size,
        mem_ptr, pmem_id."""

    def free_postprocess(self, **kwargs):
        """After it (same arguments)."""
