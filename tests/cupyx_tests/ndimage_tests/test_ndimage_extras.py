"""cupyx.scipy.ndimage functions CuPy lacks (distance_transform_bf/cdt,
geometric_transform, watershed_ift) and the union-find paths of label,
binary_fill_holes and binary_propagation, against scipy.ndimage."""

import warnings

import numpy
import pytest

import cupy
from cupy import testing
from cupy._core import _fallback

pytest.importorskip('scipy.ndimage')


def _binary(xp, shape, seed=0, p=0.45):
    return xp.asarray(numpy.random.RandomState(seed).uniform(size=shape) > p)


SHAPES = [(15,), (9, 10), (5, 6, 7)]


@pytest.mark.parametrize('shape', SHAPES)
@pytest.mark.parametrize('metric', ['euclidean', 'taxicab', 'chessboard'])
@pytest.mark.parametrize('sampling', [None, 2.5])
@testing.numpy_cupy_array_equal(scipy_name='scp')
def test_distance_transform_bf(xp, scp, shape, metric, sampling):
    # the nearest border element and its ties are SciPy's exactly
    b = _binary(xp, shape, p=0.3)
    d, i = scp.ndimage.distance_transform_bf(b, metric, sampling,
                                             return_indices=True)
    return d, i


@pytest.mark.parametrize('fill', [0, 1])
@testing.numpy_cupy_array_equal(scipy_name='scp')
def test_distance_transform_bf_uniform(xp, scp, fill):
    # no border element: SciPy's sentinel distance and index 0
    a = xp.full((3, 4), fill)
    return scp.ndimage.distance_transform_bf(a, 'chessboard',
                                             return_indices=True)


@pytest.mark.parametrize('shape', SHAPES)
@pytest.mark.parametrize('metric', ['chessboard', 'taxicab'])
@testing.numpy_cupy_array_equal(scipy_name='scp')
def test_distance_transform_cdt(xp, scp, shape, metric):
    b = _binary(xp, shape, p=0.15)
    d, i = scp.ndimage.distance_transform_cdt(b, metric, return_indices=True)
    # ties between equidistant background elements may differ: check the
    # distance the chosen element gives
    grid = xp.indices(b.shape)
    diff = xp.abs(i - grid)
    via = diff.max(axis=0) if metric == 'chessboard' else diff.sum(axis=0)
    return d, via.astype(numpy.int32)


@testing.numpy_cupy_array_equal(scipy_name='scp')
def test_distance_transform_cdt_no_background(xp, scp):
    return scp.ndimage.distance_transform_cdt(xp.ones((4, 5)),
                                              return_indices=True)


def test_distance_transform_errors():
    from cupyx.scipy import ndimage
    a = cupy.ones((3, 3))
    with pytest.raises(RuntimeError):
        ndimage.distance_transform_bf(a, 'minkowski')
    with pytest.raises(RuntimeError):
        ndimage.distance_transform_bf(a, return_distances=False)
    with pytest.raises(ValueError):
        ndimage.distance_transform_cdt(a, 'euclidean')
    with pytest.raises(ValueError):
        ndimage.distance_transform_cdt(a, numpy.ones((3, 2)))
    with pytest.raises(RuntimeError):
        ndimage.distance_transform_cdt(a, indices=cupy.zeros((2, 3, 3)))


@pytest.mark.parametrize('order', [0, 1, 3])
@pytest.mark.parametrize('mode', ['constant', 'nearest', 'reflect'])
@testing.numpy_cupy_allclose(atol=1e-10, scipy_name='scp')
def test_geometric_transform(xp, scp, order, mode):
    a = xp.asarray(numpy.random.RandomState(3).uniform(size=(6, 7)))

    def mapping(idx, dy, scale=1.0):
        return (idx[0] * scale - dy, idx[1] * 0.7 + 0.3)

    return scp.ndimage.geometric_transform(
        a, mapping, output_shape=(5, 8), order=order, mode=mode, cval=-1.0,
        extra_arguments=(0.5,), extra_keywords={'scale': 1.2})


def test_geometric_transform_bad_mapping():
    from cupyx.scipy import ndimage
    with pytest.raises(RuntimeError):
        ndimage.geometric_transform(cupy.ones((3, 3)), lambda idx: (0.0,))


