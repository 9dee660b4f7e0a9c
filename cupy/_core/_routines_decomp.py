"""Decompositions and solvers in the array core (operations.md, "Linear
algebra"): NumPy's rules (square stacks, the loop dtype: bool and integers
in float64, float32/float64/complex64/complex128 as they are; float16 and
other types refused as NumPy refuses them), then each neutral operation
along the capability path of ``cupy._core._dispatch``.

No provider lists a loop of these operations yet (the ascend provider's
aclnn decompositions are TODO.md work), so every loop resolves to the
counted host fallback of ``cupy._core._fallback``: the operands are read
once, NumPy computes (and raises NumPy's own ``LinAlgError`` for singular
or non positive-definite input: that is the one device-to-host read of the
call), the results are written back.  float64 is never computed in
float32.
"""

import numpy

from cupy._core import _dispatch
from cupy._core import _fallback
from cupy._core._operands import as_array
from cupy._core._transfer import from_host

# the neutral operations of operations.md "Linear algebra"
OPERATIONS = ('lu_factor', 'lu_solve', 'cholesky', 'qr', 'triangular_solve',
              'svd', 'eigh', 'eig', 'inv', 'solve', 'slogdet', 'det',
              'lstsq')

# a loop the provider lacks runs on the host (run() below)
_dispatch.register_resolver(lambda op, loop: 'host', OPERATIONS)

_LOOPS = frozenset(numpy.dtype(c) for c in 'fdFD')


def loop_dtype(*dtypes):
    """NumPy's linalg computation dtype of operands of ``dtypes``: the
    common type, bool and integers as float64; TypeError for others."""
    out = []
    for dt in dtypes:
        dt = numpy.dtype(dt)
        if dt.kind in 'biu':
            dt = numpy.dtype(numpy.float64)
        if dt not in _LOOPS:
            raise TypeError(
                'array type {} is unsupported in linalg'.format(dt.name))
        out.append(dt)
    return numpy.result_type(*out)


def check_stacked(a, square=True):
    """NumPy's LinAlgError for an operand of fewer than 2 dims or, with
    ``square``, non-square trailing matrices."""
    if a.ndim < 2:
        raise numpy.linalg.LinAlgError(
            '{}-dimensional array given. Array must be at least '
            'two-dimensional'.format(a.ndim))
    if square and a.shape[-1] != a.shape[-2]:
        raise numpy.linalg.LinAlgError(
            'Last 2 dimensions of the array must be square')


def run(op, host_fn, operands, loop):
    """Run neutral operation ``op`` on ``operands`` (device arrays or
    None) in ``loop``: the result(s) of ``host_fn(*host operands)`` as
    device arrays (a tuple when ``host_fn`` returns one).

    The route is the dispatch module's: with no provider loop it is
    'host', counted and warned once per (op, loop) by ``_fallback``.
    """
    route = _dispatch.route(op, loop)
    if route != 'host':
        # a provider loop lands with its provider operation (TODO.md)
        raise NotImplementedError(
            'cupy: {} on {} has route {!r}, which this core does not run '
            'yet'.format(op, loop, route))
    _fallback.enter(op, numpy.dtype(loop).char, 'no device decomposition')
    hosts = [None if x is None else as_array(x).get() for x in operands]
    res = host_fn(*hosts)
    if isinstance(res, tuple):
        return tuple(_upload(r) for r in res)
    return _upload(res)


def _upload(h):
    # a Python number (lstsq's rank) stays one; NumPy scalars and arrays
    # become device arrays (0-d for a scalar, as CuPy)
    if h is None or (isinstance(h, (int, float, complex)) and
                     not isinstance(h, numpy.generic)):
        return h
    return from_host(numpy.asarray(h))
