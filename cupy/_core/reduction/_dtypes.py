"""The result and loop dtypes of reductions and scans, from NumPy itself
(DESIGN.md, "The operation contract"): the same NumPy function is called
on a tiny host proxy (an array of ones of the same dtype and rank), so no
promotion table is written here.  The loop (accumulation) dtype is
NumPy's: ``dtype`` if given, else the one NumPy resolves with ``out``
(``ufunc.resolve_dtypes(..., reduction=True)``), else the default (``sum``
of int8 is an int64 loop)."""

import threading
import warnings

import numpy

_BOOL = numpy.dtype(numpy.bool_)
_F16 = numpy.dtype(numpy.float16)
_F32 = numpy.dtype(numpy.float32)
_F64 = numpy.dtype(numpy.float64)

# The NumPy ufunc behind each reduction that is a ufunc reduction.
UFUNCS = {
    'sum': numpy.add, 'prod': numpy.multiply, 'nansum': numpy.add,
    'nanprod': numpy.multiply, 'max': numpy.maximum, 'min': numpy.minimum,
    'nanmax': numpy.fmax, 'nanmin': numpy.fmin, 'all': numpy.logical_and,
    'any': numpy.logical_or, 'cumsum': numpy.add, 'cumprod': numpy.multiply,
}
# The reductions that return an index.
ARG = frozenset(('argmax', 'argmin', 'nanargmax', 'nanargmin'))

_lock = threading.Lock()
_probe_cache = {}


def _proxy(dtype, ndim):
    return numpy.ones((1,) * ndim, dtype)


def probe(name, a_dtype, ndim, axis, kwargs):
    """The result dtype of NumPy's ``name`` for these dtypes (its errors
    raised as NumPy raises them).  ``kwargs`` hold the NumPy keyword
    arguments with ``out`` as a (shape, dtype) pair and ``where`` as a
    bool telling whether a mask is given."""
    try:
        key = (name, a_dtype, ndim, axis if name in ARG else None,
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
    if name in ARG or name == 'count_nonzero' or name in ('all', 'any'):
        return a_dtype
    if dtype is not None:
        loop = numpy.dtype(dtype)
    elif out_dtype is not None:
        try:
            loop = UFUNCS[name].resolve_dtypes(
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
