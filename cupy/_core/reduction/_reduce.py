"""Reductions and scans of the array core (DESIGN.md layer 4): NumPy's
rules decided here, the work handed to the provider ('reduce' and 'scan'
of cupy_backends/backend/operations.md).

Result and loop dtypes come from NumPy itself (reduction/_dtypes.py);
the values of empty reductions too (NumPy on the empty array, which holds
no data).  Each request then takes the capability path of DESIGN.md:
1. the provider runs the loop dtype (``_dispatch.device_has``; its own
   exact casts included);
2. a composition of other operations (reduction/_compose.py: the
   nan-functions, float64 and complex var/std, masks for ``where=``), each
   part on its own path;
3. NumPy on host copies (``cupy._core._fallback``: counted, warned once
   per (operation, loop), ``CUPY_HOST_FALLBACK``).

``ufunc_reduce`` and ``ufunc_accumulate`` serve ``cupy.ufunc.reduce`` /
``.accumulate`` of add, multiply, maximum, minimum, logical_and and
logical_or.
"""

import operator
import sys
import warnings

import numpy

from cupy._core import _dispatch
from cupy._core import _dtype
from cupy._core import _fallback
from cupy._core import _plans
from cupy._core import _shape
from cupy._core import core
from cupy._core.reduction import _compose
from cupy._core._operands import (  # NOQA: as_array, check_out, finish and
    NoValue, as_array, check_out, finish, host_value, overlap,  # NoValue
    routine, scalar_array)          # are also imported from here by the API
from cupy._core.reduction._dtypes import ARG, UFUNCS, loop_dtype, probe
from cupy_backends.backend.provider import OperationNotSupported

# What compositions reduce through (_compose: they take it as
# an argument instead of importing this module back).
_THIS = sys.modules[__name__]

_BOOL = numpy.dtype(numpy.bool_)
_INT64 = numpy.dtype(numpy.int64)

# The reductions and scans of the contract (operations.md), for the
# capability summary and the route query.
REDUCTIONS = ('sum', 'prod', 'nansum', 'nanprod', 'max', 'min', 'nanmax',
              'nanmin', 'argmax', 'argmin', 'nanargmax', 'nanargmin', 'all',
              'any', 'count_nonzero', 'mean', 'var', 'std', 'nanmean',
              'nanvar', 'nanstd')
SCANS = ('cumsum', 'cumprod')


# ------------------------------------------------------------- arguments --

def normalize_axes(axis, ndim):
    """NumPy's axis argument as a sorted tuple of distinct axes."""
    if axis is None:
        return tuple(range(ndim))
    return tuple(sorted(_shape.normalize_axes(axis, ndim)))


def reduced_shape(shape, axes, keepdims):
    if keepdims:
        return tuple(1 if i in axes else d for i, d in enumerate(shape))
    return tuple(d for i, d in enumerate(shape) if i not in axes)


# ------------------------------------------------------------ the routing --

def _fallback_loop(loop, res_dtype):
    return '{}->{}'.format(loop.char, res_dtype.char)


def device_dtype(name, loop):
    """The dtype of the provider's result of reduction ``name`` on
    ``loop`` (operations.md)."""
    if name in ('all', 'any'):
        return _BOOL
    if name in ('argmax', 'argmin', 'count_nonzero'):
        return _INT64
    if name in ('var', 'std') and loop.kind == 'c':
        return numpy.dtype(loop.char.lower())
    return loop


def _target(out, shape, dt, a):
    if out is not None and out.dtype == dt and out.shape == shape \
            and not overlap(out, a):
        return out
    # NumPy allocates results in the input's memory order ('K')
    f = a.flags.f_contiguous and not a.flags.c_contiguous
    return core._empty(shape, dt, 'F' if f else 'C')


def _deliver(target, out, res_dtype):
    if out is not None:
        return finish(target, out)
    if target.dtype != res_dtype:
        return target.astype(res_dtype)
    return target


