import numpy
import pytest

import cupy
from cupy import testing


class TestPolyRoutines:

    @pytest.mark.parametrize('pshape,xshape', [
        ((4,), (5,)), ((1,), (2, 3)), ((3,), ()), ((0,), (3,))])
    @testing.for_dtypes('ilfdD')
    @testing.numpy_cupy_allclose(rtol=1e-6, type_check=True)
    def test_polyval(self, xp, dtype, pshape, xshape):
        p = testing.shaped_arange(pshape, xp, dtype)
        x = testing.shaped_arange(xshape, xp, dtype) - 2
        return xp.polyval(p, x)

    @pytest.mark.parametrize('name', ['polyadd', 'polysub', 'polymul'])
    @pytest.mark.parametrize('s1,s2', [((3,), (5,)), ((5,), (2,)),
                                       ((4,), (4,)), ((), (3,))])
    @testing.for_dtypes('ifd')
    @testing.numpy_cupy_allclose(type_check=True)
    def test_binary(self, xp, dtype, name, s1, s2):
        a = testing.shaped_arange(s1, xp, dtype)
        b = testing.shaped_arange(s2, xp, dtype)[::-1]
        return getattr(xp, name)(a, b)

    @pytest.mark.parametrize('m', [0, 1, 2, 5])
    @testing.for_dtypes('ifd')
    @testing.numpy_cupy_allclose(type_check=True)
    def test_polyder(self, xp, dtype, m):
        return xp.polyder(testing.shaped_arange((4,), xp, dtype), m)

    @pytest.mark.parametrize('m,k', [(0, None), (1, None), (2, 3.0),
                                     (3, [1.0, 2.0, 3.0]), (1, [5.0])])
    @testing.numpy_cupy_allclose(type_check=True)
    def test_polyint(self, xp, m, k):
        return xp.polyint(testing.shaped_arange((4,), xp, numpy.float64),
                          m, k)

    @pytest.mark.parametrize('call', [
        lambda xp: xp.polyder(xp.ones(3), -1),
        lambda xp: xp.polyint(xp.ones(3), -1),
        lambda xp: xp.polyint(xp.ones(3), 3, [1.0, 2.0])])
    def test_errors(self, call):
        for xp in (numpy, cupy):
            with pytest.raises(ValueError):
                call(xp)
