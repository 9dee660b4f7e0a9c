"""Replays of user kernels and cupy.fuse functions that a per-value
recording could not serve (cupy/_core/_ckernel/_replay.py, _loops.py,
cupy/_core/_kernel_backend.py): scalar arguments that change every call
(kernels run them as 0-d device values once and replay that; fused
functions compare two recordings and take the differing scalars as
parameters), loops whose trip count varies per element (recorded with
their rounds and replayed until no element is active), and the
provider's refusal to inline a ufunc that has a separate program for a
host-scalar operand.  Results are checked against NumPy or plain Python
written independently, and against the interpreted run."""

import numpy
import pytest

import cupy
from cupy import testing
from cupy._core._ckernel import _program
from cupy._core._ckernel import _reduce
from cupy_backends.backend.provider import OperationNotSupported

from ._collatz import collatz_steps


def _rand(n, dtype='f8', seed=0, lo=-3, hi=3):
    return numpy.random.default_rng(seed).uniform(lo, hi, n).astype(dtype)


def _count(monkeypatch, module, name):
    counts = [0]
    fn = getattr(module, name)

    def counting(*args, **kwargs):
        counts[0] += 1
        return fn(*args, **kwargs)
    monkeypatch.setattr(module, name, counting)
    return counts


_BODY = '''
    T a = x * s + 1.5;
    if (a > t) a = sqrt(a - t); else a = -a * 2;
    z = a / (x * x + 1) + s;
'''


def _ref(x, s, t):
    a = x * s + 1.5
    a = numpy.where(a > t, numpy.sqrt(numpy.abs(a - t)), -a * 2)
    return a / (x * x + 1) + s


def test_changing_scalars_replay(monkeypatch):
    k = cupy.ElementwiseKernel('T x, T s, float64 t', 'T z', _BODY, 'sc')
    counts = _count(monkeypatch, _program, 'run_elementwise')
    parsed = _count(monkeypatch, _program, 'Program')
    x = _rand(200)
    dx = cupy.array(x)
    values = [(0.5, 0.0), (2.0, 1.0), (-1.25, 0.5), (3.0, -2.0),
              (0.125, 4.0), (7.0, 0.0)]
    for s, t in values:
        testing.assert_allclose(k(dx, s, t), _ref(x, s, t), rtol=1e-14)
    # the first value, then the run with device scalars; no parse
    assert counts[0] == 2
    assert parsed[0] <= 1
    # a value seen before keeps its own recording
    testing.assert_allclose(k(dx, 0.5, 0.0), _ref(x, 0.5, 0.0), rtol=1e-14)
    assert counts[0] == 2


@testing.for_dtypes('ilfd')
def test_changing_scalars_dtypes(monkeypatch, dtype):
    k = cupy.ElementwiseKernel('T x, T s', 'T z', 'z = x * s - s / 2;',
                               'sdt')
    counts = _count(monkeypatch, _program, 'run_elementwise')
    x = numpy.arange(-20, 20).astype(dtype)
    for s in (3, -7, 5, 11):
        sv = numpy.dtype(dtype).type(s)
        want = x * sv - (sv / 2 if x.dtype.kind == 'f' else
                         numpy.trunc(sv / 2).astype(dtype))
        testing.assert_array_equal(k(cupy.array(x), sv), want)
    assert counts[0] == 2


def test_scalar_trip_count_replays(monkeypatch):
    # with the bound on the device the loop varies: masked rounds, replayed
    k = cupy.ElementwiseKernel('T x, int32 n', 'T y', '''
        T acc = 0;
        for (int j = 0; j < n; j++) acc += x * j;
        y = acc;''', 'nloop')
    counts = _count(monkeypatch, _program, 'run_elementwise')
    x = _rand(64)
    for n in (3, 5, 9, 2, 12, 0, 1):
        testing.assert_allclose(k(cupy.array(x), numpy.int32(n)),
                                x * (n * (n - 1) / 2), rtol=1e-13,
                                atol=1e-13)
    assert counts[0] <= 4


def test_reduction_kernel_changing_scalar(monkeypatch):
    k = cupy.ReductionKernel('T x, T w', 'T z', 'x * w', 'a + b', 'z = a',
                             '0', 'wsum')
    counts = _count(monkeypatch, _reduce, 'run')
    x = _rand(300).reshape(10, 30)
    for w in (0.5, 2.0, -3.0, 1.25):
        testing.assert_allclose(k(cupy.array(x), w, axis=1),
                                (x * w).sum(axis=1), rtol=1e-12)
    assert counts[0] == 2


_COLLATZ = '''
    int v = x; int c = 0;
    while (v != 1 && c < 500) { v = (v % 2) ? 3 * v + 1 : v / 2; c++; }
    steps = c;
'''


