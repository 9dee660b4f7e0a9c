"""The assertions of cupy.testing, with NumPy and CuPy arrays on either
side."""

import numpy
import pytest

import cupy
from cupy import testing


MODULES = [numpy, cupy]


def _values():
    return numpy.random.RandomState(0).uniform(-1, 1, (2, 3))


@pytest.mark.parametrize('assertion', [
    testing.assert_allclose, testing.assert_array_almost_equal,
    testing.assert_array_almost_equal_nulp, testing.assert_array_max_ulp,
    testing.assert_array_equal])
@pytest.mark.parametrize('xp_x', MODULES, ids=['numpy', 'cupy'])
@pytest.mark.parametrize('xp_y', MODULES, ids=['numpy', 'cupy'])
class TestEqualityAssertions:

    def test_equal(self, assertion, xp_x, xp_y):
        val = _values()
        assertion(xp_x.array(val), xp_y.array(val))

    def test_unequal_values(self, assertion, xp_x, xp_y):
        val = _values()
        with pytest.raises(AssertionError):
            assertion(xp_x.array(val), xp_y.array(val + 1))

    def test_unequal_shapes(self, assertion, xp_x, xp_y):
        val = _values()
        with pytest.raises((AssertionError, ValueError)):
            assertion(xp_x.array(val), xp_y.array(val[:1]))


@pytest.mark.parametrize('xp_x', MODULES, ids=['numpy', 'cupy'])
@pytest.mark.parametrize('xp_y', MODULES, ids=['numpy', 'cupy'])
class TestLess:

    def test_less(self, xp_x, xp_y):
        val = _values()
        testing.assert_array_less(xp_x.array(val), xp_y.array(val + 1))

    def test_not_less(self, xp_x, xp_y):
        val = _values()
        with pytest.raises(AssertionError):
            testing.assert_array_less(xp_x.array(val + 1), xp_y.array(val))

    def test_equal_is_not_less(self, xp_x, xp_y):
        val = _values()
        with pytest.raises(AssertionError):
            testing.assert_array_less(xp_x.array(val), xp_y.array(val))


class TestTolerances:

    def test_allclose_rtol(self):
        a = numpy.array([1.0, 2.0])
        testing.assert_allclose(cupy.array(a * (1 + 1e-6)), a, rtol=1e-5)
        with pytest.raises(AssertionError):
            testing.assert_allclose(cupy.array(a * (1 + 1e-4)), a,
                                    rtol=1e-5)

    def test_allclose_atol(self):
        a = numpy.array([0.0, 1.0])
        testing.assert_allclose(cupy.array(a + 1e-3), a, atol=1e-2)
        with pytest.raises(AssertionError):
            testing.assert_allclose(cupy.array(a + 1e-1), a, atol=1e-2)

    def test_allclose_positional_order(self):
        # CuPy's order: rtol, atol, equal_nan, err_msg, verbose.
        a = numpy.array([numpy.nan, 1.0])
        testing.assert_allclose(a, a.copy(), 1e-7, 0, True)
        with pytest.raises(AssertionError, match='custom message'):
            testing.assert_allclose(a, a + 1, 1e-7, 0, True,
                                    'custom message')

    def test_allclose_equal_nan(self):
        a = numpy.array([numpy.nan])
        testing.assert_allclose(a, a.copy())
        with pytest.raises(AssertionError):
            testing.assert_allclose(a, a.copy(), equal_nan=False)

    def test_almost_equal_decimal(self):
        a = numpy.array([1.0])
        testing.assert_array_almost_equal(cupy.array(a + 1e-4), a,
                                          decimal=3)
        with pytest.raises(AssertionError):
            testing.assert_array_almost_equal(cupy.array(a + 1e-4), a,
                                              decimal=5)

    def test_nulp(self):
        a = numpy.array([1.0], dtype=numpy.float32)
        b = numpy.nextafter(a, numpy.float32(2))
        testing.assert_array_almost_equal_nulp(cupy.array(a), b, nulp=1)
        c = numpy.nextafter(b, numpy.float32(2))
        c = numpy.nextafter(c, numpy.float32(2))
        with pytest.raises(AssertionError):
            testing.assert_array_almost_equal_nulp(cupy.array(a), c, nulp=1)

    def test_max_ulp(self):
        a = numpy.array([1.0], dtype=numpy.float32)
        b = numpy.nextafter(numpy.nextafter(a, numpy.float32(2)),
                            numpy.float32(2))
        testing.assert_array_max_ulp(cupy.array(a), b, maxulp=2)
        with pytest.raises(AssertionError):
            testing.assert_array_max_ulp(cupy.array(a), b, maxulp=1)


