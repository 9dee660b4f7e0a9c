"""Reductions and scans of the array core (DESIGN.md layer 4): NumPy's
rules decided here, the work handed to the provider ('reduce' and 'scan'
of cupy_backends/backend/operations.md).

Result dtypes, casting errors and the values of empty reductions come from
NumPy itself: the same NumPy function is called on a tiny host proxy (an
array of ones of the same dtype and rank, or the empty array itself,
which holds no data), so no promotion table is written here.  The loop
(accumulation) dtype is NumPy's: ``dtype`` if given, else the one NumPy
resolves with ``out`` (``ufunc.resolve_dtypes(..., reduction=True)``),
else the default (``sum`` of int8 is an int64 loop).

Each request then takes the capability path of DESIGN.md:
1. the provider runs the loop dtype (``reduction_dtypes(name)``; its own
   exact casts included);
2. a composition of other operations (the nan-functions, float64 and
   complex var/std, masks for ``where=``), each part on its own path;
3. NumPy on host copies (``cupy._core._fallback``: counted, warned once
   per (operation, loop), ``CUPY_HOST_FALLBACK``).

``ufunc_reduce`` and ``ufunc_accumulate`` serve ``cupy.ufunc.reduce`` /
``.accumulate`` of add, multiply, maximum, minimum, logical_and and
logical_or.
"""

import threading
import warnings

import numpy

from cupy._core import _fallback
from cupy._core import _shape
from cupy._core import core
from cupy_backends.backend.provider import OperationNotSupported

_BOOL = numpy.dtype(numpy.bool_)
_INT64 = numpy.dtype(numpy.int64)
_F16 = numpy.dtype(numpy.float16)
_F32 = numpy.dtype(numpy.float32)
_F64 = numpy.dtype(numpy.float64)


# Marks an argument that was not given: NumPy's own marker, so that
# callers passing numpy._NoValue through (ufunc.reduce) mean the same.
NoValue = numpy._NoValue

# The NumPy ufunc behind each reduction that is a ufunc reduction.
_UFUNCS = {
    'sum': numpy.add, 'prod': numpy.multiply, 'nansum': numpy.add,
    'nanprod': numpy.multiply, 'max': numpy.maximum, 'min': numpy.minimum,
    'nanmax': numpy.fmax, 'nanmin': numpy.fmin, 'all': numpy.logical_and,
    'any': numpy.logical_or, 'cumsum': numpy.add, 'cumprod': numpy.multiply,
}
_ARG = frozenset(('argmax', 'argmin', 'nanargmax', 'nanargmin'))

_lock = threading.Lock()
_probe_cache = {}


# ------------------------------------------------------------- arguments --

def as_array(a):
    """``a`` as a device array (host data is copied once)."""
    if isinstance(a, core.ndarray):
        return a
    from cupy._creation.from_data import asarray
    return asarray(a)


def normalize_axes(axis, ndim):
    """NumPy's axis argument as a sorted tuple of distinct axes."""
    if axis is None:
        return tuple(range(ndim))
    return tuple(sorted(_shape.normalize_axes(axis, ndim)))


def reduced_shape(shape, axes, keepdims):
    if keepdims:
        return tuple(1 if i in axes else d for i, d in enumerate(shape))
    return tuple(d for i, d in enumerate(shape) if i not in axes)


def check_out(out, shape, what):
    if out is None:
        return
    if not isinstance(out, core.ndarray):
        raise TypeError('{}: out must be a cupy.ndarray, not {}'.format(
            what, type(out).__name__))
    if out.shape != shape:
        raise ValueError(
            '{}: the output has shape {} but the result has shape {}'.format(
                what, out.shape, shape))


def _overlap(x, y):
    if x.data.mem is not y.data.mem:
        return False
    return True             # the same allocation: assume the worst


def finish(res, out):
    """``res`` into ``out`` (cast as NumPy casts it); out, or res."""
    if out is None or res is out:
        return res
    core._copy_to(out, res)
    return out


def host_value(x):
    """A NumPy copy of ``x`` (device arrays) or ``x`` itself."""
    if isinstance(x, core.ndarray):
        return x.get()
    return x


# ------------------------------------------------------------ NumPy probe --

def _proxy(dtype, ndim):
    return numpy.ones((1,) * ndim, dtype)


