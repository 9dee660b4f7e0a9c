# Copy and fill on device: see _copy.pxd.
#
# aclnn accepts no negative strides (aclnn.md 4.1), at most 8 dims, and
# aclnnInplaceCopy refuses a complex copy into a non-contiguous selfRef
# (ops.md 4).  Before a copy, both views are simplified together: size-1
# axes dropped, axes where dst runs backwards flipped in both views
# (an elementwise copy does not care about the direction it walks), axes
# ordered by dst's strides and merged where both views allow.  Axes on
# which the source still runs backwards are reversed with aclnnFlip into a
# contiguous temporary.  A complex destination that is not contiguous is
# written as pairs of reals.

import numpy

from libc.stdint cimport intptr_t, int64_t, uint64_t

from cupy_backends.ascend.ops cimport _dtype
from cupy_backends.ascend.ops._dtype cimport (
    ACL_BOOL, ACL_INT64, ACL_UINT64, ACL_DOUBLE, ACL_COMPLEX128, DS_FLIP,
    DS_ZERO)
from cupy_backends.ascend.ops._aclnn cimport (
    OpSymbol, op_symbol, Args, ScalarBytes, args_init, arg_tensor,
    arg_scalar, arg_int_array, aclnn_run)
from cupy_backends.ascend.ops._scratch cimport Scratch
from cupy_backends.ascend.ops._tensor cimport (
    Desc, ACLNN_MAX_DIMS, desc_numel, desc_is_contiguous, desc_as_pairs,
    desc_flip_axis, desc_drop_axis, desc_at_least_1d)
from cupy_backends.backend cimport api

# runtime.md 7.1: on-chip asynchronous copies want 64-byte aligned ends
# [unconfirmed]; other copies go through aclnnInplaceCopy.
cdef enum:
    _MEMCPY_ALIGN = 64

cdef OpSymbol _copy_op = None
cdef OpSymbol _flip_op = None
cdef OpSymbol _fill_op = None
cdef OpSymbol _zero_op = None


# ------------------------------------------------------------ simplifying --

cdef inline void _swap(int64_t* v, int i, int j) noexcept nogil:
    cdef int64_t t = v[i]
    v[i] = v[j]
    v[j] = t


cdef void _simplify(Desc* a, Desc* b) noexcept nogil:
    # a: the view walked forwards (strides made >= 0); b: NULL or a view of
    # the same shape that follows every change of a.
    cdef int i, j, m, n = 0
    for i in range(a.ndim):
        if a.shape[i] == 1:
            continue
        if a.strides[i] < 0:
            desc_flip_axis(a, i)
            if b is not NULL:
                desc_flip_axis(b, i)
        a.shape[n] = a.shape[i]
        a.strides[n] = a.strides[i]
        if b is not NULL:
            b.shape[n] = b.shape[i]
            b.strides[n] = b.strides[i]
        n += 1
    a.ndim = n
    if b is not NULL:
        b.ndim = n
    # Order by a's strides, largest first (stable insertion sort).
    for i in range(1, n):
        j = i
        while j > 0 and a.strides[j - 1] < a.strides[j]:
            _swap(a.shape, j - 1, j)
            _swap(a.strides, j - 1, j)
            if b is not NULL:
                _swap(b.shape, j - 1, j)
                _swap(b.strides, j - 1, j)
            j -= 1
    if n < 2:
        return
    m = 0
    for i in range(1, n):
        if (a.strides[m] == a.strides[i] * a.shape[i] and
                (b is NULL or b.strides[m] == b.strides[i] * b.shape[i])):
            a.shape[m] *= a.shape[i]
            a.strides[m] = a.strides[i]
            if b is not NULL:
                b.shape[m] *= b.shape[i]
                b.strides[m] = b.strides[i]
        else:
            m += 1
            a.shape[m] = a.shape[i]
            a.strides[m] = a.strides[i]
            if b is not NULL:
                b.shape[m] = b.shape[i]
                b.strides[m] = b.strides[i]
    a.ndim = m + 1
    if b is not NULL:
        b.ndim = m + 1


cdef inline void _take_leading(Desc* sub, const Desc* d,
                               int64_t i) noexcept nogil:
    # sub = d[i]: the view without its first axis.
    sub[0] = d[0]
    sub.offset += i * d.strides[0]
    desc_drop_axis(sub, 0)


# ------------------------------------------------------------ aclnn calls --

