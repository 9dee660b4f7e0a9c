"""A user kernel's translated run is recorded at its first call of a
signature and replayed on the next calls without interpretation
(cupy/_core/_ckernel/_replay.py); the replayed results equal NumPy's
(written independently) for new data, fresh outputs are new arrays,
runs that read the device on the host are not replayed, and
consecutive elementwise requests of a recording run as one program
(_merge.py)."""

import numpy
import pytest

import cupy
from cupy import testing
from cupy._core import _dispatch
from cupy._core._ckernel import _program

from ._collatz import collatz_steps


def _rand(n, dtype='f8', seed=0, lo=-3, hi=3):
    return numpy.random.default_rng(seed).uniform(lo, hi, n).astype(dtype)


def _interpreted(monkeypatch):
    """Counts of the interpreted runs of elementwise kernels."""
    counts = [0]
    run = _program.run_elementwise

    def counting(*args, **kwargs):
        counts[0] += 1
        return run(*args, **kwargs)
    monkeypatch.setattr(_program, 'run_elementwise', counting)
    return counts


def _requests(monkeypatch):
    """The (op, attrs) of the requests of the next calls."""
    seen = []

    def tap(op, outs, ins, attrs, result):
        seen.append((op, attrs))
    prev = _dispatch.set_tap(tap)
    return seen, prev


_BODY = '''
    T a = x * y + 1.5;
    if (a > 0) a = sqrt(a); else a = -a * 2;
    z = a / (y * y + 1) + s;
'''


def _ref(x, y, s):
    a = x * y + 1.5
    a = numpy.where(a > 0, numpy.sqrt(numpy.abs(a)), -a * 2)
    return a / (y * y + 1) + s


def test_repeated_calls_replay(monkeypatch):
    k = cupy.ElementwiseKernel('T x, T y, T s', 'T z', _BODY, 'replayed')
    counts = _interpreted(monkeypatch)
    results = []
    for seed in range(4):
        x, y = _rand(300, seed=seed), _rand(300, seed=seed + 10)
        results.append((k(cupy.array(x), cupy.array(y), 0.25), x, y))
    assert counts[0] == 1
    # every call has its own output array, still holding its values
    assert len({id(r[0]) for r in results}) == 4
    for got, x, y in results:
        testing.assert_allclose(got, _ref(x, y, 0.25), rtol=1e-14)


def test_new_scalar_value_runs_once_with_device_scalars(monkeypatch):
    # the first value has its recording; the second runs the kernel with
    # its scalars on the device, which every later value replays
    # (test_replay_params.py)
    k = cupy.ElementwiseKernel('T x, T y, T s', 'T z', _BODY, 'scalars')
    counts = _interpreted(monkeypatch)
    x, y = _rand(64), _rand(64, seed=1)
    for s in (0.5, 2.0, 0.5, 2.0, 3.0):
        testing.assert_allclose(k(cupy.array(x), cupy.array(y), s),
                                _ref(x, y, s), rtol=1e-14)
    assert counts[0] == 2


def test_layout_and_dtype_are_part_of_the_signature(monkeypatch):
    k = cupy.ElementwiseKernel('T x, T y, T s', 'T z', _BODY, 'layouts')
    counts = _interpreted(monkeypatch)
    x = _rand(200).reshape(10, 20)
    y = _rand(200, seed=1).reshape(10, 20)
    dx, dy = cupy.array(x), cupy.array(y)
    testing.assert_allclose(k(dx, dy, 1.0), _ref(x, y, 1.0), rtol=1e-14)
    testing.assert_allclose(k(dx.T, dy.T, 1.0), _ref(x.T, y.T, 1.0),
                            rtol=1e-14)
    testing.assert_allclose(k(dx[:, 3:], dy[:, 3:], 1.0),
                            _ref(x[:, 3:], y[:, 3:], 1.0), rtol=1e-14)
    testing.assert_allclose(k(dx[2:], dy[2:], 1.0),
                            _ref(x[2:], y[2:], 1.0), rtol=1e-14)
    x32, y32 = x.astype('f4'), y.astype('f4')
    testing.assert_allclose(k(cupy.array(x32), cupy.array(y32), 1.0),
                            _ref(x32, y32, numpy.float32(1.0)), rtol=1e-5)
    assert counts[0] == 5
    # the same argument twice (aliasing) is another signature
    testing.assert_allclose(k(dx, dx, 1.0), _ref(x, x, 1.0), rtol=1e-14)
    assert counts[0] == 6


