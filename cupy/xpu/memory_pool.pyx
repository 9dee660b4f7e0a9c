# The stream-ordered caching pool of device memory, one per device, with
# CuPy's public API (DESIGN.md, Memory); cupy.xpu.memory re-exports its
# public names.  The allocations and pointers it hands out are memory.pyx's.
#
# Pool layout.  Sizes are rounded up to _ROUND bytes.  Every device
# allocation is cut into chunks, linked in address order; a free chunk
# lives in the arena of its stream key (the streams that may still have
# work queued on it: the stream it was allocated on and the stream current
# when it was freed), binned by exact size.  The key () is the clean arena:
# chunks known to be idle.  An allocation for stream T takes the best fit
# from arena (T,) or the clean arena; other arenas become usable once their
# streams are idle (xpuStreamQuery), which moves their chunks to the arena
# of the streams that are still busy.  Free neighbours merge when their keys
# are equal or one is clean; an allocation goes back to the device only in
# free_all_blocks, after the device is synchronised, because xpuFree does
# not wait for queued work (reference/cann/runtime.md sections 7 and 11).
#
# cupy.xpu.memory cimports this module's types, and this module cimports
# its, so importing either loads both; memory is imported first (cupy.xpu
# does), which loads this module completely before memory's own module
# code runs.  Python-level names of memory are therefore imported lazily.

import gc
import os
import warnings
import weakref
from bisect import bisect_left, insort

cimport cython
from cpython.pyport cimport PY_SSIZE_T_MAX
from libc.stdint cimport intptr_t
from fastrlock cimport rlock

from cupy_backends.backend cimport api
from cupy.xpu.memory cimport (Memory, MemoryPointer, PooledMemory,
                              _check_size, _restore_device, _stream_ptr,
                              _use_device)
from cupy.xpu.stream cimport get_current_stream_ptr

# CuPy's pool granularity; _round_unit() makes it a multiple of the
# backend's allocation alignment (64 bytes on Ascend, runtime.md 7.1) so
# every chunk carved from an allocation stays aligned.
cdef enum:
    _ROUND = 512

# Small chunks (the results of calls on small arrays) freed on the stream
# they were allocated on are kept apart, unmerged, up to _RECENT_PER_SIZE
# per (size, stream), and handed to the next allocation of that size on
# that stream: the steady state of a small operation then neither splits
# a free chunk nor merges it back (issue 9: about 1 us of `a + b`'s 4 on
# the simulator).  Whoever looks at the free lists (free_all_blocks, the
# statistics, a dying stream, an allocation that finds no fit) first puts
# them back (_flush_recent), so the pool's documented behaviour is
# unchanged.  Bounded: at most 32 sizes x 4 chunks of up to 16 KiB (2 MiB)
# per stream that freed small chunks.
cdef enum:
    _RECENT_MAX_SIZE = 16384
    _RECENT_PER_SIZE = 4

cdef Py_ssize_t _unit = 0
# A chunk's allocation stream after that stream was destroyed (no stream
# handle is -1: handles are addresses).
cdef intptr_t _NO_STREAM = -1
cdef object _all_pools = weakref.WeakSet()


cdef Py_ssize_t _round_unit() except -1:
    global _unit
    cdef Py_ssize_t align
    if _unit == 0:
        align = <Py_ssize_t>api.xpuAllocationAlignment()
        if align <= 0 or _ROUND % align == 0:
            _unit = _ROUND
        else:
            _unit = (_ROUND + align - 1) // align * align
    return _unit


def _device_malloc(size):
    # The pools' default allocator: no retry here, the pool does it.
    # (Pools grow rarely: the memory-hook check costs nothing measurable.)
    from cupy.xpu import memory_hook
    if memory_hook._has_memory_hooks():
        return memory_hook._hooked_device_malloc(_plain_device_malloc, size)
    return MemoryPointer(Memory(size), 0)


def _plain_device_malloc(size):
    return MemoryPointer(Memory(size), 0)


# ------------------------------------------------------------------ pool --

@cython.auto_pickle(False)   # raw pointers must not be copied
cdef class _Alloc:
    pass


@cython.auto_pickle(False)   # raw pointers must not be copied
cdef class _Chunk:
    pass


