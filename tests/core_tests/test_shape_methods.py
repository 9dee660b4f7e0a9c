"""ndarray methods that change shape or pick elements: reshape, ravel,
flatten, transpose, swapaxes, squeeze, diagonal, repeat, take, put,
nonzero."""

import numpy
import pytest

import cupy
from cupy import testing
from tests.core_tests.core_helpers import arrays, nonempty, on_device
from tests.core_tests.core_helpers import shares_memory
from tests.routine_helpers import layouts



class TestReshape:

    @testing.for_all_dtypes()
    @pytest.mark.parametrize('shape', [(6, 4), (-1,), (2, -1, 3), (24,),
                                       (1, 24, 1), (4, 1, 6), (2, 3, 4)])
    @pytest.mark.parametrize('order', ['C', 'F', 'A'])
    @testing.numpy_cupy_allclose()
    def test_reshape(self, xp, dtype, shape, order):
        xs = layouts(xp, (2, 3, 4), dtype)
        with on_device(xp):
            return [a.reshape(shape, order=order) for a in xs]

    @testing.for_all_dtypes()
    @pytest.mark.parametrize('order', ['C', 'F', 'A'])
    @testing.numpy_cupy_equal()
    def test_view_or_copy(self, xp, dtype, order):
        """Strides, and whether a view (same memory) is returned, match
        NumPy's no-copy rule."""
        out = []
        base = testing.shaped_arange((4, 6, 8), xp, dtype)
        for a in (base, base.T, base[:, ::2], base[::-1], base[:, :3],
                  base[1:3, :, ::4].transpose(2, 0, 1), base[:, :1],
                  base[..., :1].T):
            for shape in [(-1,), (a.shape[0], -1), (-1, a.shape[-1]),
                          a.shape + (1,), (1,) + a.shape]:
                r = a.reshape(shape, order=order)
                out.append((r.shape, r.strides, shares_memory(r, a)))
        return out

    @testing.numpy_cupy_array_equal()
    def test_argument_forms(self, xp):
        a = testing.shaped_arange((2, 3, 4), xp)
        return (a.reshape(4, 6), a.reshape((4, 6)), a.reshape([4, 6]),
                a.reshape(24), a.reshape(numpy.int8(24)),
                a.reshape(numpy.array([6, 4])), a.reshape(range(4, 7, 2)),
                a.reshape([numpy.array(3), 8]), a.reshape(-3),
                a.reshape(2, -7, 4), a.reshape(xp.asarray([3, 8])))

    @testing.numpy_cupy_array_equal()
    def test_0d_and_empty(self, xp):
        return (testing.shaped_arange((), xp).reshape(1, 1),
                testing.shaped_arange((1,), xp).reshape(()),
                testing.shaped_arange((1,), xp).reshape([]),
                xp.zeros((0, 3)).reshape(3, 0, 5),
                xp.zeros((0, 3)).reshape(-1),
                xp.zeros((0, 3)).reshape(5, -1))

    def test_writes_through_view(self):
        a = cupy.zeros((2, 3))
        b = a.reshape(3, 2)
        b[2, 1] = 7
        assert float(a[1, 2]) == 7
        c = a.T.reshape(6)          # a copy
        c[0] = 9
        assert float(a[0, 0]) == 0

    @pytest.mark.parametrize('shape,error', [
        ((5,), ValueError), ((-1, -1), ValueError), ((7, -1), ValueError),
        ((True, 24), TypeError), (6.0, TypeError), ((2, [12]), TypeError),
        ([[4, 6]], TypeError), (numpy.array([[4, 6]]), TypeError),
        (numpy.array([4.0, 6.0]), TypeError)])
    def test_errors(self, shape, error):
        for xp in (numpy, cupy):
            with pytest.raises(error):
                xp.zeros((2, 3, 4)).reshape(shape)

    def test_zero_size_unknown(self):
        for xp in (numpy, cupy):
            with pytest.raises(ValueError):
                xp.zeros((0, 3)).reshape(-1, 0)

    @pytest.mark.parametrize('order', ['X', 'K'])
    def test_bad_order(self, order):
        for xp in (numpy, cupy):
            with pytest.raises(ValueError):
                xp.zeros((2, 3)).reshape(3, 2, order=order)

    def test_order_k_flat(self):
        for xp in (numpy, cupy):
            with pytest.raises(ValueError):
                xp.zeros((2, 3)).reshape(-1, order='K')


