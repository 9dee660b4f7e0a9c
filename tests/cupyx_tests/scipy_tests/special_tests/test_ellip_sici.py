"""ellipkinc, ellipeinc, ellipj, sici, shichi and spherical_yn on the
device against SciPy over their whole domains: float64 error in ulp (the
bound written per case), float32 to a few float32 ulp, special values
(0, +-inf, NaN, the poles and branch edges), and no host fallback."""

import numpy
import pytest
import scipy.special as sc

import cupy
import cupyx.scipy.special as cs

from tests.cupyx_tests.scipy_tests.special_tests.test_accuracy import (  # NOQA
    no_fallback, ulps)


def _worst(got, want, floor=0.0):
    e = ulps(got, want, floor)
    i = int(numpy.argmax(e))
    return e[i], i


_EDGE = numpy.array([0.0, -0.0, 1.0, -1.0, numpy.inf, -numpy.inf,
                     numpy.nan, 1e-300, 1e300, -1e300, numpy.pi / 2,
                     -numpy.pi / 2, numpy.pi, 2.0, 1e-10, -1e10,
                     0.9999999999, 1 - 1e-12, 5e-324])


def _ellip_grid():
    rng = numpy.random.default_rng(16)
    a, b = numpy.meshgrid(_EDGE, _EDGE)
    phi = numpy.concatenate([rng.uniform(-10, 10, 3000),
                             numpy.linspace(-4, 4, 301), a.ravel(),
                             rng.uniform(-2, 2, 400)])
    # m from -1e300 to 1: Carlson's duplication, the asymptotic forms in
    # m far below 0, and m -> 1 (the logarithmic singularity)
    m = numpy.concatenate([rng.uniform(-20, 1, 3000),
                           numpy.linspace(-1, 1, 301), b.ravel(),
                           -10 ** rng.uniform(-10, 300, 400)])
    return phi, m


# Carlson's duplication where SciPy uses Landen's transformation for
# 0 <= m < 1: up to 12 ulp apart; an amplitude beyond pi/2 adds
# multiples of the complete integral (E: up to 19 ulp where the two
# nearly cancel, phi just past pi/2 with m near 1)
@pytest.mark.parametrize('name,bound', [('ellipkinc', 16),
                                        ('ellipeinc', 24)])
def test_incomplete_elliptic(name, bound, no_fallback):
    phi, m = _ellip_grid()
    got = getattr(cs, name)(cupy.asarray(phi), cupy.asarray(m))
    assert got.dtype == numpy.float64
    with numpy.errstate(all='ignore'):
        want = getattr(sc, name)(phi, m)
    e, i = _worst(got.get(), want)
    assert e <= bound, (name, phi[i], m[i], got.get()[i], want[i], e)
    # float32: computed in float64 and rounded once
    got32 = getattr(cs, name)(cupy.asarray(phi, numpy.float32),
                              cupy.asarray(m, numpy.float32))
    with numpy.errstate(all='ignore'):
        want32 = getattr(sc, name)(phi.astype(numpy.float32),
                                   m.astype(numpy.float32))
    assert got32.dtype == numpy.float32
    numpy.testing.assert_allclose(got32.get(), want32, rtol=2e-6, atol=0)


def test_ellipj(no_fallback):
    rng = numpy.random.default_rng(17)
    a, b = numpy.meshgrid(_EDGE, _EDGE)
    u = numpy.concatenate([rng.uniform(-20, 20, 3000), a.ravel(),
                           rng.uniform(-800, 800, 200)])
    # m < 0 and m > 1 are NaN in SciPy 1.17; m < 1e-9 and m > 1 - 1e-10
    # take Cephes' expansions
    m = numpy.concatenate([rng.uniform(-1, 1.5, 3000), b.ravel(),
                           1 - 10 ** rng.uniform(-13, -9, 100),
                           10 ** rng.uniform(-13, -8, 100)])
    got = cs.ellipj(cupy.asarray(u), cupy.asarray(m))
    with numpy.errstate(all='ignore'):
        want = sc.ellipj(u, m)
    # sn, cn, dn oscillate (|.| <= 1): ulp of 1 near their zeros; the
    # amplitude to 4 ulp
    for k, (floor, bound) in enumerate([(1.0, 8), (1.0, 8), (1.0, 8),
                                        (0.0, 4)]):
        assert got[k].dtype == numpy.float64
        e, i = _worst(got[k].get(), want[k], floor)
        assert e <= bound, (k, u[i], m[i], got[k].get()[i], want[k][i], e)


