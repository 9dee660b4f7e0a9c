"""upfirdn's signal extension modes and resample_poly's padtypes against
SciPy: every mode, constant with a cval, filters shorter and longer than
the signal, several up/down pairs, axes, dtypes, bad names."""

import numpy
import pytest

import cupy
import cupyx.scipy.signal as cs
from tests.signal_tests.helpers import close, data

ss = pytest.importorskip('scipy.signal')

_MODES = ['constant', 'wrap', 'edge', 'smooth', 'symmetric', 'reflect',
          'antisymmetric', 'antireflect', 'line']


@pytest.mark.parametrize('mode', _MODES)
@pytest.mark.parametrize('updown', [(1, 1), (3, 1), (2, 3), (1, 4)])
@pytest.mark.parametrize('taps', [4, 15])
def test_upfirdn_modes(mode, updown, taps):
    x = data((2, 9), numpy.float64)
    h = data((taps,), numpy.float64, 1)
    up, down = updown
    kw = {'mode': mode, 'cval': 1.5} if mode == 'constant' else {
        'mode': mode}
    close(cs.upfirdn(cupy.asarray(h), cupy.asarray(x), up, down, **kw),
          ss.upfirdn(h, x, up, down, **kw))


@pytest.mark.parametrize('dtype', [numpy.float32, numpy.complex128])
def test_upfirdn_mode_axis_dtype(dtype):
    x = data((7, 3), dtype)
    h = data((5,), numpy.float64, 1)
    for mode in ('reflect', 'antisymmetric', 'line'):
        close(cs.upfirdn(cupy.asarray(h), cupy.asarray(x), 2, 3, axis=0,
                         mode=mode),
              ss.upfirdn(h, x, 2, 3, axis=0, mode=mode), dtype)
    with pytest.raises(ValueError, match='Unknown mode'):
        cs.upfirdn(cupy.asarray(h), cupy.asarray(x), mode='zero')


@pytest.mark.parametrize('padtype', ['mean', 'median', 'minimum', 'maximum']
                         + _MODES)
def test_resample_poly_padtypes(padtype):
    x = data((3, 60), numpy.float64) + 2.0
    close(cs.resample_poly(cupy.asarray(x), 3, 2, axis=1, padtype=padtype),
          ss.resample_poly(x, 3, 2, axis=1, padtype=padtype))
    close(cs.resample_poly(cupy.asarray(x.T), 2, 5, padtype=padtype),
          ss.resample_poly(x.T, 2, 5, padtype=padtype))


def test_resample_poly_cval_and_errors():
    x = data((50,), numpy.float64)
    close(cs.resample_poly(cupy.asarray(x), 4, 3, cval=2.0),
          ss.resample_poly(x, 4, 3, cval=2.0))
    with pytest.raises(ValueError, match='padtype must be one of'):
        cs.resample_poly(cupy.asarray(x), 4, 3, padtype='zeros')
    with pytest.raises(ValueError, match='cval'):
        cs.resample_poly(cupy.asarray(x), 4, 3, padtype='mean', cval=1.0)