@pytest.mark.parametrize('dtype', [numpy.uint8, numpy.uint16])
@testing.numpy_cupy_array_equal(scipy_name='scp')
def test_watershed_ift(xp, scp, dtype):
    rs = numpy.random.RandomState(4)
    a = xp.asarray(rs.randint(0, 50, (12, 11)).astype(dtype))
    markers = numpy.zeros((12, 11), numpy.int16)
    markers[2, 3], markers[9, 8], markers[0, 10] = 1, 2, -1
    with warnings.catch_warnings():
        warnings.simplefilter('ignore', _fallback.PerformanceWarning)
        return scp.ndimage.watershed_ift(a, xp.asarray(markers))


def test_watershed_ift_is_a_counted_fallback():
    from cupyx.scipy import ndimage
    key = ('ndimage.watershed_ift', 'B')
    before = _fallback.fallback_counts().get(key, 0)
    with warnings.catch_warnings():
        warnings.simplefilter('ignore', _fallback.PerformanceWarning)
        ndimage.watershed_ift(cupy.ones((3, 3), 'B'),
                              cupy.zeros((3, 3), 'i'))
    assert _fallback.fallback_counts()[key] == before + 1


def test_watershed_ift_errors():
    from cupyx.scipy import ndimage
    with pytest.raises(TypeError):
        ndimage.watershed_ift(cupy.ones((3, 3)), cupy.zeros((3, 3), 'i'))
    with pytest.raises(RuntimeError):
        ndimage.watershed_ift(cupy.ones((3, 3), 'B'), cupy.zeros((3, 3)))


@pytest.mark.parametrize('shape', [(40,), (30, 41), (9, 10, 11)])
@pytest.mark.parametrize('connectivity', [1, 2, 3])
@testing.numpy_cupy_array_equal(scipy_name='scp')
def test_label_union_find(xp, scp, shape, connectivity):
    s = scp.ndimage.generate_binary_structure(
        len(shape), min(connectivity, len(shape)))
    return scp.ndimage.label(_binary(xp, shape, 7, 0.5), s)


@testing.numpy_cupy_array_equal(scipy_name='scp')
def test_label_spiral(xp, scp):
    # one long winding component: many hooking rounds for label passes
    n = 21
    a = numpy.zeros((n, n), bool)
    lo, hi = 0, n - 1
    while lo <= hi:
        a[lo, lo:hi + 1] = a[lo:hi + 1, hi] = True
        a[hi, lo:hi + 1] = True
        a[lo + 2:hi + 1, lo] = True
        lo, hi = lo + 2, hi - 2
    return scp.ndimage.label(xp.asarray(a))


@pytest.mark.parametrize('structure', [None, 'full', 'diagonal'])
@testing.numpy_cupy_array_equal(scipy_name='scp')
def test_fill_holes_structures(xp, scp, structure):
    if structure == 'full':
        structure = numpy.ones((3, 3), bool)
    elif structure == 'diagonal':
        structure = numpy.eye(3, dtype=bool) | numpy.eye(3, dtype=bool)[::-1]
    return scp.ndimage.binary_fill_holes(_binary(xp, (20, 21), 2, 0.35),
                                         structure)


@pytest.mark.parametrize('border_value', [0, 1])
@pytest.mark.parametrize('structure', [None, 'row', 'asymmetric'])
@testing.numpy_cupy_array_equal(scipy_name='scp')
def test_propagation_paths(xp, scp, border_value, structure):
    # symmetric centred elements take the union-find path, the others
    # iterate dilations
    if structure == 'row':
        structure = numpy.array([[1, 1, 1]], bool)
    elif structure == 'asymmetric':
        structure = numpy.array([[0, 1, 0], [1, 1, 0], [0, 0, 0]], bool)
    return scp.ndimage.binary_propagation(
        _binary(xp, (16, 17), 3, 0.93), structure,
        mask=_binary(xp, (16, 17), 4, 0.4), border_value=border_value)


@pytest.mark.parametrize('dtype', [numpy.float16, numpy.float32,
                                   numpy.int16, numpy.float64])
@pytest.mark.parametrize('index', [None, 1, 'array'])
@testing.numpy_cupy_allclose(scipy_name='scp')
def test_median_dtype(xp, scp, dtype, index):
    # SciPy's medians keep float16/float32 (numpy.median's rule)
    a = xp.asarray(numpy.random.RandomState(5).uniform(0, 9, 40)).astype(
        dtype)
    labels = xp.asarray(numpy.arange(40) % 3)
    if index == 'array':
        index = xp.asarray([1, 2])
    return xp.asarray(scp.ndimage.median(a, labels, index))