def test_data_dependent_loop_replays(monkeypatch):
    k = cupy.ElementwiseKernel('int32 x', 'int32 steps', _COLLATZ,
                               'collatz')
    counts = _count(monkeypatch, _program, 'run_elementwise')
    for lo in (1, 30, 1000, 5, 77777):
        xs = numpy.arange(lo, lo + 40, dtype=numpy.int32)
        testing.assert_array_equal(k(cupy.array(xs)),
                                   [collatz_steps(int(v), 500) for v in xs])
    assert counts[0] == 1
    # fewer rounds than the recording's first ones: still right
    xs = numpy.array([1, 2, 1, 4] * 10, dtype=numpy.int32)
    testing.assert_array_equal(k(cupy.array(xs)),
                               [collatz_steps(int(v), 500) for v in xs])
    assert counts[0] == 1


_NEWTON = '''
    // sqrt(a) by Newton's method, stopping per element
    T r = a > 1 ? a : 1;
    int it = 0;
    while (true) {
        T next = (r + a / r) / 2;
        if (fabs(next - r) <= 1e-12 * r || it >= 60) { r = next; break; }
        r = next;
        it++;
    }
    root = r; iters = it;
'''


def test_newton_loop_with_break_replays(monkeypatch):
    k = cupy.ElementwiseKernel('T a', 'T root, int32 iters', _NEWTON,
                               'newton')
    counts = _count(monkeypatch, _program, 'run_elementwise')
    for seed in range(3):
        a = _rand(50, seed=seed, lo=0.01, hi=10 ** (seed + 1))
        r, it = k(cupy.array(a))
        testing.assert_allclose(r, numpy.sqrt(a), rtol=1e-12)
        assert int(it.max()) < 60
    assert counts[0] == 1


_MONTE_CARLO = '''
    // rejection sampling of points in the unit disc with a per-element
    // linear congruential generator (Numerical Recipes' constants)
    unsigned int s = seed;
    int tries = 0;
    float px, py;
    do {
        s = s * 1664525u + 1013904223u;
        px = (s >> 8) * (1.0f / 16777216.0f) * 2.0f - 1.0f;
        s = s * 1664525u + 1013904223u;
        py = (s >> 8) * (1.0f / 16777216.0f) * 2.0f - 1.0f;
        tries++;
    } while (px * px + py * py > 1.0f);
    r2 = px * px + py * py; n = tries;
'''


def _monte_carlo(seed):
    s, tries = int(seed), 0
    while True:
        s = (s * 1664525 + 1013904223) & 0xFFFFFFFF
        px = numpy.float32(s >> 8) * numpy.float32(1.0 / 16777216.0) * \
            numpy.float32(2.0) - numpy.float32(1.0)
        s = (s * 1664525 + 1013904223) & 0xFFFFFFFF
        py = numpy.float32(s >> 8) * numpy.float32(1.0 / 16777216.0) * \
            numpy.float32(2.0) - numpy.float32(1.0)
        tries += 1
        r2 = px * px + py * py
        if not r2 > numpy.float32(1.0):
            return r2, tries


def test_monte_carlo_do_while_replays(monkeypatch):
    k = cupy.ElementwiseKernel('uint32 seed', 'float32 r2, int32 n',
                               _MONTE_CARLO, 'mc_disc')
    counts = _count(monkeypatch, _program, 'run_elementwise')
    for lo in (1, 12345, 999999):
        seeds = numpy.arange(lo, lo + 64, dtype=numpy.uint32)
        r2, n = k(cupy.array(seeds))
        want = [_monte_carlo(s) for s in seeds]
        testing.assert_array_equal(r2, numpy.array([w[0] for w in want],
                                                   numpy.float32))
        testing.assert_array_equal(n, [w[1] for w in want])
    assert counts[0] <= 2


def test_loop_replay_equals_interpretation(monkeypatch):
    k = cupy.ElementwiseKernel('int32 x', 'int32 steps', _COLLATZ, 'cz2')
    xs = numpy.arange(3, 203, dtype=numpy.int32)
    k(cupy.array(xs[::-1].copy()))          # recorded
    replayed = k(cupy.array(xs))
    monkeypatch.setenv('CUPY_USER_KERNEL_REPLAY', '0')
    interpreted = k(cupy.array(xs))
    testing.assert_array_equal(replayed, interpreted)


def test_loop_with_few_rounds_is_recorded_again(monkeypatch):
    k = cupy.ElementwiseKernel('int32 x', 'int32 steps', _COLLATZ, 'cz3')
    counts = _count(monkeypatch, _program, 'run_elementwise')
    ones = numpy.array([1, 2] * 8, dtype=numpy.int32)    # one round
    testing.assert_array_equal(k(cupy.array(ones)),
                               [collatz_steps(int(v), 500) for v in ones])
    xs = numpy.arange(5, 21, dtype=numpy.int32)
    for _ in range(3):
        testing.assert_array_equal(k(cupy.array(xs)),
                                   [collatz_steps(int(v), 500) for v in xs])
    # recorded again at the second call (enough rounds), then replayed
    assert counts[0] == 2


