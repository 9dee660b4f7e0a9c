"""Smaller issue-14 items: names CuPy code imports, and NumPy's errors."""

import inspect
import io
from unittest import mock

import numpy
import pytest

import cupy
import cupyx
from cupy import testing


def test_base_and_binary_repr_are_documented_wrappers():
    for name in ('base_repr', 'binary_repr'):
        f, g = getattr(cupy, name), getattr(numpy, name)
        assert f.__doc__ and f.__doc__ is not g.__doc__
        assert inspect.signature(f) == inspect.signature(g)
    assert cupy.base_repr(-37, 5, 3) == numpy.base_repr(-37, 5, 3)
    assert cupy.binary_repr(-3, 6) == numpy.binary_repr(-3, 6)


def test_show_config_writes_once():
    with mock.patch('sys.stdout.write') as write:
        cupy.show_config()
    write.assert_called_once_with(cupyx.get_runtime_info(full=False))
    with mock.patch('sys.stdout.write') as write:
        cupy.show_config(_full=True)
    assert 'dtype loops' in write.call_args[0][0]


class TestStrideTricksAndApply:

    @testing.numpy_cupy_array_equal()
    def test_sliding_window_view_list(self, xp):
        v = xp.lib.stride_tricks.sliding_window_view([0.0, 1.0, 2.0, 3.0], 2)
        assert v.strides == (8, 8)
        return v

    def test_sliding_window_view_writeable_refused(self):
        with pytest.raises(NotImplementedError):
            cupy.lib.stride_tricks.sliding_window_view(
                cupy.arange(4), 2, writeable=True)

    def test_apply_over_axes_axis_error(self):
        with pytest.raises(numpy.exceptions.AxisError):
            cupy.apply_over_axes(cupy.sum, cupy.array(3.0), 0)
        with pytest.raises(numpy.exceptions.AxisError):
            cupy.apply_over_axes(cupy.sum, cupy.ones((2, 2)), 2)


def test_vectorize_passes_ufunc_type_errors():
    def f(x, y):
        return x & y
    for xp in (numpy, cupy):
        with pytest.raises(TypeError) as e:
            xp.vectorize(f)(xp.ones(3), xp.ones(3))
        assert not isinstance(e.value, NotImplementedError)


def test_vectorize_python_control_flow_runs_on_lanes():
    # element-dependent control flow runs under lane masks (no host loop)
    def relu(x):
        return x if x > 0 else 0
    testing.assert_array_equal(cupy.vectorize(relu)(cupy.arange(-2, 3)),
                               numpy.vectorize(relu)(numpy.arange(-2, 3)))


def test_ufunc_takes_objects_standing_for_arrays():
    from cupy.testing._protocol_helpers import DummyObjectWithCuPyGetNDArray
    a = cupy.arange(3.0)
    d = DummyObjectWithCuPyGetNDArray(a)
    testing.assert_array_equal(cupy.add(d, 1), [1, 2, 3])
    testing.assert_array_equal(cupy.multiply(2, d), [0, 2, 4])


def test_module_names_cupy_code_imports():
    from cupy import _util
    from cupy.cuda import driver  # NOQA
    import cupy.cuda.memory_hooks.debug_print  # NOQA
    assert _util.PerformanceWarning is cupy.PerformanceWarning
    calls = []

    @_util.memoize(for_each_device=True)
    def f(x):
        calls.append(x)
        return x * 2
    assert f(3) == 6 and f(3) == 6 and calls == [3]
    _util.clear_memo()
    assert f(3) == 6 and calls == [3, 3]
    with pytest.warns(FutureWarning):
        _util.experimental('cupyx.something')


def test_protocol_helper_interface_fields():
    from cupy.testing._protocol_helpers import (
        DummyObjectWithCudaArrayInterface)
    a = cupy.arange(6.0).reshape(2, 3)
    d = DummyObjectWithCudaArrayInterface(a, include_strides=True)
    desc = d.__cuda_array_interface__
    assert desc['shape'] == (2, 3) and desc['strides'] == a.strides
    assert desc['data'] == (a.data.ptr, False) and desc['version'] == 3
    assert 'strides' in DummyObjectWithCudaArrayInterface(
        a.T).__cuda_array_interface__
    out = io.StringIO()
    out.write(str(desc['typestr']))
    assert out.getvalue() == '<f8'


class TestArrayInterfaceImport:

    @pytest.mark.parametrize('ver', [0, 1, 2, 3])
    @pytest.mark.parametrize('strides', [False, None, True])
    def test_view_not_copy(self, ver, strides):
        from cupy.testing._protocol_helpers import (
            DummyObjectWithCudaArrayInterface as Dummy)
        a = cupy.arange(24.0).reshape(2, 3, 4)
        b = cupy.asarray(Dummy(a, ver, strides))
        assert b.data.ptr == a.data.ptr and b.shape == a.shape
        a[1, 2, 3] = -5
        assert float(b[1, 2, 3]) == -5
        t = cupy.asarray(Dummy(a.T, ver, strides))
        assert t.strides == a.T.strides and t.data.mem.size == a.nbytes
        testing.assert_array_equal(cupy.asnumpy(Dummy(a, ver, strides)),
                                   a.get())

    def test_negative_strides_and_copy(self):
        from cupy.testing._protocol_helpers import (
            DummyObjectWithCudaArrayInterface as Dummy)
        a = cupy.arange(10, dtype=numpy.int32)[::-2]
        b = cupy.array(Dummy(a))
        testing.assert_array_equal(b, [9, 7, 5, 3, 1])

    def test_big_endian_and_mask_refused(self):
        from cupy.testing._protocol_helpers import (
            DummyObjectWithCudaArrayInterface as Dummy)
        a = cupy.zeros(4, numpy.int8)
        big = Dummy(((1,), (4,), '>i4', [('', '>i4')], a.data.ptr))
        with pytest.raises(ValueError):
            cupy.asarray(big)
        with pytest.raises(ValueError):
            cupy.asarray(Dummy(a, mask=cupy.zeros(4, bool)))


def test_nested_objects_standing_for_arrays():
    from cupy.testing._protocol_helpers import (
        DummyObjectWithCudaArrayInterface, DummyObjectWithCuPyGetNDArray)
    a = cupy.arange(3.0)
    for cls in (DummyObjectWithCudaArrayInterface,
                DummyObjectWithCuPyGetNDArray):
        b = cupy.array([cls(a), cls(a + 1)])
        testing.assert_array_equal(b, [[0, 1, 2], [1, 2, 3]])
