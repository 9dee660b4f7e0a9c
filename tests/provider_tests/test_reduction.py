"""The provider's 'reduce', 'scan' and 'matmul' (operations.md) called
directly with views: the capability tables, layouts (0 and negative
strides, more than 8 axes, strided and backwards outputs), the exact
casts of the loops the A2 operators lack, no host transfer, and
OperationNotSupported for what has no device path."""

import numpy
import pytest

import cupy
from cupy import testing
from cupy._core import core
from cupy_backends.backend.provider import OperationNotSupported
from cupy_backends.backend.provider import get_provider
from tests.routine_helpers import device_only


def _reduce(name, a, axes, keepdims=False, dtype=None, out_dtype=None,
            ddof=0, out=None):
    dtype = numpy.dtype(dtype or a.dtype)
    shape = tuple(1 if i in axes else d for i, d in enumerate(a.shape)) \
        if keepdims else tuple(d for i, d in enumerate(a.shape)
                               if i not in axes)
    if out is None:
        out = core._empty(shape, numpy.dtype(out_dtype or dtype))
    core._run('reduce', (out._as_view(),), (a._as_view(),),
              {'name': name, 'axes': tuple(axes), 'keepdims': keepdims,
               'dtype': dtype, 'ddof': ddof})
    return out


def _scan(name, a, axis, dtype=None):
    dtype = numpy.dtype(dtype or a.dtype)
    out = core._empty(a.shape, dtype)
    core._run('scan', (out._as_view(),), (a._as_view(),),
              {'name': name, 'axis': axis, 'dtype': dtype})
    return out


class TestTables:

    def test_reduction_dtypes_follow_ops_md(self):
        p = get_provider()
        chars = lambda s: {numpy.dtype(c) for c in s}  # NOQA
        loops = lambda op: set(p.routes(op))  # NOQA
        assert loops('var') == chars('ef')
        assert loops('std') == chars('ef')
        assert loops('mean') == chars('efdFD')
        assert loops('sum') == chars('?bhilBHILefdFD')
        assert numpy.dtype('L') not in loops('max')
        assert numpy.dtype('F') not in loops('argmax')
        assert numpy.dtype('F') not in loops('cumprod')
        assert loops('nansum') & chars('dFD') == set()
        assert loops('no such op') == set()
        assert loops('matmul') == chars('ef?F')
        paths = p.routes('sum')
        assert paths[numpy.dtype('f')] == 'native'
        assert paths[numpy.dtype('L')] == 'cast'
        assert p.routes('any')[numpy.dtype('D')] == 'composed'

    def test_capability_summary_rows(self):
        from cupy._core.elementwise import _capability
        summary = _capability.capability_summary()
        assert sum(summary['reduction'].values()) > 0
        assert summary['matmul']['native'] == 2
        paths = _capability.loop_paths()
        assert paths[('sum', 'f->f')] == 'native'
        assert paths[('sum', 'H->L')] == 'cast'
        assert paths[('matmul', 'dd->d')] == 'host'

    @pytest.mark.parametrize('name,dtype', [
        ('max', 'uint64'), ('argmax', 'complex64'), ('mean', 'int32'),
        ('var', 'float64'), ('cumprod', 'complex128'), ('nansum', 'float64')])
    def test_unsupported_raises(self, name, dtype):
        a = cupy.ones((3, 4), dtype)
        with pytest.raises(OperationNotSupported):
            if name == 'cumprod':
                _scan(name, a, 0)
            else:
                _reduce(name, a, (0,), out_dtype='int64'
                        if name.startswith('arg') else None)

    def test_matmul_unsupported_raises(self):
        a = cupy.ones((2, 2), numpy.float64)
        out = core._empty((2, 2), numpy.dtype(numpy.float64))
        with pytest.raises(OperationNotSupported):
            core._run('matmul', (out._as_view(),),
                      (a._as_view(), a._as_view()), {})


