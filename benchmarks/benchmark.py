"""Device vs NumPy benchmarks.

``python benchmarks/benchmark.py JOB [JOB ...] [--json F]``

JOB: ``add``, ``cos``, ``matmul``, ``sum``, ``sort``, ``copy``, ``alloc``,
``call``, ``random``, ``fft``, ``linalg``, ``surface``, ``special``,
``kernel``, ``signal``, ``interop``, ``ndimage``, ``interp``, ``spatial`` or ``all``
(add, cos, matmul, sum, sort, random, fft, linalg, surface, special,
kernel, signal, interop, ndimage, interp, spatial and the per-call host cost of
small operations, with the
vendor work each call causes: see call.py; sort: sorting.py; random:
random_bench.py; fft: fft_bench.py; the decompositions: linalg.py;
surface: issue 14's routines; special: special_bench.py (SciPy's special
functions and cdist); kernel: kernel_bench.py (user kernels); signal:
signal_bench.py; interp: interp_bench.py (RBF and FITPACK splines);
interop: interop_bench.py (NumPy dispatch, DLPack,
pickling); ndimage: ndimage_bench.py; spatial: spatial_bench.py
(KDTree, Delaunay and the scattered-data interpolators); on a CUDA build
``all`` adds ``peers`` (peers.py: side by side with CuPy and PyTorch, each in its own
process), ``userkernel`` (userkernel_peers.py: user kernels against
CuPy's), ``peers_families`` (peers.py: indexing, sorting, random and
FFT against CuPy and PyTorch) and ``peers_linalg`` (peers_linalg.py:
cuSOLVER decompositions against CuPy and PyTorch)).
Each row: the operation, dtype and size, the device time, NumPy's time on
the host for the same work, their ratio (device / NumPy: below 1 is
faster), the achieved rate, and whether the device result matched NumPy's.
Device times are cupy.xpu.Event times of a batch of calls on one stream
(medians of repeats after a warm-up); NumPy times are perf_counter times
of the same batches.  On the CANN simulator the header says so: "device"
then means the simulator's stream workers on host memory.
"""

import argparse
import json
import statistics
import sys
import time

import numpy

import cupy
from cupy.xpu import runtime

import call
import random_bench
import fft_bench
import kernel_bench
import interop_bench
import linalg
import ndimage_bench
import peers
import peers_linalg
import userkernel_peers
import sorting
import special_bench
import timing
import signal_bench
import interp_bench
import spatial_bench


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


def _event_time(fn, batch, repeat):
    """Median device time of one call of fn: Event time of `batch` calls."""
    import cupy
    stream = cupy.xpu.get_current_stream()
    for _ in range(2):
        fn()
    stream.synchronize()
    times = []
    for _ in range(repeat):
        start = stream.record()
        for _ in range(batch):
            fn()
        end = stream.record()
        end.synchronize()
        times.append(cupy.xpu.get_elapsed_time(start, end) / 1e3 / batch)
    return statistics.median(times)


def _host_time(fn, batch, repeat):
    return timing.median_per_call(fn, batch, repeat)


def _batch(nbytes):
    return 100 if nbytes < 1 << 16 else (20 if nbytes < 1 << 22 else 3)


def _check(dev, ref, dtype):
    got = cupy.asnumpy(dev)
    tol = 1e-5 if numpy.dtype(dtype) == numpy.float32 else 1e-12
    return bool(got.shape == ref.shape and got.dtype == ref.dtype and
                numpy.allclose(got, ref, rtol=tol, atol=tol))


