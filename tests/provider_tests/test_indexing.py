"""'take_nd' and 'put_nd': integer-array indexing of the leading axes."""

import numpy
import pytest

from tests.provider_tests.device import (
    Buffer, DTYPES, DTYPE_IDS, run, sample)

SRC_SHAPE = (5, 4, 3)

# name: (index arrays (already broadcast to one shape), src slice)
CASES = {
    'one_axis': ([numpy.array([4, 0, 2, 2])], lambda a: a),
    'two_axes': (list(numpy.broadcast_arrays(numpy.array([[1], [4]]),
                                             numpy.array([3, 0, 1]))),
                 lambda a: a),
    'all_axes': ([numpy.array([0, 4]), numpy.array([3, 1]),
                  numpy.array([2, 0])], lambda a: a),
    'zero_d_index': ([numpy.array(3)], lambda a: a),
    'src_reversed': ([numpy.array([0, 1, 4])], lambda a: a[::-1, :, ::-1]),
    'src_transposed': ([numpy.array([1, 2])], lambda a: a.transpose(1, 2, 0)),
    'src_broadcast': ([numpy.array([1, 2])],
                      lambda a: numpy.broadcast_to(a[:1], (5, 4, 3))),
    'reversed_index': ([numpy.array([0, 1, 3, 4])[::-1]], lambda a: a),
    'empty_index': ([numpy.zeros(0, numpy.int64)], lambda a: a),
}


def _index_views(arrays, dtype=numpy.int64):
    bufs = [Buffer(numpy.asarray(a, dtype)) for a in arrays]
    return bufs, [b.view(b.host) for b in bufs]


@pytest.mark.parametrize('case', list(CASES))
@pytest.mark.parametrize('dtype', DTYPES, ids=DTYPE_IDS)
def test_take(case, dtype):
    idx, src_sl = CASES[case]
    src = Buffer(sample(dtype, 60).reshape(SRC_SHAPE))
    s = src_sl(src.host)
    want = s[tuple(idx)]
    dst = Buffer(numpy.full(want.shape, 7, dtype))
    bufs, views = _index_views(idx)
    run('take_nd', [dst.view(dst.host)], [src.view(s)] + views)
    numpy.testing.assert_array_equal(dst.get(), want)


@pytest.mark.parametrize('dtype', DTYPES, ids=DTYPE_IDS)
def test_take_into_strided_destination(dtype):
    src = Buffer(sample(dtype, 60).reshape(SRC_SHAPE))
    idx = [numpy.array([3, 1, 0])]
    want = src.host[tuple(idx)]
    dst = Buffer(numpy.full((3, 4, 6), 7, dtype))
    bufs, views = _index_views(idx)
    run('take_nd', [dst.view(dst.host[::-1, :, ::2])],
        [src.view(src.host)] + views)
    expect = dst.host.copy()
    expect[::-1, :, ::2] = want
    numpy.testing.assert_array_equal(dst.get(), expect)


def test_take_rank_8_complex128():
    src = Buffer(sample('c16', 2 ** 8).reshape((2,) * 8))
    idx = [numpy.array([1, 0, 1])]
    want = src.host[tuple(idx)]
    dst = Buffer(numpy.zeros(want.shape, 'c16'))
    bufs, views = _index_views(idx)
    run('take_nd', [dst.view(dst.host)], [src.view(src.host)] + views)
    numpy.testing.assert_array_equal(dst.get(), want)


PUT_CASES = {
    'one_axis': ([numpy.array([4, 0, 2])], lambda a: a),
    'two_axes': (list(numpy.broadcast_arrays(numpy.array([[1], [4]]),
                                             numpy.array([3, 0, 1]))),
                 lambda a: a),
    'all_axes': ([numpy.array([0, 4]), numpy.array([3, 1]),
                  numpy.array([2, 0])], lambda a: a),
    'zero_d_index': ([numpy.array(3)], lambda a: a),
    'dst_reversed': ([numpy.array([0, 1, 4])], lambda a: a[::-1, :, ::-1]),
    'dst_transposed': ([numpy.array([1, 2])], lambda a: a.transpose(1, 2, 0)),
    'empty_index': ([numpy.zeros(0, numpy.int64)], lambda a: a),
}


@pytest.mark.parametrize('values_layout', ['dense', 'broadcast', 'reversed'])
@pytest.mark.parametrize('case', list(PUT_CASES))
@pytest.mark.parametrize('dtype', DTYPES, ids=DTYPE_IDS)
def test_put(case, dtype, values_layout):
    idx, dst_sl = PUT_CASES[case]
    dst = Buffer(sample(dtype, 60).reshape(SRC_SHAPE))
    d = dst_sl(dst.host)
    target = d[tuple(idx)].shape
    n = int(numpy.prod(target))
    if values_layout == 'dense':
        vals = Buffer(sample(dtype, n + 5)[5:].reshape(target))
        v = vals.host
    elif values_layout == 'broadcast':
        vals = Buffer(sample(dtype, 9)[5:6])
        v = numpy.broadcast_to(vals.host, target)
    else:
        vals = Buffer(sample(dtype, n + 5)[5:].reshape(target))
        v = vals.host[..., ::-1] if vals.host.ndim else vals.host
    bufs, views = _index_views(idx)
    run('put_nd', [dst.view(d)], [vals.view(v)] + views)
    want = dst.host.copy()
    dst_sl(want)[tuple(idx)] = v
    numpy.testing.assert_array_equal(dst.get(), want)


def test_int32_indices_and_size_one_reversed_axes():
    src = Buffer(sample('f8', 12).reshape(1, 4, 3))
    s = src.host[::-1, ::-1]
    idx = [numpy.array([0, 0]), numpy.array([3, 1])]
    want = s[tuple(idx)]
    dst = Buffer(numpy.zeros(want.shape, 'f8'))
    bufs, views = _index_views(idx, numpy.int32)
    run('take_nd', [dst.view(dst.host)], [src.view(s)] + views)
    numpy.testing.assert_array_equal(dst.get(), want)


# 'wrap_index': x mod n into [0, n), in place or into another array, any
# layout (operations.md).
WRAP_LAYOUTS = {
    'in_place': None,
    'new': lambda h: h,
    'src_strided': lambda h: h[::2],
    'dst_strided': 'dst',
    'reversed_2d': lambda h: h.reshape(6, 4)[::-1].T,
}


@pytest.mark.parametrize('layout', list(WRAP_LAYOUTS))
def test_wrap_index(layout):
    n = 5
    vals = numpy.array([-7, -5, -1, 0, 1, 4, 5, 9, -12, 3, 2, -3] * 2,
                       numpy.int64)
    src = Buffer(vals)
    how = WRAP_LAYOUTS[layout]
    if how is None:
        s = src.host
        run('wrap_index', [src.view(s)], [src.view(s)], {'n': n})
        numpy.testing.assert_array_equal(src.get(), vals % n)
        return
    if how == 'dst':
        s = src.host[:12]
        dst = Buffer(numpy.full(24, 99, numpy.int64))
        run('wrap_index', [dst.view(dst.host[::2])], [src.view(s)],
            {'n': n})
        want = numpy.full(24, 99, numpy.int64)
        want[::2] = s % n
        numpy.testing.assert_array_equal(dst.get(), want)
        return
    s = how(src.host)
    dst = Buffer(numpy.zeros(s.shape, numpy.int64))
    run('wrap_index', [dst.view(dst.host)], [src.view(s)], {'n': n})
    numpy.testing.assert_array_equal(dst.get(), s % n)
    numpy.testing.assert_array_equal(src.get(), vals)   # left alone
