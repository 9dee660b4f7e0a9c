"""Top-level helpers of issue 14: index helpers, memory overlap, type
helpers, print options, typing, exception aliases, byteswap."""

import typing

import numpy
import pytest

import cupy
from cupy import testing


class TestIndexHelpers:

    @testing.numpy_cupy_array_equal()
    def test_s_and_index_exp(self, xp):
        a = testing.shaped_arange((4, 5), xp)
        return a[xp.s_[1:3, ::2]] + a[xp.index_exp[::-1, 1]][:2, None]

    def test_ndindex(self):
        assert list(cupy.ndindex(2, 3)) == list(numpy.ndindex(2, 3))
        assert list(cupy.ndindex((2, 0))) == []

    @pytest.mark.parametrize('shape', [(2, 3), (), (0, 2), (4,)])
    @testing.for_dtypes('?if')
    def test_ndenumerate(self, shape, dtype):
        n = testing.shaped_arange(shape, numpy, dtype)
        got = list(cupy.ndenumerate(cupy.asarray(n)))
        assert got == list(numpy.ndenumerate(n))
        assert all(type(v) is type(w) for (_, v), (_, w) in
                   zip(got, numpy.ndenumerate(n)))


def _views(xp):
    base = xp.arange(60, dtype=xp.int32)
    m = base.reshape(6, 10)
    return [
        (base[::2], base[1::2]),             # interleaved: disjoint
        (base[::3], base[6::3]),             # overlapping
        (m[:, :5], m[:, 5:]),                # disjoint columns
        (m[:3], m[2:]),                      # one shared row
        (m[::2, ::2], m[1::2, 1::2]),        # disjoint lattice
        (m.T, m[1:3]),                       # transpose
        (m[:, ::-1], m[:, :1]),              # negative stride
        (base[:30].reshape(3, 10)[:, 1:9:3], base[5::10]),
        (base.view(xp.int16)[1::2], base[4:5]),   # half of an element
        (base[:0], base),                    # empty never shares
        (base, base.copy()),
    ]


class TestSharesMemory:

    @pytest.mark.parametrize('i', range(11))
    @pytest.mark.parametrize('func', ['shares_memory', 'may_share_memory'])
    def test_as_numpy(self, i, func):
        c = _views(cupy)[i]
        n = _views(numpy)[i]
        assert getattr(cupy, func)(*c) is getattr(numpy, func)(*n)

    def test_max_work(self):
        a = cupy.arange(10)
        assert cupy.may_share_memory(a[::2], a[1::2], max_work=-1) is False
        # a layout NumPy's solver gives up on with max_work=1 (found by a
        # search over random strides)
        shape, sa, sb, off = (5, 5, 5), (51, 38, 31), (17, 19, 4), 3
        for xp in (numpy, cupy):
            x = xp.zeros(1000, dtype=xp.int8)
            a = xp.lib.stride_tricks.as_strided(x, shape, sa)
            b = xp.lib.stride_tricks.as_strided(x[off:], shape, sb)
            with pytest.raises(numpy.exceptions.TooHardError):
                xp.shares_memory(a, b, max_work=1)
            assert xp.shares_memory(a, b) is True

    def test_host_and_device_never_share(self):
        assert not cupy.shares_memory(cupy.arange(3), numpy.arange(3))
        n = numpy.arange(4)
        assert cupy.shares_memory(n, n[1:]) is True


class TestTypeHelpers:

    @pytest.mark.parametrize('dtypes', [
        ('i4',), ('f2', 'f4'), ('i1', 'f4'), ('f4', 'c8'), ('f8', 'c8'),
        ('u8', 'f2')])
    def test_common_type(self, dtypes):
        assert cupy.common_type(*[cupy.zeros(2, d) for d in dtypes]) is \
            numpy.common_type(*[numpy.zeros(2, d) for d in dtypes])

    def test_common_type_non_numeric(self):
        with pytest.raises(TypeError):
            cupy.common_type(cupy.zeros(2, bool))

    def test_others(self):
        assert cupy.iterable(cupy.arange(3))
        assert not cupy.iterable(cupy.asarray(1))
        assert cupy.mintypecode('idF') == numpy.mintypecode('idF')
        # NumPy's own typename (NumPy 2.5 deprecates it)
        assert cupy.typename is numpy.typename
        assert cupy.euler_gamma == numpy.euler_gamma
        assert cupy.long is numpy.long and cupy.ulong is numpy.ulong
        assert isinstance(cupy.arange(3).flat, cupy.flatiter)


class TestPrintOptions:

    def test_repr_honours_options(self):
        a = cupy.array([1.234567, 2.0])
        n = a.get()
        with cupy.printoptions(precision=2, sign='+'):
            assert cupy.get_printoptions()['precision'] == 2
            assert repr(a) == repr(n) and '1.23' in repr(a)
            assert str(a) == str(n)
        old = cupy.get_printoptions()
        try:
            cupy.set_printoptions(threshold=3, edgeitems=1)
            assert repr(cupy.arange(10)) == 'array([0, ..., 9], shape=(10,))'
        finally:
            cupy.set_printoptions(**old)


class TestTypingAndExceptions:

    def test_typing(self):
        from cupy.typing import ArrayLike, DTypeLike, NDArray
        alias = NDArray[numpy.float32]
        assert typing.get_origin(alias) is cupy.ndarray
        assert typing.get_args(alias)[1] == numpy.dtype[numpy.float32]
        assert DTypeLike is numpy.typing.DTypeLike
        assert cupy.ndarray in typing.get_args(ArrayLike)

    @pytest.mark.parametrize('name', [
        'AxisError', 'ComplexWarning', 'TooHardError',
        'VisibleDeprecationWarning', 'RankWarning',
        'ModuleDeprecationWarning'])
    def test_aliases(self, name):
        assert getattr(cupy, name) is getattr(numpy.exceptions, name)
        assert getattr(cupy.exceptions, name) is getattr(cupy, name)

    def test_axis_error_caught(self):
        with pytest.raises(cupy.AxisError):
            cupy.sum(cupy.ones(2), axis=3)


class TestNdarrayDunders:

    @testing.for_all_dtypes()
    @testing.numpy_cupy_array_equal()
    def test_byteswap(self, xp, dtype):
        a = testing.shaped_arange((3, 4), xp, dtype)[:, ::-2]
        return a.byteswap().view(xp.uint8)

    @testing.for_all_dtypes()
    @testing.numpy_cupy_array_equal()
    def test_byteswap_inplace(self, xp, dtype):
        a = testing.shaped_arange((3, 4), xp, dtype)
        r = a[1:].byteswap(inplace=True)
        assert r is not None
        return a.view(xp.uint8)

    def test_byteswap_empty(self):
        a = cupy.zeros((0, 3), 'f4')
        assert a.byteswap().shape == (0, 3)

    def test_bytes_priority_class_getitem(self):
        a = cupy.arange(3, dtype=cupy.int16)
        assert bytes(a) == numpy.arange(3, dtype=numpy.int16).tobytes()
        assert cupy.ndarray.__array_priority__ > 0
        alias = cupy.ndarray[typing.Any, numpy.dtype[numpy.int8]]
        assert typing.get_origin(alias) is cupy.ndarray
