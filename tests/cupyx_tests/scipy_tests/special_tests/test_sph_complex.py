"""spherical_yn of complex z on the device (``_sph_complex.py``) against
SciPy 1.17.1 (AMOS) over a grid of |z|, arg z and n, against mpmath at
the points where the upward recurrence alone would fail or SciPy is
itself off, special values and overflow as SciPy gives them, dtypes as
SciPy's loops; sph_harm_y's argument errors as SciPy's."""

import numpy
import pytest
import scipy.special as sc

import cupy
import cupyx.scipy.special as cs

from tests.cupyx_tests.scipy_tests.special_tests.test_accuracy import (  # NOQA
    no_fallback)

_NS = numpy.array([0, 1, 2, 5, 12, 20, 40, 100, 250])


def _grid():
    # |z| from 1e-3 to 316 (SciPy's AMOS stays within 1.2e-13 of mpmath
    # there; at 1e4 it is 6e-12 and at 1e8 3e-7 off), 16 directions
    # including both axes, and large imaginary parts up to Im z = 680
    mods = 10.0 ** numpy.linspace(-3, 2.5, 12)
    args = numpy.linspace(0, 2 * numpy.pi, 16, endpoint=False)
    z = (mods[:, None] * numpy.exp(1j * args)).ravel()
    z = numpy.concatenate([z, 1j * numpy.array([1.5, 10, 20, 60, 250, 680]),
                           numpy.array([0.3, -40, 500]) + 300j,
                           [-2.5 - 1e-3j, 7 - 0.1j]])
    n, z = numpy.meshgrid(_NS, z)
    return n.ravel(), z.ravel()


def _rel(got, want):
    with numpy.errstate(all='ignore'):
        return numpy.abs(got - want) / numpy.abs(want)


@pytest.mark.parametrize('derivative', [False, True])
def test_grid_against_scipy(derivative, no_fallback):
    n, z = _grid()
    got = cs.spherical_yn(cupy.asarray(n), cupy.asarray(z), derivative)
    with numpy.errstate(all='ignore'):
        want = sc.spherical_yn(n, z, derivative)
    assert got.dtype == numpy.complex128 and got.shape == want.shape
    got = got.get()
    fin = numpy.isfinite(want)
    # the same elements overflow (SciPy: NaN + NaN j)
    numpy.testing.assert_array_equal(numpy.isfinite(got), fin)
    assert fin.sum() > 0.8 * fin.size
    # measured: 3e-14 from mpmath here, SciPy 1.2e-13, relative to the
    # amplitude max(|y_n|, |j_n|) where y_n oscillates (next to its zeros
    # both are off more, SciPy 6e-12 of |y_20(-100)|); the derivative
    # also relative to |y_(n-1)| (it cancels near the zeros of y_n')
    with numpy.errstate(all='ignore'):
        scale = numpy.maximum(numpy.abs(want),
                              numpy.abs(sc.spherical_jn(n, z)))
        if derivative:
            scale = numpy.maximum(scale, numpy.abs(
                sc.spherical_yn(numpy.maximum(n - 1, 0), z)))
    err = numpy.abs(got[fin] - want[fin]) / scale[fin]
    i = int(numpy.argmax(err))
    assert err[i] <= 2e-13, (n[fin][i], z[fin][i], err[i])


# (n, z, y_n(z)) by mpmath 1.3.0 at 50 digits, sqrt(pi/2z) Y_(n+1/2)(z):
# points where the upward recurrence of y alone loses digits (10i, 20i:
# the minimal solution j carries y and h1 grows past it), where AMOS is
# off (1e8: 3e-7) and a large order beyond Im z = 709 (e^Im z overflows
# while y_250 is finite)
_MPMATH = [
    (20, 10j, 92.42129926406962j),
    (30, 20j, -0.0671667709840911j),
    (12, 10j, 0.7316007457820826j),
    (300, 600j, 2.687206350572574e+225j),
    (5, 0.5 + 40j, -1774628401867584.8 + 951780991638434.8j),
    (150, 3 - 40j, -1.6461175816449082e+63 + 1.3939980301479411e+63j),
    (60, -7 + 25j, -239902955393.30798 + 241485943002.50922j),
    (100, 1e8 + 1e-8j, 3.6343213666327e-09 + 9.316206713402086e-17j),
    (250, 300 + 300j, 1.0825265207503472e+104 + 3.915008805820377e+103j),
    (40, 1e-3 + 1e-3j, -3.804108754355381e+175 + 3.804108658048831e+175j),
    (250, 712j, -1.2714649289883954e+287j),
    (3, -2.5 - 0.001j, -0.7966024285519914 + 0.0008206599372144344j),
    (0, 1e-5 + 1e-5j, -49999.999995 + 50000.000004999994j),
    (1, 1e4 + 500j, 2.4733594489403634e+212 + 6.558274081172571e+212j),
]


def test_against_mpmath(no_fallback):
    n = numpy.array([p[0] for p in _MPMATH])
    z = numpy.array([p[1] for p in _MPMATH])
    want = numpy.array([p[2] for p in _MPMATH])
    got = cs.spherical_yn(cupy.asarray(n), cupy.asarray(z)).get()
    # measured: 1.2e-14 at most (SciPy: 2.6e-7 at 1e8, 1.3e-13 at 712i)
    err = _rel(got, want)
    assert err.max() <= 5e-14, (n[err.argmax()], z[err.argmax()], err.max())