class TestArrayEqualOptions:

    def test_strict_dtype(self):
        a = numpy.arange(3)
        testing.assert_array_equal(cupy.array(a), a.astype(numpy.float64))
        with pytest.raises(AssertionError):
            testing.assert_array_equal(cupy.array(a),
                                       a.astype(numpy.float64), strict=True)

    def test_err_msg(self):
        with pytest.raises(AssertionError, match='my message'):
            testing.assert_array_equal(numpy.array([1]), numpy.array([2]),
                                       err_msg='my message')

    def test_strides_check_numpy(self):
        a = numpy.arange(6.0).reshape(2, 3)
        testing.assert_array_equal(a, a.copy(), strides_check=True)
        with pytest.raises(AssertionError, match='Strides are not equal'):
            testing.assert_array_equal(a, numpy.asfortranarray(a),
                                       strides_check=True)
        # Without the check only the values count.
        testing.assert_array_equal(a, numpy.asfortranarray(a))

    def test_strides_check_cupy(self):
        a = numpy.arange(6.0).reshape(2, 3)
        testing.assert_array_equal(cupy.array(a), a, strides_check=True)
        with pytest.raises(AssertionError, match='Strides are not equal'):
            testing.assert_array_equal(cupy.array(a[:, :2].copy()),
                                       a[:, :2], strides_check=True)

    def test_strides_check_fake_device(self, fake_cupy):
        a = numpy.arange(6.0).reshape(2, 3)
        testing.assert_array_equal(fake_cupy(a), a, strides_check=True)
        with pytest.raises(AssertionError, match='Strides are not equal'):
            testing.assert_array_equal(
                fake_cupy(numpy.asfortranarray(a)), a, strides_check=True)


def _convert(xs, how, rs):
    if how == 'numpy':
        return list(xs)
    if how == 'cupy':
        return [cupy.array(x) for x in xs]
    return [cupy.array(x) if rs.randint(0, 2) else x for x in xs]


@pytest.mark.parametrize('how_x', ['numpy', 'cupy', 'mixed'])
@pytest.mark.parametrize('how_y', ['numpy', 'cupy', 'mixed'])
class TestArrayListEqual:

    def _lists(self, how_x, how_y):
        rs = numpy.random.RandomState(1)
        xs = [rs.uniform(-1, 1, (2, 3)) for _ in range(6)]
        ys = [x.copy() for x in xs]
        return _convert(xs, how_x, rs), _convert(ys, how_y, rs)

    def test_equal(self, how_x, how_y):
        xs, ys = self._lists(how_x, how_y)
        testing.assert_array_list_equal(xs, ys)

    def test_unequal(self, how_x, how_y):
        xs, ys = self._lists(how_x, how_y)
        ys[0] = numpy.zeros((2, 3))
        with pytest.raises(AssertionError, match='^\nArrays are not equal'):
            testing.assert_array_list_equal(xs, ys)


class TestArrayListEqualStructure:

    def test_tuples(self):
        testing.assert_array_list_equal(
            (numpy.array([1]),), (cupy.array(numpy.array([1])),))

    def test_list_and_tuple(self):
        with pytest.raises(AssertionError, match='Matching types'):
            testing.assert_array_list_equal([numpy.array([1])],
                                            (numpy.array([1]),))

    def test_not_a_list(self):
        with pytest.raises(AssertionError, match='List or tuple'):
            testing.assert_array_list_equal(numpy.array([1]),
                                            numpy.array([1]))

    def test_lengths(self):
        with pytest.raises(AssertionError, match='List size'):
            testing.assert_array_list_equal([numpy.array([1])], [])

    def test_shapes(self):
        with pytest.raises(AssertionError):
            testing.assert_array_list_equal([numpy.array([1, 1])],
                                            [numpy.array([1])])
