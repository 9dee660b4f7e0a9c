"""Recording a run of device requests and replaying it (user kernels and
cupy.fuse).

A user kernel's translated run (cupy/_core/_ckernel/_interp.py walking
the parsed body, building and cutting the fused programs) costs
milliseconds of host work per call; for a fixed signature (the kernel,
its argument dtypes and layouts, scalar values, the routes) it issues
the same provider requests every time.  So the first run is recorded at
the one dispatch point (cupy/_core/_dispatch.pyx, `set_tap`): each
request with its operand views, an operand named by the argument it
belongs to or by the temporary allocation the run made for it; the
next calls with that signature replay the requests on the new
arguments, with fresh temporaries of the recorded sizes (allocated at
their first use and released after their last, as the run held them),
without interpreting anything.

A run that cannot be replayed is not kept (the caller runs it
interpreted every time): one that copies between host and device (the
"any element active" read of a loop whose trip count varies, a masked
scatter, a counted host fallback: its later requests depend on the data
read), one whose request returns a value to the host, one that reads
device memory that is neither an argument nor made by the run, one that
raises.  Requests issued by other threads while a run is recorded are
not part of it.

CUPY_USER_KERNEL_REPLAY=0 turns replaying off (for comparisons).
"""

import collections
import os
import threading

import numpy

from cupy._core import core
from cupy._core import _dispatch
from cupy._core._ckernel import _fuse
from cupy._core._ckernel import _merge
from cupy.xpu import memory as _memory
from cupy.xpu.stream import get_current_stream_ptr
from cupy_backends.backend.provider import OperationNotSupported, View

_U8 = numpy.dtype(numpy.uint8)
_MAX_SIGNATURES = 64        # recordings kept per kernel (an LRU bound)

_local = threading.local()


def enabled():
    return os.environ.get('CUPY_USER_KERNEL_REPLAY', '1') != '0' and \
        getattr(_local, 'recorder', None) is None


class Recording:
    """The requests of one run: `ops` (op, out templates, in templates,
    attrs, temporaries to allocate before, temporaries to release
    after), the templates of the results, the sizes of the temporary
    slots."""

    __slots__ = ('ops', 'results', 'nargs', 'sizes', 'refused')

    def __init__(self, ops, results, nargs, sizes):
        self.ops = ops
        self.results = results
        self.nargs = nargs
        self.sizes = sizes
        self.refused = set()    # merged programs the provider refused


class _Recorder:
    """The tap of the dispatch point while a run is recorded."""

    def __init__(self, arrays):
        self.thread = threading.get_ident()
        self.slots = {}             # allocation base -> slot
        for k, a in enumerate(arrays):
            self.slots.setdefault(a._as_view().base, k)
        self.nargs = len(arrays)
        self.sizes = {}             # temporary slot -> bytes
        self.ops = []
        self.bad = None

    def __call__(self, op, outs, ins, attrs, result):
        if threading.get_ident() != self.thread:
            return
        if result is not None:
            self.bad = '{} returned a value to the host'.format(op)
        # inputs first: a request reading a temporary it also writes
        # reads it before the run made it
        tins = tuple(self._operand(v, False) for v in ins)
        touts = tuple(self._operand(v, True) for v in outs)
        self.ops.append((op, touts, tins, dict(attrs)))

    def _operand(self, v, written):
        if not isinstance(v, View):
            return v                # a host scalar: recorded as it is
        slot = self.slots.get(v.base)
        if slot is None:
            if not written:
                self.bad = 'a request reads memory the run did not make'
            slot = self.nargs + len(self.sizes)
            self.slots[v.base] = slot
            self.sizes[slot] = v.nbytes
        elif slot >= self.nargs and v.nbytes > self.sizes[slot]:
            self.sizes[slot] = v.nbytes
        return (slot, v.dtype, v.shape, v.strides, v.offset)

    def result(self, arr, args):
        """The template of a result array, or None."""
        for k, a in enumerate(args):
            if arr is a:
                return ('arg', k)
        v = arr._as_view()
        slot = self.slots.get(v.base)
        if slot is None or slot < self.nargs:
            return None
        return ('temp', slot, arr.dtype, arr.shape, arr.strides,
                v.offset * arr.dtype.itemsize)


def record(run, arrays, results_of):
    """Run `run()` recording its requests; `arrays` the device arrays of
    the call (arguments and outputs), `results_of(value)` the arrays the
    run returned.  Returns (value, Recording or None)."""
    rec = _Recorder(arrays)
    _local.recorder = rec
    copies = _memory.host_copy_count()
    prev = _dispatch.set_tap(rec)
    try:
        value = run()
    finally:
        _dispatch.set_tap(prev)
        _local.recorder = None
    if _memory.host_copy_count() != copies:
        rec.bad = 'the run copies between host and device'
    if rec.bad is not None:
        return value, None
    results = []
    for r in results_of(value):
        t = rec.result(r, arrays) if isinstance(r, core.ndarray) else None
        if t is None:
            return value, None
        results.append(t)
    kept = {t[1] for t in results if t[0] == 'temp'}
    ops = rec.ops
    _fuse.refresh()
    if _fuse.enabled():
        ops = _merge.merge(ops, rec.nargs, kept)
    return value, Recording(_lifetimes(ops, rec.nargs), tuple(results),
                            rec.nargs, rec.sizes)


