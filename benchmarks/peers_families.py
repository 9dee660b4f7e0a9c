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
    }


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
