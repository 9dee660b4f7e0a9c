"""Fusion across statements: a kernel body's steps run as few provider
programs ('elementwise_program'), a variable's deferred value is computed
once when it is read twice, the outputs that share inputs run as one
program with several outputs, conversions and calls of other ufuncs'
programs stay in a program, and every result equals the unfused steps'
and NumPy's (written independently)."""

import numpy
import pytest

import cupy
from cupy import testing
from tests.userkernel_tests.test_fusion import _counting as _count


def _unfused(monkeypatch, kernel, *args):
    monkeypatch.setenv('CUPY_USER_KERNEL_FUSE', '0')
    try:
        return kernel(*args)
    finally:
        monkeypatch.delenv('CUPY_USER_KERNEL_FUSE')


def _rand(n, dtype, lo=-3, hi=3, seed=0):
    return numpy.random.default_rng(seed).uniform(lo, hi, n).astype(dtype)


@pytest.mark.parametrize('dtype', ['f4', 'f8'])
def test_straight_line_body_is_one_program(monkeypatch, dtype):
    # five statements, each variable read once: one program
    k = cupy.ElementwiseKernel('T x, T y', 'T z', '''
        T a = x * y;
        T b = a + x;
        T c = b * b - y;
        T d = sqrt(fabs(c));
        z = d / (y * y + 1);
    ''', 'straight')
    x, y = _rand(300, dtype), _rand(300, dtype, seed=1)
    counts = _count(monkeypatch)
    got = k(cupy.array(x), cupy.array(y))
    assert counts['program'] == 1 and counts['eager'] == 0
    assert counts['steps'] == 9
    testing.assert_array_equal(got, _unfused(monkeypatch, k, cupy.array(x),
                                             cupy.array(y)))
    t = numpy.dtype(dtype).type
    c = (x * y + x) ** 2 - y
    testing.assert_allclose(got, numpy.sqrt(numpy.abs(c)) / (y * y + t(1)),
                            rtol=1e-5 if dtype == 'f4' else 1e-13)


def test_value_read_twice_is_computed_once(monkeypatch):
    k = cupy.ElementwiseKernel('float64 x', 'float64 z', '''
        double e = exp(x * 0.5);
        double f = e * e;
        z = f + e;
    ''', 'shared')
    x = _rand(100, 'f8')
    counts = _count(monkeypatch)
    got = k(cupy.array(x))
    # e's program (read by two statements), then f and z reading it
    assert counts['program'] == 2
    assert counts['steps'] == 4
    e = numpy.exp(x * 0.5)
    testing.assert_allclose(got, e * e + e, rtol=1e-14)


def test_outputs_sharing_inputs_run_as_one_program(monkeypatch):
    k = cupy.ElementwiseKernel('T x, T y', 'T s, T d, T p', '''
        s = x + y;
        d = x - y;
        p = x * y + 1;
    ''', 'three_outputs')
    x, y = _rand(64, 'f8'), _rand(64, 'f8', seed=2)
    counts = _count(monkeypatch)
    s, d, p = k(cupy.array(x), cupy.array(y))
    assert counts['program'] == 1 and counts['outs'] == 3
    testing.assert_array_equal(s, x + y)
    testing.assert_array_equal(d, x - y)
    testing.assert_array_equal(p, x * y + 1)


def test_five_outputs_are_cut_at_four(monkeypatch):
    k = cupy.ElementwiseKernel('T x, T y', 'T s, T d, T p, T q, T m', '''
        s = x + y;
        d = x - y;
        p = x * y;
        q = x / y;
        m = max(x, y);
    ''', 'five_outputs')
    x, y = _rand(64, 'f8'), _rand(64, 'f8', seed=2)
    counts = _count(monkeypatch)
    s, d, p, q, m = k(cupy.array(x), cupy.array(y))
    # a program has at most four outputs (the executor's bound)
    assert counts['program'] == 2 and counts['outs'] == 5
    for got, want in zip((s, d, p, q, m),
                         (x + y, x - y, x * y, x / y, numpy.fmax(x, y))):
        testing.assert_array_equal(got, want)


def test_output_read_before_it_is_written(monkeypatch):
    # z reads y's old contents; y is overwritten afterwards
    k = cupy.ElementwiseKernel('T x', 'T y, T z', '''
        z = y * 2 + x;
        y = x;
    ''', 'old_contents')
    x = _rand(50, 'f8')
    y0 = _rand(50, 'f8', seed=3)
    y, z = cupy.array(y0), cupy.empty(50)
    k(cupy.array(x), y, z)
    testing.assert_array_equal(z, y0 * 2 + x)
    testing.assert_array_equal(y, x)


def test_branches_as_selects_stay_in_the_program(monkeypatch):
    k = cupy.ElementwiseKernel('T x', 'T z', '''
        T a = x * 3;
        T r;
        if (x > 0) { r = a - 1; } else { r = a + 1; }
        z = r * x;
    ''', 'branch')
    x = _rand(128, 'f8')
    counts = _count(monkeypatch)
    got = k(cupy.array(x))
    # the masks x > 0 and its negation (they live across statements),
    # a (read by both arms), then the arms, the select and z: one program
    assert counts['program'] == 4 and counts['eager'] == 0
    assert counts['steps'] == 7
    a = x * 3
    testing.assert_array_equal(got, numpy.where(x > 0, a - 1, a + 1) * x)