def _lifetimes(ops, nargs):
    """ops as (op, outs, ins, attrs, temporaries to allocate before it
    (first use), temporaries to release after it (last use), the
    requests a merged program stands for or None)."""
    first, last = {}, {}
    for k, entry in enumerate(ops):
        for t in entry[1] + entry[2]:
            if type(t) is tuple and t[0] >= nargs:
                first.setdefault(t[0], k)
                last[t[0]] = k
    starts = [[] for _ in ops]
    ends = [[] for _ in ops]
    for s, k in first.items():
        starts[k].append(s)
    for s, k in last.items():
        ends[k].append(s)
    return tuple(tuple(e[:4]) + (tuple(starts[k]), tuple(ends[k]),
                                 e[4] if len(e) > 4 else None)
                 for k, e in enumerate(ops))


def _views(templates, mem, device):
    res = []
    for t in templates:
        if type(t) is tuple:
            base, nbytes = mem[t[0]]
            res.append(View(base, nbytes, t[1], t[2], t[3], t[4], device))
        else:
            res.append(t)
    return tuple(res)


def _allocate(rec, s, bufs, mem):
    b = core._empty((rec.sizes[s],), _U8)
    v = b._as_view()
    bufs[s] = b
    mem[s] = (v.base, v.nbytes)
    return v.device_id


def _run_parts(rec, parts, bufs, mem, device, stream):
    """The requests a refused program stands for, with their own
    temporaries for the values the program kept in registers."""
    own = []
    for op, outs, ins, attrs in parts:
        for t in outs + ins:
            if type(t) is tuple and t[0] not in mem:
                _allocate(rec, t[0], bufs, mem)
                own.append(t[0])
        _dispatch.run(op, _views(outs, mem, device),
                      _views(ins, mem, device), attrs, stream)
    for s in own:
        del bufs[s], mem[s]


def replay(rec, arrays):
    """Run `rec` on `arrays` (of the recorded signature); returns the
    result arrays."""
    mem = {}
    bufs = {}
    device = -1
    for k, a in enumerate(arrays):
        v = a._as_view()
        mem[k] = (v.base, v.nbytes)
        device = v.device_id
    kept = {t[1] for t in rec.results if t[0] == 'temp'}
    stream = get_current_stream_ptr()
    for k, (op, outs, ins, attrs, starts, ends, parts) in \
            enumerate(rec.ops):
        for s in starts:
            device = _allocate(rec, s, bufs, mem)
        if parts is not None and k in rec.refused:
            _run_parts(rec, parts, bufs, mem, device, stream)
        elif parts is not None:
            try:
                _dispatch.run(op, _views(outs, mem, device),
                              _views(ins, mem, device), attrs, stream)
            except OperationNotSupported:
                rec.refused.add(k)
                _run_parts(rec, parts, bufs, mem, device, stream)
        else:
            _dispatch.run(op, _views(outs, mem, device),
                          _views(ins, mem, device), attrs, stream)
        for s in ends:
            if s not in kept:
                del bufs[s], mem[s]
    res = []
    for t in rec.results:
        if t[0] == 'arg':
            res.append(arrays[t[1]])
            continue
        _, slot, dtype, shape, strides, off = t
        res.append(core.ndarray(shape, dtype, bufs[slot].data + off,
                                strides))
    return res


class Cache:
    """Recordings by signature, at most _MAX_SIGNATURES (least recently
    used dropped); a signature whose run cannot be replayed is kept as
    None, so it is not recorded again."""

    def __init__(self):
        self._d = collections.OrderedDict()
        self._lock = threading.Lock()

    def get(self, key):
        """(recording or None, whether the signature was seen)."""
        with self._lock:
            try:
                self._d.move_to_end(key)
            except KeyError:
                return None, False
            return self._d[key], True

    def put(self, key, rec):
        with self._lock:
            self._d[key] = rec
            if len(self._d) > _MAX_SIGNATURES:
                self._d.popitem(last=False)

    def clear(self):
        with self._lock:
            self._d.clear()


def array_key(a, bases):
    """The part of a signature for device array `a` (its layout relative
    to its allocation, and which earlier argument shares the
    allocation); `bases` collects the allocations seen."""
    v = a._as_view()
    k = bases.setdefault(v.base, len(bases))
    return (v.dtype, v.shape, v.strides, v.offset, k)


def scalar_key(x):
    x = numpy.asarray(x)
    return (x.dtype, x.tobytes())


def context_key():
    """What else decides the requests: fusion on or off, the routes
    (tests hide loops), the current device."""
    return (os.environ.get('CUPY_USER_KERNEL_FUSE', '1'),
            _dispatch.generation(), _memory_device())


def _memory_device():
    from cupy.xpu import device
    return device.get_device_id()
