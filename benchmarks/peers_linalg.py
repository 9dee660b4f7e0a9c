"""The CUDA provider's linalg family (cuSOLVER, cuBLAS trsm) against CuPy
and PyTorch on the same GPU (issue 19), each framework in its own process
(peers.py's workers and timers).

Rows: device time per call (CUDA events around a batch, median of
repeats; the call's host work is inside the batch); ratio = the best
peer's time over ours (>= 1: as fast).  Also the job ``peers_linalg`` of
benchmark.py on a CUDA build.

    PYTHONPATH=$PWD python3 benchmarks/peers_linalg.py
"""

import argparse
import json
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import peers  # NOQA: E402

SIZES = (256, 1024)
DTYPES = ('float32', 'float64', 'complex128')


def _inputs(np, n, dtype, seed=0):
    rng = np.random.default_rng(seed)
    a = rng.standard_normal((n, n))
    if dtype.startswith('complex'):
        a = a + 1j * rng.standard_normal((n, n))
    a = a.astype(dtype)
    spd = (a @ np.conj(a.T) + n * np.eye(n)).astype(dtype)
    return a, spd, np.triu(a) + n * np.eye(n, dtype=dtype)


def _ops(mod, lin, to_dev, np, torch=None):
    out = {}
    for dtype in DTYPES:
        for n in SIZES:
            a, spd, tri = (to_dev(x) for x in _inputs(np, n, dtype))
            b = to_dev(_inputs(np, n, dtype, 1)[0][:, :64].copy())
            key = '{} {} {}'.format('{}', dtype, n)
            out[key.format('solve')] = lambda a=a, b=b: lin.solve(a, b)
            out[key.format('inv')] = lambda a=a: lin.inv(a)
            out[key.format('cholesky')] = lambda s=spd: lin.cholesky(s)
            out[key.format('qr')] = lambda a=a: lin.qr(a)
            out[key.format('eigh')] = lambda s=spd: lin.eigh(s)
            out[key.format('slogdet')] = lambda a=a: lin.slogdet(a)
            if torch is None:
                import cupyx.scipy.linalg as sl
                out[key.format('trsm')] = lambda t=tri, b=b: \
                    sl.solve_triangular(t, b)
            else:
                out[key.format('trsm')] = lambda t=tri, b=b: \
                    torch.linalg.solve_triangular(t, b, upper=True)
            if n <= 256:
                out[key.format('svd')] = lambda a=a: lin.svd(a)
    # a batch of small matrices
    for n, count in ((8, 512), (32, 512)):
        rng = np.random.default_rng(2)
        x = rng.standard_normal((count, n, n)).astype('float32')
        spd = x @ np.swapaxes(x, -1, -2) + n * np.eye(n, dtype='float32')
        x, spd = to_dev(x), to_dev(spd)
        rhs = to_dev(rng.standard_normal((count, n, 1)).astype('float32'))
        out['inv batch f32 {}x{}'.format(count, n)] = \
            lambda x=x: lin.inv(x)
        out['cholesky batch f32 {}x{}'.format(count, n)] = \
            lambda s=spd: lin.cholesky(s)
        out['solve batch f32 {}x{}'.format(count, n)] = \
            lambda x=x, r=rhs: lin.solve(x, r)
        out['det batch f32 {}x{}'.format(count, n)] = \
            lambda x=x: lin.det(x)
        out['eigh batch f32 {}x{}'.format(count, n)] = \
            lambda s=spd: lin.eigh(s)
        out['svd batch f32 {}x{}'.format(count, n)] = \
            lambda x=x: lin.svd(x)
    return out


def rows(fw, run, median):
    import numpy as np
    if hasattr(fw, 'xp'):
        xp = fw.xp
        ops = _ops(xp, xp.linalg, xp.asarray, np)
    else:
        t = fw.t
        ops = _ops(t, t.linalg, lambda x: t.as_tensor(x, device='cuda'), np,
                   torch=t)
    out = []
    for name, fn in ops.items():
        batch = 3 if ' 1024' in name else 10
        s = median(run, fn, batch, 3)
        out.append(dict(op=name, dtype='', size=0, time_s=s, rate=None,
                        unit='time'))
    ops.clear()
    fw.free()
    return out


def worker(name):
    fw = peers._framework(name)
    return rows(fw, fw.timer(), peers._median)


def compare():
    results = {f: peers._run_worker(f, __file__)
               for f in ('ours', 'cupy', 'torch')}
    results = {f: r for f, r in results.items() if r is not None}
    ours = results.get('ours') or []
    others = [f for f in results if f != 'ours']
    out = []
    for i, row in enumerate(ours):
        line = dict(op=row['op'], dtype='', size=0, unit='time',
                    ours=row['time_s'])
        times = [results[p][i]['time_s'] for p in others]
        for p, t in zip(others, times):
            line[p] = t
        line['ratio'] = min(times) / row['time_s'] if times else None
        out.append(line)
    return out, others


def bench_peers_linalg():
    """benchmark.py job: the linalg rows side by side (printed)."""
    out, others = compare()
    print(peers.table(out, others))
    return []


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument('--framework', choices=('ours', 'cupy', 'torch'))
    args = parser.parse_args()
    if args.framework:
        print(json.dumps(worker(args.framework)))
        return 0
    out, others = compare()
    print(peers.table(out, others))
    return 0


if __name__ == '__main__':
    sys.exit(main())