class TestLayouts:

    def test_zero_and_negative_strides(self):
        h = numpy.arange(24, dtype=numpy.float32).reshape(2, 3, 4)
        a = cupy.asarray(h)
        b = cupy.broadcast_to(cupy.asarray(h[:, :1]), (2, 3, 4))
        for x, hx in ((a[:, ::-1, ::-2], h[:, ::-1, ::-2]),
                      (b, numpy.broadcast_to(h[:, :1], (2, 3, 4)))):
            for axes in [(0,), (1,), (2,), (0, 2), (0, 1, 2)]:
                testing.assert_allclose(_reduce('sum', x, axes),
                                        hx.sum(axis=axes))
                testing.assert_allclose(_reduce('max', x, axes),
                                        hx.max(axis=axes))
            testing.assert_array_equal(
                _reduce('argmax', x, (1,), out_dtype='int64'),
                hx.argmax(axis=1))
            testing.assert_allclose(_scan('cumsum', x, 2),
                                    hx.cumsum(axis=2))

    def test_strided_and_backwards_out(self):
        h = numpy.arange(24, dtype=numpy.float32).reshape(4, 6)
        a = cupy.asarray(h)
        o = cupy.zeros((6, 2), numpy.float32)
        _reduce('sum', a, (0,), out=o[:, 0])
        _reduce('sum', a, (0,), out=o[::-1, 1])
        testing.assert_allclose(o[:, 0], h.sum(axis=0))
        testing.assert_allclose(o[:, 1], h.sum(axis=0)[::-1])

    def test_keepdims(self):
        h = numpy.arange(24, dtype=numpy.int32).reshape(2, 3, 4)
        a = cupy.asarray(h)
        r = _reduce('prod', a, (0, 2), keepdims=True)
        testing.assert_array_equal(r, h.prod(axis=(0, 2), keepdims=True))

    def test_many_dims(self):
        h = numpy.arange(2 ** 10, dtype=numpy.float32).reshape((2,) * 10)
        a = cupy.asarray(h)
        axes = (0, 2, 4, 6, 8)
        testing.assert_allclose(_reduce('sum', a, axes), h.sum(axis=axes))
        t = a.transpose(0, 5, 1, 6, 2, 7, 3, 8, 4, 9)
        ht = h.transpose(0, 5, 1, 6, 2, 7, 3, 8, 4, 9)
        testing.assert_allclose(_reduce('mean', t, axes),
                                ht.mean(axis=axes))

    def test_no_host_transfer(self):
        a = cupy.ones((16, 32), numpy.float32)
        with device_only():
            _reduce('sum', a[:, ::-1], (1,))
            _reduce('var', a, (0, 1), ddof=1)
            _reduce('all', a, (0,), out_dtype='bool')
            _scan('cumprod', a, 1)


class TestExactCasts:

    @pytest.mark.parametrize('dtype', ['uint16', 'uint32', 'uint64'])
    def test_wide_unsigned(self, dtype):
        info = numpy.iinfo(dtype)
        h = numpy.array([[info.max, 3, info.max - 1], [1, 2, info.max]],
                        dtype)
        a = cupy.asarray(h)
        for axes in [(0,), (1,), (0, 1)]:
            for name in ('sum', 'prod'):
                testing.assert_array_equal(
                    _reduce(name, a, axes),
                    getattr(numpy, name)(h, axis=axes, dtype=dtype))
            if dtype != 'uint64':
                testing.assert_array_equal(_reduce('max', a, axes),
                                           h.max(axis=axes))
                testing.assert_array_equal(_reduce('min', a, axes),
                                           h.min(axis=axes))
        testing.assert_array_equal(_scan('cumsum', a, 1),
                                   numpy.cumsum(h, axis=1, dtype=dtype))
        testing.assert_array_equal(_reduce('any', a, (1,), out_dtype='?'),
                                   h.any(axis=1))

    def test_bool_loops(self):
        h = numpy.array([[True, False, True], [True, True, True]])
        a = cupy.asarray(h)
        testing.assert_array_equal(_scan('cumsum', a, 1, 'bool'),
                                   numpy.cumsum(h, axis=1, dtype=bool))
        testing.assert_array_equal(_scan('cumprod', a, 1),
                                   numpy.cumprod(h, axis=1))
        testing.assert_array_equal(
            _reduce('argmin', a, (1,), out_dtype='int64'), h.argmin(axis=1))

    def test_complex_truth(self):
        h = numpy.array([[0, 1j], [0j, 0], [2, 0]], numpy.complex128)
        a = cupy.asarray(h)
        for axes in [(0,), (1,), (0, 1)]:
            for name in ('all', 'any'):
                testing.assert_array_equal(
                    _reduce(name, a, axes, out_dtype='?'),
                    getattr(numpy, name)(h, axis=axes))
            testing.assert_array_equal(
                _reduce('count_nonzero', a, axes, out_dtype='int64'),
                numpy.count_nonzero(h, axis=axes))


