"""Host timing shared by the benchmark jobs."""

import statistics
import time


def per_call(fn, n, clock=time.perf_counter):
    """Seconds per call of ``n`` back-to-back calls of ``fn`` (``clock``:
    wall time by default; ``time.process_time`` counts only the CPU time
    of this process, which other processes on a busy machine do not
    inflate)."""
    t0 = clock()
    for _ in range(n):
        fn()
    return (clock() - t0) / n


def median_per_call(fn, batch, repeat, warmup=1, clock=time.perf_counter):
    """The median over ``repeat`` batches of ``per_call(fn, batch)``, after
    ``warmup`` calls."""
    for _ in range(warmup):
        fn()
    return statistics.median(per_call(fn, batch, clock)
                             for _ in range(repeat))


def interleaved(fns, batch, rounds, stream=None, warmup=2):
    """Per-call times of several functions measured in turns, for
    comparing them on a shared machine: in each of ``rounds`` rounds every
    function runs one batch of ``batch`` calls, the order rotated each
    round, so a burst of load from other processes falls on all of them
    alike.  ``fns``: {name: (fn, on_device)}.  Returns {name: (times,
    cpu)}: ``times`` the per-call time of each batch (``on_device``: the
    stream's Event time from before the first call to after the last;
    otherwise wall time), ``cpu`` the calling thread's CPU time per call
    (``time.thread_time``: the host work of the call itself, which other
    processes and the simulator's worker threads do not inflate).  The
    caller takes a low order statistic of each (``low``)."""
    import cupy
    names = list(fns)
    res = {name: ([], []) for name in names}
    for name in names:
        for _ in range(warmup):
            fns[name][0]()
    if stream is not None:
        stream.synchronize()
    for k in range(rounds):
        for j in range(len(names)):
            name = names[(j + k) % len(names)]
            fn, on_device = fns[name]
            if on_device:
                start = stream.record()
            w0 = time.perf_counter()
            c0 = time.thread_time()
            for _ in range(batch):
                fn()
            cpu = time.thread_time() - c0
            if on_device:
                end = stream.record()
                end.synchronize()
                t = cupy.xpu.get_elapsed_time(start, end) / 1e3
            else:
                t = time.perf_counter() - w0
            res[name][0].append(t / batch)
            res[name][1].append(cpu / batch)
    return res


def low(values, q=0.2):
    """The ``q`` quantile (nearest rank) of ``values``: a low order
    statistic, which load from other processes only raises (the minimum
    for q=0)."""
    v = sorted(values)
    return v[min(len(v) - 1, int(q * len(v)))]


def paired_ratio(a, b):
    """The median of the round-by-round ratios a[k] / b[k] of two
    functions timed in turns (``interleaved``): each pair ran minutes
    apart at most, so load that drifts over the run cancels in it."""
    return statistics.median(x / y for x, y in zip(a, b))
