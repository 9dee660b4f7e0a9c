"""ufunc.reduce, accumulate, reduceat, outer and at.

NumPy validates the arguments (axes, reorderability, identity, dtypes):
each call first runs NumPy's own method on a tiny host stand-in of the
same structure (zero-length axes kept, the others of length one), so the
errors and the result dtype are NumPy's.  The device work is then:

- reduce: add, multiply, maximum, minimum, fmax, fmin, logical_and and
  logical_or are the reductions of cupy._core.reduction (sum, prod, max,
  ... on the provider's 'reduce', with its capability path); the others
  (and those, should that module be missing) here: the provider's
  'reduce' where it has the name and loop dtype and no ``where``, else a
  pairwise tree of elementwise calls over the reduced axes (log2(n)
  calls) for reorderable ufuncs, and n - 1 calls in order for the others
  (subtract, divide ...), which NumPy reduces left to right.
- accumulate: add and multiply through cupy._core.reduction's scans
  (cumsum, cumprod); the others by log2(n) doubling steps (reorderable
  ufuncs) or n - 1 calls in order.
- outer: one broadcast call.  at: gather, compute, scatter when the
  indices cannot repeat; NumPy on the host otherwise (counted, warned).
- reduceat: NumPy on the host (counted, warned).
"""

import numpy

from cupy._core import _dispatch
from cupy._core import _dtype
from cupy._core import _fallback
from cupy._core import core
from cupy_backends.backend.provider import OperationNotSupported

_NATIVE_REDUCE = {'add': 'sum', 'multiply': 'prod', 'maximum': 'max',
                  'minimum': 'min', 'logical_and': 'all',
                  'logical_or': 'any'}
_NATIVE_SCAN = {'add': 'cumsum', 'multiply': 'cumprod'}
_reorderable = {}


def _as_array(x):
    if isinstance(x, core.ndarray):
        return x
    if isinstance(x, (numpy.ndarray, list, tuple)) or not (
            isinstance(x, (int, float, complex, numpy.generic))):
        raise TypeError('Unsupported type {}'.format(type(x)))
    from cupy._core import _transfer
    return _transfer.from_host(numpy.asarray(x))


def _stand_in(shape):
    return tuple(0 if d == 0 else 1 for d in shape)


def _host_like(a, shape=None):
    return numpy.zeros(_stand_in(a.shape if shape is None else shape),
                       a.dtype)


def _normalize_axes(axis, ndim):
    if axis is None:
        return tuple(range(ndim))
    if not isinstance(axis, tuple):
        axis = (axis,)
    out = []
    for ax in axis:
        ax = int(ax)
        if not -ndim <= ax < ndim:
            raise numpy.exceptions.AxisError(ax, ndim)
        out.append(ax % ndim)
    return tuple(sorted(out))


def _is_reorderable(uf):
    name = uf.__name__
    try:
        return _reorderable[name]
    except KeyError:
        pass
    np_uf = uf._numpy_ufunc
    probe = None
    for c in '?ldD':
        try:
            with numpy.errstate(all='ignore'):
                np_uf.reduce(numpy.zeros((1, 1), c), axis=(0, 1))
            probe = True
            break
        except ValueError as e:
            if 'not reorderable' in str(e):
                probe = False
                break
        except TypeError:
            continue
    _reorderable[name] = bool(probe)
    return bool(probe)


def _loop_dtype(uf, a_dtype, dtype, out):
    """NumPy's loop dtype of a reduction/accumulation: add and multiply
    of small integers and bool accumulate in the default integer unless a
    dtype or out says otherwise."""
    name = uf.__name__
    if (dtype is None and out is None and name in ('add', 'multiply') and
            (a_dtype.kind == 'b' or
             (a_dtype.kind in 'iu' and a_dtype.itemsize < 8))):
        dtype = numpy.dtype('L' if a_dtype.kind == 'u' else 'l')
    kw = {} if dtype is None else {'signature': (dtype, None, None)}
    res = uf._numpy_ufunc.resolve_dtypes(
        (None if out is None else out.dtype, a_dtype, None),
        reduction=True, casting='unsafe', **kw)
    return _dtype.get_dtype(res[0])


def _where_fill(x, mask, value):
    """x where mask else value (x of the loop dtype)."""
    from cupy._core._routines_math import where
    return where(mask, x, numpy.array(value).astype(x.dtype)[()])


def _out_array(out):
    if isinstance(out, tuple):
        if len(out) != 1:
            raise ValueError("The 'out' tuple must have exactly one entry "
                             "per ufunc output")
        out = out[0]
    if out is not None and not isinstance(out, core.ndarray):
        raise TypeError('output must be an array')
    return out