class TestRavelFlatten:

    @testing.for_all_dtypes()
    @pytest.mark.parametrize('order', ['C', 'F', 'A', 'K'])
    @testing.numpy_cupy_allclose()
    def test_ravel_function(self, xp, dtype, order):
        xs = arrays(xp, dtype)
        with on_device(xp):
            return [xp.ravel(a, order) for a in xs]

    @testing.for_all_dtypes()
    @pytest.mark.parametrize('order', ['C', 'F', 'A', 'K'])
    @testing.numpy_cupy_array_equal()
    def test_ravel_values(self, xp, dtype, order):
        xs = arrays(xp, dtype)
        with on_device(xp):
            return [a.ravel(order) for a in xs]

    @pytest.mark.parametrize('order', [
        ('C'),
        ('F'),
        ('A'), 'K'])
    @testing.numpy_cupy_allclose()
    def test_ravel_method_layout(self, xp, order):
        return [a.ravel(order) for a in arrays(xp, numpy.float32)] + [
            xp.arange(8)[::2].ravel(order)]

    @testing.numpy_cupy_equal()
    def test_ravel_function_view_or_copy(self, xp):
        a = testing.shaped_arange((2, 3, 4), xp)
        out = []
        for v in (a, a.T, a.transpose(1, 0, 2), a[:, ::-1], a[::2],
                  a[:1], a[:, :1], xp.broadcast_to(a[:1], (3, 3, 4))):
            for order in 'CFAK':
                r = xp.ravel(v, order)
                out.append((shares_memory(r, v), r.flags.c_contiguous))
        return out

    @testing.for_all_dtypes()
    @pytest.mark.parametrize('order', ['C', 'F'])
    @testing.numpy_cupy_allclose()
    def test_flatten(self, xp, dtype, order):
        xs = arrays(xp, dtype)
        with on_device(xp):
            return [a.flatten(order) for a in xs]

    @testing.for_all_dtypes()
    @pytest.mark.parametrize('order', ['A', 'K', None, 'k'])
    @testing.numpy_cupy_allclose()
    def test_flatten_a_k(self, xp, dtype, order):
        return [a.flatten(order) for a in arrays(xp, dtype)]

    @pytest.mark.parametrize('order', ['C', 'F', 'A', 'K'])
    @testing.numpy_cupy_allclose()
    def test_orders_odd_strides(self, xp, order):
        a = testing.shaped_arange((2, 3, 4), xp)
        views = [a.transpose(2, 0, 1)[:, ::-1], a[::-1, :, ::2].T,
                 a[:, 1], xp.broadcast_to(a[:, :1], (2, 5, 4)).T,
                 testing.shaped_arange((), xp)]
        return [xp.ravel(v, order) for v in views]

    def test_flatten_is_copy(self):
        a = cupy.arange(6)
        b = a.flatten()
        b[0] = 5
        assert int(a[0]) == 0

    def test_bad_order(self):
        for xp in (numpy, cupy):
            with pytest.raises(ValueError):
                xp.ravel(xp.zeros(3), 'X')
            with pytest.raises(ValueError):
                xp.zeros(3).ravel('X')
            with pytest.raises(ValueError):
                xp.zeros(3).flatten('X')


