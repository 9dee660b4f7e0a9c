"""Out-of-core with Dask: a computation over an array larger than the
device's memory pool limit, chunk by chunk, compared with Dask on NumPy.

    python examples/dask_out_of_core.py [--limit-mib 64] [--factor 4]

The pool limit (CUPY_GPU_MEMORY_LIMIT) is set before cupy is imported; the
array is ``factor`` times that limit, so it can never be on the device at
once (the script shows that allocating it raises OutOfMemoryError).  Dask
makes each chunk on the device from its coordinates, reduces it there and
keeps only the small partial results: the peak stays under the limit.
Needs ``pip install "dask[array]"``.
"""

import argparse
import os
import time


def _args():
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument('--limit-mib', type=int, default=64,
                   help='device memory pool limit in MiB (default 64)')
    p.add_argument('--factor', type=int, default=4,
                   help='array size as a multiple of the limit (default 4)')
    p.add_argument('--workers', type=int, default=2,
                   help='threads of the Dask scheduler (default 2)')
    return p.parse_args()


def workload(da, xp, n_rows, n_cols, chunk_rows):
    """Column statistics and a global sum of a float64 array made from its
    coordinates (the same numbers on either backend)."""
    rows = da.arange(n_rows, chunks=chunk_rows, dtype='f8',
                     like=xp.empty(0))[:, None]
    cols = da.arange(n_cols, chunks=n_cols, dtype='f8',
                     like=xp.empty(0))[None, :]
    x = da.sin(rows * 1e-4 + cols) ** 2 + da.cos(rows * 3e-5 - cols) * 0.5
    return da.stack([x.mean(axis=0), x.std(axis=0), x.max(axis=0)]), x.sum()


def run(da, xp, shape, chunk_rows, workers):
    import dask
    stats, total = workload(da, xp, shape[0], shape[1], chunk_rows)
    start = time.perf_counter()
    with dask.config.set(scheduler='threads', num_workers=workers):
        stats, total = dask.compute(stats, total)
    return time.perf_counter() - start, stats, total


def main():
    args = _args()
    limit = args.limit_mib << 20
    os.environ['CUPY_GPU_MEMORY_LIMIT'] = str(limit)
    import numpy
    import dask.array as da
    import cupy

    n_cols = 256
    n_rows = args.factor * limit // (8 * n_cols)
    # chunks of 1/16 of the limit: a few chunks and temporaries in flight
    chunk_rows = max(1, limit // 16 // (8 * n_cols))
    shape = (n_rows, n_cols)
    nbytes = n_rows * n_cols * 8
    pool = cupy.get_default_memory_pool()
    print('pool limit {} MiB; array {} float64 = {} MiB ({}x the limit), '
          'chunks of {} rows'.format(limit >> 20, shape, nbytes >> 20,
                                     args.factor, chunk_rows))
    try:
        cupy.empty(shape)
        print('unexpected: the whole array fitted in the pool')
    except cupy.cuda.memory.OutOfMemoryError:
        print('the whole array does not fit: OutOfMemoryError, as expected')

    t_dev, stats_dev, total_dev = run(da, cupy, shape, chunk_rows,
                                      args.workers)
    t_host, stats_host, total_host = run(da, numpy, shape, chunk_rows,
                                         args.workers)
    ok = (numpy.allclose(cupy.asnumpy(stats_dev), stats_host, rtol=1e-9,
                         atol=1e-12) and
          numpy.isclose(float(total_dev), float(total_host), rtol=1e-9))
    print('dask + cupy : {:8.3f} s   sum = {!r}'.format(t_dev,
                                                        float(total_dev)))
    print('dask + numpy: {:8.3f} s   sum = {!r}'.format(t_host,
                                                        float(total_host)))
    # the pool raises OutOfMemoryError past its limit: finishing proves the
    # chunks never needed more
    print('device result type: {}; the pool holds {:.1f} MiB of its {} MiB '
          'limit'.format(type(stats_dev).__name__, pool.total_bytes() / 2**20,
                         limit >> 20))
    print('results agree: {}'.format(ok))
    return 0 if ok else 1


if __name__ == '__main__':
    raise SystemExit(main())
