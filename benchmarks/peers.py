"""This library against CuPy and PyTorch on the same GPU (issue 19), each
in its own process (the module names clash with CuPy's):

``python benchmarks/peers.py`` runs every framework it finds and prints
the table side by side: device time per call (CUDA events around a batch
of calls, median of repeats), GB/s or TFLOP/s, and the ratio of our
throughput to the best peer's (>= 1 is as fast).  The host rows time
issuing a call on 16 elements (perf_counter over batches of 200 calls
that start synchronised, short enough never to wait for the GPU).
``--host`` runs only those rows, ``--rounds N`` the frameworks N times in
turn; ``--framework ours|cupy|torch`` runs one worker (JSON out).
Also the job ``peers`` of benchmark.py.
"""

import argparse
import json
import os
import statistics
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SIZES = (1 << 24, 1 << 28)
MATMUL = (4096, 8192)
ELEMENTWISE = ('add', 'multiply', 'cos', 'exp', 'sum')
DTYPES = ('float32', 'float64')
MATMUL_DTYPES = ('float16', 'float32', 'float64')


class _Cupy:
    """ours or upstream CuPy: the same API."""

    def __init__(self, xp):
        self.xp = xp

    def make(self, n, dtype, value=1.0):
        return self.xp.full(n, value, dtype=dtype)

    def rand(self, shape, dtype):
        return self.xp.asarray(
            __import__('numpy').random.default_rng(0).standard_normal(
                shape).astype(dtype))

    def ops(self):
        xp = self.xp
        return {'add': lambda a, b: xp.add(a, b),
                'multiply': lambda a, b: xp.multiply(a, b),
                'cos': lambda a, b: xp.cos(a), 'exp': lambda a, b: xp.exp(a),
                'sum': lambda a, b: a.sum(),
                'matmul': lambda a, b: xp.matmul(a, b)}

    def timer(self):
        ev = self.xp.cuda.Event

        def run(fn, batch):
            e0, e1 = ev(), ev()
            e0.record()
            for _ in range(batch):
                fn()
            e1.record()
            e1.synchronize()
            return self.xp.cuda.get_elapsed_time(e0, e1) / 1e3 / batch
        return run

    def sync(self):
        self.xp.cuda.Device().synchronize()

    def free(self):
        self.xp.get_default_memory_pool().free_all_blocks()


class _Torch:

    def __init__(self):
        import torch
        self.t = torch
        torch.backends.cuda.matmul.allow_tf32 = False
        torch.backends.cudnn.allow_tf32 = False

    def _dt(self, dtype):
        return getattr(self.t, dtype)

    def make(self, n, dtype, value=1.0):
        return self.t.full((n,), value, dtype=self._dt(dtype), device='cuda')

    def rand(self, shape, dtype):
        return self.t.randn(shape, dtype=self._dt(dtype), device='cuda')

    def ops(self):
        t = self.t
        return {'add': lambda a, b: t.add(a, b),
                'multiply': lambda a, b: t.mul(a, b),
                'cos': lambda a, b: t.cos(a), 'exp': lambda a, b: t.exp(a),
                'sum': lambda a, b: a.sum(),
                'matmul': lambda a, b: t.matmul(a, b)}

    def timer(self):
        t = self.t

        def run(fn, batch):
            e0 = t.cuda.Event(enable_timing=True)
            e1 = t.cuda.Event(enable_timing=True)
            e0.record()
            for _ in range(batch):
                fn()
            e1.record()
            e1.synchronize()
            return e0.elapsed_time(e1) / 1e3 / batch
        return run

    def sync(self):
        self.t.cuda.synchronize()

    def free(self):
        self.t.cuda.empty_cache()


def _framework(name):
    if name == 'ours':
        sys.path.insert(0, ROOT)
        import cupy
        assert os.path.dirname(os.path.dirname(cupy.__file__)) == ROOT
        return _Cupy(cupy)
    if name == 'cupy':
        while ROOT in sys.path:
            sys.path.remove(ROOT)
        import cupy
        return _Cupy(cupy)
    return _Torch()


