"""The Faddeeva function w(z) = exp(-z^2) erfc(-iz) and the complex loops
of erf, erfc, erfcx, ndtr and log_ndtr built on it (D->D; F->F computes
in complex128 and rounds once).

SciPy's algorithm (S. G. Johnson's Faddeeva package, as xsf's
faddeeva.h has it): the continued fraction of Poppe and Wijers where
|Im z| > 7 or Re z is large (Johnson's fitted number of terms; one or
two terms beyond |x| + |y| = 4000), elsewhere Zaghloul and Ali's
algorithm 916 (ACM TOMS 38, 2011): five sums over n of
exp(-a^2 n^2) ... with a = pi / sqrt(-log(eps/2)), each term's
exp(-a^2 n^2 - x^2 +- 2 a n x) as one exp.  The sums run over a fixed
40 terms as one 2-d (elements x terms) step: their terms are
exp(-(a n -+ x)^2) / ..., below 1e-17 of the sum past n = (x + 6.3)/a,
31 at most for |x| < 10, so the 40 terms hold every one that Johnson's
loop adds before it stops.  For 10 <= |x| <= 28 near the real axis a
window of 33 terms about n0 = x/a.  erf, erfc, erfcx, ndtr, log_ndtr
from w as the package and xsf do (Taylor series at the origin, the
mirror symmetries of w, the axes by the real erfcx).  The continued
fraction runs as masked rounds: up to 19, each element its own count.
"""

import math

import numpy

import cupy
from cupyx.scipy.special._erf import erfcx as _erfcx_real
from cupyx.scipy.special._log_exp_complex import make, parts

_EPS = numpy.finfo(numpy.float64).eps
_A = math.pi / math.sqrt(-math.log(_EPS * 0.5))   # Johnson's a
_A2 = _A * _A
_C = 2.0 / math.pi * _A
_ISPI = 1.0 / math.sqrt(math.pi)
_TERMS = 40
_WINDOW = 16
# Johnson's fit of the continued fraction's length:
# nu = floor(3.9 + 11.398 / (0.08254 x + 0.1421 y + 0.2023))
_NU = (3.9, 11.398, 0.08254, 0.1421, 0.2023)
# 2/sqrt(pi) and the Taylor coefficients of erf at 0
_TWO_ISPI = 2.0 * _ISPI


def _sinc(x, sinx):
    """sin(x)/x given sin(x) (its Taylor form below 1e-4)."""
    xs = cupy.where(x == 0, 1.0, x)
    return cupy.where(cupy.absolute(x) < 1e-4, 1.0 - x * x / 6.0, sinx / xs)


def _sinh_small(t):
    """sinh t, by its Taylor series where it is small (t <= 0.05)."""
    t2 = t * t
    taylor = t * (1.0 + t2 * (1.0 / 6.0 + t2 * (1.0 / 120.0 + t2 / 5040.0)))
    return cupy.where(t < 0.05, taylor, cupy.sinh(t))


