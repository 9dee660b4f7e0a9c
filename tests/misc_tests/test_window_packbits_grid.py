import warnings

import numpy
import pytest

import cupy
from cupy import testing


class TestWindows:

    @pytest.mark.parametrize('name', ['bartlett', 'blackman', 'hamming',
                                      'hanning'])
    @pytest.mark.parametrize('M', [-1, 0, 1, 2, 5, 16, 51])
    @testing.numpy_cupy_allclose(atol=1e-14, type_check=True)
    def test_cosine_windows(self, xp, name, M):
        return getattr(xp, name)(M)

    @pytest.mark.parametrize('M,beta', [(0, 1.), (1, 3.), (2, 0.), (12, 8.6),
                                        (31, 14), (7, -2.0)])
    @testing.numpy_cupy_allclose(rtol=1e-12, type_check=True)
    def test_kaiser(self, xp, M, beta):
        with warnings.catch_warnings():
            # float64 i0 runs on the host (cupy.PerformanceWarning)
            warnings.simplefilter('ignore', cupy.PerformanceWarning)
            return xp.kaiser(M, beta)


class TestPackbits:

    @pytest.mark.parametrize('shape,axis', [
        ((13,), None), ((3, 13), None), ((3, 13), 1), ((3, 13), 0),
        ((9, 2, 4), -3), ((0,), None), ((2, 0), 1), ((), None)])
    @pytest.mark.parametrize('bitorder', ['big', 'little'])
    @testing.for_dtypes('?bBiIlL')
    @testing.numpy_cupy_array_equal(type_check=True)
    def test_packbits(self, xp, dtype, shape, axis, bitorder):
        a = testing.shaped_random(shape, xp, dtype, scale=3, seed=4)
        return xp.packbits(a, axis=axis, bitorder=bitorder)

    @pytest.mark.parametrize('shape,axis', [
        ((5,), None), ((3, 4), None), ((3, 4), 1), ((3, 4), -2),
        ((0,), None)])
    @pytest.mark.parametrize('count', [None, 0, 3, -3, 40])
    @pytest.mark.parametrize('bitorder', ['big', 'little'])
    @testing.numpy_cupy_array_equal(type_check=True)
    def test_unpackbits(self, xp, shape, axis, count, bitorder):
        a = testing.shaped_random(shape, xp, numpy.uint8, scale=255, seed=2)
        if count is not None and axis is None and count < -a.size * 8:
            count = 0
        if (count is not None and axis is not None
                and count < -a.shape[axis] * 8):
            count = 0
        if a.size == 0 and count:
            # NumPy 2.4 returns uninitialised bytes here: the padding is
            # zeros by definition
            r = xp.unpackbits(a, axis=axis, count=count, bitorder=bitorder)
            return xp.zeros(max(count, 0), xp.uint8) if xp is numpy else r
        return xp.unpackbits(a, axis=axis, count=count, bitorder=bitorder)

    @pytest.mark.parametrize('call,exc', [
        (lambda xp: xp.packbits(xp.ones(3, dtype=xp.float32)), TypeError),
        (lambda xp: xp.unpackbits(xp.ones(3, dtype=xp.int8)), TypeError),
        (lambda xp: xp.packbits(xp.ones(3, dtype=xp.int8), bitorder='x'),
         ValueError),
        (lambda xp: xp.unpackbits(xp.ones(1, dtype=xp.uint8), count=-9),
         ValueError),
        (lambda xp: xp.packbits(xp.ones((2, 2), dtype=xp.int8), axis=2),
         numpy.exceptions.AxisError)])
    def test_errors(self, call, exc):
        for xp in (numpy, cupy):
            with pytest.raises(exc):
                call(xp)


_GRID_KEYS = [
    numpy.s_[0:5], numpy.s_[0:3.0], numpy.s_[3:0:-1], numpy.s_[0:1:5j],
    numpy.s_[0:4:2j], numpy.s_[2:3:1j], numpy.s_[-1:5:2, 2:4],
    numpy.s_[0:3, 0:1:3j], numpy.s_[0:2, 0:3, 1:2.5:0.5], numpy.s_[5:0],
]


class TestGrids:

    @pytest.mark.parametrize('i', range(len(_GRID_KEYS)))
    @testing.numpy_cupy_allclose(type_check=True)
    def test_mgrid(self, xp, i):
        return xp.mgrid[_GRID_KEYS[i]]

    @pytest.mark.parametrize('i', range(len(_GRID_KEYS)))
    def test_ogrid(self, i):
        n = numpy.ogrid[_GRID_KEYS[i]]
        c = cupy.ogrid[_GRID_KEYS[i]]
        if isinstance(n, numpy.ndarray):
            n, c = (n,), (c,)
        assert type(c) is tuple and len(c) == len(n)
        for x, y in zip(c, n):
            assert x.dtype == y.dtype
            testing.assert_allclose(x, y)
            assert x.shape == y.shape


class TestInterp:

    @staticmethod
    def _data(xp, fp_dtype):
        rng = numpy.random.default_rng(1)
        xs = numpy.sort(rng.random(10))
        fs = rng.random(10).astype(fp_dtype)
        if numpy.dtype(fp_dtype).kind == 'c':
            fs = fs + 2j * fs[::-1]
        x = numpy.concatenate([rng.random(20) * 1.4 - 0.2, xs,
                               [numpy.nan, numpy.inf, -numpy.inf]])
        return xp.asarray(x), xp.asarray(xs), xp.asarray(fs)

    @testing.for_dtypes('ifdFD')
    @testing.numpy_cupy_allclose(rtol=1e-12, type_check=True)
    def test_interp(self, xp, dtype):
        return xp.interp(*self._data(xp, dtype))

    @testing.for_dtypes('dD')
    @testing.numpy_cupy_allclose(rtol=1e-12, type_check=True)
    def test_left_right(self, xp, dtype):
        x, xs, fs = self._data(xp, dtype)
        return xp.interp(x, xs, fs, left=-1, right=7)

    @testing.numpy_cupy_allclose(rtol=1e-12)
    def test_scalar_and_2d_x(self, xp):
        x, xs, fs = self._data(xp, 'd')
        return xp.interp(x[:20].reshape(4, 5), xs, fs) + xp.interp(
            0.3, xs, fs)

    @testing.numpy_cupy_allclose(rtol=1e-12)
    def test_one_point_and_ties(self, xp):
        x, xs, fs = self._data(xp, 'd')
        a = xp.interp(x, xs[:1], fs[:1])
        b = xp.interp(x, xp.asarray([0, .5, .5, 1]),
                      xp.asarray([0, 1, 2, numpy.inf]))
        return xp.concatenate([a, b])

    @testing.numpy_cupy_allclose(rtol=1e-12)
    def test_period(self, xp):
        x, xs, fs = self._data(xp, 'd')
        with warnings.catch_warnings():
            warnings.simplefilter('ignore', cupy.PerformanceWarning)
            return xp.interp(x[:30] * 10, xs[::-1] * 3, fs, period=-2.5)

    @pytest.mark.parametrize('args,kw', [
        (([1.], [], []), {}), (([1.], [1, 2], [1.]), {}),
        (([1.], [1, 2], [1., 2]), {'period': 0}),
        (([1.], [[1, 2]], [[1., 2]]), {})])
    def test_errors(self, args, kw):
        for xp in (numpy, cupy):
            with pytest.raises(ValueError):
                xp.interp(*[xp.asarray(a) for a in args], **kw)