def probe(name, a_dtype, ndim, axis, kwargs):
    """The result dtype of NumPy's ``name`` for these dtypes (its errors
    raised as NumPy raises them).  ``kwargs`` hold the NumPy keyword
    arguments with ``out`` as a (shape, dtype) pair and ``where`` as a
    bool telling whether a mask is given."""
    try:
        key = (name, a_dtype, ndim, axis if name in _ARG else None,
               tuple(sorted((k, _key_of(v)) for k, v in kwargs.items())))
        return _probe_cache[key]
    except KeyError:
        pass
    except TypeError:
        key = None                  # not cacheable (an array argument)
    kw = dict(kwargs)
    src = _proxy(a_dtype, ndim)
    if 'out' in kw:
        shape, dt = kw['out']
        kw['out'] = numpy.empty((1,) * len(shape), dt)
    if kw.pop('where', False):
        kw['where'] = numpy.ones(src.shape, _BOOL)
    with warnings.catch_warnings():
        warnings.simplefilter('ignore')
        with numpy.errstate(all='ignore'):
            res = getattr(numpy, name)(src, axis=axis, **kw)
    dt = numpy.asarray(res).dtype
    if key is not None:
        with _lock:
            _probe_cache[key] = dt
    return dt


def _key_of(v):
    if isinstance(v, (numpy.generic, int, float, complex, bool)):
        return (type(v), v)
    if isinstance(v, tuple) or isinstance(v, numpy.dtype) or v is None:
        return v
    raise TypeError('not a cache key')


def loop_dtype(name, a_dtype, dtype, out_dtype, result_dtype):
    """The accumulation dtype NumPy uses (see the module comment)."""
    if name in ('mean', 'var', 'std', 'nanmean', 'nanvar', 'nanstd'):
        if dtype is not None:
            return numpy.dtype(dtype)
        if a_dtype.kind in 'biu':
            return _F64
        if a_dtype == _F16:
            return _F32
        return a_dtype
    if name in _ARG or name == 'count_nonzero' or name in ('all', 'any'):
        return a_dtype
    if dtype is not None:
        loop = numpy.dtype(dtype)
    elif out_dtype is not None:
        try:
            loop = _UFUNCS[name].resolve_dtypes(
                (out_dtype, a_dtype, None), reduction=True)[2]
        except Exception:
            loop = result_dtype
    else:
        loop = result_dtype
    if loop == _F16 and name in _F32_ACCUMULATED:
        # CuPy accumulates float16 sums and products in float32 and rounds
        # once (NumPy does so only along contiguous axes): never less
        # accurate than NumPy's float16 steps
        return _F32
    return loop


_F32_ACCUMULATED = frozenset(['sum', 'nansum', 'prod', 'nanprod'])


# ------------------------------------------------------------ the routing --

def _provider():
    from cupy_backends.backend.provider import get_provider
    return get_provider()


_hidden = {}


def hidden_loops():
    """{operation: set of loop dtypes} the core treats as missing from the
    provider's table (for tests: :func:`hide`)."""
    return _hidden


class hide(object):
    """``with hide('sum', numpy.float32):`` the core sees the provider
    without that loop (None: without any), so the capability path runs."""

    def __init__(self, name, *dtypes):
        self.name = name
        self.dtypes = [numpy.dtype(d) for d in dtypes] or None

    def __enter__(self):
        self.old = _hidden.get(self.name)
        if self.dtypes is None:
            _hidden[self.name] = None
        else:
            _hidden[self.name] = set(self.dtypes) | set(self.old or ())
        return self

    def __exit__(self, *exc):
        if self.old is None and self.name in _hidden:
            del _hidden[self.name]
        else:
            _hidden[self.name] = self.old


def device_has(name, loop):
    """True when the provider runs reduction/scan ``name`` on ``loop``."""
    h = _hidden.get(name, ())
    if h is None or loop in h:
        return False
    try:
        return loop in _provider().reduction_dtypes(name)
    except (AttributeError, NotImplementedError):
        return False


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
            and not _overlap(out, a):
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
    _fallback.enter(name, _fallback_loop(loop, res_dtype), why)
    h = a.get()
    kw = {k: host_value(v) for k, v in numpy_kwargs.items()}
    res = numpy.asarray(getattr(numpy, name)(h, **kw))
    from cupy._core import _transfer
    dev = _transfer.from_host(res)
    return finish(dev, out)


# --------------------------------------------------------------- helpers --