def _elementwise_rows(name, func, nin, bytes_per_elem):
    rows = []
    for dtype in (numpy.float32, numpy.float64):
        for log2 in range(10, 25, 2):
            n = 1 << log2
            rs = numpy.random.RandomState(log2)
            hs = [rs.uniform(-3, 3, n).astype(dtype) for _ in range(nin)]
            ds = [cupy.asarray(h) for h in hs]
            hout = numpy.empty(n, dtype)
            dout = cupy.empty(n, dtype)
            nbytes = n * numpy.dtype(dtype).itemsize
            batch = _batch(nbytes)
            t_dev = _event_time(lambda: func(cupy, *ds, out=dout), batch, 5)
            t_np = _host_time(lambda: func(numpy, *hs, out=hout), batch, 5)
            ok = _check(func(cupy, *ds), func(numpy, *hs), dtype)
            rows.append(dict(
                op=name, dtype=numpy.dtype(dtype).name, size=n,
                device_s=t_dev, numpy_s=t_np, ratio=t_dev / t_np,
                rate='{:.2f} GB/s'.format(bytes_per_elem * nbytes / t_dev /
                                           1e9),
                correct=ok))
    return rows


def bench_add():
    """a + b, 2^10 to 2^24 elements, float32 and float64."""
    return _elementwise_rows(
        'add', lambda xp, a, b, out=None: xp.add(a, b, out=out), 2, 3)


def bench_cos():
    """cos(a), 2^10 to 2^24 elements, float32 and float64."""
    return _elementwise_rows(
        'cos', lambda xp, a, out=None: xp.cos(a, out=out), 1, 2)


def bench_sum():
    """a.sum(), 2^10 to 2^24 elements, float32 and float64."""
    rows = []
    for dtype in (numpy.float32, numpy.float64):
        for log2 in range(10, 25, 2):
            n = 1 << log2
            h = numpy.random.RandomState(log2).uniform(0, 1, n).astype(dtype)
            d = cupy.asarray(h)
            nbytes = h.nbytes
            batch = _batch(nbytes)
            t_dev = _event_time(lambda: d.sum(), batch, 5)
            t_np = _host_time(lambda: h.sum(), batch, 5)
            got = float(d.sum())
            ref = float(h.sum())
            tol = 1e-4 if dtype == numpy.float32 else 1e-10
            rows.append(dict(
                op='sum', dtype=numpy.dtype(dtype).name, size=n,
                device_s=t_dev, numpy_s=t_np, ratio=t_dev / t_np,
                rate='{:.2f} GB/s'.format(nbytes / t_dev / 1e9),
                correct=abs(got - ref) <= tol * max(1.0, abs(ref))))
    return rows


def bench_matmul():
    """a @ b, square, 256 to 4096, float32 and float64."""
    rows = []
    for dtype in (numpy.float32, numpy.float64):
        for n in (256, 512, 1024, 2048, 4096):
            rs = numpy.random.RandomState(n)
            ha = rs.uniform(-1, 1, (n, n)).astype(dtype)
            hb = rs.uniform(-1, 1, (n, n)).astype(dtype)
            da, db = cupy.asarray(ha), cupy.asarray(hb)
            dout = cupy.empty((n, n), dtype)
            hout = numpy.empty((n, n), dtype)
            batch = 10 if n <= 512 else 1
            repeat = 5 if n <= 2048 else 3
            t_dev = _event_time(lambda: cupy.matmul(da, db, out=dout),
                                batch, repeat)
            t_np = _host_time(lambda: numpy.matmul(ha, hb, out=hout),
                              batch, repeat)
            got = cupy.asnumpy(cupy.matmul(da, db))
            ref = ha.astype(numpy.float64) @ hb.astype(numpy.float64)
            tol = 1e-4 * n ** 0.5 if dtype == numpy.float32 else 1e-10 * n
            ok = bool(got.dtype == numpy.dtype(dtype) and
                      numpy.max(numpy.abs(got - ref)) <= tol)
            rows.append(dict(
                op='matmul', dtype=numpy.dtype(dtype).name, size=n,
                device_s=t_dev, numpy_s=t_np, ratio=t_dev / t_np,
                rate='{:.1f} GFLOP/s'.format(2 * n ** 3 / t_dev / 1e9),
                correct=ok))
    return rows


