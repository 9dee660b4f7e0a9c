"""The 'spatial' job of benchmark.py (issue 17, cupyx.scipy.spatial and
the scattered-data interpolators): KDTree k-nearest queries (k = 1 and
k = 8, 3-D, 2e4 points and 2e4 queries, a tenth of them outside the
data), query_ball_point and count_neighbors on 5000 points, Delaunay's
find_simplex, LinearNDInterpolator, CloughTocher2DInterpolator and
griddata 'nearest' of 1e5 points on 2000 scattered 2-D points, against
SciPy on the host in the same run.  Size: the number of query points
(count_neighbors: the points of the tree, counted against themselves).

Each case is timed once, wall clock, after one warm-up call on the same
input, the device time including the final stream synchronisation (the
cases take seconds on the simulator).  The interpolator cases include
building the interpolator (the Delaunay triangulation is Qhull on the
host on both sides; CloughTocher's gradient estimation is on the
device)."""

import time

import numpy

import cupy


def _data():
    rs = numpy.random.RandomState(23)
    pts3 = rs.uniform(size=(20000, 3))
    q3 = rs.uniform(-0.03, 1.03, size=(20000, 3))
    small = rs.uniform(size=(5000, 3))
    pts2 = rs.uniform(size=(2000, 2))
    vals = numpy.sin(6 * pts2[:, 0]) * numpy.cos(4 * pts2[:, 1])
    q2 = rs.uniform(-0.05, 1.05, size=(100000, 2))
    return pts3, q3, small, pts2, vals, q2


def _cases(sp, ip, xp, data):
    pts3, q3, small, pts2, vals, q2 = [xp.asarray(a) for a in data]
    tree = sp.KDTree(pts3)
    stree = sp.KDTree(small)
    tri = sp.Delaunay(pts2)
    return (
        ('kdtree.query k=1', q3.shape[0], lambda: tree.query(q3, k=1)[0]),
        ('kdtree.query k=8', q3.shape[0], lambda: tree.query(q3, k=8)[0]),
        ('query_ball_point', 500,
         lambda: stree.query_ball_point(small[:500], 0.1,
                                        return_length=True)),
        ('count_neighbors', small.shape[0],
         lambda: stree.count_neighbors(stree, [0.05, 0.1, 0.2])),
        ('find_simplex', q2.shape[0], lambda: tri.find_simplex(q2) >= 0),
        ('LinearND', q2.shape[0],
         lambda: ip.LinearNDInterpolator(pts2, vals)(q2)),
        ('CloughTocher2D', q2.shape[0],
         lambda: ip.CloughTocher2DInterpolator(pts2, vals)(q2)),
        ('griddata nearest', q2.shape[0],
         lambda: ip.griddata(pts2, vals, q2, method='nearest')),
    )


def bench_spatial():
    try:
        import scipy.interpolate as hip
        import scipy.spatial as hsp
    except ImportError:                  # SciPy is the reference
        return []
    import cupyx.scipy.interpolate as dip
    import cupyx.scipy.spatial as dsp
    data = _data()
    host = _cases(hsp, hip, numpy, data)
    dev = _cases(dsp, dip, cupy, data)
    rows = []
    stream = cupy.xpu.get_current_stream()
    for (name, size, hfn), (_, _, dfn) in zip(host, dev):
        dfn()                            # warm-up: caches, pool blocks
        stream.synchronize()
        t0 = time.perf_counter()
        got = dfn()
        stream.synchronize()
        t_dev = time.perf_counter() - t0
        t0 = time.perf_counter()
        ref = hfn()
        t_np = time.perf_counter() - t0
        got = cupy.asnumpy(got)
        ok = got.shape == numpy.shape(ref) and bool(numpy.allclose(
            got, ref, rtol=1e-6, atol=1e-8, equal_nan=True))
        rows.append(dict(op=name, dtype='float64', size=size,
                         device_s=t_dev, numpy_s=t_np, ratio=t_dev / t_np,
                         rate='{:.2f} Mpt/s'.format(size / t_dev / 1e6),
                         correct=ok))
    return rows
