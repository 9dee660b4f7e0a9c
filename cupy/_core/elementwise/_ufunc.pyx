# cupy.ufunc: NumPy's universal functions on device arrays (DESIGN.md
# layer 4).
#
# A call resolves what NumPy resolves -- the loop, from NumPy itself
# (`numpy_ufunc.resolve_dtypes`, NumPy 2 weak-scalar rules), cached per
# argument-dtype tuple; broadcasting; out= (its casting), where=, order --
# then runs the loop through its route (_elementwise.pyx, _capability.py).
# Python and NumPy scalars reach the provider as NumPy scalars of the
# loop's dtype, never uploaded.

import cmath
import warnings

import numpy

_ComplexWarning = numpy.exceptions.ComplexWarning

from cupy._core.core cimport (
    ndarray, _empty, _copy_to, _fill, _broadcast_to, _byte_extent)
from cupy._core.elementwise._run cimport (
    run_route, run_native_contiguous, masked_copy, cast_input)
from cupy_backends.backend cimport api

from cupy._core.elementwise import _capability
from cupy._core import _dispatch
from cupy._core._dtype import check_casting, get_dtype
from cupy._core._layout import check_order

cdef object _BOOL = numpy.dtype(numpy.bool_)
cdef object _UINT64 = numpy.dtype(numpy.uint64)
cdef object _generic = numpy.generic
cdef object _inexact = numpy.inexact
cdef object _isfinite = cmath.isfinite
cdef object _np_ndarray = numpy.ndarray
cdef tuple _CASTINGS = ('no', 'equiv', 'safe', 'same_kind', 'unsafe')
cdef frozenset _CMP = frozenset(('less', 'less_equal', 'greater',
                                 'greater_equal', 'equal', 'not_equal'))
cdef dict _SWAPPED = {'less': 'greater', 'greater': 'less',
                      'less_equal': 'greater_equal',
                      'greater_equal': 'less_equal',
                      'equal': 'equal', 'not_equal': 'not_equal'}
cdef list _all_ufuncs = []
# the cupy ufunc of each NumPy/SciPy ufunc object (ndarray.__array_ufunc__:
# scipy.special.erf on a cupy array runs cupyx.scipy.special.erf)
cdef dict _by_numpy_ufunc = {}


def for_numpy_ufunc(numpy_ufunc):
    """The cupy ufunc made from `numpy_ufunc`, or None."""
    return _by_numpy_ufunc.get(numpy_ufunc)


def _clear_plans():
    cdef ufunc u
    for u in _all_ufuncs:
        u._cache.clear()


_dispatch.on_invalidate(_clear_plans)


cdef class _Plan:
    """The resolved loop of one argument-dtype tuple and how it runs."""

    cdef readonly str loop
    cdef readonly tuple in_dtypes
    cdef readonly tuple out_dtypes
    cdef readonly object route
    cdef readonly dict attrs
    # per input: None (use as given) or the dtype to cast to first
    cdef readonly tuple in_prep
    # power of a signed integer loop: negative exponents raise
    cdef readonly bint check_negative_power
    # native, one output, inputs used as given: the fast path may take it
    cdef readonly bint simple
    # an operand or out= is cast from complex to a real type: NumPy's
    # ComplexWarning (decided by dtypes alone, so no synchronisation)
    cdef readonly bint complex_warn
    # (input index, Python scalar, it as the loop's NumPy scalar) of the
    # last call that converted one (_fast): making a NumPy scalar costs
    # about 0.6 us (NumPy 2), a call like `a > 0` or `a * 2.0` passes the
    # same object every time.  One tuple, replaced whole (threads).
    cdef tuple last_scalar

    def __repr__(self):
        return '<_Plan {} {!r}>'.format(self.loop, self.route)


cdef inline bint _stands_for_array(object x):
    # CuPy's protocol for objects a ufunc takes as the array they return
    t = type(x)
    if t is float or t is int or t is complex or t is bool:
        return False
    return hasattr(t, '__cupy_get_ndarray__')


cdef object _as_operand(object x):
    if _stands_for_array(x):
        return x.__cupy_get_ndarray__()
    return x


