import numpy
import pytest

import cupy
from cupy import testing


class TestPoly1d:

    @testing.for_dtypes('ilfdD')
    @testing.numpy_cupy_array_equal()
    def test_leading_zeros_trimmed(self, xp, dtype):
        return xp.poly1d(xp.array([0, 0, 2, 0, 3], dtype))

    @pytest.mark.parametrize('variable', [None, 'z'])
    @testing.numpy_cupy_array_equal()
    def test_from_poly1d_keeps_variable(self, xp, variable):
        p = numpy.poly1d([1, 2, 3], variable='s')
        out = xp.poly1d(p, variable=variable)
        assert out.variable == (variable or 's')
        return out

    @testing.numpy_cupy_allclose(rtol=1e-6)
    def test_from_roots(self, xp):
        return xp.poly1d(xp.array([1.0, -2.0, 3.0]), r=True).coeffs

    @testing.for_dtypes('ifd')
    @testing.numpy_cupy_equal()
    def test_order_len_getitem(self, xp, dtype):
        p = xp.poly1d(xp.array([0, 4, 0, 1, 5], dtype))
        return (p.order, len(p), float(p[0]), float(p[2]), float(p[9]))

    @testing.numpy_cupy_array_equal()
    def test_setitem_grows(self, xp):
        p = xp.poly1d(xp.array([1, 2, 3]))
        p[5] = 7
        p[0] = -1
        return p

    def test_setitem_negative(self):
        for xp in (numpy, cupy):
            p = xp.poly1d([1, 2])
            with pytest.raises(ValueError):
                p[-1] = 3

    @pytest.mark.parametrize('op', ['add', 'sub', 'mul'])
    @pytest.mark.parametrize('other', ['poly', 'array', 'scalar'])
    @testing.numpy_cupy_allclose(rtol=1e-12)
    def test_arithmetic(self, xp, op, other):
        p = xp.poly1d(xp.array([1.0, -2.0, 0.5]))
        o = {'poly': xp.poly1d(xp.array([3.0, 1.0])),
             'array': xp.array([2.0, 0.0, 1.0, 4.0]),
             'scalar': 2.5}[other]
        f = {'add': lambda a, b: a + b, 'sub': lambda a, b: a - b,
             'mul': lambda a, b: a * b}[op]
        return f(p, o)

    @testing.numpy_cupy_allclose(rtol=1e-12)
    def test_array_on_the_left_is_elementwise(self, xp):
        p = xp.poly1d(xp.array([1.0, 2.0, 3.0]))
        return xp.array([1.0, 1.0, 1.0]) - p

    @testing.numpy_cupy_allclose(rtol=1e-12)
    def test_ufunc_takes_coefficients(self, xp):
        p = xp.poly1d(xp.array([1.0, 2.0, 3.0]))
        return xp.multiply(p, 2.0)

    @pytest.mark.parametrize('n', [0, 1, 2, 5])
    @testing.for_dtypes('bifd')
    @testing.numpy_cupy_allclose(rtol=1e-6)
    def test_pow(self, xp, dtype, n):
        return xp.poly1d(xp.array([1, 1, 2], dtype)) ** n

    @pytest.mark.parametrize('n', [-1, 2.5, [1]])
    def test_pow_invalid(self, n):
        for xp in (numpy, cupy):
            with pytest.raises(ValueError):
                xp.poly1d([1, 2]) ** n

    def test_pow_float_integral(self):
        for xp in (numpy, cupy):
            with pytest.raises(TypeError):
                xp.poly1d([1, 2]) ** 2.0

    @testing.numpy_cupy_allclose(rtol=1e-12)
    def test_call_deriv_integ(self, xp):
        p = xp.poly1d(xp.array([2.0, -1.0, 3.0, 0.5]))
        x = xp.array([0.0, 1.5, -2.0])
        return xp.concatenate([p(x), p.deriv()(x), p.deriv(2).coeffs,
                               p.integ(2, k=[1.0, 2.0]).coeffs])

    @testing.numpy_cupy_allclose(rtol=1e-10)
    def test_truediv(self, xp):
        p = xp.poly1d(xp.array([1.0, -3.0, 2.0, 5.0]))
        q, r = p / xp.poly1d(xp.array([1.0, -1.0]))
        return xp.concatenate([q.coeffs, r.coeffs, (p / 4).coeffs])

    def test_eq_repr_str_get_set(self):
        a = cupy.poly1d(cupy.array([1, 2, 3]), variable='t')
        n = numpy.poly1d([1, 2, 3], variable='t')
        assert a == cupy.poly1d(cupy.array([0, 1, 2, 3]))
        assert a != cupy.poly1d(cupy.array([1, 2, 4]))
        assert repr(a) == repr(n)
        assert str(a) == str(n)
        assert a.get() == n
        a.set(numpy.poly1d([4.0, 5.0], variable='u'))
        assert a.variable == 'u'
        testing.assert_array_equal(a.coeffs, [4.0, 5.0])

    def test_no_implicit_host_conversion(self):
        with pytest.raises(TypeError):
            numpy.asarray(cupy.poly1d(cupy.array([1, 2])))

    def test_2d_rejected(self):
        for xp in (numpy, cupy):
            with pytest.raises(ValueError):
                xp.poly1d(xp.ones((2, 2)))
