"""Special functions on the device (``scipy.special``'s names).

Each elementwise function is a ufunc of this library around SciPy's own
ufunc (its loops and dtype resolution); the float loops of most are
compositions of device elementwise operations (``_ufuncs.py``); one
without would run SciPy on host copies, counted as a host fallback
(``_host.py``; none is left).
"""

from cupyx.scipy.special._erf import (  # NOQA
    erf_ as erf, erfc_ as erfc, erfcx_ as erfcx, erfinv_ as erfinv,
    erfcinv_ as erfcinv, ndtr_ as ndtr, ndtri_ as ndtri,
    log_ndtr_ as log_ndtr)
from cupyx.scipy.special._gamma import (  # NOQA
    gamma_ as gamma, gammaln_ as gammaln, loggamma_ as loggamma,
    gammasgn_ as gammasgn, rgamma_ as rgamma, digamma_ as digamma,
    psi_ as psi)
from cupyx.scipy.special._bessel import (  # NOQA
    j0_ as j0, j1_ as j1, y0_ as y0, y1_ as y1, i0_ as i0, i0e_ as i0e,
    i1_ as i1, i1e_ as i1e, k0_ as k0, k0e_ as k0e, k1_ as k1, k1e_ as k1e)
from cupyx.scipy.special._exp_log import (  # NOQA
    expm1_ as expm1, log1p_ as log1p, exp2_ as exp2, exp10_ as exp10,
    exprel_ as exprel, cbrt_ as cbrt, cosm1_ as cosm1, round_ as round,
    radian_ as radian, sindg_ as sindg, cosdg_ as cosdg, tandg_ as tandg,
    cotdg_ as cotdg, boxcox_ as boxcox, boxcox1p_ as boxcox1p,
    inv_boxcox_ as inv_boxcox, inv_boxcox1p_ as inv_boxcox1p)
from cupyx.scipy.special._convex import (  # NOQA
    expit_ as expit, logit_ as logit, log_expit_ as log_expit,
    xlogy_ as xlogy, xlog1py_ as xlog1py, entr_ as entr,
    rel_entr_ as rel_entr, kl_div_ as kl_div, huber_ as huber,
    pseudo_huber_ as pseudo_huber)
from cupyx.scipy.special._beta import beta_ as beta, betaln_ as betaln  # NOQA
from cupyx.scipy.special._ellip import (  # NOQA
    ellipk_ as ellipk, ellipkm1_ as ellipkm1)
from cupyx.scipy.special._ellip_inc import (  # NOQA
    ellipkinc_ as ellipkinc, ellipeinc_ as ellipeinc, ellipj_ as ellipj)
from cupyx.scipy.special._sici import sici_ as sici, shichi_ as shichi  # NOQA
from cupyx.scipy.special._sph import spherical_yn  # NOQA
from cupyx.scipy.special._igam import (  # NOQA
    gammainc_ as gammainc, gammaincc_ as gammaincc, gdtr_ as gdtr,
    gdtrc_ as gdtrc, chdtr_ as chdtr, chdtrc_ as chdtrc, pdtr_ as pdtr,
    pdtrc_ as pdtrc)
from cupyx.scipy.special._incbet import (  # NOQA
    betainc_ as betainc, bdtr_ as bdtr, bdtrc_ as bdtrc, fdtr_ as fdtr,
    fdtrc_ as fdtrc, nbdtr_ as nbdtr, nbdtrc_ as nbdtrc)
from cupyx.scipy.special._expint import (  # NOQA
    exp1_ as exp1, expi_ as expi, expn_ as expn)
from cupyx.scipy.special._zeta import zetac_ as zetac  # NOQA
from cupyx.scipy.special._inverse import (  # NOQA
    gammaincinv_ as gammaincinv, gammainccinv_ as gammainccinv,
    betaincinv_ as betaincinv, chdtri_ as chdtri, pdtri_ as pdtri,
    bdtri_ as bdtri, fdtri_ as fdtri, nbdtri_ as nbdtri)
from cupyx.scipy.special._recurrence import (  # NOQA
    yn_ as yn, poch_ as poch, binom_ as binom)
from cupyx.scipy.special._logsumexp import (  # NOQA
    logsumexp, softmax, log_softmax)
from cupyx.scipy.special._misc import (  # NOQA
    zeta, polygamma, multigammaln, sinc, lambertw,
    sph_harm_y, sph_harm, btdtr, btdtri)
from cupyx.scipy.special._wright_bessel import (  # NOQA
    wright_bessel_ as wright_bessel)
from cupyx.scipy.special._lpmv import lpmv_ as lpmv  # NOQA
from cupyx.scipy.special import _complex_loops  # NOQA
from cupyx.scipy.special import _host as _host_module

globals().update(_host_module.ufuncs)
del _host_module
