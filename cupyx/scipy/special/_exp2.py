"""2^e of a float64 array rounded correctly in practice, for the step of
complex zeta that cancels it: 1 - 2^(1 - z) near z = 1 (Borwein's
factor, and zeta(1 - z) of the reflection near z = 0).  SciPy takes
2^(1 - x) from the C library's pow (glibc's: correctly rounded in
practice); the device's may be an ulp off (NumPy's own float64 power,
which the simulator runs, in 6% of random cases; CUDA's pow within 2
ulp), and that ulp, divided by |1 - 2^(1 - z)|, moved zeta by up to 10^6
ulp of its value.

2^e = 2^k 2^(j/64) exp(g ln 2), k the nearest integer to e and j/64
the nearest 64th to e - k
(|g| <= 1/128, exact), 2^(j/64) from a table of double-double values
(host, exact decimals), exp of the double-double g ln 2 by its Taylor
series to t^8 (|t| <= 0.0055: the next term is below 2^-90), the four
leading terms in double-double (``_trig``'s Horner steps); rounded once,
then scaled by 2^k (exact while the result is normal).  Written in
whole-array operations like ``_trig``, so it runs on any device."""

from decimal import Decimal, localcontext
from fractions import Fraction
import math

import numpy

from cupyx.scipy.special import _trig
from cupyx.scipy.special import _xp

_STEPS = 64                 # table points per octave


def _tables():
    with localcontext() as ctx:
        ctx.prec = 60
        ln2 = _trig._hi_lo(Decimal(2).ln())
        table = [_trig._hi_lo(Decimal(2) ** (Decimal(j) / _STEPS))
                 for j in range(-_STEPS // 2, _STEPS // 2 + 1)]
    coef = [_trig._hi_lo(Fraction(1, math.factorial(n))) for n in range(9)]
    return ln2, table, coef


_LN2, _TABLE, _EXP = _tables()
_TABLE_HI = numpy.array([t[0] for t in _TABLE])
_TABLE_LO = numpy.array([t[1] for t in _TABLE])


def exp2(e, xp=_xp):
    """2^e for a float64 array e with a normal result (|e| < 1022)."""
    k = xp.rint(e)
    f = e - k                                   # [-1/2, 1/2], exact
    j = xp.rint(f * _STEPS)                     # -32..32
    g = f - j * (1.0 / _STEPS)                  # exact: |g| <= 1/128
    th, tl = _trig._dd_mul(g, g * 0.0, *_LN2)
    ph, pl = _trig._series(th, tl, _EXP)
    idx = (j + _STEPS // 2).astype(numpy.int64)
    hi = xp.take(xp.asarray(_TABLE_HI), idx)
    lo = xp.take(xp.asarray(_TABLE_LO), idx)
    rh, rl = _trig._dd_mul(hi, lo, ph, pl)
    return (rh + rl) * xp.power(2.0, k)