def test_float_meeting_double_literals_is_fused(monkeypatch):
    # C: x is widened to double, the product rounded once to float
    k = cupy.ElementwiseKernel('float32 x', 'float32 z',
                               'z = x * 0.1 + 2.5;', 'conv')
    x = _rand(1000, 'f4')
    counts = _count(monkeypatch)
    got = k(cupy.array(x))
    assert counts['program'] == 1 and counts['eager'] == 0
    want = (x.astype('f8') * 0.1 + 2.5).astype('f4')
    testing.assert_array_equal(got, want)
    assert got.dtype == numpy.float32


def test_int_to_double_conversion_is_fused(monkeypatch):
    k = cupy.ElementwiseKernel('int32 n', 'float64 z', 'z = n / 3.0;',
                               'iconv')
    n = numpy.arange(-50, 50, dtype='i4')
    counts = _count(monkeypatch)
    got = k(cupy.array(n))
    assert counts['program'] == 1 and counts['eager'] == 0
    testing.assert_array_equal(got, n.astype('f8') / 3.0)


def test_math_functions_of_other_ufuncs_are_fused(monkeypatch):
    # tanh, atan2 and pow of floats run as the programs of the ufuncs
    # tanh, arctan2 and power (inlined by the provider)
    k = cupy.ElementwiseKernel('float32 x, float32 y', 'float32 z',
                               'z = tanh(x) + atan2f(y, x) * powf(fabsf(x), y);',
                               'calls')
    x, y = _rand(200, 'f4'), _rand(200, 'f4', seed=4)
    counts = _count(monkeypatch)
    got = k(cupy.array(x), cupy.array(y))
    assert counts['program'] == 1 and counts['eager'] == 0
    testing.assert_array_equal(got, _unfused(monkeypatch, k, cupy.array(x),
                                             cupy.array(y)))
    testing.assert_allclose(
        got, numpy.tanh(x) + numpy.arctan2(y, x) * numpy.abs(x) ** y,
        rtol=1e-5, atol=1e-6)


@pytest.mark.parametrize('dtype', ['f4', 'f8'])
def test_calls_the_device_cannot_fuse_run_step_by_step(monkeypatch, dtype):
    # fmax of floats is composed by the core and float64 tanh has no
    # device loop: the provider refuses those calls, and the steps run as
    # the ufuncs run them
    k = cupy.ElementwiseKernel('T x, T y', 'T z',
                               'z = fmax(x, y) * 2 + tanh(x);', 'refused')
    x, y = _rand(100, dtype), _rand(100, dtype, seed=5)
    x[:3] = numpy.nan       # fmax ignores a NaN
    counts = _count(monkeypatch)
    got = k(cupy.array(x), cupy.array(y))
    assert counts['eager'] > 0
    testing.assert_array_equal(got, _unfused(monkeypatch, k, cupy.array(x),
                                             cupy.array(y)))
    testing.assert_allclose(got, numpy.fmax(x, y) * 2 + numpy.tanh(x),
                            rtol=1e-5 if dtype == 'f4' else 1e-13)


def test_loop_carried_values(monkeypatch):
    # a value computed before the loop and one carried through it
    k = cupy.ElementwiseKernel('T x, int32 n', 'T z', '''
        T base = x * 0.5;
        T acc = 0;
        for (int j = 0; j < n; ++j) { acc = acc * base + j; }
        z = acc + base;
    ''', 'loop')
    x = _rand(40, 'f8')
    got = k(cupy.array(x), 6)
    base = x * 0.5
    acc = numpy.zeros_like(x)
    for j in range(6):
        acc = acc * base + j
    testing.assert_allclose(got, acc + base, rtol=1e-13)


def test_helper_with_early_return_fused(monkeypatch):
    k = cupy.ElementwiseKernel('T x', 'T z', 'z = f(x) * 2;', 'helper',
                               preamble='''
        template <typename U> __device__ U f(U v) {
            U w = v * v;
            if (w > 4) return w - 4;
            return w + v;
        }''')
    x = _rand(100, 'f8')
    got = k(cupy.array(x))
    w = x * x
    testing.assert_array_equal(got, numpy.where(w > 4, w - 4, w + x) * 2)


def test_scalar_arguments_are_converted_each_call():
    # converted scalars are cached: the sign of zero, NaN and values
    # that differ only in type must still arrive as given
    k = cupy.ElementwiseKernel('T x, float64 s', 'T z', 'z = s;',
                               'scalar')
    x = cupy.ones(3)
    for s in (1.5, -0.0, 0.0, float('nan'), 2, True, numpy.float32(0.1)):
        got = k(x, s).get()
        want = numpy.full(3, numpy.float64(s))
        testing.assert_array_equal(got, want)
        assert numpy.signbit(got[0]) == numpy.signbit(want[0])