_LINE = numpy.concatenate([
    numpy.linspace(-10, 10, 2001), numpy.linspace(-100, 100, 1001),
    numpy.linspace(-1100, 1100, 1001), numpy.logspace(-300, 300, 301),
    -numpy.logspace(-300, 300, 301),
    [0.0, -0.0, numpy.inf, -numpy.inf, numpy.nan, 5e-324, 1e-310, 4.0,
     8.0, 18.0, 88.0, 1000.0, 1001.0, 710.0, 711.0, 1.7e308]])


# name, ((floor, bound) per output): Ci has zeros (0.6165, 3.384 ...):
# there the sum gamma + log x + c cancels, so its error is absolute
@pytest.mark.parametrize('name,bounds', [
    ('sici', ((0.0, 2), (1.0, 4))), ('shichi', ((0.0, 4), (0.0, 4)))])
def test_sici_shichi(name, bounds, no_fallback):
    got = getattr(cs, name)(cupy.asarray(_LINE))
    with numpy.errstate(all='ignore'):
        want = getattr(sc, name)(_LINE)
    for k, (floor, bound) in enumerate(bounds):
        assert got[k].dtype == numpy.float64
        e, i = _worst(got[k].get(), want[k], floor)
        assert e <= bound, (k, _LINE[i], got[k].get()[i], want[k][i], e)
    x32 = _LINE.astype(numpy.float32)
    got32 = getattr(cs, name)(cupy.asarray(x32))
    with numpy.errstate(all='ignore'):
        want32 = getattr(sc, name)(x32)
    for k in range(2):
        assert got32[k].dtype == numpy.float32
        numpy.testing.assert_allclose(got32[k].get(), want32[k], rtol=2e-6,
                                      atol=1e-7)


@pytest.mark.parametrize('derivative', [False, True])
def test_spherical_yn(derivative, no_fallback):
    x = numpy.concatenate([numpy.linspace(-30, 30, 601),
                           [0.0, -0.0, numpy.inf, -numpy.inf, numpy.nan,
                            1e-300, -1e-100, 1e3, 1e300]])
    n = numpy.array([-1, 0, 1, 2, 3, 7, 20, 60])[:, None]
    got = cs.spherical_yn(cupy.asarray(n), cupy.asarray(x), derivative)
    with numpy.errstate(all='ignore'):
        want = sc.spherical_yn(n, x, derivative)
    assert got.dtype == numpy.float64 and got.shape == want.shape
    # the same recurrence as SciPy; oscillating: ulp of the amplitude.
    # The recurrence carries the last bit of sin x and cos x up to 16 ulp
    # (n = 60, x = 25.7, where glibc's sin, which SciPy calls, is not
    # correctly rounded: it is within 0.55 ulp): against the same
    # recurrence on the host from correctly rounded sin/cos (_trig.py,
    # checked in test_trig.py) within 4 ulp, and against SciPy within 4
    # ulp more than that reference is
    got = got.get().ravel()
    with numpy.errstate(all='ignore'):
        rec = _yn_recurrence(n, x, derivative)
    # overflowed terms and the edges: SciPy's own (compared exactly)
    ref = numpy.where(numpy.isfinite(x) & (x != 0) & (n >= 0) &
                      numpy.isfinite(rec) & numpy.isfinite(want), rec,
                      want).ravel()
    e, i = _worst(got, ref, 1.0 / 30)
    where = (numpy.broadcast_to(n, want.shape).ravel()[i],
             numpy.broadcast_to(x, want.shape).ravel()[i], e)
    assert e <= 4, where
    e_ref = ulps(ref, want.ravel(), 1.0 / 30)
    e = ulps(got, want.ravel(), 1.0 / 30) - e_ref
    assert e.max() <= 4, e.max()


