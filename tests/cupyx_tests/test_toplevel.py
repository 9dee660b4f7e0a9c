import numpy
import pytest

import cupy
import cupyx
from cupy import testing


class TestPinned:

    @pytest.mark.parametrize('shape', [(2, 3), 4, (), (0, 5)])
    @pytest.mark.parametrize('order', ['C', 'F'])
    def test_empty_zeros(self, shape, order):
        for f in (cupyx.empty_pinned, cupyx.zeros_pinned):
            a = f(shape, numpy.float32, order)
            ref = numpy.empty(shape, numpy.float32, order)
            assert type(a) is numpy.ndarray and a.shape == ref.shape
            assert a.strides == ref.strides and a.dtype == numpy.float32
            if a.size:
                assert isinstance(a.base, cupy.xpu.PinnedMemoryPointer)
        assert not cupyx.zeros_pinned(shape, order=order).any()

    def test_like(self):
        src = numpy.ones((3, 4), numpy.int16, order='F')
        a = cupyx.empty_like_pinned(src)
        assert a.shape == (3, 4) and a.dtype == numpy.int16
        assert a.flags.f_contiguous
        z = cupyx.zeros_like_pinned(src, dtype=numpy.float64, shape=(5,))
        assert z.shape == (5,) and z.dtype == numpy.float64 and not z.any()
        assert isinstance(z.base, cupy.xpu.PinnedMemoryPointer)

    def test_copy_roundtrip(self):
        a = cupyx.empty_pinned((4,), numpy.float64)
        a[:] = numpy.arange(4.0)
        d = cupy.asarray(a)
        testing.assert_array_equal(d, numpy.arange(4.0))
        out = cupyx.zeros_like_pinned(a)
        d.get(out=out)
        testing.assert_array_equal(out, a)


class TestErrstate:

    def test_linalg(self):
        # 'raise' by default (NumPy's LinAlgError; CuPy: 'ignore')
        assert cupyx.geterr()['linalg'] == 'raise'
        with cupyx.errstate(linalg='ignore'):
            assert cupyx.geterr()['linalg'] == 'ignore'
        assert cupyx.geterr()['linalg'] == 'raise'
        old = cupyx.seterr(linalg='ignore')
        try:
            assert old['linalg'] == 'raise'
            assert cupyx.geterr()['linalg'] == 'ignore'
        finally:
            cupyx.seterr(**{'linalg': old['linalg']})

    def test_unsupported(self):
        with pytest.raises(NotImplementedError):
            cupyx.seterr(divide='raise')
        with pytest.raises(ValueError):
            cupyx.seterr(linalg='warn')
        assert cupyx.geterr()['linalg'] == 'raise'


class TestRsqrtAndInfo:

    @testing.for_dtypes('efd')
    def test_rsqrt(self, dtype):
        n = testing.shaped_arange((2, 3), numpy, dtype)
        r = cupyx.rsqrt(cupy.asarray(n))
        assert r.dtype == n.dtype
        testing.assert_allclose(r, 1 / numpy.sqrt(n), rtol=1e-3)
        out = cupy.empty_like(r)
        assert cupyx.rsqrt(cupy.asarray(n), out=out) is out

    def test_runtime_info(self):
        text = cupyx.get_runtime_info()
        assert 'backend' in text and 'devices' in text
        assert numpy.__version__ in text
