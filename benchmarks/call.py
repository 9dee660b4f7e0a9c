"""Host cost per call of small operations (``benchmark.py call``).

For each operation of the list, on arrays of 16 elements (a 4x4 matrix for
matmul): the host time of one call in the steady state, NumPy's time for
the same work on host arrays, and, per call, what reached the vendor:
vendor calls, phase-1 calls, descriptor creations (tensors, scalars,
arrays), synchronisations (the CANN simulator's counters, so shown only
on the simulator), and the interpreter's allocations
(cupy_backends/backend/_pyalloc: objects and blocks, free-list reuse not
counted; the timing loop's own taken off).

On the simulator the kernels run in Python on stream worker threads, which
take the interpreter lock from the calling thread; a device does not.  So
the calls are timed while the workers hold their work back (strict mode:
each task waits before it runs), as the process's CPU time (the host's own
work, which other processes on a shared machine do not inflate; NumPy's
reference is timed the same way), and the queued work runs after the timing,
with its results checked against NumPy.  ``a + b`` is also timed with the
workers running, and split into the core (a provider that runs nothing),
the provider (called directly) and the simulated vendor calls.
"""

import contextlib
import statistics
import time

import numpy

import cupy
from cupy.xpu import runtime

import timing

CALLS = 400             # calls per timed batch
REPEATS = 5             # batches; the median is reported
# The strict-mode delay that keeps the workers off the interpreter while a
# batch is timed: longer than a batch takes.
_HOLD_US = 20000

# Targets of the issue (host us per call on the simulator).
TARGETS_US = {'a + b': 5.0, 'a[idx]': 15.0, 'm @ m': 10.0, 'where': 12.0}
MAX_TIMES_ADD = 3.0


def _operations():
    h = numpy.arange(-8, 8, dtype=numpy.float32)
    g = numpy.full(16, 0.5, dtype=numpy.float32)
    hm = h.reshape(4, 4)
    hidx = numpy.array([3, 1, 2])
    a, b = cupy.asarray(h), cupy.asarray(g)
    m, idx = a.reshape(4, 4), cupy.asarray(hidx)
    return [
        ('a + b', lambda: a + b, lambda: h + g),
        ('a * 2.0', lambda: a * 2.0, lambda: h * 2.0),
        ('cos(a)', lambda: cupy.cos(a), lambda: numpy.cos(h)),
        ('a.sum()', lambda: a.sum(), lambda: h.sum()),
        ('a.sum(axis=0)', lambda: m.sum(axis=0), lambda: hm.sum(axis=0)),
        ('a.max()', lambda: a.max(), lambda: h.max()),
        ('m @ m', lambda: m @ m, lambda: hm @ hm),
        ('a[2:5]', lambda: a[2:5], lambda: h[2:5]),
        ('a[idx]', lambda: a[idx], lambda: h[hidx]),
        ('a.T.copy()', lambda: m.T.copy(), lambda: hm.T.copy()),
        ('astype(f8)', lambda: a.astype(numpy.float64),
         lambda: h.astype(numpy.float64)),
        ('zeros', lambda: cupy.zeros((16, 16)),
         lambda: numpy.zeros((16, 16))),
        ('asarray', lambda: cupy.asarray(h), lambda: numpy.asarray(h)),
        ('reshape', lambda: a.reshape(4, 4), lambda: h.reshape(4, 4)),
        ('where', lambda: cupy.where(a > 0, a, b),
         lambda: numpy.where(h > 0, h, g)),
    ]


def _counters():
    if not runtime.is_simulator():
        return None
    from cupy_backends.ascend import simulator
    return simulator.counters()


_COUNTED = {
    'vendor': ('api_calls',),
    'phase1': ('phase1_calls',),
    'descriptors': ('tensor_creations', 'scalar_creations',
                    'array_creations'),
    'syncs': ('synchronizations',),
}


