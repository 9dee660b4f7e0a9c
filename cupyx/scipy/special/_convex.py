"""The logistic function and the convex-analysis functions: expit,
logit, log_expit, xlogy, xlog1py, entr, rel_entr, kl_div, huber,
pseudo_huber (SciPy's formulas, xsf's log_exp.h and convex_analysis.h,
written as whole-array selections).  expit, logit and log_expit are
templates in SciPy, so their float32 loops compute in float32 here too;
the others compute float32 in float64 and round once, as SciPy's."""

import numpy
import scipy.special as _sc

from cupyx.scipy.special import _xp
from cupyx.scipy.special._exp_log import expm1
from cupyx.scipy.special._ufuncs import define


def expit(x, xp=_xp):
    return 1.0 / (1.0 + xp.exp(-x))


def logit(x, xp=_xp):
    # log(x / (1 - x)) away from 1/2; log1p(s) - log1p(-s), s = 2x - 1,
    # on [0.3, 0.65] where the ratio loses precision
    s = 2.0 * (x - 0.5)
    near = xp.log1p(s) - xp.log1p(-s)
    far = xp.log(x / (1.0 - x))
    return xp.where((x < 0.3) | (x > 0.65), far, near)


def log_expit(x, xp=_xp):
    neg = x - xp.log1p(xp.exp(xp.minimum(x, 0.0)))
    pos = -xp.log1p(xp.exp(-xp.maximum(x, 0.0)))
    return xp.where(x < 0, neg, pos)


def xlogy(x, y, xp=_xp):
    r = x * xp.log(y)
    return xp.where((x == 0) & ~xp.isnan(y), 0.0, r)


def xlog1py(x, y, xp=_xp):
    r = x * xp.log1p(y)
    return xp.where((x == 0) & ~xp.isnan(y), 0.0, r)


def entr(x, xp=_xp):
    r = -x * xp.log(xp.where(x > 0, x, 1.0))
    r = xp.where(x < 0, -numpy.inf, r)
    return xp.where(xp.isnan(x), x, r)


def _nan_either(x, y, xp):
    return xp.isnan(x) | xp.isnan(y)


def kl_div(x, y, xp=_xp):
    pos = (x > 0) & (y > 0)
    r = x * xp.log(xp.where(pos, x / y, 1.0)) - x + y
    r = xp.where(pos, r, xp.where((x == 0) & (y >= 0), y, numpy.inf))
    return xp.where(_nan_either(x, y, xp), numpy.nan, r)


def rel_entr(x, y, xp=_xp):
    pos = (x > 0) & (y > 0)
    ys = xp.where(pos, y, 1.0)
    xs = xp.where(pos, x, 1.0)
    ratio = xs / ys
    close = xs * xp.log1p((xs - ys) / ys)
    plain = xs * xp.log(ratio)
    apart = xs * (xp.log(xs) - xp.log(ys))
    ok = (ratio > numpy.finfo(numpy.float64).tiny) & (ratio < numpy.inf)
    r = xp.where((ratio > 0.5) & (ratio < 2.0), close,
                 xp.where(ok, plain, apart))
    r = xp.where(pos, r, xp.where((x == 0) & (y >= 0), 0.0, numpy.inf))
    return xp.where(_nan_either(x, y, xp), numpy.nan, r)


def huber(delta, r, xp=_xp):
    ar = xp.absolute(r)
    v = xp.where(ar <= delta, 0.5 * r * r, delta * (ar - 0.5 * delta))
    return xp.where(delta < 0, numpy.inf, v)


def pseudo_huber(delta, r, xp=_xp):
    ds = xp.where(delta == 0, 1.0, delta)
    v = r / ds
    res = delta * delta * expm1(0.5 * xp.log1p(v * v), xp)
    res = xp.where((delta == 0) | (r == 0), 0.0, res)
    return xp.where(delta < 0, numpy.inf, res)


expit_ = define(_sc.expit, expit, same_float=True)
logit_ = define(_sc.logit, logit, same_float=True)
log_expit_ = define(_sc.log_expit, log_expit, same_float=True)
xlogy_ = define(_sc.xlogy, xlogy)
xlog1py_ = define(_sc.xlog1py, xlog1py)
entr_ = define(_sc.entr, entr)
rel_entr_ = define(_sc.rel_entr, rel_entr)
kl_div_ = define(_sc.kl_div, kl_div)
huber_ = define(_sc.huber, huber)
pseudo_huber_ = define(_sc.pseudo_huber, pseudo_huber)
