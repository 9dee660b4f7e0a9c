"""The capability rows of the reductions, scans and matmul (families
'reduction' and 'matmul' of ``python -m cupy info``): for every operation
and input dtype, the path NumPy's default loop takes here (native, cast,
composed or host), registered with cupy._core._capability."""

import numpy

from cupy._core import _reduction
from cupy._core import _routines_linalg

_CHARS = '?bhilBHILefdFD'

REDUCTIONS = ('sum', 'prod', 'nansum', 'nanprod', 'max', 'min', 'nanmax',
              'nanmin', 'argmax', 'argmin', 'nanargmax', 'nanargmin', 'all',
              'any', 'count_nonzero', 'mean', 'var', 'std', 'nanmean',
              'nanvar', 'nanstd', 'cumsum', 'cumprod')


def reduction_path(name, in_dtype):
    """(loop string, path) of ``name`` on ``in_dtype`` with NumPy's
    default loop."""
    in_dtype = numpy.dtype(in_dtype)
    res = _reduction.probe(name, in_dtype, 1, None, {})
    loop = _reduction.loop_dtype(name, in_dtype, None, None, res)
    dev = name
    if name.startswith('nan') and in_dtype.kind not in 'fc':
        dev = name[3:]
    if _reduction.device_has(dev, loop):
        try:
            path = _reduction._provider().reduction_paths(dev).get(
                loop, 'native')
        except AttributeError:
            path = 'native'
    elif dev in _reduction._COMPOSED and _reduction.composable(dev, loop):
        path = 'composed'
    else:
        path = 'host'
    return '{}->{}'.format(in_dtype.char, res.char), path


def rows():
    """{(family, name, loop): path} of every reduction and matmul loop."""
    out = {}
    for name in REDUCTIONS:
        for c in _CHARS:
            loop, path = reduction_path(name, c)
            out[('reduction', name, loop)] = path
    for dt, path in _routines_linalg.matmul_paths().items():
        out[('matmul', 'matmul', '{0}{0}->{0}'.format(dt.char))] = path
    return out


def register():
    from cupy._core import _capability
    for (family, name, loop), path in rows().items():
        _capability.register_path(family, name, loop, path)


try:
    register()
except Exception:     # the summary is informative; never break import
    pass
