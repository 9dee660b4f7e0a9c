"""vectorize of Python functions with element-dependent control flow,
against numpy.vectorize (which calls them once per element)."""

import math

import numpy
import pytest

import cupy
import cupyx
from cupy import testing


def _collatz_steps(n):
    steps = 0
    while n != 1:
        if n % 2 == 0:
            n = n // 2
        else:
            n = 3 * n + 1
        steps += 1
    return steps


def _first_divisor(n):
    for d in range(2, n):
        if d * d > n:
            break
        if n % d == 0:
            return d
    return n


def _sign_word(x):
    if x > 0:
        return 1
    elif x < 0:
        return -1
    return 0


def _sum_odd_below(n, step):
    total = 0
    for i in range(0, n, step):
        if i % 2 == 0:
            continue
        total += i
    else:
        total += 1000
    return total


def _helper(v):
    return v * 2 if v > 2 else v


def _calls_helper(x):
    return _helper(x) + 1


def _chain(x, y):
    if 0 < x < y and not x == 3:
        return x or y
    return y and x


def _loop_else_break(x):
    for i in range(4):
        if i == x:
            break
    else:
        return -1
    return i * 10


def _python_level_while(x):
    k = 0
    while True:
        k += 1
        if k * k > x:
            break
    return k


def _swap(x, y):
    x, y = y, x
    (a, b), c = (x, y), x
    return a - b + c


class TestControlFlow:

    @pytest.mark.parametrize('func, args', [
        (_collatz_steps, ([1, 6, 7, 27, 9, 2],)),
        (_first_divisor, ([2, 9, 15, 49, 97, 91, 4],)),
        (_sign_word, ([-3.5, 0.0, 2.0, -0.0, 7.25],)),
        (_sum_odd_below, ([0, 5, 10, 11, -3], [1, 2, 3, 1, 1])),
        (_calls_helper, ([1, 2, 3, 4],)),
        (_chain, ([0, 1, 3, 4, 7], [5, 5, 5, 0, 9])),
        (_loop_else_break, ([0, 2, 5, -1],)),
        (_python_level_while, ([0, 3, 4, 15, 16, 99],)),
        (_swap, ([1, 2, 3], [7, 5, 3])),
    ])
    @testing.numpy_cupy_array_equal(type_check=True)
    def test_functions(self, xp, func, args):
        arrays = [xp.array(a) for a in args]
        return xp.vectorize(func)(*arrays)

    @testing.for_dtypes('ilfd')
    @testing.numpy_cupy_allclose(type_check=True)
    def test_relu_and_ternary(self, xp, dtype):
        # the first element takes the branch of x's dtype: NumPy's output
        # dtype is that of the first element's result (ours promotes both)
        x = 6 - testing.shaped_arange((3, 4), xp, dtype)
        f = xp.vectorize(lambda v: v if v > 0 else 0)
        g = xp.vectorize(lambda v, w: max(v, w) - min(v, 1))
        return f(x), g(x, x[:, ::-1])

    @testing.numpy_cupy_array_equal(type_check=True)
    def test_broadcast_and_math(self, xp):
        def f(a, b):
            s = math.fabs(a - b)
            return s if a > b else -s
        a = xp.arange(4.0)[:, None]
        b = xp.arange(3.0)
        return xp.vectorize(f)(a, b)

    @testing.numpy_cupy_array_equal(type_check=True)
    def test_scalar_type_cast(self, xp):
        f = xp.vectorize(lambda v: numpy.int16(v) if v > 1 else
                         numpy.int16(-v))
        return f(xp.array([0.5, 1.5, 2.5, -3.0]))

    def test_inputs_not_modified(self):
        def f(x):
            x += 10
            return x
        a = cupy.arange(3)
        r = cupy.vectorize(f)(a)
        testing.assert_array_equal(a, [0, 1, 2])
        testing.assert_array_equal(r, [10, 11, 12])

    def test_raise_under_condition(self):
        def f(x):
            if x < 0:
                raise ValueError('negative')
            return x
        for xp in (numpy, cupy):
            testing.assert_array_equal(xp.vectorize(f)(xp.arange(3)),
                                       [0, 1, 2])
            with pytest.raises(ValueError, match='negative'):
                xp.vectorize(f)(xp.array([1, -1]))

    def test_complex_ordering_is_type_error(self):
        for xp in (numpy, cupy):
            with pytest.raises(TypeError):
                xp.vectorize(lambda a: a if a > 0 else 0)(
                    xp.array([1 + 1j]))

    def test_branch_types_must_match(self):
        # CuPy's compiled vectorize: one type per conditional expression
        f = cupy.vectorize(lambda v: v if v > 0 else numpy.float64(0))
        with pytest.raises(TypeError, match='different types'):
            f(cupy.ones(3, dtype=numpy.float32))

    def test_non_number_in_branch(self):
        def f(x):
            if x > 1:
                y = 'big'  # NOQA
            return x
        with pytest.raises(TypeError, match='only numbers'):
            cupy.vectorize(f)(cupy.arange(3))

    def test_unsupported_statement(self):
        def f(x):
            try:
                return x
            finally:
                pass
        with pytest.raises(NotImplementedError, match='Try'):
            cupy.vectorize(f)(cupy.arange(3))

    def test_missing_return(self):
        def f(x):
            if x > 0:
                return x
        with pytest.raises(TypeError, match='returns nothing'):
            cupy.vectorize(f)(cupy.array([1, -1]))

    def test_float_range_bound(self):
        def f(x):
            t = 0
            for i in range(x):
                t += i
            return t
        for xp in (numpy, cupy):
            with pytest.raises(TypeError):
                xp.vectorize(f)(xp.array([1.5, 2.0]))

    def test_no_host_copy_without_loops(self):
        # straight-line code and branches never read the device
        def f(x):
            if x > 2:
                y = x * 2
            else:
                y = -x
            return y + 1
        x = cupy.arange(6)
        with cupyx.allow_synchronize(False):
            r = cupy.vectorize(f)(x)
        testing.assert_array_equal(r, numpy.vectorize(f)(numpy.arange(6)))
