"""diff, ediff1d, gradient, trapezoid, unwrap, convolve, fix,
real_if_close and cross against NumPy."""

import numpy
import pytest

import cupy
from cupy import testing


@pytest.mark.parametrize('n,axis', [(1, -1), (2, 0), (0, 1), (3, 1)])
@testing.for_all_dtypes()
@testing.numpy_cupy_allclose()
def test_diff(xp, dtype, n, axis):
    a = testing.shaped_random((4, 5), xp, dtype, seed=1)
    return xp.diff(a, n=n, axis=axis)


@testing.numpy_cupy_allclose()
def test_diff_prepend_append(xp):
    a = testing.shaped_arange((2, 3), xp, 'f')
    return xp.diff(a, prepend=0, append=xp.ones((2, 1), 'f'))


@testing.for_all_dtypes(no_bool=True)
@testing.numpy_cupy_allclose()
def test_ediff1d(xp, dtype):
    a = testing.shaped_arange((2, 3), xp, dtype)
    return xp.ediff1d(a, to_begin=xp.array([1], dtype),
                      to_end=xp.array([5, 6], dtype))


@pytest.mark.parametrize('edge_order', [1, 2])
@pytest.mark.parametrize('spacing', [(), (2.0,), (1.5, 'arr')])
@testing.for_dtypes('ifd')
@testing.numpy_cupy_allclose(rtol=1e-5)
def test_gradient(xp, dtype, edge_order, spacing):
    f = testing.shaped_random((5, 6), xp, dtype, seed=2)
    args = [xp.array([0., 1., 3., 3.5, 5., 8.]) if s == 'arr' else s
            for s in spacing]
    return xp.gradient(f, *args, edge_order=edge_order)


def test_gradient_bool_raises():
    with pytest.raises(TypeError):
        cupy.gradient(cupy.ones(4, bool))


@testing.for_float_dtypes()
@testing.numpy_cupy_allclose(rtol=1e-5)
def test_trapezoid(xp, dtype):
    y = testing.shaped_arange((3, 4), xp, dtype)
    x = xp.array([0., 1., 3., 7.], dtype)
    return xp.trapezoid(y), xp.trapezoid(y, x=x), xp.trapezoid(y, dx=2,
                                                                axis=0)


@pytest.mark.parametrize('kw', [{}, {'discont': 2.0}, {'period': 4},
                                {'axis': 0}])
@testing.numpy_cupy_allclose()
def test_unwrap(xp, kw):
    p = testing.shaped_random((4, 6), xp, 'd', scale=20, seed=3)
    return xp.unwrap(p, **kw)


@pytest.mark.parametrize('mode', ['full', 'same', 'valid'])
@pytest.mark.parametrize('n,m', [(5, 3), (3, 5), (1, 4), (6, 6)])
@testing.for_all_dtypes_combination(('d1', 'd2'), full=False)
@testing.numpy_cupy_allclose(rtol=1e-5)
def test_convolve(xp, d1, d2, mode, n, m):
    a = testing.shaped_arange((n,), xp, d1)
    v = testing.shaped_arange((m,), xp, d2)[::-1]
    return xp.convolve(a, v, mode=mode)


def test_convolve_errors():
    with pytest.raises(ValueError):
        cupy.convolve(cupy.ones(0), cupy.ones(3))
    with pytest.raises(ValueError):
        cupy.convolve(cupy.ones((2, 2)), cupy.ones(3))


@testing.for_all_dtypes(no_complex=True)
@testing.numpy_cupy_array_equal()
def test_fix(xp, dtype):
    a = testing.shaped_random((10,), xp, dtype, scale=10, seed=4)
    if numpy.dtype(dtype).kind == 'f':
        a = a - 5
    # NumPy 2.5 deprecates numpy.fix for numpy.trunc (the same values and
    # dtypes); CuPy keeps fix
    return cupy.fix(a) if xp is cupy else numpy.trunc(a)


@pytest.mark.parametrize('imag', [0.0, 1e-20, 1e-3])
@testing.numpy_cupy_array_equal()
def test_real_if_close(xp, imag):
    a = xp.array([1 + imag * 1j, 2], 'D')
    return xp.real_if_close(a)


@pytest.mark.filterwarnings('ignore::DeprecationWarning')
@pytest.mark.parametrize('shapes', [((3,), (3,)), ((2, 3), (1, 3)),
                                    ((4, 2), (4, 3)), ((3, 3), (3, 2)),
                                    ((5, 2), (5, 2))])
@testing.for_all_dtypes_combination(('d1', 'd2'), no_bool=True, full=False)
# NumPy 2.5 refuses 2-element vectors (ValueError): both must then raise
@testing.numpy_cupy_allclose(accept_error=ValueError)
def test_cross(xp, d1, d2, shapes):
    a = testing.shaped_arange(shapes[0], xp, d1)
    b = testing.shaped_arange(shapes[1], xp, d2)[..., ::-1]
    return xp.cross(a, b)


@testing.numpy_cupy_allclose()
def test_linalg_cross_axis(xp):
    a = testing.shaped_arange((3, 4), xp, 'f')
    b = testing.shaped_arange((3, 4), xp, 'f') ** 2
    return xp.linalg.cross(a, b, axis=0), xp.cross(a, b, axisa=0, axisb=0,
                                                   axisc=0)


def test_linalg_cross_needs_3_vectors():
    with pytest.raises(ValueError):
        cupy.linalg.cross(cupy.ones(2), cupy.ones(2))


@pytest.mark.parametrize('kwarg', ['nan', 'posinf', 'neginf'])
@pytest.mark.parametrize('shape', [(2, 4), (2, 1), (4,)])
@testing.for_dtypes('fdD')
@testing.numpy_cupy_array_equal()
def test_nan_to_num_array_values(xp, dtype, kwarg, shape):
    x = xp.asarray([[0, 1, numpy.nan, 4], [-numpy.inf, numpy.inf, 12, 13]],
                   dtype=dtype)
    if numpy.dtype(dtype).kind == 'c':
        x = x + x[::-1] * 1j
    y = testing.shaped_arange(shape, xp, 'd') + 100
    return xp.nan_to_num(x, **{kwarg: y})


def test_nan_to_num_array_values_must_broadcast_to_x():
    for xp in (numpy, cupy):
        with pytest.raises(ValueError):
            xp.nan_to_num(xp.ones(4), nan=xp.zeros((2, 4)))


def test_clip_needs_both_positional_bounds():
    a = cupy.arange(5.0)
    for xp, x in ((numpy, a.get()), (cupy, a)):
        with pytest.raises(TypeError):
            xp.clip(x, 3)
        with pytest.raises(TypeError):
            xp.clip(x, a_max=3)
    testing.assert_array_equal(cupy.clip(a, min=3),
                               numpy.clip(a.get(), min=3))