def _check_binary(uf, what):
    if uf.nin != 2:
        raise ValueError('{} only supported for binary functions'.format(
            what))
    if uf.nout != 1:
        raise ValueError('{} only supported for functions returning a single '
                         'value'.format(what))


def _delegate(kind, uf, a, axis, dtype, out, *rest):
    """The reductions module's ufunc_reduce/ufunc_accumulate for the
    ufuncs it serves (None for the others)."""
    from cupy._core.reduction import _reduce as _reduction
    if kind == 'reduce':
        keepdims, initial, where = rest
        return _reduction.ufunc_reduce(uf.__name__, a, axis, dtype, out,
                                       keepdims, initial, where)
    return _reduction.ufunc_accumulate(uf.__name__, a, axis, dtype, out)


def _identity_value(uf, initial):
    if initial is not numpy._NoValue:
        return initial
    return uf._numpy_ufunc.identity


# ------------------------------------------------------------------ reduce

def reduce(uf, array, axis=0, dtype=None, out=None, keepdims=False,
           initial=numpy._NoValue, where=True):
    _check_binary(uf, 'reduce')
    a = _as_array(array)
    out = _out_array(out)
    if dtype is not None:
        dtype = _dtype.get_dtype(dtype)
    mask = None
    if where is not True:
        if isinstance(where, core.ndarray):
            mask = where
        elif isinstance(where, (numpy.ndarray, list, tuple)):
            raise TypeError('Unsupported type {}'.format(type(where)))
        elif not where:
            mask = False
    # NumPy's checks and result dtype, on a stand-in
    kw = {}
    if initial is not numpy._NoValue:
        kw['initial'] = initial
    if mask is not None:
        kw['where'] = (numpy.zeros((), bool) if mask is False else
                       numpy.ones(_stand_in(mask.shape), bool))
    with numpy.errstate(all='ignore'):
        probe = uf._numpy_ufunc.reduce(
            _host_like(a), axis=axis, dtype=dtype, keepdims=keepdims,
            out=None if out is None else numpy.zeros(
                _stand_in(out.shape), out.dtype), **kw)
    if initial is numpy._NoValue and mask is None:
        res = _delegate('reduce', uf, a, axis, dtype, out, keepdims,
                        initial, where)
        if res is not None:
            return res
    axes = _normalize_axes(axis, a.ndim)
    loop = _loop_dtype(uf, a.dtype, dtype, out)
    res_dtype = _dtype.get_dtype(numpy.asarray(probe).dtype) if out is None \
        else out.dtype
    kept = [i for i in range(a.ndim) if i not in axes]
    kept_shape = tuple(a.shape[i] for i in kept)
    if keepdims:
        res_shape = tuple(1 if i in axes else a.shape[i]
                          for i in range(a.ndim))
    else:
        res_shape = kept_shape
    if out is not None and out.shape != res_shape:
        raise ValueError(
            'output parameter for reduction operation {} has the wrong '
            'shape (expected {}, got {})'.format(uf.__name__, res_shape,
                                                  out.shape))
    n = 1
    for i in axes:
        n *= a.shape[i]
    result = _reduce_values(uf, a, axes, kept, kept_shape, n, loop, mask,
                            initial)
    result = result.reshape(res_shape)
    if out is not None:
        core._copy_to(out, result)
        return out
    if result.dtype != res_dtype:
        result = result.astype(res_dtype)
    return result


def _reduce_values(uf, a, axes, kept, kept_shape, n, loop, mask, initial):
    """The reduction over `axes` as an array of `kept_shape` and dtype
    `loop` (NumPy has checked the arguments)."""
    if mask is False or n == 0 or a.size == 0:
        value = _identity_value(uf, initial)
        res = core._empty(kept_shape, loop)
        if res.size:
            core._fill(res, numpy.array(value).astype(loop)[()])
        return res
    x = a if a.dtype == loop else a.astype(loop)
    if mask is None:
        res = _native_reduce(uf, x, axes, kept_shape, loop)
        if res is not None:
            return _with_initial(uf, res, initial)
    order = kept + list(axes)
    moved = x.transpose(order).reshape(kept_shape + (n,))
    m = None
    if mask is not None:
        m = core._broadcast_to(mask, a.shape).transpose(order).reshape(
            kept_shape + (n,))
    if not _is_reorderable(uf):
        return _in_order(uf, moved, n, initial, m)
    if m is not None:
        # masked-out elements become the identity; the reorderable
        # ufuncs without one (maximum, minimum, fmax, fmin) are
        # idempotent, so `initial` serves
        ident = uf._numpy_ufunc.identity
        moved = _where_fill(moved, m, initial if ident is None else ident)
        if ident is None:
            return _pairwise(uf, moved, n)
    return _with_initial(uf, _pairwise(uf, moved, n), initial)


