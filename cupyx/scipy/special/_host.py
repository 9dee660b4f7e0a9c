"""The functions of scipy.special without a device composition yet: they
are ufuncs all the same (broadcasting, out=, SciPy's loops), whose loops
take the counted host fallback (DESIGN.md; TODO.md lists them), and the
few non-ufunc functions of SciPy, run on host copies through the same
counter (CUPY_HOST_FALLBACK=error forbids them)."""

import numpy
import scipy.special as _sc

from cupy._core import _fallback
from cupyx.scipy.special._ufuncs import define

# ufuncs: name -> SciPy ufunc (the special functions not composed yet:
# none since wright_bessel and lpmv were written)
HOST_UFUNCS = ()

ufuncs = {name: define(getattr(_sc, name)) for name in HOST_UFUNCS}


def _to_host(x):
    import cupy
    if isinstance(x, cupy.ndarray):
        return x.get()
    return x


def host_call(name, fn, *args, **kwargs):
    """fn(*args) on host copies, counted as a host fallback of `name`."""
    import cupy
    _fallback.enter(name, 'host', 'no device composition')
    with numpy.errstate(all='ignore'):
        res = fn(*[_to_host(a) for a in args],
                 **{k: _to_host(v) for k, v in kwargs.items()})
    if isinstance(res, tuple):
        return tuple(cupy.asarray(r) for r in res)
    return cupy.asarray(res)
