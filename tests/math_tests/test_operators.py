"""Python operators on cupy.ndarray: binary, reflected, in-place, unary,
comparisons, and __array_ufunc__, compared with NumPy."""

import operator

import numpy
import pytest

import cupy
from cupy import testing
from tests.math_tests.reference_provider import reference_provider

_BINARY = [operator.add, operator.sub, operator.mul, operator.truediv,
           operator.floordiv, operator.mod, operator.pow, operator.and_,
           operator.or_, operator.xor, operator.lshift, operator.rshift,
           operator.lt, operator.le, operator.eq, operator.ne, operator.gt,
           operator.ge, divmod]
_INPLACE = [operator.iadd, operator.isub, operator.imul, operator.itruediv,
            operator.ifloordiv, operator.imod, operator.ipow, operator.iand,
            operator.ior, operator.ixor, operator.ilshift, operator.irshift]


def _x(xp, dtype, second=False):
    a = testing.shaped_arange((2, 3), xp, dtype)
    if second:
        a = testing.shaped_reverse_arange((2, 3), xp, dtype)
    if numpy.dtype(dtype).kind in 'iu':
        a = a % 4 + (0 if second else 1)
    return a


@pytest.mark.parametrize('op', _BINARY, ids=lambda f: f.__name__)
@testing.for_all_dtypes_combination(names=('dtype_a', 'dtype_b'))
@testing.numpy_cupy_allclose(rtol={numpy.float16: 1e-3, 'default': 1e-6},
                             accept_error=(TypeError, ValueError))
def test_binary(xp, op, dtype_a, dtype_b):
    with numpy.errstate(all='ignore'):
        return op(_x(xp, dtype_a), _x(xp, dtype_b, True))


@pytest.mark.parametrize('op', _BINARY, ids=lambda f: f.__name__)
@pytest.mark.parametrize('scalar', [2, 1.5, True, numpy.int16(3)])
@testing.for_all_dtypes()
@testing.numpy_cupy_allclose(rtol={numpy.float16: 1e-3, 'default': 1e-6},
                             accept_error=(TypeError, ValueError))
def test_scalar_both_sides(xp, op, scalar, dtype):
    a = _x(xp, dtype)
    if (xp is numpy and op is operator.pow and dtype == numpy.bool_ and
            type(scalar) is int and scalar == 2):
        # CuPy's bool ** 2 keeps power's promotion (int64); NumPy's
        # operator takes square (int8)
        with numpy.errstate(all='ignore'):
            return numpy.power(a, scalar), op(scalar, a)
    with numpy.errstate(all='ignore'):
        r = op(a, scalar), op(scalar, a)
    if op is divmod:
        r = r[0] + r[1]
    return r


@pytest.mark.parametrize('op', _INPLACE, ids=lambda f: f.__name__)
@testing.for_all_dtypes_combination(names=('dtype_a', 'dtype_b'))
@testing.numpy_cupy_allclose(rtol={numpy.float16: 1e-3, 'default': 1e-6},
                             accept_error=(TypeError, ValueError))
def test_inplace(xp, op, dtype_a, dtype_b):
    a = _x(xp, dtype_a)
    b = _x(xp, dtype_b, True)
    with numpy.errstate(all='ignore'):
        r = op(a, b)
    assert r is a
    return a


@pytest.mark.parametrize('op', [operator.neg, operator.pos, operator.abs,
                                operator.invert], ids=lambda f: f.__name__)
@testing.for_all_dtypes()
@testing.numpy_cupy_allclose(accept_error=TypeError)
def test_unary(xp, op, dtype):
    return op(_x(xp, dtype) - (2 if numpy.dtype(dtype).kind in 'ifc' else 0))


@pytest.mark.parametrize('routes', ['provider', 'reference'])
@pytest.mark.parametrize('op', [operator.iadd, operator.imul,
                                operator.isub, operator.itruediv],
                         ids=lambda f: f.__name__)
def test_inplace_allocates_nothing(routes, op):
    a = cupy.arange(64, dtype=numpy.float32)
    b = cupy.arange(64, dtype=numpy.float32) + 1
    pool = cupy.get_default_memory_pool()
    ptr = a.data.ptr
    if routes == 'reference':
        ctx = reference_provider()
    else:
        ctx = numpy.errstate()
    with ctx:
        op(a, b)          # warm: plans and routes are cached
        used = pool.used_bytes()
        for _ in range(3):
            a = op(a, b)
            a = op(a, 2.0)
        assert pool.used_bytes() == used
    assert a.data.ptr == ptr