def _with_initial(uf, res, initial):
    if initial is not numpy._NoValue:
        uf(res, numpy.array(initial).astype(res.dtype)[()], out=res)
    return res


def _native_reduce(uf, x, axes, kept_shape, loop):
    op = _NATIVE_REDUCE.get(uf.__name__)
    if op is None:
        return None
    if not _dispatch.device_has(op, loop):
        return None
    if x.dtype != loop:
        x = x.astype(loop)
    res = core._empty(kept_shape, loop)
    try:
        core._run('reduce', (res._as_view(),), (x._as_view(),),
                  {'name': op, 'axes': tuple(axes), 'keepdims': False,
                   'dtype': loop})
    except OperationNotSupported:
        return None
    return res


def _pairwise(uf, x, n):
    while n > 1:
        h = n // 2
        r = n - 2 * h
        y = core._empty(x.shape[:-1] + (h + r,), x.dtype)
        uf(x[..., :h], x[..., h:2 * h], out=y[..., :h])
        if r:
            core._copy_to(y[..., h:], x[..., 2 * h:])
        x, n = y, h + r
    return x[..., 0].copy()


def _in_order(uf, x, n, initial, m):
    # left to right, as NumPy reduces the ufuncs that are not reorderable;
    # masked-out elements are skipped
    acc = core._empty(x.shape[:-1], x.dtype)
    first = 0
    if initial is not numpy._NoValue:
        core._fill(acc, numpy.array(initial).astype(x.dtype)[()])
    elif m is not None:
        core._fill(acc, numpy.array(uf._numpy_ufunc.identity).astype(
            x.dtype)[()])
    else:
        core._copy_to(acc, x[..., 0])
        first = 1
    for k in range(first, n):
        if m is None:
            uf(acc, x[..., k], out=acc)
        else:
            uf(acc, x[..., k], out=acc, where=m[..., k])
    return acc


# -------------------------------------------------------------- accumulate

def accumulate(uf, array, axis=0, dtype=None, out=None):
    _check_binary(uf, 'accumulate')
    a = _as_array(array)
    out = _out_array(out)
    if dtype is not None:
        dtype = _dtype.get_dtype(dtype)
    with numpy.errstate(all='ignore'):
        probe = uf._numpy_ufunc.accumulate(
            _host_like(a), axis=axis, dtype=dtype,
            out=None if out is None else numpy.zeros(
                _stand_in(out.shape), out.dtype))
    res = _delegate('accumulate', uf, a, axis, dtype, out)
    if res is not None:
        return res
    if a.ndim == 0:
        raise ValueError('cannot accumulate on a scalar')
    ax = _normalize_axes(axis, a.ndim)[0] if axis is not None else 0
    loop = _loop_dtype(uf, a.dtype, dtype, out)
    res_dtype = probe.dtype if out is None else out.dtype
    if out is not None and out.shape != a.shape:
        raise ValueError('output parameter for accumulate has the wrong '
                         'shape (expected {}, got {})'.format(a.shape,
                                                               out.shape))
    n = a.shape[ax]
    res = core._empty(a.shape, loop)
    if res.size:
        if not _native_scan(uf, a, res, ax, loop):
            x = a if a.dtype == loop else a.astype(loop)
            perm = [i for i in range(a.ndim) if i != ax] + [ax]
            xm = x.transpose(perm)
            rm = res.transpose(perm)
            core._copy_to(rm, xm)
            if _is_reorderable(uf):
                _doubling(uf, rm, n)
            else:
                for k in range(1, n):
                    uf(rm[..., k - 1], rm[..., k], out=rm[..., k])
    if out is not None:
        core._copy_to(out, res)
        return out
    if res.dtype != res_dtype:
        res = res.astype(res_dtype)
    return res


def _native_scan(uf, a, res, ax, loop):
    op = _NATIVE_SCAN.get(uf.__name__)
    if op is None:
        return False
    if not _dispatch.device_has(op, loop):
        return False
    x = a if a.dtype == loop else a.astype(loop)
    try:
        core._run('scan', (res._as_view(),), (x._as_view(),),
                  {'name': op, 'axis': ax, 'dtype': loop})
    except OperationNotSupported:
        return False
    return True


def _doubling(uf, r, n):
    # inclusive scan by doubling (Hillis and Steele): after the step with
    # offset k, r[i] combines the 2k elements ending at i
    k = 1
    while k < n:
        t = r[..., :n - k].copy()
        uf(t, r[..., k:], out=r[..., k:])
        k *= 2


