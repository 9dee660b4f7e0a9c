"""piecewise on the device: each function is called once on the whole
array and its values are selected with where (no boolean indexing, so no
synchronisation).  A function therefore also sees the elements outside
its condition (NumPy passes only those inside)."""

import numpy

import cupy
from cupy._core import core


def piecewise(x, condlist, funclist, *args, **kw):
    x = x if isinstance(x, core.ndarray) else cupy.asarray(x)
    # one condition (a bool, an array of x's shape, or a flat list of
    # bools for a non-0-d x) rather than a sequence of them, as NumPy
    # decides (an array of one more dimension holds one condition per row)
    is_array = isinstance(condlist, (core.ndarray, numpy.ndarray))
    if numpy.isscalar(condlist) or (
            is_array and condlist.ndim <= x.ndim) or (
            not is_array and x.ndim != 0 and len(condlist) and
            not isinstance(condlist[0], (list, tuple, core.ndarray,
                                         numpy.ndarray))):
        condlist = [condlist]
    conds = [cupy.asarray(c, dtype=bool) for c in condlist]
    n, n2 = len(conds), len(funclist)
    if n == n2 - 1:
        others = cupy.ones(x.shape, dtype=bool)
        for c in conds:
            others &= ~c
        conds.append(others)
    elif n != n2:
        raise ValueError(
            'with {} condition(s), either {} or {} functions are expected'
            .format(n, n, n + 1))
    y = cupy.zeros(x.shape, x.dtype)
    for cond, func in zip(conds, funclist):
        vals = func(x, *args, **kw) if callable(func) else func
        y = cupy.where(cond, cupy.asarray(vals).astype(x.dtype), y)
    return y
