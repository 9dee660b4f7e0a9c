"""The CUDA provider's indexing, sorting, random and FFT families against
CuPy and PyTorch on the same GPU (issue 19), each framework in its own
process (peers.py's workers, with ``--families``).

Rows: device time per call (CUDA events around a batch, median of
repeats); the ratio is the best peer's time over ours (>= 1: as fast).
Also the job ``peers_families`` of benchmark.py on a CUDA build.
"""

N = 1 << 24
ROWS_SHAPE = (1 << 14, 1024)
FFT_SHAPE = (1 << 10, 1 << 14)
# the radix sort's targets (issue 19): 1-D sizes and dtypes, and a batch
# of long rows
SORT_SIZES = (1 << 20, 1 << 24, 1 << 26)
SORT_DTYPES = ('float32', 'float64', 'int64')
SORT_ROWS = (64, 1 << 16)


def _sort_inputs(np):
    rng = np.random.default_rng(1)
    out = {}
    for n in SORT_SIZES:
        for dt in SORT_DTYPES:
            if dt == 'int64':
                x = rng.integers(-2 ** 62, 2 ** 62, n)
            else:
                x = rng.standard_normal(n).astype(dt)
            out['{} 2^{}'.format(dt[0] + dt[-2:], n.bit_length() - 1)] = x
    return out


def _cupy_ops(xp, np):
    import cupyx
    rng = np.random.default_rng(0)
    a = xp.asarray(rng.standard_normal(N).astype(np.float32))
    rows = xp.asarray(rng.standard_normal(ROWS_SHAPE).astype(np.float32))
    idx = xp.asarray(rng.integers(0, N, N))
    acc = xp.zeros(N, np.float32)
    c = xp.asarray((rng.standard_normal(FFT_SHAPE) + 1j).astype(
        np.complex64))
    c128 = c.astype(np.complex128)
    long_rows = xp.asarray(rng.standard_normal(SORT_ROWS).astype(np.float32))
    return {
        'take f32': lambda: a[idx],
        'scatter_add f32': lambda: cupyx.scatter_add(acc, idx, a),
        'nonzero f32': lambda: xp.nonzero(a > 0),
        'sort f32 2^24': lambda: xp.sort(a),
        'sort f32 rows': lambda: xp.sort(rows, axis=-1),
        'argsort f32 2^24': lambda: xp.argsort(a),
        'fft c64 rows': lambda: xp.fft.fft(c),
        'fft c128 rows': lambda: xp.fft.fft(c128),
        'rfft f32 2^24': lambda: xp.fft.rfft(a),
        'uniform f32 2^24': lambda: xp.random.random(N, dtype=np.float32),
        'normal f64 2^24': lambda: xp.random.standard_normal(N),
        **_sort_ops(lambda x: xp.asarray(x), xp.sort, xp.argsort, np),
        'sort f32 rows 64x2^16': lambda: xp.sort(long_rows, axis=-1),
    }


def _sort_ops(put, sort, argsort, np):
    ops = {}
    for name, x in _sort_inputs(np).items():
        d = put(x)
        ops['sort ' + name] = (lambda d=d: sort(d))
        ops['argsort ' + name] = (lambda d=d: argsort(d))
    return ops


def _torch_ops(t, np):
    rng = np.random.default_rng(0)
    a = t.as_tensor(rng.standard_normal(N).astype(np.float32), device='cuda')
    rows = t.as_tensor(rng.standard_normal(ROWS_SHAPE).astype(np.float32),
                       device='cuda')
    idx = t.as_tensor(rng.integers(0, N, N), device='cuda')
    acc = t.zeros(N, dtype=t.float32, device='cuda')
    c = t.as_tensor((rng.standard_normal(FFT_SHAPE) + 1j).astype(
        np.complex64), device='cuda')
    c128 = c.to(t.complex128)
    long_rows = t.as_tensor(rng.standard_normal(SORT_ROWS).astype(np.float32),
                            device='cuda')
    return {
        'take f32': lambda: a[idx],
        'scatter_add f32': lambda: acc.index_add_(0, idx, a),
        'nonzero f32': lambda: t.nonzero(a > 0),
        'sort f32 2^24': lambda: t.sort(a),
        'sort f32 rows': lambda: t.sort(rows, dim=-1),
        'argsort f32 2^24': lambda: t.argsort(a),
        'fft c64 rows': lambda: t.fft.fft(c),
        'fft c128 rows': lambda: t.fft.fft(c128),
        'rfft f32 2^24': lambda: t.fft.rfft(a),
        'uniform f32 2^24': lambda: t.rand(N, device='cuda'),
        'normal f64 2^24': lambda: t.randn(N, dtype=t.float64,
                                           device='cuda'),
        **_sort_ops(lambda x: t.as_tensor(x, device='cuda'), t.sort,
                    t.argsort, np),
        'sort f32 rows 64x2^16': lambda: t.sort(long_rows, dim=-1),
    }


def rows(fw, run, median):
    """Timed rows of one framework (peers.py's worker objects)."""
    import numpy as np
    if hasattr(fw, 'xp'):
        ops = _cupy_ops(fw.xp, np)
    else:
        ops = _torch_ops(fw.t, np)
    out = []
    for name, fn in ops.items():
        s = median(run, fn, 5, 5)
        out.append(dict(op=name, dtype='', size=0, time_s=s, rate=None,
                        unit='time'))
    ops.clear()
    fw.free()
    return out
