# Running one elementwise loop through its route (DESIGN.md, "The
# operation contract"; cupy_backends/backend/operations.md, 'elementwise').
#
# The ufunc machinery (_ufunc.pyx) has already decided everything NumPy
# decides; here a loop runs natively on the provider, through a wider
# native loop (cast), as a composition, or on the host.  The native path
# is the hot one: views are built directly, with the dimensions that all
# operands traverse contiguously merged (fewer, larger dims for the
# provider; at least one dim, since some aclnn operators reject 0-d).

import numpy

from cupy._core.core cimport ndarray, _empty, _copy_to, _fill
from cupy.xpu.memory cimport BaseMemory
from cupy.xpu.stream cimport get_current_stream_ptr
from cupy_backends.backend cimport api
from cupy_backends.backend.provider cimport View
from cupy._core cimport _dispatch

from cupy._core.elementwise import _capability
from cupy._core import _fallback
from cupy._core import _dispatch as _dispatch_py
from cupy_backends.backend.provider import OperationNotSupported

cdef enum:
    _MAX_OPS = 16
    _MAX_DIMS = 64

cdef inline Py_ssize_t _elem_offset(ndarray a, Py_ssize_t itemsize) except -1:
    cdef BaseMemory mem = a.data.mem
    cdef Py_ssize_t off = a.data.ptr - mem.ptr
    if off % itemsize:
        raise ValueError(
            'the array starts at a byte offset that is not a multiple of '
            'its itemsize; make a copy first')
    return off // itemsize


cdef View _new_view(ndarray a, tuple shape, tuple strides,
                    Py_ssize_t itemsize):
    cdef View v = View.__new__(View)
    cdef BaseMemory mem = a.data.mem
    v.base = mem.ptr
    v.nbytes = mem.size
    v.dtype = a.dtype
    v.shape = shape
    v.strides = strides
    v.offset = _elem_offset(a, itemsize)
    v.device_id = a.data.device_id
    return v


cdef list _views(list arrays):
    """Views of `arrays` (one shape) with their common contiguous dims
    merged."""
    cdef Py_ssize_t nops = len(arrays), k, i, n, d, nd
    cdef ndarray a, first = arrays[0]
    cdef bint all_c = True
    cdef tuple shape = first._shape
    cdef Py_ssize_t itemsizes[_MAX_OPS]
    cdef Py_ssize_t st[_MAX_OPS][_MAX_DIMS]
    cdef Py_ssize_t ost[_MAX_OPS][_MAX_DIMS]
    cdef Py_ssize_t osh[_MAX_DIMS]
    cdef Py_ssize_t s
    cdef bint merge
    cdef list out = []
    for k in range(nops):
        a = arrays[k]
        if not a._c_contiguous:
            all_c = False
        if k < _MAX_OPS:
            itemsizes[k] = a.dtype.itemsize
    nd = len(shape)
    if all_c or first.size <= 1:
        one = (first.size,)
        for k in range(nops):
            a = arrays[k]
            out.append(_new_view(a, one, (1,), a.dtype.itemsize))
        return out
    if nops > _MAX_OPS or nd > _MAX_DIMS:
        for a in arrays:
            out.append(a._as_view())
        return out
    for k in range(nops):
        a = arrays[k]
        for i in range(nd):
            s = a._strides[i]
            if s % itemsizes[k]:
                raise ValueError(
                    'the array has strides that are not a multiple of its '
                    'itemsize; make a copy first')
            st[k][i] = s // itemsizes[k]
    n = 0
    for i in range(nd - 1, -1, -1):
        d = shape[i]
        if d == 1:
            continue
        merge = n > 0
        if merge:
            for k in range(nops):
                if st[k][i] != ost[k][n - 1] * osh[n - 1]:
                    merge = False
                    break
        if merge:
            osh[n - 1] *= d
        else:
            osh[n] = d
            for k in range(nops):
                ost[k][n] = st[k][i]
            n += 1
    cshape = tuple([osh[i] for i in range(n - 1, -1, -1)])
    for k in range(nops):
        out.append(_new_view(
            arrays[k], cshape, tuple([ost[k][i] for i in range(n - 1, -1, -1)]),
            itemsizes[k]))
    return out


cdef int _check_devices(list arrays) except -1:
    cdef int dev = api.xpuGetDevice()
    cdef ndarray a
    for a in arrays:
        if a.data.device_id != dev:
            raise ValueError(
                'The array is on device {} but the current device is {}: '
                'use arrays of one device together, inside `with '
                'cupy.cuda.Device({})`'.format(a.data.device_id, dev,
                                               a.data.device_id))
    return 0


