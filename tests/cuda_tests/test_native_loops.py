"""The loops the CUDA build sent to the host until issue 19's last gaps:
complex arcsin/arccos/arctan/arcsinh/arccosh/arctanh (ops/_catrig.py),
complex sign/exp2/log2/log10, integer reciprocal and bitwise_count, and
the complex max/min/nanmax/nanmin/argmax/argmin/nanargmax/nanargmin
reductions, against NumPy with the host fallback forbidden; and the
capability table: no NumPy loop of the contract left on the host."""

import numpy
import pytest

import cupy
from cupy import testing
from tests.cupyx_tests.scipy_tests.special_tests.test_accuracy import (  # NOQA
    no_fallback)


_EDGE = numpy.array([0.0, -0.0, 1e-30, 1e-8, 0.5, -0.5, 0.999999, 1.0, -1.0,
                     1.5, -2.5, 7.0, 1e200, -1e300, numpy.inf, -numpy.inf])


def _complex_points(dtype):
    rs = numpy.random.default_rng(8)
    x, y = numpy.meshgrid(_EDGE, _EDGE)
    x = numpy.concatenate([x.ravel(), rs.standard_normal(2000) * 10.0 **
                           rs.uniform(-5, 5, 2000),
                           rs.uniform(-1.2, 1.2, 500)])
    y = numpy.concatenate([y.ravel(), rs.standard_normal(2000) * 10.0 **
                           rs.uniform(-5, 5, 2000), rs.uniform(-1e-3, 1e-3,
                                                               500)])
    z = numpy.empty(x.size, dtype)
    with numpy.errstate(over='ignore'):
        z.real, z.imag = x, y
    return z


def _assert_parts(got, want, rtol):
    """Each part within rtol of |want| (both NaN counts as equal), the
    signs of zeros and infinities equal."""
    scale = numpy.abs(want.astype(numpy.complex128))
    for g, w in ((got.real, want.real), (got.imag, want.imag)):
        g, w = g.astype(numpy.float64), w.astype(numpy.float64)
        with numpy.errstate(invalid='ignore'):
            close = (g == w) | (numpy.abs(g - w) <= rtol * scale) | (
                numpy.isnan(g) & numpy.isnan(w))
        assert close.all(), (g[~close][:5], w[~close][:5])
        same = (numpy.signbit(g) == numpy.signbit(w)) | numpy.isnan(w)
        assert same.all(), (g[~same][:5], w[~same][:5])


@pytest.mark.parametrize('name', ['arcsin', 'arccos', 'arctan', 'arcsinh',
                                  'arccosh', 'arctanh'])
@pytest.mark.parametrize('dtype', [numpy.complex64, numpy.complex128])
def test_complex_inverse_trig(name, dtype, no_fallback):
    z = _complex_points(dtype)
    with numpy.errstate(all='ignore'):
        want = getattr(numpy, name)(z)
    got = getattr(cupy, name)(cupy.asarray(z)).get()
    assert got.dtype == want.dtype
    # computed in double (complex64 rounded once); CUDA's real functions
    # within 2 ulp (CUDA C Programming Guide, "Mathematical Functions")
    _assert_parts(got, want, 4e-7 if dtype == numpy.complex64 else 2e-14)


@pytest.mark.parametrize('name', ['sign', 'exp2', 'log2', 'log10'])
@pytest.mark.parametrize('dtype', [numpy.complex64, numpy.complex128])
def test_complex_unary(name, dtype, no_fallback):
    z = _complex_points(dtype)
    if name != 'sign':
        # infinite arguments: the provider's complex exp/log do not follow
        # C99 Annex G there (TODO.md)
        z = z[numpy.isfinite(z)]
    with numpy.errstate(all='ignore'):
        want = getattr(numpy, name)(z)
    got = getattr(cupy, name)(cupy.asarray(z)).get()
    assert got.dtype == want.dtype
    _assert_parts(got, want, 4e-7 if dtype == numpy.complex64 else 2e-14)


@testing.for_int_dtypes(no_bool=True)
def test_integer_reciprocal_and_bitwise_count(dtype, no_fallback):
    info = numpy.iinfo(dtype)
    a = numpy.array([0, 1, 2, 3, 5, 127, info.max, info.min, info.min + 1],
                    dtype)
    if info.min < 0:
        a = numpy.concatenate([a, numpy.array([-1, -2, -3, -128], dtype)])
    with numpy.errstate(all='ignore'):
        want = numpy.reciprocal(a)
    testing.assert_array_equal(cupy.reciprocal(cupy.asarray(a)).get(), want)
    got = cupy.bitwise_count(cupy.asarray(a)).get()
    assert got.dtype == numpy.uint8
    testing.assert_array_equal(got, numpy.bitwise_count(a))


@pytest.mark.parametrize('name', ['max', 'min', 'nanmax', 'nanmin', 'argmax',
                                  'argmin', 'nanargmax', 'nanargmin'])
@pytest.mark.parametrize('axis', [None, 0, 1, (0, 2)])
@pytest.mark.parametrize('dtype', [numpy.complex64, numpy.complex128])
def test_complex_extrema(name, axis, dtype, no_fallback):
    rs = numpy.random.default_rng(9)
    a = (rs.integers(-3, 4, (5, 40, 33)) +
         1j * rs.integers(-3, 4, (5, 40, 33))).astype(dtype)
    if name.startswith('nan'):
        a[1, 3, :5] = complex(numpy.nan, 1)
        a[2, 7, 3] = complex(0, numpy.nan)
    else:
        a[3, 1, 2] = complex(numpy.nan, 0)
    if name.startswith(('arg', 'nanarg')) and isinstance(axis, tuple):
        return
    with numpy.errstate(invalid='ignore'):
        want = getattr(numpy, name)(a, axis=axis)
    got = getattr(cupy, name)(cupy.asarray(a), axis=axis)
    testing.assert_array_equal(numpy.asarray(got.get()), want)


def test_no_contract_loop_on_the_host():
    # every NumPy loop of the elementwise ufuncs and reductions runs on
    # the device; float16 draws are beyond NumPy's loops (its Generator
    # draws float32/float64 only) and go to the host
    from cupy._core.elementwise import _capability
    from cupy._core import _dispatch
    host = []
    for name, loops in sorted(_capability._all_elementwise().items()):
        for loop in sorted(loops):
            r = _capability.route(name, loop)
            kind = r.kind
            if kind in ('native', 'cast') and _dispatch.route(
                    name, r.dev_loop or loop) == 'host':
                kind = 'host'
            if kind == 'host':
                host.append((name, loop))
    host += [k[1:] for k, path in _capability._extra_rows().items()
             if path == 'host']
    assert sorted(host) == [('random_normal', 'e'), ('random_uniform', 'e')]
