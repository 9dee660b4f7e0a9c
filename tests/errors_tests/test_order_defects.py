"""Bad input to the sorting and order-statistics routines, found by the
differential test once it covered them: NumPy's exception class (in its
order of checks) or NumPy's value, dtype and shape."""

import numpy
import pytest

from tests.errors_tests.parity import assert_same


def _h(shape, dtype='float64'):
    n = int(numpy.prod(shape))
    return (numpy.arange(n) % 5 - 2).astype(dtype).reshape(shape)


@pytest.mark.parametrize('q', [None, 50, [25, 75]])
@pytest.mark.parametrize('dtype', ['bool', 'int16', 'float32'])
@pytest.mark.parametrize('method', ['linear', 'lower', 'hazen', 'bad'])
@pytest.mark.parametrize('name', ['percentile', 'nanpercentile'])
def test_percentile_argument_checks(name, method, dtype, q):
    assert_same(lambda xp: getattr(xp, name)(
        xp.asarray(_h((2, 3), dtype)), q, method=method))


@pytest.mark.parametrize('shape', [(0,), (2, 0), (0, 3)])
@pytest.mark.parametrize('axis', [None, 0, -1])
@pytest.mark.parametrize('name', ['quantile', 'median'])
def test_empty_order_statistics(name, axis, shape):
    # NumPy: quantile of an empty slice is an IndexError, median a NaN
    def call(xp):
        a = xp.asarray(_h(shape))
        if name == 'median':
            return xp.median(a, axis=axis)
        return xp.quantile(a, 0.5, axis=axis)
    assert_same(call)


@pytest.mark.parametrize('axis', [True, 1.0, (0, -1), [0], None, -1])
@pytest.mark.parametrize('kind', [None, 'stable', 'bad'])
@pytest.mark.parametrize('name', ['sort', 'argsort'])
def test_sort_checks_the_axis_before_the_kind(name, kind, axis):
    assert_same(lambda xp: getattr(xp, name)(
        xp.asarray(_h((2, 3))), axis=axis, kind=kind))


@pytest.mark.parametrize('kth', [0, 1, -1, [0, 1]])
@pytest.mark.parametrize('shape', [(0,), (2, 0)])
def test_partition_of_an_empty_axis_checks_no_kth(shape, kth):
    assert_same(lambda xp: xp.partition(xp.asarray(_h(shape)), kth))


@pytest.mark.parametrize('axis', [(), 1.0, (0, 0), -1, 0, (0, -1)])
@pytest.mark.parametrize('shape', [(2, 3), (2, 0), (0,)])
def test_unique_axis_checks_and_empty_arrays(shape, axis):
    assert_same(lambda xp: xp.unique(xp.asarray(_h(shape)), axis=axis,
                                     return_counts=True))
