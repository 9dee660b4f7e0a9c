"""cupyx.scipy.fftpack against scipy.fftpack: complex transforms (n,
shape, axes), the packed real format of rfft/irfft, the unnormalised
inverse DCT/DST, overwrite_x, plans, and the input left untouched."""

import numpy
import pytest

import cupy
from cupy import testing

fftpack = pytest.importorskip('scipy.fftpack')
import cupyx.scipy.fftpack as cfp  # NOQA: E402


from tests.fft_tests.test_scipy_fft import _data  # NOQA: E402


@pytest.mark.parametrize('name', ['fft', 'ifft'])
@pytest.mark.parametrize('dtype', [numpy.float32, numpy.float64,
                                   numpy.complex64, numpy.complex128,
                                   numpy.int16])
@pytest.mark.parametrize('n,axis', [(None, -1), (7, 0), (16, -1),
                                    (0, -1)])
@testing.numpy_cupy_allclose(rtol=1e-4, atol=1e-5, scipy_name='scp',
                             accept_error=ValueError)
def test_complex_1d(xp, scp, name, dtype, n, axis):
    x = _data(xp, (6, 9), dtype)
    before = x.copy()
    out = getattr(scp.fftpack, name)(x, n=n, axis=axis)
    testing.assert_array_equal(x, before)
    return out


@pytest.mark.parametrize('name', ['fft2', 'ifft2', 'fftn', 'ifftn'])
@pytest.mark.parametrize('shape,axes', [(None, None), ((4, 5), None),
                                        ((3, 8), (0, 2)), (None, (-1, 0))])
@testing.numpy_cupy_allclose(rtol=1e-4, atol=1e-5, scipy_name='scp',
                             accept_error=ValueError)
def test_complex_nd(xp, scp, name, shape, axes):
    x = _data(xp, (3, 4, 6), numpy.complex64)
    if name.endswith('2') and axes is None:
        axes = (-2, -1)
    if name.endswith('2') and shape is None and len(axes) != 2:
        return xp.zeros(1)
    return getattr(scp.fftpack, name)(x, shape, axes)


@pytest.mark.parametrize('dtype', [numpy.float16, numpy.float32,
                                   numpy.float64, numpy.int32])
@pytest.mark.parametrize('n', [None, 1, 4, 5, 12])
@pytest.mark.parametrize('axis', [-1, 0])
@testing.numpy_cupy_allclose(rtol=1e-3, atol=1e-4, scipy_name='scp')
def test_rfft_packed(xp, scp, dtype, n, axis):
    x = _data(xp, (5, 8), dtype)
    return scp.fftpack.rfft(x, n=n, axis=axis)


@pytest.mark.parametrize('dtype', [numpy.float32, numpy.float64,
                                   numpy.int32])
@pytest.mark.parametrize('n', [None, 1, 4, 5, 12])
@pytest.mark.parametrize('axis', [-1, 0])
@testing.numpy_cupy_allclose(rtol=1e-3, atol=1e-4, scipy_name='scp')
def test_irfft_packed(xp, scp, dtype, n, axis):
    x = _data(xp, (5, 8), dtype)
    return scp.fftpack.irfft(x, n=n, axis=axis)


def test_rfft_round_trip_and_real_only():
    x = _data(cupy, (3, 10), numpy.float64)
    testing.assert_allclose(cfp.irfft(cfp.rfft(x)), x, atol=1e-12)
    with pytest.raises(TypeError):
        cfp.rfft(x.astype(numpy.complex128))
    with pytest.raises(TypeError):
        cfp.irfft(x.astype(numpy.complex128))


@pytest.mark.parametrize('name', ['dct', 'idct', 'dst', 'idst'])
@pytest.mark.parametrize('type', [1, 2, 3, 4])
@pytest.mark.parametrize('norm', [None, 'ortho'])
@testing.numpy_cupy_allclose(rtol=1e-10, atol=1e-10, scipy_name='scp')
def test_trig(xp, scp, name, type, norm):
    x = _data(xp, (4, 9), numpy.float64)
    return getattr(scp.fftpack, name)(x, type=type, norm=norm)


def test_overwrite_x_writes_the_complex_input():
    a = _data(cupy, (8, 6), numpy.complex128)
    expect = numpy.fft.fftn(a.get())
    out = cfp.fftn(a, overwrite_x=True)
    assert out.data.ptr == a.data.ptr
    testing.assert_allclose(a, expect, rtol=1e-12, atol=1e-12)
    # a real input cannot hold the result: a new array, input untouched
    r = _data(cupy, (8,), numpy.float64)
    before = r.copy()
    out = cfp.fft(r, overwrite_x=True)
    assert out.dtype == numpy.complex128
    testing.assert_array_equal(r, before)


def test_plans():
    x = _data(cupy, (4, 16), numpy.complex64)
    plan = cfp.get_fft_plan(x, shape=16, axes=-1)
    assert isinstance(plan, cupy.cuda.cufft.Plan1d)
    testing.assert_allclose(cfp.fft(x, plan=plan), numpy.fft.fft(x.get()),
                            rtol=1e-5, atol=1e-5)
    with pytest.raises(ValueError, match='does not match the plan'):
        cfp.fft(x, n=8, plan=plan)
    xr = _data(cupy, (4, 16), numpy.float32)
    plan = cfp.get_fft_plan(xr, axes=-1, value_type='R2C')
    testing.assert_allclose(cfp.rfft(xr, plan=plan),
                            fftpack.rfft(xr.get()), rtol=1e-4, atol=1e-5)
