"""DLPack: versioned and legacy capsules, __dlpack_device__, from_dlpack,
fromDlpack/toDlpack, stream ordering by events, host exchange with NumPy,
and the errors of bad capsules (issue 20)."""

import ctypes

import numpy
import pytest

import cupy
from cupy import testing
from cupy_backends import get_backend_name

_DTYPES = [numpy.bool_, numpy.int8, numpy.uint16, numpy.int32, numpy.int64,
           numpy.uint64, numpy.float16, numpy.float32, numpy.float64,
           numpy.complex64, numpy.complex128]


def _capsule_name(capsule):
    get_name = ctypes.pythonapi.PyCapsule_GetName
    get_name.restype = ctypes.c_char_p
    get_name.argtypes = [ctypes.py_object]
    return get_name(capsule).decode()


def _views(dtype):
    a = cupy.asarray(testing.shaped_arange((4, 6), numpy, dtype))
    return [a, a.T, a[1:, 2:], a[::2, ::3], a[:, 1:2], a[:0]]


def test_device_type():
    a = cupy.arange(3)
    # torch_npu's NPU device type is kDLExtDev (12); CUDA builds kDLCUDA
    expect = 2 if get_backend_name() == 'cuda' else 12
    assert a.__dlpack_device__() == (expect, a.device.id)


@pytest.mark.parametrize('dtype', _DTYPES)
@pytest.mark.parametrize('versioned', [True, False])
def test_round_trip_shares_memory(dtype, versioned):
    for a in _views(dtype):
        cap = a.__dlpack__(max_version=(1, 0) if versioned else None)
        assert _capsule_name(cap) == ('dltensor_versioned' if versioned
                                      else 'dltensor')
        b = cupy.from_dlpack(cap)
        assert _capsule_name(cap).startswith('used_')
        assert b.dtype == a.dtype and b.shape == a.shape
        assert b.strides == a.strides
        if a.size:
            assert b.data.ptr == a.data.ptr
        testing.assert_array_equal(b, a)


def test_from_dlpack_object_and_write_through():
    a = cupy.zeros((3, 4), dtype=numpy.float32)
    view = a[1:, 1:]
    b = cupy.from_dlpack(view)
    b[0, 0] = 7
    assert float(a[1, 1]) == 7
    del a, view
    # the consumer keeps the producer's memory alive
    b += 1
    testing.assert_array_equal(b[0, 0], 8)


def test_legacy_to_from():
    a = cupy.asarray(testing.shaped_arange((2, 5), numpy, numpy.complex64))
    cap = a.toDlpack()
    assert _capsule_name(cap) == 'dltensor'
    b = cupy.fromDlpack(cap)
    testing.assert_array_equal(b, a)
    assert b.data.ptr == a.data.ptr


