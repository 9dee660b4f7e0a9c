import numpy
import pytest

import cupy
from cupy import testing


P = 'polynomial.polynomial'


def _mod(xp, name):
    m = xp.polynomial
    for part in name.split('.')[1:]:
        m = getattr(m, part)
    return m


class TestPowerSeries:

    @pytest.mark.parametrize('shape,deg', [((5,), 3), ((2, 3), 2), ((), 4)])
    @testing.for_dtypes('ifdD')
    @testing.numpy_cupy_allclose(rtol=1e-6)
    def test_polyvander(self, xp, dtype, shape, deg):
        x = testing.shaped_arange(shape, xp, dtype)
        return xp.polynomial.polynomial.polyvander(x, deg)

    def test_polyvander_bad_degree(self):
        for xp in (numpy, cupy):
            pp = xp.polynomial.polynomial
            with pytest.raises(ValueError):
                pp.polyvander(xp.ones(3), -1)
            with pytest.raises(TypeError):
                pp.polyvander(xp.ones(3), 2.0)

    @pytest.mark.parametrize('c', [[1, 2, 3, 4], [3, 5, 7, 0, 0], [1, 2]])
    @testing.numpy_cupy_allclose(rtol=1e-12)
    def test_polycompanion(self, xp, c):
        return xp.polynomial.polynomial.polycompanion(
            xp.array(c, numpy.float64))

    @pytest.mark.parametrize('c', [[1.0], [0.0, 0.0], [5.0, 0.0]])
    def test_polycompanion_too_short(self, c):
        for xp in (numpy, cupy):
            with pytest.raises(ValueError):
                xp.polynomial.polynomial.polycompanion(xp.array(c))

    @pytest.mark.parametrize('tensor', [True, False])
    @testing.numpy_cupy_allclose(rtol=1e-12)
    def test_polyval(self, xp, tensor):
        c = xp.array([[1.0, 2.0], [0.5, -1.0], [3.0, 0.0]])
        x = xp.array([0.5, 2.0])
        return xp.polynomial.polynomial.polyval(x, c, tensor=tensor)

    @testing.numpy_cupy_allclose(rtol=1e-12)
    def test_polyvalfromroots(self, xp):
        return xp.polynomial.polynomial.polyvalfromroots(
            xp.array([0.0, 1.5, 3.0]), xp.array([1.0, 2.0, -1.0]))

    @pytest.mark.parametrize('name', ['polyadd', 'polysub', 'polymul'])
    @testing.numpy_cupy_allclose(rtol=1e-12)
    def test_arithmetic(self, xp, name):
        f = getattr(xp.polynomial.polynomial, name)
        return f(xp.array([1.0, 2.0, 3.0]), xp.array([1.0, 2.0, -3.0]))

    @testing.numpy_cupy_allclose(rtol=1e-12)
    def test_calculus(self, xp):
        pp = xp.polynomial.polynomial
        c = xp.array([1.0, 2.0, 3.0, 4.0])
        return xp.concatenate([
            pp.polyder(c), pp.polyder(c, 2, scl=0.5),
            pp.polyint(c), pp.polyint(c, 2, k=[1.0, 2.0], lbnd=1.0),
            pp.polymulx(c), pp.polyfromroots(xp.array([1.0, -2.0]))])

    @testing.numpy_cupy_allclose(rtol=1e-10)
    def test_polyroots(self, xp):
        return xp.polynomial.polynomial.polyroots(
            xp.array([-6.0, 11.0, -6.0, 1.0]))


class TestPolyutils:

    @pytest.mark.parametrize('trim', [True, False])
    @testing.numpy_cupy_array_equal()
    def test_as_series(self, xp, trim):
        a = xp.array([[1, 2, 0], [3, 0, 0]], numpy.int32)
        return xp.polynomial.polyutils.as_series(a, trim=trim)

    def test_as_series_bool_no_common_type(self):
        for xp in (numpy, cupy):
            with pytest.raises(ValueError):
                xp.polynomial.polyutils.as_series([xp.ones(3, bool)])

    @testing.numpy_cupy_array_equal()
    def test_trimseq_view(self, xp):
        a = xp.array([1.0, 2.0, 0.0, 0.0])
        b = xp.polynomial.polyutils.trimseq(a)
        assert xp.shares_memory(a, b)
        return b

    @pytest.mark.parametrize('tol', [0, 0.01, 10])
    @testing.numpy_cupy_array_equal()
    def test_trimcoef(self, xp, tol):
        a = xp.array([1.0, 0.5, 0.0, 0.005, 0.0])
        return xp.polynomial.polyutils.trimcoef(a, tol)

    def test_trimcoef_negative_tol(self):
        for xp in (numpy, cupy):
            with pytest.raises(ValueError):
                xp.polynomial.polyutils.trimcoef(xp.ones(2), -1)
