# Decompositions on device (operations.md, "Linear algebra"; wave2_ops.md
# "Linear algebra"): the operations whose aclnn operator has a documented
# signature.  Today: 'qr' (modes reduced and complete) on aclnnLinalgQr,
# float32, float64, complex64 and complex128, batched over up to 6 leading
# axes (the operator takes 2-8 dims); 'triangular_solve' on
# aclnnTriangularSolve, the same dtypes (trans 2, the conjugate transpose,
# only for real dtypes, where it is the transpose: the operator's
# `transpose` is a plain one).
#
# 'svd' on aclnnSvd (f, d, F, D; v is V, the core forms V^H), 'slogdet'
# on aclnnSlogdet (f, d, F, D), 'inv' on aclnnInverse (float32 only: no
# float64 on A2) and 'cholesky' on aclnnLinalgCholesky (float32 only):
# their signatures are [check] in wave2_ops.md and are called as written
# there.  The core composes solve, det, lstsq, pinv from these and takes
# the host for the rest (eigh, eig, LU; TODO.md).

import numpy

from libc.stdint cimport intptr_t, int64_t

from cupy_backends.ascend.ops._copy cimport contiguous_copy
from cupy_backends.ascend.ops._aclnn cimport (
    op_symbol, Args, args_init, arg_tensor, arg_int, aclnn_run)
from cupy_backends.ascend.ops._scratch cimport Scratch
from cupy_backends.ascend.ops._tensor cimport (
    Desc, desc_from_view, desc_numel, desc_has_negative)
from cupy_backends.backend.provider cimport View

from cupy_backends.backend.provider import OperationNotSupported

QR = {numpy.dtype(c): 'native' for c in 'fdFD'}

# aclnnLinalgQr mode (wave2_ops.md): 0 reduced, 1 complete, 2 r only
_QR_MODES = {'reduced': 0, 'complete': 1}
_QR_MAX_DIMS = 8


def _qr_entry(tuple outs, tuple ins, dict attrs, intptr_t stream):
    # outs (q, r) contiguous, of a's dtype and NumPy's shapes for the mode
    cdef View q = outs[0], r = outs[1], a = ins[0]
    cdef Desc dq, dr, da
    cdef Args args
    cdef Scratch sc
    mode = _QR_MODES.get(attrs.get('mode'))
    if (mode is None or a.dtype not in QR or q.dtype != a.dtype or
            r.dtype != a.dtype or not 2 <= len(a.shape) <= _QR_MAX_DIMS):
        raise OperationNotSupported('qr of {} {} in mode {!r}'.format(
            a.dtype, a.shape, attrs.get('mode')))
    desc_from_view(&da, a)
    desc_from_view(&dq, q)
    desc_from_view(&dr, r)
    if desc_numel(&da) == 0:
        raise OperationNotSupported('qr of an empty stack')
    sc = Scratch(stream)
    try:
        if desc_has_negative(&da):
            contiguous_copy(&da, sc)
        args_init(&args)
        arg_tensor(&args, &da)
        arg_int(&args, mode)
        arg_tensor(&args, &dq)
        arg_tensor(&args, &dr)
        aclnn_run(op_symbol('LinalgQr'), &args, sc)
    finally:
        sc.release()
    return None


def _trsv_entry(tuple outs, tuple ins, dict attrs, intptr_t stream):
    # x (..., n, k) contiguous = op(a)^-1 b; a (..., n, n), b (..., n, k),
    # one batch shape, non-empty
    cdef View x = outs[0], a = ins[0], b = ins[1]
    cdef Desc dx, da, db, dm
    cdef Args args
    cdef Scratch sc
    trans = attrs.get('trans', 0)
    if (a.dtype not in QR or b.dtype != a.dtype or x.dtype != a.dtype or
            not 2 <= len(a.shape) <= _QR_MAX_DIMS or
            trans not in (0, 1, 2) or (trans == 2 and a.dtype.kind == 'c')):
        raise OperationNotSupported('triangular_solve of {} {} with trans '
                                    '{!r}'.format(a.dtype, a.shape, trans))
    desc_from_view(&da, a)
    desc_from_view(&db, b)
    desc_from_view(&dx, x)
    sc = Scratch(stream)
    try:
        if desc_has_negative(&da):
            contiguous_copy(&da, sc)
        if desc_has_negative(&db):
            contiguous_copy(&db, sc)
        # mOut, the operator's copy of A, is not part of the result
        sc.temp(&dm, da.dtype, da.itemsize, da.ndim, da.shape)
        args_init(&args)
        arg_tensor(&args, &db)
        arg_tensor(&args, &da)
        arg_int(&args, bool(attrs.get('upper')))
        arg_int(&args, trans != 0)
        arg_int(&args, bool(attrs.get('unit')))
        arg_tensor(&args, &dx)
        arg_tensor(&args, &dm)
        aclnn_run(op_symbol('TriangularSolve'), &args, sc)
    finally:
        sc.release()
    return None