def _yn_recurrence(n, x, derivative):
    """xsf's spherical y_n of float64 x: y0 = -cos|x| / |x|, y1 = (y0 -
    sin|x|) / |x|, y_k+1 = (2k + 1) / |x| y_k - y_k-1 (sign (-1)^(n+1)
    for x < 0); the derivative y_n-1 - (n + 1) / x y_n (-y1 for n = 0)."""
    from cupyx.scipy.special import _trig
    ax = numpy.where(numpy.isfinite(x) & (x != 0), numpy.abs(x), 1.0)
    sn, cs = _trig.sincos(ax, numpy)
    top = int(n.max()) + 1
    ys = [-cs / ax]
    ys.append((ys[0] - sn) / ax)
    for k in range(1, top):
        ys.append((2 * k + 1) * ys[k] / ax - ys[k - 1])
    ys = numpy.array(ys)
    sign = numpy.where(x < 0, numpy.where(numpy.arange(top + 1)[:, None] % 2
                                          == 1, 1.0, -1.0), 1.0)
    ys = ys * sign
    nn = numpy.broadcast_to(numpy.maximum(n, 0), (n.shape[0], x.size))
    y = numpy.take_along_axis(ys, nn, 0)
    if not derivative:
        return y
    below = numpy.take_along_axis(ys, numpy.maximum(nn - 1, 0), 0)
    xs = numpy.where(x != 0, x, 1.0)
    return numpy.where(nn == 0, -ys[1], below - (nn + 1) * y / xs)


def _lambertw_args():
    rng = numpy.random.default_rng(18)
    x = numpy.concatenate([
        numpy.linspace(-1, 5, 601), numpy.logspace(-300, 300, 301),
        -numpy.logspace(-300, -0.44, 101),
        [0.0, -0.0, 1.0, numpy.inf, -numpy.inf, numpy.nan]])
    zc = (rng.normal(size=1000) * 10.0 ** rng.uniform(-5, 5, 1000)
          + 1j * rng.normal(size=1000) * 10.0 ** rng.uniform(-5, 5, 1000))
    return x, zc


@pytest.mark.parametrize('k', [0, -1, 1, 3, -5])
def test_lambertw(k, no_fallback):
    for z in _lambertw_args():
        got = cs.lambertw(cupy.asarray(z), k)
        with numpy.errstate(all='ignore'):
            want = sc.lambertw(z, k)
        assert got.dtype == want.dtype == numpy.complex128
        g = got.get()
        # away from the branch point -1/e (where W is ill-conditioned)
        far = numpy.abs(z + numpy.exp(-1)) > 1e-3
        same = (g == want) | (numpy.isnan(g) & numpy.isnan(want))
        with numpy.errstate(all='ignore'):
            err = numpy.abs(g - want) / numpy.abs(want)
        err = numpy.where(same | ~far, 0.0, err)
        i = int(numpy.argmax(err))
        # Halley's iteration converges cubically: the step below 1e-8
        # leaves the next iterate at rounding level
        assert err[i] <= 1e-14, (z[i], g[i], want[i])


@pytest.mark.parametrize('k', [0, -1])
def test_lambertw_branch_point(k, no_fallback):
    # next to -1/e: W e^W = z to rounding (SciPy 1.17's real branch -1
    # is 1e-4 off there, so the residual is the reference)
    z = -numpy.exp(-1) + numpy.logspace(-15, -3, 40)
    w = cs.lambertw(cupy.asarray(z), k).get()
    assert numpy.all(numpy.abs(w.imag) == 0)
    w = w.real
    assert numpy.all((w >= -1) if k == 0 else (w <= -1))
    numpy.testing.assert_allclose(w * numpy.exp(w), z, rtol=4e-16, atol=0)


def test_sph_harm_y(no_fallback):
    rng = numpy.random.default_rng(19)
    n = rng.integers(-2, 60, 2000)
    m = rng.integers(-62, 62, 2000)
    theta = numpy.concatenate([
        rng.uniform(-1, 7, 1990),
        [0, numpy.pi, numpy.nan, numpy.inf, 1e-300, -1e-300, numpy.pi / 2,
         1e300, 3.0, 0.1]])
    phi = rng.uniform(-10, 10, 2000)
    got = cs.sph_harm_y(cupy.asarray(n), cupy.asarray(m),
                        cupy.asarray(theta), cupy.asarray(phi))
    want = sc.sph_harm_y(n, m, theta, phi)
    assert got.dtype == want.dtype
    g = got.get()
    same = (g == want) | (numpy.isnan(g) & numpy.isnan(want))
    # relative to |Y| or, near its zeros, to the scale sqrt((2n+1)/4pi)
    amp = numpy.sqrt((2 * numpy.maximum(n, 0) + 1) / (4 * numpy.pi))
    err = numpy.abs(g - want) / numpy.maximum(numpy.abs(want), amp)
    err = numpy.where(same, 0.0, err)
    i = int(numpy.argmax(err))
    assert err[i] <= 1e-14, (n[i], m[i], theta[i], g[i], want[i])
    # CuPy's sph_harm(m, n, azimuth, polar)
    numpy.testing.assert_allclose(
        cs.sph_harm(m[:50], n[:50], phi[:50], theta[:50]).get(), want[:50],
        rtol=1e-13, atol=1e-15)


