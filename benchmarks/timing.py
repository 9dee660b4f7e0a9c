"""Host timing shared by the benchmark jobs."""

import statistics
import time


def per_call(fn, n):
    """Seconds per call of ``n`` back-to-back calls of ``fn``."""
    t0 = time.perf_counter()
    for _ in range(n):
        fn()
    return (time.perf_counter() - t0) / n


def median_per_call(fn, batch, repeat, warmup=1):
    """The median over ``repeat`` batches of ``per_call(fn, batch)``, after
    ``warmup`` calls."""
    for _ in range(warmup):
        fn()
    return statistics.median(per_call(fn, batch) for _ in range(repeat))