def _fraction(re, y):
    """The continued fraction (Im w < 0 by the mirror symmetry)."""
    x = cupy.absolute(re)
    ya = cupy.absolute(y)
    xs = cupy.where(y < 0, -re, re)
    nu = cupy.floor(_NU[0] + _NU[1] / (_NU[2] * x + _NU[3] * ya + _NU[4]))
    # rounds of w <- z - k/w for k = (nu - 1)/2 ... 1/2; elements end
    # together, each starting at its own count
    count = cupy.where(x + ya > 4000.0, 0.0, cupy.maximum(nu - 1.0, 0.0))
    count = cupy.where(cupy.isnan(count), 0.0, count)
    top = int(count.max()) if count.size else 0
    wr, wi = xs, ya
    for t in range(top):
        k = 0.5 * (top - t)
        live = k <= 0.5 * count
        d = k / (wr * wr + wi * wi)
        wr = cupy.where(live, xs - wr * d, wr)
        wi = cupy.where(live, ya + wi * d, wi)
    d = _ISPI / (wr * wr + wi * wi)
    rr, ri = d * wi, d * wr
    # nu == 2: i/sqrt(pi) z / (z^2 - 1/2)
    dr = xs * xs - ya * ya - 0.5
    di = 2.0 * xs * ya
    d2 = _ISPI / (dr * dr + di * di)
    two_r, two_i = d2 * (xs * di - ya * dr), d2 * (xs * dr + ya * di)
    mid = (x + ya > 4000.0) & (x + ya <= 1e7)
    rr = cupy.where(mid, two_r, rr)
    ri = cupy.where(mid, two_i, ri)
    # nu == 1: i/sqrt(pi) / z, scaled against overflow
    xsn = cupy.where(xs == 0, 1.0, xs)
    yan = cupy.where(ya == 0, 1.0, ya)
    yax = ya / xsn
    d_x = _ISPI / (xs + yax * ya)
    xya = xs / yan
    d_y = _ISPI / (xya * xs + ya)
    one_r = cupy.where(x > ya, d_x * yax, d_y)
    one_i = cupy.where(x > ya, d_x, d_y * xya)
    far = x + ya > 1e7
    rr = cupy.where(far, one_r, rr)
    ri = cupy.where(far, one_i, ri)
    # y = inf: 0 (NaN for a NaN x or y < 0)
    yinf = cupy.isinf(ya) & far
    rr = cupy.where(yinf, cupy.where(cupy.isnan(x) | (y < 0), numpy.nan, 0.0),
                    rr)
    ri = cupy.where(yinf, cupy.where(cupy.isnan(x) | (y < 0), numpy.nan, 0.0),
                    ri)
    # y < 0: w(z) = 2 exp(-z^2) - w(-z)
    e = cupy.exp((ya - xs) * (xs + ya))
    ang = 2.0 * xs * y
    neg = (y < 0) & ~yinf
    rr = cupy.where(neg, 2.0 * e * cupy.cos(ang) - rr, rr)
    ri = cupy.where(neg, 2.0 * e * cupy.sin(ang) - ri, ri)
    return rr, ri


def _alg916(re, y):
    """Algorithm 916 for |Re z| < 10."""
    x = cupy.absolute(re)
    n = cupy.arange(1, _TERMS + 1, dtype=numpy.float64)
    an = _A * n
    xc = x[:, None]
    yc = y[:, None]
    expx2 = cupy.exp(-x * x)
    den = an * an + yc * yc
    coef = cupy.exp(-_A2 * n * n - xc * xc) / den
    # coef exp(+-2 a n x) = exp(-(a n -+ x)^2): one exp, no growth and
    # decay of two factors (Johnson multiplies them up)
    up = cupy.exp(-(an - xc) ** 2) / den
    down = cupy.exp(-(an + xc) ** 2) / den
    sum1 = coef.sum(axis=1)
    sum2 = down.sum(axis=1)
    sum3 = up.sum(axis=1)
    # sum5 - sum4 = sum a n (up - down): for x < 5e-4 as Johnson does,
    # coef 2 a n sinh(2 a n x) by its Taylor form (up - down cancels)
    tiny = (coef * an * 2.0 * _sinh_small(2.0 * an * xc)).sum(axis=1)
    diff = cupy.where(x < 5e-4, tiny, (an * (up - down)).sum(axis=1))
    erfcxy = expx2 * _erfcx_real(cupy.where(y > -6.0, y, 0.0))
    erfcxy = cupy.where(y > -6.0, erfcxy, 2.0 * cupy.exp(y * y - x * x))
    coef1 = erfcxy - _C * y * sum1
    # y > 5: the imaginary terms cancel
    sxy = cupy.sin(x * y)
    big_r = coef1 * cupy.cos(2.0 * x * y) + (_C * x * expx2) * sxy * \
        _sinc(x * y, sxy)
    sxy = cupy.sin(re * y)
    s2 = cupy.sin(2.0 * re * y)
    c2 = cupy.cos(2.0 * re * y)
    coef2 = _C * re * expx2
    rr = cupy.where(y > 5.0, big_r,
                    coef1 * c2 + coef2 * sxy * _sinc(re * y, sxy))
    ri = cupy.where(y > 5.0, 0.0, coef2 * _sinc(2.0 * re * y, s2) - coef1 * s2)
    return (rr + 0.5 * _C * y * (sum2 + sum3),
            ri + 0.5 * _C * cupy.copysign(diff, re))


def _large_x(re, y):
    """10 <= |Re z| <= 28, |Im z| <= 1e-10: the sums about n0 = x/a."""
    x = cupy.absolute(re)
    n0 = cupy.floor(x / _A + 0.5)
    j = cupy.arange(-_WINDOW, _WINDOW + 1, dtype=numpy.float64)
    n = n0[:, None] + j
    an = _A * n
    t = cupy.exp(-(an - x[:, None]) ** 2) / (an * an + (y * y)[:, None])
    t = cupy.where(n > 0, t, 0.0)
    sum3 = t.sum(axis=1)
    sum5 = (an * t).sum(axis=1)
    return (cupy.exp(-x * x) + 0.5 * _C * y * sum3,
            0.5 * _C * cupy.copysign(sum5, re))


