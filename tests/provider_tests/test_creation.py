"""'arange', 'tril', 'triu' on device."""

import numpy
import pytest

from tests.provider_tests.device import (
    Buffer, DTYPES, DTYPE_IDS, numpy_quiet, run, sample)


def _arange_args(want):
    """start and delta as NumPy's arange fill sees them: the first value,
    and the difference of the first two in the dtype's arithmetic (float
    for float16, as NumPy's half fill computes)."""
    if len(want) == 0:
        return 0, 1
    start = want[0].item()
    if len(want) < 2:
        return start, 0
    a, b = want[0], want[1]
    if want.dtype == numpy.float16:
        a, b = numpy.float32(a), numpy.float32(b)
    if want.dtype == numpy.bool_:
        return start, int(b) - int(a)
    with numpy_quiet():
        return start, (b - a).item()


ARANGES = [(0, 10, 1), (3, 50, 7), (5, -20, -3), (0.5, 12.25, 0.75),
           (-1.0, 1.0, 0.1), (0, 1, 1), (2, 3, 5), (0, 0, 1), (0, 2, 1),
           (1 + 2j, 7 + 2j, 1.5 + 0.5j), (0, 5j, 1j)]


@pytest.mark.parametrize('dtype', DTYPES, ids=DTYPE_IDS)
@pytest.mark.parametrize('args', ARANGES, ids=str)
def test_arange(dtype, args):
    start, stop, step = args
    try:
        with numpy_quiet():
            want = numpy.arange(start, stop, step, dtype=dtype)
    except (TypeError, ValueError, OverflowError):
        pytest.skip('NumPy has no such arange')
    if dtype.kind == 'u' and (want.size and numpy.asarray(
            numpy.arange(start, stop, step).real).min() < 0):
        pytest.skip('negative values')
    s, d = _arange_args(want)
    buf = Buffer(numpy.full(len(want) + 3, 9, dtype))
    run('arange', [buf.view(buf.host[1:1 + len(want)])],
        attrs={'start': s, 'delta': d})
    got = buf.get()
    numpy.testing.assert_array_equal(got[1:1 + len(want)], want)
    numpy.testing.assert_array_equal(got[[0, -2, -1]], buf.host[[0, -2, -1]])


def test_arange_float32_matches_numpys_fill():
    # float32 arithmetic, like NumPy's: not float64 rounded to float32
    want = numpy.arange(0.1, 1000.0, 0.3, dtype=numpy.float32)
    buf = Buffer(numpy.zeros(len(want), numpy.float32))
    s, d = _arange_args(want)
    run('arange', [buf.view(buf.host)], attrs={'start': s, 'delta': d})
    numpy.testing.assert_array_equal(buf.get(), want)


def test_arange_int64_beyond_float64():
    start = 2 ** 60 + 1
    want = numpy.arange(start, start + 40, 3, dtype=numpy.int64)
    buf = Buffer(numpy.zeros(len(want), numpy.int64))
    run('arange', [buf.view(buf.host)], attrs={'start': start, 'delta': 3})
    numpy.testing.assert_array_equal(buf.get(), want)


def test_arange_strided_destination():
    want = numpy.arange(2, 30, 2, dtype=numpy.int16)
    buf = Buffer(numpy.zeros(2 * len(want), numpy.int16))
    run('arange', [buf.view(buf.host[::-2])],
        attrs={'start': 2, 'delta': 2})
    numpy.testing.assert_array_equal(buf.get()[::-2], want)
    numpy.testing.assert_array_equal(buf.get()[-2::-2], 0)


TRI_LAYOUTS = {
    'contiguous': ((3, 4), lambda a: a, lambda a: a),
    'batched': ((2, 3, 4), lambda a: a, lambda a: a),
    'src_transposed': ((2, 4, 3), lambda a: a.transpose(0, 2, 1),
                       lambda a: a),
    'src_reversed': ((3, 4), lambda a: a[::-1, ::-1], lambda a: a),
    'src_broadcast': ((1, 4), lambda a: numpy.broadcast_to(a, (3, 4)),
                      lambda a: a),
    'dst_strided': ((3, 4), lambda a: a, lambda a: a[:, ::2]),
    'dst_reversed': ((3, 4), lambda a: a, lambda a: a[::-1]),
    'size_one_reversed': ((1, 1, 4), lambda a: a[::-1], lambda a: a[::-1]),
    'wide': ((3, 7), lambda a: a, lambda a: a),
    'empty': ((0, 4), lambda a: a, lambda a: a),
    'rank_9': ((2,) * 7 + (3, 3), lambda a: a, lambda a: a),
    'rank_9_reversed': ((2,) * 7 + (3, 3), lambda a: a[::-1, ..., ::-1],
                        lambda a: a),
}


def _dst_shape(layout):
    shape, src_sl, dst_sl = TRI_LAYOUTS[layout]
    return src_sl(numpy.empty(shape)).shape, dst_sl


@pytest.mark.parametrize('op', ['tril', 'triu'])
@pytest.mark.parametrize('layout', list(TRI_LAYOUTS))
@pytest.mark.parametrize('dtype', DTYPES, ids=DTYPE_IDS)
def test_tril_triu(op, layout, dtype):
    shape, src_sl, dst_sl = TRI_LAYOUTS[layout]
    src = Buffer(sample(dtype, int(numpy.prod(shape))).reshape(shape))
    s = src_sl(src.host)
    # dst: a buffer whose dst_sl view has s's shape
    if layout == 'dst_strided':
        dst_host = numpy.full(s.shape[:-1] + (2 * s.shape[-1],), 7, dtype)
    else:
        dst_host = numpy.full(s.shape, 7, dtype)
    dst = Buffer(dst_host)
    fn = numpy.tril if op == 'tril' else numpy.triu
    for k in (-1, 0, 2):
        run(op, [dst.view(dst_sl(dst.host))], [src.view(s)], {'k': k})
        want = dst.host.copy()
        dst_sl(want)[...] = fn(s, k)
        numpy.testing.assert_array_equal(dst.get(), want)
