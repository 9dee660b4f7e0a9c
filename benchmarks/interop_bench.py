"""The 'interop' job of benchmark.py (issue 20): host cost per call of
NumPy's dispatch protocols on device arrays (``numpy.sum(a)`` through NEP
18, ``numpy.add(a, b)`` through NEP 13) and of a DLPack round trip, against
NumPy's own call on host arrays; and pickling a 1 MiB array (host copy
included) against pickling the NumPy array."""

import pickle

import numpy

import cupy

import timing


def _ops():
    h = numpy.arange(16, dtype=numpy.float32)
    g = numpy.full(16, 0.5, dtype=numpy.float32)
    a, b = cupy.asarray(h), cupy.asarray(g)
    big_h = numpy.arange(1 << 18, dtype=numpy.float32)      # 1 MiB
    big = cupy.asarray(big_h)
    return [
        ('np.sum(a)', 16, lambda: numpy.sum(a), lambda: numpy.sum(h),
         lambda: cupy.asnumpy(numpy.sum(a)), numpy.sum(h)),
        ('cupy.sum(a)', 16, lambda: cupy.sum(a), lambda: numpy.sum(h),
         lambda: cupy.asnumpy(cupy.sum(a)), numpy.sum(h)),
        ('np.add(a,b)', 16, lambda: numpy.add(a, b), lambda: numpy.add(h, g),
         lambda: cupy.asnumpy(numpy.add(a, b)), h + g),
        ('from_dlpack', 16, lambda: cupy.from_dlpack(a),
         lambda: numpy.from_dlpack(h),
         lambda: cupy.asnumpy(cupy.from_dlpack(a)), h),
        ('pickle', 1 << 18, lambda: pickle.loads(pickle.dumps(big)),
         lambda: pickle.loads(pickle.dumps(big_h)),
         lambda: cupy.asnumpy(pickle.loads(pickle.dumps(big))), big_h),
    ]


def bench_interop(batch=200, repeat=5):
    rows = []
    for name, n, dev, host, got, ref in _ops():
        b = batch if n <= 16 else 10
        t_dev = timing.median_per_call(dev, b, repeat)
        t_np = timing.median_per_call(host, b, repeat)
        rows.append(dict(
            op=name, dtype='float32', size=n, device_s=t_dev, numpy_s=t_np,
            ratio=t_dev / t_np, rate='{:.2f} us/call'.format(t_dev * 1e6),
            correct=bool(numpy.array_equal(got(), ref))))
    return rows