def test_given_outputs_are_written(monkeypatch):
    k = cupy.ElementwiseKernel('T x, T y, T s', 'T z', _BODY, 'outs')
    counts = _interpreted(monkeypatch)
    for seed in range(3):
        x, y = _rand(50, seed=seed), _rand(50, seed=seed + 5)
        z = cupy.full(50, 7.0)
        r = k(cupy.array(x), cupy.array(y), 1.0, z)
        assert r is z
        testing.assert_allclose(z, _ref(x, y, 1.0), rtol=1e-14)
    assert counts[0] == 1


def test_raw_gather_and_scatter_replay(monkeypatch):
    k = cupy.ElementwiseKernel(
        'raw T src, int32 n', 'raw T dst',
        'dst[n - 1 - i] = src[(i * 3) % n] * 2;', 'perm')
    counts = _interpreted(monkeypatch)
    for seed in range(3):
        src = _rand(40, seed=seed)
        dst = cupy.zeros(40)
        k(cupy.array(src), numpy.int32(40), dst, size=40)
        want = numpy.zeros(40)
        i = numpy.arange(40)
        want[39 - i] = src[(i * 3) % 40] * 2
        testing.assert_array_equal(dst, want)
    assert counts[0] == 1


def test_varying_loop_is_replayed_by_rounds(monkeypatch):
    # the trip count depends on the data: one "any active" read per
    # round; the recording keeps the rounds' structure (_loops.py) and
    # stays right for new data
    k = cupy.ElementwiseKernel('int32 x', 'int32 steps', '''
        int v = x; int c = 0;
        while (v != 1 && c < 500) { v = (v % 2) ? 3 * v + 1 : v / 2; c++; }
        steps = c;
    ''', 'collatz')
    counts = _interpreted(monkeypatch)

    for lo in (1, 30, 7):
        xs = numpy.arange(lo, lo + 20, dtype=numpy.int32)
        testing.assert_array_equal(k(cupy.array(xs)),
                                   [collatz_steps(int(v), 500) for v in xs])
    assert counts[0] == 1


def test_uniform_loop_is_unrolled_into_the_recording(monkeypatch):
    # a xorshift generator run a fixed number of rounds (C's uint32)
    k = cupy.ElementwiseKernel('uint32 seed', 'uint32 r', '''
        unsigned int s = seed;
        for (int j = 0; j < 5; j++) {
            s ^= s << 13; s ^= s >> 17; s ^= s << 5;
        }
        r = s;
    ''', 'xorshift')
    counts = _interpreted(monkeypatch)

    def xorshift(s):
        for _ in range(5):
            s ^= (s << 13) & 0xFFFFFFFF
            s ^= s >> 17
            s ^= (s << 5) & 0xFFFFFFFF
        return s
    for lo in (1, 1000, 77777):
        seeds = numpy.arange(lo, lo + 30, dtype=numpy.uint32)
        testing.assert_array_equal(k(cupy.array(seeds)),
                                   [xorshift(int(v)) for v in seeds])
    assert counts[0] == 1


def test_replay_off(monkeypatch):
    monkeypatch.setenv('CUPY_USER_KERNEL_REPLAY', '0')
    k = cupy.ElementwiseKernel('T x, T y, T s', 'T z', _BODY, 'off')
    counts = _interpreted(monkeypatch)
    x, y = _rand(30), _rand(30, seed=1)
    for _ in range(2):
        testing.assert_allclose(k(cupy.array(x), cupy.array(y), 1.0),
                                _ref(x, y, 1.0), rtol=1e-14)
    assert counts[0] == 2


def test_reduction_kernel_replays(monkeypatch):
    k = cupy.ReductionKernel('T x, T y', 'T z', 'x * y + 1', 'a + b',
                             'z = a / 2', '0', 'dot_plus')
    calls = [0]
    from cupy._core._ckernel import _reduce
    run = _reduce.run

    def counting(*args):
        calls[0] += 1
        return run(*args)
    monkeypatch.setattr(_reduce, 'run', counting)
    for seed in range(3):
        x = _rand(60, seed=seed).reshape(6, 10)
        y = _rand(60, seed=seed + 3).reshape(6, 10)
        testing.assert_allclose(k(cupy.array(x), cupy.array(y), axis=1),
                                (x * y + 1).sum(axis=1) / 2, rtol=1e-13)
    assert calls[0] == 1


def test_fresh_outputs_of_successive_calls_do_not_share_memory():
    k = cupy.ElementwiseKernel('T x', 'T y, T z', 'y = x + 1; z = x * 3;',
                               'two')
    x1, x2 = _rand(100), _rand(100, seed=9)
    y1, z1 = k(cupy.array(x1))
    y2, z2 = k(cupy.array(x2))
    testing.assert_array_equal(y1, x1 + 1)
    testing.assert_array_equal(z1, x1 * 3)
    testing.assert_array_equal(y2, x2 + 1)
    testing.assert_array_equal(z2, x2 * 3)


