"""The CUDA provider's radix sort (rows longer than the merge sort's
limit, ops/_sorting.pyx) against NumPy's stable sort: every real dtype,
the full range of the key bits, NaN/-0.0/inf placement, ties kept in
order, batched rows and strided rows (a CUDA build with a GPU; skips
elsewhere: conftest.py)."""

import numpy
import pytest

import cupy
from cupy import testing

_REAL = '?bBhHiIlLefd'


def _keys(dtype, shape, seed, full_range):
    rng = numpy.random.default_rng(seed)
    dtype = numpy.dtype(dtype)
    if dtype.kind == 'b':
        return rng.integers(0, 2, shape).astype(dtype)
    if dtype.kind in 'iu':
        info = numpy.iinfo(dtype)
        if full_range:
            return rng.integers(info.min, info.max, shape, dtype=dtype,
                                endpoint=True)
        return (rng.integers(0, 5, shape) + (info.min // 2)).astype(dtype)
    x = rng.standard_normal(shape)
    if full_range and dtype.itemsize == 8:
        x = x * 10.0 ** rng.integers(-300, 300, shape)
    x = x.astype(dtype)
    flat = x.reshape(-1)
    flat[::11] = numpy.nan
    flat[3::13] = -numpy.nan          # NaN with the sign bit set
    flat[1::7] = -0.0
    flat[2::7] = 0.0
    flat[4::17] = numpy.inf
    flat[5::19] = -numpy.inf
    if not full_range:
        flat[:] = numpy.round(flat * 2) / 2   # many ties
    return x


def _bits(x):
    return x.view('u{}'.format(x.dtype.itemsize)) if x.dtype.kind == 'f' \
        else x


def _check(x, axis=-1):
    d = cupy.asarray(x)
    perm = numpy.argsort(x, axis=axis, kind='stable')
    got = cupy.argsort(d, axis=axis, kind='stable').get()
    testing.assert_array_equal(got, perm)
    # a stable sort moves the very bits: zero signs and NaN payloads too
    want = numpy.take_along_axis(x, perm, axis)
    testing.assert_array_equal(_bits(cupy.sort(d, axis=axis).get()),
                               _bits(want))


@pytest.mark.parametrize('dtype', list(_REAL))
@pytest.mark.parametrize('full_range', [False, True])
def test_radix_1d(dtype, full_range):
    _check(_keys(dtype, 70001, 1, full_range))


@pytest.mark.parametrize('dtype', 'fdlB')
@pytest.mark.parametrize('n', [4097, 8192, 9001])
def test_radix_rows(dtype, n):
    x = _keys(dtype, (3, n), n, True)
    _check(x)
    _check(x[:, ::-1])                # strided rows: the copying path
    _check(numpy.ascontiguousarray(x.T), axis=0)


@pytest.mark.parametrize('dtype', 'fdl')
def test_radix_many_tiles(dtype):
    # more tiles per row than the per-thread scan takes
    _check(_keys(dtype, (1 << 20) + 3, 7, True))


def test_radix_sorted_and_constant():
    for x in (numpy.arange(50000, dtype=numpy.int64),
              numpy.arange(50000, 0, -1).astype(numpy.float32),
              numpy.full(50000, 3, numpy.int32)):
        _check(x)
