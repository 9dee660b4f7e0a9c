"""datetime64/timedelta64/structured dtypes as containers: device arrays
of them come from view() and __cuda_array_interface__, hold and move
their bytes, and refuse to compute."""

import numpy
import pytest

import cupy
from cupy import testing


class _Interface:

    def __init__(self, a, dtype):
        self.a = a
        self.dtype = numpy.dtype(dtype)

    @property
    def __cuda_array_interface__(self):
        return {'shape': self.a.shape, 'strides': self.a.strides,
                'typestr': self.dtype.str, 'descr': self.dtype.descr,
                'data': (self.a.data.ptr, False), 'version': 2}


@pytest.mark.parametrize('dtype', ['M8[s]', 'M8[ns]', 'm8[ms]', 'm8[D]'])
class TestDatetimeContainers:

    def test_interface_and_view_back(self, dtype):
        a = cupy.arange(6, dtype=numpy.int64)
        c = cupy.asarray(_Interface(a, dtype))
        assert c.dtype == numpy.dtype(dtype)
        assert c.data.ptr == a.data.ptr         # a view, not a copy
        testing.assert_array_equal(c.view(numpy.int64), a)
        numpy.testing.assert_array_equal(
            c.get(), numpy.arange(6, dtype=numpy.int64).view(dtype))

    def test_strided_copy_and_get(self, dtype):
        h = numpy.arange(12, dtype=numpy.int64).reshape(3, 4)
        c = cupy.asarray(h).view(dtype)
        numpy.testing.assert_array_equal(c[:, ::2].get(),
                                         h.view(dtype)[:, ::2])
        numpy.testing.assert_array_equal(c.T.copy().get(), h.view(dtype).T)

    def test_computing_is_refused(self, dtype):
        c = cupy.arange(3, dtype=numpy.int64).view(dtype)
        with pytest.raises(TypeError):
            c + c
        with pytest.raises(TypeError):
            c.astype(numpy.float64)
        with pytest.raises(TypeError):
            c.sum()


def test_structured_interface():
    dt = numpy.dtype([('a', '<i4'), ('b', '<f4')])
    h = numpy.array([(1, 2.5), (3, -1.0)], dt)
    raw = cupy.asarray(h.view(numpy.int64))
    c = cupy.asarray(_Interface(raw, dt))
    assert c.dtype == dt
    numpy.testing.assert_array_equal(c.get(), h)


def test_creation_still_refused():
    # containers come from existing memory only, as in CuPy
    with pytest.raises(TypeError):
        cupy.zeros(3, 'M8[s]')
    with pytest.raises(TypeError):
        cupy.arange(3).astype('m8[s]')
