"""'copy': dst[...] = src with NumPy's casts, any strides, on device."""

import numpy
import pytest

from tests.provider_tests.device import (
    Buffer, DTYPES, DTYPE_IDS, numpy_quiet, run, sample)


def _sentinel(dtype, shape):
    return numpy.full(shape, 7, dtype) if numpy.dtype(dtype).kind != 'b' \
        else numpy.ones(shape, dtype)


def check_copy(dst_dtype, src_dtype, dst_shape, dst_slice, src_host,
               src_slice, negative=True):
    """Copy src_slice(src buffer) into dst_slice(dst buffer) and compare the
    whole destination allocation with NumPy."""
    src = Buffer(src_host)
    dst = Buffer(_sentinel(dst_dtype, dst_shape))
    d = dst_slice(dst.host)
    s = src_slice(src.host)
    run('copy', [dst.view(d)], [src.view(s)])
    want = dst.host.copy()
    with numpy_quiet():
        if want.dtype.kind != 'c' and s.dtype.kind == 'c' and \
                want.dtype.kind != 'b':
            s = s.real
        dst_slice(want)[...] = s
    numpy.testing.assert_array_equal(dst.get(), want)


@pytest.mark.parametrize('dst_dtype', DTYPES, ids=DTYPE_IDS)
@pytest.mark.parametrize('src_dtype', DTYPES, ids=DTYPE_IDS)
def test_cast_every_pair(dst_dtype, src_dtype):
    # values every type holds (no negatives: float -> unsigned is undefined)
    src = sample(src_dtype, 24, negative=False).reshape(4, 6)
    check_copy(dst_dtype, src_dtype, (4, 6), lambda a: a, src, lambda a: a)


@pytest.mark.parametrize('dst_dtype', ['i1', 'i2', 'i4', 'i8', 'f2', 'f4',
                                       'f8', 'c8', 'c16'])
@pytest.mark.parametrize('src_dtype', ['i1', 'i8', 'f2', 'f8', 'c16'])
def test_cast_negative_values(dst_dtype, src_dtype):
    src = sample(src_dtype, 12).reshape(3, 4)
    check_copy(dst_dtype, src_dtype, (3, 4), lambda a: a, src, lambda a: a)


LAYOUTS = {
    # name: (dst shape, dst slice, src shape, src slice)
    'transposed': ((4, 3, 5), lambda a: a,
                   (3, 5, 4), lambda a: a.transpose(2, 0, 1)),
    'src_reversed': ((4, 3, 5), lambda a: a,
                     (4, 3, 5), lambda a: a[:, ::-1, :]),
    'src_all_reversed': ((4, 3, 5), lambda a: a,
                         (4, 3, 5), lambda a: a[::-1, ::-1, ::-1]),
    'dst_reversed': ((4, 3, 5), lambda a: a[::-1, :, ::-2][:, :, :2],
                     (4, 3, 2), lambda a: a),
    'both_reversed': ((6, 5), lambda a: a[::-1, 1:4],
                      (6, 5), lambda a: a[::-1, 2:5]),
    'opposite_signs': ((6, 5), lambda a: a[::-1, ::2],
                       (6, 3), lambda a: a[:, ::-1]),
    'broadcast': ((3, 4, 5), lambda a: a,
                  (1, 4, 1), lambda a: numpy.broadcast_to(a, (3, 4, 5))),
    'broadcast_reversed': ((3, 4, 5), lambda a: a,
                           (1, 4, 1),
                           lambda a: numpy.broadcast_to(a[:, ::-1],
                                                        (3, 4, 5))),
    'scalar_broadcast': ((3, 4), lambda a: a,
                         (), lambda a: numpy.broadcast_to(a, (3, 4))),
    'zero_d': ((), lambda a: a, (), lambda a: a),
    'zero_d_of_larger': ((5,), lambda a: a[3, ...],
                         (4,), lambda a: a[1, ...]),
    'offsets': ((10, 10), lambda a: a[2:7, 3:9:2],
                (8, 8), lambda a: a[1:6, 5:2:-1]),
    'empty': ((0, 3), lambda a: a, (0, 3), lambda a: a),
    'empty_of_nonempty': ((4, 3), lambda a: a[2:2], (4, 3), lambda a: a[1:1]),
    'rank_10': ((2,) * 10, lambda a: a,
                (2,) * 10,
                lambda a: a.transpose(9, 0, 8, 1, 7, 2, 6, 3, 5, 4)),
    'rank_10_reversed': ((2,) * 10, lambda a: a[::-1, :, ::-1],
                         (2,) * 10,
                         lambda a: a.transpose(
                             9, 0, 8, 1, 7, 2, 6, 3, 5, 4)[:, ::-1]),
    'size_one_reversed': ((1, 4, 1), lambda a: a[::-1, :, ::-1],
                          (4, 1, 1), lambda a: a[::-1, ::-1].transpose(
                              1, 0, 2)),
    'dst_strided': ((4, 6), lambda a: a[:, ::2],
                    (4, 3), lambda a: a),
    'dst_strided_rank_8': ((2,) * 7 + (4,), lambda a: a[..., ::2],
                           (2,) * 8, lambda a: a[..., ::-1]),
}


