# Creation routines on device: arange (aclnnArange), tril and triu
# (aclnnTril, aclnnTriu).

import math

import numpy

from libc.stdint cimport intptr_t, int64_t, uint64_t

from cupy_backends.ascend.ops cimport _dtype
from cupy_backends.ascend.ops._copy cimport copy_desc, fill_desc
from cupy_backends.ascend.ops._dtype cimport (
    ACL_FLOAT, ACL_DOUBLE, ACL_INT64, DS_ARANGE_OUT, DS_TRIL)
from cupy_backends.ascend.ops._aclnn cimport (
    OpSymbol, op_symbol, Args, args_init, arg_tensor, arg_scalar, arg_int,
    aclnn_run)
from cupy_backends.ascend.ops._scratch cimport Scratch
from cupy_backends.ascend.ops._tensor cimport (
    Desc, ACLNN_MAX_DIMS, desc_from_view, desc_numel, desc_is_contiguous,
    desc_has_negative, desc_as_pairs)
from cupy_backends.backend.provider cimport View

from cupy_backends.backend.provider import OperationNotSupported

cdef OpSymbol _arange_op = None

_I64_MIN = -(2 ** 63)
_I64_MAX = 2 ** 63 - 1
# A complex dtype's itemsize -> the NumPy dtype of its parts.
_PART_DTYPE = {8: numpy.dtype(numpy.float32), 16: numpy.dtype(numpy.float64)}


cdef object _float_end(double start, double delta, int64_t n):
    # An end for which ceil((end - start) / delta) == n in double
    # arithmetic (how aclnnArange sizes its output): half a step short of n
    # steps, or a neighbour when rounding moved it.
    cdef double end = start + (n - 0.5) * delta
    for _ in range(4):
        q = math.ceil((end - start) / delta)
        if q == n:
            return end
        end = math.nextafter(end, math.inf if (q < n) == (delta > 0)
                             else -math.inf)
    raise OperationNotSupported(
        'arange: {} + i * {} for {} values cannot be sized in double '
        'precision'.format(start, delta, n))


# ----------------------------------------------------------------- arange --

cdef int _arange_call(const Desc* out, object start, object end, object step,
                      bint integral, Scratch sc) except -1:
    global _arange_op
    cdef Args a
    cdef int64_t iv[3]
    cdef double fv[3]
    cdef int i
    if _arange_op is None:
        _arange_op = op_symbol('Arange')
    args_init(&a)
    if integral:
        iv[0], iv[1], iv[2] = start, end, step
        for i in range(3):
            arg_scalar(&a, &iv[i], ACL_INT64)
    else:
        fv[0], fv[1], fv[2] = start, end, step
        for i in range(3):
            arg_scalar(&a, &fv[i], ACL_DOUBLE)
    arg_tensor(&a, out)
    return aclnn_run(_arange_op, &a, sc)


cdef int _arange_real(const Desc* out, int64_t n, object start, object delta,
                      Scratch sc) except -1:
    # out[i] = start + i * delta in out's type (out contiguous, 1-D, n > 1,
    # delta != 0), or in int64 / float64 and cast when aclnnArange cannot
    # write out's type.
    cdef Desc t
    cdef int64_t shape[1]
    cdef bint integral = out.dtype not in (
        _dtype.ACL_FLOAT16, ACL_FLOAT, ACL_DOUBLE)
    if integral:
        start = int(start)
        delta = int(delta)
        last = start + (n - 1) * delta
        # the tightest end with ceil((end - start) / delta) == n
        end = last + (1 if delta > 0 else -1)
        if not (_I64_MIN <= start <= _I64_MAX and
                _I64_MIN <= end <= _I64_MAX):
            raise OperationNotSupported(
                'arange: values beyond int64 on device')
    else:
        start = float(start)
        delta = float(delta)
        if not (math.isfinite(start) and math.isfinite(delta)):
            raise OperationNotSupported('arange: non-finite start or step')
        end = _float_end(start, delta, n)
        if not math.isfinite(end):
            raise OperationNotSupported('arange: the end overflows')
    if _dtype.in_set(DS_ARANGE_OUT, out.dtype):
        return _arange_call(out, start, end, delta, integral, sc)
    # bool, 8/16-bit and unsigned integers: exact int64 values, then a cast
    shape[0] = n
    sc.temp(&t, ACL_INT64, 8, 1, shape)
    _arange_call(&t, start, end, delta, True, sc)
    return copy_desc(out, &t, sc)


