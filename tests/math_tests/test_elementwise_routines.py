"""clip, around/round, nan_to_num, real, imag, angle, where (three
arguments), sinc and i0, compared with NumPy."""

import numpy
import pytest

import cupy
from cupy import testing

_TOL = {numpy.float16: 1e-3, numpy.float32: 1e-6, numpy.complex64: 1e-6,
        'default': 1e-12}


pytestmark = pytest.mark.usefixtures('provider_routes')


def _a(xp, dtype, shape=(3, 4)):
    a = testing.shaped_arange(shape, xp, dtype)
    if numpy.dtype(dtype).kind in 'fc':
        a = a * 1.37 - 6
    return a


class TestClip:

    @testing.for_all_dtypes(no_bool=True)
    @testing.numpy_cupy_allclose()
    def test_scalars(self, xp, dtype):
        a = _a(xp, dtype)
        return xp.clip(a, 3, 8), xp.clip(a, 8, 3), xp.clip(a, None, 5), \
            xp.clip(a, 4, None)

    @testing.for_all_dtypes_combination(names=('dtype', 'bound_dtype'),
                                        no_bool=True)
    @testing.numpy_cupy_allclose(accept_error=TypeError)
    def test_arrays(self, xp, dtype, bound_dtype):
        a = _a(xp, dtype)
        lo = testing.shaped_arange((4,), xp, bound_dtype)
        return xp.clip(a, lo, 6)

    @testing.numpy_cupy_allclose()
    def test_out_and_nan(self, xp):
        a = xp.asarray(numpy.array([1.0, numpy.nan, -3.0, 7.0]))
        out = xp.zeros(4)
        xp.clip(a, -1, 2, out=out)
        return out, xp.clip(a, min=0, max=1)

    @testing.numpy_cupy_allclose()
    def test_out_of_range_python_int(self, xp):
        return xp.clip(testing.shaped_arange((5,), xp, numpy.int8), 1, 300)

    @testing.numpy_cupy_allclose()
    def test_none_none(self, xp):
        return xp.clip(_a(xp, 'f'), None, None)


class TestRound:

    @pytest.mark.parametrize('decimals', [0, 1, 2, -1, -2])
    @testing.for_all_dtypes(no_bool=True)
    @testing.numpy_cupy_allclose(rtol=_TOL)
    def test_round(self, xp, dtype, decimals):
        a = _a(xp, dtype) * (3 if numpy.dtype(dtype).kind in 'fc' else 7)
        return xp.around(a, decimals), xp.round(a, decimals)

    @testing.numpy_cupy_allclose()
    def test_half_to_even(self, xp):
        a = xp.asarray(numpy.array([0.5, 1.5, 2.5, -0.5, -2.5, 0.25, 0.35]))
        return xp.round(a), xp.round(a, 1)

    @testing.numpy_cupy_allclose(accept_error=TypeError)
    def test_bool(self, xp):
        a = xp.asarray(numpy.array([True, False]))
        return xp.round(a)

    def test_bool_decimals(self):
        for xp in (numpy, cupy):
            with pytest.raises(TypeError):
                xp.round(xp.asarray(numpy.array([True])), 1)

    @testing.numpy_cupy_allclose()
    def test_out(self, xp):
        out = xp.zeros((3, 4), 'f')
        xp.around(_a(xp, 'd'), 1, out=out)
        return out


