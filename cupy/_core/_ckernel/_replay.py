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

A loop whose trip count varies per element (masked rounds, one "any
element active" read per round) is recorded with its structure and
replayed round by round until no element is active (_loops.py).

Scalar arguments: a recording may take host scalars as parameters
(`Param` in its operand templates or attributes), replaced by the call's
values in the recorded dtype (cupy.fuse, `parametrize`); a user kernel
instead runs with its scalars as 0-d device arrays (_kernel_backend.py).

A run that cannot be replayed is not kept (the caller runs it
interpreted every time): one that copies between host and device other
than the reads of its loops (a masked scatter reads its index count, a
counted host fallback: its later requests depend on the data read), one
whose request returns a value to the host, one that reads device memory
that is neither an argument nor made by the run, one that raises.
Requests issued by other threads while a run is recorded are not part of
it.

CUPY_USER_KERNEL_REPLAY=0 turns replaying off (for comparisons).
"""

import collections
import os
import threading

import numpy

from cupy._core import core
from cupy._core import _dispatch
from cupy._core._layout import c_strides
from cupy._core._ckernel import _fuse
from cupy._core._ckernel import _loops
from cupy._core._ckernel import _merge
from cupy.xpu import memory as _memory
from cupy.xpu.stream import get_current_stream_ptr
from cupy_backends.backend.provider import OperationNotSupported, View

_U8 = numpy.dtype(numpy.uint8)
_MAX_SIGNATURES = 64        # recordings kept per kernel (an LRU bound)
_MAX_RETRIES = 3            # runs with too few loop rounds recorded again
RETRY = 'retry'             # record(): record the next call again

class _Local(threading.local):
    recorder = None         # the _Recorder of this thread's run, if any


_local = _Local()


def _env_reader(name, default):
    """A function returning environment variable `name` (or `default`),
    read at each call (tests and users change it at run time).  Called
    on every kernel call: where os.environ keeps its encoded mapping
    (CPython's os._Environ) it reads that directly, ~30x cheaper than
    os.environ.get's Mapping layers (0.7 us, about 2% of a replayed
    9-step kernel call's host work)."""
    env = os.environ
    data = getattr(env, '_data', None)
    try:
        key = env.encodekey(name)
        decode = env.decodevalue
    except AttributeError:
        data = None
    if type(data) is not dict:
        return lambda: env.get(name, default)

    def read():
        v = data.get(key)
        return default if v is None else decode(v)
    return read


_replay_env = _env_reader('CUPY_USER_KERNEL_REPLAY', '1')
_fuse_env = _env_reader('CUPY_USER_KERNEL_FUSE', '1')


def enabled():
    return _replay_env() != '0' and _local.recorder is None


class Recording:
    """The requests of one run: `ops` (op, out templates, in templates,
    attrs, temporaries to allocate before, temporaries to release
    after), the templates of the results, the sizes of the temporary
    slots."""

    __slots__ = ('ops', 'results', 'nargs', 'sizes', 'refused', 'raw',
                 'params', 'direct', 'kept')

    def __init__(self, ops, results, nargs, sizes, raw=None):
        self.ops = ops
        self.results = results
        self.nargs = nargs
        self.sizes = sizes
        self.refused = set()    # merged programs the provider refused
        self.raw = raw          # the requests as recorded (parametrize)
        self.params = ()        # the dtypes of its Param values
        self.kept = frozenset(t[1] for t in results if t[0] == 'temp')
        # result temporaries that are a whole C-contiguous array: made
        # as that array (one allocation, no view made per call)
        self.direct = {}
        for t in results:
            if t[0] == 'temp' and t[5] == 0 and \
                    sizes[t[1]] == t[2].itemsize * _count(t[3]) and \
                    t[4] == c_strides(t[3], t[2].itemsize):
                self.direct[t[1]] = t


class Param:
    """A host scalar of a recording that is the call's scalar argument
    `index`, converted to `dtype` (as the run converted it)."""

    __slots__ = ('index', 'dtype')

    def __init__(self, index, dtype):
        self.index = index
        self.dtype = dtype

    def __eq__(self, other):
        return type(other) is Param and other.index == self.index and \
            other.dtype == self.dtype

    def __hash__(self):
        return hash((self.index, self.dtype))

    def value(self, values):
        with numpy.errstate(all='ignore'):
            return numpy.asarray(values[self.index]).astype(
                self.dtype)[()]


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
        self.reads = 0              # "any active" reads of loops

    def mark(self, what, arr, info):
        """A loop mark of the interpreter (_loops.py)."""
        if threading.get_ident() != self.thread:
            return
        if what == _loops.READ:
            self.reads += 1
            self.ops.append((what, self._operand(arr._as_view(), False),
                             info))
        else:
            self.ops.append((what,))

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


def recording():
    return _local.recorder is not None


def mark(what, arr=None, info=None):
    """Tell the recorder of this thread (if any) about a loop: its start
    (_loops.LOOP), its end (END), or the device value a round reads
    (READ, arr, (the answer, the interpreter's uniform state))."""
    rec = _local.recorder
    if rec is not None:
        rec.mark(what, arr, info)


def record(run, arrays, results_of):
    """Run `run()` recording its requests; `arrays` the device arrays of
    the call (arguments and outputs), `results_of(value)` the arrays the
    run returned.  Returns (value, Recording, None (not replayable) or
    RETRY (record the next call again))."""
    rec = _Recorder(arrays)
    _local.recorder = rec
    copies = _memory.host_copy_count()
    prev = _dispatch.set_tap(rec)
    try:
        value = run()
    finally:
        _dispatch.set_tap(prev)
        _local.recorder = None
    if _memory.host_copy_count() != copies + rec.reads:
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
    try:
        ops = _loops.structure(rec.ops, rec.nargs, rec.sizes, kept)
    except _loops.Retry:
        return value, RETRY
    except _loops.NotReplayable:
        return value, None
    raw = ops
    _fuse.refresh()
    if _fuse.enabled():
        ops = _merge.merge(ops, rec.nargs, kept)
    return value, Recording(_lifetimes(ops, rec.nargs), tuple(results),
                            rec.nargs, rec.sizes, raw)


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


def _views(templates, mem, device, params=None):
    res = []
    for t in templates:
        if type(t) is tuple:
            base, nbytes = mem[t[0]]
            res.append(View(base, nbytes, t[1], t[2], t[3], t[4], device))
        elif type(t) is Param:
            res.append(t.value(params))
        else:
            res.append(t)
    return tuple(res)


def _attrs(attrs, params):
    if params is None or not any(type(v) is Param for v in attrs.values()):
        return attrs
    return {k: v.value(params) if type(v) is Param else v
            for k, v in attrs.items()}


def _buffer(nbytes):
    b = core._empty((nbytes,), _U8)
    v = b._as_view()
    return b, (v.base, v.nbytes)


def _allocate(rec, s, bufs, mem):
    d = rec.direct.get(s)
    if d is None:
        bufs[s], mem[s] = _buffer(rec.sizes[s])
    else:
        b = bufs[s] = core._empty(d[3], d[2])
        v = b._as_view()
        mem[s] = (v.base, v.nbytes)
    return bufs[s]._as_view().device_id


def _count(shape):
    n = 1
    for s in shape:
        n *= s
    return n


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


def replay(rec, arrays, params=None):
    """Run `rec` on `arrays` (of the recorded signature; None for one
    that `used_arguments(rec)` leaves out), `params` the values of its
    Param scalars; returns the result arrays."""
    mem = {}
    bufs = {}
    device = -1
    for k, a in enumerate(arrays):
        if a is None:
            continue            # an argument the recording does not use
        v = a._as_view()
        mem[k] = (v.base, v.nbytes)
        device = v.device_id
    kept = rec.kept
    stream = get_current_stream_ptr()
    for k, (op, outs, ins, attrs, starts, ends, parts) in \
            enumerate(rec.ops):
        if op == '#loop':
            # binds its outputs (starts) itself
            _loops.run(attrs['loop'], bufs, mem, _buffer,
                       lambda ts, m: _views(ts, m, device), stream)
            for s in ends:
                if s not in kept:
                    del bufs[s], mem[s]
            continue
        for s in starts:
            device = _allocate(rec, s, bufs, mem)
        if params is not None:
            attrs = _attrs(attrs, params)
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
            _dispatch.run(op, _views(outs, mem, device, params),
                          _views(ins, mem, device, params), attrs, stream)
        for s in ends:
            if s not in kept:
                del bufs[s], mem[s]
    res = []
    for t in rec.results:
        if t[0] == 'arg':
            res.append(arrays[t[1]])
            continue
        _, slot, dtype, shape, strides, off = t
        b = bufs[slot]
        if rec.direct.get(slot) is t and b.dtype == dtype and \
                b.shape == shape:
            res.append(b)
        else:
            res.append(core.ndarray(shape, dtype, b.data + off, strides))
    return res


def used_arguments(rec):
    """The argument slots `rec` reads or writes (all of them where it
    has a loop, whose rounds keep their own templates): an output the
    caller allocated that the run replaced by an array of its own (its
    result is a temporary) is not among them, so a replay need not
    allocate it."""
    used = set()
    for entry in rec.ops:
        if entry[0] == '#loop':
            return frozenset(range(rec.nargs))
        for part in ((entry[:4],) + tuple(entry[6] or ())):
            for t in part[1] + part[2]:
                if type(t) is tuple and t[0] < rec.nargs:
                    used.add(t[0])
    used.update(t[1] for t in rec.results if t[0] == 'arg')
    return frozenset(used)


class Cache:
    """Recordings by signature, at most _MAX_SIGNATURES (least recently
    used dropped); a signature whose run cannot be replayed is kept as
    None, so it is not recorded again."""

    def __init__(self):
        self._d = collections.OrderedDict()
        self._lock = threading.Lock()
        self._retries = {}

    def get(self, key):
        """(recording or None, whether the signature was seen)."""
        with self._lock:
            try:
                self._d.move_to_end(key)
            except KeyError:
                return None, False
            return self._d[key], True

    def put(self, key, rec):
        """Keep `rec` (a Recording, None, or RETRY: forget the signature
        so that its next call is recorded again, at most _MAX_RETRIES
        times, then None)."""
        with self._lock:
            if rec is RETRY:
                n = self._retries.get(key, 0) + 1
                if len(self._retries) > 16 * _MAX_SIGNATURES:
                    self._retries.clear()
                self._retries[key] = n
                if n < _MAX_RETRIES:
                    return
                rec = None
            self._d[key] = rec
            if len(self._d) > _MAX_SIGNATURES:
                self._d.popitem(last=False)

    def clear(self):
        with self._lock:
            self._d.clear()
            self._retries.clear()


def array_key(a, bases):
    """The part of a signature for device array `a` (its layout relative
    to its allocation, and which earlier argument shares the
    allocation); `bases` collects the allocations seen."""
    v = a._as_view()
    k = bases.setdefault(v.base, len(bases))
    return (v.dtype, v.shape, v.strides, v.offset, k)


def scalar_key(x):
    if not isinstance(x, numpy.generic):
        x = numpy.asarray(x)
    return (x.dtype, x.tobytes())


def context_key():
    """What else decides the requests: fusion on or off, the routes
    (tests hide loops), the current device."""
    return (_fuse_env(),
            _dispatch.generation(), _memory_device())


def _memory_device():
    # imported at first use (cupy.xpu imports the core)
    global _device
    if _device is None:
        from cupy.xpu import device as _device
    return _device.get_device_id()


_device = None


# ---------------------------------------------------- scalar parameters
def parametrize(rec_a, rec_b, values_a, values_b):
    """A recording that takes the call's scalars as Params, from two
    recordings of one function whose scalar arguments all differ
    (values_a, values_b): they must issue the same requests, except host
    scalars that are, in both, the call's argument converted to the
    recorded dtype; those become Params.  None where they differ
    otherwise (a scalar computed from an argument, a choice made on its
    value)."""
    if rec_a is None or rec_b is None or rec_a.raw is None or \
            rec_b.raw is None or len(rec_a.raw) != len(rec_b.raw) or \
            rec_a.results != rec_b.results or rec_a.nargs != rec_b.nargs:
        return None
    for x, y in zip(values_a, values_b):
        if _bytes(x) == _bytes(y):
            return None
    ops = []
    for ea, eb in zip(rec_a.raw, rec_b.raw):
        if ea[0] != eb[0] or ea[0] == '#loop' or ea[1] != eb[1] or \
                len(ea[2]) != len(eb[2]) or ea[3].keys() != eb[3].keys():
            return None
        ins = []
        for x, y in zip(ea[2], eb[2]):
            p = _param_of(x, y, values_a, values_b)
            if p is False:
                return None
            ins.append(x if p is None else p)
        attrs = {}
        for key in ea[3]:
            p = _param_of(ea[3][key], eb[3][key], values_a, values_b)
            if p is False:
                return None
            attrs[key] = ea[3][key] if p is None else p
        ops.append((ea[0], ea[1], tuple(ins), attrs))
    params = {}
    for e in ops:
        for t in e[2] + tuple(e[3].values()):
            if type(t) is Param:
                params.setdefault(t.index, set()).add(t.dtype)
    if not params:
        return None
    kept = {t[1] for t in rec_a.results if t[0] == 'temp'}
    if _fuse.enabled():
        ops = _merge.merge(ops, rec_a.nargs, kept)
    res = Recording(_lifetimes(ops, rec_a.nargs), rec_a.results,
                    rec_a.nargs, rec_a.sizes)
    res.params = tuple(sorted(params.items()))
    return res


def _bytes(x):
    x = numpy.asarray(x)
    return x.dtype, x.tobytes()


def _param_of(x, y, values_a, values_b):
    """None (the same operand in both), a Param, or False (they
    differ otherwise)."""
    if type(x) is tuple or type(y) is tuple:
        return None if x == y else False
    if not isinstance(x, numpy.generic) or not isinstance(y, numpy.generic):
        try:
            same = type(x) is type(y) and x == y
        except (TypeError, ValueError):
            same = False
        return None if same is True else False
    if x.dtype != y.dtype:
        return False
    if x.tobytes() == y.tobytes():
        return None
    found = None
    for k in range(len(values_a)):
        p = Param(k, x.dtype)
        if _bytes(p.value(values_a)) == _bytes(x) and \
                _bytes(p.value(values_b)) == _bytes(y):
            if found is not None:
                return False        # two arguments could be it
            found = p
    return False if found is None else found


def exact(rec, values):
    """Whether `values` convert to rec's Param dtypes as the run would
    take them: an integer that does not fit one is refused there
    (NumPy's OverflowError), a bool stays a bool, a complex value is not
    taken as a real."""
    for k, dts in rec.params:
        v = values[k]
        for dt in dts:
            if isinstance(v, (bool, numpy.bool_)) != (dt.kind == 'b') or \
                    isinstance(v, (complex, numpy.complexfloating)) and \
                    dt.kind != 'c':
                return False
            if dt.kind in 'iu' and not (
                    isinstance(v, (int, numpy.integer)) and
                    numpy.iinfo(dt).min <= int(v) <= numpy.iinfo(dt).max):
                return False
    return True
