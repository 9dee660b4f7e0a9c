"""'fill': every element = value cast to dst's dtype as NumPy casts it."""

import numpy
import pytest

from tests.provider_tests.device import (
    Buffer, DTYPES, DTYPE_IDS, numpy_quiet, run)


def _values(dtype):
    k = dtype.kind
    vals = [0, 1, True]
    if k in 'ifc':
        vals += [-3, numpy.int8(-5)]
    if k in 'fc':
        vals += [2.5, -0.0, numpy.nan, numpy.inf, numpy.float16(0.1),
                 numpy.float32(1e-3)]
    if k == 'c':
        vals += [1 - 2j, complex(-0.0, 0.0), numpy.complex64(3j)]
    if k in 'iu':
        vals += [2.75, int(numpy.iinfo(dtype).max), numpy.uint8(200)]
    if k == 'i':
        vals += [int(numpy.iinfo(dtype).min)]
    return vals


LAYOUTS = {
    'contiguous': ((3, 4), lambda a: a),
    'strided': ((6, 5), lambda a: a[1::2, ::-2]),
    'reversed': ((4, 5), lambda a: a[::-1, 1:]),
    'zero_d': ((5,), lambda a: a[2, ...]),
    'empty': ((3, 4), lambda a: a[:, 2:2]),
    'rank_10': ((2,) * 9 + (4,), lambda a: a[..., ::2].transpose(
        9, 0, 8, 1, 7, 2, 6, 3, 5, 4)),
}


@pytest.mark.parametrize('layout', list(LAYOUTS))
@pytest.mark.parametrize('dtype', DTYPES, ids=DTYPE_IDS)
def test_fill(layout, dtype):
    shape, sl = LAYOUTS[layout]
    for value in _values(dtype):
        buf = Buffer(numpy.full(shape, 7, dtype))
        want = buf.host.copy()
        try:
            with numpy_quiet():
                sl(want).fill(value)
        except (OverflowError, TypeError, ValueError) as e:
            # NumPy refuses this value: so does the provider
            with pytest.raises(type(e)):
                run('fill', [buf.view(sl(buf.host))], attrs={'value': value})
            continue
        run('fill', [buf.view(sl(buf.host))], attrs={'value': value})
        got = buf.get()
        numpy.testing.assert_array_equal(got, want, err_msg=repr(value))
        if dtype.kind in 'fc':      # -0.0 keeps its sign
            numpy.testing.assert_array_equal(
                numpy.signbit(got.view(got.real.dtype)),
                numpy.signbit(want.view(want.real.dtype)))


def test_fill_errors_are_numpys():
    buf = Buffer(numpy.zeros(4, 'u1'))
    with pytest.raises(OverflowError):
        run('fill', [buf.view(buf.host)], attrs={'value': -1})
    buf = Buffer(numpy.zeros(4, 'f8'))
    with pytest.raises(TypeError):
        run('fill', [buf.view(buf.host)], attrs={'value': 1j})