cdef run_native(str name, str dev_loop, dict attrs, list ins, list outs):
    cdef list arrays = list(outs)
    cdef list views
    cdef Py_ssize_t nout = len(outs), j
    for x in ins:
        if isinstance(x, ndarray):
            arrays.append(x)
    _check_devices(arrays)
    views = _views(arrays)
    cdef list items = []
    j = nout
    for x in ins:
        if isinstance(x, ndarray):
            items.append(views[j])
            j += 1
        else:
            items.append(x)
    try:
        _dispatch.run('elementwise', tuple(views[:nout]), tuple(items),
                      attrs, get_current_stream_ptr())
    except OperationNotSupported:
        _unsupported_at_run_time(name, dev_loop, attrs, ins, outs)


cdef inline object _flat_operand(x, tuple one, tuple unit):
    # A C-contiguous operand as one axis: a 1-d array's own (cached) view,
    # else a new one; a scalar as it is.
    cdef ndarray a
    if isinstance(x, ndarray):
        a = x
        if len(a._shape) == 1 and a._strides[0] == a.dtype.itemsize:
            return a._as_view()
        return _new_view(a, one, unit, a.dtype.itemsize)
    return x


cdef run_native_contiguous(dict attrs, object ins, ndarray out):
    # the common call: C-contiguous operands of one shape on the current
    # device (the caller checked), one output; `ins` a tuple or list.
    # Steady state of 1-d operands (issue 9): no new view but the result's
    # (cached on it), no list.
    cdef tuple one = out._shape if len(out._shape) == 1 else (out.size,)
    cdef tuple unit = (1,)
    cdef Py_ssize_t n = len(ins)
    cdef tuple views
    if n == 1:
        views = (_flat_operand(ins[0], one, unit),)
    elif n == 2:
        views = (_flat_operand(ins[0], one, unit),
                 _flat_operand(ins[1], one, unit))
    else:
        views = tuple([_flat_operand(x, one, unit) for x in ins])
    try:
        _dispatch.run('elementwise', (_flat_operand(out, one, unit),),
                      views, attrs, get_current_stream_ptr())
    except OperationNotSupported:
        _unsupported_at_run_time(attrs['name'], attrs['loop'], attrs,
                                 list(ins), [out])


cdef _unsupported_at_run_time(str name, str dev_loop, dict attrs, list ins,
                              list outs):
    # The loop is in the provider's table but this call was refused (a
    # layout or scalar form it cannot take).  Scalars as 0-d device
    # arrays first (a fill, no transfer), then the host.
    cdef ndarray o = outs[0]
    cdef ndarray t
    cdef list views
    if any(not isinstance(x, ndarray) for x in ins):
        mat = []
        for x in ins:
            if isinstance(x, ndarray):
                mat.append(x)
            else:
                t = _empty((), x.dtype)
                _fill(t, x)
                mat.append(_broadcast_zero(t, o._shape))
        views = _views(list(outs) + mat)
        try:
            _dispatch.run('elementwise', tuple(views[:len(outs)]),
                          tuple(views[len(outs):]), attrs,
                          get_current_stream_ptr())
            return
        except OperationNotSupported:
            pass
    run_on_host(name, dev_loop, ins, outs, attrs,
                'the provider refused this call')


cdef ndarray _broadcast_zero(ndarray a, tuple shape):
    return a._view(shape, (0,) * len(shape), 0)


cdef ndarray _compact(ndarray a):
    """`a` without its broadcast (0-stride) dims' repetition."""
    cdef list shp = [], strd = []
    cdef Py_ssize_t i
    cdef bint changed = False
    for i in range(len(a._shape)):
        if a._strides[i] == 0 and a._shape[i] > 1:
            shp.append(1)
            changed = True
        else:
            shp.append(a._shape[i])
        strd.append(a._strides[i])
    if not changed:
        return a
    return a._view(tuple(shp), tuple(strd), 0)


cdef ndarray _rebroadcast(ndarray compact, tuple shape):
    cdef list strd = []
    cdef Py_ssize_t i
    for i in range(len(shape)):
        strd.append(0 if compact._shape[i] != shape[i] else
                    compact._strides[i])
    return compact._view(shape, tuple(strd), 0)


cpdef ndarray cast_array(ndarray a, dtype):
    cdef ndarray out = _empty(a._shape, dtype)
    if a.size:
        _copy_to(out, a)
    return out


cdef object cast_input(object x, dtype):
    cdef ndarray a, c
    if not isinstance(x, ndarray):
        if x.dtype == dtype:
            return x
        return x.astype(dtype)
    a = x
    if a.dtype == dtype:
        return a
    c = _compact(a)
    if c is a:
        return cast_array(a, dtype)
    return _rebroadcast(cast_array(c, dtype), a._shape)


cdef run_route(object route, list ins, list outs, dict attrs):
    kind = route.kind
    if kind == 'native':
        run_native(route.name, route.dev_loop, attrs, ins, outs)
    elif kind == 'cast':
        _run_cast(route, ins, outs, attrs)
    elif kind == 'composed':
        _run_composed(route, ins, outs, attrs)
    else:
        run_on_host(route.name, route.loop, ins, outs, attrs)