def _per_call(c0, c1, n):
    if c0 is None:
        return {k: None for k in _COUNTED}
    return {k: sum(c1.get(f, 0) - c0.get(f, 0) for f in fields) / n
            for k, fields in _COUNTED.items()}


@contextlib.contextmanager
def _workers_held():
    """Stream workers hold their tasks back (simulator only)."""
    if not runtime.is_simulator():
        yield
        return
    from cupy_backends.ascend import simulator
    old = simulator.get_strict_delay_us()
    simulator.set_strict_delay_us(_HOLD_US)
    try:
        yield
    finally:
        simulator.set_strict_delay_us(old)


def _clock(hold):
    # While the workers hold their work back, the process's CPU time is the
    # host's own work (and a busy machine does not inflate it; the VM this
    # runs on is shared); with them running, wall time.
    return time.process_time if hold else time.perf_counter


def _timed(fn, hold=True):
    """Median host seconds per call, and the counts per call of one batch."""
    for _ in range(50):
        fn()
    cupy.xpu.Device().synchronize()
    times, counts = [], None
    for _ in range(REPEATS):
        with (_workers_held() if hold else contextlib.nullcontext()):
            c0 = _counters()
            times.append(timing.per_call(fn, CALLS, _clock(hold)))
            c1 = _counters()
        cupy.xpu.Device().synchronize()     # the held work runs here
        counts = _per_call(c0, c1, CALLS)
    return statistics.median(times), counts


def _pyallocs(fn):
    """The interpreter's allocations per call of ``fn`` (objects and other
    blocks; objects from its free lists are not counted), the timing
    loop's own taken off."""
    from cupy_backends.backend import _pyalloc

    def per_call(f):
        with _workers_held():
            _pyalloc.start()
            for _ in range(CALLS):
                f()
            objs, other = _pyalloc.stop()
        cupy.xpu.Device().synchronize()
        return (objs + other) / CALLS

    fn()
    return max(per_call(fn) - per_call(lambda: None), 0.0)


def _result_allocs():
    """What making a result of ``a + b`` allocates (the array, its memory
    and its operand view): the floor issue 9 sets for ``a + b``."""
    from cupy._core import core
    dt = numpy.dtype(numpy.float32)
    return _pyallocs(lambda: core._empty((16,), dt)._as_view())


def _numpy_time(fn):
    return timing.median_per_call(fn, CALLS, REPEATS, warmup=50,
                                  clock=time.process_time)


def _add_breakdown(row):
    """``a + b`` with the workers running, split into its parts."""
    from cupy._core import _dispatch
    from cupy_backends.backend.provider import Provider, get_provider
    a = cupy.arange(16, dtype=numpy.float32)
    b = cupy.ones(16, dtype=numpy.float32)
    out = cupy.empty(16, numpy.float32)
    provider = get_provider()
    views = (out._as_view(),), (a._as_view(), b._as_view())
    attrs = {'name': 'add', 'loop': 'ff->f'}

    class NoDevice(Provider):
        def run(self, op, outs, ins, attrs, stream):
            return None

        def routes(self, op):
            return provider.routes(op)

    def run_provider():
        provider.run('elementwise', views[0], views[1], attrs, 0)

    def vendor_s():
        # the time inside the simulated vendor calls of a held batch (not
        # the synchronisation after it, which waits for the kernels)
        if _counters() is None:
            return None
        with _workers_held():
            c0 = _counters()
            for _ in range(CALLS):
                run_provider()
            c1 = _counters()
        cupy.xpu.Device().synchronize()
        return (c1['api_ns'] - c0['api_ns']) / 1e9 / CALLS

    t_total, _ = _timed(lambda: a + b, hold=False)
    old = _dispatch._set_provider(NoDevice())
    try:
        t_core, _ = _timed(lambda: a + b, hold=False)
    finally:
        _dispatch._set_provider(old)
    t_prov, _ = _timed(run_provider, hold=False)
    vendor = vendor_s()
    row.update(running_s=t_total, core_s=t_core,
               provider_s=t_prov - (vendor or 0), vendor_s=vendor)


