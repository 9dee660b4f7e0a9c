"""The CUDA provider against NumPy: generated elementwise kernels (flat,
vectorised, strided, scalar operands, NumPy's edge semantics),
reductions over axis sets, cuBLAS and integer matrix products."""

import numpy
import pytest

import cupy
from cupy import testing

_EDGE_F = numpy.array([0.0, -0.0, 1.5, -2.5, 3.0, -7.0, numpy.inf, -numpy.inf,
                       numpy.nan, 1e-30, 5.5, -0.5])
_EDGE_I = numpy.array([0, 1, -1, 7, -7, 3, -128, 127, 5, -5, 2, -3])


def _data(dtype, n=12):
    dtype = numpy.dtype(dtype)
    if dtype.kind == 'f':
        return numpy.resize(_EDGE_F, n).astype(dtype)
    if dtype.kind == 'c':
        return (numpy.resize(_EDGE_F, n) + 1j * numpy.resize(
            _EDGE_F[::-1], n)).astype(dtype)
    if dtype.kind == 'b':
        return numpy.resize([True, False, True], n).astype(dtype)
    return numpy.resize(_EDGE_I, n).astype(dtype)


@pytest.mark.parametrize('name', ['add', 'subtract', 'multiply',
                                  'floor_divide', 'remainder', 'fmod',
                                  'maximum', 'minimum', 'fmax', 'fmin',
                                  'power', 'equal', 'less', 'logical_and',
                                  'bitwise_and', 'left_shift', 'divide',
                                  'arctan2', 'copysign', 'logaddexp'])
@testing.for_all_dtypes(no_float16=False)
def test_binary_edges(name, dtype):
    uf = getattr(numpy, name)
    a, b = _data(dtype), _data(dtype)[::-1].copy()
    if name == 'power' and numpy.dtype(dtype).kind in 'iu':
        b = numpy.abs(b) % 5
    if name == 'power' and numpy.dtype(dtype).kind == 'c':
        # infinite complex powers: C99 Annex G cases not followed (TODO.md)
        a = numpy.nan_to_num(a)
        b = (numpy.abs(numpy.nan_to_num(b)) % 3).astype(dtype)
    try:
        with numpy.errstate(all='ignore'):
            want = uf(a, b)
    except TypeError:
        return
    with numpy.errstate(all='ignore'):
        want = uf(a, b)
    got = getattr(cupy, name)(cupy.asarray(a), cupy.asarray(b))
    testing.assert_allclose(got.get(), want, rtol=1e-3 if dtype == numpy.float16 else 1e-6, equal_nan=True)


@pytest.mark.parametrize('name', ['negative', 'absolute', 'sign', 'sqrt',
                                  'exp', 'log', 'cos', 'sin', 'tanh',
                                  'floor', 'ceil', 'trunc', 'rint', 'isnan',
                                  'isinf', 'signbit', 'square', 'invert',
                                  'logical_not', 'expm1', 'log1p'])
@testing.for_all_dtypes(no_float16=False)
def test_unary_edges(name, dtype):
    uf = getattr(numpy, name)
    a = _data(dtype)
    if a.dtype.kind == 'c':
        # infinite complex arguments: C99 Annex G cases not followed
        a = numpy.nan_to_num(a, posinf=3.0, neginf=-2.0)
    try:
        with numpy.errstate(all='ignore'):
            want = uf(a)
    except TypeError:
        return
    got = getattr(cupy, name)(cupy.asarray(a))
    # CUDA's float32 functions are within 2 ulp of the exact value
    # (CUDA C Programming Guide, "Mathematical Functions"), NumPy's too
    rtol = {'e': 1e-3, 'f': 1e-6, 'F': 1e-6}.get(want.dtype.char, 1e-12)
    testing.assert_allclose(got.get(), want, rtol=rtol, atol=rtol,
                            equal_nan=True)


@pytest.mark.parametrize('shape,sl', [((1000,), slice(None, None, 3)),
                                      ((64, 65), (slice(None), slice(1, None, 2))),
                                      ((7, 8, 9), (slice(None, None, -1),))])
def test_strided_and_broadcast(shape, sl):
    a = numpy.random.default_rng(0).standard_normal(shape).astype(numpy.float32)
    b = numpy.float32(2.5)
    da = cupy.asarray(a)[sl]
    testing.assert_allclose((da * b + da).get(), a[sl] * b + a[sl], rtol=1e-6)
    row = cupy.asarray(a[..., :1])
    testing.assert_allclose((cupy.asarray(a) - row).get(), a - a[..., :1])