cdef _run_composed(object route, list ins, list outs, dict attrs):
    # A composition writes its outputs step by step and may read an input
    # after a step wrote an output: an output sharing memory with an input
    # is computed in a temporary and copied in at the end.
    cdef list targets = list(outs)
    cdef ndarray o
    cdef bint shared = False
    for i in range(len(outs)):
        o = outs[i]
        for x in ins:
            if isinstance(x, ndarray) and (<ndarray>x).data.mem is o.data.mem:
                outs[i] = _empty(o._shape, o.dtype)
                shared = True
                break
    route.compose(ins, outs, attrs)
    if shared:
        for i in range(len(outs)):
            if outs[i] is not targets[i]:
                _copy_to(targets[i], outs[i])
                outs[i] = targets[i]


cdef _run_cast(object route, list ins, list outs, dict attrs):
    cdef list cins = [], couts = [], pending = []
    cdef ndarray o, t
    for x, d in zip(ins, route.dev_in):
        cins.append(cast_input(x, d))
    for o, d in zip(outs, route.dev_out):
        if o.dtype == d:
            couts.append(o)
        else:
            t = _empty(o._shape, d)
            couts.append(t)
            pending.append((o, t))
    run_native(route.name, route.dev_loop, attrs, cins, couts)
    for o, t in pending:
        _copy_to(o, t)


def _attrs_for(route, dict attrs):
    a = {'name': route.name, 'loop': route.dev_loop}
    if attrs:
        for k, v in attrs.items():
            if k not in ('name', 'loop'):
                a[k] = v
    return a


cpdef run_loop(str name, str loop, list ins, list outs, dict attrs=None):
    cdef ndarray o = outs[0]
    if o.size == 0:
        return
    route = _capability.route(name, loop)
    if route.kind in ('native', 'cast'):
        attrs = _attrs_for(route, attrs) if attrs else route.attrs
    run_route(route, ins, outs, attrs or {})


# Attrs of the native routes run_new has met, by (name, loop); emptied
# whenever the routes change.
cdef dict _native_attrs = {}


def _forget_native_attrs():
    _native_attrs.clear()


_dispatch_py.on_invalidate(_forget_native_attrs)


cpdef ndarray run_new(str name, str loop, list ins, tuple shape, dtype):
    """A new array of `shape` and `dtype` (the loop's one output) holding
    `name` on `loop` of `ins` (as run_loop's).  C-contiguous operands of
    that shape on the current device take the native call directly."""
    cdef ndarray out = _empty(shape, dtype)
    cdef ndarray a
    cdef int dev
    if out.size == 0:
        return out
    attrs = _native_attrs.get((name, loop))
    if attrs is None:
        route = _capability.route(name, loop)
        if route.kind != 'native':
            run_loop(name, loop, ins, [out])
            return out
        attrs = route.attrs
        _native_attrs[(name, loop)] = attrs
    dev = api.xpuGetDevice()
    for x in ins:
        if isinstance(x, ndarray):
            a = x
            if (not a._c_contiguous or a._shape != shape or
                    a.data.device_id != dev):
                run_loop(name, loop, ins, [out])
                return out
    run_native_contiguous(attrs, ins, out)
    return out


cpdef masked_copy(ndarray dst, ndarray src, ndarray mask):
    if dst.size == 0:
        return
    c = dst.dtype.char
    c = 'l' if c == 'q' else ('L' if c == 'Q' else c)
    run_loop('where', '?{0}{0}->{0}'.format(c), [mask, src, dst], [dst])


# ------------------------------------------------------------------ host

def run_on_host(name, loop, ins, outs, attrs, why=None):
    """Compute on host copies with NumPy and copy the results back
    (counted, warned once; CUPY_HOST_FALLBACK=error raises)."""
    _fallback.enter(name, loop, why)
    hins = [x.get() if isinstance(x, ndarray) else x for x in ins]
    houts = [numpy.empty(o.shape, o.dtype) for o in outs]
    with numpy.errstate(all='ignore'):
        _host_compute(name, loop, hins, houts, attrs or {})
    for o, h in zip(outs, houts):
        o.set(h)


def _host_compute(name, loop, hins, houts, attrs):
    if name == 'where':
        houts[0][...] = numpy.where(hins[0], hins[1], hins[2])
    elif name == 'clip':
        houts[0][...] = numpy.clip(hins[0], hins[1], hins[2])
    elif name == 'nan_to_num':
        houts[0][...] = numpy.nan_to_num(
            hins[0], nan=attrs.get('nan', 0.0), posinf=attrs.get('posinf'),
            neginf=attrs.get('neginf'))
    elif name == 'round':
        houts[0][...] = numpy.round(hins[0], attrs.get('decimals', 0))
    else:
        # the operands are in the loop's dtypes (scalars as NumPy
        # scalars), so NumPy picks the loop again (its 'qQ->?' is our
        # 'lL->?': no signature string)
        _capability.host_function(name)(*hins, out=tuple(houts),
                                        casting='unsafe')