def _median(run, fn, batch, repeat=5):
    run(fn, 2)
    return statistics.median(run(fn, batch) for _ in range(repeat))


HOST_BATCH = 200       # calls per timed batch: far below a GPU's launch
HOST_REPEAT = 50       # queue (about 1000 entries), so it never fills


def host_rows(fw, ops):
    """Host time per call on 16 elements: batches of HOST_BATCH calls timed
    with perf_counter between two synchronisations, median of HOST_REPEAT.
    A batch short enough never to wait for the GPU measures the host's
    work alone; long synchronised loops (2000 calls) also measured the
    GPU's rate of tiny kernels, which moves with its clock state (on an
    H200 the same build gave 11.5 us in a fresh process and 7.9 us after
    large matmuls)."""
    a = fw.make(16, 'float32', 0.5)
    b = fw.make(16, 'float32', 0.25)
    rows = []
    for op, fn in (('a + b', lambda: a + b), ('cos(a)', lambda: ops['cos'](
            a, b)), ('a.sum()', lambda: a.sum())):
        for _ in range(HOST_BATCH):
            fn()
        times = []
        for _ in range(HOST_REPEAT):
            fw.sync()
            t0 = time.perf_counter()
            for _ in range(HOST_BATCH):
                fn()
            times.append((time.perf_counter() - t0) / HOST_BATCH)
        fw.sync()
        rows.append(dict(op=op, dtype='float32', size=16,
                         time_s=statistics.median(times), rate=None,
                         unit='host'))
    return rows


def worker(name, families=False, host=False):
    fw = _framework(name)
    run = fw.timer()
    if host:
        return host_rows(fw, fw.ops())
    if families:
        import peers_families
        return peers_families.rows(fw, run, _median)
    ops = fw.ops()
    rows = []
    for dtype in DTYPES:
        for n in SIZES:
            a = fw.make(n, dtype, 0.5)
            b = fw.make(n, dtype, 0.25)
            item = 4 if dtype == 'float32' else 8
            for op in ELEMENTWISE:
                nbytes = n * item * {'add': 3, 'multiply': 3, 'sum': 1}.get(
                    op, 2)
                f = ops[op]
                s = _median(run, lambda: f(a, b), 20 if n < 1 << 26 else 5)
                rows.append(dict(op=op, dtype=dtype, size=n, time_s=s,
                                 rate=nbytes / s / 1e9, unit='GB/s'))
            del a, b
            fw.free()
    for dtype in MATMUL_DTYPES:
        for n in MATMUL:
            a = fw.rand((n, n), dtype)
            b = fw.rand((n, n), dtype)
            f = ops['matmul']
            s = _median(run, lambda: f(a, b), 3 if n > 4096 else 10, 3)
            rows.append(dict(op='matmul', dtype=dtype, size=n, time_s=s,
                             rate=2 * n ** 3 / s / 1e12, unit='TFLOP/s'))
            del a, b
            fw.free()
    rows += host_rows(fw, ops)
    return rows


def _run_worker(name, script=__file__, families=False, host=False,
                cpu=None):
    # `script`: a worker script taking --framework (userkernel_peers.py too)
    cmd = [sys.executable, os.path.abspath(script), '--framework', name]
    if families:
        cmd.append('--families')
    if host:
        cmd.append('--host')
    if cpu is not None:
        cmd += ['--cpu', str(cpu)]
    # a peer must not see this checkout's `cupy`: run it from /tmp
    env = dict(os.environ)
    if name != 'ours':
        env['PYTHONPATH'] = os.pathsep.join(
            p for p in env.get('PYTHONPATH', '').split(os.pathsep)
            if p and os.path.abspath(p) != ROOT)
    res = subprocess.run(cmd, capture_output=True, text=True, env=env,
                         cwd='/tmp' if name != 'ours' else ROOT)
    if res.returncode != 0:
        sys.stderr.write('peer {} failed:\n{}\n'.format(name,
                                                        res.stderr[-2000:]))
        return None
    return json.loads(res.stdout.strip().splitlines()[-1])


