"""matmul (and @), dot, vdot, inner, outer, tensordot, kron, trace,
matrix_power against NumPy: 1-d promotion, batches, broadcast batches,
zero sizes, strided operands, out=/dtype=/casting=, every dtype; float32
close to NumPy within a float32 tolerance and without host transfers; the
dtypes the A2 matrix unit lacks on their capability path (complex64
composed on device; float64, integers and complex128 on the host, with a
PerformanceWarning); cubeMathType HF32 only when asked for."""

import os
import warnings

import numpy
import pytest

import cupy
from cupy import testing
from tests.routine_helpers import device_only

pytestmark = pytest.mark.filterwarnings(
    'ignore::cupy._core._fallback.PerformanceWarning')

RTOL = {numpy.float16: 1e-2, numpy.float32: 1e-5, numpy.complex64: 1e-5,
        'default': 1e-12}
ATOL = {numpy.float16: 1e-2, numpy.float32: 1e-5, numpy.complex64: 1e-5,
        'default': 1e-12}

SHAPES = [
    ((3,), (3,)), ((2, 3), (3,)), ((3,), (3, 4)), ((2, 3), (3, 4)),
    ((1, 1), (1, 1)), ((5, 2, 3), (3, 4)), ((2, 3), (5, 3, 4)),
    ((5, 2, 3), (5, 3, 4)), ((5, 1, 2, 3), (4, 3, 2)),
    ((2, 1, 3, 1, 2, 3), (1, 4, 1, 2, 3, 2)),
    ((2, 1, 1, 1, 1, 2, 3), (3, 1)), ((3, 2, 2, 2, 2, 1, 2, 3), (3, 2)),
    ((0, 3), (3, 4)), ((2, 0), (0, 4)), ((2, 3), (3, 0)), ((0, 2, 3), (3,)),
    ((3, 0), (0,)), ((4, 1), (1, 5)),
]


def _values(xp, shape, dtype, seed):
    rs = numpy.random.RandomState(seed)
    dtype = numpy.dtype(dtype)
    h = rs.randint(-3, 4, shape) if dtype.kind in 'iu' else \
        rs.uniform(-1, 1, shape)
    if dtype.kind == 'u':
        h = abs(h)
    if dtype.kind == 'b':
        h = h > 0
    if dtype.kind == 'c':
        h = h + 1j * rs.uniform(-1, 1, shape)
    return xp.asarray(numpy.asarray(h).astype(dtype))