def _on(mask, fn, args, outs):
    from cupyx.scipy.special import _rounds
    _rounds.on_subset(cupy, mask, fn, args, outs)


def w_parts(re, y):
    """w(re + i y) for float64 arrays of one shape (1-d), as parts."""
    x = cupy.absolute(re)
    ya = cupy.absolute(y)
    rr = cupy.full(re.shape, numpy.nan)
    ri = cupy.full(re.shape, numpy.nan)
    cf = (ya > 7.0) | ((x > 6.0) & ((ya > 0.1) | ((x > 8.0) & (ya > 1e-10))
                                    | (x > 28.0)))
    _on(cf, _fraction, (re, y), (rr, ri))
    small = ~cf & (x < 10.0)
    _on(small, _alg916, (re, y), (rr, ri))
    _on(~cf & ~small & (x >= 10.0), _large_x, (re, y), (rr, ri))
    nan = cupy.isnan(re) | cupy.isnan(y)
    rr = cupy.where(nan, numpy.nan, rr)
    ri = cupy.where(nan, numpy.nan, ri)
    # the imaginary axis: w(iy) = erfcx(y), the sign of 0 from Re z
    axis = re == 0
    rr = cupy.where(axis, _erfcx_real(cupy.where(axis, y, 0.0)), rr)
    return rr, cupy.where(axis, re, ri)


def _w_im_real(x):
    """Im w(x) for real x."""
    return w_parts(x, cupy.zeros_like(x))[1]


def _flat(z):
    from cupyx.scipy.special import _rounds
    (z,), shape = _rounds.flat(cupy, z)
    return z, shape


def _times_exp(mre, mim, wr, wi):
    """exp(mre + i mim) (wr + i wi), by parts: the phase first, then the
    modulus (no spurious NaN where it overflows)."""
    e = cupy.exp(mre)
    c, s = cupy.cos(mim), cupy.sin(mim)
    return e * (c * wr - s * wi), e * (c * wi + s * wr)


def _erfc_right(z):
    """The parts of z, of -z^2, x >= 0, and exp(-z^2) w(iz) (x >= 0) or
    exp(-z^2) w(-iz) (x < 0): erfc(+-z) without its edges."""
    z, shape = _flat(z)
    x, y = parts(z)
    mre = (y - x) * (x + y)
    mim = -2.0 * x * y
    pos = x >= 0
    # w(-y + ix) for x >= 0, w(y - ix) below
    wr, wi = w_parts(cupy.where(pos, -y, y), cupy.where(pos, x, -x))
    er, ei = _times_exp(mre, mim, wr, wi)
    return z, shape, x, y, mre, mim, pos, er, ei


def erf_complex(z):
    z, shape, x, y, mre, mim, pos, er, ei = _erfc_right(z)
    rr = cupy.where(pos, 1.0 - er, er - 1.0)
    ri = cupy.where(pos, -ei, ei)
    # the Taylor series at 0: 2/sqrt(pi) z (1 + t/3 + t^2/10), t = -z^2
    t = make(mre, mim)
    tay = z * (_TWO_ISPI + t * (_TWO_ISPI / 3.0 + t * (_TWO_ISPI / 10.0)))
    near0 = cupy.absolute(x) < 5e-3
    use_tay = near0 & (cupy.absolute(y) < 5e-3)
    rr = cupy.where(use_tay, tay.real, rr)
    ri = cupy.where(use_tay, tay.imag, ri)
    # small |x| and |xy|: erf(iy) plus the series in x
    x2, y2 = x * x, y * y
    ey2 = cupy.exp(y2)
    wim = _w_im_real(y)
    # erf(x + iy) = erf(iy) + 2 e^(y^2)/sqrt(pi) [x (1 - x^2 (1 + 2y^2)/3
    # + x^4 (3 + 12 y^2 + 4 y^4)/30) - i x^2 y (1 - x^2 (3 + 2 y^2)/6)]
    q4 = _TWO_ISPI / 30.0 * (3.0 + y2 * (12.0 + 4.0 * y2))
    er_r = ey2 * x * (_TWO_ISPI - x2 * (_TWO_ISPI / 3.0 * (1.0 + 2.0 * y2))
                      + x2 * x2 * q4)
    er_i = ey2 * (wim - x2 * y * (_TWO_ISPI - x2 * (
        _TWO_ISPI / 6.0 * (3.0 + 2.0 * y2))))
    use_erfi = near0 & ~use_tay & (cupy.absolute(mim) < 5e-3)
    rr = cupy.where(use_erfi, er_r, rr)
    ri = cupy.where(use_erfi, er_i, ri)
    # underflow of exp(-z^2)
    under = mre < -750.0
    rr = cupy.where(under, cupy.where(pos, 1.0, -1.0), rr)
    ri = cupy.where(under, 0.0, ri)
    # the imaginary axis: i erfi(y)
    axis = x == 0
    ax_i = cupy.where(y2 > 720.0, cupy.copysign(numpy.inf, y), ey2 * wim)
    rr = cupy.where(axis, x, rr)
    ri = cupy.where(axis, ax_i, ri)
    xnan = cupy.isnan(x)
    rr = cupy.where(xnan, numpy.nan, rr)
    ri = cupy.where(xnan, cupy.where(y == 0, 0.0, numpy.nan), ri)
    return make(rr, ri).reshape(shape)


