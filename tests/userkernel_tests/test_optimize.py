"""Whole-program rewrites of the translated programs
(cupy/_core/_ckernel/_optimize.py): common subexpressions computed once,
additions of products or quotients run as one fused operator (Addcmul,
Addcdiv, Axpy: operations.md), float steps only, each step rounded as
the unfused steps round it -- so a kernel's results equal the unfused
program's and NumPy's (two roundings) bit for bit, integers stay exact,
and the kernel issues fewer device operators than the ufunc
expression."""

import numpy
import pytest

import cupy
from cupy import testing
from cupy._core import _dispatch
from cupy._core._ckernel import _optimize


def _opt(lines, loop):
    return list(_optimize.optimize(tuple(lines), loop))


# ------------------------------------------------------------ the rewrites --

def test_sum_of_squares_fuses_the_right_product():
    got = _opt(['t0 = Mul(a, a)', 't1 = Mul(b, b)', 't2 = Add(t0, t1)',
                't3 = Mul(c, c)', 'o0 = Add(t2, t3)'], 'ddd->d')
    assert got == ['t0 = Mul(a, a)', 't2 = Addcmul(t0, b, b, 1)',
                   'o0 = Addcmul(t2, c, c, 1)']


def test_difference_literal_factor_and_quotient():
    assert _opt(['t0 = Mul(b, c)', 'o0 = Sub(a, t0)'], 'fff->f') == \
        ['o0 = Addcmul(a, b, c, -1)']
    assert _opt(['t0 = Mul(b, 2.5)', 'o0 = Sub(a, t0)'], 'ff->f') == \
        ['o0 = Axpy(a, b, -2.5)']
    assert _opt(['t0 = Mul(-0.5, a)', 'o0 = Add(0.25, t0)'], 'd->d') == \
        ['o0 = Axpy(0.25, a, -0.5)']
    assert _opt(['t0 = Div(b, c)', 'o0 = Add(t0, a)'], 'ddd->d') == \
        ['o0 = Addcdiv(a, b, c, 1)']


def test_not_rewritten():
    cases = [
        # integers stay as they are
        (['t0 = Mul(b, c)', 'o0 = Add(a, t0)'], 'lll->l'),
        # the product is read twice
        (['t0 = Mul(b, c)', 't1 = Add(a, t0)', 'o0 = Mul(t1, t0)'],
         'ddd->d'),
        # a product minus something: no fused form
        (['t0 = Mul(b, c)', 'o0 = Sub(t0, a)'], 'ddd->d'),
        # the product is an output
        (['o0 = Mul(b, c)', 'o1 = Add(a, o0)'], 'ddd->dd'),
        # a quotient by a literal is not a product
        (['t0 = Div(b, 3.0)', 'o0 = Add(a, t0)'], 'dd->d'),
        # complex parts are left alone
        (['t0.re = Mul(a, b)', 'o0 = Add(a, b)'], 'dd->D'),
    ]
    for lines, loop in cases:
        assert _opt(lines, loop) == lines, lines


def test_common_subexpressions_commutative():
    got = _opt(['t0 = Mul(a, b)', 't1 = Mul(b, a)', 't2 = Exp(t0)',
                't3 = Exp(t1)', 'o0 = Div(t2, t3)'], 'dd->d')
    assert got == ['t0 = Mul(a, b)', 't2 = Exp(t0)', 'o0 = Div(t2, t2)']
    # Sub is not commutative
    lines = ['t0 = Sub(a, b)', 't1 = Sub(b, a)', 'o0 = Div(t0, t1)']
    assert _opt(lines, 'dd->d') == lines


# ----------------------------------------------------------- whole kernels --

def _programs(monkeypatch, kernel, *args):
    """The kernel's result and the 'elementwise_program' requests it ran
    (interpreted, not replayed, so every request is seen)."""
    monkeypatch.setenv('CUPY_USER_KERNEL_REPLAY', '0')
    seen = []

    def tap(op, outs, ins, attrs, result):
        if op == 'elementwise_program':
            seen.append(attrs['program'])
    old = _dispatch.set_tap(tap)
    try:
        res = kernel(*args)
    finally:
        _dispatch.set_tap(old)
    return res, [line for prog in seen for line in prog]


