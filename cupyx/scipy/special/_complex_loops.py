"""The complex loops of the ufuncs whose real loops are defined in the
family's other files (SciPy defines F->F and D->D loops for them): each
composition lives in a file named after its functions; this module only
attaches them (``_ufuncs.complex_loop``)."""

from cupyx.scipy.special import (
    _convex, _erf, _exp_log, _gamma, _sici, _zeta)
from cupyx.scipy.special._faddeeva import (
    erf_complex, erfc_complex, erfcx_complex, log_ndtr_complex,
    ndtr_complex)
from cupyx.scipy.special._digamma_complex import digamma_complex
from cupyx.scipy.special._log_exp_complex import (
    expm1_complex, log1p_complex, xlog1py_complex, xlogy_complex)
from cupyx.scipy.special._loggamma_complex import (
    gamma_complex, loggamma_complex, rgamma_complex)
from cupyx.scipy.special._sici_complex import sici_complex, shichi_complex
from cupyx.scipy.special._ufuncs import complex_loop
from cupyx.scipy.special._zeta_complex import hurwitz_complex, riemann_complex

for _u, _fn in (
        (_exp_log.expm1_, expm1_complex), (_exp_log.log1p_, log1p_complex),
        (_convex.xlogy_, xlogy_complex), (_convex.xlog1py_, xlog1py_complex),
        (_gamma.gamma_, gamma_complex), (_gamma.loggamma_, loggamma_complex),
        (_gamma.rgamma_, rgamma_complex), (_gamma.digamma_, digamma_complex),
        (_erf.erf_, erf_complex), (_erf.erfc_, erfc_complex),
        (_erf.erfcx_, erfcx_complex), (_erf.ndtr_, ndtr_complex),
        (_erf.log_ndtr_, log_ndtr_complex), (_sici.sici_, sici_complex),
        (_sici.shichi_, shichi_complex),
        (_zeta.riemann_zeta_, riemann_complex),
        (_zeta.zeta2_, hurwitz_complex)):
    complex_loop(_u, _fn)