def _count(shape, axes):
    n = 1
    for i in axes:
        n *= shape[i]
    return n


def _ufunc(name):
    import cupy
    return getattr(cupy, name)


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


def _scalar_array(value, dtype):
    out = core._empty((), dtype)
    core._fill(out, numpy.asarray(value).astype(dtype, casting='unsafe'))
    return out


# --------------------------------------------------------- the reductions --

def reduce(name, a, axis=None, dtype=None, out=None, keepdims=False,
           initial=NoValue, where=True, ddof=0, numpy_name=None):
    """NumPy's reduction ``name`` (sum, prod, max, min, all, any, mean,
    var, std, argmax, argmin, count_nonzero and the nan-functions) of
    ``a`` on the device, with NumPy's arguments."""
    a = as_array(a)
    numpy_name = numpy_name or name
    arg = name in _ARG
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
    if not keepdims:
        keepdims = False
    shape = reduced_shape(a.shape, axes, keepdims)
    if arg and axis is None:
        shape = (1,) * a.ndim if keepdims else ()
    check_out(out, shape, numpy_name)
    if not axes and a.ndim and not arg:
        # axis=(): each element alone, as a reduction over a new axis of 1
        a = a.reshape(a.shape + (1,))
        if where is not True:
            where = _where_mask(where, a.shape[:-1]).reshape(a.shape)
        axes = (a.ndim - 1,)
        keepdims = False
        ax_norm = axes
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
    n = _count(a.shape, axes)
    if name in ('var', 'std') and 0 < n <= ddof:
        warnings.warn('Degrees of freedom <= 0 for slice', RuntimeWarning,
                      stacklevel=3)
    if a.size == 0 or n == 0:
        return _empty_reduction(numpy_name, a, ax_norm, shape, natural,
                                out, kwargs, where)
    if has_where:
        return _reduce_where(name, a, axes, keepdims, loop, natural, out,
                             initial, where, ddof, ax_norm, kwargs)
    res = _reduce_values(name, a, axes, keepdims, loop, natural, out, ddof,
                         ax_norm, kwargs)
    if initial is not NoValue:
        res = _with_initial(name, res, initial, out)
    return res


def _numpy_kwargs(name, dtype, out, keepdims, initial, has_where, ddof):
    kw = {}
    if name in _ARG:
        if keepdims:
            kw['keepdims'] = True
    elif name == 'count_nonzero':
        if keepdims:
            kw['keepdims'] = True
        return kw
    else:
        kw['keepdims'] = keepdims
    if dtype is not None and name not in _ARG and name not in (
            'max', 'min', 'nanmax', 'nanmin', 'all', 'any'):
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