class TestMatmul:

    @testing.for_all_dtypes()
    @testing.numpy_cupy_allclose(rtol=RTOL, atol=ATOL)
    def test_shapes(self, xp, dtype):
        return [xp.matmul(_values(xp, sa, dtype, 0), _values(xp, sb, dtype, 1))
                for sa, sb in SHAPES]

    @testing.for_float_dtypes(no_float16=True)
    @testing.numpy_cupy_allclose(rtol=RTOL, atol=ATOL)
    def test_operator_and_strides(self, xp, dtype):
        a = _values(xp, (6, 8), dtype, 2)
        b = _values(xp, (8, 5), dtype, 3)
        c = _values(xp, (4, 6, 8), dtype, 4)
        return [a @ b, a.T[::-1] @ a[:, ::2], a[::2] @ b[:, ::-1],
                c.transpose(0, 2, 1)[:, ::2] @ a[::-1],
                xp.broadcast_to(b, (3, 8, 5)).transpose(0, 2, 1) @ a.T]

    @testing.for_all_dtypes_combination(names=('x', 'y'), full=False)
    @testing.numpy_cupy_allclose(rtol=RTOL, atol=ATOL)
    def test_mixed_dtypes(self, xp, x, y):
        return xp.matmul(_values(xp, (3, 4), x, 5), _values(xp, (4, 2), y, 6))

    @testing.numpy_cupy_allclose(rtol=1e-5, atol=1e-5)
    def test_out_dtype_casting(self, xp):
        a = _values(xp, (2, 3, 4), numpy.float32, 7)
        b = _values(xp, (4, 5), numpy.float32, 8)
        o = xp.zeros((2, 3, 5), numpy.float64)
        r = xp.matmul(a, b, out=o)
        assert r is o
        o32 = xp.zeros((2, 3, 5), numpy.float32)
        assert xp.matmul(a, b, out=o32) is o32
        return [o, o32, xp.matmul(a, b, dtype=numpy.float64),
                xp.matmul(a.astype(numpy.float16), b)]

    def test_errors(self):
        for xp in (numpy, cupy):
            a = xp.ones((2, 3), numpy.float32)
            with pytest.raises(ValueError):
                xp.matmul(a, a)
            with pytest.raises(ValueError):
                xp.matmul(xp.ones((2, 2, 3)), xp.ones((3, 3, 2)))
            with pytest.raises(ValueError):
                xp.matmul(xp.asarray(1.0), a)
            with pytest.raises(TypeError):
                xp.matmul(a, a.T, out=xp.zeros((2, 2), numpy.int64))
            with pytest.raises(TypeError):
                xp.matmul(a, a.T, dtype=numpy.int32, casting='safe')

    def test_float32_on_device_no_fallback(self):
        from cupy._core import _fallback
        a = _values(cupy, (64, 48), numpy.float32, 9)
        b = _values(cupy, (3, 48, 32), numpy.float32, 10)
        _fallback.reset()
        with device_only():
            r = [a @ b, cupy.matmul(a, b[0]), cupy.dot(a[0], b[0]),
                 cupy.vdot(a[0], a[1]), cupy.inner(a, a[:2]),
                 cupy.einsum('ij,bjk->bik', a, b),
                 cupy.matmul(a.astype(numpy.complex64),
                             b.astype(numpy.complex64))]
        assert _fallback.fallback_counts() == {}
        ha, hb = a.get(), b.get()
        testing.assert_allclose(r[0], ha @ hb, rtol=1e-5, atol=1e-5)
        testing.assert_allclose(r[2], ha[0] @ hb[0], rtol=1e-5, atol=1e-5)
        testing.assert_allclose(r[6], ha @ hb, rtol=1e-5, atol=1e-5)

    def test_float32_is_computed_in_float32(self):
        # KEEP_DTYPE: the device's float32 product is NumPy's float32
        # product (no HF32 rounding of the operands)
        a = _values(cupy, (32, 64), numpy.float32, 11)
        b = _values(cupy, (64, 16), numpy.float32, 12)
        got = (a @ b).get()
        want = a.get() @ b.get()
        testing.assert_allclose(got, want, rtol=1e-6, atol=1e-6)

    def test_hf32_switch(self, monkeypatch):
        rs = numpy.random.RandomState(13)
        h = (1 + rs.uniform(0, 1e-3, (8, 8))).astype(numpy.float32)
        a = cupy.asarray(h)
        exact = (a @ a).get()
        monkeypatch.setenv('CUPY_ASCEND_ALLOW_HF32', '1')
        fast = (a @ a).get()
        monkeypatch.delenv('CUPY_ASCEND_ALLOW_HF32')
        want = h.astype(numpy.float64) @ h.astype(numpy.float64)
        assert numpy.abs(exact - want).max() < 1e-5
        # HF32 keeps 10 mantissa bits: 1 + x rounds away the 1e-4 parts
        assert numpy.abs(fast - want).max() > 1e-4
        testing.assert_allclose(fast, want, rtol=1e-2)

    @pytest.mark.parametrize('dtype', ['float64', 'int64', 'int8',
                                       'complex128', 'uint16'])
    def test_host_fallback_for_missing_loops(self, dtype):
        from cupy._core import _fallback
        _fallback.reset()
        a = _values(cupy, (3, 4), dtype, 14)
        b = _values(cupy, (4, 2), dtype, 15)
        with warnings.catch_warnings(record=True) as w:
            warnings.simplefilter('always')
            r = cupy.matmul(a, b)
        assert any(issubclass(x.category, cupy.PerformanceWarning)
                   for x in w)
        assert _fallback.fallback_counts() == {
            ('matmul', '{0}{0}->{0}'.format(numpy.dtype(dtype).char)): 1}
        testing.assert_array_equal(r, numpy.matmul(a.get(), b.get()))

    def test_fallback_error_mode(self, monkeypatch):
        monkeypatch.setenv('CUPY_HOST_FALLBACK', 'error')
        a = cupy.ones((2, 2), numpy.float64)
        with pytest.raises(NotImplementedError):
            a @ a

    def test_forced_missing_float32_takes_the_fallback(self):
        from cupy._core import _dispatch
        from cupy._core import _fallback
        _fallback.reset()
        a = _values(cupy, (3, 4), numpy.float32, 16)
        with _dispatch.hide('matmul', [numpy.float32]):
            with pytest.warns(cupy.PerformanceWarning):
                r = a @ a.T
        assert _fallback.fallback_counts() == {('matmul', 'ff->f'): 1}
        testing.assert_allclose(r, a.get() @ a.get().T, rtol=1e-6)
        _fallback.reset()
        assert a @ a.T is not None and _fallback.fallback_counts() == {}

    def test_paths(self):
        from cupy._core import _dispatch
        paths = {c: _dispatch.route('matmul', c) for c in 'efdFD?l'}
        assert paths['f'] == paths['e'] == 'native'
        assert paths['F'] == paths['?'] == 'composed'
        assert paths['d'] == paths['D'] == paths['l'] == 'host'


