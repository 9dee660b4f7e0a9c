"""Small creation rules found by CuPy's tests: shape None, subok, eye's
order None, mgrid/ogrid without a stop, ndarray(strides=) bounds,
byte_bounds and _index_32_bits."""

import numpy
import pytest

import cupy
from cupy import testing


@pytest.mark.parametrize('make', ['empty', 'zeros', 'ones'])
def test_shape_none(make):
    for xp in (numpy, cupy):
        with pytest.raises(TypeError, match=r'Use \(\)'):
            getattr(xp, make)(None)


@pytest.mark.parametrize('make', [
    lambda a, **kw: cupy.empty_like(a, **kw),
    lambda a, **kw: cupy.zeros_like(a, **kw),
    lambda a, **kw: cupy.ones_like(a, **kw),
    lambda a, **kw: cupy.full_like(a, 2, **kw)])
def test_like_subok(make):
    a = cupy.arange(3)
    assert make(a, subok=False).shape == (3,)
    with pytest.raises(TypeError):
        make(a, subok=True)


@pytest.mark.parametrize('order', [None, 'c', 'f', 'F'])
@testing.numpy_cupy_array_equal(type_check=True)
def test_eye_order(xp, order):
    a = xp.eye(4, 3, 1, numpy.int32, order=order)
    assert a.flags.f_contiguous == (order in ('f', 'F'))
    return a


@pytest.mark.parametrize('key', [slice(0, None), slice(5, None),
                                 slice(5, None, 2), slice(None, None)])
@testing.numpy_cupy_array_equal(type_check=True)
def test_grid_without_stop(xp, key):
    return xp.mgrid[key], xp.ogrid[key]


class TestNdarrayStrides:

    @pytest.mark.parametrize('shape, strides', [
        ((2, 3, 4), (96, 32, 8)), ((2, 3, 4), (8, 0, 8)),
        ((2, 0, 4), (8, 128, 1024))])
    def test_inside_allocation(self, shape, strides):
        a = cupy.ndarray(shape, numpy.float64, strides=strides)
        lo, hi = cupy.byte_bounds(a)
        assert lo == a.data.ptr
        assert hi - lo <= a.data.mem.size
        assert a.strides == strides

    @pytest.mark.parametrize('strides', [(8, 128, 1024), (-8, 8, 8)])
    def test_outside_allocation(self, strides):
        with pytest.raises(ValueError, match=r'ndarray\(\) with strides'):
            cupy.ndarray((2, 3, 4), strides=strides)


@pytest.mark.parametrize('view', [
    lambda a: a, lambda a: a[::-2], lambda a: a.reshape(3, 4).T,
    lambda a: a[5:5], lambda a: a.reshape(3, 4)[::-1, 1::2]])
def test_byte_bounds_like_numpy(view):
    h = numpy.arange(12, dtype=numpy.int32)
    d = cupy.asarray(h)
    hl, hh = numpy.lib.array_utils.byte_bounds(view(h))
    dl, dh = cupy.byte_bounds(view(d))
    h0 = h.__array_interface__['data'][0]
    assert (dl - d.data.ptr, dh - d.data.ptr) == (hl - h0, hh - h0)


def test_index_32_bits():
    # metadata only: views of a small allocation with large strides
    base = cupy.zeros(2, numpy.int8)
    def strided(shape, strides):
        return cupy.ndarray(shape, numpy.int8, base.data, strides)
    assert strided((2 ** 31,), (1,))._index_32_bits
    assert not strided((2 ** 31 + 1,), (1,))._index_32_bits
    assert not strided((2 ** 30 + 1,), (2,))._index_32_bits
    assert strided((2 ** 30,), (2,))._index_32_bits
    assert not strided((2 ** 30 + 1, 2), (1, 0))._index_32_bits
    assert cupy.zeros((0, 5))._index_32_bits