def run_device(name, a, axes, keepdims, loop, res_dtype, out, ddof=0):
    """Run the provider's 'reduce' on ``a`` (nonempty, reduced axes
    nonempty where it matters) into a new array of ``res_dtype`` or into
    ``out``; None when the provider cannot."""
    shape = reduced_shape(a.shape, axes, keepdims)
    target = _target(out, shape, device_dtype(name, loop), a)
    attrs = {'name': name, 'axes': axes, 'keepdims': keepdims,
             'dtype': loop}
    if name in ('var', 'std'):
        attrs['ddof'] = ddof
    try:
        core._run('reduce', (target._as_view(),), (a._as_view(),), attrs)
    except OperationNotSupported:
        return None
    return _deliver(target, out, res_dtype)


def run_host(name, a, numpy_kwargs, loop, res_dtype, out, why=None):
    """NumPy's ``name`` on a host copy of ``a``; the result copied back."""
    # refused before the fallback is counted (it warned, then refused):
    # datetime/timedelta arrays only hold data (_as_view raises), and no
    # device array holds Python objects
    a._as_view()
    _dtype.get_dtype(loop)
    _dtype.get_dtype(res_dtype)
    _fallback.enter(name, _fallback_loop(loop, res_dtype), why)
    h = a.get()
    kw = {k: host_value(v) for k, v in numpy_kwargs.items()}
    res = numpy.asarray(getattr(numpy, name)(h, **kw))
    from cupy._core import _transfer
    dev = _transfer.from_host(res)
    return finish(dev, out)


# --------------------------------------------------------------- helpers --

def count(shape, axes):
    n = 1
    for i in axes:
        n *= shape[i]
    return n


def _where_mask(where, shape):
    """A device bool mask broadcast to ``shape``."""
    w = as_array(where)
    if w.dtype != _BOOL:
        w = w.astype(_BOOL)
    return core._broadcast_to(w, shape)


def _identity_array(name, a, loop, initial):
    """The value masked-out elements take: the identity, or ``initial``
    for the reductions without one (max, min)."""
    if name in ('max', 'min', 'nanmax', 'nanmin'):
        return numpy.asarray(initial).astype(a.dtype, casting='unsafe') \
            if a.dtype.kind != 'b' else numpy.asarray(bool(initial))
    ident = {'sum': 0, 'nansum': 0, 'prod': 1, 'nanprod': 1, 'all': True,
             'any': False, 'mean': 0, 'nanmean': 0}[name]
    return numpy.asarray(ident).astype(a.dtype)


# --------------------------------------------------------- the reductions --

# NumPy's mean/var/std check their axis themselves (a bool is an axis,
# a 0-d array has none); its other reductions go through ufunc.reduce.
_OWN_AXIS_CHECK = frozenset(('mean', 'var', 'std'))


def _axis_argument(name, axis, ndim):
    """NumPy's checks of an ``axis`` argument before it is normalised: an
    int or a tuple (not a bool, list or array), and on a 0-d array the
    int axes 0 and -1 mean the whole array (ufunc.reduce's rule)."""
    if axis is None or isinstance(axis, tuple):
        return axis
    if name in _OWN_AXIS_CHECK and isinstance(axis, (bool, numpy.bool_)):
        # NumPy counts the items along it as an int, then sums: TypeError
        _shape.normalize_axis(int(axis), ndim)
        raise TypeError('an integer is required')
    if name not in _OWN_AXIS_CHECK and isinstance(axis, (bool,
                                                          numpy.bool_)):
        raise TypeError('an integer is required' +
                        (' for the axis' if name in ARG or
                         name.startswith(('cum', 'nancum')) else ''))
    try:
        axis = operator.index(axis)
    except TypeError:
        raise TypeError("'{}' object cannot be interpreted as an "
                        "integer".format(type(axis).__name__)) from None
    if ndim == 0 and axis in (0, -1) and name not in _OWN_AXIS_CHECK:
        return None
    return axis


def _keepdims_argument(name, keepdims):
    """NumPy takes a Python bool or any integer, nothing else; argmax and
    argmin take any object's truth value."""
    if name in ARG:
        return bool(keepdims)
    if keepdims is True or keepdims is False:
        return keepdims
    if isinstance(keepdims, numpy.bool_) or not hasattr(keepdims,
                                                         '__index__'):
        raise TypeError("'{}' object cannot be interpreted as an "
                        "integer".format(type(keepdims).__name__))
    return bool(operator.index(keepdims))