def bench_sort():
    """sort, argsort, unique, median: see sorting.py."""
    return sorting.rows(_event_time, _host_time)


def bench_surface():
    """Issue 14 routines on the device against NumPy: interp (256 sample
    points), packbits, unpackbits, scatter_add (numpy.add.at) with
    duplicates; 2^12 to 2^18 elements, float64 (uint8 for the bits)."""
    import cupyx
    rows = []
    rs = numpy.random.RandomState(0)
    hxp = numpy.sort(rs.uniform(0, 1, 256))
    hfp = rs.uniform(-1, 1, 256)
    dxp, dfp = cupy.asarray(hxp), cupy.asarray(hfp)
    for log2 in (12, 15, 18):
        n = 1 << log2
        hx = rs.uniform(-0.1, 1.1, n)
        hbits = rs.randint(0, 2, n).astype(numpy.uint8)
        hidx = rs.randint(0, n // 16, n)
        dx, dbits, didx = cupy.asarray(hx), cupy.asarray(hbits), \
            cupy.asarray(hidx)
        dv = cupy.ones(n)
        hacc, dacc = numpy.zeros(n // 16), cupy.zeros(n // 16)
        cases = [
            ('interp', 'float64', lambda: cupy.interp(dx, dxp, dfp),
             lambda: numpy.interp(hx, hxp, hfp), hx.nbytes),
            ('packbits', 'uint8', lambda: cupy.packbits(dbits),
             lambda: numpy.packbits(hbits), n),
            ('unpackbits', 'uint8',
             lambda: cupy.unpackbits(dbits[:n // 8]),
             lambda: numpy.unpackbits(hbits[:n // 8]), n),
            ('scatter_add', 'float64',
             lambda: cupyx.scatter_add(dacc, didx, dv),
             lambda: numpy.add.at(hacc, hidx, 1.0), 8 * n),
        ]
        for name, dtype, fdev, fnp, nbytes in cases:
            batch = 10 if n < 1 << 16 else 3
            t_dev = _event_time(fdev, batch, 3)
            t_np = _host_time(fnp, batch, 3)
            if name == 'scatter_add':
                dacc[...] = 0
                hacc[...] = 0
                fdev()
                fnp()
                got, ref = dacc, hacc
            else:
                got, ref = fdev(), fnp()
            rows.append(dict(
                op=name, dtype=dtype, size=n, device_s=t_dev, numpy_s=t_np,
                ratio=t_dev / t_np,
                rate='{:.2f} GB/s'.format(nbytes / t_dev / 1e9),
                correct=bool(numpy.allclose(cupy.asnumpy(got), ref))))
    return rows


def bench_call():
    """Host cost per call of small operations: see call.py."""
    return call.bench_call()


def bench_random():
    """uniform and normal draws, 2^10 to 2^24, float32 and float64."""
    return random_bench.bench_random(_event_time, _host_time, _batch)


def bench_fft():
    """FFTs of 2^10 to 2^22 points and 1024x1024: see fft_bench.py."""
    return fft_bench.bench_fft(_event_time, _host_time)


def bench_special():
    """Special functions and cdist against SciPy: see special_bench.py."""
    return special_bench.rows(_event_time, _host_time)


def bench_kernel():
    """User kernels against ufunc expressions: see kernel_bench.py."""
    return kernel_bench.bench_kernel()


def bench_signal():
    """cupyx.scipy.signal against SciPy: see signal_bench.py."""
    return signal_bench.bench_signal(_event_time, _host_time)


def bench_interp():
    """cupyx.scipy.interpolate's RBF and FITPACK splines against SciPy:
    see interp_bench.py."""
    return interp_bench.bench_interp(_event_time, _host_time)


JOBS = {
    'add': bench_add,
    'cos': bench_cos,
    'matmul': bench_matmul,
    'sum': bench_sum,
    'call': bench_call,
    'sort': bench_sort,
    'copy': bench_copy,
    'alloc': bench_alloc,
    'random': bench_random,
    'fft': bench_fft,
    'linalg': linalg.bench_linalg,
    'surface': bench_surface,
    'special': bench_special,
    'kernel': bench_kernel,
    'signal': bench_signal,
    'interp': bench_interp,
    'interop': interop_bench.bench_interop,
    'ndimage': ndimage_bench.bench_ndimage,
    'spatial': spatial_bench.bench_spatial,
    'peers': peers.bench_peers,
    'userkernel': userkernel_peers.bench_userkernel,
    'peers_families': peers.bench_peers_families,
    'peers_linalg': peers_linalg.bench_peers_linalg,
}
ALL = ('add', 'cos', 'matmul', 'sum', 'sort', 'call', 'random', 'fft',
       'linalg', 'surface', 'special', 'kernel', 'signal', 'interop',
       'ndimage', 'interp', 'spatial')
# (job, dtype, size): the device must be within 1.5x of NumPy (issue 5).
TARGETS = (('add', 'float32', 1 << 24), ('cos', 'float32', 1 << 24),
           ('matmul', 'float32', 2048),
           # issue 11
           ('random.uniform', 'float32', 1 << 24),
           ('random.uniform', 'float64', 1 << 24),
           ('random.normal', 'float32', 1 << 24),
           ('random.normal', 'float64', 1 << 24),
           # issue 10
           ('sort', 'float32', 1 << 24), ('sort', 'float64', 1 << 24),
           ('argsort', 'float32', 1 << 24), ('argsort', 'float64', 1 << 24),
           ('unique', 'float32', 1 << 24), ('unique', 'float64', 1 << 24),
           ('median', 'float32', 1 << 24), ('median', 'float64', 1 << 24))


def _header():
    from cupy import _info
    lines = ['# cupy benchmark: device vs NumPy (ratio = device / NumPy)']
    # The capability summary comes after the timings: making it compiles
    # every loop program of every ufunc, whose memory then slows the
    # per-call rows by about 1 us (benchmarks/RESULTS.md, 2026-11-25).
    lines += ['# ' + line for line in _info.config_text(
        capabilities=False).splitlines()]
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


def _target_lines(rows):
    out = []
    for job, dtype, size in TARGETS:
        for r in rows:
            if r['op'] == job and r['dtype'] == dtype and r['size'] == size:
                out.append('target {} {} {}: ratio {:.2f} (<= 1.5): {}'.format(
                    job, dtype, size, r['ratio'],
                    'met' if r['ratio'] <= 1.5 else 'NOT MET'))
    return out


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument('job', nargs='+', choices=sorted(JOBS) + ['all'],
                        help='one or more jobs')
    parser.add_argument('--json', metavar='FILE',
                        help='also write the rows to FILE as JSON')
    args = parser.parse_args(argv)
    every = ALL + (('peers', 'userkernel', 'peers_families', 'peers_linalg')
                   if runtime.backend() == 'cuda' else ())
    jobs = [j for job in args.job for j in (every if job == 'all' else [job])]
    print(_header())
    rows = []
    call_lines = []
    for job in jobs:
        job_rows = JOBS[job]()
        print()
        print(call.table(job_rows) if job == 'call' else _table(job_rows))
        rows += job_rows
        if job == 'call':
            call_lines = call.target_lines(job_rows)
    from cupy import _info
    print()
    print('\n'.join('# ' + line for line in _info.capability_lines()))
    lines = _target_lines(rows) + call_lines
    if lines:
        print()
        print('\n'.join(lines))
    if args.json:
        with open(args.json, 'w') as f:
            json.dump(dict(simulator=runtime.is_simulator(), rows=rows), f,
                      indent=1)
    return 0 if all(r['correct'] for r in rows) else 1


if __name__ == '__main__':
    sys.exit(main())
