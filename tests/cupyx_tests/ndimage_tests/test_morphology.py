"""cupyx.scipy.ndimage morphology and distance transform against
scipy.ndimage."""

import numpy
import pytest

from cupy import testing

pytest.importorskip('scipy.ndimage')


def _binary(xp, shape, seed=0, p=0.45):
    return xp.asarray(numpy.random.RandomState(seed).uniform(size=shape) > p)


SHAPES = [(15,), (9, 10), (5, 6, 7)]


@pytest.mark.parametrize('shape', SHAPES)
class TestBinary:

    @pytest.mark.parametrize('name', ['binary_erosion', 'binary_dilation',
                                      'binary_opening', 'binary_closing'])
    @pytest.mark.parametrize('kwargs', [
        {}, {'iterations': 2, 'border_value': 1}, {'iterations': 0},
        {'origin': -1}, {'mask': 'mask', 'iterations': 3}])
    @testing.numpy_cupy_array_equal(scipy_name='scp')
    def test_ops(self, xp, scp, shape, name, kwargs):
        kwargs = dict(kwargs)
        if kwargs.get('mask') == 'mask':
            kwargs['mask'] = _binary(xp, shape, 5, 0.2)
        if name in ('binary_opening', 'binary_closing') and \
                kwargs.get('iterations') == 0:
            kwargs['iterations'] = 1
        s = scp.ndimage.generate_binary_structure(len(shape), len(shape))
        return getattr(scp.ndimage, name)(_binary(xp, shape), s, **kwargs)

    @testing.numpy_cupy_array_equal(scipy_name='scp')
    def test_fill_holes(self, xp, scp, shape):
        return scp.ndimage.binary_fill_holes(_binary(xp, shape, p=0.3))

    @testing.numpy_cupy_array_equal(scipy_name='scp')
    def test_propagation(self, xp, scp, shape):
        return scp.ndimage.binary_propagation(
            _binary(xp, shape, p=0.9), mask=_binary(xp, shape, 2, 0.3))

    @testing.numpy_cupy_array_equal(scipy_name='scp')
    def test_hit_or_miss(self, xp, scp, shape):
        return scp.ndimage.binary_hit_or_miss(_binary(xp, shape))


@pytest.mark.parametrize('name', [
    'grey_erosion', 'grey_dilation', 'grey_opening', 'grey_closing',
    'morphological_gradient', 'morphological_laplace', 'white_tophat',
    'black_tophat'])
@pytest.mark.parametrize('kwargs', [
    {'size': 3}, {'size': (2, 4), 'mode': 'constant', 'cval': 5.},
    {'footprint': [[1, 0, 1], [0, 1, 1]]},
    {'structure': [[0., 1.], [2., 0.5]], 'mode': 'wrap'}])
@testing.numpy_cupy_allclose(rtol=1e-6, scipy_name='scp')
def test_grey(xp, scp, name, kwargs):
    a = xp.asarray(numpy.random.RandomState(1).uniform(0, 9, (8, 9)))
    return getattr(scp.ndimage, name)(a, **kwargs)


@testing.numpy_cupy_array_equal(scipy_name='scp')
def test_iterate_structure(xp, scp):
    s = scp.ndimage.generate_binary_structure(2, 1)
    return scp.ndimage.iterate_structure(s, 3)


@pytest.mark.parametrize('sampling', [None, (1.5, 0.5)])
@testing.numpy_cupy_allclose(rtol=1e-12, scipy_name='scp')
def test_distance_transform_edt(xp, scp, sampling):
    b = _binary(xp, (12, 13), p=0.2)
    d, i = scp.ndimage.distance_transform_edt(b, sampling=sampling,
                                              return_indices=True)
    # nearest background pixels may tie: check the distance they give
    grid = xp.indices(b.shape)
    s = xp.asarray(sampling or (1., 1.)).reshape(2, 1, 1)
    via = xp.sqrt((((i - grid) * s) ** 2).sum(axis=0))
    return xp.stack([d, via])


def test_distance_transform_edt_errors():
    import cupy
    from cupyx.scipy import ndimage
    with pytest.raises(RuntimeError):
        ndimage.distance_transform_edt(cupy.ones(3), return_distances=False)
    with pytest.raises(RuntimeError):
        ndimage.distance_transform_edt(cupy.ones(3),
                                       distances=cupy.zeros(3, 'f'))


@pytest.mark.parametrize('block_params,ok', [
    ((1, 1, 1), True), ((2, 4, 6), True), ((7, 1, 1), True),
    ((0, 1, 1), False), ((1, 3, 1), False), ((1, 1, 8), False),
    ((1, 8, 1), False)])
def test_distance_transform_edt_block_params(block_params, ok):
    # CuPy's 2-D rule: the largest side (200) padded to a multiple of 32
    # and of m1, m2, m3 (224 here), each m at most padded // 32 = 7
    import cupy
    from cupyx.scipy import ndimage
    img = cupy.ones((200, 60), dtype=bool)
    img[7, 9] = False
    if ok:
        d = ndimage.distance_transform_edt(img, block_params=block_params)
        assert float(d[0, 0]) == pytest.approx((49 + 81) ** 0.5)
    else:
        with pytest.raises(ValueError):
            ndimage.distance_transform_edt(img, block_params=block_params)


@pytest.mark.parametrize('name', ['morphological_gradient',
                                  'morphological_laplace'])
@pytest.mark.parametrize('output', [numpy.float32, 'array'])
@testing.numpy_cupy_array_equal(scipy_name='scp')
def test_gradient_laplace_output(xp, scp, name, output):
    # SciPy writes into an output array but ignores an output dtype (the
    # result keeps the input's dtype)
    x = xp.zeros((7, 7), dtype=numpy.int32)
    x[2:5, 2:5] = 3
    if output == 'array':
        output = xp.zeros((7, 7), dtype=numpy.float64)
    return getattr(scp.ndimage, name)(x, 3, output=output)
