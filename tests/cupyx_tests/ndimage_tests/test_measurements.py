"""cupyx.scipy.ndimage label and measurements against scipy.ndimage."""

import numpy
import pytest

import cupy
from cupy import testing

pytest.importorskip('scipy.ndimage')


def _binary(shape, seed=0):
    return numpy.random.RandomState(seed).uniform(size=shape) > 0.5


@pytest.mark.parametrize('shape', [(20,), (13, 17), (5, 6, 7)])
@pytest.mark.parametrize('full', [False, True])
@testing.numpy_cupy_array_equal(scipy_name='scp')
def test_label(xp, scp, shape, full):
    s = scp.ndimage.generate_binary_structure(len(shape),
                                              len(shape) if full else 1)
    lab, n = scp.ndimage.label(xp.asarray(_binary(shape)), s)
    return lab, xp.asarray(n)


def test_label_output_and_errors():
    from cupyx.scipy import ndimage
    out = cupy.zeros((4, 4), dtype=numpy.int16)
    n = ndimage.label(cupy.eye(4), output=out)
    assert n == 4 and out.dtype == numpy.int16
    with pytest.raises(ValueError):
        ndimage.label(cupy.ones((3, 3)), numpy.ones((2, 2)))
    with pytest.raises(RuntimeError):
        ndimage.label(cupy.ones((3, 3)), numpy.ones((3,)))
    lab, n = ndimage.label(cupy.zeros((0, 3)))
    assert n == 0


def test_find_objects():
    import scipy.ndimage
    from cupyx.scipy import ndimage
    lab, _ = scipy.ndimage.label(_binary((9, 11)))
    lab[lab == 2] = 0
    assert ndimage.find_objects(cupy.asarray(lab)) == \
        scipy.ndimage.find_objects(lab)
    assert ndimage.find_objects(cupy.asarray(lab), max_label=3) == \
        scipy.ndimage.find_objects(lab, max_label=3)


def test_value_indices():
    import scipy.ndimage
    from cupyx.scipy import ndimage
    a = numpy.random.RandomState(0).randint(0, 4, (5, 6))
    ref = scipy.ndimage.value_indices(a, ignore_value=2)
    got = ndimage.value_indices(cupy.asarray(a), ignore_value=2)
    assert sorted(ref) == sorted(got)
    for k in ref:
        for r, g in zip(ref[k], got[k]):
            testing.assert_array_equal(g, r)


def _data():
    rs = numpy.random.RandomState(4)
    values = rs.uniform(0, 10, (9, 10))
    labels, n = __import__('scipy.ndimage').ndimage.label(
        rs.uniform(size=(9, 10)) > 0.4)
    return values, labels, n


@pytest.mark.parametrize('name', [
    'sum_labels', 'mean', 'variance', 'standard_deviation', 'minimum',
    'maximum', 'median'])
@pytest.mark.parametrize('index', ['list', 'scalar', 'none', 'nolabels'])
@pytest.mark.parametrize('dtype', [numpy.uint8, numpy.int32, numpy.float64])
def test_statistics(name, index, dtype):
    import scipy.ndimage
    from cupyx.scipy import ndimage
    values, labels, n = _data()
    values = values.astype(dtype)
    args = {'list': (labels, [1, 2, 2, n, 0]), 'scalar': (labels, 2),
            'none': (labels, None), 'nolabels': (None, None)}[index]
    ref = getattr(scipy.ndimage, name)(values, *args)
    dargs = tuple(cupy.asarray(a) if isinstance(a, numpy.ndarray) else a
                  for a in args)
    got = getattr(ndimage, name)(cupy.asarray(values), *dargs)
    testing.assert_allclose(got, ref, rtol=1e-10)


@pytest.mark.parametrize('name', ['minimum_position', 'maximum_position',
                                  'center_of_mass', 'extrema'])
def test_positions(name):
    import scipy.ndimage
    from cupyx.scipy import ndimage
    values, labels, n = _data()
    for args in [(labels, [1, 3, n]), (labels, 2), ()]:
        ref = getattr(scipy.ndimage, name)(values, *args)
        dargs = tuple(cupy.asarray(a) if isinstance(a, numpy.ndarray)
                      else a for a in args)
        got = getattr(ndimage, name)(cupy.asarray(values), *dargs)
        if name == 'extrema':
            for r, g in zip(ref[:2], got[:2]):
                testing.assert_allclose(g, r)
            ref, got = ref[2:], got[2:]
        numpy.testing.assert_allclose(numpy.asarray(got, float),
                                      numpy.asarray(ref, float))


def test_histogram_and_comprehension():
    import scipy.ndimage
    from cupyx.scipy import ndimage
    values, labels, n = _data()
    dv, dl = cupy.asarray(values), cupy.asarray(labels)
    ref = scipy.ndimage.histogram(values, 0, 10, 4, labels, [1, 2])
    got = ndimage.histogram(dv, 0, 10, 4, dl, [1, 2])
    for r, g in zip(ref, got):
        testing.assert_array_equal(g, r)
    ref = scipy.ndimage.labeled_comprehension(values, labels, [1, 2, 99],
                                              numpy.mean, float, -1.)
    got = ndimage.labeled_comprehension(dv, dl, [1, 2, 99], cupy.mean,
                                        float, -1.)
    testing.assert_allclose(got, ref)


@pytest.mark.parametrize('op', ['variance', 'standard_deviation'])
@pytest.mark.parametrize('index', ['none', 'no labels', 1, 'array'])
@testing.numpy_cupy_allclose(rtol=1e-12, scipy_name='scp')
def test_float16_variance_single_group(xp, scp, op, index):
    # SciPy reduces one group of float16 values in float16 (the squares
    # round: 2256.25 -> 2256), then divides by the count in float64; an
    # array index goes through bincount in float64
    x = xp.arange(1, 101, dtype=numpy.float16)
    labels = xp.asarray(numpy.random.RandomState(0).randint(0, 4, 100))
    f = getattr(scp.ndimage, op)
    if index == 'no labels':
        return xp.asarray(f(x[:60]))
    if index == 'array':
        return f(x, labels, xp.array([1, 3]))
    return xp.asarray(f(x, labels, None if index == 'none' else index))
