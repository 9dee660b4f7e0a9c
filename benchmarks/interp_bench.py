"""The interp job of benchmark.py: issue 17's RBFInterpolator and FITPACK
splines against SciPy on the host in the same run (ratio = device /
SciPy; rows and checks built as signal_bench's): splrep with s = 0 and
s > 0 (FITPACK's knot placement), splev, UnivariateSpline,
make_interp_spline (k = 3, banded collocation), RBFInterpolator
(thin-plate spline, all points and 50 neighbours)."""

import numpy

import cupy
from signal_bench import _close, _row


def bench_interp(event_time, host_time):
    import scipy.interpolate as si
    import cupyx.scipy.interpolate as ci
    rows = []
    rs = numpy.random.RandomState(5)
    m = 1 << 14
    x = numpy.sort(rs.uniform(0, 100, m))
    y = numpy.sin(x) + 0.1 * rs.standard_normal(m)
    dx, dy = cupy.asarray(x), cupy.asarray(y)
    s = m * 0.01
    rows.append(_row('splrep s=0', numpy.float64, m,
                     lambda: ci.splrep(dx, dy, s=0)[1],
                     lambda: si.splrep(x, y, s=0)[1], event_time,
                     host_time, _close(1e-8), m))
    rows.append(_row('splrep s>0', numpy.float64, m,
                     lambda: ci.splrep(dx, dy, s=s)[0],
                     lambda: si.splrep(x, y, s=s)[0], event_time,
                     host_time, _close(1e-12), m))
    tck = si.splrep(x, y, s=s)
    dtck = ci.splrep(dx, dy, s=s)
    xe = numpy.linspace(0, 100, 1 << 20)
    dxe = cupy.asarray(xe)
    rows.append(_row('splev', numpy.float64, xe.size,
                     lambda: ci.splev(dxe, dtck),
                     lambda: si.splev(xe, tck), event_time, host_time,
                     _close(1e-9), xe.size))
    rows.append(_row('UnivariateSpline', numpy.float64, m,
                     lambda: ci.UnivariateSpline(dx, dy)(dx),
                     lambda: si.UnivariateSpline(x, y)(x), event_time,
                     host_time, _close(1e-8), m))
    rows.append(_row('make_interp_spline k=3', numpy.float64, m,
                     lambda: ci.make_interp_spline(dx, dy).c,
                     lambda: si.make_interp_spline(x, y).c, event_time,
                     host_time, _close(1e-8), m))
    p = rs.uniform(0, 1, (1000, 2))
    v = numpy.cos(6 * p[:, 0]) * p[:, 1]
    q = rs.uniform(0, 1, (10000, 2))
    dp, dv, dq = cupy.asarray(p), cupy.asarray(v), cupy.asarray(q)
    rows.append(_row('RBFInterpolator', numpy.float64, '1000->10^4',
                     lambda: ci.RBFInterpolator(dp, dv)(dq),
                     lambda: si.RBFInterpolator(p, v)(q), event_time,
                     host_time, _close(1e-8), q.shape[0]))
    rows.append(_row('RBFInterpolator nb=50', numpy.float64, '1000->10^4',
                     lambda: ci.RBFInterpolator(dp, dv, neighbors=50)(dq),
                     lambda: si.RBFInterpolator(p, v, neighbors=50)(q),
                     event_time, host_time, _close(1e-8), q.shape[0]))
    return rows