cdef object _loop_scalar(_Plan plan, Py_ssize_t i, object x):
    # Input i, the Python or NumPy scalar x, as the loop's NumPy scalar;
    # None where it does not fit (the general path decides).  The last
    # conversion of an immutable builtin scalar is reused for the very
    # same object (identity: 0.0 and -0.0 are equal but differ), unless
    # it overflowed to an infinity (NumPy warns on every such cast).
    cdef tuple last = plan.last_scalar
    if last is not None and last[1] is x and last[0] == i:
        return last[2]
    try:
        v = plan.in_dtypes[i].type(x)
    except OverflowError:
        return None
    t = type(x)
    if ((t is int or t is float or t is complex or t is bool) and
            (not isinstance(v, _inexact) or _isfinite(v))):
        plan.last_scalar = (i, x, v)
    return v


cdef object _scalar_key(object x):
    """The resolve_dtypes entry of a non-array operand; TypeError for
    what a ufunc does not take (CuPy: no implicit host arrays)."""
    t = type(x)
    if t is float or t is int or t is complex:
        return t
    if t is bool:
        return _BOOL
    if isinstance(x, _generic):
        return get_dtype(x.dtype)
    if isinstance(x, bool):
        return _BOOL
    if isinstance(x, int):
        return int
    if isinstance(x, float):
        return float
    if isinstance(x, complex):
        return complex
    raise TypeError('Unsupported type {}'.format(type(x)))


_PY_DEFAULT = {int: numpy.dtype(numpy.int64), float: numpy.dtype(numpy.float64),
               complex: numpy.dtype(numpy.complex128)}


def _resolve(numpy_ufunc, tuple dtypes, sig, casting):
    """NumPy's ``resolve_dtypes``.  NumPy 2.4 crashes (SIGSEGV) when it is
    given a Python scalar type with casting='equiv' that needs a cast;
    there the loop is resolved unsafely, each Python scalar is checked
    as NumPy's ufunc call checks it (its default dtype must cast 'equiv'
    to the loop's), and the other operands are checked by NumPy."""
    kw = {} if sig is None else {'signature': sig}
    if casting != 'equiv' or not any([t in _PY_DEFAULT for t in dtypes]):
        return numpy_ufunc.resolve_dtypes(dtypes, casting=casting, **kw)
    res = numpy_ufunc.resolve_dtypes(dtypes, casting='unsafe', **kw)
    for t, d in zip(dtypes, res):
        if t in _PY_DEFAULT and not numpy.can_cast(_PY_DEFAULT[t], d,
                                                   'equiv'):
            raise TypeError(
                "cannot cast Python {} to {} under the casting rule "
                "'equiv'".format(t.__name__, d))
    return numpy_ufunc.resolve_dtypes(
        tuple([res[i] if t in _PY_DEFAULT else t
               for i, t in enumerate(dtypes)]), casting=casting, **kw)


def _host_mask(where):
    """A host ``where=`` as a device mask: NumPy converts a sequence to
    bool and takes a NumPy array as it is (a dtype other than bool is then
    refused, as NumPy refuses it)."""
    from cupy._core._operands import as_array
    if isinstance(where, _np_ndarray):
        return as_array(where)
    return as_array(numpy.asarray(where, dtype=_BOOL))


cdef str _shape_str(tuple shape):
    if len(shape) == 1:
        return '({},)'.format(shape[0])
    return '(' + ','.join([str(d) for d in shape]) + ')'


cdef tuple _broadcast_shapes(list shapes):
    cdef Py_ssize_t nd = 0, i, k, d, s
    cdef tuple shp
    for shp in shapes:
        if len(shp) > nd:
            nd = len(shp)
    cdef list out = [1] * nd
    for shp in shapes:
        k = nd - len(shp)
        for i in range(len(shp)):
            s = shp[i]
            d = out[k + i]
            if s != d:
                if d == 1:
                    out[k + i] = s
                elif s != 1:
                    raise ValueError(
                        'operands could not be broadcast together with '
                        'shapes ' + ''.join([_shape_str(x) + ' '
                                             for x in shapes]))
    return tuple(out)


