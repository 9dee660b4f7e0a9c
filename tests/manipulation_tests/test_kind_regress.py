"""require, asarray_chkfinite, reshape(copy=), copyto with a scalar mask,
vander."""

import numpy
import pytest

import cupy


def test_require():
    x = cupy.zeros((2, 3))
    assert cupy.require(x, None, ['F']).flags.f_contiguous
    assert cupy.require(x.view(), None, ['O']).flags.owndata
    assert cupy.require(x, 'f4', []).dtype == numpy.float32
    with pytest.raises(ValueError):
        cupy.require(x, None, ['C', 'F'])
    with pytest.raises(ValueError):
        cupy.require(x, None, ['W'])
    with pytest.raises(ValueError):
        cupy.require(x, 'random', 'C')


def test_asarray_chkfinite():
    numpy.testing.assert_array_equal(
        cupy.asarray_chkfinite([1., 2.]).get(), [1., 2.])
    with pytest.raises(ValueError):
        cupy.asarray_chkfinite([1., numpy.nan])


def test_reshape_copy_and_ndim_limit():
    a = cupy.zeros((2, 3, 4))
    b = a.reshape(4, 3, 2, copy=True)
    a[1] = 1
    assert float(b.sum()) == 0.0
    with pytest.raises(ValueError, match='Unable to avoid creating a copy'):
        a.transpose(2, 0, 1).reshape(4, 3, 2, order='F', copy=False)
    with pytest.raises(ValueError, match='strings are not allowed'):
        a.reshape(4, 3, 2, copy='False')
    with pytest.raises(ValueError, match='maximum supported dimension'):
        cupy.ones(65).reshape([1] * 64 + [65])


@pytest.mark.parametrize('where', [3.2, 0, -4, 1 + 1j, numpy.int64(2)])
def test_copyto_scalar_where(where):
    dst = cupy.zeros((3, 2))
    cupy.copyto(dst, cupy.ones((3, 2)), where=where)
    want = numpy.zeros((3, 2))
    numpy.copyto(want, numpy.ones((3, 2)), where=where)
    numpy.testing.assert_array_equal(dst.get(), want)


@pytest.mark.parametrize('increasing', [False, True])
@pytest.mark.parametrize('N', [None, 0, 1, 4])
def test_vander(N, increasing):
    x = numpy.array([1, 2, 3], dtype=numpy.int32)
    got = cupy.vander(cupy.asarray(x), N=N, increasing=increasing)
    want = numpy.vander(x, N=N, increasing=increasing)
    assert got.dtype == want.dtype and got.shape == want.shape
    numpy.testing.assert_array_equal(got.get(), want)
    with pytest.raises(ValueError):
        cupy.vander(cupy.zeros((2, 2)))