cdef int _inplace_copy(const Desc* dst, const Desc* src,
                       Scratch sc) except -1:
    global _copy_op
    cdef Args a
    if _copy_op is None:
        _copy_op = op_symbol('InplaceCopy')
    args_init(&a)
    arg_tensor(&a, dst)
    arg_tensor(&a, src)
    return aclnn_run(_copy_op, &a, sc)


cdef int _flip(const Desc* src, const int64_t* dims, int ndims,
               const Desc* out, Scratch sc) except -1:
    global _flip_op
    cdef Args a
    if _flip_op is None:
        _flip_op = op_symbol('Flip')
    args_init(&a)
    arg_tensor(&a, src)
    arg_int_array(&a, dims, ndims)
    arg_tensor(&a, out)
    return aclnn_run(_flip_op, &a, sc)


cdef int _fill_scalar(const Desc* dst, void* value, int scalar_dtype,
                      Scratch sc) except -1:
    global _fill_op
    cdef Args a
    if _fill_op is None:
        _fill_op = op_symbol('InplaceFillScalar')
    args_init(&a)
    arg_tensor(&a, dst)
    arg_scalar(&a, value, scalar_dtype)
    return aclnn_run(_fill_op, &a, sc)


cdef int _zero(const Desc* dst, Scratch sc) except -1:
    global _zero_op
    cdef Args a
    if _zero_op is None:
        _zero_op = op_symbol('InplaceZero')
    args_init(&a)
    arg_tensor(&a, dst)
    return aclnn_run(_zero_op, &a, sc)


# ------------------------------------------------------------------- copy --

cdef int copy_desc(const Desc* dst, const Desc* src, Scratch sc) except -1:
    cdef Desc d = dst[0]
    cdef Desc s = src[0]
    if desc_numel(&d) == 0:
        return 0
    _simplify(&d, &s)
    return _copy_simplified(&d, &s, sc)


cdef int _flip_forwards(Desc* s, Scratch sc) except -1:
    # Axes on which the source runs backwards: reversed into a contiguous
    # temporary with aclnnFlip (broadcast axes kept at size 1), which
    # replaces *s.
    cdef Desc f, t
    cdef int64_t dims[ACLNN_MAX_DIMS]
    cdef int k, nflip = 0
    f = s[0]
    for k in range(f.ndim):
        if f.strides[k] < 0:
            desc_flip_axis(&f, k)
            dims[nflip] = k
            nflip += 1
        elif f.strides[k] == 0:
            f.shape[k] = 1
    if not nflip:
        return 0
    sc.temp(&t, f.dtype, f.itemsize, f.ndim, f.shape)
    if not _dtype.in_set(DS_FLIP, f.dtype):
        # a permutation of elements: any type of the same size will do
        f.dtype = t.dtype = _dtype.int_code(f.itemsize)
    _flip(&f, dims, nflip, &t, sc)
    t.dtype = s.dtype
    for k in range(t.ndim):
        if s.strides[k] == 0:
            t.strides[k] = 0
        t.shape[k] = s.shape[k]
    s[0] = t
    return 0


cdef int _copy_simplified(Desc* d, Desc* s, Scratch sc) except -1:
    # d: strides > 0, no size-1 axes, merged; s: the same shape.
    cdef Desc sub_d, sub_s, t
    cdef int64_t i
    cdef intptr_t pd, ps
    cdef bint pairs
    if d.ndim == 0:
        desc_at_least_1d(d)
        desc_at_least_1d(s)
    if (d.dtype == s.dtype and d.ndim == 1 and d.strides[0] == 1 and
            s.strides[0] == 1):
        pd = d.base + d.offset * d.itemsize
        ps = s.base + s.offset * s.itemsize
        if pd % _MEMCPY_ALIGN == 0 and ps % _MEMCPY_ALIGN == 0:
            api.xpuMemcpyAsync(pd, ps, d.shape[0] * d.itemsize,
                               api.xpuMemcpyDeviceToDevice, sc.stream)
            return 0
    pairs = _dtype.is_complex(d.dtype) and not desc_is_contiguous(d)
    if d.ndim > ACLNN_MAX_DIMS or (pairs and d.ndim == ACLNN_MAX_DIMS):
        # Too many axes for one call: one call per index of the first.
        for i in range(d.shape[0]):
            _take_leading(&sub_d, d, i)
            _take_leading(&sub_s, s, i)
            _copy_simplified(&sub_d, &sub_s, sc)
        return 0
    _flip_forwards(s, sc)
    if pairs:
        if s.dtype != d.dtype:
            # cast into a contiguous temporary first
            sc.temp(&t, d.dtype, d.itemsize, d.ndim, d.shape)
            _inplace_copy(&t, s, sc)
            s[0] = t
        desc_as_pairs(d)
        desc_as_pairs(s)
    return _inplace_copy(d, s, sc)


