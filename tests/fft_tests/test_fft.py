"""cupy.fft against numpy.fft: every function, norm, dtype (NumPy 2's
result dtypes), sizes that are powers of two, odd, prime (> 199 too), 1
and 0 (NumPy's error), batches, axes (negative, repeated), non-contiguous
inputs, n/s larger and smaller than the input, out=, round trips."""

import numpy
import pytest

import cupy
from cupy import testing

# float32 transforms are computed in float32 (AsdSip); float64 ones by the
# device compositions, to double precision.
RTOL = {numpy.float32: 2e-5, numpy.complex64: 2e-5, numpy.float16: 2e-3,
        'default': 1e-10}
ATOL = {numpy.float32: 2e-5, numpy.complex64: 2e-5, numpy.float16: 2e-3,
        'default': 1e-10}
NORMS = [None, 'backward', 'ortho', 'forward']
SIZES = [1, 2, 7, 16, 45, 64, 211, 256, 1000, 1009]
DTYPES = [numpy.complex64, numpy.complex128, numpy.float32, numpy.float64]


def _data(xp, shape, dtype, seed=0):
    rs = numpy.random.RandomState(seed)
    h = rs.uniform(-1, 1, shape)
    if numpy.dtype(dtype).kind == 'c':
        h = h + 1j * rs.uniform(-1, 1, shape)
    return xp.asarray(h.astype(dtype))




@pytest.mark.parametrize('name', ['fft', 'ifft'])
@pytest.mark.parametrize('n', SIZES)
@pytest.mark.parametrize('dtype', DTYPES)
@testing.numpy_cupy_allclose(rtol=RTOL, atol=ATOL)
def test_fft_sizes_dtypes(xp, name, n, dtype):
    return getattr(xp.fft, name)(_data(xp, (3, n), dtype))


@pytest.mark.parametrize('name', ['fft', 'ifft', 'rfft', 'ihfft'])
@pytest.mark.parametrize('norm', NORMS)
@pytest.mark.parametrize('n', [None, 5, 16, 40])
@pytest.mark.parametrize('axis', [-1, 0, 1])
@testing.numpy_cupy_allclose(rtol=RTOL, atol=ATOL)
def test_forward_n_axis_norm(xp, name, norm, n, axis):
    x = _data(xp, (6, 20, 3), numpy.float64 if name in ('rfft', 'ihfft')
              else numpy.complex128)
    return getattr(xp.fft, name)(x, n=n, axis=axis, norm=norm)


@pytest.mark.parametrize('name', ['irfft', 'hfft'])
@pytest.mark.parametrize('norm', NORMS)
@pytest.mark.parametrize('n', [None, 1, 7, 16, 40])
@pytest.mark.parametrize('dtype', [numpy.complex64, numpy.complex128])
@testing.numpy_cupy_allclose(rtol=RTOL, atol=ATOL)
def test_inverse_real(xp, name, norm, n, dtype):
    return getattr(xp.fft, name)(_data(xp, (4, 11), dtype), n=n, norm=norm)


@pytest.mark.parametrize('name', ['rfft', 'irfft', 'hfft', 'ihfft'])
@pytest.mark.parametrize('dtype', [numpy.float16, numpy.float32,
                                   numpy.float64, numpy.int32, numpy.bool_,
                                   numpy.complex64])
@testing.numpy_cupy_allclose(rtol=RTOL, atol=ATOL, accept_error=TypeError)
def test_real_dtypes(xp, name, dtype):
    if name == 'ihfft' and dtype == numpy.float16:
        pytest.skip('NumPy rounds this one through float16')
    x = xp.asarray(testing.shaped_arange((3, 10), numpy, numpy.float64)
                   ).astype(dtype)
    return getattr(xp.fft, name)(x)


@pytest.mark.parametrize('dtype', [numpy.float16, numpy.int64, numpy.bool_,
                                   numpy.uint8])
@testing.numpy_cupy_allclose(rtol=RTOL, atol=ATOL)
def test_fft_other_dtypes(xp, dtype):
    x = testing.shaped_arange((3, 10), xp, numpy.float64).astype(dtype)
    return xp.fft.fft(x)