class TestTransposeSwapaxes:

    @testing.for_all_dtypes()
    @pytest.mark.parametrize('axes', [(), (None,), ((2, 0, 1),), (2, 0, 1),
                                      ([1, 0, 2],), (-1, 0, 1),
                                      (numpy.array([2, 1, 0]),),
                                      (range(3),)])
    @testing.numpy_cupy_array_equal(strides_check=True)
    def test_transpose(self, xp, dtype, axes):
        xs = nonempty(arrays(xp, dtype))
        xs = [a for a in xs if a.ndim == 3]
        with on_device(xp):
            return [a.transpose(*axes) for a in xs]

    @testing.numpy_cupy_array_equal(strides_check=True)
    def test_transpose_device_axes(self, xp):
        a = testing.shaped_arange((2, 3, 4), xp)
        return (a.transpose(xp.asarray([1, 2, 0])),
                xp.transpose(a, xp.asarray([2, 0, 1])),
                a.transpose([xp.asarray(1), 0, 2]))

    @testing.numpy_cupy_array_equal()
    def test_transpose_small(self, xp):
        return (testing.shaped_arange((), xp).transpose(),
                testing.shaped_arange((3,), xp).transpose(),
                testing.shaped_arange((3,), xp).transpose(0),
                testing.shaped_arange((3,), xp).transpose(numpy.array([0])),
                xp.zeros((0, 2)).transpose())

    @pytest.mark.parametrize('axes,error', [
        ((0, 1), ValueError), ((0, 1, 1), ValueError),
        ((0, 1, 3), numpy.exceptions.AxisError),
        ((0, 1, 2.0), TypeError), ((True, False, 2), TypeError),
        (([[0, 1, 2]],), TypeError)])
    def test_transpose_errors(self, axes, error):
        for xp in (numpy, cupy):
            with pytest.raises(error):
                xp.zeros((2, 3, 4)).transpose(*axes)

    @testing.for_all_dtypes()
    @pytest.mark.parametrize('a1,a2', [(0, 2), (1, -1), (2, 2), (-3, 1)])
    @testing.numpy_cupy_array_equal(strides_check=True)
    def test_swapaxes(self, xp, dtype, a1, a2):
        xs = [a for a in nonempty(arrays(xp, dtype)) if a.ndim == 3]
        with on_device(xp):
            return [a.swapaxes(a1, a2) for a in xs]

    def test_swapaxes_errors(self):
        for xp in (numpy, cupy):
            with pytest.raises(numpy.exceptions.AxisError):
                xp.zeros((2, 3)).swapaxes(0, 2)
            with pytest.raises(TypeError):
                xp.zeros((2, 3)).swapaxes(0, 1.0)


class TestSqueeze:

    @testing.for_all_dtypes()
    @pytest.mark.parametrize('axis', [None, 0, 2, -1, (0, 2), (), (0, -1)])
    @testing.numpy_cupy_array_equal(strides_check=True)
    def test_squeeze(self, xp, dtype, axis):
        a = testing.shaped_arange((1, 3, 1), xp, dtype)
        b = testing.shaped_arange((1, 3, 2), xp, dtype)[:, ::-1, :1]
        with on_device(xp):
            return a.squeeze(axis), b.squeeze(axis), xp.squeeze(a, axis)

    @testing.numpy_cupy_array_equal()
    def test_squeeze_0d(self, xp):
        a = testing.shaped_arange((), xp)
        return (a.squeeze(), a.squeeze(0), a.squeeze(-1), a.squeeze(()),
                xp.squeeze(a, 0), a.squeeze(numpy.int64(0)),
                a.squeeze(numpy.array(-1)))

    @testing.numpy_cupy_array_equal()
    def test_squeeze_empty(self, xp):
        return xp.zeros((1, 0, 1)).squeeze(), xp.zeros((0, 1)).squeeze(1)

    @pytest.mark.parametrize('shape,axis,error', [
        ((1, 3, 1), 1, ValueError), ((1, 3, 1), 3, numpy.exceptions.AxisError),
        ((1, 3, 1), (0, 0), ValueError), ((1, 3, 1), [0, 2], TypeError),
        ((1, 3, 1), numpy.array([0, 2]), TypeError),
        ((1, 3, 1), 0.0, TypeError), ((1, 3, 1), True, TypeError),
        ((), 1, numpy.exceptions.AxisError), ((), -2,
                                              numpy.exceptions.AxisError),
        ((), (0,), numpy.exceptions.AxisError)])
    def test_errors(self, shape, axis, error):
        for xp in (numpy, cupy):
            with pytest.raises(error):
                xp.zeros(shape).squeeze(axis)


