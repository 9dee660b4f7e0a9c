"""The beta function and its logarithm: beta, betaln (Cephes' beta.c,
SciPy's): Gamma(a) Gamma(b) / Gamma(a + b) ordered to avoid overflow,
log-gammas beyond MAXGAM, the asymptotic series when a >> b, and the
non-positive integer arguments mapped to beta(1 - a - b, b)."""

import numpy
import scipy.special as _sc

from cupyx.scipy.special import _xp
from cupyx.scipy.special import _gamma as G
from cupyx.scipy.special._ufuncs import define

_ASYMP_FACTOR = 1e6
_MAXLOG = 7.09782712893383996843E2


def _is_negint(x, xp):
    return (x <= 0) & (x == xp.floor(x))


def _parity_sign(n, xp):
    return xp.where(xp.fmod(n, 2.0) == 0, 1.0, -1.0)


def _lgam_sign(x, xp):
    """The sign lgam_sgn reports: gammasgn, and +1 at the poles."""
    return xp.where(_is_negint(x, xp), 1.0, G.gammasgn(x, xp))


def _prepare(a, b, xp):
    """(a, b, sign, overflow): a non-positive integer argument replaced
    as beta_negint does (beta(1 - a - b, b) times (-1)**b); overflow where
    that has no finite value (the other argument not an integer, NaN, or
    itself a non-positive integer; -inf, which Cephes' int test rejects).
    The first argument is looked at first, as Cephes does."""
    na = _is_negint(a, xp)
    nb = _is_negint(b, xp) & ~na
    other = xp.where(na, b, a)
    this = xp.where(na, a, b)
    mapped = (other == xp.floor(other)) & (1.0 - a - b > 0) & \
        ~xp.isinf(this) & ~xp.isinf(other)
    ok = mapped & ~_is_negint(other, xp)
    neg = na | nb
    sign = xp.where(neg, _parity_sign(other, xp), 1.0)
    a2 = xp.where(neg, 1.0 - a - b, a)
    b2 = xp.where(neg, other, b)
    # both non-positive integers: the second mapping overflows, and the
    # first one's sign stays on the infinity
    over = xp.where(neg & mapped & ~ok, sign, 1.0) * numpy.inf
    return a2, b2, sign, neg & ~ok, over


def _parts(a, b, xp):
    swap = xp.absolute(a) < xp.absolute(b)
    a, b = xp.where(swap, b, a), xp.where(swap, a, b)
    # a >> b: lbeta_asymp
    asym = (xp.absolute(a) > _ASYMP_FACTOR * xp.absolute(b)) & \
        (a > _ASYMP_FACTOR)
    aa = xp.where(asym, a, 2.0 * _ASYMP_FACTOR)
    bb = xp.where(asym, b, 1.0)
    la = G.gammaln(bb, xp) - bb * xp.log(aa)
    la = la + bb * (1.0 - bb) / (2.0 * aa)
    la = la + bb * (1.0 - bb) * (1.0 - 2.0 * bb) / (12.0 * aa * aa)
    la = la - bb * bb * (1.0 - bb) * (1.0 - bb) / (12.0 * aa * aa * aa)
    sa = _lgam_sign(bb, xp)
    # large arguments: log-gammas
    y = a + b
    big = (xp.absolute(y) > G._MAXGAM) | (xp.absolute(a) > G._MAXGAM) | \
        (xp.absolute(b) > G._MAXGAM)
    lg = G.gammaln(a, xp) + (G.gammaln(b, xp) - G.gammaln(y, xp))
    sg = _lgam_sign(y, xp) * _lgam_sign(b, xp) * _lgam_sign(a, xp)
    # the rest: rgamma(a + b) Gamma(a) Gamma(b), the factor nearer 1 first
    small = ~big & ~asym
    ys = G.rgamma(xp.where(small, y, 1.0), xp)
    ga = G.gamma(xp.where(small, a, 1.0), xp)
    gb = G.gamma(xp.where(small, b, 1.0), xp)
    first_b = xp.absolute(xp.absolute(ga * ys) - 1.0) > \
        xp.absolute(xp.absolute(gb * ys) - 1.0)
    prod = xp.where(first_b, (gb * ys) * ga, (ga * ys) * gb)
    return asym, la, sa, big, lg, sg, prod, xp.isinf(ys)


def beta(a, b, xp=_xp):
    a, b, sign, over, over_value = _prepare(a, b, xp)
    asym, la, sa, big, lg, sg, prod, inf_y = _parts(a, b, xp)
    r = xp.where(inf_y, numpy.inf, prod)
    r = xp.where(big, xp.where(lg > _MAXLOG, sg * numpy.inf,
                               sg * xp.exp(xp.minimum(lg, _MAXLOG))), r)
    r = xp.where(asym, sa * xp.exp(la), r)
    r = xp.where(xp.isnan(a) | xp.isnan(b), numpy.nan, sign * r)
    return xp.where(over, over_value, r)


def betaln(a, b, xp=_xp):
    a, b, sign, over, _ = _prepare(a, b, xp)
    asym, la, sa, big, lg, sg, prod, inf_y = _parts(a, b, xp)
    r = xp.where(inf_y, numpy.inf, xp.log(xp.absolute(prod)))
    r = xp.where(big, lg, r)
    r = xp.where(asym, la, r)
    r = xp.where(xp.isnan(a) | xp.isnan(b), numpy.nan, r)
    return xp.where(over, numpy.inf, r)


beta_ = define(_sc.beta, beta)
betaln_ = define(_sc.betaln, betaln)