def _reduce_values(name, a, axes, keepdims, loop, res_dtype, out, ddof,
                   ax_norm, kwargs):
    """The reduction of nonempty ``a`` on its path."""
    if name in _ARG and ax_norm is None:
        # one axis: the flattened array (NumPy's flat index)
        flat = a.reshape(-1)
        r = _reduce_values(name, flat, (0,), False, loop, res_dtype, None,
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
        native = device_has(dev, loop)
    if native:
        r = run_device(dev, a, axes, keepdims, loop, res_dtype, out, ddof)
        if r is not None:
            return r
    comp = _COMPOSED.get(dev)
    if comp is not None and composable(dev, loop):
        return comp(a, axes, keepdims, loop, res_dtype, out, ddof)
    kw = _host_kwargs(kwargs, ax_norm, True)
    return run_host(name, a, kw, loop, res_dtype, out)


def _with_initial(name, res, initial, out):
    """Combine a reduction's result with ``initial`` as NumPy does."""
    op = {'sum': 'add', 'nansum': 'add', 'prod': 'multiply',
          'nanprod': 'multiply', 'max': 'maximum', 'min': 'minimum',
          'nanmax': 'fmax', 'nanmin': 'fmin'}[name]
    init = _scalar_array(initial, res.dtype)
    return _ufunc(op)(res, init, out=res)


def _reduce_where(name, a, axes, keepdims, loop, res_dtype, out, initial,
                  where, ddof, ax_norm, kwargs):
    mask = _where_mask(where, a.shape)
    if name in ('mean', 'var', 'std', 'nanmean', 'nanvar', 'nanstd'):
        if loop.kind not in 'fc' or not composable('var', loop):
            return run_host(name, a, _host_kwargs(kwargs, ax_norm, where),
                            loop, res_dtype, out, 'where=')
        if name.startswith('nan') and loop.kind in 'fc':
            mask = _ufunc('logical_and')(
                mask, _ufunc('logical_not')(_ufunc('isnan')(a)))
        return _masked_moment(name.replace('nan', ''), a, mask, axes,
                              keepdims, loop, res_dtype, out, ddof)
    if name in ('max', 'min', 'nanmax', 'nanmin') and initial is NoValue:
        raise ValueError(
            "reduction operation '{}' does not have an identity, so to use "
            "a where mask one has to specify 'initial'".format(
                _UFUNCS[name].__name__))
    fill = _identity_array(name, a, loop, initial)
    x = _ufunc('where')(mask, a, _scalar_array(fill, a.dtype))
    res = _reduce_values(name, x, axes, keepdims, loop, res_dtype, out, ddof,
                         ax_norm, kwargs)
    if initial is not NoValue and name not in ('all', 'any'):
        res = _with_initial(name, res, initial, out)
    return res


# ------------------------------------------------------------ compositions --
#
# Each composition names the elementwise loops it needs, so that a
# composition whose parts would all go to the host is not chosen (one
# host fallback instead of several).

def _needs(name, loop):
    c = loop.char
    c = 'l' if c == 'q' else ('L' if c == 'Q' else c)
    real = numpy.dtype(loop.char.lower()) if loop.kind == 'c' else loop
    r = real.char
    if name in ('nansum', 'nanprod', 'nanmax', 'nanmin'):
        return [('isnan', c + '->?'), ('where', '?{0}{0}->{0}'.format(c))]
    if name in ('nanargmax', 'nanargmin'):
        return _needs('nanmax', loop) + [('equal', c * 2 + '->?')]
    if name in ('nanmean', 'nanvar', 'nanstd'):
        return (_needs('nansum', loop) + [('logical_not', '?->?')] +
                _needs(name[3:] if name != 'nanmean' else 'var', loop))
    if name in ('var', 'std'):
        parts = [('subtract', c * 2 + '->' + c),
                 ('multiply', c * 2 + '->' + c),
                 ('true_divide', r * 2 + '->' + r)]
        if loop.kind == 'c':
            parts.append(('conjugate', c + '->' + c))
        if name == 'std':
            parts.append(('sqrt', r + '->' + r))
        return parts
    return []


def composable(name, loop):
    """True when every elementwise part of ``name``'s composition on
    ``loop`` has a device route."""
    if name in ('nanmax', 'nanmin', 'nanargmax', 'nanargmin') and \
            loop.kind == 'c':
        return False        # complex order: NumPy's fmax, on the host
    try:
        from cupy._core import _capability
        import cupy
    except ImportError:
        return False
    for ufunc_name, ufunc_loop in _needs(name, loop):
        if not hasattr(cupy, ufunc_name):
            return False
        try:
            if _capability.route(ufunc_name, ufunc_loop).kind == 'host':
                return False
        except Exception:
            return False
    return name in _COMPOSED


def _nan_sum_like(name):
    base = name[3:]

    def compose(a, axes, keepdims, loop, res_dtype, out, ddof):
        fill = 0 if base == 'sum' else 1
        x = _ufunc('where')(_ufunc('isnan')(a), _scalar_array(fill, a.dtype),
                            a)
        return _reduce_values(base, x, axes, keepdims, loop, res_dtype, out,
                              ddof, axes, {'keepdims': keepdims})
    return compose


def _nan_extreme(name):
    base = name[3:]

    def compose(a, axes, keepdims, loop, res_dtype, out, ddof):
        # NaN replaced by the value that never wins; an all-NaN slice is
        # NaN again (NumPy also warns there; that would need a sync).
        if base in ('argmax', 'argmin'):
            # the first index holding the NaN-ignoring extreme (exact for
            # ties with the fill value; an all-NaN slice gives 0)
            ext = 'nanmax' if base == 'argmax' else 'nanmin'
            m = _COMPOSED[ext](a, axes, True, loop, a.dtype, None, ddof)
            hit = _ufunc('equal')(a, m)
            return _reduce_values('argmax', hit, axes, keepdims, _BOOL,
                                  res_dtype, out, ddof, axes[0],
                                  {'keepdims': keepdims})
        nan = _ufunc('isnan')(a)
        fill = -numpy.inf if base == 'max' else numpy.inf
        x = _ufunc('where')(nan, _scalar_array(fill, a.dtype), a)
        r = _reduce_values(base, x, axes, keepdims, loop, res_dtype, None,
                           ddof, axes, {'keepdims': keepdims})
        all_nan = reduce('all', nan, axes, keepdims=keepdims)
        r = _ufunc('where')(all_nan, _scalar_array(numpy.nan, r.dtype), r)
        return finish(r, out)
    return compose


def _moment_composed(name):
    def compose(a, axes, keepdims, loop, res_dtype, out, ddof):
        return _masked_moment(name, a, None, axes, keepdims, loop, res_dtype,
                              out, ddof)
    return compose


def _masked_moment(name, a, mask, axes, keepdims, loop, res_dtype, out,
                   ddof):
    """mean / var / std of the elements of ``a`` where ``mask`` (None: all)
    in ``loop`` precision, as NumPy's _methods compute them."""
    divide = _ufunc('true_divide')
    real = numpy.dtype(loop.char.lower()) if loop.kind == 'c' else loop
    if a.dtype != loop:
        a = a.astype(loop)
    if mask is None:
        x = a
        cnt = _count(a.shape, axes)       # a Python int: a weak scalar
    else:
        x = _ufunc('where')(mask, a, _scalar_array(0, loop))
        cnt = reduce('count_nonzero', mask, axes, keepdims=True).astype(real)
    total = reduce('sum', x, axes, dtype=loop, keepdims=True)
    mean = divide(total, cnt)
    if name == 'mean':
        if not keepdims:
            mean = mean.reshape(reduced_shape(a.shape, axes, False))
        return finish(mean.astype(res_dtype, copy=False), out)
    d = _ufunc('subtract')(x, mean)
    if mask is not None:
        d = _ufunc('where')(mask, d, _scalar_array(0, loop))
    if loop.kind == 'c':
        sq = _ufunc('multiply')(d, _ufunc('conjugate')(d)).real
    else:
        sq = _ufunc('multiply')(d, d)
    s = reduce('sum', sq, axes, keepdims=keepdims)
    if mask is None:
        v = divide(s, max(cnt - ddof, 0))
    else:
        dof = _ufunc('maximum')(_ufunc('subtract')(cnt, ddof), 0)
        if not keepdims:
            dof = dof.reshape(s.shape)
        v = divide(s, dof)
    if name == 'std':
        v = _ufunc('sqrt')(v)
    return finish(v.astype(res_dtype, copy=False), out)


def _nan_moment(name):
    def compose(a, axes, keepdims, loop, res_dtype, out, ddof):
        mask = _ufunc('logical_not')(_ufunc('isnan')(a))
        return _masked_moment(name, a, mask, axes, keepdims, loop, res_dtype,
                              out, ddof)
    return compose


_COMPOSED = {
    'nansum': _nan_sum_like('nansum'),
    'nanprod': _nan_sum_like('nanprod'),
    'nanmax': _nan_extreme('nanmax'),
    'nanmin': _nan_extreme('nanmin'),
    'nanargmax': _nan_extreme('nanargmax'),
    'nanargmin': _nan_extreme('nanargmin'),
    'var': _moment_composed('var'),
    'std': _moment_composed('std'),
    'nanmean': _nan_moment('mean'),
    'nanvar': _nan_moment('var'),
    'nanstd': _nan_moment('std'),
}


# ------------------------------------------------------------------ scans --

def scan(name, a, axis=None, dtype=None, out=None):
    """cumsum / cumprod (and the nan-variants) on the device."""
    if not isinstance(a, core.ndarray):
        # CuPy's scans take device arrays only (no implicit host copy)
        raise TypeError('Unsupported type {}'.format(type(a)))
    base = name[3:] if name.startswith('nan') else name
    if axis is None:
        src = a.reshape(-1)
        ax = 0
        ax_arg = None
    else:
        ax = _shape.normalize_axis(axis, a.ndim)
        src = a
        ax_arg = ax
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
        if not composable('nansum', src.dtype):
            return run_host(name, a, {'axis': ax_arg, 'dtype': dtype}, loop,
                            res_dtype, out)
        src = _ufunc('where')(_ufunc('isnan')(src),
                              _scalar_array(fill, src.dtype), src)
    if src.ndim == 0:
        src = src.reshape(1)
    if device_has(base, loop):
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
