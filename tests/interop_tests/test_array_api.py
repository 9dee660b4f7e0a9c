"""The array API standard (2024.12) in the main namespace (issue 20):
__array_namespace__, __array_api_version__, __array_namespace_info__ and
the names NumPy's classic API lacks."""

import numpy
import pytest

import cupy
from cupy import testing


def test_namespace_and_version():
    a = cupy.arange(3)
    assert cupy.__array_api_version__ == '2024.12'
    assert a.__array_namespace__() is cupy
    assert a.__array_namespace__(api_version='2023.12') is cupy
    with pytest.raises(ValueError):
        a.__array_namespace__(api_version='2019.01')


def test_array_api_compat_finds_us():
    compat = pytest.importorskip('array_api_compat')
    a = cupy.arange(6.).reshape(2, 3)
    # as for CuPy: the compat layer's wrapper of this namespace by default,
    # this namespace itself when asked not to wrap
    assert compat.array_namespace(a, use_compat=False) is cupy
    xp = compat.array_namespace(a, cupy.ones(2))
    assert compat.is_cupy_namespace(xp) and compat.is_cupy_array(a)
    got = xp.concat([xp.sum(a, axis=0), xp.std(a, axis=1, correction=1)])
    assert isinstance(got, cupy.ndarray)
    testing.assert_allclose(got, [3, 5, 7, 1, 1])
    assert compat.device(a) == a.device


def test_info():
    info = cupy.__array_namespace_info__()
    caps = info.capabilities()
    assert caps['boolean indexing'] and caps['data-dependent shapes']
    assert info.default_device() == cupy.cuda.Device()
    assert cupy.cuda.Device(0) in info.devices()
    d = info.default_dtypes()
    assert d['real floating'] == numpy.float64
    assert d['indexing'] == numpy.intp
    assert set(info.dtypes(kind='bool')) == {'bool'}
    assert set(info.dtypes(kind=('real floating', 'complex floating'))) == {
        'float32', 'float64', 'complex64', 'complex128'}
    assert len(info.dtypes()) == 13
    assert set(info.dtypes(kind='integral')) == {
        'int8', 'int16', 'int32', 'int64', 'uint8', 'uint16', 'uint32',
        'uint64'}
    with pytest.raises(ValueError):
        info.dtypes(kind='strings')
    with pytest.raises(ValueError):
        info.default_dtypes(device='nowhere')


def test_max_dimensions_are_usable():
    # capabilities() promises NumPy's 64 dimensions
    n = cupy.__array_namespace_info__().capabilities()['max dimensions']
    shape = (1,) * (n - 2) + (2, 3)
    a = numpy.arange(6.).reshape(shape)
    x = cupy.asarray(a)
    testing.assert_array_equal((x * 2 + 1).sum(axis=-1), (a * 2 + 1).sum(-1))


@testing.numpy_cupy_array_equal()
def test_concat(xp):
    a = xp.arange(6).reshape(2, 3)
    return xp.concat([a, a], axis=1), xp.concat([a, a], axis=None)


@testing.for_all_dtypes()
def test_astype(dtype):
    a = testing.shaped_arange((2, 3), numpy, dtype)
    x = cupy.asarray(a)
    y = cupy.astype(x, numpy.float64)
    testing.assert_array_equal(y, a.astype(numpy.float64))
    assert cupy.astype(x, dtype, copy=False) is x
    z = cupy.astype(x, dtype)
    assert z is not x and z.data.ptr != x.data.ptr
    with pytest.raises(TypeError):
        cupy.astype(a, numpy.float64)


@pytest.mark.parametrize('kind', [
    'bool', 'signed integer', 'unsigned integer', 'integral',
    'real floating', 'complex floating', 'numeric',
    ('bool', 'real floating'), numpy.float32,
])
def test_isdtype_matches_numpy(kind):
    for t in (numpy.bool_, numpy.int8, numpy.uint32, numpy.int64,
              numpy.float16, numpy.float32, numpy.float64, numpy.complex64):
        dt = numpy.dtype(t)
        assert cupy.isdtype(dt, kind) == numpy.isdtype(dt, kind)


def test_isdtype_errors():
    with pytest.raises(TypeError):
        cupy.isdtype('float32', 'numeric')
    with pytest.raises(ValueError):
        cupy.isdtype(numpy.dtype('f4'), 'floating')


@testing.numpy_cupy_allclose()
def test_vecdot(xp):
    a = testing.shaped_arange((3, 4), xp, numpy.float64)
    return xp.vecdot(a, a[::-1], axis=-1)


def test_to_device():
    x = cupy.arange(4)
    assert x.to_device(x.device) is x
    with pytest.raises(ValueError):
        x.to_device('cpu')
    if cupy.cuda.runtime.getDeviceCount() > 1:
        y = x.to_device(cupy.cuda.Device(1))
        assert y.device.id == 1
        with cupy.cuda.Device(1):
            testing.assert_array_equal(y, numpy.arange(4))
