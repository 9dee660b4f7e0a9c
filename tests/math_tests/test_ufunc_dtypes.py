"""Every ufunc over NumPy's dtype combinations (a reproducible sample of
the pairs unless CUPY_TEST_FULL_COMBINATION=1), compared with NumPy.

Each test runs twice: on the backend's provider, and on the reference
provider with a device-like table (tests/math_tests/reference_provider.py)
so that the cast and composed routes run for many loops."""

import numpy
import pytest

from cupy import testing
from tests.math_tests import values
from tests.math_tests.values import RTOL, ATOL


pytestmark = pytest.mark.usefixtures('provider_routes')


@pytest.mark.parametrize('name', values.UNARY)
@testing.for_all_dtypes(name='dtype')
@testing.numpy_cupy_allclose(rtol=RTOL, atol=ATOL, accept_error=TypeError)
def test_unary(xp, name, dtype):
    a = values.operand(xp, name, dtype, (2, 3))
    with numpy.errstate(all='ignore'):
        return getattr(xp, name)(a)


@pytest.mark.parametrize('name', values.BINARY)
@testing.for_all_dtypes_combination(names=('dtype_a', 'dtype_b'))
@testing.numpy_cupy_allclose(rtol=RTOL, atol=ATOL, accept_error=TypeError)
def test_binary(xp, name, dtype_a, dtype_b):
    a = values.operand(xp, name, dtype_a, (2, 3), 0)
    b = values.operand(xp, name, dtype_b, (2, 3), 1)
    with numpy.errstate(all='ignore'):
        return getattr(xp, name)(a, b)


@pytest.mark.parametrize('name', ['add', 'multiply', 'maximum', 'less',
                                  'bitwise_or', 'floor_divide', 'arctan2',
                                  'copysign', 'logical_xor', 'fmax'])
@testing.for_all_dtypes_combination(names=('dtype_a', 'dtype_b'),
                                    full=True)
@testing.numpy_cupy_allclose(rtol=RTOL, atol=ATOL, accept_error=TypeError)
def test_binary_full(xp, name, dtype_a, dtype_b):
    # every pair, for a few ufuncs of each kind
    a = values.operand(xp, name, dtype_a, (4,), 0)
    b = values.operand(xp, name, dtype_b, (4,), 1)
    with numpy.errstate(all='ignore'):
        return getattr(xp, name)(a, b)


@pytest.mark.parametrize('name', [
    'add', 'subtract', 'multiply', 'divide', 'floor_divide', 'remainder',
    'fmod', 'power', 'maximum', 'minimum', 'fmax', 'fmin', 'arctan2',
    'hypot', 'copysign', 'nextafter', 'heaviside', 'logaddexp', 'equal',
    'less', 'greater_equal', 'not_equal'])
@testing.for_float_dtypes(name='dtype')
@testing.numpy_cupy_allclose(rtol=RTOL, atol=ATOL, accept_error=TypeError)
def test_binary_specials(xp, name, dtype):
    # signed zeros, infinities and NaN against each other
    s = values.specials(dtype)
    a = xp.asarray(numpy.repeat(s, len(s)))
    b = xp.asarray(numpy.tile(s, len(s)))
    with numpy.errstate(all='ignore'):
        return getattr(xp, name)(a, b)


@pytest.mark.parametrize('name', [
    'negative', 'absolute', 'fabs', 'rint', 'sign', 'sqrt', 'exp', 'log',
    'floor', 'ceil', 'trunc', 'isfinite', 'isinf', 'isnan', 'signbit',
    'spacing', 'modf', 'frexp', 'reciprocal', 'square', 'degrees',
    'logical_not'])
@testing.for_float_dtypes(name='dtype')
@testing.numpy_cupy_allclose(rtol=RTOL, atol=ATOL)
def test_unary_specials(xp, name, dtype):
    a = xp.asarray(values.specials(dtype))
    with numpy.errstate(all='ignore'):
        return getattr(xp, name)(a)


@pytest.mark.parametrize('name', ['sqrt', 'exp', 'log', 'sign', 'absolute',
                                  'isnan', 'isinf', 'isfinite', 'negative',
                                  'reciprocal', 'square'])
@testing.for_complex_dtypes(name='dtype')
@testing.numpy_cupy_allclose(rtol=RTOL, atol=ATOL)
def test_complex_specials(xp, name, dtype):
    s = values.specials(numpy.float64)
    z = numpy.empty(len(s) ** 2, dtype)
    z.real = numpy.repeat(s, len(s))
    z.imag = numpy.tile(s, len(s))
    # NumPy's own complex functions of inf/nan follow C99 Annex G; keep
    # to the parts the ufuncs agree on for NaN-free inputs and the
    # classification functions for all
    if name not in ('isnan', 'isinf', 'isfinite', 'negative', 'absolute'):
        z = z[numpy.isfinite(z)]
    with numpy.errstate(all='ignore'):
        return getattr(xp, name)(xp.asarray(z))