class TestMatmulProvider:

    def _matmul(self, a, b):
        out = core._empty(a.shape[:-1] + b.shape[-1:], a.dtype)
        core._run('matmul', (out._as_view(),),
                  (a._as_view(), b._as_view()), {})
        return out

    @pytest.mark.parametrize('dtype', ['float16', 'float32', 'complex64',
                                       'bool'])
    def test_batches_and_broadcast(self, dtype):
        rs = numpy.random.RandomState(0)
        ha = rs.uniform(-1, 1, (3, 2, 4, 5))
        hb = rs.uniform(-1, 1, (1, 2, 5, 3))
        if dtype == 'complex64':
            ha = ha + 1j * rs.uniform(-1, 1, ha.shape)
            hb = hb - 1j * rs.uniform(-1, 1, hb.shape)
        ha, hb = ha.astype(dtype), hb.astype(dtype)
        a = cupy.asarray(ha)
        b = cupy.broadcast_to(cupy.asarray(hb), (3, 2, 5, 3))
        want = numpy.matmul(ha, hb)
        got = self._matmul(a, b)
        tol = 1e-2 if dtype == 'float16' else 1e-5
        testing.assert_allclose(got, want, rtol=tol, atol=tol)
        # strided and backwards operands
        hbb = numpy.broadcast_to(hb, (3, 2, 5, 3))
        got = self._matmul(a[:, :, ::-1, ::2], b[..., ::-2, :])
        testing.assert_allclose(
            got, numpy.matmul(ha[:, :, ::-1, ::2], hbb[..., ::-2, :]),
            rtol=tol, atol=tol)

    def test_complex64_without_transfers(self):
        a = cupy.ones((4, 3), numpy.complex64)
        with device_only():
            self._matmul(a, a.T)


def test_float16_sum_prod_accumulate_in_float32():
    # CuPy's float16 sums round once from a float32 accumulation (NumPy
    # rounds every step along a non-contiguous axis)
    h = numpy.arange(240, dtype=numpy.float16).reshape(2, 30, 4)
    a = cupy.asarray(h)
    s = a.sum(axis=1)
    assert s.dtype == numpy.float16
    testing.assert_array_equal(
        s, h.astype(numpy.float32).sum(axis=1).astype(numpy.float16))
    assert cupy.nansum(a, axis=1).dtype == numpy.float16
    p = cupy.asarray(h[:, :3] / 8).prod(axis=1)
    testing.assert_array_equal(
        p, (h[:, :3] / 8).astype(numpy.float32).prod(axis=1)
        .astype(numpy.float16))


def test_scans_refuse_host_data():
    with pytest.raises(TypeError):
        cupy.cumsum((1, 2, 3))
    with pytest.raises(TypeError):
        cupy.cumprod(numpy.arange(3.0))


@pytest.mark.parametrize('func', ['cumulative_sum', 'cumulative_prod'])
@pytest.mark.parametrize('include_initial', [False, True])
def test_cumulative_0d(func, include_initial):
    r = getattr(cupy, func)(cupy.asarray(3), include_initial=include_initial)
    e = getattr(numpy, func)(numpy.asarray(3),
                             include_initial=include_initial)
    testing.assert_array_equal(r, e)


def test_accelerator_switches():
    from cupy._core import _accelerator as acc
    import cupy._core._cub_reduction  # NOQA: importable, as in CuPy
    assert not cupy.cuda.cub.available and not cupy.cuda.cutensor.available
    assert cupy.cuda.runtime.is_hip is False
    old = acc.get_routine_accelerators()
    try:
        acc.set_routine_accelerators(['cub', 'cutensor'])
        assert acc.get_routine_accelerators() == [
            acc.ACCELERATOR_CUB, acc.ACCELERATOR_CUTENSOR]
        assert cupy._core.get_routine_accelerators() == \
            acc.get_routine_accelerators()
        with pytest.raises(ValueError):
            acc.set_reduction_accelerators(['nope'])
    finally:
        acc.set_routine_accelerators(old)
