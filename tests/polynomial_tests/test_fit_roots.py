import warnings

import numpy
import pytest

import cupy
from cupy import testing


class TestPolyFit:

    @pytest.mark.parametrize('deg', [0, 1, 3])
    @pytest.mark.parametrize('yshape', [(6,), (6, 2)])
    @pytest.mark.parametrize('weighted', [False, True])
    @testing.for_dtypes('ifd')
    @testing.numpy_cupy_allclose(rtol=1e-5, atol=1e-6)
    def test_fit(self, xp, dtype, deg, yshape, weighted):
        x = testing.shaped_arange((6,), xp, dtype)
        y = testing.shaped_random(yshape, xp, dtype, seed=1)
        w = x if weighted else None
        return xp.polyfit(x, y, deg, w=w)

    @testing.numpy_cupy_allclose(rtol=1e-6, atol=1e-8)
    def test_full(self, xp):
        x = xp.linspace(0, 1, 9)
        y = xp.sin(3 * x)
        c, res, rank, s, rcond = xp.polyfit(x, y, 3, full=True)
        assert rank == 4
        return xp.concatenate([c, res, s, xp.array([rcond])])

    @pytest.mark.parametrize('cov', [True, 'unscaled'])
    @testing.numpy_cupy_allclose(rtol=1e-6, atol=1e-10)
    def test_cov(self, xp, cov):
        x = xp.linspace(0, 2, 8)
        y = xp.stack([x ** 2 + 0.1 * xp.cos(7 * x), x - 1], axis=1)
        c, v = xp.polyfit(x, y, 2, cov=cov)
        return xp.concatenate([c.ravel(), v.ravel()])

    def test_rank_warning(self):
        from cupy.exceptions import RankWarning
        for xp in (numpy, cupy):
            x = xp.arange(4.0)
            with pytest.warns(RankWarning):
                xp.polyfit(x, x, 6)

    @pytest.mark.parametrize('args,err', [
        (((3,), (3,), -1), ValueError),
        (((3, 1), (3,), 1), TypeError),
        (((3,), (4,), 1), TypeError),
        (((0,), (0,), 1), TypeError),
    ])
    def test_invalid(self, args, err):
        xs, ys, deg = args
        for xp in (numpy, cupy):
            with pytest.raises(err):
                xp.polyfit(xp.ones(xs), xp.ones(ys), deg)

    def test_cov_needs_more_points(self):
        for xp in (numpy, cupy):
            with warnings.catch_warnings():
                warnings.simplefilter('ignore')
                with pytest.raises(ValueError):
                    xp.polyfit(xp.arange(3.0), xp.arange(3.0), 2, cov=True)


class TestRootsPoly:

    @pytest.mark.parametrize('p', [[1, -3, 2], [2, 0, -8], [1, 0, 1],
                                   [0, 0, 1, -1, 0, 0], [5], [0, 0]])
    @testing.numpy_cupy_allclose(rtol=1e-10, atol=1e-12)
    def test_roots(self, xp, p):
        r = xp.roots(xp.array(p, dtype=numpy.float64))
        # sorted on values rounded past the noise of the eigenvalue
        # solver (x**2 + 1's roots have real parts of +-1e-16 or 0)
        return xp.sort(xp.around(r, 9))

    def test_roots_0d(self):
        for xp in (numpy, cupy):
            with pytest.raises(TypeError):
                xp.roots(xp.array(1.0))

    @testing.for_dtypes('ifdD')
    @testing.numpy_cupy_allclose(rtol=1e-6)
    def test_poly_of_roots(self, xp, dtype):
        return xp.poly(testing.shaped_arange((4,), xp, dtype))

    @testing.numpy_cupy_allclose(rtol=1e-8)
    def test_poly_of_matrix(self, xp):
        a = xp.array([[2.0, 1.0], [1.0, 3.0]])
        return xp.poly(a)

    @testing.numpy_cupy_allclose(rtol=1e-8)
    def test_poly_conjugate_roots_real(self, xp):
        return xp.poly(xp.array([1 + 2j, 1 - 2j, 3.0]))

    def test_poly_empty_and_bad(self):
        assert cupy.poly(cupy.zeros(0)) == 1.0
        for xp in (numpy, cupy):
            with pytest.raises(ValueError):
                xp.poly(xp.ones((2, 3)))

    @testing.numpy_cupy_allclose(rtol=1e-12)
    def test_polydiv(self, xp):
        q, r = xp.polydiv(xp.array([1.0, -3.0, 0.0, 2.0]),
                          xp.array([1.0, 2.0]))
        return xp.concatenate([q, r])

    def test_routines_return_poly1d(self):
        a = cupy.poly1d(cupy.array([1.0, 2.0]))
        assert isinstance(cupy.polyadd(a, cupy.array([1.0])), cupy.poly1d)
        assert isinstance(cupy.polymul(cupy.array([1.0]), a), cupy.poly1d)
        assert isinstance(cupy.polyder(a), cupy.poly1d)
        assert not isinstance(cupy.polysub(cupy.ones(2), cupy.ones(1)),
                              cupy.poly1d)