# ---------------------------------------------------------------- reduceat

def reduceat(uf, array, indices, axis=0, dtype=None, out=None):
    _check_binary(uf, 'reduceat')
    a = _as_array(array)
    out = _out_array(out)
    idx = indices.get() if isinstance(indices, core.ndarray) else \
        numpy.asarray(indices)
    _fallback.enter('{}.reduceat'.format(uf.__name__), a.dtype.char)
    with numpy.errstate(all='ignore'):
        r = uf._numpy_ufunc.reduceat(a.get(), idx, axis=axis, dtype=dtype)
    res = core._empty(r.shape, _dtype.get_dtype(r.dtype))
    res.set(r)
    if out is not None:
        core._copy_to(out, res)
        return out
    return res


# ------------------------------------------------------------------- outer

def outer(uf, A, B, **kwargs):
    if uf.nin != 2:
        raise ValueError('outer product only supported for binary functions')
    a = A if isinstance(A, core.ndarray) else _as_array(A)
    b = B if isinstance(B, core.ndarray) else _as_array(B)
    a = a.reshape(a.shape + (1,) * b.ndim)
    return uf(a, b, **kwargs)


# ---------------------------------------------------------------------- at

def _indices_unique(indices, a):
    """Whether `indices` (a host-side or basic index) selects each element
    at most once; None when that would need the device data."""
    key = indices if isinstance(indices, tuple) else (indices,)
    arrays = []
    for k in key:
        if isinstance(k, core.ndarray):
            return None
        if isinstance(k, (list, numpy.ndarray)):
            arrays.append(numpy.asarray(k))
    if not arrays:
        return True
    if any(x.dtype == numpy.bool_ for x in arrays):
        return True
    if len(arrays) == 1:
        flat = arrays[0].ravel()
        return len(numpy.unique(flat)) == flat.size
    return None


def _add_at_on_device(uf, a, b):
    """Whether add.at(a, ., b) can accumulate on the device: a numeric
    (not bool) `a` whose put_add_nd the provider runs, and NumPy's add of
    a and b resolving to a's dtype (otherwise NumPy casts or refuses)."""
    if uf.__name__ != 'add' or b is None or a.dtype.kind not in 'iufc':
        return False
    if not _dispatch.device_has('put_add_nd', a.dtype):
        return False
    if isinstance(b, core.ndarray):
        other = b.dtype
    elif isinstance(b, (bool, int, float, complex, numpy.generic)):
        other = b
    else:
        return False
    try:
        return numpy.result_type(a.dtype, other) == a.dtype
    except (TypeError, OverflowError):
        return False


def at(uf, a, indices, b=None):
    if not isinstance(a, core.ndarray):
        raise TypeError('first operand must be a cupy.ndarray')
    if uf.nin == 2 and b is None:
        raise ValueError('second operand needed for ufunc')
    if uf.nin == 1 and b is not None:
        raise ValueError('second operand provided when ufunc is unary')
    if uf.nout != 1:
        raise ValueError('only ufuncs with one output are supported')
    ins = () if b is None else (b,)
    unique = _indices_unique(indices, a)
    if unique:
        cur = a[indices]
        res = uf(cur, *ins)
        a[indices] = res
        return None
    if _add_at_on_device(uf, a, b):
        # repeated or device indices of add.at: the contract's put_add_nd
        # (operations.md: numpy.add.at, duplicates add up); floating sums
        # of duplicates in the device's order
        from cupyx import _scatter
        _scatter.scatter_add(a, indices, b)
        return None
    _fallback.enter('{}.at'.format(uf.__name__), a.dtype.char,
                    'repeated or device indices')
    host = a.get()
    hidx = indices.get() if isinstance(indices, core.ndarray) else indices
    if isinstance(hidx, tuple):
        hidx = tuple(x.get() if isinstance(x, core.ndarray) else x
                     for x in hidx)
    hb = b.get() if isinstance(b, core.ndarray) else b
    with numpy.errstate(all='ignore'):
        if b is None:
            uf._numpy_ufunc.at(host, hidx)
        else:
            uf._numpy_ufunc.at(host, hidx, hb)
    a.set(host)
    return None


# ------------------------------------------------------------------ helpers

def any_negative(x):
    """Whether device array `x` has a negative element (one reduction and
    a one-element copy to the host)."""
    if x.size == 0:
        return False
    from cupy._core import _routines_ufuncs as ufuncs
    neg = ufuncs.less(x, 0)
    return bool(ufuncs.logical_or.reduce(neg, axis=None).item())