@pytest.mark.parametrize('name', ['fft2', 'ifft2', 'fftn', 'ifftn',
                                  'rfft2', 'rfftn'])
@pytest.mark.parametrize('dtype', DTYPES)
@pytest.mark.parametrize('shape,s,axes', [
    ((6, 8), None, None), ((3, 6, 8), None, (-2, -1)),
    ((3, 6, 8), (4, 10), (0, 2)), ((2, 3, 4, 5), None, None),
    ((5, 7, 3), (7, 3), (1, 0)), ((4, 211), None, None),
    ((3, 4, 5), (3, 4, 5), (2, 0, 1)),
])
@testing.numpy_cupy_allclose(rtol=RTOL, atol=ATOL, accept_error=TypeError)
def test_nd(xp, name, dtype, shape, s, axes):
    x = _data(xp, shape, dtype)
    if name.endswith('2') and axes is None and len(shape) != 2:
        axes = (-2, -1)
    kw = {} if axes is None else {'axes': axes}
    if s is not None:
        kw['s'] = s
    return getattr(xp.fft, name)(x, **kw)


@pytest.mark.parametrize('name', ['irfft2', 'irfftn'])
@pytest.mark.parametrize('dtype', [numpy.complex64, numpy.complex128])
@pytest.mark.parametrize('shape,s,axes', [
    ((6, 5), None, None), ((3, 6, 5), (6, 8), (-2, -1)),
    ((4, 3, 6), (4, 9), (0, 2)), ((5, 7, 3), (7, 3), (1, 0)),
    ((2, 3, 4, 5), None, None),
])
@testing.numpy_cupy_allclose(rtol=RTOL, atol=ATOL)
def test_irfftn(xp, name, dtype, shape, s, axes):
    x = _data(xp, shape, dtype)
    kw = {} if axes is None else {'axes': axes}
    if axes is None and name == 'irfft2' and len(shape) != 2:
        kw['axes'] = (-2, -1)
    if s is not None:
        kw['s'] = s
    return getattr(xp.fft, name)(x, **kw)


@pytest.mark.parametrize('norm', NORMS)
@pytest.mark.parametrize('name', ['fftn', 'ifftn', 'rfftn', 'irfftn'])
@testing.numpy_cupy_allclose(rtol=RTOL, atol=ATOL)
def test_nd_norm(xp, norm, name):
    dtype = numpy.float64 if name == 'rfftn' else numpy.complex128
    return getattr(xp.fft, name)(_data(xp, (4, 6, 5), dtype), norm=norm)


@pytest.mark.parametrize('name', ['fftn', 'rfftn', 'irfftn'])
@testing.numpy_cupy_allclose(rtol=RTOL, atol=ATOL)
def test_repeated_axes(xp, name):
    dtype = numpy.float64 if name == 'rfftn' else numpy.complex128
    return getattr(xp.fft, name)(_data(xp, (4, 6), dtype), axes=(1, 1, 0))


@pytest.mark.parametrize('name', ['fft', 'rfft', 'ifft', 'irfft'])
@pytest.mark.parametrize('layout', ['F', 'T', 'step', 'neg'])
@testing.numpy_cupy_allclose(rtol=RTOL, atol=ATOL)
def test_non_contiguous(xp, name, layout):
    dtype = numpy.float32 if name == 'rfft' else numpy.complex64
    x = _data(xp, (12, 16), dtype)
    x = {'F': xp.asfortranarray(x), 'T': x.T, 'step': x[::2, ::3],
         'neg': x[::-1, ::-1]}[layout]
    return getattr(xp.fft, name)(x, axis=0)


@pytest.mark.parametrize('name', ['fft', 'ifft', 'rfft', 'irfft', 'hfft',
                                  'ihfft'])
