"""Arrays are made on the device current at creation (two simulated
devices: tests/conftest.py)."""

import numpy
import pytest

import cupy
from cupy import testing


pytestmark = pytest.mark.skipif(
    cupy.cuda.runtime.getDeviceCount() < 2, reason='needs two devices')


_MAKERS = [
    lambda: cupy.arange(3), lambda: cupy.zeros((2, 3)),
    lambda: cupy.ones(3, numpy.int8), lambda: cupy.empty((2, 2)),
    lambda: cupy.full(3, 1.5), lambda: cupy.array([1, 2]),
    lambda: cupy.asarray(numpy.arange(4)), lambda: cupy.eye(3),
    lambda: cupy.tri(3), lambda: cupy.linspace(0, 1, 5),
    lambda: cupy.ndarray((3,), numpy.float32),
    lambda: cupy.ascontiguousarray(numpy.zeros((2, 2)).T)]


class TestPlacement:

    @pytest.mark.parametrize('make', _MAKERS)
    def test_current_device(self, make):
        with cupy.cuda.Device(1):
            b = make()
        assert b.device.id == 1
        assert b.data.device_id == 1
        a = make()
        assert a.device.id == cupy.cuda.Device().id == 0

    def test_example(self):
        with cupy.cuda.Device(1):
            b = cupy.arange(3)
        assert b.device.id == 1
        numpy.testing.assert_array_equal(b.get(), [0, 1, 2])

    def test_views_stay_on_their_device(self):
        with cupy.cuda.Device(1):
            b = cupy.arange(6)
        for v in (b[1:], b.reshape(2, 3), b.reshape(2, 3).T, b.view(),
                  b.real, b[::-1]):
            assert v.device.id == 1

    def test_like_routines_use_current_device(self):
        with cupy.cuda.Device(1):
            b = cupy.arange(6).reshape(2, 3)
        for f in (cupy.empty_like, cupy.zeros_like, cupy.ones_like):
            assert f(b).device.id == 0
            with cupy.cuda.Device(1):
                assert f(b).device.id == 1
        with cupy.cuda.Device(1):
            assert cupy.full_like(b, 7).device.id == 1

    def test_methods_on_own_device(self):
        with cupy.cuda.Device(1):
            b = testing.shaped_arange((2, 3), cupy)
            c = b.copy()
            d = b.astype(numpy.float32)
            e = b.T.flatten()
            assert c.device.id == d.device.id == e.device.id == 1
            numpy.testing.assert_array_equal(
                e.get(), testing.shaped_arange((2, 3), numpy).T.ravel())

    def test_get_from_other_device(self):
        with cupy.cuda.Device(1):
            b = cupy.arange(4)
        numpy.testing.assert_array_equal(b.get(), numpy.arange(4))
        assert repr(b) == repr(numpy.arange(4))
        assert b.tolist() == [0, 1, 2, 3]


class TestDeviceKeyword:

    @pytest.mark.parametrize('device', [1, 'device1', numpy.int64(1)])
    def test_creation(self, device):
        if device == 'device1':
            device = cupy.cuda.Device(1)
        for a in (cupy.empty(3, device=device), cupy.zeros(3, device=device),
                  cupy.ones((2, 2), device=device),
                  cupy.full(3, 2.0, device=device),
                  cupy.asarray([1, 2], device=device),
                  cupy.arange(4, device=device),
                  cupy.linspace(0, 1, 3, device=device),
                  cupy.empty_like(cupy.zeros(3), device=device),
                  cupy.zeros_like(cupy.zeros(3), device=device),
                  cupy.ones_like(cupy.zeros(3), device=device),
                  cupy.full_like(cupy.zeros(3), 4, device=device)):
            assert a.device.id == 1
        assert cupy.cuda.Device().id == 0

    def test_values(self):
        a = cupy.full((2, 2), 3, numpy.int32, device=1)
        b = cupy.ones_like(a, device=1)
        with cupy.cuda.Device(1):
            numpy.testing.assert_array_equal(a.get(), [[3, 3], [3, 3]])
            numpy.testing.assert_array_equal(b.get(), [[1, 1], [1, 1]])

    def test_none_is_current(self):
        with cupy.cuda.Device(1):
            assert cupy.zeros(3, device=None).device.id == 1

    @pytest.mark.parametrize('device', ['cuda', 'cpu', 1.0, True, 5])
    def test_bad_device(self, device):
        with pytest.raises(ValueError):
            cupy.zeros(3, device=device)
        with pytest.raises(ValueError):
            cupy.asarray([1], device=device)

    def test_asarray_same_device_no_copy(self):
        a = cupy.arange(3)
        assert cupy.asarray(a, device=0) is a

    def test_asarray_other_device_copies(self):
        a = cupy.arange(3)
        b = cupy.asarray(a, device=1)
        assert b.device.id == 1 and b is not a
        with cupy.cuda.Device(1):
            numpy.testing.assert_array_equal(b.get(), [0, 1, 2])
        with pytest.raises(ValueError):
            cupy.asarray(a, device=1, copy=False)
