"""cupyx.scipy.fft against scipy.fft: the complex, real and Hermitian
transforms (hfft2/hfftn/ihfft2/ihfftn too), DCT and DST types 1-4 with
every norm, n-D variants, next_fast_len, and SciPy's backend protocol."""

import numpy
import pytest

import cupy
from cupy import testing

scipy_fft = pytest.importorskip('scipy.fft')
import cupyx.scipy.fft  # NOQA: E402

RTOL = {numpy.float32: 2e-5, numpy.complex64: 2e-5, 'default': 1e-10}
ATOL = {numpy.float32: 2e-5, numpy.complex64: 2e-5, 'default': 1e-10}
NORMS = [None, 'ortho', 'forward']


def _data(xp, shape, dtype, seed=0):
    rs = numpy.random.RandomState(seed)
    h = rs.uniform(-1, 1, shape)
    if numpy.dtype(dtype).kind == 'c':
        h = h + 1j * rs.uniform(-1, 1, shape)
    return xp.asarray(h.astype(dtype))


@pytest.mark.parametrize('name', ['fft', 'ifft', 'rfft', 'irfft', 'hfft',
                                  'ihfft'])
@pytest.mark.parametrize('dtype', [numpy.float32, numpy.float64,
                                   numpy.complex64, numpy.complex128])
@pytest.mark.parametrize('norm', NORMS)
@testing.numpy_cupy_allclose(rtol=RTOL, atol=ATOL, scipy_name='scp',
                             accept_error=TypeError)
def test_1d(xp, scp, name, dtype, norm):
    return getattr(scp.fft, name)(_data(xp, (3, 12), dtype), n=10,
                                  norm=norm)


@pytest.mark.parametrize('name', ['fft2', 'ifft2', 'fftn', 'ifftn', 'rfft2',
                                  'irfft2', 'rfftn', 'irfftn', 'hfft2',
                                  'ihfft2', 'hfftn', 'ihfftn'])
@pytest.mark.parametrize('dtype', [numpy.float32, numpy.complex128])
@testing.numpy_cupy_allclose(rtol=RTOL, atol=ATOL, scipy_name='scp',
                             accept_error=TypeError)
def test_nd(xp, scp, name, dtype):
    return getattr(scp.fft, name)(_data(xp, (3, 6, 8), dtype), axes=(0, 2))


@pytest.mark.parametrize('name', ['dct', 'idct', 'dst', 'idst'])
@pytest.mark.parametrize('type', [1, 2, 3, 4])
@pytest.mark.parametrize('norm', NORMS)
@pytest.mark.parametrize('dtype', [numpy.float32, numpy.float64,
                                   numpy.complex128])
@pytest.mark.parametrize('n', [None, 5, 12])
@testing.numpy_cupy_allclose(rtol=RTOL, atol=ATOL, scipy_name='scp')
def test_dct_dst(xp, scp, name, type, norm, dtype, n):
    return getattr(scp.fft, name)(_data(xp, (4, 9), dtype), type=type, n=n,
                                  axis=0, norm=norm)


@pytest.mark.parametrize('name', ['dct', 'dst'])
@pytest.mark.parametrize('type', [1, 2, 3, 4])
@testing.numpy_cupy_allclose(rtol=RTOL, atol=ATOL, scipy_name='scp')
def test_dct_dst_not_orthogonalized(xp, scp, name, type):
    return getattr(scp.fft, name)(_data(xp, (9,), numpy.float64), type=type,
                                  norm='ortho', orthogonalize=False)


@pytest.mark.parametrize('name', ['dctn', 'idctn', 'dstn', 'idstn'])
@pytest.mark.parametrize('type', [1, 2, 3, 4])
@pytest.mark.parametrize('axes,s', [(None, None), ((0, 2), (5, 7)),
                                    (-1, None), (None, (-1, -1, 4)),
                                    ((2, 0), (-1, 3)), (None, (1.5, 2.5))])
@testing.numpy_cupy_allclose(rtol=RTOL, atol=ATOL, scipy_name='scp',
                             accept_error=ValueError)
def test_dctn_dstn(xp, scp, name, type, axes, s):
    return getattr(scp.fft, name)(_data(xp, (4, 3, 6), numpy.float64),
                                  type=type, axes=axes, s=s, norm='ortho')


@pytest.mark.parametrize('name', ['dct', 'dst'])
def test_bad_type(name):
    x = _data(cupy, (5,), numpy.float64)
    with pytest.raises(ValueError):
        getattr(cupyx.scipy.fft, name)(x, type=5)


@pytest.mark.parametrize('target', [0, 1, 7, 13, 1000, 1021, 2 ** 20 + 1,
                                    3 ** 9 + 2])
@pytest.mark.parametrize('real', [False, True])
def test_next_fast_len(target, real):
    # CuPy's definition: 7-smooth lengths (SciPy's real ones are 5-smooth,
    # its complex ones 11-smooth); checked by brute force
    def smooth(n):
        for p in (2, 3, 5, 7):
            while n and n % p == 0:
                n //= p
        return n <= 1

    nxt = cupyx.scipy.fft.next_fast_len(target, real)
    assert nxt >= target and smooth(nxt)
    assert not any(smooth(m) for m in range(max(target, 1), nxt))
    prev = cupyx.scipy.fft.prev_fast_len(target, real)
    assert prev <= target and smooth(prev)
    assert not any(smooth(m) for m in range(prev + 1, target + 1))
    if real:
        # powers of two agree with SciPy either way
        assert cupyx.scipy.fft.next_fast_len(2 ** 10 - 3, real) == \
            scipy_fft.next_fast_len(2 ** 10 - 3, real) == 2 ** 10


def test_next_fast_len_errors():
    for mod in (scipy_fft, cupyx.scipy.fft):
        with pytest.raises(ValueError):
            mod.next_fast_len(-1)
        with pytest.raises(TypeError):
            mod.next_fast_len(1.5)
        with pytest.raises(ValueError):
            mod.prev_fast_len(-1)


def test_set_backend():
    x = _data(cupy, (4, 16), numpy.complex64)
    with scipy_fft.set_backend(cupyx.scipy.fft):
        res = scipy_fft.fft(x)
        res2 = scipy_fft.dct(x.real.copy())
    assert isinstance(res, cupy.ndarray)
    testing.assert_allclose(res, numpy.fft.fft(x.get()), rtol=1e-5,
                            atol=1e-5)
    testing.assert_allclose(res2, scipy_fft.dct(x.real.get()), rtol=1e-5,
                            atol=1e-5)


def test_input_untouched():
    x = _data(cupy, (3, 1 << 15), numpy.float32)
    keep = x.get()
    for name in ('dct', 'dst'):
        getattr(cupyx.scipy.fft, name)(x, type=2)
    cupyx.scipy.fft.rfft(x)
    testing.assert_array_equal(x, keep)