class TestProducts:

    @testing.for_all_dtypes(no_bool=True)
    @testing.numpy_cupy_allclose(rtol=RTOL, atol=ATOL)
    def test_dot(self, xp, dtype):
        v = lambda s, seed: _values(xp, s, dtype, seed)  # NOQA
        return [xp.dot(v((3,), 0), v((3,), 1)),
                xp.dot(v((2, 3), 2), v((3,), 3)),
                xp.dot(v((3,), 4), v((3, 4), 5)),
                xp.dot(v((2, 3), 6), v((3, 4), 7)),
                xp.dot(v((2, 3, 4), 8), v((5, 4, 2), 9)),
                xp.dot(v((2, 3), 10), v((4, 3, 2), 11)),
                xp.dot(v((2, 3), 12), v((), 13)),
                xp.dot(v((), 14), v((2,), 15)),
                v((2, 3), 16).dot(v((3,), 17))]

    @testing.numpy_cupy_allclose(rtol=1e-5)
    def test_dot_out(self, xp):
        a = _values(xp, (2, 3), numpy.float32, 0)
        o = xp.zeros((2, 2), numpy.float32)
        r = xp.dot(a, a.T, out=o)
        assert r is o
        return o

    def test_dot_errors(self):
        for xp in (numpy, cupy):
            with pytest.raises(ValueError):
                xp.dot(xp.ones((2, 3)), xp.ones((2, 3)))
            with pytest.raises(ValueError):
                xp.dot(xp.ones((2, 3)), xp.ones((3, 2)),
                       out=xp.zeros((2, 2), numpy.float32))

    @testing.for_all_dtypes(no_bool=True)
    @testing.numpy_cupy_allclose(rtol=RTOL, atol=ATOL)
    def test_vdot_inner_outer(self, xp, dtype):
        v = lambda s, seed: _values(xp, s, dtype, seed)  # NOQA
        return [xp.vdot(v((3, 4), 0), v((12,), 1)),
                xp.vdot(v((5,), 2), v((5,), 3)),
                xp.inner(v((2, 3, 4), 4), v((5, 4), 5)),
                xp.inner(v((4,), 6), v((4,), 7)),
                xp.inner(v((), 8), v((3,), 9)),
                xp.outer(v((2, 3), 10), v((5,), 11)),
                xp.outer(v((0,), 12), v((3,), 13))]

    @testing.for_all_dtypes(no_bool=True)
    @testing.numpy_cupy_allclose(rtol=RTOL, atol=ATOL)
    def test_tensordot(self, xp, dtype):
        v = lambda s, seed: _values(xp, s, dtype, seed)  # NOQA
        a, b = v((2, 3, 4), 0), v((4, 3, 5), 1)
        return [xp.tensordot(a, b, axes=([1, 2], [1, 0])),
                xp.tensordot(a, v((3, 4, 6), 2)),
                xp.tensordot(a, v((4, 6), 3), axes=1),
                xp.tensordot(v((2, 3), 4), v((4,), 5), axes=0),
                xp.tensordot(a, b, axes=([-1], [0])),
                xp.tensordot(v((2, 0), 6), v((0, 3), 7), axes=1)]

    def test_tensordot_errors(self):
        for xp in (numpy, cupy):
            with pytest.raises(ValueError):
                xp.tensordot(xp.ones((2, 3)), xp.ones((2, 3)),
                             axes=([0], [1]))

    @testing.for_all_dtypes(no_bool=True)
    @testing.numpy_cupy_allclose(rtol=RTOL, atol=ATOL)
    def test_kron(self, xp, dtype):
        v = lambda s, seed: _values(xp, s, dtype, seed)  # NOQA
        return [xp.kron(v((2, 3), 0), v((4, 1, 2), 1)),
                xp.kron(v((3,), 2), v((2,), 3)),
                xp.kron(v((2, 2), 4), v((), 5))]

    @testing.for_all_dtypes()
    @testing.numpy_cupy_allclose(rtol=RTOL, atol=ATOL)
    def test_trace(self, xp, dtype):
        a = _values(xp, (3, 4, 5), dtype, 0)
        return [xp.trace(a), xp.trace(a, offset=1, axis1=1, axis2=2),
                xp.trace(a, offset=-2, axis1=2, axis2=0),
                a[0].trace(), xp.trace(a, dtype=numpy.float64),
                xp.trace(a[0], offset=9)]

    @testing.for_float_dtypes(no_float16=True)
    @testing.numpy_cupy_allclose(rtol=RTOL, atol=ATOL)
    def test_matrix_power(self, xp, dtype):
        a = _values(xp, (3, 3), dtype, 0)
        b = _values(xp, (2, 4, 4), dtype, 1)
        return [xp.linalg.matrix_power(a, n) for n in (0, 1, 2, 5)] + [
            xp.linalg.matrix_power(b, 3)]

    def test_linalg_namespace(self):
        for name in ('matmul', 'tensordot', 'outer', 'trace', 'einsum',
                     'matrix_power'):
            assert hasattr(cupy.linalg, name)


def test_fallback_env_silent(monkeypatch):
    from cupy._core import _fallback
    monkeypatch.setenv('CUPY_HOST_FALLBACK', 'silent')
    _fallback.reset()
    with warnings.catch_warnings():
        warnings.simplefilter('error', cupy.PerformanceWarning)
        a = cupy.ones((2, 2), numpy.int64)
        testing.assert_array_equal(a @ a, numpy.full((2, 2), 2))
    assert _fallback.fallback_counts() == {('matmul', 'll->l'): 1}
    assert os.environ['CUPY_HOST_FALLBACK'] == 'silent'
