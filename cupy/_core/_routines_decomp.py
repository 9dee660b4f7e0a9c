"""Decompositions and solvers in the array core (operations.md, "Linear
algebra"): NumPy's rules (square stacks, the loop dtype: bool and integers
in float64, float32/float64/complex64/complex128 as they are; float16 and
other types refused as NumPy refuses them), then each neutral operation
along the capability path of ``cupy._core._dispatch``.

A loop the provider lists runs there (the ascend provider: qr on
aclnnLinalgQr); every other loop resolves to the counted host fallback of
``cupy._core._fallback``: the operands are read once, NumPy computes
(and raises NumPy's own ``LinAlgError`` for singular or non
positive-definite input: that is the one device-to-host read of the call),
the results are written back.  float64 is never computed in
float32.
"""

import numpy

from cupy._core import _dispatch
from cupy._core import _fallback
from cupy._core import core
from cupy._core.elementwise import _capability
from cupy._core._operands import as_array
from cupy._core._transfer import from_host
from cupy_backends.backend.provider import OperationNotSupported

# the neutral operations of operations.md "Linear algebra"
OPERATIONS = ('lu_factor', 'lu_solve', 'cholesky', 'qr', 'triangular_solve',
              'svd', 'eigh', 'eig', 'inv', 'solve', 'slogdet', 'det',
              'lstsq')

# what _routines_solve composes of the provider's operations
_COMPOSED = {'solve': ('qr', 'triangular_solve', 'slogdet'),
             'inv': ('qr', 'triangular_solve', 'slogdet'),
             'det': ('slogdet',), 'lstsq': ('svd',), 'eigh': ('svd',),
             'cholesky': ('svd', 'qr'),
             # _routines_lu: blocked LU of gathers, products and the
             # unit triangular solve
             'lu_factor': ('triangular_solve',),
             'lu_solve': ('triangular_solve',),
             # _routines_eig: shifted QR iterations on the provider's qr
             'eig': ('qr',)}


def _resolve(op, loop):
    # a loop the provider lacks: composed on the device where the pieces
    # are there, else the host (run() below)
    need = _COMPOSED.get(op)
    if need and all(_dispatch.device_has(p, loop) for p in need):
        return 'composed'
    return 'host'


_dispatch.register_resolver(_resolve, OPERATIONS)

_LOOPS = frozenset(numpy.dtype(c) for c in 'fdFD')


def _rows():
    # the 'linalg' rows of ``python -m cupy info``: each operation's route
    # per loop dtype, as the dispatch module answers it now
    return {('linalg', op, '{0}->{0}'.format(c)): _dispatch.route(op, c)
            for op in OPERATIONS for c in 'fdFD'}


_capability.register_rows(_rows)


def loop_dtype(*dtypes, float16=False):
    """NumPy's linalg computation dtype of operands of ``dtypes``: the
    common type, bool and integers as float64; with ``float16`` (CuPy's
    eigh and eigvalsh), float16 as float32; TypeError for others."""
    out = []
    for dt in dtypes:
        dt = numpy.dtype(dt)
        if dt.kind in 'biu':
            dt = numpy.dtype(numpy.float64)
        elif float16 and dt == numpy.float16:
            dt = numpy.dtype(numpy.float32)
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
    None) in ``loop`` where the provider does not: the result(s) of
    ``host_fn(*host operands)`` as device arrays (a tuple when
    ``host_fn`` returns one), counted and warned once per (op, loop) by
    ``_fallback`` (the route the resolver above gives every such loop)."""
    _fallback.enter(op, numpy.dtype(loop).char, 'no device decomposition')
    hosts = [None if x is None else as_array(x).get() for x in operands]
    res = host_fn(*hosts)
    if isinstance(res, tuple):
        return tuple(_upload(r) for r in res)
    return _upload(res)


def qr(a, mode, loop):
    """``numpy.linalg.qr(a, mode)`` of a stack of ``loop`` matrices: the
    provider's 'qr' for the reduced, complete and r modes of a non-empty
    stack where it lists ``loop``; mode 'raw' (LAPACK's Householder
    vectors and tau, which the device operator does not return) composed
    by _routines_householder; else the host."""
    if (mode in ('reduced', 'complete', 'r') and a.size and
            _dispatch.device_has('qr', loop)):
        m, n = a.shape[-2:]
        k = m if mode == 'complete' else min(m, n)
        x = a if a.dtype == loop else a.astype(loop)
        q = core._empty(a.shape[:-2] + (m, k), loop)
        r = core._empty(a.shape[:-2] + (k, n), loop)
        try:
            # mode 'r' is the reduced factorisation's R (NumPy's
            # orgqr-free path); Q is computed and dropped
            core._run('qr', (q._as_view(), r._as_view()), (x._as_view(),),
                      {'mode': 'reduced' if mode == 'r' else mode})
            return r if mode == 'r' else (q, r)
        except OperationNotSupported:
            pass
    if mode == 'raw' and a.size:
        # LAPACK's Householder vectors and tau, composed on the device
        from cupy._core import _routines_householder
        return _routines_householder.qr_raw(a, loop)
    return run('qr', lambda h: numpy.linalg.qr(h, mode=mode), (a,), loop)


def triangular_solve(a, b, trans, lower, unit, loop, host_fn, check=True):
    """x with op(a) x = b, a (..., n, n) triangular, b (..., n) (one
    dimension less than ``a``) or (..., n, k) of the same batch shape: the
    provider's 'triangular_solve' where it lists ``loop``, else
    ``host_fn`` on the host.  trans 2 of a complex matrix solves with
    conj(a) and trans 1 (the operator's transpose is a plain one).  The
    device gives NaN for a zero pivot, so a non-unit solve reads a's
    diagonal back once (batch * n booleans) to raise SciPy's
    LinAlgError, unless ``check`` is False (lu_solve: SciPy's getrs does
    not check)."""
    vector = b.ndim == a.ndim - 1
    if a.size and b.size and _dispatch.device_has('triangular_solve', loop):
        x2 = b[..., None] if vector else b
        aa = a if a.dtype == loop else a.astype(loop)
        bb = x2 if x2.dtype == loop else x2.astype(loop)
        if trans == 2:
            if loop.kind == 'c':
                aa = aa.conj()
            trans = 1
        if not bb.flags.c_contiguous:
            bb = bb.copy()
        out = core._empty(bb.shape, loop)
        try:
            core._run('triangular_solve', (out._as_view(),),
                      (aa._as_view(), bb._as_view()),
                      {'upper': not lower, 'trans': trans, 'unit': unit})
        except OperationNotSupported:
            pass
        else:
            if check and not unit:
                diag = (a.diagonal(0, -2, -1) == 0).reshape(
                    -1, a.shape[-1])
                zero = numpy.flatnonzero(
                    diag.any(axis=0).get())         # the one read back
                if zero.size:
                    raise numpy.linalg.LinAlgError(
                        'singular matrix: resolution failed at diagonal '
                        '{}'.format(zero[0]))
            return out.reshape(b.shape)
    return run('triangular_solve', host_fn, (a, b), loop)


def _upload(h):
    # a Python number (lstsq's rank) stays one; NumPy scalars and arrays
    # become device arrays (0-d for a scalar, as CuPy)
    if h is None or (isinstance(h, (int, float, complex)) and
                     not isinstance(h, numpy.generic)):
        return h
    return from_host(numpy.asarray(h))
