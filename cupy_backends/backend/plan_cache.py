"""The FFT plan cache every provider keeps (operations.md
'fft_plan_cache'): one class for the ascend provider's AsdSip plans and
the CUDA provider's cuFFT plans, with CuPy's
``cupy.fft.config.get_plan_cache()`` interface.

A bounded least-recently-used cache of the shape of the executor cache
(ascend ops/_executor_cache.pyx): at most ``size`` entries and ``memsize``
bytes of plan work areas (-1: no bound); entries are destroyed when it
shrinks, on ``clear()`` and when deleted.  An entry is any object with
``key``, ``nbytes`` (the device memory it holds), ``destroy()`` and
``describe()`` -> (shape, axes, value type, double) of the transform it
plans; the core keeps its composed transforms' tables here too
(``composed``).  Vendor-neutral: nothing here names a vendor function.
"""

import collections
import operator
import threading

# CuPy's defaults (cupy.fft.config): 16 plans, no memory bound.
DEFAULT_SIZE = 16


class _Node:
    """A cache entry as CuPy shows it: `key`, `plan` (a
    cupy.cuda.cufft.Plan1d or PlanNd describing the transform, its
    `work_area.mem.size` the bytes the cache counts for it) and
    `memsize`."""

    def __init__(self, key, entry):
        # the plan descriptions live with the cupy.cuda.cufft names
        # (layer 3), imported when a node is first shown
        from cupy.xpu import cufft
        self.key = key
        self.entry = entry
        self.memsize = entry.nbytes
        shape, axes, value_type, double = entry.describe()
        self.plan = cufft.plan_of(shape, axes, value_type, double,
                                  entry.nbytes)

    def __repr__(self):
        return 'key: {}, plan type: {}, memory usage: {}'.format(
            self.key, type(self.plan).__name__, self.memsize)


class PlanCache:
    """The FFT plans of the process, least recently used first out (CuPy's
    ``cupy.fft.config.get_plan_cache()`` interface).  ``size``: at most
    that many plans (0 disables the cache); ``memsize``: at most that many
    bytes of plan work areas (-1: no bound, 0 disables the cache; a plan
    larger than it raises RuntimeError, as CuPy's).  ``title`` names the
    provider's plans in ``show_info()``."""

    def __init__(self, title):
        self._title = title
        self._lock = threading.RLock()
        self._plans = collections.OrderedDict()
        self._nodes = {}
        self._size = DEFAULT_SIZE
        self._memsize = -1
        self._curr_memsize = 0
        self.hits = self.misses = self.evictions = 0

    def _shrink(self, size, memsize):
        while self._plans and (len(self._plans) > size or (
                memsize >= 0 and self._curr_memsize > memsize)):
            key, plan = self._plans.popitem(last=False)
            self._nodes.pop(key, None)
            self._curr_memsize -= plan.nbytes
            self.evictions += 1
            plan.destroy()

    def composed(self, key, make, *args):
        """The entry of `key`, or ``make(*args)`` cached on a miss (an entry
        the cache cannot keep is returned uncached: the caller destroys
        it after use unless ``holds`` says the cache has it)."""
        with self._lock:
            entry = self._plans.get(key)
            if entry is not None:
                self._plans.move_to_end(key)
                self.hits += 1
                return entry
            self.misses += 1
            entry = make(*args)
            if self._size == 0 or self._memsize == 0:
                return entry            # the cache is disabled (CuPy's)
            if self._memsize > 0 and entry.nbytes > self._memsize:
                # CuPy's PlanCache refuses a plan larger than its memsize
                entry.destroy()
                raise RuntimeError(
                    'the plan memsize is too large: {} bytes, the FFT plan '
                    'cache holds at most {} (cupy.fft.config.'
                    'get_plan_cache().set_memsize)'.format(
                        entry.nbytes, self._memsize))
            self._shrink(self._size - 1, self._memsize - entry.nbytes
                         if self._memsize >= 0 else -1)
            self._plans[key] = entry
            self._curr_memsize += entry.nbytes
            return entry

    def holds(self, plan):
        return self._plans.get(plan.key) is plan

    # CuPy's PlanCache as a mapping: iterating gives (key, node), most
    # recently used first, without reordering; cache[key] gives the node
    # and makes it the most recent; del cache[key] destroys the plan.
    def _node(self, key):
        entry = self._plans[key]
        node = self._nodes.get(key)
        if node is None or node.entry is not entry:
            node = self._nodes[key] = _Node(key, entry)
        return node

    def __iter__(self):
        # live, as CuPy's linked list: each step gives the entry after the
        # last one given in the current order, so making each given entry
        # the most recent (cache[key]) cycles instead of stopping
        key = None
        while True:
            with self._lock:
                order = list(reversed(self._plans))
                if key is None:
                    i = 0
                elif key in self._plans:
                    i = order.index(key) + 1
                else:
                    return
                if i >= len(order):
                    return
                key = order[i]
                item = (key, self._node(key))
            yield item

    def __getitem__(self, key):
        with self._lock:
            node = self._node(key)
            self._plans.move_to_end(key)
            return node

    def __delitem__(self, key):
        with self._lock:
            entry = self._plans.pop(key)
            self._nodes.pop(key, None)
            self._curr_memsize -= entry.nbytes
            entry.destroy()

    def __len__(self):
        return len(self._plans)

    def get_size(self):
        return self._size

    def set_size(self, size):
        size = operator.index(size)
        if size < 0:
            raise ValueError('the plan cache size must be >= 0')
        with self._lock:
            self._size = size
            self._shrink(size, self._memsize)

    def get_curr_size(self):
        return len(self._plans)

    def get_memsize(self):
        return self._memsize

    def set_memsize(self, memsize):
        memsize = operator.index(memsize)
        if memsize < -1:
            raise ValueError('memsize must be -1 (no bound) or >= 0')
        with self._lock:
            self._memsize = memsize
            self._shrink(self._size, memsize)

    def get_curr_memsize(self):
        return self._curr_memsize

    def clear(self):
        """Destroy every cached plan and free its work area."""
        with self._lock:
            self._shrink(0, -1)

    def stats(self):
        return {'hits': self.hits, 'misses': self.misses,
                'evictions': self.evictions, 'plans': len(self._plans),
                'memsize': self._curr_memsize}

    def show_info(self):
        print(self._info())

    def _info(self):
        lines = ['------------------- cuFFT plan cache ({}) '
                 '-------------------'.format(self._title),
                 'cache enabled? {}'.format(self._size > 0),
                 'current / max size   : {} / {} (counts)'.format(
                     len(self._plans), self._size),
                 'current / max memsize: {} / {} (bytes)'.format(
                     self._curr_memsize, '(unlimited)' if self._memsize < 0
                     else self._memsize),
                 'hits / misses: {} / {}'.format(self.hits, self.misses),
                 'cached plans (most recently used first):']
        for key in reversed(self._plans):
            lines.append(str(self._node(key)))
        return '\n'.join(lines)

    def __repr__(self):
        return self._info()