cdef object run_arange(View dst, dict attrs, intptr_t stream):
    cdef Desc d, t, part, pt
    cdef Desc* out
    cdef int64_t n
    cdef int64_t shape[1]
    cdef Scratch sc
    if len(dst.shape) != 1:
        raise ValueError('arange writes a 1-D view, not {}-D'.format(
            len(dst.shape)))
    n = dst.shape[0]
    if n == 0:
        return None
    start = attrs['start']
    delta = attrs.get('delta', 1)
    desc_from_view(&d, dst)
    sc = Scratch(stream)
    try:
        if n == 1 or delta == 0:
            fill_desc(&d, dst.dtype, start, sc)
            return None
        out = &d
        if not desc_is_contiguous(&d):
            shape[0] = n
            sc.temp(&t, d.dtype, d.itemsize, 1, shape)
            out = &t
        if _dtype.is_complex(d.dtype):
            # NumPy's complex fill: start + i * delta on each part, in the
            # parts' type; each part through a contiguous temporary.
            start = complex(start)
            delta = complex(delta)
            shape[0] = n
            for k, (s0, d0) in enumerate(((start.real, delta.real),
                                          (start.imag, delta.imag))):
                part = out[0]
                desc_as_pairs(&part)
                part.offset += <int>k
                part.ndim = 1
                if d0 == 0:
                    fill_desc(&part, _PART_DTYPE[dst.dtype.itemsize],
                              s0, sc)
                    continue
                sc.temp(&pt, part.dtype, part.itemsize, 1, shape)
                _arange_real(&pt, n, s0, d0, sc)
                copy_desc(&part, &pt, sc)
        else:
            _arange_real(out, n, start, delta, sc)
        if out != &d:
            copy_desc(&d, out, sc)
    finally:
        sc.release()
    return None


# -------------------------------------------------------------- tril/triu --

cdef int _tri_call(OpSymbol op, const Desc* src, int64_t k, const Desc* out,
                   Scratch sc) except -1:
    cdef Args a
    args_init(&a)
    arg_tensor(&a, src)
    arg_int(&a, k)
    arg_tensor(&a, out)
    return aclnn_run(op, &a, sc)


