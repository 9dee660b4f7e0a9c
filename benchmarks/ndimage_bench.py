"""The 'ndimage' job of benchmark.py (issue 17): gaussian_filter (sigma 2)
and median_filter (size 3) of a 2048x2048 float32 image, zoom by 2
(order 3) of it, label and binary_fill_holes of a random binary 2048x2048
image, and distance_transform_edt of one with 2% background, against
scipy.ndimage on the host in the same run.

Each case is timed once, wall clock, after one warm-up call of the same
function on the same full-size input (the large cases take seconds on the
simulator; repeating them would take the job past two minutes), so the
memory pool already holds blocks of the sizes the case needs, as in a
program that filters many images: device time includes the final stream
synchronisation.  SciPy on the host is timed on its first call (NumPy
has no pool to warm: each call allocates again)."""

import time

import numpy

import cupy


def _cases():
    import cupyx.scipy.ndimage as dnd
    import scipy.ndimage as hnd
    return (
        ('gaussian_filter', 'image', lambda m, a: m.gaussian_filter(a, 2.0),
         1e-4),
        ('median_filter', 'image', lambda m, a: m.median_filter(a, size=3),
         0),
        ('zoom', 'image', lambda m, a: m.zoom(a, 2, order=3), 1e-4),
        ('label', 'binary', lambda m, a: m.label(a)[0], 0),
        ('binary_fill_holes', 'binary', lambda m, a: m.binary_fill_holes(a),
         0),
        ('distance_transform_edt', 'sparse',
         lambda m, a: m.distance_transform_edt(a), 1e-6),
    ), dnd, hnd


def _timed(fn):
    stream = cupy.xpu.get_current_stream()
    stream.synchronize()
    t0 = time.perf_counter()
    out = fn()
    stream.synchronize()
    return time.perf_counter() - t0, out


def bench_ndimage(n=2048):
    try:
        cases, dnd, hnd = _cases()
    except ImportError:                  # SciPy is the reference
        return []
    rs = numpy.random.RandomState(17)
    data = {'image': rs.standard_normal((n, n)).astype(numpy.float32),
            'binary': rs.uniform(size=(n, n)) > 0.5,
            'sparse': rs.uniform(size=(n, n)) > 0.02}
    rows = []
    for name, kind, fn, tol in cases:
        h = data[kind]
        d = cupy.asarray(h)
        fn(dnd, d)                       # warm-up: caches, pool blocks
        t_dev, got = _timed(lambda: fn(dnd, d))
        t0 = time.perf_counter()
        ref = fn(hnd, h)
        t_np = time.perf_counter() - t0
        got = cupy.asnumpy(got)
        ok = got.shape == ref.shape and bool(
            numpy.allclose(got, ref, rtol=tol, atol=tol) if tol else
            numpy.array_equal(got, ref))
        rows.append(dict(op=name, dtype=str(h.dtype), size=h.size,
                         device_s=t_dev, numpy_s=t_np, ratio=t_dev / t_np,
                         rate='{:.1f} Mpix/s'.format(h.size / t_dev / 1e6),
                         correct=ok))
    return rows