@cython.auto_pickle(False)   # raw pointers must not be copied
cdef class _Arena:

    def __cinit__(self):
        self.bins = {}
        self.sizes = []


cdef inline bint _keys_merge(tuple a, tuple b):
    return a == b or len(a) == 0 or len(b) == 0


cdef bint _stream_idle(intptr_t stream, dict cache) except -1:
    r = cache.get(stream)
    if r is None:
        try:
            r = api.xpuStreamQuery(stream)
        except Exception:
            # Unknown: a failed query (a device fault, a runtime error)
            # must not hand out a block its queued work may still use.
            # (Streams are forgotten before they are destroyed, see
            # _stream_destroying, so a destroyed handle is not queried.)
            r = False
        cache[stream] = r
    return r


@cython.auto_pickle(False)   # raw pointers must not be copied
cdef class SingleDeviceMemoryPool:
    """The caching pool of one device (the current one when created).
    ``allocator``: a callable size -> MemoryPointer that allocates device
    memory (default: one backend allocation per call)."""

    def __init__(self, allocator=None):
        _round_unit()
        self._device_id = api.xpuGetDevice()
        self._allocator = _device_malloc if allocator is None else allocator
        self._lock = rlock.create_fastrlock()
        self._busy = False
        self._deferred = []
        self._arenas = {}
        self._allocs = {}
        self._recent = {}
        self._limit = _limit_from_env()
        self._self_ref = weakref.ref(self)
        _all_pools.add(self)

    # Locking.  Freeing memory can happen inside any Python allocation of
    # this thread (garbage collection runs __dealloc__), including while
    # this thread is in the middle of a pool operation: such frees are
    # deferred and run when the operation ends.

    cdef int _enter(self) except -1:
        rlock.lock_fastrlock(self._lock, -1, True)
        if self._busy:
            rlock.unlock_fastrlock(self._lock)
            raise RuntimeError(
                'the memory pool was re-entered from a callback that ran '
                'during one of its own operations')
        self._busy = True
        if self._deferred:
            try:
                self._drain_deferred()
            except BaseException:
                self._busy = False
                rlock.unlock_fastrlock(self._lock)
                raise
        return 0

    cdef int _leave(self) except -1:
        try:
            if self._deferred:
                self._drain_deferred()
        finally:
            self._busy = False
            rlock.unlock_fastrlock(self._lock)
        return 0

    cdef _drain_deferred(self):
        while self._deferred:
            chunk, stream, has_stream = self._deferred.pop()
            if chunk is None:
                self._forget_locked(stream)
            else:
                self._free_locked(chunk, stream, has_stream)

    # Free lists.

    cdef _add_free(self, _Chunk c, tuple key):
        cdef _Chunk p = c.prev
        cdef _Chunk n
        cdef _Arena arena
        if (p is not None and not p.in_use and p.key is not None
                and _keys_merge(p.key, key)):
            if len(key) == 0:
                key = p.key
            self._remove_free(p)
            p.size += c.size
            p.next = c.next
            if c.next is not None:
                c.next.prev = p
            if c.seq > p.seq:
                p.seq = c.seq
            c.prev = c.next = None
            c.alloc = None
            c = p
        n = c.next
        if (n is not None and not n.in_use and n.key is not None
                and _keys_merge(n.key, key)):
            if len(key) == 0:
                key = n.key
            self._remove_free(n)
            c.size += n.size
            c.next = n.next
            if n.next is not None:
                n.next.prev = c
            if n.seq > c.seq:
                c.seq = n.seq
            n.prev = n.next = None
            n.alloc = None
        c.key = key
        arena = self._arenas.get(key)
        if arena is None:
            arena = _Arena()
            self._arenas[key] = arena
        bin = arena.bins.get(c.size)
        if bin is None:
            bin = {}
            arena.bins[c.size] = bin
            insort(arena.sizes, c.size)
        bin[c] = None
        self._free += c.size
        self._n_free += 1

    cdef _remove_free(self, _Chunk c):
        cdef _Arena arena = self._arenas[c.key]
        cdef dict bin = arena.bins[c.size]
        del bin[c]
        if not bin:
            del arena.bins[c.size]
            del arena.sizes[bisect_left(arena.sizes, c.size)]
            if not arena.bins:
                del self._arenas[c.key]
        self._free -= c.size
        self._n_free -= 1
        c.key = None

    cdef _Chunk _best_fit(self, tuple key, Py_ssize_t size):
        cdef _Arena arena = self._arenas.get(key)
        cdef Py_ssize_t i
        if arena is None:
            return None
        i = bisect_left(arena.sizes, size)
        if i == len(arena.sizes):
            return None
        # The most recently freed chunk of the bin: its lines are warmest.
        for c in reversed(arena.bins[arena.sizes[i]]):
            return c
        return None

    cdef _Chunk _find(self, Py_ssize_t size, intptr_t stream):
        cdef _Chunk own = self._best_fit((stream,), size)
        cdef _Chunk clean = self._best_fit((), size)
        if clean is not None and (own is None or clean.size < own.size):
            return clean
        return own

    cdef _prune(self, intptr_t stream):
        # Drop idle streams from the keys of the other arenas.
        cdef dict cache = {}
        cdef tuple key, new_key
        for key in list(self._arenas):
            if len(key) == 0 or (len(key) == 1 and key[0] == stream):
                continue
            new_key = tuple([s for s in key if not _stream_idle(s, cache)])
            if new_key != key:
                self._rekey(key, new_key, <unsigned long long>-1)

    cdef _rekey(self, tuple old_key, tuple new_key,
                unsigned long long max_seq):
        # Moves the chunks of arena old_key freed at or before max_seq.
        cdef _Arena arena = self._arenas.get(old_key)
        cdef _Chunk c
        if arena is None:
            return
        moved = [c for bin in arena.bins.values() for c in bin
                 if c.seq <= max_seq]
        for c in moved:
            self._remove_free(c)
        for c in moved:      # out of the lists (key None): none merges away
            self._add_free(c, new_key)

    cdef _Chunk _take(self, _Chunk c, Py_ssize_t size, intptr_t stream):
        cdef tuple key = c.key
        cdef _Chunk rest
        self._remove_free(c)
        c.in_use = True
        if c.size > size:
            rest = _Chunk.__new__(_Chunk)
            rest.alloc = c.alloc
            rest.ptr = c.ptr + size
            rest.size = c.size - size
            rest.seq = c.seq
            rest.prev = c
            rest.next = c.next
            if c.next is not None:
                c.next.prev = rest
            c.next = rest
            c.size = size
            self._add_free(rest, key)
        c.stream = stream
        c.alloc.n_used += 1
        self._used += c.size
        return c

    cdef _Chunk _try_reuse(self, Py_ssize_t size, intptr_t stream):
        cdef _Chunk c
        cdef list kept
        self._enter()
        try:
            if size <= _RECENT_MAX_SIZE and self._recent:
                kept = self._kept(size, stream, False)
                if kept:
                    c = kept.pop()
                    self._free -= size
                    self._n_free -= 1
                    c.in_use = True
                    c.alloc.n_used += 1
                    self._used += size
                    return c
            c = self._find(size, stream)
            if c is None and self._recent:
                self._flush_recent()
                c = self._find(size, stream)
            if c is None and self._arenas:
                self._prune(stream)
                c = self._find(size, stream)
            if c is not None:
                c = self._take(c, size, stream)
            return c
        finally:
            self._leave()

    cdef _Chunk _alloc_new(self, Py_ssize_t size, intptr_t stream):
        # Returns None when the limit or the device refuses.
        cdef _Alloc a
        cdef _Chunk c
        cdef MemoryPointer mp = None
        self._enter()
        try:
            if self._limit and self._total + size > self._limit:
                return None
            self._total += size      # reserved while the allocator runs
        finally:
            self._leave()
        try:
            mp = self._allocator(size)
        except MemoryError:
            mp = None
        finally:
            if mp is None:
                self._enter()
                self._total -= size
                self._leave()
        if mp is None:
            return None
        a = _Alloc.__new__(_Alloc)
        a.mp = mp
        a.size = size
        a.n_used = 1
        c = _Chunk.__new__(_Chunk)
        c.alloc = a
        c.ptr = mp.ptr
        c.size = size
        c.in_use = True
        c.stream = stream
        a.head = c
        self._enter()
        try:
            self._allocs[a] = None
            self._used += size
        finally:
            self._leave()
        return c

    cdef _Chunk _recover(self, Py_ssize_t size, intptr_t stream):
        cdef _Chunk c
        self.free_all_blocks()
        gc.collect()     # never under the lock: it runs __dealloc__ frees
        c = self._try_reuse(size, stream)
        if c is not None:
            return c
        self.free_all_blocks()
        c = self._alloc_new(size, stream)
        if c is None:
            # Imported here: memory's Python names do not exist yet while
            # memory's import loads this module.
            from cupy.xpu.memory import OutOfMemoryError
            raise OutOfMemoryError(size, self._used + self._free,
                                   self._limit)
        return c

    cpdef MemoryPointer malloc(self, size):
        """A MemoryPointer to at least ``size`` bytes (rounded up to 512)."""
        cdef Py_ssize_t n = _check_size(size)
        cdef int prev
        cdef intptr_t stream
        cdef _Chunk c
        cdef PooledMemory mem
        cdef MemoryPointer p
        if n == 0:
            return MemoryPointer(Memory(0), 0)
        if n > PY_SSIZE_T_MAX - _unit:     # rounding up would overflow
            from cupy.xpu.memory import OutOfMemoryError
            raise OutOfMemoryError(n, self._used + self._free, self._limit)
        n = (n + _unit - 1) // _unit * _unit
        prev = _use_device(self._device_id)
        try:
            stream = get_current_stream_ptr()
            c = self._try_reuse(n, stream)
            if c is None:
                c = self._alloc_new(n, stream)
                if c is None:
                    c = self._recover(n, stream)
        finally:
            _restore_device(prev, self._device_id)
        mem = PooledMemory.__new__(PooledMemory)
        mem.ptr = c.ptr
        mem.size = c.size
        mem.device_id = self._device_id
        mem._chunk = c
        mem._pool_ref = self._self_ref
        p = MemoryPointer.__new__(MemoryPointer)
        p.mem = mem
        p.ptr = c.ptr
        p.device_id = self._device_id
        return p

    cdef _free_chunk(self, _Chunk chunk):
        cdef intptr_t stream = 0
        cdef bint has_stream = False
        try:
            if api.xpuGetDevice() == self._device_id:
                stream = get_current_stream_ptr()
                has_stream = True
        except Exception:
            pass
        rlock.lock_fastrlock(self._lock, -1, True)
        try:
            if self._busy:
                self._deferred.append((chunk, stream, has_stream))
                return
            self._busy = True
            try:
                self._free_locked(chunk, stream, has_stream)
                self._drain_deferred()
            finally:
                self._busy = False
        finally:
            rlock.unlock_fastrlock(self._lock)

    cdef _free_locked(self, _Chunk c, intptr_t free_stream,
                      bint has_free_stream):
        cdef tuple key
        if c.stream == _NO_STREAM:
            key = (free_stream,) if has_free_stream else ()
        elif has_free_stream and free_stream != c.stream:
            if free_stream < c.stream:
                key = (free_stream, c.stream)
            else:
                key = (c.stream, free_stream)
        else:
            key = (c.stream,)
        c.in_use = False
        c.alloc.n_used -= 1
        self._used -= c.size
        self._free_seq += 1
        c.seq = self._free_seq
        if c.size <= _RECENT_MAX_SIZE and len(key) == 1 and \
                key[0] == c.stream:
            kept = self._kept(c.size, c.stream, True)
            if len(kept) < _RECENT_PER_SIZE:
                kept.append(c)      # key None: no neighbour merges with it
                self._free += c.size
                self._n_free += 1
                return
        self._add_free(c, key)

    cdef list _kept(self, Py_ssize_t size, intptr_t stream, bint make):
        # The kept chunks of `size` on `stream`: a list per multiple of the
        # rounding unit, per stream (indexed, so no key object per call).
        cdef list slots = self._recent.get(stream)
        if slots is None:
            if not make:
                return None
            slots = [[] for _ in range(_RECENT_MAX_SIZE // _unit)]
            self._recent[stream] = slots
        return slots[size // _unit - 1]

    cdef _flush_recent(self):
        # Under the lock: the kept chunks into the free lists (merging).
        cdef _Chunk c
        cdef list kept
        if not self._recent:
            return
        recent = self._recent
        self._recent = {}
        for slots in recent.values():
            for kept in slots:
                for c in kept:
                    self._free -= c.size
                    self._n_free -= 1
                    self._add_free(c, (c.stream,))

    cpdef free_all_blocks(self, stream=None):
        """Returns every allocation whose chunks are all free to the device
        (only those whose free chunks belong to ``stream`` if given)."""
        cdef bint only = stream is not None
        cdef intptr_t sp = _stream_ptr(stream) if only else 0
        cdef unsigned long long seq0
        cdef _Alloc a
        cdef _Chunk c, nxt
        cdef bint ok
        cdef list released = []
        cdef int prev = _use_device(self._device_id)
        try:
            self._enter()
            try:
                self._flush_recent()
                seq0 = self._free_seq
                has_free = self._n_free > 0
            finally:
                self._leave()
            if not has_free:
                return
            # After this, the work queued on every chunk freed so far is done.
            api.xpuDeviceSynchronize()
            self._enter()
            try:
                for a in list(self._allocs):
                    if a.n_used:
                        continue
                    ok = True
                    c = a.head
                    while c is not None:
                        if c.seq > seq0 or (only and any(
                                [s != sp for s in c.key])):
                            ok = False
                            break
                        c = c.next
                    if not ok:
                        continue
                    c = a.head
                    while c is not None:
                        nxt = c.next
                        self._remove_free(c)
                        c.prev = c.next = None
                        c.alloc = None
                        c = nxt
                    a.head = None
                    del self._allocs[a]
                    self._total -= a.size
                    released.append(a.mp)
                    a.mp = None
                for key in list(self._arenas):
                    if len(key):
                        self._rekey(key, (), seq0)
            finally:
                self._leave()
            for mp in released:
                mem = (<MemoryPointer>mp).mem
                if isinstance(mem, Memory):
                    (<Memory>mem)._sync_on_free = False
            mp = mem = None
            del released[:]      # the device frees happen here, unlocked
        finally:
            _restore_device(prev, self._device_id)

    cpdef Py_ssize_t n_free_blocks(self) except -1:
        """The number of free chunks cached."""
        self._enter()
        try:
            self._flush_recent()
        finally:
            self._leave()
        return self._n_free

    cpdef Py_ssize_t used_bytes(self) except -1:
        """Bytes in chunks handed out."""
        return self._used

    cpdef Py_ssize_t free_bytes(self) except -1:
        """Bytes in free chunks cached."""
        return self._free

    cpdef Py_ssize_t total_bytes(self) except -1:
        """used_bytes() + free_bytes()."""
        return self._used + self._free

    cpdef set_limit(self, size=None, fraction=None):
        """Sets the limit in bytes, or as a fraction of the device memory;
        neither (or 0) removes it."""
        cdef Py_ssize_t limit
        cdef int prev
        if size is not None and fraction is not None:
            raise ValueError('size and fraction cannot be given together')
        if fraction is not None:
            f = float(fraction)
            if not 0 <= f <= 1:
                raise ValueError(
                    'fraction must be between 0 and 1, got {}'.format(f))
            prev = _use_device(self._device_id)
            try:
                total = api.xpuMemGetInfo()[1]
            finally:
                _restore_device(prev, self._device_id)
            limit = int(total * f)
        elif size is not None:
            limit = _check_size(size)
        else:
            limit = 0
        self._limit = limit

    cpdef Py_ssize_t get_limit(self) except -1:
        """The limit in bytes (0: none)."""
        return self._limit

    cdef _forget_stream(self, intptr_t stream):
        # The stream's work is done and it is about to be destroyed: its
        # handle must not be queried again (it may even be reused).
        rlock.lock_fastrlock(self._lock, -1, True)
        try:
            if self._busy:      # re-entered from this thread's own operation
                self._deferred.append((None, stream, False))
                return
            self._busy = True
            try:
                self._forget_locked(stream)
                self._drain_deferred()
            finally:
                self._busy = False
        finally:
            rlock.unlock_fastrlock(self._lock)

    cdef _forget_locked(self, intptr_t stream):
        cdef _Alloc a
        cdef _Chunk c
        self._flush_recent()
        for key in list(self._arenas):
            if stream in key:
                self._rekey(key, tuple([s for s in key if s != stream]),
                            <unsigned long long>-1)
        for a in self._allocs:
            c = a.head
            while c is not None:
                if c.in_use and c.stream == stream:
                    c.stream = _NO_STREAM
                c = c.next


cdef Py_ssize_t _limit_from_env() except -1:
    # CUPY_GPU_MEMORY_LIMIT: bytes, or a percentage of the device memory.
    text = os.environ.get('CUPY_GPU_MEMORY_LIMIT', '').strip()
    if not text:
        return 0
    try:
        if text.endswith('%'):
            pct = float(text[:-1])
            if not 0 <= pct <= 100:
                raise ValueError
            return int(api.xpuMemGetInfo()[1] * pct / 100)
        limit = int(text)
        if limit < 0:
            raise ValueError
        return limit
    except ValueError:
        raise ValueError(
            'CUPY_GPU_MEMORY_LIMIT must be a byte count such as 1073741824 '
            'or a percentage of the device memory such as 50%, not {!r}'
            .format(text)) from None


def _stream_destroying(intptr_t stream, device_id=None):
    """Called by the owner of ``stream`` right before it destroys it, on the
    stream's device (``device_id``, default: the current device): waits for
    the stream, then removes its handle from the pools of that device, so
    their chunks tagged with it become reusable and the handle is never
    queried once destroyed (or reused for another stream)."""
    cdef int device = api.xpuGetDevice() if device_id is None else device_id
    cdef int prev
    if stream == 0:
        return      # the null stream is never destroyed
    prev = _use_device(device)
    try:
        try:
            api.xpuStreamSynchronize(stream)
        finally:
            for pool in list(_all_pools):
                if (<SingleDeviceMemoryPool>pool)._device_id == device:
                    (<SingleDeviceMemoryPool>pool)._forget_stream(stream)
    finally:
        _restore_device(prev, device)


@cython.auto_pickle(False)   # raw pointers must not be copied
cdef class MemoryPool:
    """A caching pool of device memory per device, made on first use of each
    device.  ``allocator``: a callable size -> MemoryPointer used for new
    device allocations (default: the backend's allocator)."""

    def __init__(self, allocator=None):
        self._allocator = allocator
        self._pools = {}
        self._lock = rlock.create_fastrlock()

    cdef SingleDeviceMemoryPool _device_pool(self):
        cdef int device = api.xpuGetDevice()
        pool = self._pools.get(device)
        if pool is None:
            rlock.lock_fastrlock(self._lock, -1, True)
            try:
                pool = self._pools.get(device)
                if pool is None:
                    pool = SingleDeviceMemoryPool(self._allocator)
                    self._pools[device] = pool
            finally:
                rlock.unlock_fastrlock(self._lock)
        return pool

    cpdef MemoryPointer malloc(self, size):
        """A MemoryPointer to at least ``size`` bytes of the current device."""
        return self._device_pool().malloc(size)

    def free_all_blocks(self, stream=None):
        """Returns the cached free memory of every device to the devices."""
        for pool in list(self._pools.values()):
            (<SingleDeviceMemoryPool>pool).free_all_blocks(stream)

    def free_all_free(self):
        """Deprecated: use free_all_blocks()."""
        warnings.warn('free_all_free is deprecated; use free_all_blocks',
                      DeprecationWarning, stacklevel=2)
        self.free_all_blocks()

    def n_free_blocks(self):
        """Free chunks cached for the current device."""
        return self._device_pool().n_free_blocks()

    def used_bytes(self):
        """Bytes handed out on the current device."""
        return self._device_pool().used_bytes()

    def free_bytes(self):
        """Bytes cached free on the current device."""
        return self._device_pool().free_bytes()

    def total_bytes(self):
        """used_bytes() + free_bytes() for the current device."""
        return self._device_pool().total_bytes()

    def set_limit(self, size=None, fraction=None):
        """Limits the current device's pool to ``size`` bytes, or to
        ``fraction`` of the device memory; neither (or 0) removes it.
        CUPY_GPU_MEMORY_LIMIT sets the initial limit of each device."""
        self._device_pool().set_limit(size, fraction)

    def get_limit(self):
        """The current device's limit in bytes (0: none)."""
        return self._device_pool().get_limit()


cdef MemoryPool _default_memory_pool = MemoryPool()


def get_default_memory_pool():
    """The process-wide MemoryPool behind the default allocator."""
    return _default_memory_pool