def _dtype_argument(dtype, ufunc=True):
    # NumPy's own TypeError for a name it does not know, at once; the
    # library's refusal of the dtypes NumPy has but it has not (object,
    # str ...) comes after the axis and out checks, in NumPy's order
    if dtype is not None:
        d = numpy.dtype(dtype)
        # the ufunc behind a reduction takes a DType, not an instance with
        # details (byte order, a string length, a datetime unit); scans
        # (ndarray.cumsum ...) take any
        if ufunc and d != numpy.dtype(d.char):
            raise TypeError(
                'The `dtype` and `signature` arguments to ufuncs only select '
                'the general DType and not details such as the byte order or '
                'time unit; got {}'.format(d))
    return dtype


def _supported_dtype(dtype):
    if dtype is not None:
        _dtype.get_dtype(dtype)     # TypeError for object, str ...


# ------------------------------------------------------ the steady state --
# A reduction called again on an array of the same dtype, shape and layout
# class, with the same axis and keepdims and none of dtype=, out=,
# initial=, where=, ddof=, repeats every decision of ``reduce`` below;
# those decisions are kept per signature, so the steady state is one
# allocation and one provider request (issue 9: ``a.sum()`` within 3x of
# ``a + b``).  The key holds the dispatch generation: hiding loops or
# swapping the provider starts over.  Only requests the provider ran
# natively become plans; the rest take the general path every time.
_PLANS = _plans.PlanTable()


def _plan_key(name, a, axis, keepdims, dtype, out, initial, where, ddof):
    if dtype is not None or out is not None or initial is not NoValue \
            or where is not True or type(a) is not core.ndarray:
        return None
    if type(ddof) is not int or ddof != 0 or name in ARG:
        return None
    if (axis is not None and type(axis) is not int) or \
            (keepdims is not False and keepdims is not True):
        return None         # bools, lists, arrays: the general checks
    return (name, a.dtype, a.shape, a._c_contiguous, a._f_contiguous,
            axis, keepdims, _dispatch.generation())


def _plan(name, a, axes, keepdims, loop, res_dtype):
    """What ``run_device`` decides for this signature, or None where the
    request does not go to the provider as it stands."""
    dev = name
    if name.startswith('nan') and a.dtype.kind not in 'fc':
        dev = name[3:]
    if not _dispatch.device_has(dev, loop):
        return None
    attrs = {'name': dev, 'axes': axes, 'keepdims': keepdims,
             'dtype': loop}
    if dev in ('var', 'std'):
        attrs['ddof'] = 0
    f = a._f_contiguous and not a._c_contiguous
    return (reduced_shape(a.shape, axes, keepdims), device_dtype(dev, loop),
            'F' if f else 'C', attrs, res_dtype)


def _run_plan(plan, a):
    shape, dt, order, attrs, res_dtype = plan
    target = core._empty(shape, dt, order)
    core._run('reduce', (target._as_view(),), (a._as_view(),), attrs)
    if dt != res_dtype:
        return target.astype(res_dtype)
    return target


