"""spherical_yn of complex z on the device (SciPy evaluates
sqrt(pi/2z) Y_(n+1/2)(z) by AMOS; this is a composition of complex
elementwise steps).

y_n(conj z) = conj y_n(z), so z is taken into the closed upper half
plane.  There the three-term recurrence f_(k+1) = (2k+1)/z f_k - f_(k-1)
(DLMF 10.51.1) has j_n (minimal for large k) and h1_n = j_n + i y_n
(dominant) as solutions, and y_n = i (j_n - h1_n).  The upward
recurrence from y_0 = -cos z / z, y_1 = (y_0 - sin z)/z is accurate while
the error component it picks up along h1 stays small against y_n; it is
not where j dominates y at first (|Im z| >~ 1) and h1 catches up later
(n beyond the turning point |z|, or n^2 >~ |z| off the real axis): there
the rounding of y_0 grows like |h1_n/h1_0| while y_n falls to |j_n|
(1e-8 relative at z = 10i, n = 20; nothing left at 20i).  h1 itself runs
upwards stably (it is the dominant solution in the upper half plane), so
the run of h1 alongside y measures that growth for each element,
G = |h1_n / h1_0| |y_0 / y_n|; where G > _GROWTH the element takes j_n
from Miller's backward recurrence (DLMF 10.74.iii; started far enough
beyond max(n, |z|) that the dominant solution's share has fallen below
the double epsilon, normalised by j_0 = sin z / z, nonzero off the real
axis) and y_n = i (j_n - h1_n).

Overflow: SciPy's AMOS reports overflow (NaN + NaN j; -inf + NaN j on
the positive real axis) from a magnitude that depends on its regime:
measured against SciPy 1.17.1, |Y_(n+1/2)| = |y_n| sqrt(2|z|/pi) beyond
about e^693.6 where n + 1/2 < |z| (its asymptotic expansion in z) and
about e^698 where the order dominates (its uniform expansion); these
two thresholds are used, so the pattern differs from SciPy's only in a
band of about e^+-0.5 about them.
"""

import math

import numpy

from cupyx.scipy.special import _rounds

# the largest error growth accepted from the upward recurrence (G above)
_GROWTH = 16.0
# the largest |z| given Miller's run (its length is ~|z| steps)
_MILLER_MAX_Z = 4096.0
# rescaling of Miller's backward run where its terms grow past 2^600
_BIG = 2.0 ** 600
# log |Y_(n+1/2)| beyond which SciPy 1.17.1's AMOS call overflows (see
# the docstring; measured: finite at 693.4-693.7 and 697.7, NaN beyond)
_LOG_OVF_ARG = 693.6
_LOG_OVF_ORDER = 698.2


def _miller_start(n_max, r_max):
    """The order at which Miller's run starts: beyond the turning point
    max(n, |z|) by enough that j/h1 there is below eps times its value at
    n (the transition region is ~|z|^(1/3) wide, DLMF 10.20; 37 ~
    -log(eps), tried against mpmath over the test grid)."""
    return int(max(n_max, math.ceil(r_max)) + 20
               + math.ceil(8.0 * r_max ** (1.0 / 3.0)))


def _j_miller(xp, n, z, j0):
    """j_n(z) by the backward recurrence (z off the real axis), in the
    scale of j0 = j_0(z) (times e^-Im z)."""
    start = _miller_start(int(n.max()), float(xp.abs(z).max()))
    f_next = xp.zeros_like(z)
    f = xp.full_like(z, 1e-300)
    res = xp.zeros_like(z)
    for k in range(start, 0, -1):
        f_prev = (2.0 * k + 1.0) / z * f - f_next
        # keep the terms below overflow; the kept j_n shrink with them
        # (the ratios to f_0 are unchanged)
        big = xp.abs(f_prev) > _BIG
        scale = xp.where(big, 1.0 / _BIG, 1.0)
        f_next = f * scale
        f = f_prev * scale
        res = res * scale
        res = xp.where(n == k - 1, f, res)
    return j0 * (res / f)


def _start(xp, w):
    """y_0, y_1 times e^-Im w and h1_0, h1_1 times e^Im w (Im w >= 0;
    the scaling keeps them finite where y_n of larger n is)."""
    x, t = w.real, w.imag
    cx, sx = xp.cos(x), xp.sin(x)
    # e^-t cosh t and e^-t sinh t
    e2 = xp.exp(-2.0 * t)
    ch, sh = 0.5 * (1.0 + e2), 0.5 * (1.0 - e2)
    cos_w = cx * ch - 1j * (sx * sh)
    sin_w = sx * ch + 1j * (cx * sh)
    eix = cx + 1j * sx
    y0 = -cos_w / w
    y1 = (y0 - sin_w) / w
    h0 = -1j * eix / w
    h1 = -eix * (w + 1j) / (w * w)
    return y0, y1, h0, h1, sin_w / w


