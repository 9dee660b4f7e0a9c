"""The FFT job of benchmark.py: c2c complex64/complex128 and r2c
float32/float64 of 2^10 to 2^22 points, and 2-D 1024x1024 of each,
against NumPy's pocketfft in the same run (ratio = device / NumPy).
complex64/float32 run on AsdSip (the simulator's NumPy kernel there);
complex128/float64 on the core's compositions (dense stages, Stockham,
Bluestein)."""

import numpy

import cupy

_CASES = (('fft', numpy.complex64), ('fft', numpy.complex128),
          ('rfft', numpy.float32), ('rfft', numpy.float64))


def _data(shape, dtype, seed):
    rs = numpy.random.RandomState(seed)
    h = rs.uniform(-1, 1, shape)
    if numpy.dtype(dtype).kind == 'c':
        h = h + 1j * rs.uniform(-1, 1, shape)
    return h.astype(dtype)


def _row(name, dtype, shape, event_time, host_time):
    h = _data(shape, dtype, len(shape))
    d = cupy.asarray(h)
    fn2 = name + ('2' if len(shape) == 2 else '')
    dev_fn = getattr(cupy.fft, fn2)
    np_fn = getattr(numpy.fft, fn2)
    n = int(numpy.prod(shape))
    batch, repeat = (20, 5) if n <= 1 << 16 else (1, 3)
    t_dev = event_time(lambda: dev_fn(d), batch, repeat)
    t_np = host_time(lambda: np_fn(h), batch, repeat)
    got = cupy.asnumpy(dev_fn(d))
    ref = np_fn(h.astype(numpy.result_type(dtype, numpy.float64)))
    tol = (1e-4 if numpy.dtype(dtype).char in 'fF' else 1e-12) * \
        numpy.abs(ref).max()
    ok = bool(got.dtype == np_fn(h).dtype and
              numpy.abs(got - ref).max() <= tol)
    # 5 n log2(n) flops per complex transform (the usual FFT count)
    flops = 5 * n * numpy.log2(n) / (2 if name == 'rfft' else 1)
    return dict(op=fn2, dtype=numpy.dtype(dtype).name,
                size='x'.join(map(str, shape)) if len(shape) > 1 else n,
                device_s=t_dev, numpy_s=t_np, ratio=t_dev / t_np,
                rate='{:.2f} GFLOP/s'.format(flops / t_dev / 1e9),
                correct=ok)


def bench_fft(event_time, host_time):
    rows = []
    for name, dtype in _CASES:
        for log2 in range(10, 23, 2):
            rows.append(_row(name, dtype, (1 << log2,), event_time,
                             host_time))
        rows.append(_row(name, dtype, (1024, 1024), event_time, host_time))
    return rows