def compare(frameworks=('ours', 'cupy', 'torch'), families=False,
            host=False, cpu=None):
    results = {f: _run_worker(f, families=families, host=host, cpu=cpu)
               for f in frameworks}
    results = {f: r for f, r in results.items() if r is not None}
    ours = results.get('ours') or []
    peers = [f for f in results if f != 'ours']
    out = []
    for i, row in enumerate(ours):
        line = dict(op=row['op'], dtype=row['dtype'], size=row['size'],
                    unit=row['unit'], ours=row['time_s'])
        best = None
        for p in peers:
            t = results[p][i]['time_s']
            line[p] = t
            best = t if best is None else min(best, t)
        # ratio of throughput: best peer time / our time (>= 1: as fast)
        line['ratio'] = best / row['time_s'] if best else None
        out.append(line)
    return out, peers


def table(rows, peers):
    head = '{:<9} {:>7} {:>10} {:>12}'.format('op', 'dtype', 'size', 'ours')
    for p in peers:
        head += ' {:>12}'.format(p)
    head += ' {:>8}  {}'.format('ratio', 'rates (ours / peers)')
    out = [head]
    for r in rows:
        line = '{:<9} {:>7} {:>10} {:>10.1f}us'.format(
            r['op'], r['dtype'], r['size'], r['ours'] * 1e6)
        for p in peers:
            line += ' {:>10.1f}us'.format(r[p] * 1e6)
        line += ' {:>8}'.format('{:.2f}'.format(r['ratio'])
                                if r['ratio'] else '-')
        if r['unit'] not in ('host', 'time'):
            if r['unit'] == 'GB/s':
                n = r['size'] * (4 if r['dtype'] == 'float32' else 8) * {
                    'add': 3, 'multiply': 3, 'sum': 1}.get(r['op'], 2)
                rate = lambda t: n / t / 1e9
            else:
                rate = lambda t: 2 * r['size'] ** 3 / t / 1e12
            line += '  ' + ' / '.join('{:.0f}'.format(rate(r[k])) if r[
                'unit'] == 'GB/s' else '{:.1f}'.format(rate(r[k]))
                for k in ['ours'] + peers) + ' ' + r['unit']
        out.append(line)
    return '\n'.join(out)


def bench_peers():
    """benchmark.py job: the side-by-side table (printed), no rows for the
    NumPy table."""
    rows, peers = compare()
    print(table(rows, peers))
    return []


def bench_peers_families():
    """benchmark.py job: the CUDA provider's indexing, sorting, random
    and FFT families side by side (peers_families.py)."""
    rows, peers = compare(families=True)
    print(table(rows, peers))
    return []


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument('--framework', choices=('ours', 'cupy', 'torch'))
    parser.add_argument('--families', action='store_true',
                        help='the indexing/sorting/random/FFT rows')
    parser.add_argument('--host', action='store_true',
                        help='only the host time per call rows')
    parser.add_argument('--rounds', type=int, default=1,
                        help='run the frameworks this many times in turn')
    parser.add_argument('--cpu', type=int,
                        help='pin every worker to this CPU (the host rows '
                        'depend on the core a process lands on)')
    args = parser.parse_args()
    if args.framework:
        if args.cpu is not None:
            os.sched_setaffinity(0, {args.cpu})
        print(json.dumps(worker(args.framework, args.families, args.host)))
        return 0
    for _ in range(args.rounds):
        rows, peers = compare(families=args.families, host=args.host,
                              cpu=args.cpu)
        print(table(rows, peers), flush=True)
    return 0


if __name__ == '__main__':
    sys.exit(main())
