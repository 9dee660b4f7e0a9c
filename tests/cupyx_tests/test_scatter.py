"""cupyx.scatter_add against numpy.add.at (duplicates accumulate)."""

import numpy
import pytest

import cupy
import cupyx
from cupy import testing


def _add_at(xp, a, slices, value):
    if xp is numpy:
        numpy.add.at(a, slices, value)
    else:
        cupyx.scatter_add(a, slices, value)
    return a


class TestScatterAdd:

    @testing.for_all_dtypes(no_bool=True)
    @testing.numpy_cupy_allclose(rtol=1e-3)
    def test_duplicates_1d(self, xp, dtype):
        a = xp.zeros(6, dtype)
        idx = xp.array([0, 2, 2, 5, 0, 2])
        v = testing.shaped_arange((6,), xp, dtype)
        return _add_at(xp, a, idx, v)

    @pytest.mark.parametrize('key', [
        'rows', 'pair', 'slice_and_array', 'int', 'negative', 'ellipsis'])
    @testing.for_dtypes('ifdF')
    @testing.numpy_cupy_allclose(rtol=1e-5)
    def test_index_forms(self, xp, dtype, key):
        a = testing.shaped_arange((4, 5), xp, dtype)
        slices = {
            'rows': xp.array([1, 1, 3]),
            'pair': (xp.array([0, 0, 3, 0]), xp.array([4, 4, 1, 4])),
            'slice_and_array': (slice(1, None), xp.array([2, 2, 0])),
            'int': 2,
            'negative': xp.array([-1, -1, 0]),
            'ellipsis': (Ellipsis, xp.array([1, 1])),
        }[key]
        return _add_at(xp, a, slices, xp.asarray(1.5).astype(dtype))

    @testing.numpy_cupy_allclose()
    def test_noncontiguous_target_and_broadcast_value(self, xp):
        base = testing.shaped_arange((4, 6), xp, numpy.float32)
        a = base[:, ::2]
        _add_at(xp, a, (xp.array([1, 1, 2]),),
                xp.arange(3, dtype=xp.float32))
        return base

    def test_empty_index(self):
        a = cupy.ones(3)
        cupyx.scatter_add(a, cupy.array([], dtype=cupy.int64), 5.0)
        testing.assert_array_equal(a, numpy.ones(3))

    def test_errors(self):
        with pytest.raises(TypeError):
            cupyx.scatter_add(numpy.zeros(3), [0], 1)
        for xp in (numpy, cupy):
            with pytest.raises(IndexError):
                _add_at(xp, xp.zeros(3), (0, 0), 1.0)

    def test_many_duplicates(self):
        a = cupy.zeros(4, cupy.float32)
        idx = cupy.array([1] * 100)
        cupyx.scatter_add(a, idx, cupy.ones(100, cupy.float32))
        assert float(a[1]) == 100.0
