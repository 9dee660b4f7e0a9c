"""NEP 13 / NEP 18: NumPy's functions and ufuncs on device arrays run our
implementation and return device arrays; what we lack raises TypeError;
implicit conversion to NumPy raises TypeError (issue 20)."""

import numpy
import pytest

import cupy
from cupy import testing


def _pair():
    a = testing.shaped_arange((3, 4), numpy, numpy.float64)
    return a, cupy.asarray(a)


@pytest.mark.parametrize('call', [
    lambda x: numpy.add(x, 1),
    lambda x: numpy.multiply(x, x),
    lambda x: numpy.sqrt(x),
    lambda x: numpy.sum(x),
    lambda x: numpy.sum(x, axis=1),
    lambda x: numpy.mean(x, axis=0),
    lambda x: numpy.std(x),
    lambda x: numpy.concatenate([x, x], axis=1),
    lambda x: numpy.stack([x, x]),
    lambda x: numpy.transpose(x),
    lambda x: numpy.reshape(x, (4, 3)),
    lambda x: numpy.where(x > 3, x, -x),
    lambda x: numpy.linalg.norm(x),
    lambda x: numpy.linalg.norm(x, axis=1),
    lambda x: numpy.fft.fft(x),
    lambda x: numpy.fft.rfft(x, axis=0),
    lambda x: numpy.matmul(x, x.T),
    lambda x: numpy.add.reduce(x, axis=0),
    lambda x: numpy.add.accumulate(x, axis=1),
    lambda x: numpy.multiply.outer(x[0], x[1]),
    lambda x: numpy.maximum.reduce(x, axis=1),
])
def test_numpy_call_runs_on_device(call):
    a_np, a_cp = _pair()
    got = call(a_cp)
    assert isinstance(got, cupy.ndarray)
    testing.assert_allclose(got, call(a_np), rtol=1e-12, atol=1e-12)


def test_ufunc_out_is_device_array():
    a_np, a_cp = _pair()
    out = cupy.empty_like(a_cp)
    got = numpy.add(a_cp, 2.5, out=out)
    assert got is out
    testing.assert_array_equal(out, a_np + 2.5)
    # a tuple out, as NumPy normalises it
    out2 = cupy.empty_like(a_cp)
    numpy.multiply(a_cp, a_cp, out=(out2,))
    testing.assert_array_equal(out2, a_np * a_np)


def test_ufunc_at_on_device():
    a_np, a_cp = _pair()
    a_np = a_np.ravel().copy()
    a_cp = a_cp.ravel().copy()
    numpy.add.at(a_np, [0, 0, 3], 1.0)
    numpy.add.at(a_cp, cupy.array([0, 0, 3]), 1.0)
    testing.assert_array_equal(a_cp, a_np)


def test_function_out_is_device_array():
    _, a_cp = _pair()
    out = cupy.empty(4)
    got = numpy.sum(a_cp, axis=0, out=out)
    assert got is out
    testing.assert_array_equal(out, cupy.sum(a_cp, axis=0))


def test_numpy_scalar_operand():
    _, a_cp = _pair()
    got = numpy.add(a_cp, numpy.float32(2))
    assert isinstance(got, cupy.ndarray) and got.dtype == numpy.float64


def test_reexported_numpy_function_does_not_recurse():
    # cupy.result_type is numpy.result_type: NumPy's implementation runs
    _, a_cp = _pair()
    assert numpy.result_type(a_cp, numpy.float32) == numpy.float64
    assert numpy.can_cast(a_cp.dtype, numpy.float32, 'same_kind')


def test_unimplemented_function_raises_type_error():
    _, a_cp = _pair()
    with pytest.raises(TypeError, match='no implementation found'):
        numpy.einsum_path('ij,jk', a_cp, a_cp)
    with pytest.raises(TypeError, match='no implementation found'):
        numpy.is_busday(a_cp)


def test_unknown_array_type_defers():
    class Other:
        def __array_function__(self, func, types, args, kwargs):
            return 'other'
    _, a_cp = _pair()
    # our implementation returns NotImplemented for Other; Other answers
    assert numpy.concatenate([a_cp, Other()]) == 'other'


@pytest.mark.parametrize('convert', [
    numpy.asarray, numpy.array, lambda x: numpy.zeros(3) + x.ravel()[:3],
    lambda x: numpy.add(numpy.zeros((3, 4)), x),
])
def test_host_operand_raises(convert):
    # no silent copy either way (CuPy's TypeError)
    _, a_cp = _pair()
    with pytest.raises(TypeError):
        convert(a_cp)


def test_implicit_conversion_message_names_both_ways():
    _, a_cp = _pair()
    with pytest.raises(TypeError) as e:
        numpy.asarray(a_cp)
    assert 'cupy.asnumpy' in str(e.value) and '.get()' in str(e.value)


def test_get_array_module():
    a_np, a_cp = _pair()
    assert cupy.get_array_module(a_cp) is cupy
    assert cupy.get_array_module(a_np, a_cp) is cupy
    assert cupy.get_array_module(a_np, 1.0) is numpy
    assert cupy.get_array_module() is numpy
