"""Device vs NumPy benchmarks: ``python benchmarks/benchmark.py JOB [--json F]``.

JOB is one of the registered jobs or ``all``.  Each row: the operation, its
size, the device time, NumPy's time on the host for the same work, their
ratio (device / NumPy: below 1 is faster), the achieved rate, and whether
the device result matched NumPy's.  Times are medians of repeats after a
warm-up, synchronised.  On the CANN simulator the header says so: "device"
then means the simulator's worker threads on host memory.

Jobs registered now: ``copy`` (host<->device transfers) and ``alloc`` (the
memory pool).  ``add``, ``cos`` and ``matmul`` need the array type and
arrive with it (TODO.md).
"""

import argparse
import json
import statistics
import sys
import time

import numpy

import cupy
from cupy.xpu import runtime


def _median_time(fn, repeat, warmup=2):
    for _ in range(warmup):
        fn()
    times = []
    for _ in range(repeat):
        t0 = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t0)
    return statistics.median(times)


def _repeats(nbytes):
    return 25 if nbytes <= 1 << 20 else 7


def bench_copy():
    """Host->device and device->host copies of float32 arrays, 2^10 to
    2^24 elements, against NumPy copying the same bytes host to host."""
    rows = []
    pool = cupy.get_default_memory_pool()
    for log2 in range(10, 25, 2):
        n = 1 << log2
        host = numpy.random.RandomState(log2).random_sample(n).astype(
            numpy.float32)
        back = numpy.empty_like(host)
        dst = numpy.empty_like(host)
        nbytes = host.nbytes
        mem = pool.malloc(nbytes)
        reps = _repeats(nbytes)
        t_np = _median_time(lambda: numpy.copyto(dst, host), reps)
        t_h2d = _median_time(lambda: mem.copy_from_host(host, nbytes), reps)
        t_d2h = _median_time(lambda: mem.copy_to_host(back, nbytes), reps)
        ok = bool(numpy.array_equal(back, host))
        for name, t in (('h2d', t_h2d), ('d2h', t_d2h)):
            rows.append(dict(op='copy ' + name, dtype='float32', size=n,
                             device_s=t, numpy_s=t_np, ratio=t / t_np,
                             rate='{:.2f} GB/s'.format(nbytes / t / 1e9),
                             correct=ok))
        del mem
    return rows


def bench_alloc():
    """Pool malloc+free of one block against numpy.empty of the same
    size, and the raw device allocator without the pool."""
    rows = []
    pool = cupy.get_default_memory_pool()
    for nbytes in (512, 1 << 16, 1 << 24):
        reps = 2000

        def pooled():
            for _ in range(reps):
                pool.malloc(nbytes)

        def raw():
            for _ in range(reps):
                runtime.free(runtime.malloc(nbytes))

        def host():
            for _ in range(reps):
                numpy.empty(nbytes, numpy.uint8)

        t_np = _median_time(host, 5) / reps
        for name, fn in (('pool', pooled), ('raw', raw)):
            t = _median_time(fn, 5) / reps
            rows.append(dict(op='alloc ' + name, dtype='uint8', size=nbytes,
                             device_s=t, numpy_s=t_np, ratio=t / t_np,
                             rate='{:.2f} us/call'.format(t * 1e6),
                             correct=True))
    return rows


JOBS = {
    'copy': bench_copy,
    'alloc': bench_alloc,
}
PENDING = ('add', 'cos', 'matmul')


def _header():
    from cupy import _info
    lines = ['# cupy benchmark: device vs NumPy (ratio = device / NumPy)']
    lines += ['# ' + line for line in _info.config_text().splitlines()]
    if runtime.is_simulator():
        lines.append('# NOTE: running on the CANN simulator (host memory, '
                     'NumPy kernels), not on an NPU')
    return '\n'.join(lines)


def _table(rows):
    out = ['{:<12} {:>7} {:>10} {:>12} {:>12} {:>8} {:>16} {:>7}'.format(
        'op', 'dtype', 'size', 'device', 'numpy', 'ratio', 'rate', 'check')]
    for r in rows:
        out.append(
            '{:<12} {:>7} {:>10} {:>10.1f}us {:>10.1f}us {:>8.2f} {:>16} '
            '{:>7}'.format(r['op'], r['dtype'], r['size'],
                           r['device_s'] * 1e6, r['numpy_s'] * 1e6,
                           r['ratio'], r['rate'],
                           'ok' if r['correct'] else 'WRONG'))
    return '\n'.join(out)


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument('job', choices=sorted(JOBS) + list(PENDING) + ['all'])
    parser.add_argument('--json', metavar='FILE',
                        help='also write the rows to FILE as JSON')
    args = parser.parse_args(argv)
    if args.job in PENDING:
        sys.stderr.write(
            'benchmark {!r} needs the array type, which is not implemented '
            'yet (see TODO.md); available: {}\n'.format(
                args.job, ', '.join(sorted(JOBS) + ['all'])))
        return 2
    jobs = sorted(JOBS) if args.job == 'all' else [args.job]
    print(_header())
    rows = []
    for job in jobs:
        job_rows = JOBS[job]()
        print()
        print(_table(job_rows))
        rows += job_rows
    if args.json:
        with open(args.json, 'w') as f:
            json.dump(dict(simulator=runtime.is_simulator(), rows=rows), f,
                      indent=1)
    return 0 if all(r['correct'] for r in rows) else 1


if __name__ == '__main__':
    sys.exit(main())