def test_fuse_changing_scalars_replay():
    calls = [0]

    def f(x, a, b):
        calls[0] += 1
        return cupy.sin(x) * a + b * x

    g = cupy.fuse(f)
    x = _rand(100, 'f4')
    dx = cupy.array(x)
    for a, b in [(1.5, 3), (2.5, 4), (3.5, 5), (0.25, 7), (-3.0, 11)]:
        got = g(dx, a, b)
        assert got.dtype == numpy.float32
        testing.assert_allclose(
            got, numpy.sin(x) * numpy.float32(a) + b * x, rtol=1e-6)
    assert calls[0] == 2
    # the ** operator's special exponents run their own recording
    h = cupy.fuse(lambda x, p: x ** p)
    xs = numpy.array([-numpy.inf, -0.0, 0.0, 1.5, 4.0])
    for p in (3.0, 1.5, 0.5, 2.5, 2.0):
        with numpy.errstate(invalid='ignore'):
            testing.assert_array_equal(h(cupy.array(xs), p), xs ** p)


def test_fuse_integer_parameter_overflow():
    g = cupy.fuse(lambda x, a: x + a)
    x = numpy.arange(10, dtype=numpy.int8)
    for a in (3, 5, 7):
        testing.assert_array_equal(g(cupy.array(x), a), x + a)
    with pytest.raises(OverflowError):
        g(cupy.array(x), 1000)


def test_provider_refuses_inlining_scalar_forms():
    # power's host-scalar exponent and clip's scalar bounds have their
    # own programs in the loop table: a call with a literal there is
    # refused, a call with registers runs
    x = cupy.array([-numpy.inf, -0.0, 4.0])
    out = cupy.empty(3)
    for prog in (('o0 = Call_power_dd_d(a, 0.5)',),
                 ('o0 = Call_clip_ddd_d(a, 0.0, 1.0)',)):
        with pytest.raises(OperationNotSupported):
            cupy._core.core._run('elementwise_program', (out._as_view(),),
                                 (x._as_view(),),
                                 {'program': prog, 'loop': 'd->d'})
    y = cupy.full(3, 0.5)
    cupy._core.core._run('elementwise_program', (out._as_view(),),
                         (x._as_view(), y._as_view()),
                         {'program': ('o0 = Call_power_dd_d(a, b)',),
                          'loop': 'dd->d'})
    with numpy.errstate(invalid='ignore'):
        testing.assert_array_equal(out, numpy.power(
            numpy.array([-numpy.inf, -0.0, 4.0]), numpy.full(3, 0.5)))


def test_fuse_replay_equals_first_call_at_edges():
    # x ** 0.5 through power's scalar-exponent program: sqrt semantics at
    # -0.0 and -inf, on the first call and on the replays
    g = cupy.fuse(lambda x: cupy.power(x, 0.5) * 2.0 + 1.0)
    xs = numpy.array([-numpy.inf, -0.0, 0.0, 4.0, numpy.inf])
    with numpy.errstate(invalid='ignore'):
        want = numpy.power(xs, 0.5) * 2.0 + 1.0
    for _ in range(3):
        testing.assert_array_equal(g(cupy.array(xs)), want)


def test_loop_with_uniform_bound_replays(monkeypatch):
    # a uniform bound and a per-element break: the counter becomes a
    # per-element value once an element has left, so the rounds are the
    # data's and the replay stops where the interpretation does
    k = cupy.ElementwiseKernel('int32 x', 'int32 steps', '''
        int v = x; int c = 0;
        for (int j = 0; j < 6; j++) {
            if (v == 1) break;
            v = (v % 2) ? 3 * v + 1 : v / 2;
            c++;
        }
        steps = c;''', 'capped')
    counts = _count(monkeypatch, _program, 'run_elementwise')
    for lo in (1, 40, 3, 1000):
        xs = numpy.arange(lo, lo + 30, dtype=numpy.int32)
        testing.assert_array_equal(
            k(cupy.array(xs)), [min(collatz_steps(int(v), 500), 6) for v in xs])
    assert counts[0] <= 2


def test_repeated_call_skips_binding(monkeypatch):
    # a call of a recorded signature goes straight to its replay
    from cupy._core import _kernel_params
    k = cupy.ElementwiseKernel('T x, T s', 'T y', 'y = x * s + 1;', 'fastk')
    x = _rand(100)
    dx = cupy.array(x)
    k(dx, 2.0)
    bound = _count(monkeypatch, _kernel_params, 'broadcast')
    for seed in range(3):
        x = _rand(100, seed=seed)
        testing.assert_allclose(k(cupy.array(x), 2.0), x * 2.0 + 1,
                                rtol=1e-15)
    assert bound[0] == 0


def test_repeated_call_scalar_bits():
    # -0.0 and 0.0 (equal as numbers) are different calls
    k = cupy.ElementwiseKernel('T x, T s', 'T y', 'y = s * x;', 'signed0')
    dx = cupy.ones(4)
    for s in (0.0, -0.0, 0.0, -0.0, 2.0):
        testing.assert_array_equal(cupy.signbit(k(dx, s)),
                                   numpy.signbit(numpy.ones(4) * s))
