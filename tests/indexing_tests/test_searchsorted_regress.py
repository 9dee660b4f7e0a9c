"""searchsorted, r_/c_, order=None in (un)ravel index routines."""

import numpy
import pytest

import cupy


@pytest.mark.parametrize('side', ['left', 'right'])
def test_searchsorted_nan_last(side):
    bins = numpy.array([0., 1., 2., 2., numpy.nan, numpy.nan])
    v = numpy.array([-1., 1., 2., 2.5, numpy.inf, numpy.nan])
    got = cupy.searchsorted(cupy.asarray(bins), cupy.asarray(v), side=side)
    numpy.testing.assert_array_equal(
        got.get(), numpy.searchsorted(bins, v, side=side))
    assert got.dtype == numpy.int64
    m = cupy.asarray(bins).searchsorted(2.0, side=side)
    assert int(m) == numpy.searchsorted(bins, 2.0, side=side)


def test_searchsorted_sorter_and_errors():
    bins = numpy.array([10, 4, 2, 1, 8])
    sorter = numpy.array([3, 2, 1, 4, 0])
    x = numpy.arange(12.)
    got = cupy.searchsorted(cupy.asarray(bins), cupy.asarray(x),
                            sorter=cupy.asarray(sorter))
    numpy.testing.assert_array_equal(
        got.get(), numpy.searchsorted(bins, x, sorter=sorter))
    with pytest.raises(ValueError):
        cupy.searchsorted(cupy.zeros((2, 2)), cupy.asarray(x))
    with pytest.raises(TypeError):
        cupy.searchsorted(cupy.asarray(bins), cupy.asarray(x),
                          sorter=cupy.zeros(5))


def test_r_c():
    a = numpy.arange(3, dtype=numpy.int8)
    got = cupy.r_[cupy.asarray(a), 0, 0, cupy.asarray(a)]
    want = numpy.r_[a, 0, 0, a]
    assert got.dtype == want.dtype
    numpy.testing.assert_array_equal(got.get(), want)
    got = cupy.c_[cupy.asarray(a), cupy.asarray(a)]
    numpy.testing.assert_array_equal(got.get(), numpy.c_[a, a])
    with pytest.raises(NotImplementedError):
        cupy.r_[0:1:3j]
    assert len(cupy.r_) == 0


def test_index_routines_order_none():
    idx = cupy.arange(6)
    got = cupy.unravel_index(idx, (2, 3), order=None)
    want = numpy.unravel_index(numpy.arange(6), (2, 3), order=None)
    for g, w in zip(got, want):
        numpy.testing.assert_array_equal(g.get(), w)
    got = cupy.ravel_multi_index(
        (cupy.array([1, 0]), cupy.array([2, 1])), (2, 3), order=None)
    numpy.testing.assert_array_equal(got.get(), [5, 1])


def test_ndarray_choose():
    a = cupy.array([0, 1, 0])
    got = a.choose([cupy.array([1, 2, 3]), cupy.array([4, 5, 6])])
    numpy.testing.assert_array_equal(got.get(), [1, 5, 3])