def bench_call():
    rows = []
    for name, fn, ref in _operations():
        t, counts = _timed(fn)
        t_np = _numpy_time(ref)
        got = cupy.asnumpy(fn())
        want = ref()
        ok = bool(got.shape == numpy.shape(want) and
                  numpy.allclose(got, want, rtol=1e-6))
        counts['pyalloc'] = _pyallocs(fn)
        rows.append(dict(op=name, dtype='float32', size=16, device_s=t,
                         numpy_s=t_np, ratio=t / t_np, rate='host/call',
                         correct=ok, counts=counts))
    _add_breakdown(rows[0])
    rows[0]['result_allocs'] = _result_allocs()
    return rows


def table(rows):
    out = ['{:<14} {:>9} {:>9} {:>7} {:>7} {:>7} {:>7} {:>6} {:>7} {:>6}'
           .format('call', 'host', 'numpy', 'ratio', 'vendor', 'phase1',
                   'descr', 'syncs', 'pyalloc', 'check')]
    for r in rows:
        c = r['counts']

        def f(k):
            return '-' if c[k] is None else '{:.1f}'.format(c[k])
        out.append('{:<14} {:>7.2f}us {:>7.2f}us {:>7.1f} {:>7} {:>7} {:>7} '
                   '{:>6} {:>7.1f} {:>6}'.format(
                       r['op'], r['device_s'] * 1e6, r['numpy_s'] * 1e6,
                       r['ratio'], f('vendor'), f('phase1'),
                       f('descriptors'), f('syncs'), c['pyalloc'],
                       'ok' if r['correct'] else 'WRONG'))
    r = rows[0]
    if 'core_s' in r:
        vendor = ('{:.1f} us simulated vendor calls'.format(
            r['vendor_s'] * 1e6) if r['vendor_s'] is not None
            else 'vendor time not measurable on CANN')
        out.append(
            'a + b with the stream workers running: {:.1f} us per call; '
            'parts timed separately: {:.1f} us core, {:.1f} us provider, {} '
            '(the rest: the workers taking the interpreter lock)'.format(
                r['running_s'] * 1e6, r['core_s'] * 1e6,
                r['provider_s'] * 1e6, vendor))
    return '\n'.join(out)


def target_lines(rows):
    by = {r['op']: r for r in rows}
    if 'a + b' not in by:
        return []
    add = by['a + b']['device_s'] * 1e6
    out = []
    for name, limit in TARGETS_US.items():
        t = by[name]['device_s'] * 1e6
        out.append('target {}: {:.2f} us per call (<= {}): {}'.format(
            name, t, limit, 'met' if t <= limit else 'NOT MET'))
    slow = [r['op'] for r in rows
            if r['device_s'] * 1e6 > MAX_TIMES_ADD * add]
    out.append('target no call slower than {}x a + b ({:.2f} us): {}'.format(
        MAX_TIMES_ADD, MAX_TIMES_ADD * add,
        'met' if not slow else 'NOT MET ({})'.format(', '.join(slow))))
    r = by['a + b']
    if 'result_allocs' in r:
        got, floor = r['counts']['pyalloc'], r['result_allocs']
        out.append('target a + b allocates nothing beyond its result: '
                   '{:.1f} Python allocations per call, {:.1f} to make the '
                   'result: {}'.format(got, floor, 'met' if got <= floor + 0.5
                                       else 'NOT MET'))
    counted = [r for r in rows if r['counts']['phase1'] is not None]
    if counted:
        busy = [r['op'] for r in counted if r['counts']['phase1'] or
                r['counts']['descriptors']]
        out.append('target steady state without phase 1 or descriptor '
                   'creation: {}'.format(
                       'met' if not busy else
                       'NOT MET ({})'.format(', '.join(busy))))
    return out
