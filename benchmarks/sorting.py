"""The 'sort' job of benchmark.py: sort, argsort, unique and median of
float32 and float64 vectors, 2^10 to 2^24 elements, against NumPy in the
same run (NumPy's default kinds; the device sorts are stable)."""

import numpy

import cupy


def _ops():
    return (
        ('sort', lambda xp, a: xp.sort(a), True),
        ('argsort', lambda xp, a: xp.argsort(a), False),
        ('unique', lambda xp, a: xp.unique(a), True),
        ('median', lambda xp, a: xp.median(a), True),
    )


def _data(n, dtype, seed):
    # values with ties (unique has work to do) and a few NaNs
    rs = numpy.random.RandomState(seed)
    h = numpy.round(rs.uniform(-1, 1, n) * (n // 4 + 1)).astype(dtype)
    h[::1001] = numpy.nan
    return h


def _correct(name, got, ref, h):
    if name == 'argsort':
        # ties may be ordered differently: compare the sorted values
        return bool(numpy.array_equal(h[got], h[ref], equal_nan=True))
    got = numpy.asarray(got)
    return bool(got.shape == numpy.shape(ref) and
                numpy.allclose(got, ref, equal_nan=True))


def rows(event_time, host_time, sizes=range(10, 25, 2)):
    out = []
    for dtype in (numpy.float32, numpy.float64):
        for log2 in sizes:
            n = 1 << log2
            h = _data(n, dtype, log2)
            d = cupy.asarray(h)
            batch = 20 if log2 <= 14 else (3 if log2 <= 20 else 1)
            repeat = 5 if log2 <= 20 else 3
            for name, fn, _ in _ops():
                t_dev = event_time(lambda: fn(cupy, d), batch, repeat)
                t_np = host_time(lambda: fn(numpy, h), batch, repeat)
                ok = _correct(name, cupy.asnumpy(fn(cupy, d)), fn(numpy, h),
                              h)
                out.append(dict(
                    op=name, dtype=numpy.dtype(dtype).name, size=n,
                    device_s=t_dev, numpy_s=t_np, ratio=t_dev / t_np,
                    rate='{:.1f} Melem/s'.format(n / t_dev / 1e6),
                    correct=ok))
    return out