cdef int _check_square(str op, View a, dict routes) except -1:
    # a (..., n, n) of a listed dtype, at most 8 dims (the operator
    # checks the outputs)
    if (a.dtype not in routes or not 2 <= len(a.shape) <= _QR_MAX_DIMS or
            a.shape[-1] != a.shape[-2]):
        raise OperationNotSupported('{} of {} {}'.format(op, a.dtype,
                                                        a.shape))
    return 0


cdef _run_unary(str op, str symbol, tuple outs, tuple ins, intptr_t stream,
                object flag, dict routes):
    # one aclnn call: (self[, flag], *outs) with outs contiguous, new
    cdef View a = ins[0]
    cdef Desc da
    cdef Desc do[3]
    cdef Args args
    cdef Scratch sc
    cdef int i
    _check_square(op, a, routes)
    desc_from_view(&da, a)
    for i in range(len(outs)):
        desc_from_view(&do[i], outs[i])
    sc = Scratch(stream)
    try:
        if desc_has_negative(&da):
            contiguous_copy(&da, sc)
        args_init(&args)
        arg_tensor(&args, &da)
        if flag is not None:
            arg_int(&args, bool(flag))
        for i in range(len(outs)):
            arg_tensor(&args, &do[i])
        aclnn_run(op_symbol(symbol), &args, sc)
    finally:
        sc.release()
    return None


SLOGDET = QR
INVERSE = {numpy.dtype('f'): 'native'}
CHOLESKY = INVERSE


def _slogdet_entry(tuple outs, tuple ins, dict attrs, intptr_t stream):
    # outs (sign of a's dtype, logabsdet real), of a's batch shape
    return _run_unary('slogdet', 'Slogdet', outs, ins, stream, None, SLOGDET)


def _inv_entry(tuple outs, tuple ins, dict attrs, intptr_t stream):
    # out of a's shape; a singular matrix gives an undefined result
    # (the core checks slogdet's sign)
    return _run_unary('inv', 'Inverse', outs, ins, stream, None, INVERSE)


def _cholesky_entry(tuple outs, tuple ins, dict attrs, intptr_t stream):
    # out of a's shape; NaN where a matrix is not positive definite
    return _run_unary('cholesky', 'LinalgCholesky', outs, ins, stream,
                      attrs.get('upper', False), CHOLESKY)


def _svd_entry(tuple outs, tuple ins, dict attrs, intptr_t stream):
    # outs (u, s, v) with v = V, or (s,); a (..., m, n) non-empty
    cdef View a = ins[0]
    cdef Desc da, ds, du, dv
    cdef Args args
    cdef Scratch sc
    cdef int64_t one[2]
    uv = len(outs) == 3
    if a.dtype not in QR or not 2 <= len(a.shape) <= _QR_MAX_DIMS:
        raise OperationNotSupported('svd of {} {}'.format(a.dtype, a.shape))
    desc_from_view(&da, a)
    if desc_numel(&da) == 0:
        raise OperationNotSupported('svd of an empty stack')
    desc_from_view(&ds, outs[1] if uv else outs[0])
    sc = Scratch(stream)
    try:
        if uv:
            desc_from_view(&du, outs[0])
            desc_from_view(&dv, outs[2])
        else:
            # u and v are not written without computeUV: 1x1 stand-ins
            one[0] = one[1] = 1
            sc.temp(&du, da.dtype, da.itemsize, 2, one)
            sc.temp(&dv, da.dtype, da.itemsize, 2, one)
        if desc_has_negative(&da):
            contiguous_copy(&da, sc)
        args_init(&args)
        arg_tensor(&args, &da)
        arg_int(&args, bool(attrs.get('full_matrices', False)))
        arg_int(&args, uv)
        arg_tensor(&args, &ds)
        arg_tensor(&args, &du)
        arg_tensor(&args, &dv)
        aclnn_run(op_symbol('Svd'), &args, sc)
    finally:
        sc.release()
    return None


# ------------------------------------------------- the provider's tables --
OPERATIONS = {'qr': _qr_entry, 'triangular_solve': _trsv_entry,
              'svd': _svd_entry, 'slogdet': _slogdet_entry,
              'inv': _inv_entry, 'cholesky': _cholesky_entry}
ROUTES = {'qr': QR, 'triangular_solve': QR, 'svd': QR, 'slogdet': SLOGDET,
          'inv': INVERSE, 'cholesky': CHOLESKY}