def test_unconsumed_capsule_releases_its_array():
    import gc
    pool = cupy.get_default_memory_pool()

    def used():
        # settle earlier tests' garbage and stream-ordered frees first
        gc.collect()
        cupy.cuda.Device().synchronize()
        return pool.used_bytes()

    # The array is 1 MiB; the margin (64 KiB) absorbs what other objects
    # allocate or free meanwhile (bounded caches evicting an entry: CI saw
    # 512 bytes go between two calls), which must not decide the test.
    size, margin = 1 << 20, 1 << 16
    before = used()
    a = cupy.arange(size // 8)
    with_a = used()
    assert with_a >= before + size - margin
    cap = a.__dlpack__(max_version=(1, 0))
    del a
    assert used() >= with_a - margin    # the capsule owns the memory
    del cap
    assert used() <= with_a - size + margin    # and gives it back


def test_consumed_twice_raises_value_error():
    cap = cupy.arange(4).__dlpack__()
    cupy.from_dlpack(cap)
    with pytest.raises(ValueError, match='consumed multiple times'):
        cupy.from_dlpack(cap)


def test_not_a_capsule_raises_type_error():
    with pytest.raises(TypeError):
        cupy.fromDlpack(object())


def _legacy_tensor_field(capsule, offset, ctype):
    # DLManagedTensor starts with its DLTensor: data (8 bytes), device (8),
    # ndim (4), then dtype {code: uint8, bits: uint8, lanes: uint16}
    get = ctypes.pythonapi.PyCapsule_GetPointer
    get.restype = ctypes.c_void_p
    get.argtypes = [ctypes.py_object, ctypes.c_char_p]
    return ctype.from_address(get(capsule, b'dltensor') + offset)


def test_unsupported_dtype_raises_type_error():
    cap = cupy.arange(4, dtype=numpy.int32).__dlpack__()
    _legacy_tensor_field(cap, 20, ctypes.c_uint8).value = 3  # opaque handle
    with pytest.raises(TypeError, match='unsupported DLPack dtype'):
        cupy.from_dlpack(cap)


def test_vector_dtype_raises_value_error():
    cap = cupy.arange(4, dtype=numpy.int32).__dlpack__()
    _legacy_tensor_field(cap, 22, ctypes.c_uint16).value = 4  # lanes
    with pytest.raises(ValueError, match='lanes'):
        cupy.from_dlpack(cap)


def test_wrong_device_capsule_raises():
    # a host capsule (NumPy's) is not device memory
    cap = numpy.arange(3).__dlpack__()
    with pytest.raises(ValueError, match='device type 1'):
        cupy.fromDlpack(cap)


def test_unsupported_dl_device_raises_buffer_error():
    with pytest.raises(BufferError):
        cupy.arange(3).__dlpack__(dl_device=(2 if get_backend_name() !=
                                             'cuda' else 12, 0))


def test_copy_true_is_a_new_buffer():
    a = cupy.arange(6.)
    b = cupy.from_dlpack(a, copy=True)
    assert b.data.ptr != a.data.ptr
    testing.assert_array_equal(b, a)


class TestHost:

    def test_numpy_from_dlpack_needs_cpu_device(self):
        a = cupy.arange(6.).reshape(2, 3)
        # device memory is not host memory (as with CuPy); NumPy 2.5
        # raises BufferError where 2.4 raised RuntimeError
        with pytest.raises((RuntimeError, BufferError)):
            numpy.from_dlpack(a)
        h = numpy.from_dlpack(a, device='cpu')
        assert isinstance(h, numpy.ndarray)
        numpy.testing.assert_array_equal(h, numpy.arange(6.).reshape(2, 3))
        with pytest.raises(ValueError):
            numpy.from_dlpack(a, device='cpu', copy=False)

    def test_cupy_from_dlpack_of_numpy(self):
        h = numpy.arange(5, dtype=numpy.int16)
        with pytest.raises(TypeError, match='CPU arrays'):
            cupy.from_dlpack(h)
        b = cupy.from_dlpack(h, copy=True)
        assert isinstance(b, cupy.ndarray) and b.dtype == numpy.int16
        testing.assert_array_equal(b, h)


class TestStreams:

    def test_consumer_stream_waits_by_event(self, strict):
        # strict mode delays each stream task: without the event wait the
        # consumer's stream would read the array before it is written
        s1 = cupy.cuda.Stream()
        s2 = cupy.cuda.Stream()
        with s1:      # the producer works on s1, the consumer reads on s2
            a = cupy.arange(100000, dtype=numpy.float32)
            a *= 2
            cap = a.__dlpack__(stream=s2.ptr, max_version=(1, 0))
            assert not s1.done          # no host synchronisation
        with s2:
            b = cupy.from_dlpack(cap)
            c = b + 1
        s2.synchronize()
        testing.assert_array_equal(
            c, numpy.arange(100000, dtype=numpy.float32) * 2 + 1)
        s1.synchronize()

    def test_stream_none_waits_on_host(self, strict):
        s1 = cupy.cuda.Stream()
        with s1:
            a = cupy.arange(1000, dtype=numpy.float64)
            a += 1
            cap = a.__dlpack__()
            assert s1.done
        cupy.fromDlpack(cap)

    def test_stream_minus_one_orders_nothing(self):
        a = cupy.arange(3)
        b = cupy.from_dlpack(a.__dlpack__(stream=-1))
        testing.assert_array_equal(b, [0, 1, 2])

    def test_bad_stream_argument(self):
        a = cupy.arange(3)
        with pytest.raises(TypeError):
            a.__dlpack__(stream='s')
        with pytest.raises(ValueError):
            a.__dlpack__(stream=-2)


def test_torch_round_trip():
    torch = pytest.importorskip('torch')
    if get_backend_name() != 'cuda' or not torch.cuda.is_available():
        pytest.skip('needs PyTorch with CUDA and the CUDA backend')
    a = cupy.arange(12, dtype=numpy.float32).reshape(3, 4)[:, 1:]
    t = torch.from_dlpack(a)
    assert t.data_ptr() == a.data.ptr
    t[0, 0] = 50
    assert float(a[0, 0]) == 50
    b = cupy.from_dlpack(t)
    assert b.data.ptr == a.data.ptr
    testing.assert_array_equal(b, a)


def test_other_device_and_device_argument():
    if cupy.cuda.runtime.getDeviceCount() < 2:
        pytest.skip('needs two devices')
    with cupy.cuda.Device(1):
        a = cupy.arange(5.)
    assert a.__dlpack_device__()[1] == 1
    b = cupy.from_dlpack(a)              # stays on the producer's device
    assert b.device.id == 1 and b.data.ptr == a.data.ptr
    c = cupy.from_dlpack(a, device=cupy.cuda.Device(0))
    assert c.device.id == 0
    testing.assert_array_equal(c, numpy.arange(5.))
    with pytest.raises(ValueError):
        cupy.from_dlpack(a, device='cpu')