def _times_exp(xp, v, t):
    """v e^t without overflow of e^t where the product is finite."""
    half = xp.exp(0.5 * t)
    return v * half * half


def yn_finite(xp, n, w):
    """y_n(w) for int64 n >= 0 and finite nonzero complex128 w with
    Im w >= 0 (1-d, one length), and whether SciPy overflows there."""
    t = w.imag
    y0, y1, h0, h1, j0 = _start(xp, w)
    top = int(n.max()) if n.size else 0
    ya, yb, ha, hb = y0, y1, h0, h1
    ry = xp.where(n == 0, y0, y1)
    rh = xp.where(n == 0, h0, h1)
    dead = ~xp.isfinite(xp.abs(y1))
    rdead = dead & (n >= 1)
    for k in range(1, top):
        c = (2.0 * k + 1.0) / w
        yc = c * yb - ya
        hc = c * hb - ha
        ya, yb, ha, hb = yb, yc, hb, hc
        dead = dead | ~xp.isfinite(xp.abs(yc))
        at = n == k + 1
        ry = xp.where(at, yc, ry)
        rh = xp.where(at, hc, rh)
        rdead = xp.where(at, dead, rdead)
    growth = (xp.abs(rh) / xp.abs(h0)) * (xp.abs(y0) / xp.abs(ry))
    # Miller's run is as long as |z|: capped (beyond, the growth needs
    # n^2 >~ |z| with Im z < ~700, where SciPy overflows for most n)
    redo = (growth > _GROWTH) & ~rdead & xp.isfinite(growth) & (
        xp.abs(w) <= _MILLER_MAX_Z)

    def by_miller(nn, ww, hh, jj0):
        # y e^-t = i (j e^-t - (h1 e^t) e^-2t)
        et = xp.exp(-ww.imag)
        return 1j * (_j_miller(xp, nn, ww, jj0) - hh * et * et)
    out = [ry]
    _rounds.on_subset(xp, redo, by_miller, (n, w, rh, j0), out)
    ry = out[0]
    mag = xp.abs(ry)
    log_big = xp.log(xp.where(rdead | (mag == 0), 1.0, mag)) + t + 0.5 * (
        xp.log(2.0 / math.pi * xp.abs(w)))
    limit = xp.where(n + 0.5 > xp.abs(w), _LOG_OVF_ORDER, _LOG_OVF_ARG)
    over = rdead | ~xp.isfinite(mag) | (log_big > limit)
    return _times_exp(xp, ry, t), over


def yn_complex(xp, n, z):
    """y_n(z) for int64 n and complex128 z of one shape, with SciPy's
    special values: NaN z is returned as it is, z = 0 is NaN, an infinite
    real part gives 0 on the real axis and inf + inf j off it, an infinite
    imaginary part NaN + NaN j, n < 0 NaN (NaN z first)."""
    (n, z), shape = _rounds.flat(xp, n, z)
    x, t = z.real, z.imag
    finite = xp.isfinite(x) & xp.isfinite(t)
    ok = finite & ((x != 0) | (t != 0)) & (n >= 0)
    nan = complex(numpy.nan, numpy.nan)
    out = xp.full(z.shape, nan, numpy.complex128)
    lower = t < 0
    w = xp.where(lower, xp.conj(z), z)

    def run(nn, ww, low, pos_real):
        y, over = yn_finite(xp, nn, ww)
        y = xp.where(low, xp.conj(y), y)
        ovf = xp.where(pos_real, complex(-numpy.inf, numpy.nan), nan)
        return xp.where(over, ovf, y)
    pos_real = (t == 0) & (x > 0)
    _rounds.on_subset(xp, ok, run, (n, w, lower, pos_real), [out])
    out = xp.where(~finite & xp.isinf(x) & (t == 0), 0j, out)
    out = xp.where(xp.isinf(x) & xp.isfinite(t) & (t != 0),
                   complex(numpy.inf, numpy.inf), out)
    out = xp.where((x == 0) & (t == 0), complex(numpy.nan, 0.0), out)
    out = xp.where(n < 0, complex(numpy.nan, 0.0), out)
    out = xp.where(xp.isnan(x) | xp.isnan(t), z, out)
    return out.reshape(shape)


def yn_complex_derivative(xp, n, z):
    """y_n'(z) = y_(n-1)(z) - (n+1)/z y_n(z), y_0' = -y_1 (DLMF 10.51.2)
    of SciPy's values, as SciPy composes it."""
    n, z = xp.broadcast_arrays(n, z)
    ynm = yn_complex(xp, xp.where(n == 0, 1, n - 1), z)
    yn = yn_complex(xp, n, z)
    d = ynm - (n + 1) * yn / z
    return xp.where(n == 0, -ynm, d)
