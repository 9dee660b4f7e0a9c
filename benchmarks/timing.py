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
