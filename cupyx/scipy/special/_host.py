"""The functions of scipy.special without a device composition yet: they
are ufuncs all the same (broadcasting, out=, SciPy's loops), whose loops
take the counted host fallback (DESIGN.md; TODO.md lists them).  None is
left since wright_bessel, lpmv and complex spherical_yn were written."""

import scipy.special as _sc

from cupyx.scipy.special._ufuncs import define

# ufuncs: name -> SciPy ufunc (the special functions not composed yet)
HOST_UFUNCS = ()

ufuncs = {name: define(getattr(_sc, name)) for name in HOST_UFUNCS}