@pytest.mark.parametrize('n', [1, 7, 4096 + 3, 1 << 20])
def test_vectorised_tails(n):
    a = numpy.arange(n, dtype=numpy.float32)
    da = cupy.asarray(a)
    testing.assert_array_equal((da + da).get(), a + a)
    testing.assert_array_equal((da[1:] + da[:-1]).get(), a[1:] + a[:-1])


@testing.for_all_dtypes(no_float16=False)
def test_copy_casts(dtype):
    a = _data(numpy.float64)
    for src in (numpy.float32, numpy.int64, numpy.complex64, numpy.bool_):
        x = a.astype(src) if numpy.dtype(src).kind != 'b' else a != 0
        with numpy.errstate(all='ignore'):
            want = x.astype(dtype)
        d = cupy.asarray(x).astype(dtype)
        if numpy.dtype(dtype).kind in 'iu' and numpy.dtype(src).kind in 'fc':
            fin = numpy.isfinite(x.real if x.dtype.kind == 'c' else x)
            testing.assert_array_equal(d.get()[fin], want[fin])
        else:
            testing.assert_array_equal(d.get(), want)


@pytest.mark.parametrize('name', ['sum', 'prod', 'max', 'min', 'argmax',
                                  'argmin', 'mean', 'all', 'any', 'nansum',
                                  'nanmax', 'count_nonzero'])
@pytest.mark.parametrize('axis', [None, 0, 1, 2, (0, 2), (1, 2)])
@pytest.mark.parametrize('dtype', [numpy.float32, numpy.float64,
                                   numpy.int32, numpy.float16])
def test_reductions(name, axis, dtype):
    rng = numpy.random.default_rng(1)
    a = rng.standard_normal((6, 50, 33)).astype(dtype)
    if name in ('nansum', 'nanmax') and a.dtype.kind == 'f':
        a[1, 3] = numpy.nan
    if name in ('argmax', 'argmin') and isinstance(axis, tuple):
        return
    if name == 'prod':
        a = (a / 4 + 1).astype(dtype)
    f = getattr(numpy, name)
    want = f(a, axis=axis)
    got = getattr(cupy, name)(cupy.asarray(a), axis=axis)
    tol = 2e-2 if dtype == numpy.float16 else 1e-4
    testing.assert_allclose(numpy.asarray(got.get()), want, rtol=tol,
                            atol=tol)


@pytest.mark.parametrize('n', [1 << 20, (1 << 20) + 5])
def test_large_sum_splits(n):
    a = numpy.ones(n, numpy.float32)
    assert float(cupy.asarray(a).sum()) == n
    b = numpy.arange(n, dtype=numpy.float64)
    assert int(cupy.asarray(b).argmax()) == n - 1
    c = cupy.asarray(b.reshape(-1, 1)[: n // 2 * 2].reshape(-1, 2))
    testing.assert_allclose(c.sum(axis=0).get(), b[: n // 2 * 2].reshape(-1, 2).sum(axis=0))


@pytest.mark.parametrize('dtype', [numpy.float16, numpy.float32,
                                   numpy.float64, numpy.complex64,
                                   numpy.complex128, numpy.int32,
                                   numpy.int8, numpy.bool_])
@pytest.mark.parametrize('shapes', [((5, 7), (7, 3)), ((4, 5, 6), (4, 6, 2)),
                                    ((2, 1, 5, 6), (3, 6, 4))])
def test_matmul(dtype, shapes):
    rng = numpy.random.default_rng(2)
    a = (rng.standard_normal(shapes[0]) * 3).astype(dtype)
    b = (rng.standard_normal(shapes[1]) * 3).astype(dtype)
    want = numpy.matmul(a, b)
    got = cupy.matmul(cupy.asarray(a), cupy.asarray(b))
    tol = 1e-2 if dtype == numpy.float16 else 1e-5
    testing.assert_allclose(got.get(), want, rtol=tol, atol=tol)
    gotT = cupy.asarray(a.swapaxes(-1, -2).copy()).swapaxes(-1, -2) @ \
        cupy.asarray(b)
    testing.assert_allclose(gotT.get(), want, rtol=tol, atol=tol)


def test_matmul_float32_is_not_tf32():
    # TF32 keeps 10 mantissa bits: 1 + 2**-20 would be lost
    a = numpy.full((64, 64), 1 + 2.0 ** -20, numpy.float32)
    b = numpy.eye(64, dtype=numpy.float32)
    got = (cupy.asarray(a) @ cupy.asarray(b)).get()
    assert (got == a).all()
