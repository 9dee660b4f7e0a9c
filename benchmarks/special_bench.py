"""The 'special' job of benchmark.py (issue 16): erf, gammaln, i0, expit
and logsumexp of float32 and float64 vectors of 2^20 and 2^24 elements,
and cdist of 4096x64 by 4096x64, against SciPy on the host in the same
run (ratio = device / SciPy)."""

import numpy
import scipy.special
import scipy.spatial.distance

import cupy
import cupyx.scipy.special
import cupyx.scipy.spatial.distance


def _ops():
    cs, ss = cupyx.scipy.special, scipy.special
    return (
        ('erf', cs.erf, ss.erf, (-5, 5)),
        ('gammaln', cs.gammaln, ss.gammaln, (0.1, 50)),
        ('i0', cs.i0, ss.i0, (-20, 20)),
        ('expit', cs.expit, ss.expit, (-20, 20)),
        ('logsumexp', cs.logsumexp, ss.logsumexp, (-50, 50)),
    )


def _row(op, dtype, size, t_dev, t_ref, ok):
    return dict(op=op, dtype=numpy.dtype(dtype).name, size=size,
                device_s=t_dev, numpy_s=t_ref, ratio=t_dev / t_ref,
                rate='{:.1f} Melem/s'.format(size / t_dev / 1e6),
                correct=ok)


def rows(event_time, host_time, sizes=(20, 24)):
    out = []
    for dtype in (numpy.float32, numpy.float64):
        # relative, and absolute near the zeros (gammaln at 1 and 2), as
        # the unit tests' bounds
        tol = 1e-5 if dtype == numpy.float32 else 1e-13
        atol = 1e-6 if dtype == numpy.float32 else 1e-14
        for log2 in sizes:
            n = 1 << log2
            for name, dev, ref, (lo, hi) in _ops():
                h = numpy.random.RandomState(log2).uniform(lo, hi, n) \
                    .astype(dtype)
                d = cupy.asarray(h)
                repeat = 3 if log2 <= 20 else 1
                t_dev = event_time(lambda: dev(d), 1, repeat)
                t_ref = host_time(lambda: ref(h), 1, repeat)
                ok = bool(numpy.allclose(cupy.asnumpy(dev(d)), ref(h),
                                         rtol=tol, atol=atol))
                out.append(_row(name, dtype, n, t_dev, t_ref, ok))
    rs = numpy.random.RandomState(0)
    for dtype in (numpy.float32, numpy.float64):
        ha = rs.standard_normal((4096, 64)).astype(dtype)
        hb = rs.standard_normal((4096, 64)).astype(dtype)
        da, db = cupy.asarray(ha), cupy.asarray(hb)
        t_dev = event_time(
            lambda: cupyx.scipy.spatial.distance.cdist(da, db), 1, 1)
        t_ref = host_time(
            lambda: scipy.spatial.distance.cdist(ha, hb), 1, 1)
        ok = bool(numpy.allclose(
            cupy.asnumpy(cupyx.scipy.spatial.distance.cdist(da, db)),
            scipy.spatial.distance.cdist(ha, hb), rtol=1e-12))
        out.append(_row('cdist', dtype, 4096 * 4096, t_dev, t_ref, ok))
    return out