class TestNanToNum:

    @testing.for_all_dtypes()
    @testing.numpy_cupy_allclose()
    def test_default(self, xp, dtype):
        a = _a(xp, dtype)
        if numpy.dtype(dtype).kind in 'fc':
            with numpy.errstate(all='ignore'):
                a = a / xp.asarray(numpy.array([0, 1, 0, 2], dtype))
        return xp.nan_to_num(a)

    @testing.for_float_dtypes()
    @testing.numpy_cupy_allclose()
    def test_values(self, xp, dtype):
        a = xp.asarray(numpy.array([numpy.nan, numpy.inf, -numpy.inf, 1],
                                   dtype))
        return xp.nan_to_num(a, nan=5, posinf=7, neginf=-9)

    @testing.for_complex_dtypes()
    @testing.numpy_cupy_allclose()
    def test_complex(self, xp, dtype):
        z = numpy.empty(3, dtype)
        z.real = [numpy.nan, numpy.inf, 1]
        z.imag = [-numpy.inf, numpy.nan, 2]
        return xp.nan_to_num(xp.asarray(z), nan=1.5)

    def test_copy_false(self):
        a = cupy.asarray(numpy.array([numpy.nan, 1.0]))
        r = cupy.nan_to_num(a, copy=False)
        assert r is a
        testing.assert_array_equal(a, [0.0, 1.0])


class TestComplexParts:

    @testing.for_all_dtypes()
    @testing.numpy_cupy_allclose(rtol=_TOL)
    def test_real_imag_angle(self, xp, dtype):
        a = _a(xp, dtype)
        return xp.real(a), xp.imag(a), xp.angle(a), xp.angle(a, deg=True)

    @testing.numpy_cupy_allclose()
    def test_real_view(self, xp):
        a = _a(xp, numpy.complex128)
        xp.real(a)[...] = 3
        return a


class TestWhere:

    @testing.for_all_dtypes_combination(names=('dtype_x', 'dtype_y'))
    @testing.numpy_cupy_allclose()
    def test_dtypes(self, xp, dtype_x, dtype_y):
        c = testing.shaped_arange((3, 4), xp, numpy.int32) % 3 == 0
        return xp.where(c, _a(xp, dtype_x), _a(xp, dtype_y, (4,)))

    @pytest.mark.parametrize('x,y', [(1, 2.5), (3, 0), (True, 1j)])
    @testing.numpy_cupy_allclose()
    def test_scalars(self, xp, x, y):
        c = testing.shaped_arange((2, 3), xp, numpy.int32) % 2
        return xp.where(c, x, y), xp.where(c, _a(xp, 'f', (2, 3)), x)

    @testing.numpy_cupy_allclose()
    def test_nonbool_condition_and_broadcast(self, xp):
        c = _a(xp, 'f', (3, 1)) > 0
        return xp.where(c, _a(xp, 'i1', (1, 4)), _a(xp, 'u1', (4,)))

    @testing.numpy_cupy_allclose()
    def test_all_scalars(self, xp):
        return xp.where(True, 1, 2.5)

    def test_one_argument(self):
        r = cupy.where(cupy.asarray([0, 1, 0, 2]))
        testing.assert_array_equal(r[0], [1, 3])

    def test_errors(self):
        with pytest.raises(ValueError):
            cupy.where(cupy.ones(2), cupy.ones(2))
        with pytest.raises(TypeError):
            cupy.where(cupy.ones(2, bool), numpy.ones(2), 0)


class TestSincI0:

    @testing.for_all_dtypes(no_bool=True, no_complex=True)
    @testing.numpy_cupy_allclose(rtol=_TOL, atol=1e-6)
    def test_sinc(self, xp, dtype):
        return xp.sinc(_a(xp, dtype) / 3)

    @testing.for_dtypes('efdFD')
    def test_sinc_at_zero_is_one(self, dtype):
        # exactly 1, float16 too (NumPy's 1e-20 trick is 0 in float16)
        x = cupy.array([0, -0.0, 0.5], dtype)
        r = cupy.sinc(x)
        assert r.dtype == x.dtype
        testing.assert_array_equal(r[:2], cupy.ones(2, dtype))
        testing.assert_allclose(r[2], 2 / numpy.pi, rtol=1e-3)

    @testing.for_all_dtypes(no_complex=True)
    @testing.numpy_cupy_allclose(rtol=_TOL)
    def test_i0(self, xp, dtype):
        return xp.i0(_a(xp, dtype))

    def test_i0_complex(self):
        for xp in (numpy, cupy):
            with pytest.raises(TypeError):
                xp.i0(xp.ones(2, complex))