def reduce(name, a, axis=None, dtype=None, out=None, keepdims=False,
           initial=NoValue, where=True, ddof=0, numpy_name=None):
    """NumPy's reduction ``name`` (sum, prod, max, min, all, any, mean,
    var, std, argmax, argmin, count_nonzero and the nan-functions) of
    ``a`` on the device, with NumPy's arguments."""
    if dtype is not None:
        _warn_complex_to_real(name, a, dtype)
    key = None
    if numpy_name is None or numpy_name == name:
        key = _plan_key(name, a, axis, keepdims, dtype, out, initial, where,
                        ddof)
        if key is not None:
            plan = _PLANS.get(key)
            if plan is not None:
                return _run_plan(plan, a)
    a = as_array(a)
    numpy_name = numpy_name or name
    axis = _axis_argument(numpy_name, axis, a.ndim)
    keepdims = _keepdims_argument(numpy_name, keepdims)
    if numpy_name in _OWN_AXIS_CHECK:
        # NumPy's mean/var/std count the items along each axis (range
        # checked, duplicates not yet), then call the ufunc with dtype
        for ax in axis if isinstance(axis, tuple) else (
                () if axis is None else (axis,)):
            _shape.normalize_axis(ax, a.ndim)
    elif numpy_name in ('nanmean', 'nanvar', 'nanstd'):
        normalize_axes(axis, a.ndim)    # NumPy counts the non-NaNs first
    dtype = _dtype_argument(dtype)
    arg = name in ARG
    if arg:
        if axis is None:
            ax_norm = None
            axes = tuple(range(a.ndim))
        else:
            ax_norm = _shape.normalize_axis(axis, a.ndim)
            axes = (ax_norm,)
    else:
        axes = normalize_axes(axis, a.ndim)
        ax_norm = axes if axis is not None else None
    shape = reduced_shape(a.shape, axes, keepdims)
    if arg and axis is None:
        shape = (1,) * a.ndim if keepdims else ()
    check_out(out, shape, numpy_name)
    _supported_dtype(dtype)
    if not axes and a.ndim and not arg:
        # axis=(): each element alone, as a reduction over a new axis of 1
        a = a.reshape(a.shape + (1,))
        if where is not True:
            where = _where_mask(where, a.shape[:-1]).reshape(a.shape)
        axes = (a.ndim - 1,)
        keepdims = False
        ax_norm = axes
        key = None              # a reshaped input: no plan of ``a``
    has_where = where is not True
    kwargs = _numpy_kwargs(name, dtype, out, keepdims, initial, has_where,
                           ddof)
    res_dtype = probe(numpy_name, a.dtype, a.ndim, ax_norm, kwargs)
    if out is None:
        natural = res_dtype
    else:
        kw = dict(kwargs)
        kw.pop('out')
        natural = probe(numpy_name, a.dtype, a.ndim, ax_norm, kw)
    loop = loop_dtype(name, a.dtype, dtype,
                      out.dtype if out is not None else None, natural)
    n = count(a.shape, axes)
    if name in ('var', 'std') and 0 < n <= ddof:
        warnings.warn('Degrees of freedom <= 0 for slice', RuntimeWarning,
                      stacklevel=3)
    if a.size == 0 or n == 0:
        return _empty_reduction(numpy_name, a, ax_norm, shape, natural,
                                out, kwargs, where)
    if has_where:
        return _reduce_where(name, a, axes, keepdims, loop, natural, out,
                             initial, where, ddof, ax_norm, kwargs)
    if key is not None:
        plan = _plan(name, a, axes, keepdims, loop, natural)
        if plan is not None:
            res = _PLANS.first_run(key, plan, _run_plan, a)
            if res is not None:
                return res
    res = reduce_values(name, a, axes, keepdims, loop, natural, out, ddof,
                        ax_norm, kwargs)
    if initial is not NoValue:
        res = _with_initial(name, res, initial, out)
    return res


# reductions without a dtype argument (NumPy's take none, or ignore it)
_NO_DTYPE = ('max', 'min', 'nanmax', 'nanmin', 'all', 'any',
             'count_nonzero')


def _warn_complex_to_real(name, a, dtype):
    """NumPy's ComplexWarning of a reduction or scan of a complex array
    with a real or integer ``dtype`` (its input cast drops the imaginary
    part; a cast to bool tests for non-zero and does not warn)."""
    a_dtype = getattr(a, 'dtype', None)
    if (a_dtype is None or a_dtype.kind != 'c' or name in ARG or
            name in _NO_DTYPE):
        return
    try:
        kind = numpy.dtype(dtype).kind
    except TypeError:
        return                  # an invalid dtype: refused further on
    if kind in 'iuf':
        _dtype.warn_complex_cast(stacklevel=4)


def _numpy_kwargs(name, dtype, out, keepdims, initial, has_where, ddof):
    kw = {}
    if name in ARG:
        if keepdims:
            kw['keepdims'] = True
    elif name == 'count_nonzero':
        if keepdims:
            kw['keepdims'] = True
        return kw
    else:
        kw['keepdims'] = keepdims
    if dtype is not None and name not in ARG and name not in _NO_DTYPE:
        kw['dtype'] = numpy.dtype(dtype)
    if out is not None:
        kw['out'] = (out.shape, out.dtype)
    if initial is not NoValue:
        kw['initial'] = initial
    if has_where:
        kw['where'] = True
    if name in ('var', 'std', 'nanvar', 'nanstd'):
        kw['ddof'] = ddof
    return kw


def _host_kwargs(kwargs, ax_norm, where):
    kw = {k: v for k, v in kwargs.items() if k not in ('out', 'where')}
    kw['axis'] = ax_norm
    if where is not True:
        kw['where'] = where
    return kw


