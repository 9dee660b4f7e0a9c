"""User kernels on the CUDA backend against upstream CuPy (issue 19), each
in its own process (the module names clash): CuPy's documentation
examples, an ElementwiseKernel (squared difference) and a ReductionKernel
(L2 norm), run unchanged by both.

``python benchmarks/userkernel_peers.py`` prints device time per call
(CUDA events around a batch, median of 5), GB/s and ours / CuPy's
throughput (>= 1: as fast).  ``--framework ours|cupy`` runs one worker
(JSON out).  Also the job ``userkernel`` of benchmark.py (CUDA builds).
"""

import argparse
import json
import os
import statistics
import sys

import peers

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

_SQDIFF = ('float32 x, float32 y', 'float32 z', 'z = (x - y) * (x - y)',
           'squared_diff')
_L2 = ('T x', 'T y', 'x * x', 'a + b', 'y = sqrt(a)', '0', 'l2norm')

# (case, shape, axis, bytes moved per element read)
CASES = (
    ('sqdiff', (1 << 24,), None), ('sqdiff', (1 << 26,), None),
    ('sqdiff.bcast', (4096, 4096), None),
    ('l2norm', (1 << 24,), None), ('l2norm', (1 << 26,), None),
    ('l2norm.axis1', (4096, 4096), 1), ('l2norm.axis0', (4096, 4096), 0),
)


def _import(name):
    if name == 'ours':
        sys.path.insert(0, ROOT)
        import cupy
        assert os.path.dirname(os.path.dirname(cupy.__file__)) == ROOT
        return cupy
    while ROOT in sys.path:
        sys.path.remove(ROOT)
    import cupy
    return cupy


def worker(name):
    import numpy
    cp = _import(name)
    sq = cp.ElementwiseKernel(*_SQDIFF)
    l2 = cp.ReductionKernel(*_L2)

    def timed(fn, batch):
        e0, e1 = cp.cuda.Event(), cp.cuda.Event()
        fn()
        e0.record()
        for _ in range(batch):
            fn()
        e1.record()
        e1.synchronize()
        return cp.cuda.get_elapsed_time(e0, e1) / 1e3 / batch

    rows = []
    rng = numpy.random.default_rng(0)
    for case, shape, axis in CASES:
        x = cp.asarray(rng.standard_normal(shape, numpy.float32))
        n = x.size
        if case.startswith('sqdiff'):
            if case.endswith('bcast'):
                y = cp.asarray(rng.standard_normal(shape[-1:],
                                                   numpy.float32))
                nbytes = 2 * n * 4 + y.size * 4
            else:
                y = cp.asarray(rng.standard_normal(shape, numpy.float32))
                nbytes = 3 * n * 4
            fn = (lambda x=x, y=y: sq(x, y))
            check = float(abs(fn() - (x - y) ** 2).max()) < 1e-5
        else:
            nbytes = n * 4
            fn = (lambda x=x, axis=axis: l2(x, axis=axis))
            want = cp.sqrt((x.astype(cp.float64) ** 2).sum(axis=axis))
            check = bool(cp.allclose(fn(), want, rtol=1e-4))
        s = statistics.median(timed(fn, 20) for _ in range(5))
        rows.append(dict(op=case, shape=list(shape), time_s=s,
                         rate=nbytes / s / 1e9, correct=check))
        del x
        cp.get_default_memory_pool().free_all_blocks()
    return rows


def _run_worker(name):
    return peers._run_worker(name, __file__)


def compare():
    ours, cupy = _run_worker('ours'), _run_worker('cupy')
    lines = ['{:<14} {:>12} {:>11} {:>11} {:>7} {:>17} {}'.format(
        'kernel', 'shape', 'ours', 'cupy', 'ratio', 'GB/s ours/cupy',
        'check')]
    rows = []
    for k, r in enumerate(ours or []):
        c = cupy[k] if cupy else None
        ratio = c['time_s'] / r['time_s'] if c else float('nan')
        lines.append('{:<14} {:>12} {:>9.1f}us {:>9.1f}us {:>7.2f} '
                     '{:>8.0f}/{:<8.0f} {}'.format(
                         r['op'], 'x'.join(map(str, r['shape'])),
                         r['time_s'] * 1e6,
                         c['time_s'] * 1e6 if c else float('nan'), ratio,
                         r['rate'], c['rate'] if c else float('nan'),
                         'ok' if r['correct'] else 'WRONG'))
        rows.append(dict(r, cupy_s=c['time_s'] if c else None, ratio=ratio))
    return '\n'.join(lines), rows


def bench_userkernel():
    """Rows for benchmark.py (device = ours, numpy column = CuPy)."""
    text, rows = compare()
    return [dict(op='uk.' + r['op'], dtype='float32',
                 size='x'.join(map(str, r['shape'])), device_s=r['time_s'],
                 numpy_s=r['cupy_s'] or float('nan'),
                 ratio=r['time_s'] / r['cupy_s'] if r['cupy_s'] else 0.0,
                 rate='{:.0f} GB/s'.format(r['rate']),
                 correct=r['correct']) for r in rows]


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument('--framework', choices=('ours', 'cupy'))
    args = parser.parse_args()
    if args.framework:
        print(json.dumps(worker(args.framework)))
        return 0
    text, rows = compare()
    print(text)
    return 0 if rows and all(r['correct'] for r in rows) else 1


if __name__ == '__main__':
    sys.exit(main())