def test_replayed_call_allocates_only_the_arrays_it_writes(monkeypatch):
    # the run computed its result in an array of its own, so a replayed
    # call allocates that one array, not also the output the first call
    # was given (host work per call)
    from cupy._core import core
    k = cupy.ElementwiseKernel('T x, T y', 'T z', 'z = x * y + 1.5;',
                               'allocates_once')
    x, y = _rand(50), _rand(50, seed=1)
    dx, dy = cupy.array(x), cupy.array(y)
    k(dx, dy)
    k(dx, dy)
    made = []
    empty = core._empty

    def counting(*args):
        made.append(args)
        return empty(*args)
    monkeypatch.setattr(core, '_empty', counting)
    z1 = k(dx, dy)
    z2 = k(dy, dx)
    assert len(made) == 2
    assert z1.data.ptr != z2.data.ptr
    testing.assert_allclose(z1, x * y + 1.5, rtol=1e-15)
    testing.assert_allclose(z2, x * y + 1.5, rtol=1e-15)


def test_refused_merged_program_runs_its_requests():
    # cupy.fuse's recording merges consecutive ufunc requests; a provider
    # refusing the program gets the recorded requests instead
    @cupy.fuse
    def f(x, y):
        return cupy.sqrt(x * x + y * y) - x

    x, y = _rand(80), _rand(80, seed=1)
    want = numpy.sqrt(x * x + y * y) - x
    testing.assert_allclose(f(cupy.array(x), cupy.array(y)), want,
                            rtol=1e-15)
    with _dispatch.hide('elementwise_program'):
        for seed in (2, 3, 4):
            x, y = _rand(80, seed=seed), _rand(80, seed=seed + 1)
            testing.assert_allclose(f(cupy.array(x), cupy.array(y)),
                                    numpy.sqrt(x * x + y * y) - x,
                                    rtol=1e-15)


class TestFuseReplay:

    def test_elementwise_ops_become_one_program(self):
        @cupy.fuse
        def f(x, y, a):
            return cupy.sqrt(x * x + y * y) * a - cupy.exp(-x)

        x, y = _rand(100), _rand(100, seed=1)
        want = numpy.sqrt(x * x + y * y) * 2.0 - numpy.exp(-x)
        dx, dy = cupy.array(x), cupy.array(y)
        first = f(dx, dy, 2.0)
        seen, prev = _requests(None)
        try:
            again = f(dx, dy, 2.0)
        finally:
            _dispatch.set_tap(prev)
        assert [op for op, _ in seen] == ['elementwise_program']
        testing.assert_allclose(first, want, rtol=1e-15)
        testing.assert_array_equal(again, first)

    def test_reduction_at_the_end(self):
        @cupy.fuse
        def f(x, y):
            return cupy.sum((x - y) * (x - y), axis=1)

        for seed in range(3):
            x = _rand(60, seed=seed).reshape(5, 12)
            y = _rand(60, seed=seed + 7).reshape(5, 12)
            testing.assert_allclose(f(cupy.array(x), cupy.array(y)),
                                    ((x - y) ** 2).sum(axis=1), rtol=1e-13)

    def test_tuple_results_and_in_place_updates(self):
        @cupy.fuse
        def f(x, y):
            y += x * 2
            return x + y, x - y

        for seed in range(3):
            x, y = _rand(40, seed=seed), _rand(40, seed=seed + 1)
            dx, dy = cupy.array(x), cupy.array(y)
            s, d = f(dx, dy)
            y2 = y + x * 2
            testing.assert_allclose(dy, y2, rtol=1e-15)
            testing.assert_allclose(s, x + y2, rtol=1e-15)
            testing.assert_allclose(d, x - y2, rtol=1e-15)

    def test_host_read_is_not_replayed(self):
        @cupy.fuse
        def f(x):
            # a Python branch on a device value: runs every time
            if float(x.sum()) > 0:
                return x * 2
            return x * 3

        for v in (1.0, -1.0, 2.0):
            x = numpy.full(10, v)
            want = x * 2 if v > 0 else x * 3
            testing.assert_array_equal(f(cupy.array(x)), want)

    @pytest.mark.parametrize('dtype', ['i4', 'i8', 'f4'])
    def test_dtypes(self, dtype):
        @cupy.fuse
        def f(x, y):
            return (x + y) * (x - y) + 3

        x = numpy.arange(20).astype(dtype)
        y = numpy.arange(20)[::-1].astype(dtype)
        for _ in range(2):
            got = f(cupy.array(x), cupy.array(y))
            assert got.dtype == ((x + y) * (x - y) + 3).dtype
            testing.assert_array_equal(got, (x + y) * (x - y) + 3)
