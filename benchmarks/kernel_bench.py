"""The ``kernel`` job of benchmark.py (issue 18): user kernels
(cupy.ElementwiseKernel, translated from their C source into device
steps) against the same computation written as cupy ufunc expressions
and against NumPy, in the same run, at 2^16 to 2^24 elements.

Cases: Black-Scholes option pricing (CuPy's example: a helper function
with a branch in the preamble, two outputs), float64; the Euclidean
distance of points (x, y, z) to a query point, float32 and float64.

Measurement (the machine is shared): the kernel and the ufunc
expression run in turns in one loop (timing.interleaved: each round one
batch of each, the order rotated), NumPy in a loop of its own after
them, many rounds, and each takes a low order statistic of its rounds
(timing.low: the 20% quantile, the minimum for fewer than 5 rounds),
which load from other processes only raises; as many rounds as fit
about 10 s per case (3 to 15).  Rows:
``<case>.kernel`` and ``<case>.ufunc``: device time (the stream's Event
time of a batch per call), NumPy's time, ratio = device / NumPy.  The
rate column of a kernel row: kernel / ufunc device time (the issue's
target: not above 1 on the simulator), then kernel / ufunc host CPU time
(the calling thread's CPU time per call: the host work of the call,
which other processes and the simulator's worker threads do not
inflate); both are medians of the ratios of the kernel's and the ufunc
expression's batches of one round (timing.paired_ratio: load that
drifts over the run cancels).  Of a ufunc row: its host CPU time per
call.
``blackscholes.kernel_new_r``: the kernel called with a new interest
rate every call (a new scalar value: the replay of the run with device
scalars, cupy/_core/_kernel_backend.py), in the same loop.

Check: the kernel's outputs have the ufunc expression's and NumPy's
dtypes and shapes (the same computation, float32 stays float32) and
agree with both."""

import time

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


def _tuple(x):
    return x if isinstance(x, tuple) else (x,)


def _close(got, ref, dtype):
    """Whether device results `got` have NumPy's dtypes and shapes and
    agree with `ref` (NumPy arrays or device arrays)."""
    tol = 1e-4 if dtype == numpy.float32 else 1e-10
    got, ref = _tuple(got), _tuple(ref)
    ref = [cupy.asnumpy(r) for r in ref]
    return len(got) == len(ref) and all(
        g.dtype == r.dtype == dtype and g.shape == r.shape and
        numpy.allclose(cupy.asnumpy(g), r, rtol=tol, atol=tol)
        for g, r in zip(got, ref))


# calls per batch by log2 size: 40 calls of 2^16 are ~5-100 ms on the
# simulator (10 calls of the distance kernel, ~1.2 ms, were one or two
# scheduler time slices of the shared 2-core machine, so one preemption
# decided a round's ratio: paired ratios 0.6-1.4 of the same code);
# rounds: as many as fit _BUDGET seconds per case, between 3 and 15
# (Black-Scholes at 2^24 with NumPy's ~5 s: 3; distance: 15)
_BATCH = {16: 40}
_BUDGET = 10.0
_MIN_ROUNDS, _MAX_ROUNDS = 3, 15
_Q = 0.2


def _rounds(fns, batch):
    """How many rounds of `fns` fit _BUDGET, from one timed call of
    each (which also warms them up: first calls record and allocate)."""
    t0 = time.perf_counter()
    for fn, _ in fns.values():
        fn()
    cupy.xpu.get_current_stream().synchronize()
    per_round = (time.perf_counter() - t0) * batch
    return max(_MIN_ROUNDS, min(_MAX_ROUNDS, int(_BUDGET / per_round)))


def _row(op, dtype, n, t, t_np, ok, rate, host):
    return dict(op=op, dtype=numpy.dtype(dtype).name, size=n, device_s=t,
                numpy_s=t_np, ratio=t / t_np, rate=rate, host_s=host,
                correct=ok)