def test_inplace_same_kind():
    # a float into an int array: NumPy's UFuncTypeError (a TypeError)
    for xp in (numpy, cupy):
        a = xp.arange(3)
        with pytest.raises(numpy._core._exceptions._UFuncOutputCastingError):
            a += 1.5


def test_bool_subtract_error():
    for xp in (numpy, cupy):
        with pytest.raises(TypeError):
            xp.ones(2, bool) - xp.ones(2, bool)
        with pytest.raises(TypeError):
            -xp.ones(2, bool)


def test_host_operand():
    a = cupy.arange(3)
    with pytest.raises(TypeError):
        a + numpy.arange(3)
    with pytest.raises(TypeError):
        numpy.arange(3) + a
    with pytest.raises(TypeError):
        a + [1, 2, 3]
    with pytest.raises(TypeError):
        a + 'x'
    with pytest.raises(TypeError):
        a += numpy.arange(3)


def test_eq_with_other_types():
    # NumPy and CuPy: elementwise results, no element equals such an object
    a = cupy.arange(3)
    h = numpy.arange(3)
    for v in (None, 'x', b'x', Ellipsis, object(), numpy._NoValue):
        for r, e in ((a == v, h == v), (a != v, h != v),
                     (v == a, v == h), (v != a, v != h)):
            assert isinstance(r, cupy.ndarray)
            testing.assert_array_equal(r, e)


class _HasEq:
    def __eq__(self, other):
        return (other == 2) | (other == 4)


def test_eq_with_objects_defining_eq():
    a = cupy.arange(6)
    # the object's own __eq__ answers (Python's reflection), as in NumPy
    testing.assert_array_equal(a == _HasEq(), numpy.arange(6) == _HasEq())
    # NumPy negates that __eq__ per element for !=: refused here
    with pytest.raises(TypeError):
        a != _HasEq()


def test_unhashable():
    with pytest.raises(TypeError):
        hash(cupy.arange(3))


def test_pow_modulo():
    with pytest.raises(TypeError):
        pow(cupy.arange(3), 2, 3)


def test_array_ufunc():
    a = cupy.arange(4, dtype=numpy.float32)
    r = numpy.sin(a)
    assert isinstance(r, cupy.ndarray)
    testing.assert_allclose(r, numpy.sin(numpy.arange(4, dtype='f')))
    r = numpy.add.reduce(a)
    assert isinstance(r, cupy.ndarray) and float(r) == 6
    r = numpy.add.outer(a, a)
    assert isinstance(r, cupy.ndarray) and r.shape == (4, 4)
    with pytest.raises(TypeError):
        numpy.add(numpy.arange(4), a)


def test_matmul_operator():
    a = cupy.ones((2, 3), dtype=numpy.float32)
    b = cupy.ones((3, 2), dtype=numpy.float32)
    if not hasattr(cupy, 'matmul'):
        with pytest.raises(NotImplementedError):
            a @ b
        return
    testing.assert_allclose(a @ b, numpy.full((2, 2), 3, 'f'))


class TestMethods:

    @testing.for_all_dtypes(no_bool=True)
    @testing.numpy_cupy_allclose()
    def test_clip(self, xp, dtype):
        a = testing.shaped_arange((2, 3), xp, dtype)
        return a.clip(2, 4), a.clip(max=3), a.clip(min=3)

    @testing.for_all_dtypes(no_bool=True)
    @testing.numpy_cupy_allclose(rtol={numpy.float16: 1e-3,
                                       'default': 1e-6})
    def test_round(self, xp, dtype):
        a = testing.shaped_arange((2, 3), xp, dtype) * 1.37 if \
            numpy.dtype(dtype).kind in 'fc' else \
            testing.shaped_arange((2, 3), xp, dtype)
        return a.round(), a.round(1), a.round(-1)

    @testing.for_all_dtypes()
    @testing.numpy_cupy_allclose()
    def test_conj(self, xp, dtype):
        a = testing.shaped_arange((2, 3), xp, dtype)
        return a.conj(), a.conjugate()
