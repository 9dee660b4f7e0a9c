"""The ``kernel`` job of benchmark.py (issue 18): user kernels
(cupy.ElementwiseKernel, translated from their C source into device
steps) against the same computation written as cupy ufunc expressions
and against NumPy, in the same run, at 2^16 to 2^24 elements.

Cases: Black-Scholes option pricing (CuPy's example: a helper function
with a branch in the preamble, two outputs), float64; the Euclidean
distance of points (x, y, z) to a query point, float32 and float64.
Rows: ``<case>.kernel`` and ``<case>.ufunc`` (device times), ratio =
device / NumPy; the rate column of a kernel row gives kernel / ufunc
(the issue's target: not above 1 on the simulator).
``blackscholes.kernel_new_r``: the kernel called with a new interest
rate every call (a new scalar value: the replay of the run with device
scalars, cupy/_core/_kernel_backend.py), its rate column against the
ufunc row of that size."""

import numpy

import cupy

_CND = '''
__device__ inline T cnd(T d) {
    const T A1 = 0.31938153, A2 = -0.356563782, A3 = 1.781477937;
    const T A4 = -1.821255978, A5 = 1.330274429;
    const T RSQRT2PI = 0.39894228040143267793994605993438;
    T K = 1.0 / (1.0 + 0.2316419 * fabs(d));
    T c = RSQRT2PI * exp(-0.5 * d * d) *
        (K * (A1 + K * (A2 + K * (A3 + K * (A4 + K * A5)))));
    if (d > 0) c = 1.0 - c;
    return c;
}
'''
_BS = '''
    const T sqrt_t = sqrt(t);
    const T d1 = (log(s / x) + (r + v * v / 2) * t) / (v * sqrt_t);
    const T d2 = d1 - v * sqrt_t;
    const T cnd_d1 = cnd(d1);
    const T cnd_d2 = cnd(d2);
    const T exp_rt = exp(-r * t);
    call = s * cnd_d1 - x * exp_rt * cnd_d2;
    put = x * exp_rt * (1.0 - cnd_d2) - s * (1.0 - cnd_d1);
'''
_R, _V = 0.02, 0.3


def _cnd_xp(xp, d):
    a1, a2, a3, a4, a5 = (0.31938153, -0.356563782, 1.781477937,
                          -1.821255978, 1.330274429)
    k = 1.0 / (1.0 + 0.2316419 * xp.abs(d))
    c = 0.3989422804014327 * xp.exp(-0.5 * d * d) * (
        k * (a1 + k * (a2 + k * (a3 + k * (a4 + k * a5)))))
    return xp.where(d > 0, 1.0 - c, c)


def _bs_xp(xp, s, x, t, r=_R):
    sqrt_t = xp.sqrt(t)
    d1 = (xp.log(s / x) + (r + _V * _V / 2) * t) / (_V * sqrt_t)
    d2 = d1 - _V * sqrt_t
    c1, c2 = _cnd_xp(xp, d1), _cnd_xp(xp, d2)
    e = xp.exp(-r * t)
    return s * c1 - x * e * c2, x * e * (1.0 - c2) - s * (1.0 - c1)


_DIST = '''
    T dx = x - px, dy = y - py, dz = z - pz;
    d = sqrt(dx * dx + dy * dy + dz * dz);
'''
_P = (0.25, -0.5, 0.75)


def _dist_xp(xp, x, y, z):
    return xp.sqrt((x - _P[0]) ** 2 + (y - _P[1]) ** 2 + (z - _P[2]) ** 2)


def _close(got, ref, dtype):
    tol = 1e-4 if dtype == numpy.float32 else 1e-10
    got = got if isinstance(got, tuple) else (got,)
    ref = ref if isinstance(ref, tuple) else (ref,)
    return all(numpy.allclose(cupy.asnumpy(g), r, rtol=tol, atol=tol)
               for g, r in zip(got, ref))


def bench_kernel(event_time, host_time, sizes=(16, 20, 24)):
    bs = cupy.ElementwiseKernel('T s, T x, T t, T r, T v', 'T call, T put',
                                _BS, 'black_scholes', preamble=_CND)
    dist = cupy.ElementwiseKernel('T x, T y, T z, T px, T py, T pz', 'T d',
                                  _DIST, 'distance')
    cases = (
        ('blackscholes', numpy.float64,
         lambda rs, n, dt: (rs.uniform(5, 30, n).astype(dt),
                            rs.uniform(1, 100, n).astype(dt),
                            rs.uniform(0.25, 10, n).astype(dt)),
         lambda *a: bs(*a, _R, _V), _bs_xp),
        ('distance', numpy.float32,
         lambda rs, n, dt: tuple(rs.uniform(-1, 1, n).astype(dt)
                                 for _ in range(3)),
         lambda *a: dist(*a, *_P), _dist_xp),
        ('distance', numpy.float64,
         lambda rs, n, dt: tuple(rs.uniform(-1, 1, n).astype(dt)
                                 for _ in range(3)),
         lambda *a: dist(*a, *_P), _dist_xp),
    )
    rows = []
    for name, dtype, make, kern, xp_fn in cases:
        for log2 in sizes:
            n = 1 << log2
            hs = make(numpy.random.RandomState(log2), n, dtype)
            ds = [cupy.asarray(h) for h in hs]
            batch, repeat = (10, 5) if log2 <= 18 else (1, 3)
            t_k = event_time(lambda: kern(*ds), batch, repeat)
            t_u = event_time(lambda: xp_fn(cupy, *ds), batch, repeat)
            t_np = host_time(lambda: xp_fn(numpy, *hs), batch, repeat)
            ref = xp_fn(numpy, *hs)
            ok_k = _close(kern(*ds), ref, dtype)
            ok_u = _close(xp_fn(cupy, *ds), ref, dtype)
            dt = numpy.dtype(dtype).name
            rows.append(dict(op=name + '.kernel', dtype=dt, size=n,
                             device_s=t_k, numpy_s=t_np, ratio=t_k / t_np,
                             rate='{:.2f} x ufunc'.format(t_k / t_u),
                             correct=ok_k))
            rows.append(dict(op=name + '.ufunc', dtype=dt, size=n,
                             device_s=t_u, numpy_s=t_np, ratio=t_u / t_np,
                             rate='', correct=ok_u))
            if name == 'blackscholes':
                rows.append(_new_scalar_row(bs, ds, hs, n, t_u, t_np,
                                            event_time, batch, repeat))
    return rows


def _new_scalar_row(bs, ds, hs, n, t_u, t_np, event_time, batch, repeat):
    rates = iter(0.01 + 1e-6 * k for k in range(1 << 30))
    t_k = event_time(lambda: bs(*ds, next(rates), _V), batch, repeat)
    r = 0.0317
    ok = _close(bs(*ds, r, _V), _bs_xp(numpy, *hs, r=r), numpy.float64)
    return dict(op='blackscholes.kernel_new_r', dtype='float64', size=n,
                device_s=t_k, numpy_s=t_np, ratio=t_k / t_np,
                rate='{:.2f} x ufunc'.format(t_k / t_u), correct=ok)