def _rand(n, dtype, seed, lo=-2, hi=2):
    return numpy.random.default_rng(seed).uniform(lo, hi, n).astype(dtype)


@pytest.mark.parametrize('dtype', ['f4', 'f8'])
def test_fused_kernel_equals_numpy_bit_for_bit(monkeypatch, dtype):
    k = cupy.ElementwiseKernel('T a, T b, T c', 'T p, T q, T r', '''
        p = a + b * c;
        q = a - b * c;
        r = a * a + b * b + c * c;
    ''', 'fma_like')
    a, b, c = (_rand(500, dtype, s) for s in range(3))
    (p, q, r), lines = _programs(monkeypatch, k, *map(cupy.array, (a, b, c)))
    # b * c is read twice: fused into both; a * a is r's self
    assert sum('Addcmul' in x for x in lines) == 4
    assert sum('= Mul(' in x for x in lines) == 1
    testing.assert_array_equal(p, a + b * c)
    testing.assert_array_equal(q, a - b * c)
    testing.assert_array_equal(r, a * a + b * b + c * c)


@pytest.mark.parametrize('dtype', ['f4', 'f8'])
def test_horner_with_literal_coefficients(monkeypatch, dtype):
    k = cupy.ElementwiseKernel('T x', 'T y', '''
        y = 0.5 + x * (0.25 + x * (-0.125 + x * 3.0));
    ''', 'horner')
    x = _rand(300, dtype, 4)
    y, lines = _programs(monkeypatch, k, cupy.array(x))
    assert any('Axpy' in line for line in lines)
    assert any('Addcmul' in line for line in lines)
    # C: the double literals make the arithmetic double, then one
    # rounding to T at the assignment
    d = x.astype(numpy.float64)
    want = (0.5 + d * (0.25 + d * (-0.125 + d * 3.0))).astype(dtype)
    testing.assert_array_equal(y, want)


def test_integer_arithmetic_is_not_fused(monkeypatch):
    # an int64 multiply-add that wraps: exact, and not a fused operator
    k = cupy.ElementwiseKernel('int64 a, int64 b', 'int64 y',
                               'y = a + b * 6364136223846793005LL;',
                               'lcg_step')
    a = numpy.array([1, -7, 2 ** 62, 12345], numpy.int64)
    b = numpy.array([3, 2 ** 40, -5, 2 ** 63 - 1], numpy.int64)
    y, lines = _programs(monkeypatch, k, cupy.array(a), cupy.array(b))
    assert not any(op in line for line in lines
                   for op in ('Axpy', 'Addcmul', 'Addcdiv'))
    with numpy.errstate(over='ignore'):
        want = a + b * numpy.int64(6364136223846793005)
    testing.assert_array_equal(y, want)


def test_fewer_device_operators_than_the_ufunc_expression(monkeypatch):
    # the distance kernel of benchmarks/kernel_bench.py: 7 aclnn launches
    # (3 Subs, Mul, 2 Addcmul, Sqrt) where the expression issues 9
    from cupy_backends.ascend import simulator
    k = cupy.ElementwiseKernel('T x, T y, T z', 'T d', '''
        T dx = x - 0.25, dy = y + 0.5, dz = z - 0.75;
        d = sqrt(dx * dx + dy * dy + dz * dz);
    ''', 'distance')
    x, y, z = (cupy.array(_rand(1000, 'f8', s)) for s in range(3))
    k(x, y, z)
    cupy.xpu.get_current_stream().synchronize()

    def launches(fn):
        before = simulator.counters()['kernel_launches']
        res = fn()
        cupy.xpu.get_current_stream().synchronize()
        return simulator.counters()['kernel_launches'] - before, res

    n_kernel, d = launches(lambda: k(x, y, z))
    n_ufunc, u = launches(lambda: cupy.sqrt(
        (x - 0.25) ** 2 + (y + 0.5) ** 2 + (z - 0.75) ** 2))
    assert n_kernel < n_ufunc
    testing.assert_allclose(d, u, rtol=1e-15)