cdef object run_tri(str name, View dst, View src, dict attrs,
                    intptr_t stream):
    cdef Desc d, s, t, o, tp, op_
    cdef int64_t k = attrs.get('k', 0)
    cdef int64_t shape[4]
    cdef int64_t m, ncol, batch
    cdef int i
    cdef OpSymbol sym = op_symbol(name)
    cdef Scratch sc
    if len(dst.shape) < 2:
        raise ValueError('{} needs at least 2 dimensions'.format(name.lower()))
    if dst.shape != src.shape:
        raise ValueError('{}: shapes {} and {} differ'.format(
            name.lower(), dst.shape, src.shape))
    desc_from_view(&d, dst)
    desc_from_view(&s, src)
    if desc_numel(&d) == 0:
        return None
    sc = Scratch(stream)
    try:
        if (d.dtype == s.dtype and _dtype.in_set(DS_TRIL, d.dtype) and
                d.ndim <= ACLNN_MAX_DIMS and desc_is_contiguous(&d) and
                not desc_has_negative(&s)):
            _tri_call(sym, &s, k, &d, sc)
            return None
        # General case: the source made contiguous in dst's dtype, seen as
        # (batch, m, n).
        m = d.shape[d.ndim - 2]
        ncol = d.shape[d.ndim - 1]
        batch = desc_numel(&d) // (m * ncol)
        shape[0], shape[1], shape[2] = batch, m, ncol
        sc.temp(&t, d.dtype, d.itemsize, d.ndim, d.shape)
        copy_desc(&t, &s, sc)
        t.ndim = 3
        t.shape[0], t.shape[1], t.shape[2] = batch, m, ncol
        t.strides[0], t.strides[1], t.strides[2] = m * ncol, ncol, 1
        if _dtype.in_set(DS_TRIL, d.dtype):
            if desc_is_contiguous(&d):
                o = d       # straight into dst, seen as (batch, m, n)
                o.ndim = 3
                for i in range(3):
                    o.shape[i] = t.shape[i]
                    o.strides[i] = t.strides[i]
                _tri_call(sym, &t, k, &o, sc)
                return None
            sc.temp(&o, d.dtype, d.itemsize, 3, shape)
            _tri_call(sym, &t, k, &o, sc)
        else:
            # complex128: real and imaginary parts as a leading batch axis
            # of 2 (a strided input; the output contiguous).
            tp = t
            desc_as_pairs(&tp)
            tp.ndim = 4
            tp.shape[0], tp.shape[1], tp.shape[2], tp.shape[3] = (
                2, batch, m, ncol)
            tp.strides[0], tp.strides[1], tp.strides[2], tp.strides[3] = (
                1, 2 * m * ncol, 2 * ncol, 2)
            shape[0], shape[1], shape[2], shape[3] = 2, batch, m, ncol
            sc.temp(&op_, tp.dtype, tp.itemsize, 4, shape)
            _tri_call(sym, &tp, k, &op_, sc)
            # back to interleaved pairs: (batch, m, n, 2)
            o = op_
            o.ndim = 4
            o.shape[0], o.shape[1], o.shape[2], o.shape[3] = (
                batch, m, ncol, 2)
            o.strides[0], o.strides[1], o.strides[2], o.strides[3] = (
                m * ncol, ncol, 1, batch * m * ncol)
            tp = d
            desc_as_pairs(&tp)
            _copy_as(&tp, &o, d.ndim + 1, sc)
            return None
        _copy_as(&d, &o, d.ndim, sc)
    finally:
        sc.release()
    return None


cdef int _copy_as(const Desc* dst, Desc* src3, int ndim, Scratch sc) except -1:
    # src3 holds dst's elements as (batch, m, n[, 2]); give it dst's shape
    # (its batch axis split back into dst's leading axes, C order).
    cdef Desc s = src3[0]
    cdef int i, lead = ndim - (src3.ndim - 1)
    cdef int64_t acc = src3.strides[0]
    s.ndim = ndim
    for i in range(ndim - 1, lead - 1, -1):
        s.shape[i] = src3.shape[i - lead + 1]
        s.strides[i] = src3.strides[i - lead + 1]
    for i in range(lead - 1, -1, -1):
        s.shape[i] = dst.shape[i]
        s.strides[i] = acc
        acc *= dst.shape[i]
    return copy_desc(dst, &s, sc)


# ------------------------------------------------- the provider's tables --
# OPERATIONS: op -> entry(outs, ins, attrs, stream); ROUTES: op -> {loop
# dtype: route}.  _provider.pyx merges every family's tables.

from cupy_backends.ascend.ops._routes import ALL as _ALL_CHARS, by_dtype


def _arange_entry(tuple outs, tuple ins, dict attrs, intptr_t stream):
    return run_arange(outs[0], attrs, stream)


def _tril_entry(tuple outs, tuple ins, dict attrs, intptr_t stream):
    return run_tri('Tril', outs[0], ins[0], attrs, stream)


def _triu_entry(tuple outs, tuple ins, dict attrs, intptr_t stream):
    return run_tri('Triu', outs[0], ins[0], attrs, stream)


OPERATIONS = {'arange': _arange_entry, 'tril': _tril_entry,
              'triu': _triu_entry}
ROUTES = {op: by_dtype(native=_ALL_CHARS) for op in OPERATIONS}