cdef list _k_order(tuple shape, list arrays):
    """NumPy's memory order for order='K' (its iterator's axis sort): the
    axes, innermost first, sorted by stride where every input whose
    strides are nonzero on both axes agrees, C order where they do not."""
    cdef Py_ssize_t nd = len(shape), i0, i1, ipos, j0, j1, k, pad
    cdef ndarray a
    cdef list strides = []
    cdef list st
    for a in arrays:
        pad = nd - len(a._shape)
        st = [0] * nd
        for k in range(len(a._shape)):
            if a._shape[k] != 1:
                st[pad + k] = abs(a._strides[k])
        strides.append(st)
    cdef list perm = list(range(nd - 1, -1, -1))
    cdef bint ambiguous, swap
    for i0 in range(1, nd):
        ipos = i0
        j0 = perm[i0]
        for i1 in range(i0 - 1, -1, -1):
            j1 = perm[i1]
            ambiguous = True
            swap = False
            for st in strides:
                if st[j0] != 0 and st[j1] != 0:
                    if st[j1] <= st[j0]:
                        swap = False
                    elif ambiguous:
                        swap = True
                    ambiguous = False
            if not ambiguous:
                if swap:
                    ipos = i1
                else:
                    break
        if ipos != i0:
            del perm[i0]
            perm.insert(ipos, j0)
    return perm


cdef ndarray _alloc(tuple shape, dtype, str order, list arrays):
    cdef ndarray a, t
    cdef Py_ssize_t nd = len(shape), i
    cdef bint all_c = True
    if order == 'C' or nd < 2:
        return _empty(shape, dtype)
    if order == 'F':
        return _empty(shape, dtype, 'F')
    if order == 'A':
        if arrays and all([(<ndarray>a)._f_contiguous and
                           not (<ndarray>a)._c_contiguous for a in arrays]):
            return _empty(shape, dtype, 'F')
        return _empty(shape, dtype)
    for a in arrays:
        if not a._c_contiguous:
            all_c = False
            break
    if all_c:
        return _empty(shape, dtype)
    perm = _k_order(shape, arrays)       # innermost first
    outer = perm[::-1]
    if outer == list(range(nd)):
        return _empty(shape, dtype)
    t = _empty(tuple([shape[j] for j in outer]), dtype)
    new_strides = [0] * nd
    for i in range(nd):
        new_strides[outer[i]] = t._strides[i]
    return t._view(shape, tuple(new_strides), 0)


cdef bint _overlaps(ndarray o, ndarray a):
    """Whether writing `o` may change what `a` reads (other than `a` being
    the very same view, which the provider handles)."""
    if o.data.mem is not a.data.mem:
        return False
    if (o.data.ptr == a.data.ptr and o._strides == a._strides and
            o._shape == a._shape and o.dtype == a.dtype):
        return False
    cdef Py_ssize_t olo, ohi, alo, ahi
    olo, ohi = _byte_extent(o)
    alo, ahi = _byte_extent(a)
    return olo < ahi and alo < ohi


cdef object _cmp_constant(str name, Py_ssize_t pos, object value):
    """NumPy 2's result of comparing an integer array with a Python int
    outside its dtype's range (pos: the int's operand index)."""
    above = value > 0
    if pos == 0:
        name = _SWAPPED[name]
    if name == 'equal':
        return False
    if name == 'not_equal':
        return True
    if name in ('less', 'less_equal'):
        return above
    return not above


