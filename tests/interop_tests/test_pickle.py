"""pickle / copy / ndarray.dumps / ndarray.dump of device arrays, and their
interplay with cupy.save / cupy.load (issue 20)."""

import copy
import io
import pickle

import numpy
import pytest

import cupy
from cupy import testing


def _layouts(dtype):
    a = testing.shaped_arange((4, 6), numpy, dtype)
    return [a, a.T, a[::2, 1::2], numpy.asfortranarray(a), a[:0]]


@testing.for_all_dtypes()
@pytest.mark.parametrize('protocol', [2, pickle.HIGHEST_PROTOCOL])
def test_pickle_round_trip(dtype, protocol):
    for a in _layouts(dtype):
        x = cupy.asarray(a)
        y = pickle.loads(pickle.dumps(x, protocol=protocol))
        assert isinstance(y, cupy.ndarray)
        assert y.dtype == x.dtype and y.shape == x.shape
        testing.assert_array_equal(y, a)


def test_pickle_loads_onto_current_device():
    x = cupy.arange(5)
    data = pickle.dumps(x)
    if cupy.cuda.runtime.getDeviceCount() < 2:
        pytest.skip('needs two devices')
    with cupy.cuda.Device(1):
        y = pickle.loads(data)
    assert y.device.id == 1
    testing.assert_array_equal(y, numpy.arange(5))


def test_copy_and_deepcopy_are_new_device_arrays():
    x = cupy.asarray(testing.shaped_arange((3, 4), numpy, numpy.float32))
    for y in (copy.copy(x), copy.deepcopy(x), copy.deepcopy([x, x])[0]):
        assert isinstance(y, cupy.ndarray)
        assert y.data.ptr != x.data.ptr
        testing.assert_array_equal(y, x)
    y = copy.deepcopy(x)
    y[0, 0] = 42
    assert x[0, 0] == 1


def test_dumps_and_dump(tmp_path):
    a = testing.shaped_arange((2, 3), numpy, numpy.complex64)
    x = cupy.asarray(a)
    y = pickle.loads(x.dumps())
    assert isinstance(y, cupy.ndarray)
    testing.assert_array_equal(y, a)
    path = tmp_path / 'x.pkl'
    x.dump(path)
    with open(path, 'rb') as f:
        testing.assert_array_equal(pickle.load(f), a)
    buf = io.BytesIO()
    x.dump(buf)
    buf.seek(0)
    testing.assert_array_equal(pickle.load(buf), a)


def test_save_load_interplay(tmp_path):
    a = testing.shaped_arange((3, 2), numpy, numpy.int16)
    x = cupy.asarray(a)
    path = tmp_path / 'x.npy'
    cupy.save(path, x)
    # the file is NumPy's: NumPy reads it, cupy.load makes a device array
    testing.assert_array_equal(numpy.load(path), a)
    y = cupy.load(path)
    assert isinstance(y, cupy.ndarray)
    testing.assert_array_equal(y, a)
    # a pickled object holding a device array survives save/load
    holder = numpy.empty(1, dtype=object)
    holder[0] = x
    cupy.save(tmp_path / 'obj.npy', holder, allow_pickle=True)
    obj = numpy.load(tmp_path / 'obj.npy', allow_pickle=True)
    assert isinstance(obj[0], cupy.ndarray)
    testing.assert_array_equal(obj[0], a)