cdef int contiguous_copy(Desc* d, Scratch sc) except -1:
    cdef Desc t
    sc.temp(&t, d.dtype, d.itemsize, d.ndim, d.shape)
    copy_desc(&t, d, sc)
    d[0] = t
    return 0


# ------------------------------------------------------------------- fill --



cdef int fill_desc(const Desc* dst, object dtype, object value,
                   Scratch sc) except -1:
    cdef Desc d = dst[0]
    cdef ScalarBytes v
    cdef int sdt
    cdef bint zero
    # NumPy's own cast of the value (its errors and warnings included,
    # even when there is nothing to fill).
    host = numpy.empty((), dtype)
    host.fill(value)
    kind = host.dtype.kind
    if kind == 'b':
        v.b = 1 if host else 0
        sdt = ACL_BOOL
        zero = not v.b
    elif kind == 'i':
        v.i = int(host)
        sdt = ACL_INT64
        zero = v.i == 0
    elif kind == 'u':
        v.u = int(host)
        sdt = ACL_UINT64
        zero = v.u == 0
    elif kind == 'f':
        v.f = float(host)
        sdt = ACL_DOUBLE     # every float16/32/64 value is a double
        zero = v.f == 0 and not numpy.signbit(host)
    else:
        z = complex(host)
        v.c[0] = z.real
        v.c[1] = z.imag
        sdt = ACL_COMPLEX128
        zero = (z == 0 and not numpy.signbit(host.real) and
                not numpy.signbit(host.imag))
    if desc_numel(&d) == 0:
        return 0
    _simplify(&d, NULL)
    return _fill_simplified(&d, &v, sdt, zero, sc)


cdef int _fill_simplified(Desc* d, ScalarBytes* v, int sdt, bint zero,
                          Scratch sc) except -1:
    cdef Desc sub
    cdef int64_t i
    if d.ndim > ACLNN_MAX_DIMS:
        for i in range(d.shape[0]):
            _take_leading(&sub, d, i)
            _fill_simplified(&sub, v, sdt, zero, sc)
        return 0
    if zero:
        if d.ndim == 0 or (d.ndim == 1 and d.strides[0] == 1):
            api.xpuMemsetAsync(d.base + d.offset * d.itemsize, 0,
                               desc_numel(d) * d.itemsize, sc.stream)
            return 0
        if not _dtype.in_set(DS_ZERO, d.dtype):
            d.dtype = _dtype.int_code(d.itemsize)   # zero bits all the same
        return _zero(d, sc)
    return _fill_scalar(d, v, sdt, sc)


# ------------------------------------------------- the provider's tables --
# OPERATIONS: op -> entry(outs, ins, attrs, stream); ROUTES: op -> {loop
# dtype: route}.  _provider.pyx merges every family's tables.

from cupy_backends.ascend.ops._tensor cimport desc_from_view
from cupy_backends.backend.provider cimport View

from cupy_backends.ascend.ops._routes import ALL as _ALL_CHARS, by_dtype


def _copy_entry(tuple outs, tuple ins, dict attrs, intptr_t stream):
    cdef View dst = outs[0]
    cdef View src = ins[0]
    cdef Desc d, s
    cdef Scratch sc
    if dst.shape != src.shape:
        raise ValueError('copy: shapes {} and {} differ (the source must be '
                         'broadcast first)'.format(dst.shape, src.shape))
    desc_from_view(&d, dst)
    desc_from_view(&s, src)
    sc = Scratch(stream)
    try:
        copy_desc(&d, &s, sc)
    finally:
        sc.release()


def _fill_entry(tuple outs, tuple ins, dict attrs, intptr_t stream):
    cdef View dst = outs[0]
    cdef Desc d
    cdef Scratch sc
    desc_from_view(&d, dst)
    sc = Scratch(stream)
    try:
        fill_desc(&d, dst.dtype, attrs['value'], sc)
    finally:
        sc.release()


OPERATIONS = {'copy': _copy_entry, 'fill': _fill_entry}
# Device casts differ from NumPy's in places: TODO.md, "Device casting
# differences".
ROUTES = {'copy': by_dtype(native=_ALL_CHARS),
          'fill': by_dtype(native=_ALL_CHARS)}