class TestDiagonal:

    @testing.for_all_dtypes()
    @pytest.mark.parametrize('args', [(), (1,), (-1,), (5,), (-5,),
                                      (0, 2, 0), (1, -1, 1), (-2, 0, 2)])
    @testing.numpy_cupy_array_equal(strides_check=True)
    def test_diagonal(self, xp, dtype, args):
        xs = [a for a in nonempty(arrays(xp, dtype)) if a.ndim == 3]
        with on_device(xp):
            out = [a.diagonal(*args) for a in xs]
        return [o for o in out if o.size]

    @testing.for_all_dtypes()
    @testing.numpy_cupy_equal()
    def test_diagonal_empty_shapes(self, xp, dtype):
        a = testing.shaped_arange((2, 3), xp, dtype)
        return [a.diagonal(k).shape for k in (3, -2, 10, -10)]

    def test_errors(self):
        for xp in (numpy, cupy):
            with pytest.raises(ValueError):
                xp.zeros(3).diagonal()
            with pytest.raises(ValueError):
                xp.zeros((2, 2)).diagonal(0, 1, 1)
            with pytest.raises(numpy.exceptions.AxisError):
                xp.zeros((2, 2)).diagonal(0, 0, 2)


class TestPickMethods:

    @testing.for_all_dtypes()
    @pytest.mark.parametrize('args', [(2,), (2, 1), ([1, 2], 0), (0,),
                                      ([1, 0, 2], -1), (3, None)])
    @testing.numpy_cupy_allclose()
    def test_repeat(self, xp, dtype, args):
        xs = [a for a in arrays(xp, dtype, shape=(2, 3)) if a.ndim == 2 and
              a.size]
        return [a.repeat(*args) for a in xs]

    @testing.numpy_cupy_array_equal()
    def test_repeat_0d(self, xp):
        return testing.shaped_arange((), xp).repeat(3)

    def test_repeat_device_only(self):
        a = cupy.arange(6).reshape(2, 3).T
        from tests.routine_helpers import device_only
        with device_only():
            a.repeat(3, axis=0)

    @testing.for_all_dtypes()
    @pytest.mark.parametrize('indices,axis', [
        ([0, 4], None), ([[0, 2]], 1), (1, None), ([-1, 0], 0),
        (numpy.array([[1], [0]]), 1), ([], 0), (-1, None)])
    @testing.numpy_cupy_allclose()
    def test_take(self, xp, dtype, indices, axis):
        xs = [a for a in arrays(xp, dtype, shape=(2, 3)) if a.ndim == 2 and
              a.size]
        return [xp.asarray(a.take(indices, axis=axis)) for a in xs]

    @testing.numpy_cupy_array_equal()
    def test_take_device_indices(self, xp):
        a = testing.shaped_arange((3, 4), xp)
        i = xp.asarray([2, 0, 1])
        with on_device(xp):
            return a.take(i, axis=0), a.T.take(i), a.take(i, axis=1)

    @testing.numpy_cupy_array_equal()
    def test_take_out(self, xp):
        a = testing.shaped_arange((3, 4), xp)
        out = xp.zeros((2, 4), a.dtype)
        r = a.take([2, 0], axis=0, out=out)
        assert r is out
        return out

    @testing.for_all_dtypes()
    @pytest.mark.parametrize('indices,values', [
        ([0, 4], [7, 8]), (1, 9), ([5, 2, 3], [1]), ([-1], 6)])
    @testing.numpy_cupy_array_equal()
    def test_put(self, xp, dtype, indices, values):
        out = []
        for a in arrays(xp, dtype, shape=(2, 3), writable=True, empty=False):
            if a.ndim:
                a.put(indices, values)
                out.append(a)
        return out

    @testing.numpy_cupy_array_equal()
    def test_put_modes(self, xp):
        a = xp.zeros(5)
        a.put([7, -8], [1, 2], mode='wrap')
        b = xp.zeros(5)
        b.put([7, -8], [1, 2], mode='clip')
        return a, b

    @testing.for_all_dtypes()
    @testing.numpy_cupy_array_equal()
    def test_nonzero(self, xp, dtype):
        out = []
        for a in arrays(xp, dtype, shape=(2, 3)):
            if a.ndim:
                out.extend(a.nonzero())
        return out

    def test_nonzero_0d(self):
        for xp in (numpy, cupy):
            with pytest.raises(ValueError):
                xp.asarray(1).nonzero()

    def test_nonzero_syncs_once(self):
        a = cupy.asarray([[0, 1, 0], [2, 0, 3]])
        from tests.routine_helpers import device_only
        with device_only(d2h_allowed=8):
            a.nonzero()
