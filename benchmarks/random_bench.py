"""The ``random`` job of benchmark.py: uniform and normal draws, float32
and float64, 2^10 to 2^24 numbers, against NumPy's Generator (PCG64) in
the same run.  The check column: the sample's mean and standard
deviation within 6 standard errors of the distribution's."""

import numpy

import cupy


def _ok(x, mean, std):
    h = cupy.asnumpy(x).astype(numpy.float64)
    n = h.size
    se = std / numpy.sqrt(n)
    return bool(abs(h.mean() - mean) < 6 * se and
                abs(h.std() - std) < 6 * std * numpy.sqrt(2.0 / n) + 1e-6)


def bench_random(event_time, host_time, batch_of):
    rows = []
    dev = cupy.random.default_rng(0)
    ref = numpy.random.default_rng(0)
    cases = (
        ('uniform', lambda g, n, dt: g.random(n, dtype=dt), 0.5,
         numpy.sqrt(1 / 12.0)),
        ('normal', lambda g, n, dt: g.standard_normal(n, dtype=dt), 0.0,
         1.0),
    )
    for name, draw, mean, std in cases:
        for dtype in (numpy.float32, numpy.float64):
            for log2 in range(10, 25, 2):
                n = 1 << log2
                nbytes = n * numpy.dtype(dtype).itemsize
                batch = batch_of(nbytes)
                t_dev = event_time(lambda: draw(dev, n, dtype), batch, 5)
                t_np = host_time(lambda: draw(ref, n, dtype), batch, 5)
                rows.append(dict(
                    op='random.' + name, dtype=numpy.dtype(dtype).name,
                    size=n, device_s=t_dev, numpy_s=t_np,
                    ratio=t_dev / t_np,
                    rate='{:.2f} Gnum/s'.format(n / t_dev / 1e9),
                    correct=_ok(draw(dev, n, dtype), mean, std)))
    return rows