def _same(got, want):
    # real and imaginary parts equal, NaN where SciPy has NaN
    numpy.testing.assert_array_equal(got.real, want.real)
    numpy.testing.assert_array_equal(got.imag, want.imag)


@pytest.mark.parametrize('derivative', [False, True])
def test_special_values(derivative, no_fallback):
    inf, nan = numpy.inf, numpy.nan
    z = numpy.array([0j, complex(-0.0, 0.0), complex(inf, 0), complex(-inf, 0),
                     complex(inf, 1), complex(-inf, -2), complex(0, inf),
                     complex(1, -inf), complex(nan, 0), complex(1, nan),
                     complex(nan, nan)])
    n = numpy.array([-1, 0, 1, 4])[:, None]
    got = cs.spherical_yn(cupy.asarray(n), cupy.asarray(z), derivative)
    with numpy.errstate(all='ignore'):
        want = sc.spherical_yn(n, z, derivative)
    _same(got.get(), want)


def test_overflow_as_scipy(no_fallback):
    # well past SciPy's overflow thresholds (log |Y| ~ 693.6 for n < |z|,
    # ~698 for larger n; this matches SciPy to within about +-1 of them):
    # NaN + NaN j, -inf + NaN j on the positive real axis; well inside:
    # finite
    z = numpy.array([1 + 700j, -30 + 720j, 600 - 705j, 1 + 0j, 1j,
                     numpy.exp(0.5j), 5 + 0j, 0.01j, 3 - 40j,
                     1 + 690j, -30 + 690j, 1 + 0j, 1j, 3 - 40j, 250j + 1])
    n = numpy.array([0, 10, 0, 160, 160, 160, 220, 90, 380,
                     0, 10, 140, 140, 340, 600])
    got = cs.spherical_yn(cupy.asarray(n), cupy.asarray(z)).get()
    with numpy.errstate(all='ignore'):
        want = sc.spherical_yn(n, z)
    assert not numpy.isfinite(want[:9]).any()
    assert numpy.isfinite(want[9:]).all()
    _same(got[:9], want[:9])
    numpy.testing.assert_allclose(got[9:], want[9:], rtol=1e-12)


def test_dtypes(no_fallback):
    z = numpy.array([1 + 1j, -2 + 0.5j, 0.1 - 3j, 40 + 2j])
    for n_dtype in (numpy.int8, numpy.int64, numpy.float64):
        n = numpy.array([0, 2, 7, 30], n_dtype)
        for z_dtype in (numpy.complex64, numpy.complex128):
            zz = z.astype(z_dtype)
            for derivative in (False, True):
                got = cs.spherical_yn(cupy.asarray(n), cupy.asarray(zz),
                                      derivative)
                want = sc.spherical_yn(n, zz, derivative)
                assert got.dtype == want.dtype
                rtol = 1e-6 if z_dtype == numpy.complex64 else 1e-13
                numpy.testing.assert_allclose(got.get(), want, rtol=rtol)
    # real z: SciPy's float64 loop for every real dtype
    for z_dtype in (numpy.float16, numpy.float32, numpy.int32):
        zz = numpy.linspace(0.5, 9, 7).astype(z_dtype)
        got = cs.spherical_yn(cupy.arange(7, dtype=numpy.int32),
                              cupy.asarray(zz))
        want = sc.spherical_yn(numpy.arange(7, dtype=numpy.int32), zz)
        assert got.dtype == want.dtype == numpy.float64
        # SciPy's float16/float32 result has float32's precision
        rtol = 1e-13 if z_dtype == numpy.int32 else 1e-6
        numpy.testing.assert_allclose(got.get(), want, rtol=rtol)
    # a Python complex and a 0-d array
    got = cs.spherical_yn(3, cupy.asarray(0.5 - 0.5j))
    assert got.shape == () and got.dtype == numpy.complex128
    numpy.testing.assert_allclose(got.get(), sc.spherical_yn(3, 0.5 - 0.5j),
                                  rtol=1e-14)


def test_bool_z_is_refused():
    with pytest.raises(TypeError):
        sc.spherical_yn(2, numpy.ones(3, bool))
    with pytest.raises(TypeError):
        cs.spherical_yn(2, cupy.ones(3, bool))


def test_empty(no_fallback):
    got = cs.spherical_yn(cupy.zeros((0, 3), numpy.int64),
                          cupy.zeros(3, numpy.complex128))
    assert got.shape == (0, 3) and got.dtype == numpy.complex128


def test_sph_harm_y_argument_errors():
    # SciPy has no complex loop and only diff_n in 0, 1, 2
    with pytest.raises(TypeError):
        cs.sph_harm_y(2, 1, cupy.asarray(0.3 + 0.1j), 0.2)
    with pytest.raises(TypeError):
        sc.sph_harm_y(2, 1, 0.3 + 0.1j, 0.2)
    for bad, err in ((3, ValueError), (-1, ValueError), (1.5, ValueError),
                     ('a', TypeError), (None, TypeError)):
        with pytest.raises(err, match='diff_n'):
            cs.sph_harm_y(2, 1, 0.3, 0.2, diff_n=bad)
        with pytest.raises(err, match='diff_n'):
            sc.sph_harm_y(2, 1, 0.3, 0.2, diff_n=bad)
    y, jac = cs.sph_harm_y(2, 1, 0.3, 0.2, diff_n=1.0)
    want = sc.sph_harm_y(2, 1, 0.3, 0.2, diff_n=1)
    numpy.testing.assert_allclose(jac.get(), want[1], rtol=1e-13)