def _versus(res, name):
    """The rate column of `name` against the ufunc expression."""
    import timing
    return '{:.2f} x ufunc, cpu {:.2f}'.format(
        timing.paired_ratio(res[name][0], res['ufunc'][0]),
        timing.paired_ratio(res[name][1], res['ufunc'][1]))


def _case_rows(name, dtype, log2, make, kern, xp_fn, bs):
    import timing
    n = 1 << log2
    hs = make(numpy.random.RandomState(log2), n, dtype)
    ds = [cupy.asarray(h) for h in hs]
    fns = {'kernel': (lambda: kern(*ds), True),
           'ufunc': (lambda: xp_fn(cupy, *ds), True)}
    if bs is not None:
        rates = iter(0.01 + 1e-6 * k for k in range(1 << 30))
        fns['new_r'] = (lambda: bs(*ds, next(rates), _V), True)
    host = {'numpy': (lambda: xp_fn(numpy, *hs), False)}
    batch = _BATCH.get(log2, 1)
    rounds = _rounds(dict(fns, **host), batch)
    # NumPy in a loop of its own: its large temporaries (malloc'd and
    # returned to the system per call) would slow whichever device
    # function runs after it, a bias between kernel and ufunc
    res = timing.interleaved(fns, batch, rounds,
                             cupy.xpu.get_current_stream())
    res.update(timing.interleaved(host, batch, rounds))
    t = {k: timing.low(v[0], _Q) for k, v in res.items()}
    cpu = {k: timing.low(v[1], _Q) for k, v in res.items()}
    ref = xp_fn(numpy, *hs)
    u = xp_fn(cupy, *ds)
    ok_k = _close(kern(*ds), ref, dtype) and _close(kern(*ds), u, dtype)
    rows = [_row(name + '.kernel', dtype, n, t['kernel'], t['numpy'], ok_k,
                 _versus(res, 'kernel'), cpu['kernel']),
            _row(name + '.ufunc', dtype, n, t['ufunc'], t['numpy'],
                 _close(u, ref, dtype),
                 'cpu {:.0f}us'.format(cpu['ufunc'] * 1e6), cpu['ufunc'])]
    if bs is not None:
        r = 0.0317
        ok = _close(bs(*ds, r, _V), _bs_xp(numpy, *hs, r=r), dtype)
        rows.append(_row(name + '.kernel_new_r', dtype, n, t['new_r'],
                         t['numpy'], ok, _versus(res, 'new_r'),
                         cpu['new_r']))
    return rows


def bench_kernel(sizes=(16, 20, 24)):
    bs = cupy.ElementwiseKernel('T s, T x, T t, T r, T v', 'T call, T put',
                                _BS, 'black_scholes', preamble=_CND)
    dist = cupy.ElementwiseKernel('T x, T y, T z, T px, T py, T pz', 'T d',
                                  _DIST, 'distance')
    cases = (
        ('blackscholes', numpy.float64,
         lambda rs, n, dt: (rs.uniform(5, 30, n).astype(dt),
                            rs.uniform(1, 100, n).astype(dt),
                            rs.uniform(0.25, 10, n).astype(dt)),
         lambda *a: bs(*a, _R, _V), _bs_xp, bs),
        ('distance', numpy.float32,
         lambda rs, n, dt: tuple(rs.uniform(-1, 1, n).astype(dt)
                                 for _ in range(3)),
         lambda *a: dist(*a, *_P), _dist_xp, None),
        ('distance', numpy.float64,
         lambda rs, n, dt: tuple(rs.uniform(-1, 1, n).astype(dt)
                                 for _ in range(3)),
         lambda *a: dist(*a, *_P), _dist_xp, None),
    )
    rows = []
    for name, dtype, make, kern, xp_fn, new_r in cases:
        for log2 in sizes:
            rows += _case_rows(name, dtype, log2, make, kern, xp_fn, new_r)
    return rows
