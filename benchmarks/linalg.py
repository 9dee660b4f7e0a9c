"""The ``linalg`` job of benchmark.py: solve, inv, cholesky, qr, svd,
eigh, lu_factor (against SciPy's) and eig of square matrices, float32 and
float64, against NumPy in the same run.  Where each runs (device
operator, composition on the device, or the counted host fallback) is
TODO.md's "Linear algebra" section and ``python -m cupy info``; on the
simulator a device operator's kernel is NumPy's own, so a ratio there is
the cost of the composition and the calls, not the 910B's speed.  Each
result is checked by
reconstruction (a @ x = b, a @ inv = 1, l l^H = a, q r = a, u s vh = a,
a v = v w) with a tolerance scaled by n * eps * cond(a)."""

import os

import numpy

import cupy

import timing

_SIZES = {'solve': (256, 1024, 2048), 'inv': (256, 1024, 2048),
          'cholesky': (256, 1024, 2048), 'qr': (256, 1024, 2048),
          'svd': (256, 512), 'eigh': (256, 512),
          # issue 13 follow-ups: LU composed on the device (cupyx.scipy.
          # linalg.lu_factor) and eig's shifted QR iterations (O(n^4))
          'lu_factor': (256, 1024), 'eig': (32, 64)}


def _operand(n, dtype, op):
    rs = numpy.random.RandomState(n)
    a = rs.uniform(-1, 1, (n, n))
    if op in ('cholesky', 'eigh'):
        a = a @ a.T
    return (a + n * numpy.eye(n)).astype(dtype)     # well conditioned


def _lu_factor(xp):
    if xp is numpy:
        import scipy.linalg
        return scipy.linalg.lu_factor
    import cupyx.scipy.linalg
    return cupyx.scipy.linalg.lu_factor


def _calls(op, xp, a, b):
    la = xp.linalg
    if op == 'lu_factor':
        return lambda: _lu_factor(xp)(a)
    if op == 'eig':
        return lambda: la.eig(a)
    return {'solve': lambda: la.solve(a, b), 'inv': lambda: la.inv(a),
            'cholesky': lambda: la.cholesky(a), 'qr': lambda: la.qr(a),
            'svd': lambda: la.svd(a), 'eigh': lambda: la.eigh(a)}[op]


def _residual(op, a, res, b):
    if op == 'solve':
        return a @ res - b
    if op == 'inv':
        return a @ res - numpy.eye(len(a))
    if op == 'cholesky':
        return res @ res.T - a
    if op == 'qr':
        return res[0] @ res[1] - a
    if op == 'svd':
        return (res[0] * res[1]) @ res[2] - a
    if op == 'lu_factor':
        import scipy.linalg
        return a @ scipy.linalg.lu_solve(res, b) - b
    return a @ res[1] - res[1] * res[0]


def _device_time(fn, repeat):
    def run():
        fn()
        cupy.xpu.get_current_stream().synchronize()
    return timing.median_per_call(run, 1, repeat)


def bench_linalg():
    rows = []
    old = os.environ.get('CUPY_HOST_FALLBACK')
    os.environ['CUPY_HOST_FALLBACK'] = 'silent'   # counted, not warned
    try:
        for op, sizes in _SIZES.items():
            for dtype in (numpy.float32, numpy.float64):
                for n in sizes:
                    rows.append(_row(op, dtype, n))
    finally:
        if old is None:
            del os.environ['CUPY_HOST_FALLBACK']
        else:
            os.environ['CUPY_HOST_FALLBACK'] = old
    return rows


def _route(op, dtype):
    # where the operation runs now: native / composed (device) or host
    from cupy._core import _dispatch
    return _dispatch.route(op, numpy.dtype(dtype)) or 'host'


def _row(op, dtype, n):
    ha = _operand(n, dtype, op)
    hb = numpy.random.RandomState(1).uniform(-1, 1, (n, 4)).astype(dtype)
    da, db = cupy.asarray(ha), cupy.asarray(hb)
    repeat = 3 if n <= 512 else 1
    t_dev = _device_time(_calls(op, cupy, da, db), repeat)
    t_np = timing.median_per_call(_calls(op, numpy, ha, hb), 1, repeat)
    got = _calls(op, cupy, da, db)()
    got = tuple(cupy.asnumpy(x) for x in got) if isinstance(got, tuple) \
        else cupy.asnumpy(got)
    res = _residual(op, ha.astype(numpy.float64), got, hb)
    tol = 30 * n * numpy.finfo(dtype).eps * numpy.abs(ha).max() * 4
    return dict(op=op, dtype=numpy.dtype(dtype).name, size=n,
                device_s=t_dev, numpy_s=t_np, ratio=t_dev / t_np,
                rate=_route(op, dtype),
                correct=bool(numpy.abs(res).max() <= tol))