@pytest.mark.parametrize('diff_n', [1, 2])
def test_sph_harm_y_derivatives(diff_n, no_fallback):
    # (Y, jac[theta, phi], hess) as SciPy; the theta-derivatives from the
    # neighbouring orders, so no division by sin(theta) at the poles
    rng = numpy.random.default_rng(23)
    n = rng.integers(-1, 30, 400)
    m = rng.integers(-32, 32, 400)
    theta = numpy.concatenate([rng.uniform(-1, 7, 392),
                               [0, numpy.pi, -numpy.pi, numpy.pi / 2, 1e-10,
                                2 * numpy.pi, 3.0, 0.1]])
    phi = rng.uniform(-10, 10, 400)
    got = cs.sph_harm_y(cupy.asarray(n), cupy.asarray(m),
                        cupy.asarray(theta), cupy.asarray(phi),
                        diff_n=diff_n)
    want = sc.sph_harm_y(n, m, theta, phi, diff_n=diff_n)
    assert len(got) == len(want) == diff_n + 1
    for k, (g, w) in enumerate(zip(got, want)):
        assert g.shape == w.shape and g.dtype == w.dtype
        # relative to the scale of the k-th derivative, (n + 1)^k
        # sqrt((2n+1)/4pi)
        amp = numpy.sqrt((2 * numpy.maximum(n, 0) + 1) / (4 * numpy.pi)) \
            * (numpy.maximum(n, 0) + 1.0) ** k
        err = numpy.abs(g.get() - w).reshape(len(n), -1).max(axis=1) / amp
        assert err.max() <= 1e-13, (n[err.argmax()], m[err.argmax()],
                                    theta[err.argmax()], err.max())
    # scalars: shape (2,) and (2, 2) as SciPy
    y, jac, hess = cs.sph_harm_y(3, -2, 0.7, 1.1, diff_n=2)
    assert jac.shape == (2,) and hess.shape == (2, 2)


@pytest.mark.parametrize('name', ['exp1', 'expi'])
def test_exp1_expi_complex(name, no_fallback):
    rng = numpy.random.default_rng(20)
    z = (rng.normal(size=1500) * 10.0 ** rng.uniform(-3, 2.5, 1500)
         + 1j * rng.normal(size=1500) * 10.0 ** rng.uniform(-3, 2.5, 1500))
    edge = numpy.array([0.0, 1.0, -1.0, 5.0, -5.0, 40.0, -40.0, -39.9, 3.0])
    a, b = numpy.meshgrid(edge, edge)
    # the sides of the cut: signed zero imaginary parts
    z = numpy.concatenate([z, (a + 1j * b).ravel(), numpy.array([
        complex(-3, -0.0), complex(-3, 0.0), complex(3, -0.0),
        complex(-50, 0.0), complex(-50, -0.0), complex(0, -0.0)])])
    got = getattr(cs, name)(cupy.asarray(z))
    with numpy.errstate(all='ignore'):
        want = getattr(sc, name)(z)
    assert got.dtype == want.dtype == numpy.complex128
    g = got.get()
    same = (g == want) | (numpy.isnan(g) & numpy.isnan(want))
    with numpy.errstate(all='ignore'):
        err = numpy.where(same, 0.0, numpy.abs(g - want) / numpy.abs(want))
    i = int(numpy.argmax(err))
    # the power series near |z| = 5 cancels ~1000-fold: there SciPy and
    # this are both ~5e-13 from the true value (mpmath), elsewhere 1e-15
    assert err[i] <= 4e-12, (z[i], g[i], want[i])
    assert numpy.percentile(err, 95) <= 1e-14
    got32 = getattr(cs, name)(cupy.asarray(z[:200], numpy.complex64))
    want32 = getattr(sc, name)(z[:200].astype(numpy.complex64))
    assert got32.dtype == want32.dtype == numpy.complex64
    numpy.testing.assert_allclose(got32.get(), want32, rtol=2e-6)