def test_value_indices_adaptive_dtype():
    from cupyx.scipy import ndimage
    a = cupy.asarray(numpy.random.RandomState(6).randint(0, 4, (30, 40)))
    got = ndimage.value_indices(a, adaptive_index_dtype=True)
    ref = ndimage.value_indices(a)
    for key in ref:
        for g, r in zip(got[key], ref[key]):
            assert g.dtype == numpy.int8
            testing.assert_array_equal(g, r)


def test_label_bit_depth_error_is_scipy_and_cupy_error():
    from cupyx.scipy import ndimage
    img = cupy.ones(130, dtype=numpy.int8)
    for exc in (RuntimeError, ValueError):
        with pytest.raises(exc):
            ndimage.label(img, numpy.zeros(3, bool), output=numpy.int8)


@pytest.mark.parametrize('name', ['sum_labels', 'mean', 'variance',
                                  'standard_deviation', 'center_of_mass'])
def test_statistics_argument_types(name):
    from cupyx.scipy import ndimage
    fn = getattr(ndimage, name)
    img = cupy.arange(10.0)
    labels = cupy.arange(10) % 3
    with pytest.raises(TypeError):
        fn(img.astype(numpy.complex128), labels, 1)
    with pytest.raises(TypeError):
        fn(list(range(10)), labels, 1)
    with pytest.raises(TypeError):
        fn(img, numpy.arange(10) % 3, 1)
    with pytest.raises(TypeError):
        fn(img, labels, {1: 2})


@pytest.mark.parametrize('structure', [2, (3, 1), (1, 3)])
def test_binary_structure_shorthand(structure):
    # CuPy's int/tuple structure: an all-true box of that shape
    from cupyx.scipy import ndimage
    x = _binary(cupy, (8, 9), 8, 0.4)
    shape = (structure,) * 2 if isinstance(structure, int) else structure
    box = cupy.ones(shape, dtype=bool)
    for name in ('binary_erosion', 'binary_dilation', 'binary_opening',
                 'binary_closing'):
        fn = getattr(ndimage, name)
        testing.assert_array_equal(fn(x, structure, border_value=1),
                                   fn(x, box, border_value=1))


@testing.numpy_cupy_array_equal(scipy_name='scp')
def test_hit_or_miss_border(xp, scp):
    # the complement's erosion sees the outside as background
    s1 = numpy.array([[0, 0, 0], [0, 1, 0], [0, 0, 0]], bool)
    return scp.ndimage.binary_hit_or_miss(_binary(xp, (7, 8), 9, 0.5), s1,
                                          ~s1)


@pytest.mark.parametrize('name', ['white_tophat', 'black_tophat'])
@pytest.mark.parametrize('dtype', [numpy.float64, numpy.int32])
@testing.numpy_cupy_array_equal(scipy_name='scp')
def test_tophat_output_dtype(xp, scp, name, dtype):
    # the opening/closing is computed in the output dtype first
    a = xp.asarray(numpy.random.RandomState(10).uniform(0, 9, (6, 8)))
    return getattr(scp.ndimage, name)(a.astype(dtype), size=3,
                                      output=numpy.float32)


@pytest.mark.parametrize('mode', ['constant', 'grid-constant'])
@testing.numpy_cupy_allclose(rtol=1e-10, scipy_name='scp')
def test_separable_weights_constant_cval(xp, scp, mode):
    # a rank-1 kernel runs as 1-D passes that must carry cval along
    a = xp.asarray(numpy.random.RandomState(11).uniform(0, 9, (5, 6)))
    w = xp.asarray(numpy.outer([1., 2., 3.], [2., 1.5, 1.]))
    return scp.ndimage.correlate(a, w, mode=mode, cval=2.0)


@testing.numpy_cupy_array_equal(scipy_name='scp')
def test_footprint_min_filter_cval_in_input_type(xp, scp):
    # SciPy holds cval in the input's type: -1 is 255 for uint8
    a = xp.asarray(numpy.random.RandomState(12).randint(0, 9, (4, 5)),
                   dtype=numpy.uint8)
    fp = numpy.array([[1, 0, 1], [1, 1, 0]], bool)
    return scp.ndimage.minimum_filter(a, footprint=fp, mode='constant',
                                      cval=-1)


@pytest.mark.parametrize('name', ['binary_fill_holes', 'binary_propagation'])
@pytest.mark.parametrize('value', [True, False])
@testing.numpy_cupy_array_equal(scipy_name='scp')
def test_fill_and_propagate_0d(xp, scp, name, value):
    # no union-find path for a 0-d element: the iteration handles it
    return getattr(scp.ndimage, name)(xp.asarray(value))
