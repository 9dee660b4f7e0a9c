"""'nonzero': the argwhere layout [n, ndim] and the count n, the one
operation that brings a value (the count, 8 bytes) to the host."""

import numpy
import pytest

from tests.provider_tests.device import (
    Buffer, DTYPES, DTYPE_IDS, run, sample)


def _source(dtype, shape):
    n = int(numpy.prod(shape))
    a = sample(dtype, n)
    if dtype.kind != 'b':
        a[::3] = 0
    if dtype.kind in 'fc' and n > 4:
        a[1] = -0.0                 # zero
        a[4] = numpy.nan            # nonzero
    if dtype.kind == 'c' and n > 7:
        a[7] = 1j                   # only the imaginary part
        a[6] = complex(-0.0, -0.0)
    return a.reshape(shape)


LAYOUTS = {
    'contiguous': ((3, 4, 5), lambda a: a),
    'one_d': ((17,), lambda a: a),
    'reversed': ((3, 4, 5), lambda a: a[::-1, :, ::-2]),
    'transposed': ((3, 4, 5), lambda a: a.transpose(2, 0, 1)),
    'broadcast': ((1, 4, 5), lambda a: numpy.broadcast_to(a, (3, 4, 5))),
    'rank_8': ((2,) * 8, lambda a: a),
    'size_one_reversed': ((1, 6, 1), lambda a: a[::-1, ::-1, ::-1]),
}


@pytest.mark.parametrize('rows', ['worst_case', 'exact'])
@pytest.mark.parametrize('layout', list(LAYOUTS))
@pytest.mark.parametrize('dtype', DTYPES, ids=DTYPE_IDS)
def test_nonzero(layout, dtype, rows):
    shape, sl = LAYOUTS[layout]
    src = Buffer(_source(dtype, shape))
    s = sl(src.host)
    want = numpy.argwhere(s)
    nrows = s.size if rows == 'worst_case' else len(want)
    out = Buffer(numpy.full((nrows + 2, s.ndim), -5, numpy.int64))
    n = run('nonzero', [out.view(out.host[1:nrows + 1])], [src.view(s)],
            d2h=8)
    assert n == len(want)
    got = out.get()
    numpy.testing.assert_array_equal(got[1:n + 1], want)
    numpy.testing.assert_array_equal(got[0], -5)
    numpy.testing.assert_array_equal(got[nrows + 1], -5)


@pytest.mark.parametrize('dtype', DTYPES, ids=DTYPE_IDS)
def test_zero_d_and_empty(dtype):
    for value in (0, 1):
        src = Buffer(numpy.array(value, dtype))
        out = Buffer(numpy.zeros((1, 0), numpy.int64))
        assert run('nonzero', [out.view(out.host)], [src.view(src.host)],
                   d2h=8) == value
    src = Buffer(numpy.zeros((3, 0), dtype))
    out = Buffer(numpy.zeros((0, 2), numpy.int64))
    assert run('nonzero', [out.view(out.host)], [src.view(src.host)]) == 0


def test_too_few_rows():
    src = Buffer(numpy.ones(6, numpy.float32))
    out = Buffer(numpy.zeros((4, 1), numpy.int64))
    with pytest.raises(ValueError):
        run('nonzero', [out.view(out.host)], [src.view(src.host)], d2h=8)
