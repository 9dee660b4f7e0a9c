"""The capability rows of the reductions, scans and matmul (families
'reduction' and 'matmul' of ``python -m cupy info``): for every operation
and input dtype, the route NumPy's default loop takes here (native, cast,
composed or host), from ``_dispatch.route``.  Registered with
cupy._core.elementwise._capability, which calls ``rows`` when a summary is made."""

import numpy

from cupy._core.elementwise import _capability
from cupy._core import _dispatch
from cupy._core.reduction import _reduce as _reduction
from cupy._core import _routines_linalg  # NOQA: registers matmul's route
from cupy._core.reduction._dtypes import loop_dtype, probe

_CHARS = '?bhilBHILefdFD'


def reduction_path(name, in_dtype):
    """(loop string, path) of ``name`` on ``in_dtype`` with NumPy's
    default loop."""
    in_dtype = numpy.dtype(in_dtype)
    res = probe(name, in_dtype, 1, None, {})
    loop = loop_dtype(name, in_dtype, None, None, res)
    path = _dispatch.route(name, loop) or 'host'
    return '{}->{}'.format(in_dtype.char, res.char), path


def rows():
    """{(family, name, loop): path} of every reduction and matmul loop."""
    out = {}
    for name in _reduction.REDUCTIONS + _reduction.SCANS:
        for c in _CHARS:
            loop, path = reduction_path(name, c)
            out[('reduction', name, loop)] = path
    for c in _CHARS:
        out[('matmul', 'matmul', '{0}{0}->{0}'.format(c))] = (
            _dispatch.route('matmul', c) or 'host')
    return out


_capability.register_rows(rows)
