"""NumPy's edge semantics: integer division by zero, floor against C
rounding, NaN propagation, signed zeros, wrap-around, shifts past the
width, integer powers with negative exponents."""

import numpy
import pytest

import cupy
from cupy import testing


def _h(values, dtype):
    return numpy.array(values, dtype)


class TestIntegerDivision:

    @testing.for_int_dtypes(no_bool=True)
    @testing.numpy_cupy_array_equal()
    def test_by_zero(self, xp, dtype):
        a = xp.asarray(_h([7, 0, 5, 1], dtype))
        z = xp.zeros(4, dtype)
        with numpy.errstate(all='ignore'):
            return (xp.floor_divide(a, z), xp.remainder(a, z),
                    xp.fmod(a, z)) + xp.divmod(a, z)

    @testing.for_signed_dtypes()
    @testing.numpy_cupy_array_equal()
    def test_floor_against_c(self, xp, dtype):
        a = xp.asarray(_h([7, -7, 7, -7, 0], dtype))
        b = xp.asarray(_h([2, 2, -2, -2, -3], dtype))
        return a // b, a % b, xp.fmod(a, b)

    @testing.for_signed_dtypes()
    @testing.numpy_cupy_array_equal()
    def test_min_by_minus_one(self, xp, dtype):
        lo = numpy.iinfo(dtype).min
        a = xp.asarray(_h([lo, lo], dtype))
        with numpy.errstate(all='ignore'):
            return a // -1, a % -1, xp.negative(a), xp.absolute(a)

    @testing.for_float_dtypes()
    @testing.numpy_cupy_array_equal()
    def test_float_floor(self, xp, dtype):
        a = xp.asarray(_h([7.5, -7.5, 7.5, -7.5, -0.0, 1e-30], dtype))
        b = xp.asarray(_h([2, 2, -2, -2, 3, 1], dtype))
        return a // b, a % b, xp.fmod(a, b)


class TestWrapAround:

    @testing.for_int_dtypes(no_bool=True)
    @testing.numpy_cupy_array_equal()
    def test_add_mul(self, xp, dtype):
        info = numpy.iinfo(dtype)
        a = xp.asarray(_h([info.max, info.min, info.max // 2 + 1], dtype))
        with numpy.errstate(all='ignore'):
            return a + a, a * 3, a - xp.asarray(_h([info.min, info.max, 1],
                                                  dtype))

    @testing.for_int_dtypes(no_bool=True)
    @testing.numpy_cupy_array_equal()
    def test_shifts_past_width(self, xp, dtype):
        bits = numpy.dtype(dtype).itemsize * 8
        a = xp.asarray(_h([1, 5, 100, 127], dtype))
        s = xp.asarray(_h([0, bits - 1, bits, bits + 3], dtype))
        return a << s, a >> s


class TestNaNAndZeros:

    @testing.for_float_dtypes()
    @testing.numpy_cupy_array_equal()
    def test_max_min_propagate(self, xp, dtype):
        a = xp.asarray(_h([numpy.nan, 1, numpy.nan, -numpy.inf], dtype))
        b = xp.asarray(_h([2, numpy.nan, numpy.nan, numpy.nan], dtype))
        return (xp.maximum(a, b), xp.minimum(a, b), xp.fmax(a, b),
                xp.fmin(a, b))

    @testing.for_float_dtypes()
    def test_signed_zeros(self, dtype):
        for xp in (numpy, cupy):
            z = xp.asarray(_h([0.0, -0.0, 1.0, -1.0], dtype))
            r = [xp.negative(z), z * -1, xp.copysign(1, z), xp.sign(z),
                 xp.absolute(z), xp.floor(-z / 4), xp.trunc(z * -0.5),
                 xp.rint(z * -0.25)]
            r = [numpy.signbit(x.get() if xp is cupy else x) for x in r]
            if xp is numpy:
                expected = r
        for x, y in zip(r, expected):
            testing.assert_array_equal(x, y)

    @testing.for_complex_dtypes()
    @testing.numpy_cupy_allclose(rtol=1e-6)
    def test_complex_sign(self, xp, dtype):
        # NumPy 2: z / |z|
        z = xp.asarray(_h([3 + 4j, -2j, 0, -1 + 0j], dtype))
        return xp.sign(z)


class TestIntegerPower:

    @testing.for_signed_dtypes()
    def test_negative_scalar_exponent(self, dtype):
        for xp in (numpy, cupy):
            a = xp.asarray(_h([2, 3], dtype))
            with pytest.raises(ValueError):
                xp.power(a, -1)
            with pytest.raises(ValueError):
                a ** -2

    @testing.for_signed_dtypes()
    def test_negative_array_exponent(self, dtype):
        for xp in (numpy, cupy):
            a = xp.asarray(_h([2, 3], dtype))
            with pytest.raises(ValueError):
                xp.power(a, xp.asarray(_h([1, -1], dtype)))

    @testing.for_int_dtypes(no_bool=True)
    @testing.numpy_cupy_array_equal()
    def test_non_negative(self, xp, dtype):
        a = xp.asarray(_h([2, 3, 0, 1], dtype))
        with numpy.errstate(all='ignore'):
            return xp.power(a, xp.asarray(_h([0, 3, 2, 9], dtype))), a ** 7

    @testing.numpy_cupy_allclose()
    def test_float_negative_exponent(self, xp):
        return xp.power(xp.arange(1, 4, dtype=numpy.float32), -1), \
            xp.float_power(xp.arange(1, 4), -2)