cdef class ufunc:
    """A universal function on device arrays, with NumPy's semantics
    (``numpy.ufunc``): broadcasting, NumPy's type resolution, ``out``,
    ``where``, ``casting``, ``order``, ``dtype``, ``signature``, and the
    methods ``reduce``, ``accumulate``, ``outer`` and ``at``."""

    cdef readonly object _numpy_ufunc
    cdef readonly str _name
    cdef readonly int nin
    cdef readonly int nout
    cdef readonly int nargs
    cdef readonly tuple _types
    cdef object _docstring
    cdef dict _cache
    cdef bint _is_cmp
    cdef bint _is_power

    def __init__(self, numpy_ufunc, doc=None):
        self._numpy_ufunc = numpy_ufunc
        self._name = numpy_ufunc.__name__
        self.nin = numpy_ufunc.nin
        self.nout = numpy_ufunc.nout
        self.nargs = numpy_ufunc.nargs
        self._types = tuple(_capability.numpy_loops(numpy_ufunc))
        self._docstring = doc
        self._cache = {}
        self._is_cmp = self._name in _CMP
        self._is_power = self._name in ('power', 'float_power')
        _capability.register_ufunc(self._name, self._types)
        _all_ufuncs.append(self)
        _by_numpy_ufunc.setdefault(numpy_ufunc, self)

    # --------------------------------------------------------- attributes

    @property
    def __name__(self):
        return self._name

    @property
    def __doc__(self):
        if self._docstring is not None:
            return self._docstring
        return self._numpy_ufunc.__doc__

    @property
    def ntypes(self):
        return len(self._types)

    @property
    def types(self):
        # a new list each time, as NumPy's ufunc.types
        return list(self._types)

    @property
    def identity(self):
        return self._numpy_ufunc.identity

    @property
    def signature(self):
        return None

    def __repr__(self):
        return "<ufunc '{}'>".format(self._name)

    def __reduce__(self):
        from cupy._core import _routines_ufuncs
        return (_routines_ufuncs.by_name, (self._name,))

    # --------------------------------------------------------------- call

    def __call__(self, *args, **kwargs):
        cdef Py_ssize_t nargs = len(args)
        if not kwargs and nargs == self.nin:
            return self._call(args, None, True, 'same_kind', 'K', None, False)
        if nargs < self.nin or nargs > self.nargs:
            raise TypeError(
                '{}() takes from {} to {} positional arguments but {} were '
                'given'.format(self._name, self.nin, self.nargs, nargs))
        out_given = 'out' in kwargs
        out = kwargs.pop('out', None)
        where = kwargs.pop('where', True)
        casting = kwargs.pop('casting', 'same_kind')
        order = kwargs.pop('order', 'K')
        dtype = kwargs.pop('dtype', None)
        sig = kwargs.pop('signature', None)
        kwargs.pop('subok', None)
        if 'sig' in kwargs:
            sig = kwargs.pop('sig')
        if kwargs:
            raise TypeError("{}() got an unexpected keyword argument '{}'"
                            .format(self._name, next(iter(kwargs))))
        if nargs > self.nin:
            if out is not None:
                raise TypeError("cannot specify 'out' as both a positional "
                                "and keyword argument")
            # NumPy: positional outputs may be fewer than nout (the rest
            # are allocated)
            out = tuple(args[self.nin:]) + (None,) * (self.nargs - nargs)
            args = args[:self.nin]
            out_given = True
        outs = self._normalize_out(out)
        if casting not in _CASTINGS:
            check_casting(casting, True)
        if order is None:
            order = 'K'
        elif order not in ('K', 'A', 'C', 'F'):
            order = check_order(order)
        if dtype is not None:
            if sig is not None:
                raise TypeError("cannot specify both 'signature' and 'dtype'")
            dt = get_dtype(dtype)
            sig = (None,) * self.nin + (dt,) * self.nout
        elif sig is not None:
            sig = self._normalize_signature(sig)
        if where is not True and not out_given:
            warnings.warn(
                "'where' used without 'out', expect unitialized memory in "
                "output. If this is intentional, use out=None.", UserWarning,
                stacklevel=2)
        return self._call(args, outs, where, casting, order, sig, True)

    cdef tuple _normalize_out(self, out):
        if out is None:
            return None
        if isinstance(out, tuple):
            if len(out) != self.nout:
                raise ValueError("The 'out' tuple must have exactly one entry "
                                 "per ufunc output")
            outs = out
        elif self.nout == 1:
            outs = (out,)
        else:
            raise TypeError("'out' must be a tuple of arrays")
        for o in outs:
            if o is not None and not isinstance(o, ndarray):
                raise TypeError('return arrays must be of ArrayType')
        if all([o is None for o in outs]):
            return None
        return outs

    cdef object _normalize_signature(self, sig):
        if isinstance(sig, str):
            return sig
        if isinstance(sig, (tuple, list)):
            return tuple([None if s is None else get_dtype(s) for s in sig])
        raise TypeError('signature must be a string or a tuple')

    cdef _Plan _plan(self, tuple items, tuple out_dts, object sig,
                     str casting):
        cdef _Plan p = _Plan.__new__(_Plan)
        nin = self.nin
        res = _resolve(self._numpy_ufunc, items + out_dts, sig, casting)
        p.in_dtypes = tuple([get_dtype(d) for d in res[:nin]])
        p.out_dtypes = tuple([get_dtype(d) for d in res[nin:]])
        p.loop = _capability.normalize_loop(
            _capability.loop_string(p.in_dtypes, p.out_dtypes))
        p.route = _capability.route(self._name, p.loop)
        if p.route.kind in ('native', 'cast'):
            p.attrs = {'name': self._name, 'loop': p.route.dev_loop}
        else:
            p.attrs = {}
        prep = []
        for i in range(nin):
            it = items[i]
            want = p.in_dtypes[i]
            if not isinstance(it, numpy.dtype) or it == want:
                prep.append(None)
            elif (p.route.kind == 'cast' and
                  _capability._exact_cast(it, want)):
                prep.append(None)       # the route casts once, exactly
            else:
                prep.append(want)
        p.in_prep = tuple(prep)
        warn = False
        for i in range(nin):
            if (isinstance(items[i], numpy.dtype) and items[i].kind == 'c'
                    and p.in_dtypes[i].kind not in 'cb'):
                warn = True
        for i in range(len(out_dts)):
            if (out_dts[i] is not None and p.out_dtypes[i].kind == 'c' and
                    out_dts[i].kind not in 'cb'):
                warn = True
        p.complex_warn = warn
        p.check_negative_power = (
            self._is_power and p.in_dtypes[1].kind == 'i')
        p.simple = (p.route.kind == 'native' and self.nout == 1 and
                    not p.check_negative_power and
                    all([x is None for x in prep]))
        return p

    cdef object _fast(self, tuple args, list arrays, _Plan plan,
                      ndarray out):
        # C-contiguous arrays of one shape (and scalars) and a C-contiguous
        # out of the loop's dtype (or none); None when the call needs the
        # general path
        cdef ndarray a, first
        cdef Py_ssize_t i
        cdef int dev
        if not arrays:
            return None
        first = arrays[0]
        shape = first._shape
        dev = api.xpuGetDevice()
        for a in arrays:
            if (not a._c_contiguous or a._shape != shape or
                    a.data.device_id != dev):
                return None
        if out is not None:
            if (not out._c_contiguous or out._shape != shape or
                    out.dtype != plan.out_dtypes[0] or
                    out.data.device_id != dev):
                return None
            for a in arrays:
                if _overlaps(out, a):
                    return None
        cdef object ins = args
        cdef list conv
        if len(arrays) != self.nin or len(args) != self.nin:
            # scalars as the loop's dtypes
            conv = []
            for i in range(self.nin):
                x = args[i]
                if isinstance(x, ndarray):
                    conv.append(x)
                else:
                    conv.append(_loop_scalar(plan, i, x))
                    if conv[i] is None:
                        return None
            ins = conv
        if out is None:
            out = _empty(shape, plan.out_dtypes[0])
        if out.size:
            run_native_contiguous(plan.attrs, ins, out)
        return out

    cdef object _call(self, tuple args, tuple outs, object where,
                      str casting, str order, object sig, bint slow):
        cdef Py_ssize_t nin = self.nin, nout = self.nout, i, j
        cdef list items = []
        cdef list arrays = []
        cdef list shapes
        cdef ndarray a, o, t, mask = None
        cdef _Plan plan
        cdef tuple shape
        cdef int dev = -1
        for x in args:
            if isinstance(x, ndarray):
                a = x
                items.append(a.dtype)
                arrays.append(a)
            elif _stands_for_array(x):
                # an object standing for a device array (cupy.poly1d)
                return self._call(tuple([_as_operand(y) for y in args]),
                                  outs, where, casting, order, sig, slow)
            else:
                items.append(_scalar_key(x))
        if nin == 1 and not arrays and type(args[0]) is int and \
                2**63 <= args[0] < 2**64:
            # NumPy converts a lone Python int past int64 to uint64
            items[0] = _UINT64
        cdef tuple titems = tuple(items)
        out_dts = None
        if not slow:
            key = titems
        else:
            out_dts = tuple([None if o is None else o.dtype
                             for o in (outs or (None,) * nout)])
            key = (titems, out_dts, sig, casting)
        plan = self._cache.get(key)
        if plan is None:
            plan = self._plan(titems, out_dts or (None,) * nout, sig,
                              casting)
            self._cache[key] = plan
        if plan.complex_warn:
            warnings.warn('Casting complex values to real discards the '
                          'imaginary part', _ComplexWarning, stacklevel=3)
        if plan.simple:
            if not slow:
                res = self._fast(args, arrays, plan, None)
                if res is not None:
                    return res
            elif where is True and (outs is not None or order in ('K', 'C')):
                res = self._fast(args, arrays, plan,
                                 None if outs is None else outs[0])
                if res is not None:
                    return res

        # --- where, devices, shape
        cdef bint nothing = False
        shapes = []
        if slow:
            if where is not True:
                if isinstance(where, (_np_ndarray, list, tuple)):
                    # NumPy takes any array-like mask (a host copy here)
                    where = _host_mask(where)
                if isinstance(where, ndarray):
                    mask = where
                    if mask.dtype != _BOOL:
                        raise TypeError(
                            'Cannot cast array data from {!r} to '
                            "dtype('bool') according to the rule 'safe'"
                            .format(mask.dtype))
                elif not where:
                    # nothing is computed, but NumPy's checks of the
                    # operands (shapes, out=, scalar ranges) still apply
                    nothing = True
            for a in arrays:
                shapes.append(a._shape)
            if mask is not None:
                shapes.append(mask._shape)
            shape = _broadcast_shapes(shapes)
            if outs is not None:
                for o in outs:
                    if o is not None and o._shape != shape:
                        full = _broadcast_shapes(shapes + [o._shape])
                        if o._shape != full:
                            raise ValueError(
                                "non-broadcastable output operand with shape "
                                "{} doesn't match the broadcast shape {}"
                                .format(_shape_str(o._shape),
                                        _shape_str(full)))
                        shape = full
            dev = api.xpuGetDevice()
            for a in arrays:
                if a.data.device_id != dev:
                    _device_error(a, dev)
            if mask is not None:
                if mask.data.device_id != dev:
                    _device_error(mask, dev)
                mask = _broadcast_to(mask, shape)
            if outs is not None:
                for o in outs:
                    if o is not None and o.data.device_id != dev:
                        _device_error(o, dev)
        else:
            dev = api.xpuGetDevice()
            for a in arrays:
                if a.data.device_id != dev:
                    _device_error(a, dev)
            if len(arrays) == 1:
                shape = (<ndarray>arrays[0])._shape
            elif len(arrays) == 2 and (<ndarray>arrays[0])._shape == (
                    <ndarray>arrays[1])._shape:
                shape = (<ndarray>arrays[0])._shape
            else:
                for a in arrays:
                    shapes.append(a._shape)
                shape = _broadcast_shapes(shapes)

        # --- inputs in the loop's dtypes
        cdef list ins = []
        cdef object cmp_const = None
        for i in range(nin):
            x = args[i]
            prep = plan.in_prep[i]
            if isinstance(x, ndarray):
                a = x
                if prep is not None:
                    a = cast_input(a, prep)
                if a._shape != shape:
                    a = _broadcast_to(a, shape)
                ins.append(a)
            else:
                want = plan.in_dtypes[i]
                try:
                    ins.append(want.type(x))
                except OverflowError:
                    if not (self._is_cmp and isinstance(x, int) and
                            want.kind in 'iu'):
                        raise
                    cmp_const = _cmp_constant(self._name, i, x)
                    ins.append(None)
        if cmp_const is None and not arrays:
            # every operand is a scalar: the first one as a 0-d array
            t = _empty((), plan.in_dtypes[0])
            _fill(t, ins[0])
            ins[0] = _broadcast_to(t, shape)
        if nothing:
            return self._nothing(shape, outs, plan, order, arrays)
        if plan.check_negative_power:
            _check_negative_power(ins[1])

        # --- outputs
        cdef list finals = [], targets = [], post = []
        for j in range(nout):
            want = plan.out_dtypes[j]
            o = None if outs is None else outs[j]
            if o is None:
                o = _alloc(shape, want, order, arrays)
                finals.append(o)
                targets.append(o)
                continue
            finals.append(o)
            direct = mask is None and o.dtype == want
            if direct:
                for x in ins:
                    if isinstance(x, ndarray) and _overlaps(o, <ndarray>x):
                        direct = False
                        break
            if direct:
                targets.append(o)
            else:
                t = _empty(shape, want)
                targets.append(t)
                post.append((o, t))

        # --- run
        o = targets[0]
        if o.size:
            if cmp_const is not None:
                _fill(o, cmp_const)
            else:
                run_route(plan.route, ins, targets, plan.attrs)
            for o, t in post:
                if mask is None:
                    _copy_to(o, t)
                else:
                    if o.dtype != t.dtype:
                        t = cast_input(t, o.dtype)
                    masked_copy(o, t, mask)
        if nout == 1:
            return finals[0]
        return tuple(finals)

    cdef object _nothing(self, tuple shape, tuple outs, _Plan plan,
                         str order, list arrays):
        # where=False: nothing is computed; outputs are returned as given
        # (or new, uninitialised)
        finals = []
        for j in range(self.nout):
            o = None if outs is None else outs[j]
            if o is None:
                o = _alloc(shape, plan.out_dtypes[j], order, arrays)
            finals.append(o)
        if self.nout == 1:
            return finals[0]
        return tuple(finals)

    # ------------------------------------------------------------ methods

    def reduce(self, array, axis=0, dtype=None, out=None, keepdims=False,
               initial=numpy._NoValue, where=True):
        """Reduce ``array`` along ``axis`` (``numpy.ufunc.reduce``)."""
        from cupy._core.elementwise import _ufunc_methods
        return _ufunc_methods.reduce(self, array, axis, dtype, out, keepdims,
                                     initial, where)

    def accumulate(self, array, axis=0, dtype=None, out=None):
        """Accumulate along ``axis`` (``numpy.ufunc.accumulate``)."""
        from cupy._core.elementwise import _ufunc_methods
        return _ufunc_methods.accumulate(self, array, axis, dtype, out)

    def reduceat(self, array, indices, axis=0, dtype=None, out=None):
        """``numpy.ufunc.reduceat``."""
        from cupy._core.elementwise import _ufunc_methods
        return _ufunc_methods.reduceat(self, array, indices, axis, dtype,
                                       out)

    def outer(self, A, B, **kwargs):
        """``op(a, b)`` for every pair of elements (``numpy.ufunc.outer``)."""
        from cupy._core.elementwise import _ufunc_methods
        return _ufunc_methods.outer(self, A, B, **kwargs)

    def at(self, a, indices, b=None):
        """Unbuffered in-place ``a[indices] = op(a[indices], b)``
        (``numpy.ufunc.at``)."""
        from cupy._core.elementwise import _ufunc_methods
        return _ufunc_methods.at(self, a, indices, b)

    def resolve_dtypes(self, dtypes, *, signature=None, casting=None,
                       reduction=False):
        """NumPy's ``ufunc.resolve_dtypes``."""
        if casting == 'equiv' and not reduction:
            return _resolve(self._numpy_ufunc, tuple(dtypes), signature,
                            casting)
        kw = {'reduction': reduction}
        if signature is not None:
            kw['signature'] = signature
        if casting is not None:
            kw['casting'] = casting
        return self._numpy_ufunc.resolve_dtypes(dtypes, **kw)

    def _plan_for(self, *args):
        """The cached plan of a call with these (non-keyword) arguments."""
        items = tuple([x.dtype if isinstance(x, ndarray) else _scalar_key(x)
                       for x in args])
        return self._plan(items, (None,) * self.nout, None, 'same_kind')


cdef _device_error(ndarray a, int dev):
    raise ValueError(
        'The array is on device {} but the current device is {}: use '
        'arrays of one device together, inside `with cupy.cuda.Device({})`'
        .format(a.data.device_id, dev, a.data.device_id))


cdef _check_negative_power(object exponent):
    # NumPy raises for integers to negative integer powers.  A scalar is
    # checked here; an array needs one device reduction and a one-byte
    # copy to the host (the only synchronising ufunc call; TODO.md).
    if exponent is None:
        return
    if not isinstance(exponent, ndarray):
        if exponent < 0:
            raise ValueError(
                'Integers to negative integer powers are not allowed.')
        return
    from cupy._core.elementwise import _ufunc_methods
    if _ufunc_methods.any_negative(exponent):
        raise ValueError(
            'Integers to negative integer powers are not allowed.')