def _empty_reduction(name, a, ax_norm, shape, res_dtype, out, kwargs,
                     where):
    """NumPy on the empty array itself (no data): its errors, warnings
    and (uniform) result, filled on device."""
    kw = _host_kwargs(kwargs, ax_norm, True)
    if where is not True:
        kw['where'] = numpy.broadcast_to(numpy.asarray(host_value(where),
                                                       _BOOL), a.shape)
    host = numpy.asarray(getattr(numpy, name)(
        numpy.empty(a.shape, a.dtype), **kw))
    res = core._empty(shape, res_dtype)
    if res.size:
        core._fill(res, host.reshape(-1)[0])
    return finish(res, out)


def reduce_values(name, a, axes, keepdims, loop, res_dtype, out, ddof,
                  ax_norm, kwargs):
    """The reduction of nonempty ``a`` on its path."""
    if name in ARG and ax_norm is None:
        # one axis: the flattened array (NumPy's flat index)
        flat = a.reshape(-1)
        r = reduce_values(name, flat, (0,), False, loop, res_dtype, None,
                          ddof, 0, kwargs)
        if keepdims:
            r = r.reshape((1,) * a.ndim)
        return finish(r, out)
    dev = name
    if name.startswith('nan') and a.dtype.kind not in 'fc':
        dev = name[3:]          # integers have no NaN
    if dev in ('var', 'std', 'nanvar', 'nanstd') and (
            ddof != int(ddof) or ddof < 0):
        native = False
    else:
        native = _dispatch.device_has(dev, loop)
    if native:
        r = run_device(dev, a, axes, keepdims, loop, res_dtype, out, ddof)
        if r is not None:
            return r
    comp = _compose.COMPOSED.get(dev)
    if comp is not None and _compose.composable(dev, loop):
        return comp(_THIS, a, axes, keepdims, loop, res_dtype, out, ddof)
    kw = _host_kwargs(kwargs, ax_norm, True)
    return run_host(name, a, kw, loop, res_dtype, out)


def _with_initial(name, res, initial, out):
    """Combine a reduction's result with ``initial`` as NumPy does."""
    op = {'sum': 'add', 'nansum': 'add', 'prod': 'multiply',
          'nanprod': 'multiply', 'max': 'maximum', 'min': 'minimum',
          'nanmax': 'fmax', 'nanmin': 'fmin'}[name]
    init = scalar_array(initial, res.dtype)
    return routine(op)(res, init, out=res)


def _reduce_where(name, a, axes, keepdims, loop, res_dtype, out, initial,
                  where, ddof, ax_norm, kwargs):
    mask = _where_mask(where, a.shape)
    if name in ('mean', 'var', 'std', 'nanmean', 'nanvar', 'nanstd'):
        if loop.kind not in 'fc' or \
                not _compose.composable('var', loop):
            return run_host(name, a, _host_kwargs(kwargs, ax_norm, where),
                            loop, res_dtype, out, 'where=')
        if name.startswith('nan') and loop.kind in 'fc':
            mask = routine('logical_and')(
                mask, routine('logical_not')(routine('isnan')(a)))
        return _compose.masked_moment(
            _THIS, name.replace('nan', ''), a, mask, axes, keepdims, loop,
            res_dtype, out, ddof)
    if name in ('max', 'min', 'nanmax', 'nanmin') and initial is NoValue:
        raise ValueError(
            "reduction operation '{}' does not have an identity, so to use "
            "a where mask one has to specify 'initial'".format(
                UFUNCS[name].__name__))
    fill = _identity_array(name, a, loop, initial)
    x = routine('where')(mask, a, scalar_array(fill, a.dtype))
    res = reduce_values(name, x, axes, keepdims, loop, res_dtype, out, ddof,
                        ax_norm, kwargs)
    if initial is not NoValue and name not in ('all', 'any'):
        res = _with_initial(name, res, initial, out)
    return res


# ------------------------------------------------------------------ scans --