@pytest.mark.parametrize('layout', list(LAYOUTS))
@pytest.mark.parametrize('dtype', DTYPES, ids=DTYPE_IDS)
def test_layouts_same_dtype(layout, dtype):
    dst_shape, dst_slice, src_shape, src_slice = LAYOUTS[layout]
    src = sample(dtype, int(numpy.prod(src_shape))).reshape(src_shape)
    check_copy(dtype, dtype, dst_shape, dst_slice, src, src_slice)


@pytest.mark.parametrize('layout', list(LAYOUTS))
@pytest.mark.parametrize('dst_dtype,src_dtype', [
    ('f8', 'i4'), ('c8', 'f8'), ('c16', 'c8'), ('u2', '?'), ('f2', 'c16'),
    ('?', 'f4')])
def test_layouts_with_cast(layout, dst_dtype, src_dtype):
    dst_shape, dst_slice, src_shape, src_slice = LAYOUTS[layout]
    src = sample(src_dtype, int(numpy.prod(src_shape)),
                 negative=False).reshape(src_shape)
    check_copy(dst_dtype, src_dtype, dst_shape, dst_slice, src, src_slice)


def test_float_nan_to_int_is_zero_on_device():
    # ops.md 4 (aclnnCast): NaN -> 0, a listed device difference
    src = Buffer(numpy.array([numpy.nan, 1.5, -2.5], numpy.float32))
    dst = Buffer(numpy.full(3, 9, numpy.int32))
    run('copy', [dst.view(dst.host)], [src.view(src.host)])
    numpy.testing.assert_array_equal(dst.get(), [0, 1, -2])


def test_special_floats():
    vals = numpy.array([numpy.inf, -numpy.inf, numpy.nan, -0.0, 0.0, 65504,
                        1e-8], numpy.float64)
    for to in ('f2', 'f4', 'c8', 'c16', '?'):
        check_copy(to, 'f8', (7,), lambda a: a, vals, lambda a: a[::-1])


def test_on_a_stream():
    import cupy
    src = Buffer(sample('f4', 12))
    dst = Buffer(numpy.zeros(12, 'f4'))
    s = cupy.xpu.Stream()
    with s:
        run('copy', [dst.view(dst.host)], [src.view(src.host[::-1])],
            stream=s.ptr)
    s.synchronize()
    numpy.testing.assert_array_equal(dst.get(), src.host[::-1])
    # a stream that is not the current one
    dst2 = Buffer(numpy.zeros(12, 'f8'))
    run('copy', [dst2.view(dst2.host)], [src.view(src.host[::-1])],
        stream=s.ptr)
    s.synchronize()
    numpy.testing.assert_array_equal(dst2.get(), src.host[::-1])