def erfc_complex(z):
    z, shape, x, y, mre, mim, pos, er, ei = _erfc_right(z)
    rr = cupy.where(pos, er, 2.0 - er)
    ri = cupy.where(pos, ei, -ei)
    under = mre < -750.0
    rr = cupy.where(under, cupy.where(pos, 0.0, 2.0), rr)
    ri = cupy.where(under, 0.0, ri)
    nan = cupy.isnan(x) | cupy.isnan(y)
    rr = cupy.where(nan, numpy.nan, rr)
    ri = cupy.where(nan, numpy.nan, ri)
    # the real axis: exp(-x^2) erfcx(x)
    ax = cupy.absolute(x)
    ex = cupy.exp(-x * x) * _erfcx_real(ax)
    real = cupy.where(x * x > 750.0, cupy.where(pos, 0.0, 2.0),
                      cupy.where(pos, ex, 2.0 - ex))
    on_real = (y == 0) & (x != 0)
    rr = cupy.where(on_real, real, rr)
    ri = cupy.where(on_real, 0.0, ri)
    # the imaginary axis: 1 - i erfi(y)
    axis = x == 0
    y2 = y * y
    ax_i = cupy.where(y2 > 720.0, cupy.copysign(numpy.inf, -y),
                      -cupy.exp(y2) * _w_im_real(y))
    rr = cupy.where(axis, 1.0, rr)
    ri = cupy.where(axis, ax_i, ri)
    return make(rr, ri).reshape(shape)


def erfcx_complex(z):
    z, shape = _flat(z)
    x, y = parts(z)
    wr, wi = w_parts(-y, x)
    return make(wr, wi).reshape(shape)


def _scale(z, s):
    """z times a real s, by parts (inf * 0j would give NaN)."""
    x, y = parts(z)
    return make(x * s, y * s)


def ndtr_complex(z):
    return _scale(erfc_complex(_scale(z, -math.sqrt(0.5))), 0.5)


def log_ndtr_complex(z):
    z, shape = _flat(z)
    # exp(-z^2) w(iz) with the principal branch of each log
    u = _scale(z, -math.sqrt(0.5))
    x, y = parts(u)
    mre = (y - x) * (x + y)
    mim = -2.0 * x * y
    im = cupy.fmod(mim, 2.0 * math.pi)
    im = cupy.where(im > math.pi, im - 2.0 * math.pi, im)
    wr, wi = w_parts(-y, x)
    lw = cupy.log(make(wr, wi))
    res = make(mre, im) + lw - math.log(2.0)
    ri = res.imag
    ri = cupy.where(ri >= math.pi, ri - 2.0 * math.pi, ri)
    ri = cupy.where(ri < -math.pi, ri + 2.0 * math.pi, ri)
    out = make(res.real, ri)
    # Re z > 6: log(1 - ndtr(-z)) ~ -ndtr(-z) where that is tiny
    w = _scale(erfc_complex(_scale(z, math.sqrt(0.5))), -0.5)
    tiny = (z.real > 6.0) & (cupy.absolute(w) < 1e-8)
    out = cupy.where(tiny, w, out)
    return out.reshape(shape)