def scan(name, a, axis=None, dtype=None, out=None):
    """cumsum / cumprod (and the nan-variants) on the device."""
    if not isinstance(a, core.ndarray):
        # CuPy's scans take device arrays only (no implicit host copy)
        raise TypeError('Unsupported type {}'.format(type(a)))
    base = name[3:] if name.startswith('nan') else name
    axis = _axis_argument(name, axis, a.ndim)
    dtype = _dtype_argument(dtype, ufunc=False)
    if dtype is not None:
        _warn_complex_to_real(name, a, dtype)
    if axis is None:
        src = a.reshape(-1)
        ax = 0
        ax_arg = None
    else:
        ax = _shape.normalize_axis(axis, a.ndim)
        src = a
        ax_arg = ax
    if dtype is not None and numpy.dtype(dtype).kind in 'USVM':
        # NumPy has no add/multiply loop for them: refused before out
        _supported_dtype(dtype)
    check_out(out, src.shape, name)
    kw = {}
    if dtype is not None:
        kw['dtype'] = numpy.dtype(dtype)
    if out is not None:
        kw['out'] = (out.shape, out.dtype)
    res_dtype = probe(name, a.dtype, a.ndim, ax_arg,
                      {k: v for k, v in kw.items() if k != 'out'})
    if out is not None:
        probe(name, a.dtype, a.ndim, ax_arg, kw)
    loop = loop_dtype(base, a.dtype, dtype,
                      out.dtype if out is not None else None, res_dtype)
    if src.size == 0:
        return finish(core._empty(src.shape, res_dtype), out)
    if name.startswith('nan') and src.dtype.kind in 'fc':
        fill = 0 if base == 'cumsum' else 1
        if not _compose.composable('nansum', src.dtype):
            return run_host(name, a, {'axis': ax_arg, 'dtype': dtype}, loop,
                            res_dtype, out)
        src = routine('where')(routine('isnan')(src),
                               scalar_array(fill, src.dtype), src)
    if src.ndim == 0:
        src = src.reshape(1)
    if loop.kind == 'b' and src.dtype.kind != 'b':
        # NumPy casts the input to the loop's bool first (0.5 is True)
        src = src.astype(loop)
    if _dispatch.device_has(base, loop):
        target = _target(out, src.shape, loop, a)
        try:
            core._run('scan', (target._as_view(),), (src._as_view(),),
                      {'name': base, 'axis': ax, 'dtype': loop})
            return _deliver(target, out, res_dtype)
        except OperationNotSupported:
            pass
    return run_host(name, a, {'axis': ax_arg, 'dtype': dtype}, loop,
                    res_dtype, out)


# ------------------------------------------------------------ ufunc hooks --

_UFUNC_REDUCTIONS = {'add': 'sum', 'multiply': 'prod', 'maximum': 'max',
                     'minimum': 'min', 'logical_and': 'all',
                     'logical_or': 'any', 'fmax': 'nanmax',
                     'fmin': 'nanmin'}


def ufunc_reduce(ufunc_name, a, axis=0, dtype=None, out=None,
                 keepdims=False, initial=NoValue, where=True):
    """``cupy.<ufunc>.reduce`` for the ufuncs of _UFUNC_REDUCTIONS; None
    for other ufuncs (the caller decides)."""
    name = _UFUNC_REDUCTIONS.get(ufunc_name)
    if name is None:
        return None
    a = as_array(a)
    if name in ('all', 'any') and dtype is not None:
        a = a.astype(dtype)
    return reduce(name, a, axis, dtype if name not in (
        'max', 'min', 'all', 'any', 'nanmax', 'nanmin') else None, out,
        keepdims, initial, where)


def ufunc_accumulate(ufunc_name, a, axis=0, dtype=None, out=None):
    """``cupy.add.accumulate`` / ``cupy.multiply.accumulate``; None for
    other ufuncs."""
    name = {'add': 'cumsum', 'multiply': 'cumprod'}.get(ufunc_name)
    if name is None:
        return None
    a = as_array(a)
    if a.ndim == 0:
        raise TypeError('cannot accumulate on a scalar')
    return scan(name, a, axis, dtype, out)


# ------------------------------------------------------------ the route --

def _route_off_device(name, loop):
    """The core's route for reduction/scan loop ``loop`` of ``name`` that
    the provider does not run (see reduce_values)."""
    if name.startswith('nan') and loop.kind not in 'fc':
        return _dispatch.route(name[3:], loop)   # integers have no NaN
    if _compose.composable(name, loop):
        return 'composed'
    return 'host'


_dispatch.register_resolver(_route_off_device, REDUCTIONS + SCANS)