def test_size_zero(name):
    for xp in (numpy, cupy):
        x = xp.zeros((3, 0), numpy.complex128 if name in ('fft', 'ifft',
                                                            'irfft', 'hfft')
                     else numpy.float64)
        with pytest.raises(ValueError, match='Invalid number of FFT'):
            getattr(xp.fft, name)(x)
        with pytest.raises(ValueError, match='Invalid number of FFT'):
            getattr(xp.fft, name)(xp.ones(4), n=0)


@pytest.mark.parametrize('kw,err', [
    ({'axis': 2}, IndexError),
    ({'axis': -3}, IndexError),
    ({'norm': 'bad'}, ValueError)])
def test_bad_arguments(kw, err):
    for xp in (numpy, cupy):
        with pytest.raises(err):
            xp.fft.fft(xp.ones((2, 3), numpy.complex64), **kw)


def test_shape_and_axes_lengths():
    for xp in (numpy, cupy):
        with pytest.raises(ValueError, match='different lengths'):
            xp.fft.fftn(xp.ones((2, 3)), s=(2, 3), axes=(0,))


@pytest.mark.parametrize('dtype', DTYPES)
@pytest.mark.parametrize('n', [64, 1000, 1009, 1 << 15])
def test_round_trip_and_input_untouched(dtype, n):
    x = _data(cupy, (2, n), dtype)
    keep = x.get()
    if numpy.dtype(dtype).kind == 'c':
        y = cupy.fft.ifft(cupy.fft.fft(x))
    else:
        y = cupy.fft.irfft(cupy.fft.rfft(x), n=n)
    tol = 1e-4 if numpy.dtype(dtype).char in 'fF' else 1e-12
    testing.assert_allclose(y, keep, rtol=tol, atol=tol)
    testing.assert_array_equal(x, keep)


@pytest.mark.parametrize('name', ['fft', 'rfft', 'fft2'])
def test_out(name):
    x = _data(cupy, (4, 8), numpy.float64 if name == 'rfft'
              else numpy.complex128)
    expect = getattr(cupy.fft, name)(x)
    out = cupy.empty(expect.shape, expect.dtype)
    res = getattr(cupy.fft, name)(x, out=out)
    assert res is out
    testing.assert_allclose(out, expect)
    with pytest.raises(ValueError):
        getattr(cupy.fft, name)(x, out=cupy.empty((3, 3), expect.dtype))


@pytest.mark.parametrize('n', [1, 4, 7, 10])
@pytest.mark.parametrize('d', [1.0, 0.25])
@testing.numpy_cupy_allclose(rtol=1e-12)
def test_fftfreq(xp, n, d):
    return xp.fft.fftfreq(n, d)


@pytest.mark.parametrize('n', [1, 4, 7, 10])
@pytest.mark.parametrize('d', [1.0, 0.25])
@testing.numpy_cupy_allclose(rtol=1e-12)
def test_rfftfreq(xp, n, d):
    return xp.fft.rfftfreq(n, d)


@pytest.mark.parametrize('name', ['fftshift', 'ifftshift'])
@pytest.mark.parametrize('axes', [None, 0, (1,), (0, 1), -1])
@pytest.mark.parametrize('shape', [(5,), (4, 7), (3, 1), (0, 3)])
@testing.numpy_cupy_array_equal()
def test_shift(xp, name, axes, shape):
    x = testing.shaped_arange(shape, xp, numpy.float64)
    if axes is not None and len(shape) == 1 and axes not in (0, -1):
        axes = 0
    return getattr(xp.fft, name)(x, axes=axes)


@pytest.mark.parametrize('name', ['fft', 'ifft'])
@pytest.mark.parametrize('shape', [(8192,), (4099,), (2, 8198), (200, 1024),
                                   (3, 1 << 13)])
@pytest.mark.parametrize('dtype', [numpy.complex64, numpy.complex128])
@testing.numpy_cupy_allclose(rtol=RTOL, atol=ATOL)
def test_composition_paths(xp, name, shape, dtype):
    # complex128: Stockham (8192, and 1024 with a batch too large for the
    # four-step products), Bluestein over Stockham (4099, 2 * 4099)
    return getattr(xp.fft, name)(_data(xp, shape, dtype))
